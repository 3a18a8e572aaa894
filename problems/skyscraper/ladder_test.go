package skyscraper

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

// TestStrongerVisibilityNeverGrowsTheTree: with a static variable and
// value order, counting every solution, each visibility level prunes at
// least what the one below prunes, so the tree never grows from edge to
// bounds to gac to line, and the count stays the same. Fixed instances:
// boards with part of their clues, so that they have several solutions.
func TestStrongerVisibilityNeverGrowsTheTree(t *testing.T) {
	static := csp.Options{Var: csp.InputOrder, Val: csp.ValMin}
	levels := []visibility.Strength{visibility.Edge, visibility.Bounds, visibility.GAC, visibility.Line}
	for _, n := range []int{4, 5, 6} {
		for seed := range uint64(4) {
			p, _, err := Random(n, 0.5, 10*uint64(n)+seed)
			require.NoError(t, err)
			var nodes []int64
			var count int64 = -1
			for _, l := range levels {
				res, err := Count(context.Background(), p, Options{AllDiff: alldiff.GAC, Visibility: l}, static, 0)
				require.NoError(t, err)
				require.True(t, res.Complete)
				if count >= 0 {
					assert.Equal(t, count, res.Solutions, "size %d seed %d %v: the count", n, seed, l)
				}
				count = res.Solutions
				nodes = append(nodes, res.Stats.Nodes)
			}
			for i := 1; i < len(nodes); i++ {
				assert.LessOrEqual(t, nodes[i], nodes[i-1], "size %d seed %d: %v searched more than %v (%v)",
					n, seed, levels[i], levels[i-1], nodes)
			}
		}
	}
}
