package chain

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

// lineModel is a line of n cells over 1..n with the chain and its windows
// on rels: shared (rels kept) or copied (Post, PostWindows).
func lineModel(t *testing.T, n int, rels []Rel, shared bool) *csp.Model {
	t.Helper()
	m := csp.NewModel()
	line := make([]csp.Var, n)
	for i := range line {
		line[i] = m.NewIntVar(1, n, fmt.Sprint("x", i))
	}
	if shared {
		require.NoError(t, PostShared(m, line, rels))
		require.NoError(t, PostWindowsShared(m, line, rels))
	} else {
		require.NoError(t, Post(m, line, rels))
		require.NoError(t, PostWindows(m, line, rels))
	}
	return m
}

// TestShared: one model per line length whose relations change from
// instance to instance counts, after each Space.Reset, the solutions and
// nodes of a model posted afresh with those relations, whatever the
// instance before it left (witnesses of other relations, a failure:
// {NotAdjacent, NotAdjacent} on 1..3 has no solution).
func TestShared(t *testing.T) {
	for _, c := range []struct {
		n     int
		cases [][]Rel
	}{
		{3, [][]Rel{{Less, Less}, {NotAdjacent, NotAdjacent}, {Adjacent, Adjacent}, {NotAdjacent, NotAdjacent}, {Greater, Any}}},
		{5, [][]Rel{
			{Less, Less, Less, Less},
			{Adjacent, NotAdjacent, Adjacent, Adjacent},
			{Greater, Less, Greater, Less},
			{Any, Adjacent, Any, Less},
			{NotAdjacent, NotAdjacent, NotAdjacent, NotAdjacent},
			{Adjacent, Adjacent, Adjacent, Adjacent},
			{Greater, Greater, Greater, Greater},
		}},
	} {
		slots := make([]Rel, c.n-1)
		for i := range slots {
			slots[i] = Adjacent
		}
		m := lineModel(t, c.n, slots, true)
		search := csp.NewSearch(m, csp.Options{Var: csp.DomWDeg})
		unsat := 0
		for _, rels := range c.cases {
			t.Run(fmt.Sprint(c.n, rels), func(t *testing.T) {
				copy(slots, rels)
				search.Reset()
				got := search.Run(context.Background(), 0, func(*csp.Space) bool { return true })
				want := csp.Count(context.Background(), lineModel(t, c.n, rels, false), csp.Options{Var: csp.DomWDeg}, 0)
				require.True(t, got.Complete)
				assert.Equal(t, want.Solutions, got.Solutions)
				assert.Equal(t, want.Stats.Nodes, got.Stats.Nodes)
				assert.Equal(t, want.Stats.Failures, got.Stats.Failures)
				if got.Solutions == 0 {
					unsat++
				}
			})
		}
		if c.n == 3 {
			assert.Equal(t, 2, unsat, "the contradiction, twice")
		}
	}
}

// TestSharedRejects: PostShared never falls back to the decomposition.
func TestSharedRejects(t *testing.T) {
	m := csp.NewModel()
	line := []csp.Var{m.NewIntVar(0, 40, "a"), m.NewIntVar(0, 40, "b")}
	err := PostShared(m, line, []Rel{Less})
	require.ErrorIs(t, err, ErrLine)
	assert.Contains(t, err.Error(), "MaxValues")
	assert.Zero(t, m.NumPropagators())
	assert.ErrorIs(t, PostWindowsShared(m, line, nil), ErrLine)
}
