package sudoku

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/problems/catalog"
)

// TestCatalogReuseSearchesAsFresh: through the catalog with one worker's
// cache (catalog.Reuse, catalog.ReuseIf), puzzles of mixed shapes and
// rules are each solved and counted with the solution, nodes and
// failures of a solver of their own (NewSolverFor); before each puzzle
// comes the same puzzle with an empty cell given a wrong value (no
// solution: the puzzles are unique), posed into the model the good one
// then reuses, and the variants keep one model while the rules stay.
func TestCatalogReuseSearchesAsFresh(t *testing.T) {
	prob, ok := catalog.Lookup("sudoku")
	require.True(t, ok)
	pr := problem{}
	o, err := pr.Options(catalog.NewSettings(prob))
	require.NoError(t, err)
	run := catalog.NewSettings(prob).Run(&catalog.Cache{})
	type instance struct {
		name string
		p    *Puzzle
	}
	var batch []instance
	wrong := 0
	for round := range 2 {
		for k, set := range soloSets {
			id := soloLines(t, set.name)[round]
			p, err := Parse(id)
			require.NoError(t, err)
			sol, _, err := Solve(context.Background(), p, o.Options, run.Search)
			require.NoError(t, err)
			require.NotNil(t, sol)
			bad := *p
			bad.Cells = slices.Clone(p.Cells)
			i := slices.Index(bad.Cells, 0)
			bad.Cells[i] = sol[i]%p.N() + 1
			name := fmt.Sprintf("%s #%d", set.name, round+1)
			batch = append(batch, instance{name + " wrong given", &bad}, instance{name, p})
			wrong++
			if k%3 == 0 {
				batch = append(batch, instance{name + " again", p})
			}
		}
	}
	unsat, kept := 0, 0
	var last *shaped
	for _, c := range batch {
		require.NoError(t, pr.Prepare(c.p, o, run))
		g, res, err := pr.Solve(context.Background(), c.p, o, run)
		require.NoError(t, err, c.name)
		want, wantRes, err := Solve(context.Background(), c.p, o.Options, run.Search)
		require.NoError(t, err, c.name)
		assert.Equal(t, catalog.Rows(want, c.p.N()), g, c.name)
		assert.Equal(t, wantRes.Stats.Nodes, res.Stats.Nodes, "%s: nodes", c.name)
		assert.Equal(t, wantRes.Stats.Failures, res.Stats.Failures, "%s: failures", c.name)
		if g == nil {
			unsat++
		}

		count := run
		count.Limit = 2
		var listed [][][]int
		count.Each = func(g [][]int) bool { listed = append(listed, g); return true }
		cnt, err := pr.Count(context.Background(), c.p, o, count)
		require.NoError(t, err, c.name)
		assert.Equal(t, int64(len(listed)), cnt.Solutions, c.name)
		if g != nil {
			require.Len(t, listed, 1, c.name)
			assert.Equal(t, g, listed[0], "%s: the solution listed", c.name)
		}

		r, err := reuse(context.Background(), run, c.p, o)
		require.NoError(t, err)
		if r.Model == last {
			kept++
		}
		last = r.Model
	}
	assert.Equal(t, wrong, unsat, "every wrong given, and nothing else")
	assert.GreaterOrEqual(t, kept, len(batch)-wrong, "the model of the wrong given serves the good puzzle, and an instance again")
}
