package arith_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/arith"
)

func TestArrayMinMaxAgainstBruteForce(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4} {
		for i, r := range ranges {
			for _, isMax := range []bool{false, true} {
				name := fmt.Sprintf("n=%d/%s/max=%v", n, r.name, isMax)
				t.Run(name, func(t *testing.T) {
					proptest.Check(t, proptest.Case{
						Vars: n + 1, MinVal: r.lo, MaxVal: r.hi,
						Post: func(m *csp.Model, v []csp.Var) {
							post := arith.ArrayMin
							if isMax {
								post = arith.ArrayMax
							}
							require.NoError(t, post(m, v[:n], v[n]))
						},
						Holds: func(v []int) bool {
							if isMax {
								return slices.Max(v[:n]) == v[n]
							}
							return slices.Min(v[:n]) == v[n]
						},
						Trials: 100,
						Seed:   uint64(i),
					})
				})
			}
		}
	}
}

// TestArrayMaxBounds checks the narrowing on intervals: what bounds
// reasoning gives, exactly.
func TestArrayMaxBounds(t *testing.T) {
	cases := []struct {
		name   string
		xs     [][2]int
		z      [2]int
		wantXs [][2]int
		wantZ  [2]int
	}{
		{"z within the bounds", [][2]int{{0, 5}, {2, 3}}, [2]int{-10, 10}, [][2]int{{0, 5}, {2, 3}}, [2]int{2, 5}},
		{"xs at most max z", [][2]int{{0, 9}, {1, 8}}, [2]int{0, 4}, [][2]int{{0, 4}, {1, 4}}, [2]int{1, 4}},
		{"the only candidate reaches min z", [][2]int{{0, 9}, {1, 3}}, [2]int{6, 7}, [][2]int{{6, 7}, {1, 3}}, [2]int{6, 7}},
		{"wide", [][2]int{{-2_000_000, 1_000_000}, {5, 5}}, [2]int{-9_000_000, 9_000_000}, [][2]int{{-2_000_000, 1_000_000}, {5, 5}}, [2]int{5, 1_000_000}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			xs := make([]csp.Var, len(c.xs))
			for i, b := range c.xs {
				xs[i] = m.NewIntVar(b[0], b[1], "")
			}
			z := m.NewIntVar(c.z[0], c.z[1], "z")
			require.NoError(t, arith.ArrayMax(m, xs, z))
			s := csp.NewSpace(m, csp.Copying)
			require.True(t, s.Propagate())
			for i, x := range xs {
				assert.Equal(t, c.wantXs[i], [2]int{s.Min(x), s.Max(x)}, "x%d", i)
			}
			assert.Equal(t, c.wantZ, [2]int{s.Min(z), s.Max(z)}, "z")
		})
	}
}

func TestArrayMinMaxBadArguments(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(0, 3, "x")
	assert.ErrorIs(t, arith.ArrayMin(m, nil, x), arith.ErrEmpty)
	assert.ErrorIs(t, arith.ArrayMax(m, []csp.Var{x, 9}, x), arith.ErrVar)
	assert.ErrorIs(t, arith.ArrayMax(m, []csp.Var{x}, 9), arith.ErrVar)
	assert.Zero(t, m.NumPropagators(), "nothing posted")
}
