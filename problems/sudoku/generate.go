package sudoku

import (
	"fmt"
	"math/rand/v2"
)

// Random returns a puzzle with boxes of boxRows x boxCols made from a random
// valid grid with holes cells blanked at random, and that grid (a solution;
// with many holes it is seldom the only one). The grid is a pattern grid
// shuffled by the moves that keep a sudoku valid: symbols relabelled, rows
// permuted within bands, bands permuted, columns within stacks, stacks.
// Puzzles for benchmarking sizes where no public set exists, not puzzles
// for people (see the authors' tools for those).
func Random(boxRows, boxCols, holes int, seed uint64) (*Puzzle, []int, error) {
	n := boxRows * boxCols
	if boxRows < 2 || boxCols < 2 || n > MaxN {
		return nil, nil, fmt.Errorf("%w: boxes of %dx%d, want sides of at least 2 and at most %d cells", ErrShape, boxRows, boxCols, MaxN)
	}
	if holes < 0 || holes > n*n {
		return nil, nil, fmt.Errorf("sudoku: %d holes, want 0..%d", holes, n*n)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5d0c))
	// within returns a permutation of 0..k*size-1 that moves whole
	// groups of size and shuffles inside each group.
	within := func(groups, size int) []int {
		order := rng.Perm(groups)
		out := make([]int, 0, groups*size)
		for _, g := range order {
			for _, i := range rng.Perm(size) {
				out = append(out, g*size+i)
			}
		}
		return out
	}
	rows := within(boxCols, boxRows) // boxCols bands of boxRows rows
	cols := within(boxRows, boxCols) // boxRows stacks of boxCols columns
	symbols := rng.Perm(n)
	grid := make([]int, n*n)
	for r := range n {
		for c := range n {
			rr, cc := rows[r], cols[c]
			// The pattern: row rr shifts by boxCols per row in a band
			// and by one per band.
			v := (boxCols*(rr%boxRows) + rr/boxRows + cc) % n
			grid[r*n+c] = symbols[v] + 1
		}
	}
	p := &Puzzle{BoxRows: boxRows, BoxCols: boxCols, Cells: append([]int(nil), grid...)}
	for _, i := range rng.Perm(n * n)[:holes] {
		p.Cells[i] = 0
	}
	return p, grid, nil
}
