package csp_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/neq"
)

// fixedDensities posts no constraint but claims fixed densities, table[i][v]
// for its i-th variable, so a test can tell what MaxDensity and ValDensity
// pick; it records the order in which its variables get assigned.
type fixedDensities struct {
	vars  []csp.Var
	table [][]float64
	asked *int
	order *[]int
}

func (p *fixedDensities) Propagate(s *csp.Space) csp.Status {
	for i, x := range p.vars {
		if s.Assigned(x) && !slices.Contains(*p.order, i) {
			*p.order = append(*p.order, i)
		}
	}
	return csp.Fixpoint
}

func (p *fixedDensities) Densities(s *csp.Space, yield func(i, v int, d float64)) {
	*p.asked++
	for i, x := range p.vars {
		if s.Assigned(x) {
			continue
		}
		for v := range s.Dom(x).Values() {
			yield(i, v, p.table[i][v])
		}
	}
}

// postFixed makes a model of len(table) variables over 0..2 under
// fixedDensities; it returns the model, how often densities were asked
// for, and the order of assignment.
func postFixed(table [][]float64) (*csp.Model, *int, *[]int) {
	m := csp.NewModel()
	var vars []csp.Var
	for range table {
		vars = append(vars, m.NewIntVar(0, 2, "x"))
	}
	asked, order := 0, []int{}
	m.Post(&fixedDensities{vars, table, &asked, &order}, domains.EventDomain, vars...)
	return m, &asked, &order
}

// TestMaxDensityOrder: with no constraint the first branch of every choice
// succeeds, so the decisions show in the first solution and in the order
// of assignment: each variable gets the value of its highest density
// (under MaxDensity, whatever Val says, and under ValDensity), and
// MaxDensity takes the variables by their best density, highest first.
func TestMaxDensityOrder(t *testing.T) {
	table := [][]float64{
		{0.1, 0.2, 0.7},
		{0.5, 0.4, 0.1},
		{0.0, 0.9, 0.1},
	}
	for _, c := range []struct {
		opts  csp.Options
		order []int
	}{
		{csp.Options{Var: csp.MaxDensity}, []int{2, 0, 1}},
		{csp.Options{Var: csp.MaxDensity, Val: csp.ValMax}, []int{2, 0, 1}},
		{csp.Options{Var: csp.InputOrder, Val: csp.ValDensity}, []int{0, 1, 2}},
	} {
		m, asked, order := postFixed(table)
		res := csp.Solve(context.Background(), m, c.opts)
		require.Equal(t, []int{2, 0, 1}, res.Solution, "%+v", c.opts)
		require.Equal(t, int64(3), res.Stats.Nodes)
		require.Equal(t, c.order, *order, "%+v", c.opts)
		require.Positive(t, *asked)
	}
}

// TestMaxDensityTies: equal densities go to the first found, or, with
// RandomTies, to either, depending on the seed.
func TestMaxDensityTies(t *testing.T) {
	table := [][]float64{
		{0.2, 0.1, 0.7},
		{0.7, 0.2, 0.1},
	}
	firsts := map[int]int{}
	for seed := range uint64(40) {
		m, _, order := postFixed(table)
		csp.Solve(context.Background(), m, csp.Options{Var: csp.MaxDensity, RandomTies: true, Seed: seed})
		firsts[(*order)[0]]++
	}
	require.Len(t, firsts, 2, "random ties always went the same way: %v", firsts)
	m, _, order := postFixed(table)
	csp.Solve(context.Background(), m, csp.Options{Var: csp.MaxDensity})
	require.Equal(t, 0, (*order)[0])
}

// TestMaxDensityDecisions: only decision variables are picked; the rest
// are left to propagation (here, none: they stay open in no solution, so
// the search must not branch on them).
func TestMaxDensityDecisions(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(0, 2, "x")
	y := m.NewIntVar(0, 2, "y")
	asked, order := 0, []int{}
	m.Post(&fixedDensities{[]csp.Var{x, y}, [][]float64{{0.2, 0.3, 0.5}, {1, 0, 0}}, &asked, &order}, domains.EventDomain, x, y)
	res := csp.Solve(context.Background(), m, csp.Options{Var: csp.MaxDensity, Decisions: []csp.Var{x}})
	require.Equal(t, int64(1), res.Stats.Nodes)
	require.Equal(t, 2, res.Solution[x])
}

// TestMaxDensityCounts: whatever it picks, counting-based search must
// explore the whole tree when counting and never cut a solution; every
// count is exact, with and without densities to go by.
func TestMaxDensityCounts(t *testing.T) {
	for _, opts := range []csp.Options{
		{Var: csp.MaxDensity},
		{Var: csp.MaxDensity, RandomTies: true, Seed: 5},
		{Var: csp.DomWDeg, Val: csp.ValDensity},
	} {
		require.Equal(t, int64(576), csp.Count(context.Background(), latinSquare(t, 4), opts, 0).Solutions, "%+v", opts)
		res := csp.Count(context.Background(), latinSquare(t, 5), opts, 0)
		require.True(t, res.Complete)
		require.Equal(t, int64(161280), res.Solutions, "%+v", opts)
	}
	// No propagator estimates densities (not-equal does not): MaxDensity
	// falls back to the smallest domain and must still count right.
	require.Equal(t, int64(24), csp.Count(context.Background(), pigeons(t, 4, 4), csp.Options{Var: csp.MaxDensity}, 0).Solutions)
}

// forbid fails when x takes v.
type forbid struct {
	x csp.Var
	v int
}

func (p *forbid) Propagate(s *csp.Space) csp.Status {
	if v, ok := s.Value(p.x); ok && v == p.v {
		return csp.Failed
	}
	return csp.Fixpoint
}

// TestMaxDensityLastConflict: the variable that last conflict hands back
// gets its value of highest density too, not Val's.
func TestMaxDensityLastConflict(t *testing.T) {
	m, _, _ := postFixed([][]float64{{0.1, 0.3, 0.6}, {0.4, 0.3, 0.3}})
	m.Post(&forbid{0, 2}, domains.EventAssigned, 0)
	res := csp.Solve(context.Background(), m, csp.Options{Var: csp.MaxDensity, LastConflict: true})
	require.Equal(t, []int{1, 0}, res.Solution)
}

// latinSquare models the empty Latin square of order n: rows all
// different at Hidden, columns at GAC.
func latinSquare(tb testing.TB, n int) *csp.Model {
	m := csp.NewModel()
	g := make([][]csp.Var, n)
	for r := range g {
		for range n {
			g[r] = append(g[r], m.NewIntVar(1, n, "c"))
		}
		require.NoError(tb, alldiff.Post(m, g[r], alldiff.Hidden))
	}
	for c := range n {
		col := make([]csp.Var, n)
		for r := range n {
			col[r] = g[r][c]
		}
		require.NoError(tb, alldiff.Post(m, col, alldiff.GAC))
	}
	return m
}

// pigeons models k pigeons in the given number of holes, pairwise
// not-equal: no all-different to see the whole.
func pigeons(tb testing.TB, k, holes int) *csp.Model {
	m := csp.NewModel()
	var xs []csp.Var
	for range k {
		xs = append(xs, m.NewIntVar(1, holes, "p"))
	}
	for i := range xs {
		for j := i + 1; j < len(xs); j++ {
			require.NoError(tb, neq.Post(m, xs[i], xs[j]))
		}
	}
	return m
}
