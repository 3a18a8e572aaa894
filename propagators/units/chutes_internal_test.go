package units

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

// permutations calls f with every permutation of 0..k-1.
func permutations(k int, f func([]int)) {
	perm := make([]int, k)
	used := make([]bool, k)
	var walk func(i int)
	walk = func(i int) {
		if i == k {
			f(perm)
			return
		}
		for j := range k {
			if !used[j] {
				used[j], perm[i] = true, j
				walk(i + 1)
				used[j] = false
			}
		}
	}
	walk(0)
}

// TestMatchAgainstPermutations: the matching tables keep in meet (i, j)
// exactly the values for which some permutation through (i, j) finds the
// value in every meet it uses, for k = 2..5, and the k = 3 formula agrees.
func TestMatchAgainstPermutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	p := &prop{fwd: make([]uint64, 1<<maxChute), bwd: make([]uint64, 1<<maxChute)}
	for k := 2; k <= 5; k++ {
		for trial := range 300 {
			e := make([]uint64, k*k)
			for m := range e {
				e[m] = rng.Uint64() & rng.Uint64() & 0xff // sparse: some values lose all matchings
			}
			want := make([]uint64, k*k)
			permutations(k, func(perm []int) {
				all := ^uint64(0)
				for i, j := range perm {
					all &= e[i*k+j]
				}
				for i, j := range perm {
					want[i*k+j] |= all
				}
			})
			got := make([]uint64, k*k)
			p.match(k, e, got)
			require.Equal(t, want, got, "k=%d trial %d e=%x", k, trial, e)
			if k == 3 {
				three := make([]uint64, 9)
				match3(e, three)
				require.Equal(t, want, three, "match3, trial %d", trial)
			}
		}
	}
}

// TestFindChutes: a sudoku's bands and stacks are its chutes (with boxes
// of r x c, n/r bands and n/c stacks), a Latin square's rows and columns
// (meeting in one cell) make none, and a diagonal joins none.
func TestFindChutes(t *testing.T) {
	for _, tc := range []struct {
		r, c, want int
	}{{2, 2, 4}, {2, 3, 5}, {3, 3, 6}, {3, 4, 7}, {1, 4, 0}} {
		m := csp.NewModel()
		n := tc.r * tc.c
		cells := make([]csp.Var, n*n)
		for i := range cells {
			cells[i] = m.NewIntVar(1, n, "")
		}
		var us [][]csp.Var
		for i := range n {
			var row, col, box []csp.Var
			for j := range n {
				row = append(row, cells[i*n+j])
				col = append(col, cells[j*n+i])
				br, bc := i/tc.r*tc.r+j/tc.c, i%tc.r*tc.c+j%tc.c
				box = append(box, cells[br*n+bc])
			}
			us = append(us, row, col)
			if tc.r > 1 {
				us = append(us, box)
			}
		}
		var diag []csp.Var
		for i := range n {
			diag = append(diag, cells[i*n+i])
		}
		us = append(us, diag)
		net, err := newNet(m, us, Chutes)
		require.NoError(t, err)
		assert.Len(t, net.chutes, tc.want, "%dx%d boxes", tc.r, tc.c)
		for _, ch := range net.chutes {
			assert.Len(t, ch.units, 2*ch.k)
			assert.Len(t, ch.meetStart, ch.k*ch.k+1)
			assert.Len(t, ch.meetCells, n*ch.k, "a chute covers k units' cells")
		}
	}
}
