package csp_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/neq"
)

// sumProp keeps x + y = z at bounds consistency: a value-reading
// propagator, as every one must be on offset and interval variables.
type sumProp struct{ x, y, z csp.Var }

func (p *sumProp) Propagate(s *csp.Space) csp.Status {
	for {
		ok := s.RemoveBelow(p.z, s.Min(p.x)+s.Min(p.y)) && s.RemoveAbove(p.z, s.Max(p.x)+s.Max(p.y)) &&
			s.RemoveBelow(p.x, s.Min(p.z)-s.Max(p.y)) && s.RemoveAbove(p.x, s.Max(p.z)-s.Min(p.y)) &&
			s.RemoveBelow(p.y, s.Min(p.z)-s.Max(p.x)) && s.RemoveAbove(p.y, s.Max(p.z)-s.Min(p.x))
		if !ok {
			return csp.Failed
		}
		if s.Min(p.z) >= s.Min(p.x)+s.Min(p.y) && s.Max(p.z) <= s.Max(p.x)+s.Max(p.y) &&
			s.Min(p.x) >= s.Min(p.z)-s.Max(p.y) && s.Max(p.x) <= s.Max(p.z)-s.Min(p.y) &&
			s.Min(p.y) >= s.Min(p.z)-s.Max(p.x) && s.Max(p.y) <= s.Max(p.z)-s.Min(p.x) {
			return csp.Fixpoint
		}
	}
}

func TestOffsetAndIntervalSpace(t *testing.T) {
	for _, mode := range []csp.SaveMode{csp.Copying, csp.Trailing} {
		t.Run(mode.String(), func(t *testing.T) {
			m := csp.NewModel()
			x := m.NewIntVar(-5, 5, "x")
			w := m.NewIntVar(-3, 10_000_000, "w")
			b := m.NewBoolVar("b")
			assert.Equal(t, -5, m.Base(x))
			require.ErrorIs(t, m.CheckWords(b, x), csp.ErrWords)
			require.ErrorContains(t, m.CheckWords(w), "w has values -3..10000000")
			require.NoError(t, m.CheckWords(b))
			s := csp.NewSpace(m, mode)
			require.True(t, s.Propagate())
			assert.Nil(t, s.OneWord(), "an offset domain is not a one-word domain from 0")
			assert.Equal(t, -5, s.Min(x))
			assert.Equal(t, 5, s.Max(x))
			assert.True(t, s.Contains(x, -5))
			assert.False(t, s.Contains(x, 6))
			assert.Equal(t, 10_000_004, s.Size(w))

			s.Push()
			require.True(t, s.Remove(x, -5))
			require.True(t, s.Remove(x, 0))
			assert.False(t, s.Contains(x, 0))
			assert.Equal(t, -4, s.Min(x))
			require.True(t, s.Remove(w, 17), "an interior value of an interval: nothing to do")
			assert.True(t, s.Contains(w, 17))
			require.True(t, s.RemoveBelow(w, -1))
			require.True(t, s.RemoveAbove(w, 40))
			assert.Equal(t, "{-1..40}", s.Dom(w).String())
			s.Push()
			require.True(t, s.Assign(w, -1))
			v, ok := s.Value(w)
			assert.True(t, ok)
			assert.Equal(t, -1, v)
			require.True(t, s.RemoveAbove(x, -3))
			assert.Equal(t, "{-4,-3}", s.Dom(x).String())
			assert.False(t, s.Assign(x, 2), "assigning a removed value fails")
			s.Pop()
			assert.Equal(t, "{-1..40}", s.Dom(w).String())
			assert.Equal(t, "{-4..-1,1..5}", s.Dom(x).String())
			s.Pop()
			assert.Equal(t, "{-5..5}", s.Dom(x).String())
			assert.Equal(t, "{-3..10000000}", s.Dom(w).String())
			vals := s.Values(nil)
			assert.Equal(t, []int{-5, -3, 0}, vals)
		})
	}
}

// TestSearchOnOffsetAndInterval counts the solutions of a + b = c, a != b
// with a, b in -4..4 and c an interval of two million values, under
// every value order and save mode and with the interval branched on
// first: 9·9 - 9 = 72, each checked.
func TestSearchOnOffsetAndInterval(t *testing.T) {
	m := csp.NewModel()
	a := m.NewIntVar(-4, 4, "a")
	b := m.NewIntVar(-4, 4, "b")
	c := m.NewVar(domains.Interval(-1_000_000, 1_000_000), "c")
	d := m.InitialDomain(c)
	require.True(t, d.IsInterval())
	m.Post(&sumProp{a, b, c}, domains.EventBounds, a, b, c)
	require.NoError(t, neq.Post(m, a, b))
	vals := []csp.ValSelect{csp.ValMin, csp.ValMax, csp.ValSplit, csp.ValReverseSplit, csp.ValMedian, csp.ValRandom}
	for _, val := range vals {
		for _, mode := range []csp.SaveMode{csp.Copying, csp.Trailing} {
			for _, order := range [][]csp.Var{{c, a, b}, {a, b, c}} {
				t.Run(fmt.Sprintf("%v/%v/%v", val, mode, order[0]), func(t *testing.T) {
					e := csp.NewSearch(m, csp.Options{Val: val, SaveMode: mode, Decisions: order, Seed: 5})
					seen := map[[3]int]bool{}
					res := e.Run(context.Background(), 0, func(s *csp.Space) bool {
						va, _ := s.Value(a)
						vb, _ := s.Value(b)
						vc, ok := s.Value(c)
						require.True(t, ok)
						require.Equal(t, va+vb, vc)
						require.NotEqual(t, va, vb)
						seen[[3]int{va, vb, vc}] = true
						return true
					})
					assert.True(t, res.Complete)
					assert.EqualValues(t, 72, res.Solutions)
					assert.Len(t, seen, 72)
				})
				t.Run(fmt.Sprintf("%v/%v/%v/bfs", val, mode, order[0]), func(t *testing.T) {
					res := csp.Count(context.Background(), m, csp.Options{Val: val, SaveMode: mode, Decisions: order, Seed: 5, Order: csp.BreadthFirst}, 0)
					assert.True(t, res.Complete)
					assert.EqualValues(t, 72, res.Solutions)
				})
			}
		}
	}
}
