package csp

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/domains"
)

// TestCutStopsAtMaxCut: a model whose root has a long chain of
// refutations (no constraint: x1 != 0, x1 != 1, ... through every variable)
// gives at most maxCut subproblems plus one per pending branch, not one per
// value of every variable, and every node of the level-1 cut is listed
// once: the subproblems' first decisions, in order, are the chain's.
func TestCutStopsAtMaxCut(t *testing.T) {
	m := NewModel()
	for range 200 {
		m.NewVar(domains.Range(0, 29), "x")
	}
	e := NewSearch(m, Options{})
	for _, depth := range []int{1, 2, 3} {
		c, stop := enumerate(context.Background(), e, depth, 0, 0)
		require.Equal(t, NotStopped, stop)
		require.True(t, c.open)
		require.LessOrEqual(t, c.len(), maxCut+depth, "depth %d", depth)
		require.GreaterOrEqual(t, c.len(), maxCut, "depth %d", depth)
		// The last subproblem is the root's pending refutation chain: only
		// refutations, each of the value the chain had reached.
		last := c.sub(c.len() - 1)
		for _, d := range last {
			require.True(t, d.right, "depth %d: %+v", depth, last)
		}
	}
}
