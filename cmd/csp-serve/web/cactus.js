// The cactus plot of a bench report, in SVG: for each configuration, the
// k-th fastest solved instance's time against k, on a logarithmic time
// axis, so that a curve further right and lower solves more, faster.

import { svg as el } from "./dom.js";

const palette = ["#1f6feb", "#d0312d", "#2c8a3e", "#a05a00", "#7a3fd1", "#0e7c86", "#c2185b", "#5b6470"];

function label(parent, x, y, s, attrs = {}) {
  const t = el("text", { x, y, "font-size": 12, fill: "#1d232b", ...attrs }, parent);
  t.textContent = s;
  return t;
}

function timeLabel(t) {
  if (t >= 1) return `${t} s`;
  if (t >= 1e-3) return `${Math.round(t * 1e3)} ms`;
  return `${Math.round(t * 1e6)} µs`;
}

// drawCactus draws series [{config, times}] into svg.
export function drawCactus(svg, series) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const W = 760;
  const legendH = 18 * Math.ceil(series.length / 2);
  const H = 380 + legendH;
  const m = { left: 64, right: 16, top: 12, bottom: 54 + legendH };
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("font-family", "system-ui, sans-serif");
  el("rect", { x: 0, y: 0, width: W, height: H, fill: "#ffffff" }, svg);
  const all = series.flatMap((s) => s.times || []).filter((t) => t > 0);
  const n = Math.max(1, ...series.map((s) => (s.times || []).length));
  if (!all.length) {
    label(svg, W / 2, H / 2, "no instance solved: nothing to plot", { "text-anchor": "middle" });
    return;
  }
  const lo = Math.floor(Math.log10(Math.min(...all)));
  let hi = Math.ceil(Math.log10(Math.max(...all)));
  if (hi === lo) hi = lo + 1;
  const pw = W - m.left - m.right;
  const ph = H - m.top - m.bottom;
  const x = (k) => m.left + (k / n) * pw;
  const y = (t) => m.top + ph - ((Math.log10(t) - lo) / (hi - lo)) * ph;

  const axes = el("g", { stroke: "#9aa3ad", "stroke-width": 1 }, svg);
  for (let e = lo; e <= hi; e++) {
    const t = 10 ** e;
    el("line", { x1: m.left, y1: y(t), x2: W - m.right, y2: y(t), stroke: "#e4e8ec" }, axes);
    label(svg, m.left - 6, y(t) + 4, timeLabel(Number(t.toPrecision(1))), { "text-anchor": "end" });
  }
  const step = Math.max(1, Math.ceil(n / 8));
  for (let k = 0; k <= n; k += step) {
    el("line", { x1: x(k), y1: m.top + ph, x2: x(k), y2: m.top + ph + 4 }, axes);
    label(svg, x(k), m.top + ph + 17, String(k), { "text-anchor": "middle" });
  }
  el("rect", { x: m.left, y: m.top, width: pw, height: ph, fill: "none", stroke: "#9aa3ad" }, svg);
  label(svg, m.left + pw / 2, m.top + ph + 34, "instances solved", { "text-anchor": "middle" });
  label(svg, 14, m.top + ph / 2, "time", { "text-anchor": "middle", transform: `rotate(-90 14 ${m.top + ph / 2})` });

  series.forEach((s, i) => {
    const color = palette[i % palette.length];
    const times = (s.times || []).filter((t) => t > 0);
    const pts = times.map((t, k) => `${x(k + 1).toFixed(1)},${y(t).toFixed(1)}`).join(" ");
    const g = el("g", { class: "series", "data-config": s.config }, svg);
    if (times.length > 1) el("polyline", { points: pts, fill: "none", stroke: color, "stroke-width": 2 }, g);
    times.forEach((t, k) => el("circle", { cx: x(k + 1), cy: y(t), r: 2.5, fill: color }, g));
    const lx = m.left + (i % 2) * (pw / 2);
    const ly = H - legendH + 18 * Math.floor(i / 2) + 8;
    el("line", { x1: lx, y1: ly - 4, x2: lx + 22, y2: ly - 4, stroke: color, "stroke-width": 3 }, svg);
    label(svg, lx + 28, ly, `${s.config} (${times.length})`);
  });
}
