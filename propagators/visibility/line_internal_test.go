package visibility

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cspgo/csp/csp"
)

// BenchmarkLineProgram times one run of the Line program alone (both
// passes each way, with a witness for every height it keeps), which a run
// of the propagator falls back to when its witnesses do not cover the
// domains: "root" with every height possible and clues near the middle,
// "half" with each cell keeping about half the heights around a
// permutation whose own clues are posted.
func BenchmarkLineProgram(b *testing.B) {
	for _, n := range []int{9, 12, 16} {
		for _, kind := range []string{"root", "half"} {
			b.Run(fmt.Sprintf("n=%d/%s", n, kind), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(uint64(n), 1))
				perm := rng.Perm(n)
				doms := make([]uint16, n)
				front, back := (n+1)/2, n/2
				for i := range doms {
					doms[i] = uint16(1)<<n - 1
				}
				if kind == "half" {
					for i := range doms {
						doms[i] = 1 << perm[i]
						for _, v := range rng.Perm(n)[:n/2] {
							doms[i] |= 1 << v
						}
					}
					front, back = maxima(perm), maxima(reverse(perm))
				}
				p := newLine(make([]csp.Var, n), &Clues{front, back})
				p.alloc()
				for b.Loop() {
					copy(p.dom, doms)
					clear(p.cover)
					p.wit = p.wit[:0]
					if !p.filter() { // it gives its tables back zeroed
						b.Fatal("no permutation")
					}
				}
			})
		}
	}
}

// maxima counts the left-to-right maxima of h.
func maxima(h []int) int {
	top, k := -1, 0
	for _, v := range h {
		if v > top {
			top, k = v, k+1
		}
	}
	return k
}

func reverse(h []int) []int {
	r := make([]int, len(h))
	for i, v := range h {
		r[len(h)-1-i] = v
	}
	return r
}
