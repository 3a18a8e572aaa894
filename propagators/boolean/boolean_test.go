package boolean_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/boolean"
	"github.com/cspgo/csp/propagators/reif"
)

func count(v []int) (n int) {
	for _, x := range v {
		n += x
	}
	return n
}

func TestAgainstBruteForce(t *testing.T) {
	cases := []struct {
		name  string
		vars  int
		post  func(m *csp.Model, v []csp.Var) error
		holds func(v []int) bool
	}{
		{"and", 4, func(m *csp.Model, v []csp.Var) error { return boolean.And(m, v[1:], v[0]) },
			func(v []int) bool { return (v[0] == 1) == (count(v[1:]) == 3) }},
		{"and repeated", 3, func(m *csp.Model, v []csp.Var) error { return boolean.And(m, []csp.Var{v[1], v[2], v[1]}, v[0]) },
			func(v []int) bool { return (v[0] == 1) == (v[1] == 1 && v[2] == 1) }},
		{"and of r", 2, func(m *csp.Model, v []csp.Var) error { return boolean.And(m, []csp.Var{v[0], v[1]}, v[0]) },
			func(v []int) bool { return v[0] == 0 || v[1] == 1 }},
		{"and empty", 1, func(m *csp.Model, v []csp.Var) error { return boolean.And(m, nil, v[0]) },
			func(v []int) bool { return v[0] == 1 }},
		{"or", 4, func(m *csp.Model, v []csp.Var) error { return boolean.Or(m, v[1:], v[0]) },
			func(v []int) bool { return (v[0] == 1) == (count(v[1:]) > 0) }},
		{"or empty", 1, func(m *csp.Model, v []csp.Var) error { return boolean.Or(m, nil, v[0]) },
			func(v []int) bool { return v[0] == 0 }},
		{"clause", 4, func(m *csp.Model, v []csp.Var) error { return boolean.Clause(m, v[:2], v[2:]) },
			func(v []int) bool { return v[0] == 1 || v[1] == 1 || v[2] == 0 || v[3] == 0 }},
		{"clause repeated", 2, func(m *csp.Model, v []csp.Var) error {
			return boolean.Clause(m, []csp.Var{v[0], v[0]}, []csp.Var{v[1]})
		},
			func(v []int) bool { return v[0] == 1 || v[1] == 0 }},
		{"clause x or not x", 2, func(m *csp.Model, v []csp.Var) error { return boolean.Clause(m, v[:1], v[:1]) },
			func([]int) bool { return true }},
		{"empty clause", 1, func(m *csp.Model, v []csp.Var) error { return boolean.Clause(m, nil, nil) },
			func([]int) bool { return false }},
		{"xor of 4", 4, func(m *csp.Model, v []csp.Var) error { return boolean.Parity(m, v, true) },
			func(v []int) bool { return count(v)%2 == 1 }},
		{"even of 3", 3, func(m *csp.Model, v []csp.Var) error { return boolean.Parity(m, v, false) },
			func(v []int) bool { return count(v)%2 == 0 }},
		{"parity repeated", 2, func(m *csp.Model, v []csp.Var) error { return boolean.Parity(m, []csp.Var{v[0], v[1], v[0]}, true) },
			func(v []int) bool { return v[1] == 1 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: c.vars, MinVal: 0, MaxVal: 1,
				Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, c.post(m, v)) },
				Holds:    c.holds,
				Complete: true,
			})
		})
	}
}

func TestRefusesNonBooleans(t *testing.T) {
	m := csp.NewModel()
	b := m.NewBoolVar("b")
	x := m.NewIntVar(0, 2, "x")
	require.ErrorIs(t, boolean.And(m, []csp.Var{b, x}, b), reif.ErrBool)
	require.ErrorIs(t, boolean.Or(m, []csp.Var{b}, x), reif.ErrBool)
	require.ErrorIs(t, boolean.Clause(m, []csp.Var{b}, []csp.Var{x}), reif.ErrBool)
	require.ErrorIs(t, boolean.Parity(m, []csp.Var{b, 7}, true), reif.ErrVar)
	require.Equal(t, 0, m.NumPropagators())
}
