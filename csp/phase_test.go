package csp_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/linear"
)

// TestPhases: x + y + z = 4 over -1..3, x branched first by the largest
// value, then z and y by the smallest: the first solution is x = 3,
// then z (first of the second phase, ties to the first) = -1, so y = 2;
// every search, phased or not, counts the same solutions.
func TestPhases(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(-1, 3, "x")
	y := m.NewIntVar(-1, 3, "y")
	z := m.NewIntVar(-1, 3, "z")
	w := m.NewIntVar(0, 1_000_000, "w") // in no phase: not branched on
	require.NoError(t, linear.Post(m, []int{1, 1, 1}, []csp.Var{x, y, z}, linear.Eq, 4))
	phases := []csp.Phase{
		{Vars: []csp.Var{x}, Var: csp.InputOrder, Val: csp.ValMax},
		{Vars: []csp.Var{z, y, x}, Var: csp.MinDomain, Val: csp.ValMin},
	}
	want := csp.Count(context.Background(), m, csp.Options{Decisions: []csp.Var{x, y, z}}, 0)
	require.True(t, want.Complete)
	for _, opts := range []csp.Options{
		{Phases: phases},
		{Phases: phases, SaveMode: csp.Trailing, Var: csp.MaxDensity, Val: csp.ValDensity},
		{Phases: phases, Workers: 2},
		{Phases: phases, Order: csp.BreadthFirst},
	} {
		t.Run(fmt.Sprintf("workers %d order %v", opts.Workers, opts.Order), func(t *testing.T) {
			res := csp.Solve(context.Background(), m, opts)
			require.EqualValues(t, 1, res.Solutions)
			assert.Equal(t, []int{3, 2, -1}, res.Solution[:3])
			assert.Equal(t, 0, res.Solution[w], "w is not a decision: its smallest value")
			n := csp.Count(context.Background(), m, opts, 0)
			assert.True(t, n.Complete)
			assert.Equal(t, want.Solutions, n.Solutions)
		})
	}
	// Restarts and nogoods over phases find a solution too.
	res := csp.Solve(context.Background(), m, csp.Options{Phases: phases, Restarts: csp.Luby, RestartBase: 1, Nogoods: true})
	require.EqualValues(t, 1, res.Solutions)
	assert.Equal(t, 4, res.Solution[x]+res.Solution[y]+res.Solution[z])
}
