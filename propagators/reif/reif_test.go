package reif_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/reif"
)

// holdsAs is the reified relation on (b, rest...): b <-> c(rest) or b -> c(rest).
func holdsAs(mode reif.Mode, c func(v []int) bool) func(v []int) bool {
	return func(v []int) bool {
		if mode == reif.Full {
			return (v[0] == 1) == c(v[1:])
		}
		return v[0] == 0 || c(v[1:])
	}
}

func TestAgainstBruteForce(t *testing.T) {
	cases := []struct {
		name     string
		vars     int
		cond     func(v []csp.Var) reif.Cond
		holds    func(v []int) bool
		complete bool
	}{
		{"x=y", 2, func(v []csp.Var) reif.Cond { return reif.Equal(v[0], v[1], 0) }, func(v []int) bool { return v[0] == v[1] }, true},
		{"x=y+2", 2, func(v []csp.Var) reif.Cond { return reif.Equal(v[0], v[1], 2) }, func(v []int) bool { return v[0] == v[1]+2 }, true},
		{"x!=y-1", 2, func(v []csp.Var) reif.Cond { return reif.NotEqual(v[0], v[1], -1) }, func(v []int) bool { return v[0] != v[1]-1 }, true},
		{"x=x", 1, func(v []csp.Var) reif.Cond { return reif.Equal(v[0], v[0], 0) }, func([]int) bool { return true }, true},
		{"x in {-2,0,1,3}", 1, func(v []csp.Var) reif.Cond { return reif.In(v[0], []int{3, -2, 0, 1, 0}) }, func(v []int) bool { return slices.Contains([]int{-2, 0, 1, 3}, v[0]) }, true},
		{"x not in {-1,2}", 1, func(v []csp.Var) reif.Cond { return reif.NotIn(v[0], []int{-1, 2}) }, func(v []int) bool { return v[0] != -1 && v[0] != 2 }, true},
	}
	for _, c := range cases {
		for _, mode := range []reif.Mode{reif.Full, reif.Imp} {
			for _, r := range []struct{ lo, hi int }{{0, 4}, {-3, 3}} {
				t.Run(fmt.Sprintf("%s/%d/%d..%d", c.name, mode, r.lo, r.hi), func(t *testing.T) {
					proptest.Check(t, proptest.Case{
						Vars: c.vars + 1, MinVal: r.lo, MaxVal: r.hi,
						Post: func(m *csp.Model, v []csp.Var) {
							proptest.RestrictBool(m, v[0])
							require.NoError(t, reif.Post(m, v[0], c.cond(v[1:]), mode))
						},
						Holds: holdsAs(mode, c.holds),
						// Half-reification is domain consistent too: b = 1
						// has a support unless C is disentailed, b = 0 always.
						Complete: c.complete,
					})
				})
			}
		}
	}
}

func TestPostIn(t *testing.T) {
	proptest.Check(t, proptest.Case{
		Vars: 1, MinVal: -3, MaxVal: 4,
		Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, reif.PostIn(m, v[0], []int{-3, 0, 4})) },
		Holds:    func(v []int) bool { return v[0] == -3 || v[0] == 0 || v[0] == 4 },
		Complete: true,
	})
}

// TestIntervals: on an interval (bounds only) the conditions decide and
// enforce by bounds, and a value an interval cannot remove from its
// inside is refused once the interval is assigned.
func TestIntervals(t *testing.T) {
	m := csp.NewModel()
	b := m.NewBoolVar("b")
	x := m.NewIntVar(0, 10_000_000, "x")
	y := m.NewIntVar(-5, 5, "y")
	require.NoError(t, reif.Post(m, b, reif.In(x, []int{3, 4, 5, 9, 20_000_000}), reif.Full))
	require.NoError(t, reif.Post(m, m.NewBoolVar("c"), reif.Equal(x, y, 0), reif.Full))
	s := csp.NewSpace(m, csp.Copying)
	require.True(t, s.Propagate())
	s.Push()
	require.True(t, s.Assign(b, 1))
	require.True(t, s.Propagate())
	assert.Equal(t, "{3..9}", s.Dom(x).String())
	require.True(t, s.Assign(x, 6))
	assert.False(t, s.Propagate(), "6 is not in the set")
	s.Pop()
	s.Push()
	require.True(t, s.Assign(b, 0))
	require.True(t, s.RemoveAbove(x, 5))
	require.True(t, s.Propagate())
	assert.Equal(t, "{0..2}", s.Dom(x).String(), "3..5 are in the set: the upper bound moves below them")
	s.Pop()

	err := reif.Post(m, y, reif.Equal(x, x, 0), reif.Full)
	require.ErrorIs(t, err, reif.ErrBool)
	assert.ErrorContains(t, err, "y has values {-5..5}")
	require.ErrorIs(t, reif.Post(m, 99, reif.Equal(x, x, 0), reif.Full), reif.ErrVar)
	require.ErrorIs(t, reif.Post(m, b, reif.Equal(x, 99, 0), reif.Full), reif.ErrVar)
}
