package kakuro

import (
	"errors"
	"fmt"
)

// MaxSize is the most rows and the most columns a puzzle may have, its
// clue row and column included. It bounds what a reader keeps for one
// puzzle (40 rows of 40 cells) and the model's size; published Kakuro
// grids are at most about 30 cells wide.
const MaxSize = 40

// MaxRun is the longest run: its cells hold distinct digits 1..9.
const MaxRun = 9

// The sentinels every error of the package wraps: a reader's
// *ParseError unwraps to one of them, and so does New's error (wrapped
// with fmt.Errorf), so callers test them with errors.Is.
var (
	// ErrToken is a token that is no cell of the format.
	ErrToken = errors.New("kakuro: bad token")
	// ErrClue is a clue that is not a number, or a sum its run cannot
	// make with distinct digits 1..9.
	ErrClue = errors.New("kakuro: bad clue")
	// ErrRun is a run of white cells of length 1 or longer than MaxRun.
	ErrRun = errors.New("kakuro: bad run")
	// ErrNoClue is a run of white cells whose clue cell lacks the clue,
	// or a white cell in the first row or column, which has no cell to
	// hold the clue.
	ErrNoClue = errors.New("kakuro: run without a clue")
	// ErrNoRun is a clue with no white cell after it.
	ErrNoRun = errors.New("kakuro: clue without a run")
	// ErrRagged is a row whose number of cells differs from the first
	// row's.
	ErrRagged = errors.New("kakuro: ragged rows")
	// ErrSize is a grid with more than MaxSize rows or columns, or none
	// at all, or without a single white cell.
	ErrSize = errors.New("kakuro: bad size")
	// ErrLong is an input line longer than MaxLine bytes.
	ErrLong = errors.New("kakuro: line too long")
	// ErrRead is an error of the underlying reader.
	ErrRead = errors.New("kakuro: read error")
)

// Cell is one square of the grid. A black cell holds clues, a white cell
// a digit to find (or given).
type Cell struct {
	Black  bool // a black cell; the others are white
	Down   int  // black: the sum of the run below it (0: no run below)
	Across int  // black: the sum of the run to its right (0: no run there)
	Given  int  // white: the digit given, 1..9 (0: to find)
}

// Run is a maximal line of white cells, across or down, with the clue
// that precedes it.
type Run struct {
	Clue  int   // index r*cols+c of the black cell holding the clue
	Down  bool  // the run goes down from its clue cell; else across
	Sum   int   // the clue: what the run's distinct digits add up to
	Cells []int // indices r*cols+c of its white cells, in order
}

// Puzzle is a valid Kakuro grid: every white cell lies in one run across
// and one run down, each of 2..MaxRun cells, each with its clue in the
// black cell before it, each clue a sum its run can make. It is made by
// New, Read or Generate, which compute its runs once, and it does not
// change afterwards; a Puzzle's zero value is not usable.
type Puzzle struct {
	rows, cols int
	cells      []Cell // row by row
	runs       []Run  // across runs in reading order of their clues, then down runs
}

// Rows returns the number of rows, the clue row included.
func (p *Puzzle) Rows() int { return p.rows }

// Cols returns the number of columns, the clue column included.
func (p *Puzzle) Cols() int { return p.cols }

// At returns the cell at row r, column c (0-based). It panics outside the
// grid, as indexing a slice does.
func (p *Puzzle) At(r, c int) Cell {
	if r < 0 || r >= p.rows || c < 0 || c >= p.cols {
		panic(fmt.Sprintf("kakuro: cell (%d, %d) outside a %dx%d grid", r, c, p.rows, p.cols))
	}
	return p.cells[r*p.cols+c]
}

// Cells returns a copy of the grid as rows of cells.
func (p *Puzzle) Cells() [][]Cell {
	out := make([][]Cell, p.rows)
	for r := range out {
		out[r] = append([]Cell(nil), p.cells[r*p.cols:(r+1)*p.cols]...)
	}
	return out
}

// Runs returns the puzzle's runs: the across runs in the reading order of
// their clue cells, then the down runs likewise. The slice is the
// puzzle's own: callers must not modify it.
func (p *Puzzle) Runs() []Run { return p.runs }

// White returns the number of white cells.
func (p *Puzzle) White() int {
	n := 0
	for _, c := range p.cells {
		if !c.Black {
			n++
		}
	}
	return n
}

// Givens returns the number of white cells whose digit is given.
func (p *Puzzle) Givens() int {
	n := 0
	for _, c := range p.cells {
		if !c.Black && c.Given != 0 {
			n++
		}
	}
	return n
}

// SumRange returns the smallest and the largest sum of n distinct digits
// 1..9: 1+2+...+n and 9+8+...+(10-n). Any sum between them is possible.
func SumRange(n int) (lo, hi int) {
	return n * (n + 1) / 2, n * (19 - n) / 2
}

// Problem is a fault New finds in a grid: what is wrong (Err, one of the
// package's sentinels, with Detail), at which cell (0-based Row and Col).
// The reader turns it into a *ParseError naming the cell's line and
// field.
type Problem struct {
	Row, Col int
	Detail   string
	Err      error
}

func (e *Problem) Error() string {
	return fmt.Sprintf("r%dc%d: %v: %s", e.Row+1, e.Col+1, e.Err, e.Detail)
}

// Unwrap returns the sentinel.
func (e *Problem) Unwrap() error { return e.Err }

// New checks a grid given as rows of cells and returns it as a Puzzle
// with its runs. A fault is a *Problem naming the first faulty cell in
// reading order (the clue cell of a faulty run) and wrapping ErrSize,
// ErrRagged, ErrToken (a clue on a white cell, a given on a black cell, a
// given outside 1..9), ErrClue, ErrRun, ErrNoClue or ErrNoRun. Givens are
// not checked against each other: givens that break a run make a puzzle
// without solution, not a malformed one. The rows are copied. It takes
// O(rows × cols) time.
func New(rows [][]Cell) (*Puzzle, error) {
	switch {
	case len(rows) == 0 || len(rows[0]) == 0:
		return nil, &Problem{Err: ErrSize, Detail: "no cells"}
	case len(rows) > MaxSize || len(rows[0]) > MaxSize:
		return nil, &Problem{Err: ErrSize, Detail: fmt.Sprintf("%dx%d, want at most %dx%d", len(rows), len(rows[0]), MaxSize, MaxSize)}
	}
	p := &Puzzle{rows: len(rows), cols: len(rows[0])}
	p.cells = make([]Cell, 0, p.rows*p.cols)
	for r, row := range rows {
		if len(row) != p.cols {
			return nil, &Problem{Row: r, Col: min(len(row), p.cols), Err: ErrRagged, Detail: fmt.Sprintf("%d cells, want %d as in the first row", len(row), p.cols)}
		}
		for c, cell := range row {
			if err := cellFault(cell); err != "" {
				return nil, &Problem{Row: r, Col: c, Err: ErrToken, Detail: err}
			}
			p.cells = append(p.cells, cell)
		}
	}
	if err := p.index(); err != nil {
		return nil, err
	}
	return p, nil
}

// cellFault says what is wrong with a cell on its own, or "".
func cellFault(c Cell) string {
	switch {
	case c.Black && c.Given != 0:
		return fmt.Sprintf("a black cell with a given %d", c.Given)
	case !c.Black && (c.Down != 0 || c.Across != 0):
		return "a white cell with a clue"
	case c.Given < 0 || c.Given > 9:
		return fmt.Sprintf("given %d, want 1..9", c.Given)
	case c.Down < 0 || c.Across < 0:
		return "a negative clue"
	}
	return ""
}

// index finds the runs, checking each against its clue, and that every
// clue has its run.
func (p *Puzzle) index() error {
	for i, cell := range p.cells {
		if r, c := i/p.cols, i%p.cols; !cell.Black && (r == 0 || c == 0) {
			line := "row"
			if c == 0 {
				line = "column"
			}
			return &Problem{Row: r, Col: c, Err: ErrNoClue, Detail: fmt.Sprintf("white cell in the first %s, with no cell for its clue", line)}
		}
	}
	white := 0
	for dir := range 2 {
		down := dir == 1
		for i, cell := range p.cells {
			if cell.Black {
				continue
			}
			white++
			r, c := i/p.cols, i%p.cols
			pr, pc := r, c-1 // the cell before, across or down
			if down {
				pr, pc = r-1, c
			}
			if pr >= 0 && pc >= 0 && !p.cells[pr*p.cols+pc].Black {
				continue // not the first cell of its run
			}
			run := Run{Clue: pr*p.cols + pc, Down: down}
			clue := p.cells[run.Clue]
			run.Sum = clue.Across
			if down {
				run.Sum = clue.Down
			}
			for k := i; k >= 0 && !p.cells[k].Black; {
				run.Cells = append(run.Cells, k)
				if down {
					k += p.cols
					if k >= len(p.cells) {
						break
					}
				} else {
					k++
					if k%p.cols == 0 {
						break
					}
				}
			}
			dirName := direction(down)
			n := len(run.Cells)
			if n < 2 || n > MaxRun {
				return &Problem{Row: pr, Col: pc, Err: ErrRun, Detail: fmt.Sprintf("%s run of %d cells, want 2..%d", dirName, n, MaxRun)}
			}
			if run.Sum == 0 {
				return &Problem{Row: pr, Col: pc, Err: ErrNoClue, Detail: fmt.Sprintf("no %s clue for the run of %d cells", dirName, n)}
			}
			if lo, hi := SumRange(n); run.Sum < lo || run.Sum > hi {
				return &Problem{Row: pr, Col: pc, Err: ErrClue, Detail: fmt.Sprintf("%s clue %d for a run of %d cells, want %d..%d", dirName, run.Sum, n, lo, hi)}
			}
			p.runs = append(p.runs, run)
		}
	}
	if white == 0 {
		return &Problem{Err: ErrSize, Detail: "no white cell"}
	}
	for i, cell := range p.cells {
		r, c := i/p.cols, i%p.cols
		if cell.Across != 0 && (c+1 == p.cols || p.cells[i+1].Black) {
			return &Problem{Row: r, Col: c, Err: ErrNoRun, Detail: fmt.Sprintf("across clue %d with no white cell to its right", cell.Across)}
		}
		if cell.Down != 0 && (r+1 == p.rows || p.cells[i+p.cols].Black) {
			return &Problem{Row: r, Col: c, Err: ErrNoRun, Detail: fmt.Sprintf("down clue %d with no white cell below", cell.Down)}
		}
	}
	return nil
}

// direction names a run's direction.
func direction(down bool) string {
	if down {
		return "down"
	}
	return "across"
}
