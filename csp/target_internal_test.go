package csp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// targetSearch is a search that learns, under Activity, on four
// variables of 0..3, and a function that opens a level with the decision
// x = v.
func targetSearch(t *testing.T) (*Search, []Var, func(x Var, v int)) {
	m := NewModel()
	xs := make([]Var, 4)
	for i := range xs {
		xs[i] = m.NewIntVar(0, 3, "x")
	}
	e := NewSearch(m, Options{Learn: LearnClauses, Var: Activity})
	sp := e.space
	require.NotNil(t, sp.lt, "learning from the start tracks facts")
	return e, xs, func(x Var, v int) {
		sp.Push()
		sp.SetCause(CauseDecision)
		require.True(t, sp.Assign(x, v))
		sp.SetCause(0)
	}
}

// TestTargetPhases: a conflict's branch below its level becomes the
// target when it holds more facts than the target before it, and
// Activity decides a variable's target value while the domain holds it,
// else its last value.
func TestTargetPhases(t *testing.T) {
	e, xs, decide := targetSearch(t)
	sp, l := e.space, e.cl
	decide(xs[0], 2)
	decide(xs[1], 1)
	decide(xs[2], 0)
	e.updateTarget(3) // the conflict at level 3: its branch is x0 = 2, x1 = 1
	assert.Equal(t, []int32{2, 1, -1, -1}, l.target)
	best := l.best
	assert.Positive(t, best)

	e.updateTarget(2) // a shorter branch: no change
	assert.Equal(t, []int32{2, 1, -1, -1}, l.target)
	assert.Equal(t, best, l.best)

	e.backjump(0) // saves x0, x1 and x2's values as their phases
	assert.Equal(t, 1, e.selectValue(xs[1]).v, "the target")
	assert.Equal(t, 0, e.selectValue(xs[2]).v, "no target: the last value")
	require.True(t, sp.Remove(xs[1], 1))
	assert.Equal(t, 0, e.selectValue(xs[1]).v, "the target gone: Val's")

	// With best 0 (a new search) a branch of one level is the new
	// target, the values of the others their phases.
	l.best = 0
	decide(xs[3], 3)
	decide(xs[0], 0)
	e.updateTarget(2)
	assert.Equal(t, []int32{2, 1, 0, 3}, l.target)

	l.reset()
	assert.Equal(t, []int32{-1, -1, -1, -1}, l.target)
	assert.Zero(t, l.best)
}

// TestRephaseToTarget: rephasing puts the target's values in place of the
// saved phases (a variable outside it keeps its own), forgets the
// target, and lets a shorter branch than the old one become the target;
// the next rephasing comes after a longer interval.
func TestRephaseToTarget(t *testing.T) {
	e, xs, decide := targetSearch(t)
	l := e.cl
	decide(xs[0], 2)
	decide(xs[1], 1)
	decide(xs[2], 0)
	e.updateTarget(3)
	assert.Equal(t, []int32{2, 1, -1, -1}, l.target)
	e.backjump(0)
	decide(xs[0], 3)
	decide(xs[2], 3)
	decide(xs[3], 1)
	e.backjump(0) // phases now 3, 1, 3, 1
	assert.Equal(t, 2, e.selectValue(xs[0]).v, "the target before the phase")

	before := l.rephaseAt
	e.rephase()
	assert.Equal(t, []int32{-1, -1, -1, -1}, l.target)
	assert.Zero(t, l.best)
	assert.Equal(t, 2, e.selectValue(xs[0]).v, "the target's value, now the phase")
	assert.Equal(t, 1, e.selectValue(xs[1]).v)
	assert.Equal(t, 3, e.selectValue(xs[2]).v, "not in the target: its own phase")
	assert.Equal(t, 1, e.selectValue(xs[3]).v)
	assert.Greater(t, l.rephaseAt-e.stats.Conflicts, before, "a longer interval")

	decide(xs[3], 2)
	decide(xs[1], 0)
	e.updateTarget(2) // one level: shorter than the old target, taken afresh
	assert.Equal(t, []int32{2, 1, 3, 2}, l.target, "x3's value, the others' phases")
}
