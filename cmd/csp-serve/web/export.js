// Exporting a drawn board: the SVG as a file, and a PNG drawn from it on
// a canvas. The board is drawn with presentation attributes only, so the
// file stands alone.

// svgText returns svg as a standalone document, without the cursor.
export function svgText(svg) {
  const copy = svg.cloneNode(true);
  for (const c of copy.querySelectorAll(".cursor")) c.remove();
  copy.removeAttribute("tabindex");
  copy.removeAttribute("role");
  copy.removeAttribute("aria-roledescription");
  copy.removeAttribute("aria-label");
  copy.removeAttribute("aria-describedby");
  copy.removeAttribute("class");
  copy.removeAttribute("id");
  const vb = svg.viewBox.baseVal;
  copy.setAttribute("width", String(Math.round(vb.width * 1.5)));
  copy.setAttribute("height", String(Math.round(vb.height * 1.5)));
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// saveSVG downloads the board as base.svg.
export function saveSVG(svg, base) {
  download(new Blob([svgText(svg)], { type: "image/svg+xml" }), `${base}.svg`);
}

// pngBlob draws the board's SVG on a canvas, scale pixels a unit, and
// returns it as a PNG.
export function pngBlob(svg, scale = 2) {
  return new Promise((resolve, reject) => {
    const vb = svg.viewBox.baseVal;
    const img = new Image();
    const url = URL.createObjectURL(new Blob([svgText(svg)], { type: "image/svg+xml" }));
    img.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(vb.width * scale);
      canvas.height = Math.round(vb.height * scale);
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      URL.revokeObjectURL(url);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the canvas made no PNG"))), "image/png");
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("the board's SVG did not load as an image"));
    };
    img.src = url;
  });
}

// savePNG downloads the board as base.png.
export async function savePNG(svg, base) {
  download(await pngBlob(svg), `${base}.png`);
}
