// Package kenken models KenKen, which Simon Tatham's puzzle collection
// calls Keen: an N×N Latin square (every row and column holds 1..N once)
// divided into cages, each with a target and an operation. The values of a
// + cage sum to the target, those of a × cage multiply to it; a - cage of
// two cells differs by it, a ÷ cage of two cells has it as the quotient;
// a one-cell cage holds its target. A value may repeat inside a cage when
// the cells share no row or column.
//
//	p, err := kenken.ParseTatham("4:_ba_5ba_a_aa_,a5a7s2d2m4s1m36", 1)
//	g, res, err := kenken.Solve(ctx, p, kenken.Options{AllDiff: alldiff.GAC}, csp.Options{Var: csp.DomWDeg})
//	fmt.Print(kenken.Format(p, g))
//
// # Forms
//
// Read streams a batch and tells the forms apart by their first character:
// Keen game IDs (ParseTatham, FormatTatham), one JSON object per line
// (FormatJSON), and drawn boards (Format), which the command line prints
// with the solution filled in and reads back. Errors are *ParseError
// values naming the line and field; a bad puzzle does not stop the batch.
// Check verifies a solved grid with plain loops, sharing nothing with the
// model.
//
// # Model
//
// Build puts the cells on a grid.Grid, the rows and columns into one
// units propagator (permutation units: naked singles, and hidden singles
// from alldiff.Hidden up), and each cage into a table of its tuples
// (table.PostCage), passing the pairs of cage cells that share a row or
// column so that the table keeps only tuples the Latin rule allows;
// Compact-Table then filters each cage to generalised arc consistency.
// The Linear model posts + cages as sums instead (linear.PostDistinctSum
// when the cage lies in one line), for comparison and for cages too large
// to tabulate.
package kenken
