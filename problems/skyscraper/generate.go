package skyscraper

import (
	"fmt"
	"math/rand/v2"

	"github.com/cspgo/csp/internal/latinsquare"
)

// FromGrid returns the puzzle whose clues are every count seen from the
// edges of grid (an N×N Latin square of heights 1..N), with no givens.
func FromGrid(grid [][]int) *Puzzle {
	n := len(grid)
	p := New(n)
	for pos, s := range edgeSights(n) {
		*clueAt(p, pos) = s.seen(grid)
	}
	return p
}

// Random returns a benchmark puzzle of size n: the clues of a random Latin
// square (Jacobson–Matthews), of which a random
// share keep (0..1) is kept. It has at least one solution, the square,
// returned too; it need not be unique (that is the authors' generator's
// job). The seed fixes the output.
func Random(n int, keep float64, seed uint64) (*Puzzle, [][]int, error) {
	if n < 1 || n > MaxSize {
		return nil, nil, fmt.Errorf("%w: size %d, want 1..%d", ErrSize, n, MaxSize)
	}
	if keep < 0 || keep > 1 {
		return nil, nil, fmt.Errorf("%w: keep %v, want 0..1", ErrClue, keep)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5c1))
	sq := latinsquare.Random(n, rng)
	p := FromGrid(sq)
	drop := 4*n - int(keep*float64(4*n)+0.5)
	cw := p.Clockwise()
	for _, i := range rng.Perm(4 * n)[:drop] {
		cw[i] = 0
	}
	p.SetClockwise(cw)
	return p, sq, nil
}
