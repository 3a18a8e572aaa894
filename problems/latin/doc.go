// Package latin models Latin-square (quasigroup) completion: an N×N
// square of symbols 1..N, each row and column a permutation, some cells
// given.
//
//	inst, err := latin.Parse("3\n1 0 0\n0 0 0\n0 0 2\n")
//	grid, res, err := latin.Solve(ctx, inst, latin.DefaultOptions, latin.DefaultSearch)
//
// DefaultOptions and DefaultSearch are the command line's configuration,
// a staged solve: dom/wdeg and GAC on the channeled model for a budget of
// failures, then clause learning with the Hidden all-different on the
// row-and-column model (the hard instances at the hardness peak need it;
// the easy ones are done before it starts).
// Read and Parse read the instance format (N, then N rows, 0 for a hole;
// several instances may follow each other), ReadMarks and FormatMarks
// pencil marks. Build makes one of three models (channeled, with the two
// dual views, the zero Options and the command line's without learning
// or before it; rowcol, the command line's with learning; symbols). Check
// verifies a square independently of the model. Generate makes quasigroup-with-holes
// instances (a random Latin square by the Jacobson-Matthews chain, then
// holes, random or balanced), and Make makes unique, graded, minimal
// puzzles for the authors' tools.
package latin
