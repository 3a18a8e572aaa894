package skyscraper

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/problems/internal/square"
)

// MaxSize is the largest board the readers accept: heights are single
// bitset words up to 63, and a hostile input cannot ask for more.
const MaxSize = 63

// Look is the direction an interior clue looks in.
type Look string

// The four directions.
const (
	Up    Look = "up"
	Down  Look = "down"
	Left  Look = "left"
	Right Look = "right"
)

// Interior is a clue inside the grid: standing on cell (Row, Col)
// (0-based) and looking in direction Look, Count buildings are visible,
// counting the cell itself as the first of the line.
type Interior struct {
	Row   int  `json:"row"`
	Col   int  `json:"col"`
	Look  Look `json:"look"`
	Count int  `json:"count"`
}

// Puzzle is an N×N skyscraper puzzle: heights 1..N, every row and column a
// permutation, clues round the edge (0: no clue), optional givens and
// interior clues.
type Puzzle struct {
	N        int
	Top      []int   // Top[c]: above column c, looking down
	Bottom   []int   // Bottom[c]: below column c, looking up
	Left     []int   // Left[r]: left of row r, looking right
	Right    []int   // Right[r]: right of row r, looking left
	Givens   [][]int // Givens[r][c]: a height, or 0; nil when there are none
	Interior []Interior
	// Marks, when not nil, are a person's pencil marks: the candidates of
	// each cell, row by row, as bits (bit h for height h). Solving and
	// explaining start from them.
	Marks []uint64
	Line  int // input line where the puzzle starts

	// spare holds the givens' rows of a recycled puzzle read again
	// without givens, for a later one with some (see Recycle).
	spare [][]int
}

// New returns an empty puzzle of size n: no clues, no givens.
func New(n int) *Puzzle {
	return &Puzzle{N: n, Top: make([]int, n), Bottom: make([]int, n), Left: make([]int, n), Right: make([]int, n)}
}

// Clockwise returns the clues as the kata's clockwise list: top left to
// right, right top to bottom, bottom right to left, left bottom to top.
func (p *Puzzle) Clockwise() []int {
	n := p.N
	cw := make([]int, 4*n)
	for i := range n {
		cw[i] = p.Top[i]
		cw[n+i] = p.Right[i]
		cw[3*n-1-i] = p.Bottom[i]
		cw[4*n-1-i] = p.Left[i]
	}
	return cw
}

// SetClockwise sets the clues from a clockwise list of 4N values.
func (p *Puzzle) SetClockwise(cw []int) {
	n := p.N
	for i := range n {
		p.Top[i] = cw[i]
		p.Right[i] = cw[n+i]
		p.Bottom[i] = cw[3*n-1-i]
		p.Left[i] = cw[4*n-1-i]
	}
}

// Clash reports givens that repeat in a row or column, naming the two
// cells (an error wrapping ErrClash): such a puzzle has no solution, and
// the command line says so without search. nil when none repeat, or when
// p has no givens.
func (p *Puzzle) Clash() error {
	if p.Givens == nil {
		return nil
	}
	if c := square.Clash(p.Givens); c != "" {
		return fmt.Errorf("%w: %s", ErrClash, c)
	}
	return nil
}

// ErrInvalid is what Check returns (wrapped) for a grid that does not
// solve the puzzle.
var ErrInvalid = errors.New("skyscraper: not a solution")

// Check verifies, independently of the model and its propagators, that grid
// solves p: the right shape, every row and column a permutation of 1..N,
// every given kept, every edge and interior clue seeing exactly its count.
func Check(p *Puzzle, grid [][]int) error {
	n := p.N
	if err := square.Check(grid, n, p.Givens, ErrInvalid); err != nil {
		return err
	}
	if _, i, _, ok := square.Repeat(grid); ok {
		return fmt.Errorf("%w: row or column %d repeats a height", ErrInvalid, i+1)
	}
	// seen counts the buildings visible from (r, c) stepping (dr, dc).
	seen := func(r, c, dr, dc int) int {
		count, tallest := 0, 0
		for ; r >= 0 && r < n && c >= 0 && c < n; r, c = r+dr, c+dc {
			if grid[r][c] > tallest {
				tallest = grid[r][c]
				count++
			}
		}
		return count
	}
	// look checks one clue, its name a format of arg (none when arg is 0)
	// filled in only on failure. The edge clues go by four at a time, in
	// an array that stays on the stack: a table of them all would cost an
	// easy puzzle's check more than the rest of it.
	type clue struct {
		name         string
		arg, want    int
		r, c, dr, dc int
	}
	look := func(k clue) error {
		if k.want == 0 {
			return nil
		}
		if got := seen(k.r, k.c, k.dr, k.dc); got != k.want {
			name := k.name
			if k.arg != 0 {
				name = fmt.Sprintf(name, k.arg)
			}
			return fmt.Errorf("%w: %s sees %d, want %d", ErrInvalid, name, got, k.want)
		}
		return nil
	}
	for i := range n {
		for _, k := range [...]clue{
			{"clue above column %d", i + 1, p.Top[i], 0, i, 1, 0},
			{"clue below column %d", i + 1, p.Bottom[i], n - 1, i, -1, 0},
			{"clue left of row %d", i + 1, p.Left[i], i, 0, 0, 1},
			{"clue right of row %d", i + 1, p.Right[i], i, n - 1, 0, -1},
		} {
			if err := look(k); err != nil {
				return err
			}
		}
	}
	for _, in := range p.Interior {
		dr, dc := in.Look.step()
		if err := look(clue{fmt.Sprintf("interior clue at r%dc%d looking %s", in.Row+1, in.Col+1, in.Look), 0, in.Count, in.Row, in.Col, dr, dc}); err != nil {
			return err
		}
	}
	return nil
}

// step returns the row and column step of a direction.
func (l Look) step() (dr, dc int) {
	switch l {
	case Up:
		return -1, 0
	case Down:
		return 1, 0
	case Left:
		return 0, -1
	}
	return 0, 1
}
