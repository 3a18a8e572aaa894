package csp

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/domains"
)

// pairNeq is x != y on assigned values, with no Justify.
type pairNeq struct{ x, y Var }

func (p pairNeq) Propagate(s *Space) Status {
	for _, q := range [2][2]Var{{p.x, p.y}, {p.y, p.x}} {
		if v, ok := s.Value(q[0]); ok && !s.Remove(q[1], v) {
			return Failed
		}
	}
	return Fixpoint
}

// TestGenericReasonMatchesTrail: the generic reason, read from the
// variables, holds before the fact and is the trail's facts about the
// propagator's variables above the root, the removals of a variable fixed
// by then folded into its [x = v]. The values lie in one word, or across
// the boundary of two (read word by word from what the root left).
func TestGenericReasonMatchesTrail(t *testing.T) {
	for _, lo := range []int{0, 61} {
		genericReasonMatchesTrail(t, lo)
	}
}

// genericReasonMatchesTrail is the test on values lo..lo+4 of domains
// from 0 (two words for lo = 61).
func genericReasonMatchesTrail(t *testing.T, lo int) {
	m := NewModel()
	n := 6
	xs := make([]Var, n)
	keep := make([]uint64, 2)
	for v := lo; v <= lo+n-2; v++ {
		keep[v/64] |= 1 << (v % 64)
	}
	for i := range xs {
		xs[i] = m.NewIntVar(0, lo+n-2, "p")
		require.NoError(t, m.Restrict(xs[i], keep))
	}
	for i := range xs {
		for j := i + 1; j < n; j++ {
			m.Post(pairNeq{xs[i], xs[j]}, domains.EventAssigned, xs[i], xs[j])
		}
	}
	e := NewSearch(m, Options{Learn: LearnClauses, Var: Activity})
	checks := 0
	e.cl.check = func([]Fact) {
		s := e.space
		t2 := s.lt
		for i := range t2.list {
			c := t2.cause[i]
			if c < 0 || c >= int32(len(m.props)) || t2.level[i] == 0 {
				continue
			}
			got := s.genericReason(c, i, nil)
			// The reference: the trail scanned.
			want := map[Fact]bool{}
			fixed := map[Var]bool{}
			vars := map[Var]bool{}
			for _, x := range s.propVars[s.propStart[c]:s.propStart[c+1]] {
				vars[Var(x)] = true
			}
			for k := int(t2.start[0]); k < i; k++ {
				if f := t2.list[k]; vars[f.X] && f.Eq {
					fixed[f.X] = true
				}
			}
			for k := int(t2.start[0]); k < i; k++ {
				if f := t2.list[k]; vars[f.X] && (f.Eq || !fixed[f.X]) {
					want[f] = true
				}
			}
			gotSet := map[Fact]bool{}
			for _, f := range got {
				require.True(t, s.HeldBefore(f, i))
				gotSet[f] = true
			}
			require.Equal(t, want, gotSet, "fact %d %v", i, t2.list[i])
			checks++
		}
	}
	r := e.Run(context.Background(), 1, func(*Space) bool { return true })
	require.Equal(t, "unsatisfiable", r.Status())
	require.Positive(t, checks)
}
