// The puzzle page: load a puzzle (typed, from a bench suite, generated or
// from the URL's fragment), draw it, and drive the API's solve, count,
// grade, explain, hint, marks and diagnose on it, from the puzzle or from
// the person's own values and pencil marks.

import "./errors.js";
import { get, post } from "./api.js";
import { h } from "./dom.js";
import { S, render, candidateAt, blockSet } from "./board.js";
import { saveSVG, savePNG } from "./export.js";
import { stepPlaces } from "./places.js";

const $ = (id) => document.getElementById(id);
const key = (r, c) => `${r},${c}`;
const cellName = (r, c) => `r${r + 1}c${c + 1}`;

const st = {
  problems: [],
  info: null, // the problem's entry of /api/problems
  suites: [],
  puzzle: "", // the text loaded
  board: null,
  cells: null, // [r][c] {value, kind, marks}
  cursor: [0, 0],
  pencil: false,
  showAll: false,
  hl: {},
  explain: null, // {steps, final, start, pos}
  hint: null, // the step a hint showed
  count: null, // {solutions, differ, shown}
  abort: null, // the AbortController of the request under way
  typed: "", // digits typed for a value above 9
  typedAt: 0,
};

// ---- drawing -------------------------------------------------------------

function draw() {
  if (!st.board) return;
  const svg = $("board");
  render(svg, st.board, { cells: st.cells, cursor: st.cursor, hl: st.hl, showAll: st.showAll });
  svg.setAttribute("data-problem", st.info ? st.info.name : "");
  svg.setAttribute("data-rows", st.board.rows);
  svg.setAttribute("data-cols", st.board.cols);
  $("pencil").setAttribute("aria-pressed", String(st.pencil));
  document.body.classList.toggle("pencil", st.pencil);
  sayCell();
}

function sayCell() {
  if (!st.board || !st.cursor) return;
  const [r, c] = st.cursor;
  const cell = st.cells[r][c];
  let what = "empty";
  if (blockSet(st.board).has(key(r, c))) what = "a black cell";
  else if (cell.value) what = `${cell.value}${cell.kind === "given" ? " (given)" : ""}`;
  else if (cell.marks) what = `pencil marks ${[...cell.marks].sort((a, b) => a - b).join(" ") || "none"}`;
  $("cell-status").textContent = `${cellName(r, c)}: ${what}${st.pencil ? " · pencil mode" : ""}`;
}

function status(html, kind = "") {
  const el = $("result");
  el.className = `result ${kind}`;
  el.replaceChildren();
  if (typeof html === "string") el.textContent = html;
  else if (html) el.append(...[].concat(html));
}

// ---- the board's state ---------------------------------------------------

function allValues() {
  return Array.from({ length: st.board.values }, (_, i) => i + 1);
}

function fromGivens(board) {
  const blocks = blockSet(board);
  return Array.from({ length: board.rows }, (_, r) =>
    Array.from({ length: board.cols }, (_, c) => {
      const v = board.givens ? board.givens[r][c] : 0;
      if (blocks.has(key(r, c))) return { value: 0, kind: "block", marks: null };
      return { value: v || 0, kind: v ? "given" : "", marks: null };
    }));
}

// fromCandidates sets the cells from candidates (as the API gives them):
// one value left is a value, more are pencil marks. With keepOpen, a
// cell with no marks that keeps every value stays without marks.
function fromCandidates(cands, { keepOpen = false } = {}) {
  for (let r = 0; r < st.board.rows; r++) {
    for (let c = 0; c < st.board.cols; c++) {
      const cell = st.cells[r][c];
      if (cell.kind === "given" || cell.kind === "block") continue;
      const vs = cands[r][c];
      if (vs.length === 1) Object.assign(cell, { value: vs[0], kind: "deduced", marks: null });
      else if (keepOpen && !cell.value && !cell.marks && vs.length === st.board.values) continue;
      else Object.assign(cell, { value: 0, kind: "", marks: new Set(vs) });
    }
  }
}

// candidates is the board as the person has it: a value is one candidate,
// pencil marks their candidates, an empty cell every value.
function candidates() {
  const all = allValues();
  return st.cells.map((row) => row.map((cell) => {
    if (cell.kind === "block") return [];
    if (cell.value) return [cell.value];
    if (cell.marks) return [...cell.marks].sort((a, b) => a - b);
    return all;
  }));
}

function edited() {
  st.explain = null;
  st.hint = null;
  st.count = null;
  st.hl = {};
  $("steps-panel").hidden = true;
  if (st.info && st.info.can && st.info.can.marks) $("use-marks").checked = true;
}

// ---- requests ------------------------------------------------------------

function busy(on) {
  $("cancel").disabled = !on;
  document.body.setAttribute("aria-busy", on ? "true" : "false");
  for (const b of document.querySelectorAll("#actions button[data-act]")) {
    if (!["cancel", "pencil"].includes(b.dataset.act)) b.disabled = on;
  }
}

// call posts to an endpoint of the API with the puzzle (or, continuing
// from here, the board's candidates), reporting errors in the result box.
async function call(path, extra = {}, { withPuzzle = true, fromBoard = true } = {}) {
  if (st.abort) st.abort.abort();
  const ctl = new AbortController();
  st.abort = ctl;
  busy(true);
  status("working…", "busy");
  try {
    let body = { ...extra };
    if (withPuzzle) {
      body = { problem: st.info.name, puzzle: st.puzzle, ...extra };
      if (fromBoard && $("use-marks").checked && st.info.can && st.info.can.marks) body.candidates = candidates();
    }
    return await post(path, body, { signal: ctl.signal });
  } catch (err) {
    if (err.name === "AbortError") status("stopped");
    else showError(err);
    return null;
  } finally {
    if (st.abort === ctl) {
      st.abort = null;
      busy(false);
    }
  }
}

function showError(err) {
  // The server's message names the line and field already.
  status(err.message, "error");
  if (err.line) selectLine($("puzzle-text"), err.line);
}

function selectLine(ta, line) {
  const lines = ta.value.split("\n");
  if (line < 1 || line > lines.length) return;
  let start = 0;
  for (let i = 0; i < line - 1; i++) start += lines[i].length + 1;
  ta.setSelectionRange(start, start + lines[line - 1].length);
}

// ---- loading -------------------------------------------------------------

async function loadPuzzle(problem, text, { share = true } = {}) {
  const info = st.problems.find((p) => p.name === problem);
  if (!info) {
    status(`unknown problem ${problem}`, "error");
    return false;
  }
  $("puzzle-text").value = text;
  // The board and the state change only once the puzzle reads: a bad one
  // leaves the last good one in place, its error shown.
  const ans = await call("/api/parse", { problem, puzzle: text }, { withPuzzle: false });
  if (!ans) return false;
  setProblem(info);
  st.puzzle = text;
  st.board = ans.board;
  st.cells = fromGivens(ans.board);
  buildPad();
  st.cursor = firstOpen();
  st.explain = null;
  st.hint = null;
  st.count = null;
  st.hl = {};
  $("use-marks").checked = false;
  $("steps-panel").hidden = true;
  $("export-text").value = ans.export || text;
  if (share) {
    const frag = new URLSearchParams({ problem, puzzle: text }).toString();
    history.replaceState(null, "", `#${frag}`);
  }
  $("share-link").value = location.href;
  const b = ans.board;
  status(`${problem}: ${b.rows}x${b.cols}${b.cages ? `, ${b.cages.length} cages` : ""}${b.signs ? `, ${b.signs.length} signs` : ""}`);
  draw();
  return true;
}

function firstOpen() {
  for (let r = 0; r < st.board.rows; r++) {
    for (let c = 0; c < st.board.cols; c++) {
      if (st.cells[r][c].kind !== "block") return [r, c];
    }
  }
  return [0, 0];
}

function setProblem(info) {
  st.info = info;
  $("problem").value = info.name;
  $("problem-doc").textContent = info.doc || "";
  const suite = st.suites.find((s) => s.problem === info.name);
  const sel = $("suite");
  sel.replaceChildren(h("option", { value: "" }, suite ? `choose one of ${suite.instances.length}…` : "no suite"));
  $("suite-row").hidden = !suite;
  if (suite) {
    for (const inst of suite.instances) {
      const first = inst.puzzle.split("\n").find((l) => l.trim() && !/^[#%]/.test(l)) || inst.puzzle;
      sel.append(h("option", { value: String(inst.index) }, `#${inst.index}: ${first.trim().slice(0, 48)}`));
    }
  }
  const can = info.can || {};
  $("gen").hidden = !can.generate;
  const diff = $("gen-diff");
  diff.replaceChildren(h("option", { value: "" }, "none: a benchmark board"));
  for (const l of info.levels || []) diff.append(h("option", { value: l }, l));
  if (info.name === "skyscraper") for (const w of ["easy", "hard", "extreme", "unreasonable"]) diff.append(h("option", { value: w }, `Tatham: ${w}`));
  $("gen-diff-label").hidden = !(info.flags || []).some((f) => f.name === "difficulty" && f.generate);
  $("gen-holes-label").hidden = false;
  for (const b of document.querySelectorAll("#actions button[data-act]")) {
    const a = b.dataset.act;
    const need = { grade: can.reason, explain: can.reason, hint: can.reason, fill: can.marks && can.reason, diagnose: can.diagnose, count: can.model !== false };
    b.hidden = a in need && !need[a];
  }
  $("use-marks").parentElement.hidden = !can.marks;
  const up = $("up-to");
  up.replaceChildren(h("option", { value: "" }, "every level"));
  (info.levels || []).forEach((l, i) => up.append(h("option", { value: String(i + 1) }, `${i + 1}. ${l}`)));
  up.append(h("option", { value: "none" }, "none"));
  $("up-to-row").hidden = !can.reason;
  buildPad();
}

function buildPad() {
  const pad = $("pad");
  pad.replaceChildren();
  const n = st.board ? st.board.values : st.info && st.info.name === "sudoku" ? 9 : 6;
  for (let v = 1; v <= Math.min(n, 35); v++) {
    pad.append(h("button", { type: "button", class: "digit", "data-v": String(v), onclick: (e) => { typeValue(v, st.pencil); back(e); } }, String(v)));
  }
  pad.append(h("button", { type: "button", class: "digit wide", onclick: (e) => { clearCell(); back(e); } }, "erase"));
}

// back gives the focus back to the board after a tap on the pad (not
// after Enter on a pad button: a keyboard user stays where they are).
function back(e) {
  if (e.detail > 0) $("board").focus({ preventScroll: true });
}

// ---- editing -------------------------------------------------------------

function cursorCell() {
  const [r, c] = st.cursor;
  return st.cells[r][c];
}

function typeValue(v, asMark) {
  if (!st.board || v < 1 || v > st.board.values) return;
  const cell = cursorCell();
  if (cell.kind === "given" || cell.kind === "block") return;
  edited();
  if (asMark) {
    if (cell.value) {
      cell.marks = new Set([cell.value]);
      cell.value = 0;
      cell.kind = "";
    }
    if (!cell.marks) cell.marks = new Set();
    if (cell.marks.has(v)) cell.marks.delete(v);
    else cell.marks.add(v);
  } else {
    Object.assign(cell, { value: v, kind: "user", marks: null });
  }
  draw();
}

function clearCell() {
  const cell = cursorCell();
  if (cell.kind === "given" || cell.kind === "block") return;
  edited();
  Object.assign(cell, { value: 0, kind: "", marks: null });
  draw();
}

function move(dr, dc) {
  if (!st.board) return;
  const [r, c] = st.cursor;
  st.cursor = [Math.min(st.board.rows - 1, Math.max(0, r + dr)), Math.min(st.board.cols - 1, Math.max(0, c + dc))];
  draw();
}

function boardKey(e) {
  if (!st.board || e.ctrlKey || e.metaKey || e.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    move(...moves[e.key]);
    return;
  }
  const digit = /^Digit(\d)$/.exec(e.code) || /^Numpad(\d)$/.exec(e.code);
  const d = digit ? Number(digit[1]) : /^\d$/.test(e.key) ? Number(e.key) : -1;
  if (d >= 0) {
    e.preventDefault();
    e.stopPropagation();
    const asMark = st.pencil || e.shiftKey;
    if (st.board.values <= 9) {
      if (d === 0) clearCell();
      else typeValue(d, asMark);
      return;
    }
    // Above 9, digits typed within a second make one number.
    const now = Date.now();
    st.typed = now - st.typedAt < 1000 ? st.typed + d : String(d);
    st.typedAt = now;
    let v = Number(st.typed);
    if (v > st.board.values) {
      st.typed = String(d);
      v = d;
    }
    if (v === 0) clearCell();
    else typeValue(v, asMark);
    if (asMark && st.typed.length > 1) {
      // the first digit was toggled as a mark of its own: undo it
      const first = Number(st.typed[0]);
      const cell = cursorCell();
      if (cell.marks && first !== v) {
        if (cell.marks.has(first)) cell.marks.delete(first);
        else cell.marks.add(first);
        draw();
      }
    }
    return;
  }
  if (["Backspace", "Delete", "."].includes(e.key)) {
    e.preventDefault();
    e.stopPropagation();
    clearCell();
  }
}

function boardClick(e) {
  if (!st.board) return;
  const svg = $("board");
  const pt = svg.createSVGPoint();
  pt.x = e.clientX;
  pt.y = e.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const c = Math.floor(p.x / S);
  const r = Math.floor(p.y / S);
  if (r < 0 || c < 0 || r >= st.board.rows || c >= st.board.cols) return;
  const same = st.cursor && st.cursor[0] === r && st.cursor[1] === c;
  st.cursor = [r, c];
  svg.focus();
  if (st.pencil && same) {
    const v = candidateAt(st.board.values, p.x / S - c, p.y / S - r);
    if (v) {
      typeValue(v, true);
      return;
    }
  }
  draw();
}

// ---- actions -------------------------------------------------------------

function fillSolution(grid, kind = "solution") {
  for (let r = 0; r < st.board.rows; r++) {
    for (let c = 0; c < st.board.cols; c++) {
      const cell = st.cells[r][c];
      if (cell.kind === "given" || cell.kind === "block") continue;
      Object.assign(cell, { value: grid[r][c], kind, marks: null });
    }
  }
}

function statsLine(rec) {
  const s = rec.stats || {};
  const bits = [];
  if (rec.time !== undefined) bits.push(`${(rec.time * 1000).toFixed(1)} ms`);
  if (s.nodes !== undefined) bits.push(`${s.nodes} nodes`);
  if (s.failures !== undefined) bits.push(`${s.failures} failures`);
  return bits.join(", ");
}

async function solve() {
  const rec = await call("/api/solve");
  if (!rec) return;
  st.explain = null;
  $("steps-panel").hidden = true;
  st.hl = {};
  if (rec.status === "solved") {
    fillSolution(rec.solution);
    status(`solved (checked by the problem's checker): ${statsLine(rec)}`, "ok");
  } else if (rec.status === "unsatisfiable") {
    status(`no solution${rec.reason ? `: ${rec.reason}` : ""}. Diagnose shows why.`, "error");
  } else {
    status(`${rec.status}${rec.stopped ? ` (${rec.stopped})` : ""}${rec.error ? `: ${rec.error}` : ""}`, "warn");
  }
  draw();
}

async function count() {
  const rec = await call("/api/count");
  if (!rec) return;
  st.explain = null;
  $("steps-panel").hidden = true;
  st.hl = {};
  st.count = null;
  if (rec.verdict === "unique") {
    fillSolution(rec.solutions[0]);
    status("unique: one solution, shown", "ok");
  } else if (rec.verdict === "multiple") {
    const differ = new Set((rec.differ_cells || []).map(([r, c]) => key(r, c)));
    st.count = { solutions: rec.solutions, differ, shown: 0 };
    showCountSolution();
    return;
  } else if (rec.verdict === "none") {
    status(`none: no solution${rec.reason ? `: ${rec.reason}` : ""}`, "error");
  } else {
    status(`unknown${rec.stopped ? ` (${rec.stopped})` : ""}`, "warn");
  }
  draw();
}

function showCountSolution() {
  const cnt = st.count;
  fillSolution(cnt.solutions[cnt.shown]);
  st.hl = { differ: cnt.differ };
  const names = [...cnt.differ].map((k) => k.split(",").map(Number)).map(([r, c]) => cellName(r, c));
  status([
    h("p", {}, `multiple: two solutions differ in ${names.length} cells (${names.join(" ")}), shaded. Showing solution ${cnt.shown + 1} of 2.`),
    h("button", { type: "button", id: "other-solution", onclick: () => { cnt.shown = 1 - cnt.shown; showCountSolution(); } }, "Show the other solution"),
  ], "warn");
  draw();
}

async function grade() {
  const rec = await call("/api/grade", upTo());
  if (!rec) return;
  const levels = (rec.levels || []).join(" < ");
  let msg = `${rec.grade} (level ${rec.level} of ${levels}): ${rec.steps} steps, ${rec.verdict}`;
  if (rec.grade === "search") msg = `search: the ladder (${levels}) does not solve it; ${rec.guesses} guesses, depth ${rec.depth}, ${rec.verdict}`;
  if (rec.reason) msg = `none: ${rec.reason}`;
  if (rec.stopped) msg += ` (${rec.stopped})`;
  status(msg, rec.verdict === "unique" ? "ok" : "warn");
}

// upTo is the cap on the ladder the person chose (every level by
// default).
function upTo() {
  const v = $("up-to").value;
  return v ? { up_to: v } : {};
}

// ---- explanation ---------------------------------------------------------

async function explain() {
  const rec = await call("/api/explain", upTo());
  if (!rec) return;
  const start = rec.candidates.map((row) => row.map((vs) => new Set(vs)));
  st.explain = { steps: rec.steps, final: rec.final, start, pos: 0, marks: $("use-marks").checked };
  st.hint = null;
  st.count = null;
  $("steps-panel").hidden = false;
  const range = $("step-range");
  range.max = String(rec.steps.length);
  const f = rec.final || {};
  const used = Object.entries(f.levels_used || {}).map(([l, n]) => `${l} (${n})`).join(", ");
  let outcome = `${rec.steps.length} steps${used ? ` using ${used}` : ""}`;
  // A list the server cut (too long, or out of time): its first steps.
  if (rec.truncated) outcome = `the first ${rec.steps.length} of ${f.steps} steps (the server cut the list)${used ? ` using ${used}` : ""}`;
  if (f.status === "solved" && !f.guess_needed) outcome += `: solved without a guess; hardest level ${f.grade}`;
  else if (f.guess_needed) outcome += `: then a guess is needed; search finished it (${f.guesses} guesses): ${f.verdict || f.status}`;
  else if (f.status === "unsatisfiable") outcome += ": contradiction, no solution";
  else if (f.status) outcome += `: ${f.status}${f.stopped ? ` (${f.stopped})` : ""}`;
  status(outcome, f.status === "solved" ? "ok" : "warn");
  stepTo(0);
}

// stateAt returns the candidates after the first pos steps.
function stateAt(pos) {
  const ex = st.explain;
  const cands = ex.start.map((row) => row.map((s) => new Set(s)));
  for (let i = 0; i < pos; i++) {
    for (const rc of ex.steps[i].removed_cells || []) {
      const [r, c] = rc.cell;
      for (const v of rc.values) cands[r][c].delete(v);
    }
  }
  return cands;
}

function stepHighlight(step) {
  const { scope, clues } = stepPlaces(step);
  const hl = { scope, set: new Map(), removed: new Map(), clues };
  for (const s of step.set || []) hl.set.set(key(s.cell[0], s.cell[1]), s.value);
  for (const rc of step.removed_cells || []) hl.removed.set(key(rc.cell[0], rc.cell[1]), new Set(rc.values));
  return hl;
}

function stepTo(pos) {
  const ex = st.explain;
  if (!ex) return;
  pos = Math.max(0, Math.min(ex.steps.length, pos));
  ex.pos = pos;
  st.cells = fromGivens(st.board);
  fromCandidates(stateAt(pos).map((row) => row.map((s) => [...s].sort((a, b) => a - b))));
  const step = pos > 0 ? ex.steps[pos - 1] : null;
  st.hl = step ? stepHighlight(step) : {};
  $("step-range").value = String(pos);
  $("step-count").textContent = `step ${pos} of ${ex.steps.length}`;
  const box = $("step-text");
  box.replaceChildren();
  if (!step) {
    box.append(h("p", { class: "muted" }, pos === 0 && ex.steps.length ? "The start: the candidates before any step. Forward (]) shows step 1." : "No step: no rule applies."));
  } else {
    box.append(stepView(step));
  }
  draw();
}

function stepView(step) {
  const wrap = h("div", { class: "step-body", "data-step": String(step.step || "") });
  wrap.append(h("p", { class: "rule" }, h("strong", {}, step.rule_name || step.rule), h("span", { class: "level" }, ` · ${step.level}`)));
  if (step.unit) wrap.append(h("p", { class: "unit muted" }, `uses ${step.unit}`));
  wrap.append(h("p", { class: "why" }, step.why));
  if (step.contradiction) wrap.append(h("p", { class: "error" }, "This step shows the state has no solution."));
  if (step.cases && step.cases.length) {
    const list = h("ol", { class: "cases" });
    for (const cs of step.cases) {
      const sub = h("ol", {});
      for (const s of cs.steps) sub.append(h("li", {}, h("strong", {}, s.rule_name || s.rule), ` ${s.why}`));
      list.append(h("li", {}, h("details", {}, h("summary", {}, `if ${cs.cell} held ${cs.value}: ${cs.steps.length} steps`), sub)));
    }
    wrap.append(list);
  }
  return wrap;
}

// ---- hint, marks, diagnose -----------------------------------------------

async function hint() {
  const rec = await call("/api/hint", upTo());
  if (!rec) return;
  st.explain = null;
  $("steps-panel").hidden = true;
  if (rec.step) {
    st.hint = rec.step;
    st.hl = stepHighlight(rec.step);
    status([
      h("div", { class: "hint" }, h("p", { class: "muted" }, "Next step:"), stepView(rec.step)),
      h("button", { type: "button", id: "apply-hint", onclick: applyHint }, "Apply it"),
    ]);
  } else if (rec.status === "solved") {
    status("solved already: every cell has one value", "ok");
  } else if (rec.status === "stuck") {
    status("no rule applies: a guess is needed", "warn");
  } else {
    status(`${rec.status}${rec.stopped ? ` (${rec.stopped})` : ""}`, "warn");
  }
  draw();
}

function applyHint() {
  const step = st.hint;
  if (!step) return;
  const cands = candidates().map((row) => row.map((vs) => new Set(vs)));
  for (const rc of step.removed_cells || []) for (const v of rc.values) cands[rc.cell[0]][rc.cell[1]].delete(v);
  fromCandidates(cands.map((row) => row.map((s) => [...s].sort((a, b) => a - b))), { keepOpen: true });
  st.hint = null;
  st.hl = stepHighlight(step);
  if (st.info.can.marks) $("use-marks").checked = true;
  status("applied: the board now holds it; Hint again for the next step", "ok");
  draw();
}

async function fillMarks() {
  const rec = await call("/api/marks", { up_to: "none" });
  if (!rec) return;
  st.explain = null;
  $("steps-panel").hidden = true;
  st.hl = {};
  fromCandidates(rec.candidates);
  if (st.info.can.marks) $("use-marks").checked = true;
  status("every candidate written as a pencil mark: click a mark (or type its digit in pencil mode) to remove it", "ok");
  draw();
}

// diagnose diagnoses the puzzle itself (not the board's marks), and
// draws the diagnosis on its givens.
async function diagnose() {
  const rec = await call("/api/diagnose", {}, { fromBoard: false });
  if (!rec) return;
  st.cells = fromGivens(st.board);
  $("use-marks").checked = false;
  st.explain = null;
  $("steps-panel").hidden = true;
  st.hl = {};
  if (rec.verdict === "none") {
    st.hl = placesHighlight((rec.core_places || []).flat());
    status([
      h("p", {}, `No solution. These ${(rec.core || []).length} clues and givens already contradict each other (shaded); removing any one of them makes it solvable:`),
      h("ul", {}, (rec.core || []).map((c) => h("li", {}, c))),
    ], "error");
  } else if (rec.verdict === "multiple") {
    const add = new Map((rec.add_cells || []).map((a) => [key(a.cell[0], a.cell[1]), a.value]));
    st.hl = { add };
    const kids = [h("p", {}, `Several solutions. ${add.size} more givens make it unique${rec.smallest ? " (the fewest)" : ""}: ${(rec.add || []).join(", ")}, dashed on the board.`)];
    if (rec.mended) kids.push(h("button", { type: "button", id: "load-mended", onclick: () => loadPuzzle(st.info.name, rec.mended.trim()) }, "Load the mended puzzle"));
    status(kids, "warn");
  } else if (rec.verdict === "unique") {
    status("unique: nothing to diagnose", "ok");
  } else {
    status(`${rec.verdict || rec.status}${rec.stopped ? ` (${rec.stopped})` : ""}`, "warn");
  }
  draw();
}

// placesHighlight marks the places of a diagnosis's clues and givens
// (docs/API.md: given, edge, interior, cage, sign, block).
function placesHighlight(places) {
  const hl = { bad: new Set(), badClues: [] };
  for (const p of places) {
    switch (p.kind) {
      case "given":
      case "block":
        hl.bad.add(key(p.cell[0], p.cell[1]));
        break;
      case "edge":
        hl.badClues.push({ side: p.side, index: p.index });
        break;
      case "interior":
        hl.badClues.push({ cell: p.cell });
        hl.bad.add(key(p.cell[0], p.cell[1]));
        break;
      case "cage":
        for (const [r, c] of st.board.cages[p.index].cells) hl.bad.add(key(r, c));
        break;
      case "sign":
        hl.bad.add(key(p.sign.a[0], p.sign.a[1]));
        hl.bad.add(key(p.sign.b[0], p.sign.b[1]));
        break;
    }
  }
  return hl;
}

function reset() {
  if (!st.board) return;
  st.cells = fromGivens(st.board);
  st.explain = null;
  st.hint = null;
  st.count = null;
  st.hl = {};
  $("steps-panel").hidden = true;
  $("use-marks").checked = false;
  status("back to the givens");
  draw();
}

function cancel() {
  if (st.abort) st.abort.abort();
}

async function generate() {
  const body = { problem: st.info.name, size: Number($("gen-size").value), seed: Number($("gen-seed").value) };
  const diff = $("gen-diff").value;
  const holes = $("gen-holes").value.trim();
  if (diff) body.difficulty = diff;
  else if (holes !== "") body.holes = Number(holes);
  const rec = await call("/api/generate", body, { withPuzzle: false });
  if (!rec) return;
  await loadPuzzle(st.info.name, rec.puzzle.trim());
}

// ---- export --------------------------------------------------------------

async function refreshExport() {
  if (!st.info || !st.puzzle) return;
  try {
    const rec = await post("/api/export", { problem: st.info.name, puzzle: st.puzzle });
    $("export-text").value = rec.puzzle;
  } catch (err) {
    showError(err);
  }
}

function copy(text) {
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
}

// ---- keys ----------------------------------------------------------------

const actions = {
  solve, count, grade, explain, hint, diagnose, fill: fillMarks, reset, cancel,
  pencil: () => { st.pencil = !st.pencil; draw(); },
};

function globalKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  // Keys typed into a text field, a number or a list are theirs.
  const t = e.target;
  const typing = t && (t.tagName === "TEXTAREA" || t.tagName === "SELECT" ||
    (t.tagName === "INPUT" && !["checkbox", "range", "button"].includes(t.type)));
  if (typing) {
    if (e.key === "Escape") t.blur();
    return;
  }
  const map = { s: "solve", c: "count", g: "grade", e: "explain", h: "hint", d: "diagnose", f: "fill", r: "reset", p: "pencil" };
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (map[k] && !e.shiftKey) {
    e.preventDefault();
    const b = document.querySelector(`#actions button[data-act="${map[k]}"]`);
    if (b && !b.hidden && !b.disabled) actions[map[k]]();
    return;
  }
  switch (e.key) {
    case "a":
    case "A":
      st.showAll = !st.showAll;
      draw();
      return;
    case "b":
    case "B":
      e.preventDefault();
      $("board").focus();
      return;
    case "]":
      if (st.explain) stepTo(st.explain.pos + 1);
      return;
    case "[":
      if (st.explain) stepTo(st.explain.pos - 1);
      return;
    case "}":
      if (st.explain) stepTo(st.explain.steps.length);
      return;
    case "{":
      if (st.explain) stepTo(0);
      return;
    case "Escape":
      if (st.abort) cancel();
      else {
        st.hl = {};
        draw();
      }
  }
}

// ---- start ---------------------------------------------------------------

function readHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  return { problem: p.get("problem"), puzzle: p.get("puzzle") };
}

async function start() {
  const [probs, suites] = await Promise.all([get("/api/problems"), get("/api/suites").catch(() => ({ suites: [] }))]);
  st.problems = probs.problems;
  st.suites = suites.suites || [];
  const sel = $("problem");
  for (const p of st.problems) sel.append(h("option", { value: p.name }, p.name));
  // Another problem: its suite's first puzzle, so that the board and
  // the problem agree.
  sel.addEventListener("change", () => {
    const info = st.problems.find((p) => p.name === sel.value);
    if (!info) return;
    const suite = st.suites.find((s) => s.problem === info.name);
    if (suite && suite.instances.length) loadPuzzle(info.name, suite.instances[0].puzzle.trim());
    else setProblem(info);
  });
  $("load-form").addEventListener("submit", (e) => {
    e.preventDefault();
    loadPuzzle($("problem").value, $("puzzle-text").value.trim());
  });
  $("suite").addEventListener("change", () => {
    const suite = st.suites.find((s) => s.problem === st.info.name);
    const inst = suite && suite.instances.find((i) => String(i.index) === $("suite").value);
    if (inst) loadPuzzle(st.info.name, inst.puzzle.trim());
  });
  $("generate").addEventListener("click", generate);
  $("gen-diff").addEventListener("change", () => { $("gen-holes-label").hidden = !!$("gen-diff").value; });
  for (const b of document.querySelectorAll("#actions button[data-act]")) b.addEventListener("click", () => actions[b.dataset.act]());
  $("step-first").addEventListener("click", () => stepTo(0));
  $("step-prev").addEventListener("click", () => stepTo(st.explain.pos - 1));
  $("step-next").addEventListener("click", () => stepTo(st.explain.pos + 1));
  $("step-last").addEventListener("click", () => stepTo(st.explain.steps.length));
  $("step-range").addEventListener("input", () => stepTo(Number($("step-range").value)));
  const svg = $("board");
  svg.addEventListener("keydown", boardKey);
  svg.addEventListener("click", boardClick);
  document.addEventListener("keydown", globalKey);
  $("copy-export").addEventListener("click", () => copy($("export-text").value));
  $("copy-link").addEventListener("click", () => copy($("share-link").value));
  $("save-svg").addEventListener("click", () => saveSVG($("board"), fileBase()));
  $("save-png").addEventListener("click", () => savePNG($("board"), fileBase()).catch((err) => status(`PNG: ${err.message}`, "error")));
  $("export-panel").addEventListener("toggle", () => { if ($("export-panel").open) refreshExport(); });
  window.addEventListener("hashchange", () => {
    const { problem, puzzle } = readHash();
    if (problem && puzzle && (problem !== (st.info && st.info.name) || puzzle !== st.puzzle)) loadPuzzle(problem, puzzle, { share: false });
  });

  const { problem, puzzle } = readHash();
  if (problem && puzzle) {
    await loadPuzzle(problem, puzzle, { share: false });
  } else {
    const first = st.problems.find((p) => p.name === "skyscraper") || st.problems[0];
    const suite = st.suites.find((s) => s.problem === first.name);
    if (suite && suite.instances.length) await loadPuzzle(first.name, suite.instances[0].puzzle.trim(), { share: false });
    else setProblem(first);
  }
  document.body.dataset.ready = "true";
}

function fileBase() {
  return `${st.info ? st.info.name : "puzzle"}-${st.board ? `${st.board.rows}x${st.board.cols}` : ""}`;
}

start().catch((err) => {
  status(`could not start: ${err.message}`, "error");
  document.body.dataset.ready = "error";
});
