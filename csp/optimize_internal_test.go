package csp

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/domains"
)

// sum2 keeps x + y = z on bounds.
type sum2 struct{ x, y, z Var }

func (p *sum2) Propagate(s *Space) Status {
	ok := s.RemoveBelow(p.z, s.Min(p.x)+s.Min(p.y)) && s.RemoveAbove(p.z, s.Max(p.x)+s.Max(p.y)) &&
		s.RemoveBelow(p.x, s.Min(p.z)-s.Max(p.y)) && s.RemoveAbove(p.x, s.Max(p.z)-s.Min(p.y)) &&
		s.RemoveBelow(p.y, s.Min(p.z)-s.Max(p.x)) && s.RemoveAbove(p.y, s.Max(p.z)-s.Min(p.x))
	if !ok {
		return Failed
	}
	return NotFixpoint
}

// TestBoundAfterBacktrack: once a solution is known, the bound holds at
// the very next node the search reaches by backtracking (the domains
// restored there predate it), even when the objective was assigned above
// that node and so will not change again.
func TestBoundAfterBacktrack(t *testing.T) {
	for _, restarts := range []Restart{NoRestarts, Luby} {
		m := NewModel()
		x := m.NewIntVar(0, 9, "x")
		y := m.NewIntVar(0, 9, "y")
		z := m.NewIntVar(-5, 30, "z")
		m.Post(&sum2{x, y, m.NewIntVar(-5, 30, "s")}, domains.EventBounds, x, y) // z is free
		opts := Options{Val: ValMax, Restarts: restarts, RestartBase: 1, Decisions: []Var{z, x, y}}
		opts.bound = &boundProp{x: z}
		e := NewSearch(m, opts)
		r := e.Run(context.Background(), 1, func(sp *Space) bool {
			v, _ := sp.Value(z)
			e.bound.improve(v)
			return true
		})
		require.EqualValues(t, 1, r.Solutions)
		assert.Equal(t, 30, r.Solution[z], "the largest values first")
		require.True(t, e.backtrack(false))
		assert.Less(t, e.space.Max(z), 30, "the bound applies at the node after the backtrack")
	}
}

// TestResetForgetsTheBound: Search.Reset puts the objective's bound back
// where NewSearch had it, so the same solution is found again.
func TestResetForgetsTheBound(t *testing.T) {
	m := NewModel()
	z := m.NewIntVar(-5, 30, "z")
	opts := Options{Val: ValMax}
	opts.bound = &boundProp{x: z}
	e := NewSearch(m, opts)
	improve := func(sp *Space) bool {
		v, _ := sp.Value(z)
		e.bound.improve(v)
		return true
	}
	r := e.Run(context.Background(), 1, improve)
	require.Equal(t, 30, r.Solution[z])
	r = e.Run(context.Background(), 1, improve)
	require.Equal(t, 29, r.Solution[z], "the next solution is below the bound")
	e.Reset()
	r = e.Run(context.Background(), 1, improve)
	assert.Equal(t, 30, r.Solution[z])
}
