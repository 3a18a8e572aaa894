package latin

import (
	"fmt"
	"math/rand/v2"

	"github.com/cspgo/csp/internal/latinsquare"
)

// RandomSquare returns a random Latin square of order n (symbols 1..n)
// drawn by the Jacobson–Matthews Markov chain ("Generating uniformly
// distributed random Latin squares", J. Combin. Designs 1996). The same rng
// state gives the same square.
func RandomSquare(n int, rng *rand.Rand) [][]int { return latinsquare.Random(n, rng) }

// Holes says how Generate punches holes.
type Holes uint8

// Hole patterns.
const (
	// RandomHoles picks the holes uniformly among all cells (QWH).
	RandomHoles Holes = iota
	// BalancedHoles gives every row and every column either floor(h/n) or
	// ceil(h/n) holes (balanced QWH, Kautz et al., IJCAI 2001), the harder
	// kind: the pattern is read off a second random Latin square L, holing
	// the cells where L holds 1..k, plus those holding k+1 in h mod n
	// random rows.
	BalancedHoles
)

// Generate returns a quasigroup-with-holes instance: a random Latin square
// of order n with h cells emptied. Every instance it makes has a solution
// (the square it came from), returned too. The seed fixes the output.
func Generate(n, h int, kind Holes, seed uint64) (*Instance, [][]int, error) {
	if n < 1 || n > MaxOrder {
		return nil, nil, fmt.Errorf("latin: order %d, want 1..%d", n, MaxOrder)
	}
	if h < 0 || h > n*n {
		return nil, nil, fmt.Errorf("latin: %d holes, want 0..%d", h, n*n)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	sol := RandomSquare(n, rng)
	inst := &Instance{Order: n, Grid: make([][]int, n), Line: 1}
	for r := range n {
		inst.Grid[r] = append([]int(nil), sol[r]...)
	}
	switch kind {
	case BalancedHoles:
		pattern := RandomSquare(n, rng)
		k, extra := h/n, h%n
		extraRows := map[int]bool{}
		for _, r := range rng.Perm(n)[:extra] {
			extraRows[r] = true
		}
		for r := range n {
			for c := range n {
				if v := pattern[r][c]; v <= k || (v == k+1 && extraRows[r]) {
					inst.Grid[r][c] = 0
				}
			}
		}
	default:
		for _, cell := range rng.Perm(n * n)[:h] {
			inst.Grid[cell/n][cell%n] = 0
		}
	}
	return inst, sol, nil
}
