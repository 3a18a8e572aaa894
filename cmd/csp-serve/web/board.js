// Drawing a board as it looks on paper, in SVG, from the API's Board
// (docs/API.md): edge and interior clues, givens, boxes and jigsaw
// regions, X diagonals, cages with their targets, inequality signs and
// bars, Kakuro's black cells. Colours are presentation attributes, not
// CSS, so that an exported SVG (and the PNG drawn from it) looks the same
// outside the page.

import { svg as el } from "./dom.js";

export const S = 40; // the side of a cell, in SVG units

const ink = {
  thin: "#9aa3ad",
  thick: "#1d232b",
  given: "#111111",
  user: "#1f5fbf",
  deduced: "#2c6e49",
  cand: "#5b6470",
  removed: "#d0312d",
  scope: "#fff1a8",
  set: "#c9efd2",
  differ: "#ffd0cc",
  bad: "#ff9f97",
  add: "#7a3fd1",
  clueMark: "#ffd54f",
  block: "#3a3f47",
  diagonal: "#cdb8ec",
  cursor: "#1f6feb",
};

const key = (r, c) => `${r},${c}`;

function text(parent, x, y, s, attrs = {}) {
  const t = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, parent);
  t.textContent = s;
  return t;
}

// margins returns the space around the grid: a cell's width where edge
// clues stand, a little otherwise.
function margins(board) {
  const e = board.edges || {};
  const has = (a) => Array.isArray(a) && a.some((v) => v > 0);
  const pad = 4;
  return {
    top: has(e.top) ? S : pad,
    bottom: has(e.bottom) ? S : pad,
    left: has(e.left) ? S : pad,
    right: has(e.right) ? S : pad,
  };
}

// geometry gives the viewBox of board: [x, y, width, height].
export function geometry(board) {
  const m = margins(board);
  return [-m.left, -m.top, board.cols * S + m.left + m.right, board.rows * S + m.top + m.bottom];
}

// blockSet returns the keys of Kakuro's black cells.
export function blockSet(board) {
  const out = new Map();
  for (const b of board.blocks || []) out.set(key(b.cell[0], b.cell[1]), b);
  return out;
}

// candidateSlot places value v in a cell's small grid of k x k.
function slots(values) {
  return Math.ceil(Math.sqrt(values));
}

// candidateAt returns the candidate under the point (fx, fy), fractions
// of a cell from its top-left corner, for a board of values values.
export function candidateAt(values, fx, fy) {
  const k = slots(values);
  const v = Math.floor(fy * k) * k + Math.floor(fx * k) + 1;
  return v >= 1 && v <= values ? v : 0;
}

// render draws board into svg with view's state:
//   cells[r][c] = {value, kind: given|user|deduced|solution|add, marks: Set|null}
//   cursor [r, c] or null
//   hl: {scope: Set, set: Map, removed: Map key -> Set, clues: [], differ: Set,
//        bad: Set, badClues: [], add: Map}
//   showAll: draw every value as a mark in a cell with no marks
export function render(svg, board, view) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const [vx, vy, vw, vh] = geometry(board);
  svg.setAttribute("viewBox", `${vx} ${vy} ${vw} ${vh}`);
  svg.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  svg.setAttribute("font-family", "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif");
  const R = board.rows;
  const C = board.cols;
  const hl = view.hl || {};
  const blocks = blockSet(board);
  el("rect", { x: vx, y: vy, width: vw, height: vh, fill: "#ffffff" }, svg);

  // Cell backgrounds and the thin grid.
  const bg = el("g", { class: "bg" }, svg);
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const k = key(r, c);
      let fill = "#ffffff";
      if (hl.scope && hl.scope.has(k)) fill = ink.scope;
      if (hl.set && hl.set.has(k)) fill = ink.set;
      if (hl.differ && hl.differ.has(k)) fill = ink.differ;
      if (hl.bad && hl.bad.has(k)) fill = ink.bad;
      if (blocks.has(k)) fill = ink.block;
      const classes = ["cellbg"];
      if (hl.scope && hl.scope.has(k)) classes.push("hl-scope");
      if (hl.set && hl.set.has(k)) classes.push("hl-set");
      if (hl.removed && hl.removed.has(k)) classes.push("hl-removed");
      if (hl.differ && hl.differ.has(k)) classes.push("hl-differ");
      if (hl.bad && hl.bad.has(k)) classes.push("hl-bad");
      el("rect", {
        class: classes.join(" "), "data-r": r, "data-c": c,
        x: c * S, y: r * S, width: S, height: S, fill, stroke: ink.thin, "stroke-width": 1,
      }, bg);
    }
  }

  if (board.diagonals) {
    const g = el("g", { stroke: ink.diagonal, "stroke-width": 2 }, svg);
    el("line", { x1: 0, y1: 0, x2: C * S, y2: R * S }, g);
    el("line", { x1: C * S, y1: 0, x2: 0, y2: R * S }, g);
  }

  // Cages: a killer sudoku's are dashed inside its boxes, a KenKen's are
  // its thick lines.
  const cageOf = new Map();
  (board.cages || []).forEach((cage, i) => cage.cells.forEach(([r, c]) => cageOf.set(key(r, c), i)));
  const killer = Array.isArray(board.regions);
  if (killer && cageOf.size) drawInsetCages(svg, board.cages);

  // Thick lines: between regions (or KenKen cages), and round the grid.
  const thick = el("g", { stroke: ink.thick, "stroke-width": 3, "stroke-linecap": "square", class: "thick" }, svg);
  const part = (r, c) => {
    if (killer) return board.regions[r][c];
    if (cageOf.size) return cageOf.has(key(r, c)) ? cageOf.get(key(r, c)) : -1;
    return 0;
  };
  if (killer || cageOf.size) {
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) {
        if (c + 1 < C && part(r, c) !== part(r, c + 1)) el("line", { x1: (c + 1) * S, y1: r * S, x2: (c + 1) * S, y2: (r + 1) * S }, thick);
        if (r + 1 < R && part(r, c) !== part(r + 1, c)) el("line", { x1: c * S, y1: (r + 1) * S, x2: (c + 1) * S, y2: (r + 1) * S }, thick);
      }
    }
  }
  el("rect", { x: 0, y: 0, width: C * S, height: R * S, fill: "none" }, thick);

  // Kakuro's black cells: the down clue below the diagonal, the across
  // clue above it.
  for (const b of board.blocks || []) {
    const [r, c] = b.cell;
    const x = c * S;
    const y = r * S;
    if (b.across || b.down) {
      el("line", { x1: x, y1: y, x2: x + S, y2: y + S, stroke: "#9aa3ad", "stroke-width": 1 }, svg);
    }
    const attrs = { fill: "#ffffff", "font-size": S * 0.3, class: "block-clue" };
    if (b.down) text(svg, x + S * 0.3, y + S * 0.74, String(b.down), attrs);
    if (b.across) text(svg, x + S * 0.72, y + S * 0.3, String(b.across), attrs);
  }

  drawSigns(svg, board.signs || []);

  // Cage labels, in the top-left cell of each cage.
  (board.cages || []).forEach((cage) => {
    if (!cage.cells.length) return;
    const [r0, c0] = topLeft(cage.cells);
    const label = cage.label || String(cage.target);
    const fs = S * 0.26;
    const x = c0 * S + 3;
    const y = r0 * S + 2;
    if (killer) el("rect", { x: x - 1, y, width: label.length * fs * 0.62 + 2, height: fs + 1, fill: "#ffffff" }, svg);
    el("text", { x: x, y: y + fs * 0.85, "font-size": fs, fill: ink.given, class: "cage-label" }, svg).textContent = label;
  });

  drawClues(svg, board, hl);

  // Values and pencil marks.
  const vals = el("g", { class: "values" }, svg);
  // Cells with a label in their top-left corner (a cage's target, an
  // interior clue) draw their pencil marks below it.
  const labelled = new Set((board.interior || []).map((ic) => key(ic.cell[0], ic.cell[1])));
  for (const cage of board.cages || []) if (cage.cells.length) labelled.add(key(...topLeft(cage.cells)));
  const k = slots(board.values);
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const kk = key(r, c);
      if (blocks.has(kk)) continue;
      const cell = view.cells[r][c];
      const g = el("g", { class: "cell", "data-r": r, "data-c": c, "data-value": cell.value || "" }, vals);
      const x = c * S;
      const y = r * S;
      if (cell.value) {
        text(g, x + S / 2, y + S * 0.54, String(cell.value), {
          class: `v ${cell.kind || ""}`,
          "font-size": board.values > 9 ? S * 0.46 : S * 0.6,
          "font-weight": cell.kind === "given" ? 700 : 400,
          fill: ink[cell.kind] || ink.deduced,
        });
        continue;
      }
      const add = hl.add && hl.add.get(kk);
      if (add) {
        el("circle", { cx: x + S / 2, cy: y + S / 2, r: S * 0.36, fill: "none", stroke: ink.add, "stroke-width": 2, "stroke-dasharray": "4 3" }, g);
        text(g, x + S / 2, y + S * 0.54, String(add), { class: "v add", "font-size": S * 0.5, fill: ink.add, "font-style": "italic" });
        continue;
      }
      const removed = hl.removed && hl.removed.get(kk);
      // No marks is an open cell; with showAll it shows every value.
      const marks = cell.marks || (view.showAll ? new Set(Array.from({ length: board.values }, (_, i) => i + 1)) : null);
      if (!marks && !removed) continue;
      if (board.values > 16) {
        // Too many to draw legibly: say how many are left.
        if (marks) text(g, x + S / 2, y + S / 2, `${marks.size}?`, { "font-size": S * 0.28, fill: ink.cand, class: "count" });
        continue;
      }
      const top = labelled.has(kk) ? S * 0.24 : 0;
      const cw = S / k;
      const ch = (S - top) / k;
      for (let v = 1; v <= board.values; v++) {
        const isRemoved = removed && removed.has(v);
        if (!isRemoved && !(marks && marks.has(v))) continue;
        const cx = x + ((v - 1) % k + 0.5) * cw;
        const cy = y + top + (Math.floor((v - 1) / k) + 0.55) * ch;
        text(g, cx, cy, String(v), {
          class: isRemoved ? "m removed" : "m",
          "font-size": Math.min(cw, ch) * (board.values > 9 ? 0.62 : 0.78),
          fill: isRemoved ? ink.removed : ink.cand,
          "font-weight": isRemoved ? 700 : 400,
        });
        if (isRemoved) el("line", { x1: cx - cw * 0.32, y1: cy + ch * 0.3, x2: cx + cw * 0.32, y2: cy - ch * 0.3, stroke: ink.removed, "stroke-width": 1.5 }, g);
      }
    }
  }

  if (view.cursor) {
    const [r, c] = view.cursor;
    el("rect", {
      class: "cursor", x: c * S + 2.5, y: r * S + 2.5, width: S - 5, height: S - 5,
      fill: "none", stroke: ink.cursor, "stroke-width": 3, rx: 3,
    }, svg);
  }
}

// topLeft returns the first of cells in reading order.
function topLeft(cells) {
  let [r0, c0] = cells[0];
  for (const [r, c] of cells) if (r < r0 || (r === r0 && c < c0)) [r0, c0] = [r, c];
  return [r0, c0];
}

// drawInsetCages outlines each cage with a dashed line just inside its
// cells, as killer sudoku is printed.
function drawInsetCages(svg, cages) {
  const d = 4;
  const g = el("g", { stroke: "#4a525c", "stroke-width": 1.2, "stroke-dasharray": "3 2.5", fill: "none", class: "cages" }, svg);
  for (const cage of cages) {
    const inside = new Set(cage.cells.map(([r, c]) => key(r, c)));
    const has = (r, c) => inside.has(key(r, c));
    for (const [r, c] of cage.cells) {
      const x0 = c * S;
      const y0 = r * S;
      const x1 = x0 + S;
      const y1 = y0 + S;
      // For each open side, its two ends: inset when the cage turns
      // there, flush when it goes on, past the corner when it turns in.
      const end = (lat, diag, corner, sign) => {
        if (!lat) return corner + sign * d;
        return diag ? corner - sign * d : corner;
      };
      if (!has(r - 1, c)) {
        const a = end(has(r, c - 1), has(r - 1, c - 1), x0, +1);
        const b = end(has(r, c + 1), has(r - 1, c + 1), x1, -1);
        el("line", { x1: a, y1: y0 + d, x2: b, y2: y0 + d }, g);
      }
      if (!has(r + 1, c)) {
        const a = end(has(r, c - 1), has(r + 1, c - 1), x0, +1);
        const b = end(has(r, c + 1), has(r + 1, c + 1), x1, -1);
        el("line", { x1: a, y1: y1 - d, x2: b, y2: y1 - d }, g);
      }
      if (!has(r, c - 1)) {
        const a = end(has(r - 1, c), has(r - 1, c - 1), y0, +1);
        const b = end(has(r + 1, c), has(r + 1, c - 1), y1, -1);
        el("line", { x1: x0 + d, y1: a, x2: x0 + d, y2: b }, g);
      }
      if (!has(r, c + 1)) {
        const a = end(has(r - 1, c), has(r - 1, c + 1), y0, +1);
        const b = end(has(r + 1, c), has(r + 1, c + 1), y1, -1);
        el("line", { x1: x1 - d, y1: a, x2: x1 - d, y2: b }, g);
      }
    }
  }
}

// drawSigns draws Futoshiki's inequalities between neighbours (the point
// at the smaller one) and the adjacent variant's bars.
function drawSigns(svg, signs) {
  const g = el("g", { class: "signs" }, svg);
  for (const s of signs) {
    const [ra, ca] = s.a;
    const [rb, cb] = s.b;
    if (s.rel === "|") {
      if (ra === rb) {
        const x = Math.max(ca, cb) * S;
        el("line", { x1: x, y1: ra * S + S * 0.22, x2: x, y2: ra * S + S * 0.78, stroke: ink.thick, "stroke-width": 6 }, g);
      } else {
        const y = Math.max(ra, rb) * S;
        el("line", { x1: ca * S + S * 0.22, y1: y, x2: ca * S + S * 0.78, y2: y, stroke: ink.thick, "stroke-width": 6 }, g);
      }
      continue;
    }
    // less: value(first) < value(second), with first and second in
    // reading order.
    const aFirst = ra < rb || (ra === rb && ca < cb);
    const less = (s.rel === "<") === aFirst;
    let x;
    let y;
    let glyph;
    if (ra === rb) {
      x = Math.max(ca, cb) * S;
      y = ra * S + S / 2;
      glyph = less ? "<" : ">";
    } else {
      x = ca * S + S / 2;
      y = Math.max(ra, rb) * S;
      glyph = less ? "\u2227" : "\u2228"; // ∧: the smaller above
    }
    el("circle", { cx: x, cy: y, r: S * 0.17, fill: "#ffffff" }, g);
    text(g, x, y + 1, glyph, { "font-size": S * 0.34, "font-weight": 700, fill: ink.thick, class: "sign" });
  }
}

// drawClues draws the clues round the edge and the interior ones.
function drawClues(svg, board, hl) {
  const e = board.edges;
  const g = el("g", { class: "clues" }, svg);
  const R = board.rows;
  const C = board.cols;
  const marked = (side, i) => {
    const on = (c) => c && c.side === side && c.index === i;
    if ((hl.badClues || []).some(on)) return ink.bad;
    if ((hl.clues || []).some(on)) return ink.clueMark;
    return null;
  };
  const put = (side, i, v, x, y) => {
    if (!v) return;
    const mark = marked(side, i);
    if (mark) el("circle", { cx: x, cy: y, r: S * 0.34, fill: mark, class: "clue-hl" }, g);
    text(g, x, y + 1, String(v), { "font-size": S * 0.5, fill: ink.given, class: `clue clue-${side}`, "data-i": i });
  };
  if (e) {
    (e.top || []).forEach((v, i) => put("top", i, v, i * S + S / 2, -S / 2));
    (e.bottom || []).forEach((v, i) => put("bottom", i, v, i * S + S / 2, R * S + S / 2));
    (e.left || []).forEach((v, i) => put("left", i, v, -S / 2, i * S + S / 2));
    (e.right || []).forEach((v, i) => put("right", i, v, C * S + S / 2, i * S + S / 2));
  }
  const arrows = { up: "\u2191", down: "\u2193", left: "\u2190", right: "\u2192" };
  const seen = new Map(); // clues already drawn in a cell: the next goes beside them
  for (const ic of board.interior || []) {
    const [r, c] = ic.cell;
    const nth = seen.get(key(r, c)) || 0;
    seen.set(key(r, c), nth + 1);
    const dx = (nth % 2) * S * 0.5;
    const dy = Math.floor(nth / 2) * S * 0.26;
    const on = (x) => x && x.cell && x.cell[0] === r && x.cell[1] === c;
    const mark = (hl.badClues || []).some(on) ? ink.bad : (hl.clues || []).some(on) ? ink.clueMark : "#eef1f5";
    const label = `${arrows[ic.look] || "?"}${ic.value}`;
    el("rect", { x: c * S + 1.5 + dx, y: r * S + 1.5 + dy, width: S * 0.47, height: S * 0.24, rx: 2, fill: mark }, g);
    el("text", { x: c * S + 3 + dx, y: r * S + S * 0.2 + dy, "font-size": S * 0.2, fill: ink.given, class: "interior" }, g).textContent = label;
  }
}
