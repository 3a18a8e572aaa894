// Where a step of an explanation stands on the board, as the API places
// it (docs/API.md): the cells of the unit or clue line it uses ("scope"),
// the clues it uses ("clues", or the one "clue"), and, for a deduction by
// assumption, the cells assumed.

const key = (r, c) => `${r},${c}`;

// stepPlaces returns {scope: Set of "r,c", clues: [{side, index} or
// {cell}]} for step.
export function stepPlaces(step) {
  const scope = new Set((step.scope || []).map(([r, c]) => key(r, c)));
  const clues = step.clues || (step.clue ? [step.clue] : []);
  for (const cs of step.cases || []) if (cs.cell_rc) scope.add(key(cs.cell_rc[0], cs.cell_rc[1]));
  return { scope, clues };
}
