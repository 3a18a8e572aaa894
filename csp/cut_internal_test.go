package csp

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/domains"
)

// freeModel returns a model of n variables over 0..k-1 and no constraint: its
// root refutes value after value through every variable.
func freeModel(n, k int) *Model {
	m := NewModel()
	for range n {
		m.NewVar(domains.Range(0, k-1), "x")
	}
	return m
}

// TestCutStopsAtMaxCut: a model whose root has a long chain of
// refutations (no constraint: x1 != 0, x1 != 1, ... through every variable)
// gives at most maxCut subproblems plus one per pending branch, not one per
// value of every variable, and the last of them is the chain's pending
// node, reached by refutations only. (That the list still covers the tree
// in order: TestParallelCutCapped.)
func TestCutStopsAtMaxCut(t *testing.T) {
	e := NewSearch(freeModel(200, 30), Options{})
	for _, depth := range []int{1, 2, 3} {
		c, stop := enumerate(context.Background(), e, depth, 0, 0)
		require.Equal(t, NotStopped, stop)
		require.True(t, c.open)
		require.LessOrEqual(t, c.len(), maxCut+depth, "depth %d", depth)
		require.GreaterOrEqual(t, c.len(), maxCut, "depth %d", depth)
		// The last subproblem is the root's pending refutation chain.
		last := c.sub(c.len() - 1)
		for _, d := range last {
			require.True(t, d.right, "depth %d: %+v", depth, last)
		}
	}
}

// TestDefaultCutGivesWayToTheLevelAbove: when the default cut's next level
// passes maxCut, the level above it is used, whose subproblems split the
// tree evenly, rather than a capped cut whose last subproblem is most of
// the tree (three variables of 40 values: level 1 has 118 open nodes,
// level 2 thousands).
func TestDefaultCutGivesWayToTheLevelAbove(t *testing.T) {
	e := NewSearch(freeModel(3, 40), Options{})
	two, _ := enumerate(context.Background(), e, 2, 0, 0)
	require.True(t, two.capped, "level 2 passes maxCut")
	one, _ := enumerate(context.Background(), e, 1, 0, 0)
	require.False(t, one.capped)
	require.Less(t, one.len(), DefaultSubproblems)
	c, stop := cutTree(context.Background(), e, Parallel{}, 0, 0)
	require.Equal(t, NotStopped, stop)
	require.False(t, c.capped)
	require.Equal(t, one.decs, c.decs)
	require.Equal(t, one.start, c.start)
}

// TestGivenUpPassIsNotCharged: a deeper pass of the default cut that
// reaches the node limit gives way to the level above, as one that passes
// maxCut does, and is not charged: the solution the level above leads to
// within the budget is found (level 2 here would spend the budget on its
// own; the cut used and the search after it need a few hundred nodes).
func TestGivenUpPassIsNotCharged(t *testing.T) {
	m := freeModel(3, 40)
	e := NewSearch(m, Options{})
	one, _ := enumerate(context.Background(), e, 1, 0, 0)
	budget := 2 * one.stats.Nodes
	_, stop := enumerate(context.Background(), e, 2, budget, 0)
	require.Equal(t, NodeLimit, stop, "level 2 alone spends the budget")
	for _, limits := range []Options{{NodeLimit: budget}, {FailLimit: budget}} {
		for _, w := range []int{1, 2} {
			res := ParallelSolve(context.Background(), m, limits, Parallel{Workers: w})
			require.Equal(t, SolutionLimit, res.Stopped, "%+v workers %d", limits, w)
			require.Equal(t, int64(1), res.Solutions)
			require.LessOrEqual(t, res.Stats.Nodes, budget)
		}
	}
}
