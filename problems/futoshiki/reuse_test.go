package futoshiki

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/units"
)

// reuseCase is one instance of the reuse batch: a puzzle, and the search
// result it must give.
type reuseCase struct {
	name string
	p    *Puzzle
}

// reuseBatch is every adjacent Unequal puzzle of testdata/tatham.tsv (sizes
// 5 to 10: shapes of mixed sizes, and at size 8 and 9 of mixed chains
// under Auto) and a few plain ones (built per puzzle), in file order, and
// before each of some adjacent puzzles the same puzzle with one empty
// cell given a value other than its solution's: no solution (the puzzles
// are unique), posed into the model the good puzzle then reuses.
func reuseBatch(t *testing.T) []reuseCase {
	var out []reuseCase
	for i, row := range tathamRows(t) {
		p, err := ParseUnequal(row.id, 1)
		require.NoError(t, err)
		if !p.Adjacent && i%8 != 0 {
			continue
		}
		if p.Adjacent && i%3 == 0 {
			bad := clonePuzzle(p)
			r, c := firstEmpty(t, bad)
			bad.Givens[r][c] = row.solution[r][c]%p.N + 1
			out = append(out, reuseCase{row.name + "/wrong-given", bad})
		}
		out = append(out, reuseCase{row.name, p})
	}
	return out
}

// clonePuzzle returns a deep copy of p.
func clonePuzzle(p *Puzzle) *Puzzle {
	q := New(p.N, p.Adjacent)
	for r := range p.N {
		copy(q.Givens[r], p.Givens[r])
		copy(q.Right[r], p.Right[r])
		if r < p.N-1 {
			copy(q.Down[r], p.Down[r])
		}
	}
	return q
}

// firstEmpty returns the first cell of p without a given.
func firstEmpty(t *testing.T, p *Puzzle) (int, int) {
	for r := range p.N {
		for c := range p.N {
			if p.Givens[r][c] == 0 {
				return r, c
			}
		}
	}
	t.Fatal("no empty cell")
	return 0, 0
}

// TestReuseSearchesAsFresh: through the catalog with one worker's cache,
// every instance of the batch, reused or not, is solved and counted (up
// to 2) with the solution, nodes and failures of a model of its own,
// under every way of posting the lines; a puzzle with no solution leaves
// nothing behind for the next of its shape. Adjacent puzzles of one shape
// share one model.
func TestReuseSearchesAsFresh(t *testing.T) {
	batch := reuseBatch(t)
	for _, opt := range []Options{
		{Lines: Auto, AllDiff: alldiff.GAC},
		{Lines: AllDiff, AllDiff: alldiff.GAC},
		{Lines: Units, Level: units.Hidden},
		{Lines: Line},
	} {
		t.Run(opt.Lines.String(), func(t *testing.T) {
			o := settings{Options: opt}
			run := catalog.Run{Cache: &catalog.Cache{}, Search: DomWDegSearch, Limit: 2}
			models := map[Shape]*Model{}
			unsat := 0
			for _, c := range batch {
				fresh := o.search(c.p, run)
				g, res, err := problem{}.Solve(context.Background(), c.p, o, run)
				require.NoError(t, err, c.name)
				wantG, want, err := Solve(context.Background(), c.p, opt, fresh)
				require.NoError(t, err, c.name)
				assert.Equal(t, wantG, g, c.name)
				assert.Equal(t, want.Stats.Nodes, res.Stats.Nodes, "%s: nodes", c.name)
				assert.Equal(t, want.Stats.Failures, res.Stats.Failures, "%s: failures", c.name)
				if g == nil {
					unsat++
				}

				cnt, err := problem{}.Count(context.Background(), c.p, o, run)
				require.NoError(t, err, c.name)
				wantC, err := Count(context.Background(), c.p, opt, fresh, 2)
				require.NoError(t, err, c.name)
				assert.Equal(t, wantC.Solutions, cnt.Solutions, c.name)
				assert.Equal(t, wantC.Stats.Nodes, cnt.Stats.Nodes, "%s: nodes counting", c.name)

				r, err := reuse(context.Background(), c.p, o, run)
				require.NoError(t, err)
				sh, ok := ShapeOf(c.p, opt)
				require.Equal(t, ok, r != nil, "%s: reused exactly when it has a shape", c.name)
				if ok {
					if models[sh] == nil {
						models[sh] = r.Model
					}
					assert.Same(t, models[sh], r.Model, "%s: one model per shape", c.name)
				}
			}
			assert.Greater(t, unsat, 5, "the wrong givens are in the batch")
			assert.Less(t, len(models), len(batch)/2, "shapes repeat")
		})
	}
}

// TestReuseConcurrent: workers with caches of their own solve the batch
// at once with the answers one worker gives (run it with -race).
func TestReuseConcurrent(t *testing.T) {
	batch := reuseBatch(t)
	o := settings{Options: Options{Lines: Auto, AllDiff: alldiff.GAC}}
	solve := func() []string {
		run := catalog.Run{Cache: &catalog.Cache{}, Search: DomWDegSearch}
		var out []string
		for _, c := range batch {
			g, res, err := problem{}.Solve(context.Background(), c.p, o, run)
			out = append(out, fmt.Sprint(c.name, g, res.Stats.Nodes, err))
		}
		return out
	}
	want := solve()
	var wg sync.WaitGroup
	got := make([][]string, 3)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = solve()
		}()
	}
	wg.Wait()
	for i := range got {
		assert.Equal(t, want, got[i], "worker %d", i)
	}
}

// TestPoseRefuses: a model takes only the puzzles of its shape.
func TestPoseRefuses(t *testing.T) {
	opt := Options{Lines: Auto, AllDiff: alldiff.GAC}
	sh, ok := ShapeOf(New(5, true), opt)
	require.True(t, ok)
	m, err := BuildShape(context.Background(), sh)
	require.NoError(t, err)
	sp := csp.NewSpace(m.Model, csp.Copying)
	for _, c := range []struct {
		name string
		p    *Puzzle
	}{
		{"other size", New(6, true)},
		{"plain", New(5, false)},
		{"malformed", &Puzzle{N: 5, Adjacent: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Error(t, m.Pose(sp, c.p))
		})
	}
	assert.NoError(t, m.Pose(sp, New(5, true)))
	fresh, err := Build(context.Background(), New(5, true), opt)
	require.NoError(t, err)
	assert.Error(t, fresh.Pose(csp.NewSpace(fresh.Model, csp.Copying), New(5, true)), "Build's model has no shape")

	_, err = BuildShape(context.Background(), Shape{N: 2})
	assert.Error(t, err)
	_, err = BuildShape(context.Background(), Shape{N: 5, Opt: Options{Lines: AllDiff}, Chains: 1})
	assert.Error(t, err, "no chains under AllDiff")
}
