package table_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/table"
)

// randomTable returns each tuple of lo..hi^arity with probability density.
func randomTable(rng *rand.Rand, arity, lo, hi int, density float64) [][]int {
	var out [][]int
	t := make([]int, arity)
	var walk func(i int)
	walk = func(i int) {
		if i == arity {
			if rng.Float64() < density {
				out = append(out, slices.Clone(t))
			}
			return
		}
		for v := lo; v <= hi; v++ {
			t[i] = v
			walk(i + 1)
		}
	}
	walk(0)
	return out
}

// member reports whether vals is one of tuples (by the positions pos).
func member(tuples [][]int, vals []int) bool {
	return slices.ContainsFunc(tuples, func(t []int) bool { return slices.Equal(t, vals) })
}

func TestAgainstBruteForce(t *testing.T) {
	shapes := []struct {
		name          string
		arity, lo, hi int
		density       float64
	}{
		{"3 vars of 0..4, sparse", 3, 0, 4, 0.1},
		{"3 vars of 0..4, half", 3, 0, 4, 0.5},
		{"3 vars of 0..4, dense", 3, 0, 4, 0.9},
		{"4 vars of 1..4, a few tuples", 4, 1, 4, 0.03},
		{"3 vars of 0..6, several words", 3, 0, 6, 0.6},
		{"2 vars across a word boundary", 2, 58, 70, 0.3},
		{"1 var", 1, 0, 9, 0.5},
		{"3 vars of -3..2, offset domains", 3, -3, 2, 0.4},
		{"2 vars of 65530..65600, offset past MaxValue", 2, 65530, 65600, 0.02},
	}
	for i, sh := range shapes {
		for seed := range 4 {
			rng := rand.New(rand.NewPCG(uint64(i), uint64(seed)))
			tuples := randomTable(rng, sh.arity, sh.lo, sh.hi, sh.density)
			t.Run(fmt.Sprintf("%s/%d", sh.name, seed), func(t *testing.T) {
				proptest.Check(t, proptest.Case{
					Vars: sh.arity, MinVal: sh.lo, MaxVal: sh.hi,
					Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, table.Post(context.Background(), m, v, tuples)) },
					Holds:    func(v []int) bool { return member(tuples, v) },
					Complete: true,
					Trials:   100,
					Steps:    12,
					Seed:     uint64(seed),
				})
			})
		}
	}
}

func TestOddTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	xyx := randomTable(rng, 3, 0, 4, 0.4) // over (x, y, x)
	t.Run("repeated variable", func(t *testing.T) {
		proptest.Check(t, proptest.Case{
			Vars: 2, MinVal: 0, MaxVal: 4,
			Post: func(m *csp.Model, v []csp.Var) {
				require.NoError(t, table.Post(context.Background(), m, []csp.Var{v[0], v[1], v[0]}, xyx))
			},
			Holds:    func(v []int) bool { return member(xyx, []int{v[0], v[1], v[0]}) },
			Complete: true,
		})
	})
	odd := [][]int{{-1, 2}, {1, 2}, {1, 2}, {3, 99999}, {2, 0}, {0, 70000}}
	t.Run("values outside the domains and repeats", func(t *testing.T) {
		proptest.Check(t, proptest.Case{
			Vars: 2, MinVal: 0, MaxVal: 4,
			Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, table.Post(context.Background(), m, v, odd)) },
			Holds:    func(v []int) bool { return member(odd, v) },
			Complete: true,
		})
	})
	t.Run("no tuple", func(t *testing.T) {
		proptest.Check(t, proptest.Case{
			Vars: 2, MinVal: 0, MaxVal: 4,
			Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, table.Post(context.Background(), m, v, nil)) },
			Holds:    func([]int) bool { return false },
			Complete: true,
		})
	})
	t.Run("no variable", func(t *testing.T) {
		m := csp.NewModel()
		m.NewIntVar(0, 1, "x")
		require.NoError(t, table.Post(context.Background(), m, nil, [][]int{{}}))
		assert.True(t, csp.NewSpace(m, csp.Copying).Propagate())
		require.NoError(t, table.Post(context.Background(), m, nil, nil))
		assert.False(t, csp.NewSpace(m, csp.Copying).Propagate())
	})
}

// TestStackAgainstFresh walks long random paths of narrowing, pushing and
// popping, and compares each propagation with a fresh propagator posted on
// the same domains: the kept state must never change the answer.
func TestStackAgainstFresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := range 60 {
		arity := 3 + rng.IntN(3)
		tuples := randomTable(rng, arity, 0, 5, 0.05+0.4*rng.Float64())
		m := csp.NewModel()
		xs := make([]csp.Var, arity)
		for i := range xs {
			xs[i] = m.NewIntVar(0, 5, fmt.Sprintf("x%d", i))
		}
		require.NoError(t, table.Post(context.Background(), m, xs, tuples))
		s := csp.NewSpace(m, csp.Copying)
		for step := range 80 {
			doms := make([]domains.Domain, arity)
			for i, x := range xs {
				doms[i] = s.Dom(x).Clone()
			}
			ok := s.Propagate()
			fm := csp.NewModel()
			fx := make([]csp.Var, arity)
			for i := range fx {
				fx[i] = fm.NewVar(doms[i], fmt.Sprintf("x%d", i))
			}
			require.NoError(t, table.Post(context.Background(), fm, fx, tuples))
			fs := csp.NewSpace(fm, csp.Copying)
			fok := fs.Propagate()
			require.Equal(t, fok, ok, "trial %d step %d: failure differs on %v", trial, step, doms)
			if ok {
				for i := range xs {
					require.True(t, s.Dom(xs[i]).Equal(fs.Dom(fx[i])), "trial %d step %d: x%d %v, fresh %v", trial, step, i, s.Dom(xs[i]), fs.Dom(fx[i]))
				}
			}
			if !ok || s.Level() > 0 && rng.IntN(3) == 0 {
				if s.Level() == 0 {
					break
				}
				for n := 1 + rng.IntN(s.Level()); n > 0; n-- {
					s.Pop()
				}
				continue
			}
			// Narrow one to three variables at once, as other
			// propagators would between two runs of this one.
			s.Push()
			for range 1 + rng.IntN(3) {
				x := xs[rng.IntN(arity)]
				if s.Assigned(x) {
					continue
				}
				vals := s.Dom(x).AppendValues(nil)
				if rng.IntN(4) == 0 {
					s.Assign(x, vals[rng.IntN(len(vals))])
				} else {
					s.Remove(x, vals[rng.IntN(len(vals))])
				}
			}
		}
	}
}

// TestCountSolutions counts the solutions of tables beside all-different
// with the search engine (which backtracks through the propagator's
// stack) and compares with brute force.
func TestCountSolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	for trial := range 40 {
		tuples := randomTable(rng, 4, 1, 5, 0.3)
		m := csp.NewModel()
		xs := make([]csp.Var, 6)
		for i := range xs {
			xs[i] = m.NewIntVar(1, 5, fmt.Sprintf("x%d", i))
		}
		a, b := xs[:4], []csp.Var{xs[2], xs[3], xs[4], xs[5]}
		require.NoError(t, table.Post(context.Background(), m, a, tuples))
		require.NoError(t, table.Post(context.Background(), m, b, tuples))
		require.NoError(t, alldiff.Post(m, []csp.Var{xs[0], xs[1], xs[4], xs[5]}, alldiff.GAC))
		want := 0
		for _, p := range tuples {
			for _, q := range tuples {
				if slices.Equal(p[2:], q[:2]) && p[0] != p[1] && p[0] != q[2] && p[0] != q[3] &&
					p[1] != q[2] && p[1] != q[3] && q[2] != q[3] {
					want++
				}
			}
		}
		res := csp.Count(context.Background(), m, csp.Options{Var: csp.MinDomain}, 0)
		assert.Equal(t, int64(want), res.Solutions, "trial %d", trial)
	}
}

func TestPostErrors(t *testing.T) {
	m := csp.NewModel()
	x, y := m.NewIntVar(0, 3, "x"), m.NewIntVar(0, 3, "y")
	for _, tc := range []struct {
		name string
		post func() error
	}{
		{"variable not in model", func() error { return table.Post(context.Background(), m, []csp.Var{x, 5}, [][]int{{1, 1}}) }},
		{"short tuple", func() error { return table.Post(context.Background(), m, []csp.Var{x, y}, [][]int{{1, 1}, {2}}) }},
		{"long tuple", func() error { return table.Post(context.Background(), m, []csp.Var{x, y}, [][]int{{1, 1, 1}}) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.ErrorIs(t, tc.post(), table.ErrTable)
			assert.Zero(t, m.NumPropagators())
		})
	}
}

// TestRefusesIntervals: a table reads domain words, which an interval
// (bounds only) does not have.
func TestRefusesIntervals(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(0, 10_000_000, "wide")
	err := table.Post(context.Background(), m, []csp.Var{x}, [][]int{{1}})
	require.ErrorIs(t, err, table.ErrTable)
	require.ErrorIs(t, err, csp.ErrWords)
	require.ErrorContains(t, err, "wide has values 0..10000000")
}
