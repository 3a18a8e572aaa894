package sudoku

import (
	"errors"
	"fmt"
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

// Check reports whether solution (N*N values, row by row) solves p: every
// cell holds 1..N, every given is kept, and every row, column and box holds
// each value once. It shares no code with the model's propagators (plain
// loops over the grid), so tests and the command line can trust it to
// judge them. The error wraps ErrInvalid and names the cell as rXcY
// (1-based) and the unit; a malformed p gives Validate's error. It takes
// O(N*N) time.
func Check(p *Puzzle, solution []int) error {
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
	return nil
}

// Clash reports the first pair of givens that repeat in a unit, looking at
// the rows top to bottom, then the columns left to right, then the boxes in
// reading order, as an error wrapping ErrClash such as
// "r1c3 and r1c7 both hold 5 (row 1)". Such a puzzle has no solution, and
// Clash says so without search. A malformed p gives Validate's error.
func (p *Puzzle) Clash() error {
	if err := p.Validate(); err != nil {
		return err
	}
	if a, b, unit := repeat(p, p.Cells); unit != "" {
		n := p.N()
		return fmt.Errorf("%w: %s and %s both hold %d (%s)", ErrClash, cellName(n, a), cellName(n, b), p.Cells[a], unit)
	}
	return nil
}

// repeats reports whether any unit of cells repeats a value other than 0,
// with one bit mask per row, column and box: the fast answer for the usual
// case, before repeat looks for where.
func repeats(p *Puzzle, cells []int) bool {
	n := p.N()
	var rows, cols, boxes [MaxN]uint64
	for i, v := range cells {
		if v == 0 {
			continue
		}
		r, c := i/n, i%n
		k := r/p.BoxRows*p.BoxRows + c/p.BoxCols
		bit := uint64(1) << v
		if (rows[r]|cols[c]|boxes[k])&bit != 0 {
			return true
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[k] |= bit
	}
	return false
}

// repeat finds the first value other than 0 that appears twice in a unit
// of cells (a valid grid of p's shape): the cells a (first seen) and b, and
// the unit's name; unit is "" when there is none. Rows come first, then
// columns, then boxes, each unit scanned in reading order.
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
	// Box k has its top-left cell at row (k / BoxRows) * BoxRows and column
	// (k % BoxRows) * BoxCols: there are BoxRows boxes across.
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
	return 0, 0, ""
}
