package kakuro

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/problems/internal/square"
)

// ErrInvalid is what Check returns (wrapped) for a grid that does not
// solve the puzzle.
var ErrInvalid = errors.New("kakuro: not a solution")

// Check reports whether grid (rows of digits, 0 for black cells) solves
// p: the grid has p's shape, every black cell holds 0, every white cell
// 1..9 and its given if it has one, and every run holds distinct digits
// adding up to its clue. It walks the grid itself, row by row and column
// by column, reading the clues from the black cells, and shares no code
// with the model or its propagators (nor with Puzzle.Runs), so tests and
// the command line can trust it to judge them. The error wraps ErrInvalid
// and names the cell as rXcY (1-based) or the run by its clue cell. It
// takes O(rows × cols) time.
func Check(p *Puzzle, grid [][]int) error {
	if len(grid) != p.rows {
		return fmt.Errorf("%w: %d rows, want %d", ErrInvalid, len(grid), p.rows)
	}
	for r, row := range grid {
		if len(row) != p.cols {
			return fmt.Errorf("%w: row %d has %d cells, want %d", ErrInvalid, r+1, len(row), p.cols)
		}
		for c, v := range row {
			cell := p.cells[r*p.cols+c]
			switch {
			case cell.Black && v != 0:
				return fmt.Errorf("%w: r%dc%d is black but holds %d, want 0", ErrInvalid, r+1, c+1, v)
			case !cell.Black && (v < 1 || v > 9):
				return fmt.Errorf("%w: r%dc%d holds %d, want 1..9", ErrInvalid, r+1, c+1, v)
			case !cell.Black && cell.Given != 0 && v != cell.Given:
				return fmt.Errorf("%w: r%dc%d holds %d, but the given is %d", ErrInvalid, r+1, c+1, v, cell.Given)
			}
		}
	}
	for r := range p.rows {
		for c := range p.cols {
			cell := p.cells[r*p.cols+c]
			if !cell.Black {
				continue
			}
			if err := checkRun(p, grid, r, c, 0, 1, cell.Across, "across"); err != nil {
				return err
			}
			if err := checkRun(p, grid, r, c, 1, 0, cell.Down, "down"); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkRun checks the white cells after the black cell (r, c) in
// direction (dr, dc) against its clue sum: distinct, adding up to sum.
// With no white cell there, there is nothing to check (New has made sure
// that a clue has its run and a run its clue).
func checkRun(p *Puzzle, grid [][]int, r, c, dr, dc, sum int, dir string) error {
	var seen [10]int // seen[d]: 1-based position in the run of digit d, 0 if absent
	total, n := 0, 0
	for i, j := r+dr, c+dc; i < p.rows && j < p.cols && !p.cells[i*p.cols+j].Black; i, j = i+dr, j+dc {
		n++
		v := grid[i][j]
		if seen[v] != 0 {
			return fmt.Errorf("%w: the %s run of r%dc%d holds %d twice (its cells %d and %d)", ErrInvalid, dir, r+1, c+1, v, seen[v], n)
		}
		seen[v] = n
		total += v
	}
	if n > 0 && total != sum {
		return fmt.Errorf("%w: the %s run of r%dc%d adds up to %d, want %d", ErrInvalid, dir, r+1, c+1, total, sum)
	}
	return nil
}

// ErrClash is what Clash wraps: givens that repeat in a run, or that put
// a run's clue out of reach. Such a puzzle reads, and has no solution.
var ErrClash = errors.New("kakuro: givens clash")

// Clash reports givens that leave p no solution, looking at the runs in
// the order Runs gives them: two equal givens in a run ("r2c2 and r2c4
// both hold 3 (the across run of r2c1)"), else a run whose clue its
// givens put out of reach of its cells with distinct digits. The error
// wraps ErrClash; nil when no run clashes. The command line says so
// without search.
func (p *Puzzle) Clash() error {
	givens := make([]int, len(p.cells))
	for i, c := range p.cells {
		if !c.Black {
			givens[i] = c.Given
		}
	}
	name := func(i int) string { return fmt.Sprintf("r%dc%d", i/p.cols+1, i%p.cols+1) }
	for _, run := range p.runs {
		dir := "across"
		if run.Down {
			dir = "down"
		}
		var seen [MaxRun + 1]int // seen[d]: 1 + the cell holding digit d, or 0
		for _, i := range run.Cells {
			d := givens[i]
			if d == 0 {
				continue
			}
			if seen[d] != 0 {
				return fmt.Errorf("%w: %s and %s both hold %d (the %s run of %s)", ErrClash, name(seen[d]-1), name(i), d, dir, name(run.Clue))
			}
			seen[d] = i + 1
		}
		if lo, hi := square.Reach(MaxRun, givens, run.Cells); run.Sum < lo || run.Sum > hi {
			return fmt.Errorf("%w: the %s run of %s wants %d, but its cells can only add up to %d..%d", ErrClash, dir, name(run.Clue), run.Sum, lo, hi)
		}
	}
	return nil
}
