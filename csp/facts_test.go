package csp_test

import (
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unequal is x != y, explaining its removals: [y != v] because [x = v].
type unequal struct{ x, y csp.Var }

func (p unequal) Propagate(s *csp.Space) csp.Status {
	for _, q := range [2][2]csp.Var{{p.x, p.y}, {p.y, p.x}} {
		if v, ok := s.Value(q[0]); ok && !s.Remove(q[1], v) {
			return csp.Failed
		}
	}
	return csp.Fixpoint
}

func (p unequal) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	other := p.x
	if f.X == p.x {
		other = p.y
	}
	return append(out, csp.Fact{X: other, V: f.V, Eq: true})
}

func fact(x csp.Var, v int, eq bool) csp.Fact { return csp.Fact{X: x, V: int32(v), Eq: eq} }

// TestFactsTrail: a decision, what its domain implies, a justified
// propagation and a generic one, each booked with its cause and level,
// answered by HeldBefore and Reason, and forgotten by Pop.
func TestFactsTrail(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(0, 3, "x")
	y := m.NewIntVar(0, 3, "y")
	z := m.NewIntVar(0, 3, "z")
	m.Post(unequal{x, y}, domains.EventAssigned, x, y) // propagator 0
	m.Post(lessThan{y, z}, domains.EventBounds, y, z)  // propagator 1: y < z, no Justify
	s := csp.NewSpace(m, csp.Trailing)
	require.NoError(t, s.TrackFacts())
	require.True(t, s.Propagate())
	root := s.Facts()
	// The root: y <= 2 and z >= 1, at level 0.
	require.Equal(t, []csp.Fact{fact(y, 3, false), fact(z, 0, false)}, root)
	assert.Equal(t, 0, s.FactLevel(0))
	assert.Equal(t, int32(1), s.Cause(0))

	s.Push()
	s.SetCause(csp.CauseDecision)
	require.True(t, s.Assign(x, 0))
	s.SetCause(0)
	require.True(t, s.Propagate())
	got := s.Facts()[2:]
	want := []csp.Fact{
		fact(x, 0, true), fact(x, 1, false), fact(x, 2, false), fact(x, 3, false),
		fact(y, 0, false), // by unequal
		fact(z, 1, false), // by lessThan: y >= 1 so z >= 2
	}
	require.Equal(t, want, got)
	causes := []int32{csp.CauseDecision, csp.CauseDomain, csp.CauseDomain, csp.CauseDomain, 0, 1}
	for i, c := range causes {
		assert.Equal(t, c, s.Cause(2+i), "fact %v", got[i])
		assert.Equal(t, 1, s.FactLevel(2+i))
	}
	// HeldBefore: [x = 0] holds from its own position on, not before.
	assert.False(t, s.HeldBefore(fact(x, 0, true), 2))
	assert.True(t, s.HeldBefore(fact(x, 0, true), 3))
	assert.False(t, s.HeldBefore(fact(y, 3, false), 0), "a root fact holds after its position")
	assert.True(t, s.HeldBefore(fact(y, 3, false), 1))
	assert.True(t, s.HeldBefore(fact(y, 9, false), 0), "a value x never had holds as removed")
	assert.False(t, s.HeldBefore(fact(y, 0, false), 6))
	assert.True(t, s.HeldBefore(fact(y, 0, false), 7))

	// Reasons.
	assert.Equal(t, []csp.Fact{fact(x, 0, true)}, s.Reason(3, nil), "x != 1 from x = 0")
	assert.Equal(t, []csp.Fact{fact(x, 0, true)}, s.Reason(6, nil), "unequal's Justify")
	assert.Empty(t, s.Reason(2, nil), "a decision has no reason")
	assert.Equal(t, []csp.Fact{fact(y, 0, false)}, s.Reason(7, nil),
		"generic: the facts of y and z above the root before it")
	for i := 2; i < len(s.Facts()); i++ {
		for _, r := range s.Reason(i, nil) {
			assert.True(t, s.HeldBefore(r, i), "reason %v of %v held before it", r, s.Facts()[i])
		}
	}

	s.Pop()
	assert.Equal(t, root, s.Facts())
	assert.False(t, s.HeldBefore(fact(x, 0, true), len(s.Facts())))
	assert.False(t, s.HeldBefore(fact(y, 0, false), len(s.Facts())))
}

// TestFactsFixedByRemovals: the last removal that leaves one value books
// [x = v] by the domain, explained by every removal above the root; a
// wipe-out books the removal of what was left; wide domains book each
// value.
func TestFactsFixedByRemovals(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(0, 2, "x")
	w := m.NewIntVar(0, 130, "w")
	s := csp.NewSpace(m, csp.Copying)
	require.NoError(t, s.TrackFacts())
	require.True(t, s.Remove(x, 0)) // a root fact
	s.Push()
	require.True(t, s.Remove(x, 2))
	fs := s.Facts()
	require.Equal(t, []csp.Fact{fact(x, 0, false), fact(x, 2, false), fact(x, 1, true)}, fs)
	assert.Equal(t, csp.CauseOutside, s.Cause(1))
	assert.Equal(t, csp.CauseDomain, s.Cause(2))
	assert.Equal(t, []csp.Fact{fact(x, 2, false)}, s.Reason(2, nil), "the root's removal holds always")

	require.True(t, s.RemoveBelow(w, 127))
	assert.Len(t, s.Facts(), 3+127)
	assert.Equal(t, fact(w, 126, false), s.Facts()[len(s.Facts())-1])
	assert.True(t, s.HeldBefore(fact(w, 100, false), len(s.Facts())))

	s.Push()
	require.False(t, s.Remove(x, 1))
	assert.Equal(t, fact(x, 1, false), s.Facts()[len(s.Facts())-1], "a wipe-out books its removal")
	s.Pop()
	s.Pop()
	assert.Equal(t, []csp.Fact{fact(x, 0, false)}, s.Facts())
	assert.False(t, s.HeldBefore(fact(w, 100, false), 1))
	assert.False(t, s.HeldBefore(fact(x, 1, true), 1))

	s.Reset()
	assert.True(t, s.Tracking())
	assert.Empty(t, s.Facts())
}

// TestFactsInterval: a model with an interval domain cannot track facts.
func TestFactsInterval(t *testing.T) {
	m := csp.NewModel()
	m.NewIntVar(0, 10_000_000, "wide")
	s := csp.NewSpace(m, csp.Copying)
	require.ErrorIs(t, s.TrackFacts(), csp.ErrFactsInterval)
	assert.False(t, s.Tracking())
}

// heldOnly hides every method of a Past but Held.
type heldOnly struct{ csp.Past }

// TestKeptAsHeld: the engine's Past answers Kept, a word of values at a
// time, as Held does value by value, at every moment of a branch, for
// domains of one and several words and an offset one.
func TestKeptAsHeld(t *testing.T) {
	m := csp.NewModel()
	vars := []csp.Var{m.NewIntVar(0, 2, "x"), m.NewIntVar(0, 130, "w"), m.NewIntVar(100, 140, "o"), m.NewIntVar(3, 60, "y")}
	s := csp.NewSpace(m, csp.Trailing)
	require.NoError(t, s.TrackFacts())
	require.True(t, s.Remove(vars[1], 64)) // a root fact
	steps := []func() bool{
		func() bool { return s.Remove(vars[0], 1) },
		func() bool { return s.RemoveBelow(vars[1], 70) },
		func() bool { return s.Remove(vars[2], 120) },
		func() bool { return s.Assign(vars[3], 17) },
		func() bool { return s.RemoveAbove(vars[2], 110) },
		func() bool { return s.Remove(vars[1], 129) },
	}
	check := func(phase string) {
		for i := 0; i <= len(s.Facts()); i++ {
			at := s.PastAt(i)
			_, ok := at.(csp.PastWords)
			require.True(t, ok, "the engine's Past answers words")
			for _, x := range vars {
				for k := -1; k < 4; k++ {
					want := csp.KeptWord(heldOnly{at}, x, k, ^uint64(0))
					assert.Equal(t, want, csp.KeptWord(at, x, k, ^uint64(0)), "%s: x%d word %d before fact %d", phase, x, k, i)
					assert.Equal(t, want&0xF0F0, csp.KeptWord(at, x, k, 0xF0F0), "%s: x%d word %d before fact %d, some values", phase, x, k, i)
				}
			}
		}
	}
	for _, step := range steps {
		s.Push()
		require.True(t, step())
	}
	check("first branch")
	// Back to the root, which gains facts, then down again: the root's
	// domains are taken anew.
	for range steps {
		s.Pop()
	}
	require.True(t, s.Remove(vars[1], 5))
	require.True(t, s.RemoveAbove(vars[3], 40))
	for _, step := range steps[:3] {
		s.Push()
		require.True(t, step())
	}
	check("after the root grew")
	// After Reset the root holds again what the last one had removed.
	s.Reset()
	require.True(t, s.Tracking())
	s.Push()
	require.True(t, s.Remove(vars[1], 64))
	s.Push()
	require.True(t, s.Remove(vars[3], 50))
	check("after Reset")
}
