// Where a step of an explanation stands on the board: the cells of the
// unit or clue line it uses (its scope) and the clues it uses. The API
// gives them as "scope" and "clue" when it knows them (docs/API.md);
// otherwise they are read from the step's reason, which names them in the
// explainers' fixed words: "row 3", "column 2", "box 4", "region 5", "the
// main diagonal", "clue 3 above column 1" (below, left of row, right of
// row), "clue 2 at r3c3 looking down".

const key = (r, c) => `${r},${c}`;

// stepPlaces returns {scope: Set of "r,c", clues: [{side, index} or
// {cell}]} for step on board.
export function stepPlaces(step, board) {
  const scope = new Set();
  const clues = [];
  if (Array.isArray(step.scope)) for (const [r, c] of step.scope) scope.add(key(r, c));
  if (step.clue) clues.push(step.clue);
  if (scope.size || clues.length) return { scope, clues };

  const why = step.why || "";
  const R = board.rows;
  const C = board.cols;
  const row = (r) => { if (r >= 0 && r < R) for (let c = 0; c < C; c++) scope.add(key(r, c)); };
  const col = (c) => { if (c >= 0 && c < C) for (let r = 0; r < R; r++) scope.add(key(r, c)); };
  const edge = (side, index) => {
    const e = board.edges && board.edges[side];
    if (e && e[index]) clues.push({ side, index });
  };

  for (const m of why.matchAll(/\bclue \d+ (above|below) column (\d+)/g)) {
    const c = Number(m[2]) - 1;
    clues.push({ side: m[1] === "above" ? "top" : "bottom", index: c });
    col(c);
  }
  for (const m of why.matchAll(/\bclue \d+ (left|right) of row (\d+)/g)) {
    const r = Number(m[2]) - 1;
    clues.push({ side: m[1], index: r });
    row(r);
  }
  const steps = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
  for (const m of why.matchAll(/\bclue \d+ at r(\d+)c(\d+) looking (up|down|left|right)/g)) {
    let r = Number(m[1]) - 1;
    let c = Number(m[2]) - 1;
    clues.push({ cell: [r, c] });
    const [dr, dc] = steps[m[3]];
    for (; r >= 0 && c >= 0 && r < R && c < C; r += dr, c += dc) scope.add(key(r, c));
  }
  if (clues.length) return { scope, clues };

  // A unit: a row, a column, a box or region (the one holding the first
  // cell the reason names), a diagonal.
  const first = /\br(\d+)c(\d+)\b/.exec(why);
  const regionOf = (label, n) => {
    if (!board.regions) return -1;
    if (label === "box") return n - 1; // boxes are numbered in reading order, as the board's regions
    return first ? board.regions[Number(first[1]) - 1][Number(first[2]) - 1] : -1;
  };
  for (const m of why.matchAll(/\b(row|column) (\d+)\b/g)) {
    const i = Number(m[2]) - 1;
    if (m[1] === "row") {
      row(i);
      if (step.rule === "whole line") { edge("left", i); edge("right", i); }
    } else {
      col(i);
      if (step.rule === "whole line") { edge("top", i); edge("bottom", i); }
    }
  }
  for (const m of why.matchAll(/\b(box|region) (\d+)\b/g)) {
    const reg = regionOf(m[1], Number(m[2]));
    if (reg < 0) continue;
    for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) if (board.regions[r][c] === reg) scope.add(key(r, c));
  }
  if (/\bthe main diagonal\b/.test(why)) for (let i = 0; i < Math.min(R, C); i++) scope.add(key(i, i));
  if (/\bthe anti-diagonal\b/.test(why)) for (let i = 0; i < Math.min(R, C); i++) scope.add(key(i, C - 1 - i));
  // A step by assumption: the cell assumed.
  for (const cs of step.cases || []) if (cs.cell_rc) scope.add(key(cs.cell_rc[0], cs.cell_rc[1]));
  return { scope, clues };
}
