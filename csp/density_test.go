package csp_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/neq"
)

// fixedDensities posts no constraint but claims fixed densities, table[i][v]
// for its i-th variable, so a test can tell what MaxDensity and ValDensity
// pick.
type fixedDensities struct {
	vars  []csp.Var
	table [][]float64
	asked *int
}

func (p *fixedDensities) Propagate(*csp.Space) csp.Status { return csp.Fixpoint }

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

// TestMaxDensityOrder: with no constraint the first branch of every choice
// succeeds, so the decisions are the picks, and the first solution shows
// them: each variable the value of its highest density, with MaxDensity
// and with ValDensity.
func TestMaxDensityOrder(t *testing.T) {
	table := [][]float64{
		{0.1, 0.2, 0.7},
		{0.5, 0.4, 0.1},
		{0.0, 0.9, 0.1},
	}
	for _, opts := range []csp.Options{
		{Var: csp.MaxDensity},
		{Var: csp.MaxDensity, Val: csp.ValMax}, // the picked value wins over Val
		{Var: csp.InputOrder, Val: csp.ValDensity},
		{Var: csp.DomWDeg, Val: csp.ValDensity, RandomTies: true, Seed: 3},
	} {
		m := csp.NewModel()
		var vars []csp.Var
		for range table {
			vars = append(vars, m.NewIntVar(0, 2, "x"))
		}
		asked := 0
		m.Post(&fixedDensities{vars, table, &asked}, domains.EventDomain, vars...)
		res := csp.Solve(context.Background(), m, opts)
		require.Equal(t, []int{2, 0, 1}, res.Solution, "%+v", opts)
		require.Equal(t, int64(3), res.Stats.Nodes)
		require.Positive(t, asked)
	}
}

// TestMaxDensityDecisions: only decision variables are picked; the rest
// are left to propagation (here, none: they stay open in no solution, so
// the search must not branch on them).
func TestMaxDensityDecisions(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(0, 2, "x")
	y := m.NewIntVar(0, 2, "y")
	asked := 0
	m.Post(&fixedDensities{[]csp.Var{x, y}, [][]float64{{0.2, 0.3, 0.5}, {1, 0, 0}}, &asked}, domains.EventDomain, x, y)
	res := csp.Solve(context.Background(), m, csp.Options{Var: csp.MaxDensity, Decisions: []csp.Var{x}})
	require.Equal(t, int64(1), res.Stats.Nodes)
	require.Equal(t, 2, res.Solution[x])
}

// TestMaxDensityCounts: counting-based search explores the same tree
// whatever it picks first; every count is exact, with and without
// densities to go by.
func TestMaxDensityCounts(t *testing.T) {
	latin := func(n int) *csp.Model {
		m := csp.NewModel()
		g := make([][]csp.Var, n)
		for r := range g {
			for range n {
				g[r] = append(g[r], m.NewIntVar(1, n, "c"))
			}
			alldiff.Post(m, g[r], alldiff.Hidden)
		}
		for c := range n {
			col := make([]csp.Var, n)
			for r := range n {
				col[r] = g[r][c]
			}
			alldiff.Post(m, col, alldiff.GAC)
		}
		return m
	}
	for _, opts := range []csp.Options{
		{Var: csp.MaxDensity},
		{Var: csp.MaxDensity, RandomTies: true, Seed: 5},
		{Var: csp.DomWDeg, Val: csp.ValDensity},
	} {
		require.Equal(t, int64(576), csp.Count(context.Background(), latin(4), opts, 0).Solutions, "%+v", opts)
		res := csp.Count(context.Background(), latin(5), opts, 0)
		require.True(t, res.Complete)
		require.Equal(t, int64(161280), res.Solutions, "%+v", opts)
	}
	// No propagator estimates densities (not-equal does not): MaxDensity
	// falls back to the smallest domain.
	m := csp.NewModel()
	var xs []csp.Var
	for range 4 {
		xs = append(xs, m.NewIntVar(0, 3, "x"))
	}
	for i := range xs {
		for j := i + 1; j < len(xs); j++ {
			neq.Post(m, xs[i], xs[j])
		}
	}
	require.Equal(t, int64(24), csp.Count(context.Background(), m, csp.Options{Var: csp.MaxDensity}, 0).Solutions)
}
