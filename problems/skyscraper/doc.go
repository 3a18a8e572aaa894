// Package skyscraper models skyscraper puzzles (Tatham's Towers): an N×N
// grid of heights 1..N, each row and column a permutation, clues on the
// edge (and optionally inside the grid) saying how many buildings are seen
// along a line, and optional given cells.
//
//	p, err := skyscraper.ParseTowers("4:3/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3", 1)
//	opt := skyscraper.Options{AllDiff: alldiff.GAC, Visibility: visibility.Line}
//	grid, res, err := skyscraper.Solve(ctx, p, opt, skyscraper.DefaultSearch)
//
// Read streams a batch in any of four input forms (Towers game IDs, the
// kata's clockwise clue list, one JSON object per line, a clue-framed
// grid); Format, FormatTowers and FormatJSON write the three that can hold
// givens (the clockwise list is read only: a Towers ID holds the same
// clues and more). ReadMarks and FormatMarks read and write pencil marks.
// Build makes the model on a grid.Grid: rows and columns all different,
// each clued line under the visibility propagator at the chosen strength
// (package propagators/visibility), givens fixed. Check verifies a grid
// independently of the model. For authors: Reason (the deduction ladder
// behind grade, explain and hint, on the same grid helper), Make (unique,
// graded, minimal puzzles), RunCensus (how many clue sets give a unique
// puzzle, in census.go; census_catalog.go serves it to `csp census`), the
// clue finders (MinimalClues and SmallestClues for a full grid, ClueSets
// and FewestClueSets for a board, in clues.go and boardclues.go;
// clues_catalog.go serves them to `csp clues`), Shown (every clue a grid
// shows, edge and interior, in sights.go; `csp backbone` folds them) and
// the diagnostics of broken puzzles. catalog.go registers the package with
// the command line's catalog.
package skyscraper
