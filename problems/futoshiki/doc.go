// Package futoshiki models Futoshiki and its adjacent variant.
//
// A Futoshiki is an N×N Latin square (values 1..N, each once per row and
// column) with inequality signs between some neighbouring cells and some
// cells given. In the adjacent variant (Simon Tatham's "Unequal" in
// adjacent mode) every pair of neighbours is either marked with a bar,
// and then the two values differ by exactly 1, or unmarked, and then they
// differ by more than 1.
//
//	p, err := futoshiki.ParseUnequal("4:0D,0,0,0,0D,0,0U,0L,0,0,0,0,0,0,0,0UL,", 1)
//	grid, res, err := futoshiki.Solve(ctx, p, futoshiki.Options{AllDiff: alldiff.GAC}, csp.Options{Var: csp.DomWDeg})
//	fmt.Print(futoshiki.Format(p, grid))
//
// # Formats
//
// Read detects each puzzle's format: an Unequal game ID (ParseUnequal and
// FormatUnequal: "5:..." for Futoshiki, "5a:..." for the adjacent
// variant), a JSON object (ParseJSON and FormatJSON), or a grid of cells
// and signs (Format describes it):
//
//	2 > .   .   .
//	        v
//	.   .   . < .
//	^
//	.   .   .   .
//	            ^
//	.   .   . > .
//
// Every reader error is a *ParseError naming the line and the field, and
// a bad puzzle does not stop a batch.
//
// # Model
//
// Build makes one variable per cell (a given fixes it) on a grid.Grid,
// posts the rows and columns as all-differents (alldiff.Post, or all at
// once with units.Post: they are permutation units), a window on every
// cell with a relation on both sides along a line (chain.PostWindows:
// the cell and its two neighbours, all different, both relations; in the
// adjacent variant every inner cell of a line), and each sign of plain
// Futoshiki as an arithmetic constraint (arith.Less; in the adjacent
// variant the windows cover every pair, and only a board of size 2 gets
// arith.AbsDiff for a bar and arith.AbsDiffNotIn for two unmarked
// neighbours), all of them domain consistent. Options.Lines = Line
// (--model line) posts instead each row and column that has enough
// signs along it as one chain propagator (package chain), domain
// consistent on its all-different and its signs together: fewer guesses
// on the hardest ("recursive") puzzles, more time per node elsewhere.
// Auto, the command line's default, posts chains only where they pay on
// Unequal's puzzles (up to 9×9: in plain Futoshiki the lines with four
// signs or more, in the adjacent variant from 8×8 those with two bars or
// more),
// each with a cheap all-different (hidden singles) beside it, and
// all-differents on the other lines, no stronger than hidden singles in
// the adjacent variant, where the windows do most of the work. The
// command line's search is SearchFor's: counting-based (CountingSearch)
// on plain 9×9 boards, dom/wdeg elsewhere. Solve has the
// independent Check verify every solution it returns; Count counts up to
// a cap.
//
// # Reuse
//
// In the adjacent variant the propagators depend on a puzzle's relations
// only as data: its Shape (size, options, which lines get a chain) fixes
// them, and a model built once per shape (BuildShape, its chains and
// windows reading the relations from the model through
// chain.PostShared) takes each puzzle of that shape by Pose, its
// relations and givens, with the search a model of its own would make.
// The command line keeps one per shape and worker (problems/catalog's
// Reuse). Plain Futoshiki builds a model per puzzle: its propagators,
// and so dom/wdeg's weights, follow the positions of its signs.
//
// The package registers "futoshiki" with problems/catalog, so the command
// line serves it: csp solve futoshiki FILE, csp count futoshiki FILE
// --limit 2, csp generate futoshiki --size 7 [--adjacent] [--signs P].
package futoshiki
