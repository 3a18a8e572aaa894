package count_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/count"
)

func occurrences(xs []int, v int) int {
	k := 0
	for _, x := range xs {
		if x == v {
			k++
		}
	}
	return k
}

// TestConstantValueAgainstBruteForce: with y a constant, the propagator
// is domain consistent on the xs and n (the last variable of the case).
func TestConstantValueAgainstBruteForce(t *testing.T) {
	ranges := []struct{ lo, hi, v int }{{0, 3, 1}, {-2, 1, -1}, {70000, 70003, 70002}, {0, 3, 9}}
	for _, n := range []int{1, 2, 3, 4} {
		for i, r := range ranges {
			t.Run(fmt.Sprintf("n=%d/%d..%d/y=%d", n, r.lo, r.hi, r.v), func(t *testing.T) {
				proptest.Check(t, proptest.Case{
					Vars: n + 1, MinVal: r.lo, MaxVal: r.hi,
					Post: func(m *csp.Model, v []csp.Var) {
						y := m.NewIntVar(r.v, r.v, "y")
						require.NoError(t, count.Post(m, v[:n], y, v[n]))
					},
					Holds:    func(v []int) bool { return occurrences(v[:n], r.v) == v[n] },
					Complete: true,
					Seed:     uint64(i),
				})
			})
		}
	}
}

// TestCountDomain: n may range over values outside 0..len(xs), which
// the propagator removes.
func TestCountDomain(t *testing.T) {
	proptest.Check(t, proptest.Case{
		Vars: 3, MinVal: -1, MaxVal: 4,
		Post: func(m *csp.Model, v []csp.Var) {
			y := m.NewIntVar(2, 2, "y")
			require.NoError(t, count.Post(m, v[:2], y, v[2]))
		},
		Holds:    func(v []int) bool { return occurrences(v[:2], 2) == v[2] },
		Complete: true,
	})
}

// TestVariableValueAgainstBruteForce: with y a variable (the case's
// second to last), the propagator is sound.
func TestVariableValueAgainstBruteForce(t *testing.T) {
	for _, n := range []int{1, 2, 3} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: n + 2, MinVal: 0, MaxVal: 3,
				Post: func(m *csp.Model, v []csp.Var) {
					require.NoError(t, count.Post(m, v[:n], v[n], v[n+1]))
				},
				Holds: func(v []int) bool { return occurrences(v[:n], v[n]) == v[n+1] },
			})
		})
	}
}

// TestSharedVariablesSound: y or n among the xs.
func TestSharedVariablesSound(t *testing.T) {
	proptest.Check(t, proptest.Case{
		Vars: 3, MinVal: 0, MaxVal: 3,
		Post: func(m *csp.Model, v []csp.Var) {
			require.NoError(t, count.Post(m, v, v[0], v[2]))
		},
		Holds: func(v []int) bool { return occurrences(v, v[0]) == v[2] },
	})
}

// TestWeighsValuesOfY: y loses the values whose counts cannot be n.
func TestWeighsValuesOfY(t *testing.T) {
	m := csp.NewModel()
	xs := []csp.Var{m.NewIntVar(1, 1, "a"), m.NewIntVar(1, 2, "b"), m.NewIntVar(3, 3, "c")}
	y := m.NewIntVar(0, 3, "y")
	n := m.NewIntVar(2, 3, "n")
	require.NoError(t, count.Post(m, xs, y, n))
	s := csp.NewSpace(m, csp.Copying)
	require.True(t, s.Propagate())
	assert.Equal(t, []int{1}, s.Dom(y).AppendValues(nil), "only 1 can occur twice")
	assert.Equal(t, []int{2}, s.Dom(n).AppendValues(nil))
	assert.Equal(t, []int{1}, s.Dom(xs[1]).AppendValues(nil))
}

func TestPostBadVariable(t *testing.T) {
	m := csp.NewModel()
	a := m.NewIntVar(0, 3, "a")
	assert.ErrorIs(t, count.Post(m, []csp.Var{a, 5}, a, a), count.ErrVar)
	assert.ErrorIs(t, count.Post(m, []csp.Var{a}, 5, a), count.ErrVar)
	assert.Zero(t, m.NumPropagators(), "nothing posted")
}
