package channel_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
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
				require.NoError(t, channel.Inverse(m, v[:n], v[n:], 1))
				if c.alldiff {
					require.NoError(t, alldiff.Post(m, v[:n], alldiff.GAC))
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
			require.NoError(t, channel.Inverse(m, []csp.Var{v[0], v[0]}, []csp.Var{v[1], v[0]}, 0))
		},
		Holds: func(v []int) bool { return inverseHolds([]int{v[0], v[0]}, []int{v[1], v[0]}, 0) },
	})
	proptest.Check(t, proptest.Case{
		Vars: 3, MinVal: 0, MaxVal: 3,
		Post: func(m *csp.Model, v []csp.Var) {
			require.NoError(t, channel.Inverse(m, []csp.Var{v[0], v[1], v[2]}, []csp.Var{v[2], v[1], v[0]}, 1))
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
		require.NoError(t, channel.Inverse(m, xs, ys, c.base))
		require.NoError(t, alldiff.Post(m, xs, alldiff.GAC))
		res := csp.Solve(context.Background(), m, csp.Options{Var: csp.MinDomain})
		require.Equal(t, "solved", res.Status(), "n %d base %d", c.n, c.base)
		x, y := make([]int, c.n), make([]int, c.n)
		for i := range c.n {
			x[i], y[i] = res.Solution[xs[i]], res.Solution[ys[i]]
		}
		require.True(t, inverseHolds(x, y, c.base))
	}
}

// TestInverseAcrossBacktracking walks down and up random search trees,
// in both save modes, with Reset now and then, and checks every
// propagation against a fresh space made from the domains it started
// from: the propagator keeps, per position, what it saw at the nodes
// above, and must reach the same fixpoint as one that keeps nothing.
// Orders 40 and more, from base 30, take the words past 64.
func TestInverseAcrossBacktracking(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := range 300 {
		n := 2 + rng.IntN(7)
		base := rng.IntN(3)
		if trial%10 == 9 {
			n, base = 40+rng.IntN(30), 30
		}
		mode := csp.SaveMode(trial % 2)
		// A pool of variables; now and then one sits at two positions.
		pool := 2 * n
		if rng.IntN(4) == 0 {
			pool = 2*n - 1 - rng.IntN(n)
		}
		initial := make([][]int, pool)
		for i := range initial {
			for v := max(base-1, 0); v <= base+n; v++ {
				if rng.IntN(8) != 0 {
					initial[i] = append(initial[i], v)
				}
			}
			if len(initial[i]) == 0 {
				initial[i] = []int{base}
			}
		}
		pos := make([]int, 2*n)
		for i := range pos {
			pos[i] = i % pool
			if i >= pool {
				pos[i] = rng.IntN(pool)
			}
		}
		rng.Shuffle(len(pos), func(i, j int) { pos[i], pos[j] = pos[j], pos[i] })
		build := func(doms [][]int) (*csp.Model, []csp.Var) {
			m := csp.NewModel()
			vars := make([]csp.Var, pool)
			for i, d := range doms {
				vars[i] = m.NewVar(domains.Of(d...), "v")
			}
			xs, ys := make([]csp.Var, n), make([]csp.Var, n)
			for i := range n {
				xs[i], ys[i] = vars[pos[i]], vars[pos[n+i]]
			}
			require.NoError(t, channel.Inverse(m, xs, ys, base))
			return m, vars
		}
		m, vars := build(initial)
		s := csp.NewSpace(m, mode)
		for step := range 60 {
			before := proptest.Snapshot(s, vars)
			ok := s.Propagate()
			ref := csp.NewSpace(func() *csp.Model { m, _ := build(before); return m }(), mode)
			refOK := ref.Propagate()
			require.Equal(t, refOK, ok, "trial %d step %d", trial, step)
			if ok {
				for i, x := range vars {
					require.Equal(t, ref.Dom(csp.Var(i)).AppendValues(nil), s.Dom(x).AppendValues(nil),
						"trial %d step %d var %d", trial, step, i)
				}
			}
			switch {
			case !ok && s.Level() == 0:
				s.Reset()
				continue
			case rng.IntN(20) == 0:
				s.Reset()
				continue
			case !ok || (s.Level() > 0 && rng.IntN(3) == 0):
				for k := 1 + rng.IntN(2); k > 0 && s.Level() > 0; k-- {
					s.Pop()
				}
				if rng.IntN(2) == 0 {
					continue // propagate the restored node again: nothing to do
				}
			default:
				s.Push()
			}
			x := vars[rng.IntN(len(vars))]
			if s.Dom(x).Size() < 2 {
				continue
			}
			proptest.Narrow(rng, s, x)
		}
	}
}

func TestInverseBadArguments(t *testing.T) {
	cases := []struct {
		name   string
		xs, ys []csp.Var
		base   int
		msg    string
	}{
		{"lists of different lengths", []csp.Var{0, 1}, []csp.Var{2}, 1, "2 and 1 variables"},
		{"negative base", []csp.Var{0, 1}, []csp.Var{2, 3}, -1, "values -1..0 outside"},
		{"values above MaxValue", []csp.Var{0, 1}, []csp.Var{2, 3}, domains.MaxValue, "values 65535..65536 outside 0..65535"},
		{"x not in the model", []csp.Var{0, 4}, []csp.Var{2, 3}, 1, "variable 4 at position 1"},
		{"y not in the model", []csp.Var{0, 1}, []csp.Var{-2, 3}, 1, "variable -2 at position 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			for range 4 {
				m.NewIntVar(1, 2, "v")
			}
			err := channel.Inverse(m, c.xs, c.ys, c.base)
			require.ErrorIs(t, err, channel.ErrInverse)
			assert.ErrorContains(t, err, c.msg)
			assert.Zero(t, m.NumPropagators(), "nothing posted")
		})
	}
}
