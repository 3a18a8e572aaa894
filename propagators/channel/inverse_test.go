package channel_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/channel"
)

func TestInverseAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		n       int
		alldiff bool
	}{{2, false}, {3, false}, {3, true}, {4, true}} {
		n := c.n
		proptest.Check(t, proptest.Case{
			Vars: 2 * n, MinVal: 0, MaxVal: n + 1,
			Post: func(m *csp.Model, v []csp.Var) {
				channel.Inverse(m, v[:n], v[n:], 1)
				if c.alldiff {
					alldiff.Post(m, v[:n], alldiff.GAC)
				}
			},
			Holds: func(v []int) bool {
				for i := range n {
					for j := range n {
						if (v[i] == j+1) != (v[n+j] == i+1) {
							return false
						}
					}
					if v[i] < 1 || v[i] > n || v[n+i] < 1 || v[n+i] > n {
						return false
					}
				}
				return true
			},
			Complete: c.alldiff,
			Seed:     uint64(n),
		})
	}
}

// inverseHolds checks xs[i] = j+base <=> ys[j] = i+base, values in range.
func inverseHolds(xs, ys []int, base int) bool {
	n := len(xs)
	for i := range n {
		if xs[i] < base || xs[i] >= base+n || ys[i] < base || ys[i] >= base+n {
			return false
		}
		for j := range n {
			if (xs[i] == j+base) != (ys[j] == i+base) {
				return false
			}
		}
	}
	return true
}

func TestInverseWithRepeatedVariables(t *testing.T) {
	// xs = [a, a], ys = [b, a]: each position must be advised on its own.
	proptest.Check(t, proptest.Case{
		Vars: 2, MinVal: 0, MaxVal: 2,
		Post: func(m *csp.Model, v []csp.Var) {
			channel.Inverse(m, []csp.Var{v[0], v[0]}, []csp.Var{v[1], v[0]}, 0)
		},
		Holds: func(v []int) bool { return inverseHolds([]int{v[0], v[0]}, []int{v[1], v[0]}, 0) },
	})
	proptest.Check(t, proptest.Case{
		Vars: 3, MinVal: 0, MaxVal: 3,
		Post: func(m *csp.Model, v []csp.Var) {
			channel.Inverse(m, []csp.Var{v[0], v[1], v[2]}, []csp.Var{v[2], v[1], v[0]}, 1)
		},
		Holds: func(v []int) bool { return inverseHolds([]int{v[0], v[1], v[2]}, []int{v[2], v[1], v[0]}, 1) },
	})
}

func TestInverseAtAWordBoundary(t *testing.T) {
	// base+n = 64 (values up to 63, one word): it used to read a second word.
	for _, c := range []struct{ n, base int }{{63, 1}, {64, 0}, {64, 1}} {
		m := csp.NewModel()
		xs, ys := make([]csp.Var, c.n), make([]csp.Var, c.n)
		for i := range c.n {
			xs[i] = m.NewIntVar(c.base, c.base+c.n-1, "x")
			ys[i] = m.NewIntVar(c.base, c.base+c.n-1, "y")
		}
		channel.Inverse(m, xs, ys, c.base)
		alldiff.Post(m, xs, alldiff.GAC)
		res := csp.Solve(context.Background(), m, csp.Options{Var: csp.MinDomain})
		require.Equal(t, "solved", res.Status(), "n %d base %d", c.n, c.base)
		x, y := make([]int, c.n), make([]int, c.n)
		for i := range c.n {
			x[i], y[i] = res.Solution[xs[i]], res.Solution[ys[i]]
		}
		require.True(t, inverseHolds(x, y, c.base))
	}
}
