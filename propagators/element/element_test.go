package element_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/element"
)

func TestIntAgainstBruteForce(t *testing.T) {
	arrays := [][]int{{3, -1, 4, 1}, {2, 2, 0}, {-2}}
	for _, arr := range arrays {
		for _, first := range []int{0, 1, -2} {
			t.Run(fmt.Sprintf("%v/from%d", arr, first), func(t *testing.T) {
				proptest.Check(t, proptest.Case{
					Vars: 2, MinVal: -3, MaxVal: 4,
					Post: func(m *csp.Model, v []csp.Var) {
						require.NoError(t, element.Int(m, v[0], arr, v[1], first))
					},
					Holds: func(v []int) bool {
						i := v[0] - first
						return i >= 0 && i < len(arr) && arr[i] == v[1]
					},
					Complete: true,
				})
			})
		}
	}
}

func TestVarsAgainstBruteForce(t *testing.T) {
	for _, first := range []int{1, 0} {
		for _, r := range []struct{ lo, hi int }{{0, 3}, {-2, 1}} {
			t.Run(fmt.Sprintf("from%d/%d..%d", first, r.lo, r.hi), func(t *testing.T) {
				proptest.Check(t, proptest.Case{
					Vars: 5, MinVal: r.lo, MaxVal: r.hi,
					Post: func(m *csp.Model, v []csp.Var) {
						require.NoError(t, element.Vars(m, v[0], v[2:], v[1], first))
					},
					Holds: func(v []int) bool {
						i := v[0] - first
						return i >= 0 && i < 3 && v[2+i] == v[1]
					},
					Complete: true,
				})
			})
		}
	}
}

// TestIntervals: a wide value (an interval) keeps the hull of what the
// positions give; a wide index moves its bounds past unsupported ends.
func TestIntervals(t *testing.T) {
	m := csp.NewModel()
	i := m.NewIntVar(1, 3, "i")
	v := m.NewIntVar(0, 10_000_000, "v")
	x := m.NewIntVar(-5, 5, "x")
	j := m.NewIntVar(-1_000_000, 1_000_000, "j")
	require.NoError(t, element.Int(m, i, []int{7, 900, 20_000_000}, v, 1))
	require.NoError(t, element.Vars(m, j, []csp.Var{v, x, v}, x, 0))
	s := csp.NewSpace(m, csp.Copying)
	require.True(t, s.Propagate())
	assert.Equal(t, "{1,2}", s.Dom(i).String())
	assert.Equal(t, "{7..900}", s.Dom(v).String())
	assert.Equal(t, "{1}", s.Dom(j).String(), "v cannot meet x: only position 1")

	require.ErrorIs(t, element.Int(m, i, nil, v, 1), element.ErrElement)
	require.ErrorIs(t, element.Vars(m, i, []csp.Var{v, 42}, v, 1), element.ErrElement)
}
