package latin

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

func kinds(st csp.Stats) []string {
	var out []string
	for _, k := range st.Propagators {
		out = append(out, k.Kind)
	}
	return out
}

// TestStagedSolve: a staged solve (DefaultOptions) is the plain start on
// the channeled model for LearnAfter failures, then, only when that has
// not answered, the row-and-column model learning from its first failure:
// the same square as that second search run alone, and the two searches'
// statistics added up; the caller's failure and node limits bound the
// two together.
func TestStagedSolve(t *testing.T) {
	ctx := context.Background()
	inst := loadInstance(t, "testdata/generated/qwh-o20-h0166-s000700.txt")
	const after = 4
	search := DefaultSearch
	search.LearnAfter = after
	plainOpt, learnOpt := DefaultOptions, DefaultOptions
	plainOpt.View, plainOpt.Staged, learnOpt.Staged = Channeled, false, false
	plain, learn := search, search
	plain.Learn, plain.LearnAfter, plain.FailLimit = csp.LearnNone, 0, after
	learn.LearnAfter = 0

	_, r1, err := Solve(ctx, inst, plainOpt, plain)
	require.NoError(t, err)
	require.Equal(t, csp.FailLimit, r1.Stopped, "the instance needs more than the plain start")
	g2, r2, err := Solve(ctx, inst, learnOpt, learn)
	require.NoError(t, err)
	require.NotNil(t, g2)
	require.Positive(t, r2.Stats.Conflicts)

	g, r, err := Solve(ctx, inst, DefaultOptions, search)
	require.NoError(t, err)
	assert.Equal(t, g2, g)
	assert.Equal(t, r1.Stats.Failures+r2.Stats.Failures, r.Stats.Failures)
	assert.Equal(t, r1.Stats.Nodes+r2.Stats.Nodes, r.Stats.Nodes)
	assert.Equal(t, r2.Stats.Conflicts, r.Stats.Conflicts)
	assert.True(t, r.Stats.Clauses)
	assert.Subset(t, kinds(r.Stats), []string{"channel/inverse", "clauses"}, "the kinds of both models")

	// Limits the two stages share.
	for _, c := range []struct {
		name        string
		fails, node int64
		stop        csp.Stop
		learned     bool
	}{
		{"fails within the plain start", after - 1, 0, csp.FailLimit, false},
		{"fails at the plain start's end", after, 0, csp.FailLimit, false},
		{"fails shared", after + r2.Stats.Failures/2, 0, csp.FailLimit, true},
		{"nodes within the plain start", 0, r1.Stats.Nodes / 2, csp.NodeLimit, false},
		{"nodes shared", 0, r1.Stats.Nodes + r2.Stats.Nodes/2, csp.NodeLimit, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := search
			s.FailLimit, s.NodeLimit = c.fails, c.node
			g, r, err := Solve(ctx, inst, DefaultOptions, s)
			require.NoError(t, err)
			assert.Nil(t, g)
			assert.Equal(t, c.stop, r.Stopped)
			assert.Equal(t, c.learned, r.Stats.Clauses)
			if c.fails > 0 && !c.learned {
				assert.Equal(t, c.fails, r.Stats.Failures)
			}
			if c.fails > 0 && c.learned { // what the second stage alone does with the rest
				l := learn
				l.FailLimit = c.fails - after
				_, alone, err := Solve(ctx, inst, learnOpt, l)
				require.NoError(t, err)
				assert.Equal(t, after+alone.Stats.Failures, r.Stats.Failures)
			}
			if c.node > 0 {
				assert.LessOrEqual(t, r.Stats.Nodes, c.node)
			}
		})
	}

	t.Run("answered by the plain start", func(t *testing.T) {
		s := search
		s.LearnAfter = r1.Stats.Failures + r2.Stats.Failures + 1000 // room enough
		_, alone, err := Solve(ctx, inst, plainOpt, csp.Options{Var: s.Var, Val: s.Val, Restarts: s.Restarts, RandomTies: s.RandomTies, Seed: s.Seed})
		require.NoError(t, err)
		g, r, err := Solve(ctx, inst, DefaultOptions, s)
		require.NoError(t, err)
		require.NotNil(t, g)
		assert.False(t, r.Stats.Clauses)
		assert.Equal(t, alone.Stats.Failures, r.Stats.Failures)
		assert.Contains(t, kinds(r.Stats), "channel/inverse")
	})
	t.Run("workers are staged, portfolios are not", func(t *testing.T) {
		workers, portfolio := search, search
		workers.Workers = 2
		portfolio.Portfolio = []csp.Options{learn}
		g, r, err := Solve(ctx, inst, DefaultOptions, workers)
		require.NoError(t, err)
		require.NotNil(t, g)
		assert.Contains(t, kinds(r.Stats), "channel/inverse")
		assert.True(t, r.Stats.Clauses)
		assert.Greater(t, r.Stats.Failures, r1.Stats.Failures, "the plain start's budget, then the workers' learning")
		g, r, err = Solve(ctx, inst, DefaultOptions, portfolio)
		require.NoError(t, err)
		require.NotNil(t, g)
		assert.NotContains(t, kinds(r.Stats), "channel/inverse")
	})
	t.Run("learning from the start is not staged", func(t *testing.T) {
		g, r, err := Solve(ctx, inst, DefaultOptions, learn)
		require.NoError(t, err)
		assert.Equal(t, g2, g)
		assert.Equal(t, r2.Stats.Failures, r.Stats.Failures)
		assert.NotContains(t, kinds(r.Stats), "channel/inverse")
	})
}

// TestStagedReused: the command line's staged solve on the worker's kept
// models (order 16: both stages' models are kept) answers each instance
// of a batch as a solve on models of its own does, limits shared out or
// not.
func TestStagedReused(t *testing.T) {
	ctx := context.Background()
	var insts []*Instance
	for _, seed := range []uint64{1, 2, 1, 3, 1} {
		inst, _, err := Generate(16, 100, RandomHoles, seed)
		require.NoError(t, err)
		insts = append(insts, inst)
	}
	for _, fails := range []int64{0, 3} {
		search := DefaultSearch
		search.LearnAfter, search.FailLimit = 2, fails
		run := catalog.Run{Search: search, Cache: &catalog.Cache{}}
		o := settings{Options: DefaultOptions}
		staged := 0
		for i, inst := range insts {
			t.Run(fmt.Sprintf("fails=%d/%d", fails, i), func(t *testing.T) {
				want, wr, err := Solve(ctx, inst, DefaultOptions, search)
				require.NoError(t, err)
				got, r, err := problem{}.Solve(ctx, inst, o, run)
				require.NoError(t, err)
				assert.Equal(t, want, got)
				assert.Equal(t, wr.Stopped, r.Stopped)
				assert.Equal(t, wr.Stats.Nodes, r.Stats.Nodes)
				assert.Equal(t, wr.Stats.Failures, r.Stats.Failures)
				assert.Equal(t, wr.Stats.Conflicts, r.Stats.Conflicts)
				if slices.Contains(kinds(r.Stats), "clauses") {
					staged++
				}
			})
		}
		assert.Positive(t, staged, "some instance reaches the learning stage")
	}
}

// TestStagedTimeLimitWhileBuilding: a time limit that runs out before a
// stage's model is built or posed stops the solve at the time limit, with
// no error, as a limit that runs out in the search does (the stage clock
// once made Build's context error the solve's).
func TestStagedTimeLimitWhileBuilding(t *testing.T) {
	b, err := os.ReadFile("testdata/gomes/qwh.order35.holes405.txt")
	require.NoError(t, err)
	inst, err := Parse(string(b))
	require.NoError(t, err)
	for _, d := range []time.Duration{1, time.Microsecond} {
		search := DefaultSearch
		search.TimeLimit = d
		g, res, err := Solve(context.Background(), inst, DefaultOptions, search)
		require.NoError(t, err, "limit %v", d)
		require.Nil(t, g)
		require.Equal(t, csp.TimeLimit, res.Stopped, "limit %v", d)
		require.Equal(t, "unknown", res.Status())
	}
}
