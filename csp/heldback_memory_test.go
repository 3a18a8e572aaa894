package csp_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

// TestLearnAfterCountHoldsNothing: a count never makes the switch to
// learning, and a search for one solution has learned nothing before it,
// so neither holds, nor has MaxMemory count, more than the same search
// without learning: the clause database is numbered at the switch (before
// that, an order-100 Latin square's took about 150 MB at NewSearch, and
// `csp count latin` under --max-memory stopped at 0 nodes).
func TestLearnAfterCountHoldsNothing(t *testing.T) {
	ctx := context.Background()
	m := csp.NewModel()
	for range 4000 {
		m.NewIntVar(0, 63, "x")
	}
	base := csp.Options{Var: csp.LiteralActivity, Restarts: csp.Luby, NodeLimit: 50}
	held := base
	held.Learn, held.LearnAfter = csp.LearnClauses, 1<<40
	for _, c := range []struct {
		name string
		max  int64
	}{{"count", 0}, {"solve", 1}} {
		t.Run(c.name, func(t *testing.T) {
			plain := csp.NewSearch(m, base)
			late := csp.NewSearch(m, held)
			rp, rl := plain.Run(ctx, c.max, nil), late.Run(ctx, c.max, nil)
			require.Equal(t, rp.Stats.Nodes, rl.Stats.Nodes)
			require.Zero(t, rl.Stats.Conflicts, "learning was held back")
			p, l := csp.SavedBytes(plain), csp.SavedBytes(late)
			t.Logf("saved bytes: no learning %d, learning held back %d", p, l)
			assert.LessOrEqual(t, l, 2*p, "a search that learns nothing holds a clause database")
		})
	}
}
