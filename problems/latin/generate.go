package latin

import (
	"fmt"
	"math/rand/v2"
)

// RandomSquare returns a random Latin square of order n (symbols 1..n)
// drawn by the Jacobson–Matthews Markov chain ("Generating uniformly
// distributed random Latin squares", J. Combin. Designs 1996): starting from
// the cyclic square, it makes about n³ moves on the incidence cube, stopping
// at a proper square, then permutes rows, columns and symbols. The same rng
// state gives the same square.
func RandomSquare(n int, rng *rand.Rand) [][]int {
	switch {
	case n < 1:
		return nil
	case n == 1: // no move exists: the cube has no empty cell
		return [][]int{{1}}
	}
	// cube[(r*n+c)*n+s] is 1 when cell (r,c) holds s, -1 at the one improper
	// cell, 0 otherwise.
	cube := make([]int8, n*n*n)
	at := func(r, c, s int) *int8 { return &cube[(r*n+c)*n+s] }
	for r := range n {
		for c := range n {
			*at(r, c, (r+c)%n) = 1
		}
	}
	// pick returns a line position whose entry is 1; when two qualify (only
	// around the improper cell), one of them at random.
	pick := func(get func(i int) int8) int {
		first, second := -1, -1
		for i := range n {
			if get(i) == 1 {
				if first < 0 {
					first = i
				} else {
					second = i
				}
			}
		}
		if second >= 0 && rng.IntN(2) == 0 {
			return second
		}
		return first
	}
	improper := false
	var ir, ic, is int // the improper cell, when improper
	moves := n * n * n
	for step := 0; step < moves || improper; step++ {
		var r, c, s int
		if improper {
			r, c, s = ir, ic, is
		} else {
			for {
				r, c, s = rng.IntN(n), rng.IntN(n), rng.IntN(n)
				if *at(r, c, s) == 0 {
					break
				}
			}
		}
		r2 := pick(func(i int) int8 { return *at(i, c, s) })
		c2 := pick(func(i int) int8 { return *at(r, i, s) })
		s2 := pick(func(i int) int8 { return *at(r, c, i) })
		*at(r, c, s)++
		*at(r, c2, s2)++
		*at(r2, c, s2)++
		*at(r2, c2, s)++
		*at(r, c, s2)--
		*at(r, c2, s)--
		*at(r2, c, s)--
		*at(r2, c2, s2)--
		improper = *at(r2, c2, s2) < 0
		ir, ic, is = r2, c2, s2
	}
	sq := make([][]int, n)
	for r := range n {
		sq[r] = make([]int, n)
		for c := range n {
			for s := range n {
				if *at(r, c, s) == 1 {
					sq[r][c] = s + 1
				}
			}
		}
	}
	rows, cols, syms := rng.Perm(n), rng.Perm(n), rng.Perm(n)
	out := make([][]int, n)
	for r := range n {
		out[r] = make([]int, n)
		for c := range n {
			out[r][c] = syms[sq[rows[r]][cols[c]]-1] + 1
		}
	}
	return out
}

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
