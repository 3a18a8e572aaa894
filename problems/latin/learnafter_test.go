package latin

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// TestAutoLearnAfterReused: the command line's configuration (Auto,
// DefaultSearch) with small budgets, on a model reused instance after
// instance (Reset, Pose) as catalog.Reuse does: every solution passes
// Check, and each instance runs as it does on a search of its own, the
// switch to learning and back to GAC included.
func TestAutoLearnAfterReused(t *testing.T) {
	ctx := context.Background()
	names := []string{"qwh.order30.holes316.txt", "qwh.order30.holes320.txt", "qwh.order33.holes381.txt", "qwh.order30.holes316.txt"}
	for _, after := range []int64{1, 50} {
		for _, mode := range []csp.SaveMode{csp.Copying, csp.Trailing} {
			t.Run(fmt.Sprintf("after=%d/%s", after, mode), func(t *testing.T) {
				o := DefaultSearch
				o.LearnAfter, o.SaveMode, o.FailLimit = after, mode, 1500
				shapes := map[int]*csp.Search{}
				models := map[int]*Model{}
				switched := 0
				for _, name := range names {
					inst := loadInstance(t, "testdata/gomes/"+name)
					m, ok := models[inst.Order]
					if !ok {
						var err error
						m, err = BuildShape(ctx, inst.Order, Options{AllDiff: alldiff.Auto})
						require.NoError(t, err)
						models[inst.Order] = m
						shapes[inst.Order] = csp.NewSearch(m.Model, o)
					}
					reused := shapes[inst.Order]
					reused.Reset()
					require.NoError(t, m.Pose(reused.Space(), inst))
					rr := reused.Run(ctx, 1, nil)

					fm, err := BuildShape(ctx, inst.Order, Options{AllDiff: alldiff.Auto})
					require.NoError(t, err)
					fresh := csp.NewSearch(fm.Model, o)
					require.NoError(t, fm.Pose(fresh.Space(), inst))
					rf := fresh.Run(ctx, 1, nil)
					if rf.Stats.Conflicts > 0 {
						switched++
					}
					for _, r := range []csp.Result{rr, rf} {
						if r.Solutions > 0 {
							assert.NoError(t, Check(inst, m.Grid(r.Solution)), name)
						}
					}
					assert.Equal(t, rf.Solution, rr.Solution, name)
					assert.Equal(t, rf.Stats.Nodes, rr.Stats.Nodes, name)
					assert.Equal(t, rf.Stats.Conflicts, rr.Stats.Conflicts, name)
				}
				assert.Positive(t, switched)
			})
		}
	}
}
