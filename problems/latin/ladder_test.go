package latin

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// TestStrongerAllDiffNeverGrowsTheTree: with a static variable and value
// order, counting every solution, a stronger all-different level prunes a
// superset of what a weaker one prunes at every node, so its search tree
// is a subtree of the weaker one's: never more nodes, the same count. The
// instances are fixed (seeded) partial squares with many solutions.
func TestStrongerAllDiffNeverGrowsTheTree(t *testing.T) {
	static := csp.Options{Var: csp.InputOrder, Val: csp.ValMin}
	levels := []alldiff.Strength{alldiff.Value, alldiff.Hidden, alldiff.GAC}
	for _, view := range []View{RowCol, Channeled} {
		for seed := range uint64(6) {
			inst, _, err := Generate(6, 26+int(seed%4), RandomHoles, 100+seed)
			require.NoError(t, err)
			var nodes []int64
			var count int64 = -1
			for _, l := range levels {
				res := csp.Count(context.Background(), mustBuild(t, inst, Options{View: view, AllDiff: l}).Model, static, 0)
				require.True(t, res.Complete)
				if count >= 0 {
					assert.Equal(t, count, res.Solutions, "%v seed %d %v: the count", view, seed, l)
				}
				count = res.Solutions
				nodes = append(nodes, res.Stats.Nodes)
			}
			for i := 1; i < len(nodes); i++ {
				assert.LessOrEqual(t, nodes[i], nodes[i-1], "%v seed %d: %v searched more than %v (%v)",
					view, seed, levels[i], levels[i-1], nodes)
			}
		}
	}
}
