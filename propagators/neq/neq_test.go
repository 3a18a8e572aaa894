package neq_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/neq"
)

func TestAgainstBruteForce(t *testing.T) {
	proptest.Check(t, proptest.Case{
		Vars: 2, MinVal: 0, MaxVal: 3,
		Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, neq.Post(m, v[0], v[1])) },
		Holds:    func(v []int) bool { return v[0] != v[1] },
		Complete: true, // domain consistency only once a side is assigned
		Trials:   0,
	})
}

func TestOffsetAgainstBruteForce(t *testing.T) {
	proptest.Check(t, proptest.Case{
		Vars: 2, MinVal: -4, MaxVal: 1,
		Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, neq.Post(m, v[0], v[1])) },
		Holds:    func(v []int) bool { return v[0] != v[1] },
		Complete: true,
	})
}

func TestPostBadArguments(t *testing.T) {
	cases := []struct {
		name string
		x, y csp.Var
	}{
		{"first not in the model", 5, 0},
		{"second not in the model", 0, 2},
		{"negative", -1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			m.NewIntVar(0, 3, "a")
			m.NewIntVar(0, 3, "b")
			err := neq.Post(m, c.x, c.y)
			assert.ErrorIs(t, err, neq.ErrVar)
			assert.Zero(t, m.NumPropagators(), "nothing posted")
		})
	}
}
