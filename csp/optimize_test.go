package csp_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/linear"
)

// knapsack is a 0/1 knapsack: take items of weights w and values v within
// capacity c, maximising the value, held in an interval variable (0..10^7,
// wider than a bitset).
type knapsack struct {
	w, v []int
	c    int
}

func (k knapsack) model(t testing.TB) (*csp.Model, []csp.Var, csp.Var) {
	m := csp.NewModel()
	xs := make([]csp.Var, len(k.w))
	for i := range xs {
		xs[i] = m.NewBoolVar(fmt.Sprintf("x%d", i))
	}
	obj := m.NewIntVar(0, 10_000_000, "value")
	require.NoError(t, linear.Post(m, k.w, xs, linear.Leq, k.c))
	coeffs := append(append([]int(nil), k.v...), -1)
	require.NoError(t, linear.Post(m, coeffs, append(append([]csp.Var(nil), xs...), obj), linear.Eq, 0))
	return m, xs, obj
}

// best is the brute-force optimum.
func (k knapsack) best() int {
	top := 0
	for set := range 1 << len(k.w) {
		w, v := 0, 0
		for i := range k.w {
			if set&(1<<i) != 0 {
				w, v = w+k.w[i], v+k.v[i]
			}
		}
		if w <= k.c {
			top = max(top, v)
		}
	}
	return top
}

// schedule is one machine, tasks of durations d and release dates r,
// minimising the weighted sum of start times minus 60 (an objective with
// negative values, an offset domain), checked against enumeration of
// every start time up to the horizon.
type schedule struct {
	d, r, w []int
	horizon int
}

// noOverlap keeps two tasks apart on one machine: when one cannot go
// first, the other does (bounds reasoning, checking once both start).
type noOverlap struct {
	a, b   csp.Var
	da, db int
}

func (p *noOverlap) Propagate(s *csp.Space) csp.Status {
	aFirst := s.Min(p.a)+p.da <= s.Max(p.b) // a can end before b starts
	bFirst := s.Min(p.b)+p.db <= s.Max(p.a)
	switch {
	case !aFirst && !bFirst:
		return csp.Failed
	case !aFirst: // b before a
		if !s.RemoveBelow(p.a, s.Min(p.b)+p.db) || !s.RemoveAbove(p.b, s.Max(p.a)-p.db) {
			return csp.Failed
		}
	case !bFirst:
		if !s.RemoveBelow(p.b, s.Min(p.a)+p.da) || !s.RemoveAbove(p.a, s.Max(p.b)-p.da) {
			return csp.Failed
		}
	}
	return csp.Fixpoint
}

func (k schedule) model(t testing.TB) (*csp.Model, []csp.Var, csp.Var) {
	m := csp.NewModel()
	st := make([]csp.Var, len(k.d))
	for i := range st {
		st[i] = m.NewIntVar(k.r[i], k.horizon-k.d[i], fmt.Sprintf("s%d", i))
	}
	for i := range st {
		for j := i + 1; j < len(st); j++ {
			m.Post(&noOverlap{st[i], st[j], k.d[i], k.d[j]}, domains.EventBounds, st[i], st[j])
		}
	}
	obj := m.NewIntVar(-1000, 1000, "cost")
	coeffs := append(append([]int(nil), k.w...), -1)
	require.NoError(t, linear.Post(m, coeffs, append(append([]csp.Var(nil), st...), obj), linear.Eq, 60))
	return m, st, obj
}

func (k schedule) best() (int, bool) {
	n := len(k.d)
	s := make([]int, n)
	top, found := 0, false
	var walk func(i int)
	walk = func(i int) {
		if i == n {
			for a := range n {
				for b := a + 1; b < n; b++ {
					if s[a]+k.d[a] > s[b] && s[b]+k.d[b] > s[a] {
						return
					}
				}
			}
			c := -60
			for a := range n {
				c += k.w[a] * s[a]
			}
			if !found || c < top {
				top, found = c, true
			}
			return
		}
		for v := k.r[i]; v <= k.horizon-k.d[i]; v++ {
			s[i] = v
			walk(i + 1)
		}
	}
	walk(0)
	return top, found
}

func optimizeOptions() map[string]csp.Options {
	return map[string]csp.Options{
		"plain":          {},
		"mindom-max":     {Var: csp.MinDomain, Val: csp.ValMax},
		"split":          {Val: csp.ValSplit},
		"luby":           {Var: csp.DomWDeg, Restarts: csp.Luby, RestartBase: 2, Seed: 3, RandomTies: true},
		"luby-nogoods":   {Var: csp.DomWDeg, Restarts: csp.Luby, RestartBase: 2, Nogoods: true, LastConflict: true},
		"trailing":       {SaveMode: csp.Trailing, Val: csp.ValMedian},
		"workers 1":      {Workers: 1},
		"workers 2":      {Workers: 2, Var: csp.MinDomain},
		"portfolio":      {Portfolio: []csp.Options{{Var: csp.DomWDeg, Val: csp.ValMax}}},
		"reverse split":  {Val: csp.ValReverseSplit, Var: csp.MinDomain},
		"random restart": {Val: csp.ValRandom, Restarts: csp.Geometric, RestartBase: 3, Seed: 9},
		"learn":          {Learn: csp.LearnClauses},
		"learn activity": {Learn: csp.LearnClauses, Var: csp.Activity, Restarts: csp.Luby, RestartBase: 2},
		"learn workers":  {Learn: csp.LearnClauses, Var: csp.Activity, Workers: 2},
		"learn split":    {Learn: csp.LearnClauses, Val: csp.ValSplit, Var: csp.MinDomain},
	}
}

// improving runs Optimize and checks that every solution reported is
// better than the one before and has the objective it says.
func improving(t *testing.T, m *csp.Model, opts csp.Options, obj csp.Objective, check func(vals []int) int) csp.Result {
	t.Helper()
	var seen []int
	res, err := csp.Optimize(context.Background(), m, opts, obj, func(vals []int) bool {
		v := vals[obj.Var]
		require.Equal(t, check(vals), v, "the objective of a solution")
		if n := len(seen); n > 0 {
			if obj.Maximize {
				require.Greater(t, v, seen[n-1])
			} else {
				require.Less(t, v, seen[n-1])
			}
		}
		seen = append(seen, v)
		return true
	})
	require.NoError(t, err)
	assert.EqualValues(t, len(seen), res.Solutions)
	return res
}

func TestOptimizeKnapsack(t *testing.T) {
	cases := []knapsack{
		{w: []int{3, 4, 5, 9, 4}, v: []int{3, 4, 4, 10, 4}, c: 11},
		{w: []int{12, 7, 11, 8, 9, 6, 5, 14}, v: []int{24, 13, 23, 15, 16, 11, 9, 27}, c: 26},
		{w: []int{5, 6}, v: []int{1, 1}, c: 4}, // only the empty knapsack
	}
	for i, k := range cases {
		want := k.best()
		for name, opts := range optimizeOptions() {
			t.Run(fmt.Sprintf("%d/%s", i, name), func(t *testing.T) {
				m, xs, obj := k.model(t)
				res := improving(t, m, opts, csp.Objective{Var: obj, Maximize: true}, func(vals []int) int {
					w, v := 0, 0
					for j, x := range xs {
						w, v = w+k.w[j]*vals[x], v+k.v[j]*vals[x]
					}
					require.LessOrEqual(t, w, k.c)
					return v
				})
				assert.True(t, res.Complete, "optimality proved")
				require.NotNil(t, res.Solution)
				assert.Equal(t, want, res.Solution[obj])
			})
		}
	}
}

func TestOptimizeSchedule(t *testing.T) {
	cases := []schedule{
		{d: []int{3, 2, 4, 1}, r: []int{0, 1, 0, 5}, w: []int{1, 3, 2, 4}, horizon: 12},
		{d: []int{2, 2, 3}, r: []int{4, 0, 1}, w: []int{5, 1, 1}, horizon: 9},
		{d: []int{5, 5, 5}, r: []int{0, 0, 0}, w: []int{1, 1, 1}, horizon: 12}, // unsatisfiable
	}
	for i, k := range cases {
		want, sat := k.best()
		for name, opts := range optimizeOptions() {
			t.Run(fmt.Sprintf("%d/%s", i, name), func(t *testing.T) {
				m, st, obj := k.model(t)
				res := improving(t, m, opts, csp.Objective{Var: obj}, func(vals []int) int {
					c := -60
					for j, x := range st {
						c += k.w[j] * vals[x]
					}
					return c
				})
				assert.True(t, res.Complete)
				if !sat {
					assert.Nil(t, res.Solution)
					assert.Equal(t, "unsatisfiable", res.Status())
					return
				}
				require.NotNil(t, res.Solution)
				assert.Equal(t, want, res.Solution[obj])
			})
		}
	}
}

// TestOptimizeParallelDeterministic: with Workers, the sequence of
// improving solutions does not depend on the number of workers.
func TestOptimizeParallelDeterministic(t *testing.T) {
	k := knapsack{w: []int{12, 7, 11, 8, 9, 6, 5, 14, 3, 10}, v: []int{24, 13, 23, 15, 16, 11, 9, 27, 4, 19}, c: 33}
	var runs [][]int
	for _, w := range []int{1, 2, 3} {
		m, _, obj := k.model(t)
		var seq []int
		res, err := csp.Optimize(context.Background(), m, csp.Options{Workers: w, Var: csp.DomWDeg, Val: csp.ValMax}, csp.Objective{Var: obj, Maximize: true},
			func(vals []int) bool { seq = append(seq, vals[obj]); return true })
		require.NoError(t, err)
		require.True(t, res.Complete)
		assert.Equal(t, k.best(), res.Solution[obj])
		runs = append(runs, seq)
	}
	assert.Equal(t, runs[0], runs[1])
	assert.Equal(t, runs[0], runs[2])
}

func TestOptimizeStops(t *testing.T) {
	k := knapsack{w: []int{12, 7, 11, 8, 9, 6, 5, 14, 3, 10, 4, 13}, v: []int{24, 13, 23, 15, 16, 11, 9, 27, 4, 19, 8, 25}, c: 40}
	t.Run("callback", func(t *testing.T) {
		m, _, obj := k.model(t)
		res, err := csp.Optimize(context.Background(), m, csp.Options{}, csp.Objective{Var: obj, Maximize: true}, func([]int) bool { return false })
		require.NoError(t, err)
		assert.EqualValues(t, 1, res.Solutions)
		assert.False(t, res.Complete)
	})
	for _, opts := range []csp.Options{{NodeLimit: 5}, {NodeLimit: 5, Workers: 2}, {FailLimit: 2}} {
		t.Run(fmt.Sprintf("limits %+v", opts), func(t *testing.T) {
			m, _, obj := k.model(t)
			res, err := csp.Optimize(context.Background(), m, opts, csp.Objective{Var: obj, Maximize: true}, nil)
			require.NoError(t, err)
			assert.False(t, res.Complete)
			assert.Contains(t, []csp.Stop{csp.NodeLimit, csp.FailLimit}, res.Stopped)
		})
	}
	t.Run("canceled", func(t *testing.T) {
		m, _, obj := k.model(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err := csp.Optimize(ctx, m, csp.Options{}, csp.Objective{Var: obj}, nil)
		require.NoError(t, err)
		assert.Equal(t, csp.Canceled, res.Stopped)
		assert.False(t, res.Complete)
	})
	t.Run("objective not a decision", func(t *testing.T) {
		// obj >= x, x the only decision: the objective is branched on
		// after x, so that each solution fixes it.
		m := csp.NewModel()
		x := m.NewIntVar(0, 3, "x")
		obj := m.NewIntVar(-2, 10, "obj")
		require.NoError(t, linear.Post(m, []int{1, -1}, []csp.Var{obj, x}, linear.Geq, 0))
		res, err := csp.Optimize(context.Background(), m, csp.Options{Decisions: []csp.Var{x}}, csp.Objective{Var: obj, Maximize: true}, nil)
		require.NoError(t, err)
		require.NotNil(t, res.Solution)
		assert.True(t, res.Complete)
		assert.Equal(t, 10, res.Solution[obj])
	})
	t.Run("bad objective", func(t *testing.T) {
		m, _, _ := k.model(t)
		_, err := csp.Optimize(context.Background(), m, csp.Options{}, csp.Objective{Var: 99}, nil)
		require.ErrorIs(t, err, csp.ErrObjective)
		_, err = csp.Optimize(context.Background(), m, csp.Options{Order: csp.BreadthFirst}, csp.Objective{Var: 0}, nil)
		require.ErrorIs(t, err, csp.ErrObjective)
	})
}
