package futoshiki

import (
	"fmt"
	"math/rand/v2"

	"github.com/cspgo/csp/internal/latinsquare"
)

// FromGrid returns the puzzle that grid (an N×N Latin square of 1..N)
// solves with every sign shown and no givens: in Futoshiki a '<' or '>'
// between every two neighbours, in the adjacent variant a bar between
// every two consecutive ones.
func FromGrid(grid [][]int, adjacent bool) *Puzzle {
	n := len(grid)
	p := New(n, adjacent)
	sign := func(a, b int) Sign {
		switch {
		case adjacent && (a-b == 1 || b-a == 1):
			return Bar
		case adjacent:
			return None
		case a < b:
			return Less
		}
		return Greater
	}
	for r := range n {
		for c := range n {
			if c < n-1 {
				p.Right[r][c] = sign(grid[r][c], grid[r][c+1])
			}
			if r < n-1 {
				p.Down[r][c] = sign(grid[r][c], grid[r+1][c])
			}
		}
	}
	return p
}

// Random returns a benchmark puzzle of size n drawn from a random Latin
// square (Jacobson–Matthews, internal/latinsquare), returned too: in
// Futoshiki a random share signs (0..1) of the 2N(N-1) inequalities
// kept, in the adjacent variant every bar (signs is ignored); and the
// values of all cells but holes of them, chosen at random, given. It has
// at least one solution, the square; it need not be unique. The seed
// fixes the output.
func Random(n int, adjacent bool, signs float64, holes int, seed uint64) (*Puzzle, [][]int, error) {
	switch {
	case n < 1 || n > MaxSize:
		return nil, nil, fmt.Errorf("%w: size %d, want 1..%d", ErrSize, n, MaxSize)
	case signs < 0 || signs > 1:
		return nil, nil, fmt.Errorf("%w: share of signs %v, want 0..1", ErrSign, signs)
	case holes < 0 || holes > n*n:
		return nil, nil, fmt.Errorf("%w: %d holes, want 0..%d", ErrCount, holes, n*n)
	}
	rng := rand.New(rand.NewPCG(seed, 0xf07))
	sq := latinsquare.Random(n, rng)
	p := FromGrid(sq, adjacent)
	if !adjacent {
		pairs := 2 * n * (n - 1)
		drop := pairs - int(signs*float64(pairs)+0.5)
		for _, k := range rng.Perm(pairs)[:drop] {
			if k < n*(n-1) {
				p.Right[k/(n-1)][k%(n-1)] = None
			} else {
				k -= n * (n - 1)
				p.Down[k/n][k%n] = None
			}
		}
	}
	for r := range n {
		copy(p.Givens[r], sq[r])
	}
	for _, k := range rng.Perm(n * n)[:holes] {
		p.Givens[k/n][k%n] = 0
	}
	return p, sq, nil
}
