package csp

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/domains"
)

// litStatesAgree fails t unless the trail's state of every value the
// clause database numbers says what the domains say: set when the
// variable is fixed to it, gone when it is not in the domain, open else.
func litStatesAgree(t *testing.T, s *Space, d *clauseDB) {
	t.Helper()
	for x, nb := range d.numOf {
		v, fixed := s.doms[x].Value()
		for i := range nb.n {
			val := nb.base + i
			want := uint8(0)
			switch {
			case !s.doms[x].Contains(int(val)):
				want = litGone
			case fixed && int(val) == v:
				want = litSet
			}
			require.Equal(t, want, s.lt.lit[val+nb.shift], "x%d value %d", x, val)
			for _, eq := range []bool{false, true} {
				c, ok := d.code(Fact{Var(x), val, eq})
				require.True(t, ok)
				require.Equal(t, Fact{Var(x), val, eq}, d.fact(c))
			}
		}
	}
}

// probe runs f at every propagation of its variables.
type probe struct{ f func(s *Space) }

func (p probe) Propagate(s *Space) Status {
	p.f(s)
	return Fixpoint
}

// TestLitStatesFollowDomains: the states the clause database reads its
// watches from agree with the domains at every conflict (domains wiped
// out included) and every solution, through backjumps, restarts, blocked
// and flipped solutions, and a Reset, and at every propagation of the
// model's variables; on domains from 0 and across two
// words, for a proof of unsatisfiability and a count.
func TestLitStatesFollowDomains(t *testing.T) {
	for _, tc := range []struct {
		name      string
		lo, n     int // n variables on n-1 values from lo (pigeonhole) or n (count)
		pigeon    bool
		wantCount int
	}{
		{"pigeonhole from 0", 0, 6, true, 0},
		{"pigeonhole across words", 61, 6, true, 0},
		{"count from 0", 0, 5, false, 120},
		{"count across words", 62, 4, false, 24},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewModel()
			vals := tc.n
			if tc.pigeon {
				vals--
			}
			keep := make([]uint64, 2)
			for v := tc.lo; v < tc.lo+vals; v++ {
				keep[v/64] |= 1 << (v % 64)
			}
			xs := make([]Var, tc.n)
			for i := range xs {
				xs[i] = m.NewIntVar(0, tc.lo+vals-1, "p")
				require.NoError(t, m.Restrict(xs[i], keep))
			}
			for i := range xs {
				for j := i + 1; j < tc.n; j++ {
					m.Post(pairNeq{xs[i], xs[j]}, domains.EventAssigned, xs[i], xs[j])
				}
			}
			var e *Search
			probes := 0
			m.Post(probe{func(s *Space) {
				probes++
				litStatesAgree(t, s, e.cl.db)
			}}, domains.EventDomain, xs...)
			e = NewSearch(m, Options{Learn: LearnClauses, Var: Activity, RestartBase: 2})
			SetMaxBlocked(e, 3)
			conflicts := 0
			e.cl.check = func([]Fact) {
				conflicts++
				litStatesAgree(t, e.space, e.cl.db)
			}
			for round := range 2 {
				count := 0
				r := e.Run(context.Background(), 0, func(s *Space) bool {
					litStatesAgree(t, s, e.cl.db)
					count++
					return true
				})
				require.Equal(t, tc.wantCount, count, "round %d", round)
				require.Equal(t, tc.pigeon, r.Status() == "unsatisfiable", r.Status())
				e.Reset()
				litStatesAgree(t, e.space, e.cl.db)
			}
			require.Positive(t, probes)
			if tc.pigeon {
				require.Positive(t, conflicts)
			}
		})
	}
}

// lateWipe removes 1 from x once y = 1, and reads only y: a weak
// propagator, so that a search that fixed x to 1 before deciding y = 1
// empties x at a later level than x's fixing.
type lateWipe struct{ x, y Var }

func (p lateWipe) Propagate(s *Space) Status {
	if v, ok := s.Value(p.y); ok && v == 1 && !s.Remove(p.x, 1) {
		return Failed
	}
	return Fixpoint
}

// TestLitStateOfAValueWipedAfterItsFixing: x fixed to 1 on level 1, its 1
// removed on level 2 (the wipe-out is the conflict); the jump back to
// level 1 undoes the removal, and x's value is set again there, as its
// domain says.
func TestLitStateOfAValueWipedAfterItsFixing(t *testing.T) {
	m := NewModel()
	x, y := m.NewIntVar(0, 1, "x"), m.NewIntVar(0, 1, "y")
	m.Post(lateWipe{x, y}, domains.EventAssigned, y)
	var e *Search
	probes := 0
	m.Post(probe{func(s *Space) {
		probes++
		litStatesAgree(t, s, e.cl.db)
	}}, domains.EventDomain, x, y)
	e = NewSearch(m, Options{Learn: LearnClauses, Var: InputOrder, Val: ValMax, Restarts: NoRestarts})
	conflicts := 0
	e.cl.check = func([]Fact) { conflicts++ }
	var got [][]int
	e.Run(context.Background(), 0, func(s *Space) bool {
		a, _ := s.Value(x)
		b, _ := s.Value(y)
		got = append(got, []int{a, b})
		return true
	})
	require.Equal(t, 1, conflicts)
	require.Equal(t, [][]int{{1, 0}, {0, 1}, {0, 0}}, got)
	require.Positive(t, probes)
}
