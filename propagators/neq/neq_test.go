package neq_test

import (
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/neq"
)

func TestAgainstBruteForce(t *testing.T) {
	proptest.Check(t, proptest.Case{
		Vars: 2, MinVal: 0, MaxVal: 3,
		Post:     func(m *csp.Model, v []csp.Var) { neq.Post(m, v[0], v[1]) },
		Holds:    func(v []int) bool { return v[0] != v[1] },
		Complete: true, // domain consistency only once a side is assigned
		Trials:   0,
	})
}
