// Making elements: h for HTML, svg for SVG.

const NS = "http://www.w3.org/2000/svg";

// h returns a new HTML element: attributes ("class", "on<event>" for a
// listener, any other as an attribute) and children (nodes or text).
export function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
  return e;
}

// svg returns a new SVG element with attrs (null and undefined left out),
// appended to parent when given.
export function svg(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) e.setAttribute(k, v);
  }
  if (parent) parent.appendChild(e);
  return e;
}
