package sudoku

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cspgo/csp/problems/internal/square"
)

// Sentinel errors of the checkers.
var (
	// ErrInvalid is what Check returns (wrapped) for a grid that does not
	// solve the puzzle.
	ErrInvalid = errors.New("sudoku: not a solution")
	// ErrClash is what Clash returns (wrapped) for givens that repeat in a
	// unit, which make the puzzle unsatisfiable.
	ErrClash = errors.New("sudoku: givens clash")
)

// Check verifies that grid, rows of N values, solves p: the form every
// problem's checker takes (see CheckCells for the rules it checks).
func Check(p *Puzzle, grid [][]int) error {
	n := p.N()
	if len(grid) != n {
		return fmt.Errorf("%w: %d rows, want %d", ErrInvalid, len(grid), n)
	}
	cells := make([]int, 0, n*n)
	for r, row := range grid {
		if len(row) != n {
			return fmt.Errorf("%w: row %d has %d cells, want %d", ErrInvalid, r+1, len(row), n)
		}
		cells = append(cells, row...)
	}
	return CheckCells(p, cells)
}

// CheckCells reports whether solution (N*N values, row by row) solves p: every
// cell holds 1..N, every given is kept, every row, column and box (or
// region) holds each value once, and so do both diagonals when
// p.Diagonals; every cage's cells hold different values adding up to its
// sum. It shares no code with the model's propagators (plain loops over
// the grid), so tests and the command line can trust it to judge them.
// The error wraps ErrInvalid and names the cell as rXcY (1-based) and the
// unit; a malformed p gives Validate's error. It takes O(N*N) time.
// The cells are row-major (the puzzle's own layout, p.Cells): the form
// the one-search Solver returns, checked without copying.
func CheckCells(p *Puzzle, solution []int) error {
	if err := p.Validate(); err != nil {
		return err
	}
	n := p.N()
	if len(solution) != n*n {
		return fmt.Errorf("%w: %d cells, want %d for a %dx%d grid", ErrInvalid, len(solution), n*n, n, n)
	}
	for i, v := range solution {
		if v < 1 || v > n {
			return fmt.Errorf("%w: %s holds %d, want 1..%d", ErrInvalid, cellName(n, i), v, n)
		}
		if g := p.Cells[i]; g != 0 && g != v {
			return fmt.Errorf("%w: %s holds %d, but the given is %d", ErrInvalid, cellName(n, i), v, g)
		}
	}
	// With every value in 1..N, a unit of N cells without a repeat is a
	// permutation.
	if a, b, unit := repeat(p, solution); unit != "" {
		return fmt.Errorf("%w: %s and %s both hold %d (%s)", ErrInvalid, cellName(n, a), cellName(n, b), solution[a], unit)
	}
	for k, c := range p.Cages {
		sum := 0
		for _, i := range c.Cells {
			sum += solution[i]
		}
		if sum != c.Sum {
			return fmt.Errorf("%w: cage %d (%s) adds up to %d, want %d", ErrInvalid, k+1, cageName(n, c), sum, c.Sum)
		}
	}
	return nil
}

// Clash reports the first pair of givens that repeat in a unit, looking at
// the rows top to bottom, then the columns left to right, then the boxes
// (or regions) in reading order, then the main diagonal and the
// anti-diagonal, then the cages, as an error wrapping ErrClash such as
// "r1c3 and r1c7 both hold 5 (row 1)"; then the first cage whose sum its
// cells cannot make, whatever values go in its empty cells. Such a puzzle
// has no solution, and Clash says so without search. A malformed p gives
// Validate's error.
func (p *Puzzle) Clash() error {
	if err := p.Validate(); err != nil {
		return err
	}
	n := p.N()
	if a, b, unit := repeat(p, p.Cells); unit != "" {
		return fmt.Errorf("%w: %s and %s both hold %d (%s)", ErrClash, cellName(n, a), cellName(n, b), p.Cells[a], unit)
	}
	for k, c := range p.Cages {
		lo, hi := square.Reach(n, p.Cells, c.Cells)
		if c.Sum < lo || c.Sum > hi {
			return fmt.Errorf("%w: cage %d (%s) wants %d, but its cells can only add up to %d..%d", ErrClash, k+1, cageName(n, c), c.Sum, lo, hi)
		}
	}
	return nil
}

// cageName lists a cage's cells for messages: "r1c1 r1c2".
func cageName(n int, c Cage) string {
	names := make([]string, len(c.Cells))
	for j, i := range c.Cells {
		names[j] = cellName(n, i)
	}
	return strings.Join(names, " ")
}

// repeats reports whether any row, column or box of a classic puzzle's
// cells repeats a value other than 0, with one bit mask per unit: the fast
// answer for the usual case, before repeat looks for where. Variants
// answer true, sending repeat to look.
func repeats(p *Puzzle, cells []int) bool {
	if p.Variant() {
		return true
	}
	n := p.N()
	if len(cells) != n*n {
		return true
	}
	var rows, cols, boxes [MaxN]uint64
	// Row by row, the box counted along the row: no division per cell
	// (this runs twice an instance, on the givens and on the solution).
	i := 0
	for r := range n {
		k, left := r/p.BoxRows*p.BoxRows, p.BoxCols // the row's first box
		for c := range n {
			if left == 0 {
				k, left = k+1, p.BoxCols
			}
			left--
			v := cells[i]
			i++
			if v == 0 {
				continue
			}
			bit := uint64(1) << v
			if (rows[r]|cols[c]|boxes[k])&bit != 0 {
				return true
			}
			rows[r] |= bit
			cols[c] |= bit
			boxes[k] |= bit
		}
	}
	return false
}

// repeat finds the first value other than 0 that appears twice in a unit
// of cells (a valid grid of p's shape): the cells a (first seen) and b, and
// the unit's name; unit is "" when there is none. Rows come first, then
// columns, then boxes or regions, each unit scanned in reading order, then
// the diagonals from the top, then the cages, each in its own order.
func repeat(p *Puzzle, cells []int) (a, b int, unit string) {
	if !repeats(p, cells) {
		return 0, 0, ""
	}
	n := p.N()
	seen := make([]int, n+1) // seen[v]: 1 + the cell of the unit holding v, or 0
	// visit records cell i; it reports whether i repeats a value seen.
	visit := func(i int) bool {
		v := cells[i]
		if v == 0 {
			return false
		}
		if seen[v] != 0 {
			a, b = seen[v]-1, i
			return true
		}
		seen[v] = i + 1
		return false
	}
	for r := range n {
		clear(seen)
		for c := range n {
			if visit(r*n + c) {
				return a, b, fmt.Sprintf("row %d", r+1)
			}
		}
	}
	for c := range n {
		clear(seen)
		for r := range n {
			if visit(r*n + c) {
				return a, b, fmt.Sprintf("column %d", c+1)
			}
		}
	}
	if p.Regions != nil {
		region, _ := regionIndex(n, p.Regions) // valid: Check and Clash validate first
		members := make([][]int, n)
		for i, k := range region {
			members[k] = append(members[k], i)
		}
		for k, cells := range members {
			clear(seen)
			for _, i := range cells {
				if visit(i) {
					return a, b, fmt.Sprintf("region %d", k+1)
				}
			}
		}
	} else {
		// Box k has its top-left cell at row (k / BoxRows) * BoxRows and
		// column (k % BoxRows) * BoxCols: there are BoxRows boxes across.
		for k := range n {
			clear(seen)
			top, left := k/p.BoxRows*p.BoxRows, k%p.BoxRows*p.BoxCols
			for r := top; r < top+p.BoxRows; r++ {
				for c := left; c < left+p.BoxCols; c++ {
					if visit(r*n + c) {
						return a, b, fmt.Sprintf("box %d", k+1)
					}
				}
			}
		}
	}
	if p.Diagonals {
		clear(seen)
		for r := range n {
			if visit(r*n + r) {
				return a, b, "main diagonal"
			}
		}
		clear(seen)
		for r := range n {
			if visit(r*n + n - 1 - r) {
				return a, b, "anti-diagonal"
			}
		}
	}
	for k, c := range p.Cages {
		clear(seen)
		for _, i := range c.Cells {
			if visit(i) {
				return a, b, fmt.Sprintf("cage %d", k+1)
			}
		}
	}
	return 0, 0, ""
}
