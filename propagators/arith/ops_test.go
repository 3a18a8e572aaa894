package arith_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/arith"
)

func ipow(a, k int) int {
	r := 1
	for range k {
		r *= a
	}
	return r
}

// TestOpsAgainstBruteForce checks FlatZinc's integer operations on
// domains with negative values (offset bitsets) and from 0 (where Mul is
// Times): sound and checking everywhere, complete where they claim it.
func TestOpsAgainstBruteForce(t *testing.T) {
	cases := []struct {
		name     string
		vars     int
		post     func(m *csp.Model, v []csp.Var) error
		holds    func(v []int) bool
		complete bool
	}{
		{"x*y=z", 3, func(m *csp.Model, v []csp.Var) error { return arith.Mul(m, v[0], v[1], v[2]) },
			func(v []int) bool { return v[0]*v[1] == v[2] }, false},
		{"x*x=z", 2, func(m *csp.Model, v []csp.Var) error { return arith.Mul(m, v[0], v[0], v[1]) },
			func(v []int) bool { return v[0]*v[0] == v[1] }, false},
		{"x/y=z", 3, func(m *csp.Model, v []csp.Var) error { return arith.Div(m, v[0], v[1], v[2]) },
			func(v []int) bool { return v[1] != 0 && v[0]/v[1] == v[2] }, false},
		{"x%y=z", 3, func(m *csp.Model, v []csp.Var) error { return arith.Mod(m, v[0], v[1], v[2]) },
			func(v []int) bool { return v[1] != 0 && v[0]%v[1] == v[2] }, false},
		{"|x|=z", 2, func(m *csp.Model, v []csp.Var) error { return arith.Abs(m, v[0], v[1]) },
			func(v []int) bool { return max(v[0], -v[0]) == v[1] }, true},
		{"min(x,y)=z", 3, func(m *csp.Model, v []csp.Var) error { return arith.Min(m, v[0], v[1], v[2]) },
			func(v []int) bool { return min(v[0], v[1]) == v[2] }, false},
		{"max(x,y)=z", 3, func(m *csp.Model, v []csp.Var) error { return arith.Max(m, v[0], v[1], v[2]) },
			func(v []int) bool { return max(v[0], v[1]) == v[2] }, false},
		{"x^y=z", 3, func(m *csp.Model, v []csp.Var) error { return arith.Pow(m, v[0], v[1], v[2]) },
			func(v []int) bool {
				if v[1] < 0 { // FlatZinc's 1 div x^-y, none for x = 0
					return v[0] != 0 && v[2] == 1/ipow(v[0], -v[1])
				}
				return ipow(v[0], v[1]) == v[2]
			}, false},
	}
	for _, c := range cases {
		for _, r := range []struct{ lo, hi int }{{-3, 3}, {0, 5}, {-6, -1}} {
			t.Run(fmt.Sprintf("%s/%d..%d", c.name, r.lo, r.hi), func(t *testing.T) {
				proptest.Check(t, proptest.Case{
					Vars: c.vars, MinVal: r.lo, MaxVal: r.hi,
					Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, c.post(m, v)) },
					Holds:    c.holds,
					Complete: c.complete,
				})
			})
		}
	}
}

// TestOpsOnIntervals: bounds reasoning on wide domains.
func TestOpsOnIntervals(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(-1000, 3000, "x")
	y := m.NewIntVar(2, 5, "y")
	z := m.NewIntVar(-10_000_000, 10_000_000, "z")
	a := m.NewIntVar(-10_000_000, 10_000_000, "a")
	q := m.NewIntVar(-10_000_000, 10_000_000, "q")
	require.NoError(t, arith.Mul(m, x, y, z))
	require.NoError(t, arith.Abs(m, x, a))
	require.NoError(t, arith.Div(m, z, y, q))
	s := csp.NewSpace(m, csp.Copying)
	require.True(t, s.Propagate())
	assert.Equal(t, "{-5000..15000}", s.Dom(z).String())
	assert.Equal(t, "{0..3000}", s.Dom(a).String())
	assert.Equal(t, "{-2500..7500}", s.Dom(q).String())
	require.True(t, s.RemoveBelow(z, 14000))
	require.True(t, s.Propagate())
	assert.Equal(t, "{2800..3000}", s.Dom(x).String())
	assert.Equal(t, "{5}", s.Dom(y).String())
}

// BenchmarkOps times one search node on a chain of 9 variables linked by
// Div (by 1..2), Mod (by 50..200, from 0..100) and Pow (to the power 1),
// none of them with a repeated variable: removing x0's largest value moves
// a bound down the chain. On bitsets (-100..100) and on intervals.
func BenchmarkOps(b *testing.B) {
	for _, bc := range []struct {
		name string
		post func(m *csp.Model, x, z csp.Var) error
	}{
		{"div", func(m *csp.Model, x, z csp.Var) error { return arith.Div(m, x, m.NewIntVar(1, 2, "y"), z) }},
		{"mod", func(m *csp.Model, x, z csp.Var) error { return arith.Mod(m, x, m.NewIntVar(50, 200, "y"), z) }},
		{"pow", func(m *csp.Model, x, z csp.Var) error { return arith.Pow(m, x, m.NewIntVar(1, 1, "k"), z) }},
	} {
		for _, wide := range []bool{false, true} {
			name := bc.name + "/bitset"
			if wide {
				name = bc.name + "/interval"
			}
			b.Run(name, func(b *testing.B) {
				m := csp.NewModel()
				newVar := func(lo, hi int) csp.Var {
					if wide {
						return m.NewVar(domains.Interval(lo, hi), "x")
					}
					return m.NewIntVar(lo, hi, "x")
				}
				xs := []csp.Var{newVar(0, 100)}
				for i := 1; i < 9; i++ {
					xs = append(xs, newVar(-100, 100))
					require.NoError(b, bc.post(m, xs[i-1], xs[i]))
				}
				s := benchSpace(b, m)
				proptest.RunNode(b, s, xs[0], s.Max(xs[0]))
			})
		}
	}
}
