package visibility_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/visibility"
)

// permutations returns every permutation of 1..n.
func permutations(n int) [][]int {
	var out [][]int
	perm := make([]int, n)
	used := make([]bool, n+1)
	var walk func(i int)
	walk = func(i int) {
		if i == n {
			out = append(out, append([]int(nil), perm...))
			return
		}
		for v := 1; v <= n; v++ {
			if !used[v] {
				used[v], perm[i] = true, v
				walk(i + 1)
				used[v] = false
			}
		}
	}
	walk(0)
	return out
}

// TestLineAlongSearches walks long random paths of narrowings, with pushes
// and pops, on full lines of 7 and 8 cells, and after every propagation
// compares the domains with the heights used by the permutations (listed
// up front) that meet both clues inside the domains propagation started
// from: Line keeps exactly those. The paths are long so that the
// witnesses a line keeps between runs are reused, repaired and lent,
// deep in a path and after backtracking, where the short paths of
// TestLineAgainstBruteForce seldom take them.
func TestLineAlongSearches(t *testing.T) {
	for _, n := range []int{7, 8} {
		all := permutations(n)
		clues := [][2]int{{2, 3}, {3, 0}, {0, 4}, {4, 2}, {1, 2}, {3, 3}}
		for _, c := range clues {
			front, back := c[0], c[1]
			var perms [][]int
			for _, p := range all {
				if (front == 0 || seen(p) == front) && (back == 0 || seen(reversed(p)) == back) {
					perms = append(perms, p)
				}
			}
			t.Run(fmt.Sprintf("n=%d/front=%d/back=%d", n, front, back), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(10*n+front), uint64(back)))
				for trial := range 12 {
					m := csp.NewModel()
					line := make([]csp.Var, n)
					for i := range line {
						line[i] = m.NewVar(domains.Range(1, n), fmt.Sprintf("x%d", i))
					}
					require.NoError(t, visibility.PostLine(m, line, n, front, back))
					s := csp.NewSpace(m, csp.Copying)
					for step := range 60 {
						before := make([]uint64, n)
						for i, x := range line {
							before[i] = s.Words(x)[0]
						}
						ok := s.Propagate()
						want := make([]uint64, n)
						for _, p := range perms {
							inside := true
							for i, v := range p {
								inside = inside && before[i]>>v&1 != 0
							}
							if inside {
								for i, v := range p {
									want[i] |= 1 << v
								}
							}
						}
						if want[0] == 0 {
							assert.False(t, ok, "trial %d step %d: no permutation left, yet no failure", trial, step)
						} else {
							require.True(t, ok, "trial %d step %d: failed with permutations left", trial, step)
							for i, x := range line {
								assert.Equal(t, want[i], s.Words(x)[0], "trial %d step %d cell %d", trial, step, i)
							}
						}
						if !ok || s.Level() > 0 && rng.IntN(5) == 0 {
							if s.Level() == 0 {
								break // the root failed
							}
							s.Pop()
							continue
						}
						x := line[rng.IntN(n)]
						if s.Assigned(x) {
							continue
						}
						vals := s.Dom(x).AppendValues(nil)
						s.Push()
						if v := vals[rng.IntN(len(vals))]; rng.IntN(3) == 0 {
							s.Assign(x, v)
						} else {
							s.Remove(x, v)
						}
					}
				}
			})
		}
	}
}
