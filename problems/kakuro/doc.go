// Package kakuro models Kakuro ("cross sums").
//
// A Kakuro is a grid of black and white cells. Every maximal line of
// white cells across or down (a run, 2..9 cells long) holds distinct
// digits 1..9 adding up to the clue written in the black cell just
// before it: to its left for a run across, above it for a run down. A
// black cell may carry two clues, one for the run below it and one for
// the run to its right; so the first row and column are black.
//
//	p, err := kakuro.New(rows)                        // or kakuro.Read, kakuro.Generate
//	grid, res, err := kakuro.Solve(ctx, p, kakuro.Options{}, kakuro.DefaultSearch)
//	fmt.Print(kakuro.FormatSolution(p, grid))
//
// # Format
//
// Read takes the common cell notation, one grid row per line:
//
//	% a 5×5 Kakuro, made by Generate(ctx, 5, 3)
//	  #  10\ 13\   #   #
//	 \3    .   . 11\ 13\
//	\29    .   .   .   .
//	\11    .   .   .   .
//	  #    #  \4   .   .
//
// Each cell is one token; tokens are separated by any number of spaces or
// tabs (their alignment does not matter):
//
//   - '#', 'X' or 'x': a black cell without a clue;
//   - 'D\R': a black cell with the down clue D (the sum of the run below
//     it) and the across clue R (the sum of the run to its right), each a
//     number 1..45 of one or two digits, or empty for no clue: '\16' has
//     only an across clue, '23\' only a down clue ('\' alone is a black
//     cell without a clue). A slash may stand for the backslash ('23/16'),
//     as some sources write it; Format writes the backslash;
//   - '.', '0' or '_': a white cell to fill;
//   - a digit 1..9: a white cell whose digit is given.
//
// Every row has the same number of cells, at most MaxSize, and a grid
// at most MaxSize rows. Puzzles are separated by one or more blank lines
// (a line of spaces and tabs is blank). A line whose first character
// other than a space or tab is '%' is a comment, skipped wherever it is,
// inside a puzzle too ('#' cannot start a comment: it is a black cell).
// Line endings may be LF or CRLF; a UTF-8 byte order mark before the
// first line is skipped. A line may be at most MaxLine bytes.
//
// A grid is valid when every run has 2..9 cells and a clue in the cell
// before it that its length can make with distinct digits (SumRange: 3..17
// for two cells, 45 for nine), every clue has its run, and there is at
// least one white cell. Givens are not checked against each other: a
// puzzle whose givens clash reads, and has no solution; Clash names the
// clash (two equal givens in a run, or givens that put a clue out of
// reach). A malformed puzzle is reported as a *ParseError naming the
// puzzle's place in the batch, the line and the field (the cell's 1-based position on its line; for a
// fault of a run, the field of its clue cell) and wrapping ErrToken,
// ErrClue, ErrRun, ErrNoClue, ErrNoRun, ErrRagged, ErrSize or ErrLong;
// Read then goes on with the next puzzle. Read streams: lines come one at
// a time from internal/textio's reader, as for every puzzle here.
//
// Format writes a puzzle in this notation, its columns aligned;
// FormatSolution writes it with every white cell filled, which reads back
// as a puzzle whose digits are all given. Both end with a newline, so the
// puzzles of a batch need a blank line between them.
//
// # Model
//
// Build makes one variable per white cell (1..9, or its given) and posts
// each run as one distinct-sum constraint (linear.PostDistinctSum at GAC):
// domain consistent on "distinct digits adding up to the clue" together,
// the way a solver works with the combinations of a sum (16 in two cells
// is 7+9: neither holds 8). Options.Model = Split posts instead an
// all-different and a bounds-consistent sum per run, as two propagators,
// to measure what the combined one saves. Solve has the independent Check
// verify every solution it returns; Count counts up to a cap.
//
// # Corpus
//
// Generate makes puzzles with a unique solution (see there for how), and
// testdata holds 35 of size 7 (small.txt, 33 of them pure clue puzzles,
// two with 3 givens) and 35 of size 10 (large.txt, 15 pure, the others
// with 2 to 25 givens) made by it for seeds 1 to 35, each headed by a
// comment naming its size and seed (go test -run TestWriteCorpus -update
// makes them again); the tests read, solve, check and count every one.
package kakuro
