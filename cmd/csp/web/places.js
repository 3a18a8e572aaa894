// Where a step of an explanation stands on the board: the cells of the
// unit or clue line it uses (the API's "scope") and the clues it uses
// (its "clue"; for the whole-line rule, the clues at the line's two
// ends), and, for a deduction by assumption, the cells assumed.

const key = (r, c) => `${r},${c}`;

// stepPlaces returns {scope: Set of "r,c", clues: [{side, index} or
// {cell}]} for step on board.
export function stepPlaces(step, board) {
  const scope = new Set((step.scope || []).map(([r, c]) => key(r, c)));
  const clues = [];
  if (step.clue) clues.push(step.clue);
  else if (step.rule === "whole line" && step.scope) {
    // A rule on a whole row or column uses the clues at its two ends.
    const rows = new Set(step.scope.map(([r]) => r));
    const cols = new Set(step.scope.map(([, c]) => c));
    const edges = board.edges || {};
    const at = (side, i) => {
      if (edges[side] && edges[side][i]) clues.push({ side, index: i });
    };
    if (rows.size === 1 && step.scope.length === board.cols) {
      const [r] = rows;
      at("left", r);
      at("right", r);
    } else if (cols.size === 1 && step.scope.length === board.rows) {
      const [c] = cols;
      at("top", c);
      at("bottom", c);
    }
  }
  for (const cs of step.cases || []) if (cs.cell_rc) scope.add(key(cs.cell_rc[0], cs.cell_rc[1]));
  return { scope, clues };
}
