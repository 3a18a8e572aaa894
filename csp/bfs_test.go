package csp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/neq"
)

// static reports whether o's choices depend on the node alone (no weights
// learnt from failures, no last conflict, no random draws): depth-first
// and breadth-first search then explore the same tree.
func static(o csp.Options) bool {
	return o.Var != csp.DomWDeg && o.Val != csp.ValRandom && !o.LastConflict && !o.RandomTies
}

// queensOK is the independent check of a queens solution: no two queens
// share a row or a diagonal.
func queensOK(q []int) error {
	for i := range q {
		for j := i + 1; j < len(q); j++ {
			if q[i] == q[j] || j-i == abs(q[i]-q[j]) {
				return fmt.Errorf("queens %d and %d attack each other in %v", i, j, q)
			}
		}
	}
	return nil
}

func TestBFSCountsAsDFS(t *testing.T) {
	for n := 1; n <= 8; n++ {
		for _, o := range allStrategies() {
			name := fmt.Sprintf("%d/%v/%v/%v/lc=%v", n, o.Var, o.Val, o.SaveMode, o.LastConflict)
			t.Run(name, func(t *testing.T) {
				m, _ := queens(t, n)
				dfs := csp.Count(context.Background(), m, o, 0)
				require.True(t, dfs.Complete)
				o.Order = csp.BreadthFirst
				bfs := csp.Count(context.Background(), m, o, 0)
				require.True(t, bfs.Complete, "stopped: %v", bfs.Stopped)
				assert.Equal(t, dfs.Solutions, bfs.Solutions)
				assert.Equal(t, bfs.Solutions, bfs.Stats.Solutions)
				st := bfs.Stats
				if static(o) {
					assert.Equal(t, dfs.Stats.Nodes, st.Nodes, "the same tree: as many nodes")
					assert.Equal(t, dfs.Stats.Failures, st.Failures, "the same tree: as many failures")
				}
				if n >= 4 {
					// Every child made fails, solves or is saved; the root
					// was saved and made by no decision.
					var saved int64
					for _, w := range st.Widths {
						saved += w
					}
					assert.Equal(t, st.Nodes, st.Failures+st.Solutions+saved-1, "widths %v", st.Widths)
					assert.Equal(t, int64(1), st.Widths[0])
					assert.LessOrEqual(t, slices.Max(st.Widths), st.PeakFrontier, "a level is held whole at its end")
					assert.Equal(t, len(st.Widths), st.PeakDepth, "the last level is solutions and failures only")
				}
			})
		}
	}
}

func TestBFSSolutionsInLevelOrder(t *testing.T) {
	m, _ := queens(t, 7)
	b := csp.NewBFS(m, csp.Options{Var: csp.MinDomain})
	var levels []int
	var got [][]int
	res := b.Run(context.Background(), 0, func(sp *csp.Space) bool {
		// PeakDepth is the level of the child just made: the solution's.
		levels = append(levels, b.Stats().PeakDepth)
		sol := sp.Values(nil)
		assert.NoError(t, queensOK(sol))
		got = append(got, sol)
		return true
	})
	require.True(t, res.Complete)
	require.Len(t, got, 40)
	assert.True(t, slices.IsSorted(levels), "levels %v", levels)
	assert.Less(t, levels[0], levels[len(levels)-1], "the solutions of 7 queens lie on several levels")
	// The same solutions as depth-first search, in another order.
	var want [][]int
	for s := range csp.NewSearch(m, csp.Options{Var: csp.MinDomain}).All(context.Background()) {
		want = append(want, slices.Clone(s))
	}
	assert.ElementsMatch(t, want, got)
	assert.NotEqual(t, want, got, "breadth-first order differs from depth-first here")
}

func TestBFSFrontierLimit(t *testing.T) {
	m, _ := queens(t, 8)
	b := csp.NewBFS(m, csp.Options{MaxFrontier: 10})
	res := b.Run(context.Background(), 0, func(*csp.Space) bool { return true })
	assert.Equal(t, csp.FrontierLimit, res.Stopped)
	assert.Equal(t, "frontier limit", res.Stopped.String())
	assert.False(t, res.Complete)
	assert.Equal(t, "unknown", res.Status())
	assert.Equal(t, int64(10), res.Stats.PeakFrontier, "full, and no more")
	assert.Equal(t, res.Stats.PeakFrontier*int64(8*8), res.Stats.PeakFrontierBytes, "8 one-word domains a node")
	// The search is over: a second Run says so again.
	again := b.Run(context.Background(), 0, func(*csp.Space) bool { return true })
	assert.Equal(t, csp.FrontierLimit, again.Stopped)
	assert.Equal(t, res.Stats.Nodes, again.Stats.Nodes)

	// A cap the tree fits in: complete.
	res = csp.Count(context.Background(), m, csp.Options{Order: csp.BreadthFirst, MaxFrontier: 1000}, 0)
	assert.True(t, res.Complete)
	assert.Equal(t, int64(92), res.Solutions)
}

func TestBFSLimits(t *testing.T) {
	bfs := csp.Options{Order: csp.BreadthFirst}
	m, _ := queens(t, 10)
	o := bfs
	o.NodeLimit = 50
	res := csp.Count(context.Background(), m, o, 0)
	assert.Equal(t, csp.NodeLimit, res.Stopped)
	assert.False(t, res.Complete)
	assert.Equal(t, int64(50), res.Stats.Nodes)

	o = bfs
	o.FailLimit = 7
	res = csp.Count(context.Background(), m, o, 0)
	assert.Equal(t, csp.FailLimit, res.Stopped)
	assert.Equal(t, int64(7), res.Stats.Failures)

	res = csp.Count(context.Background(), m, bfs, 3)
	assert.Equal(t, csp.SolutionLimit, res.Stopped)
	assert.Equal(t, int64(3), res.Solutions)
	require.NoError(t, queensOK(res.Solution))

	big, _ := queens(t, 28)
	o = bfs
	o.TimeLimit = 50 * time.Millisecond
	start := time.Now()
	res = csp.Count(context.Background(), big, o, 0)
	assert.Equal(t, csp.TimeLimit, res.Stopped)
	assert.Less(t, time.Since(start), 5*time.Second, "time limit ignored")
}

func TestBFSCancel(t *testing.T) {
	bfs := csp.Options{Order: csp.BreadthFirst}
	m, _ := queens(t, 8)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := csp.Count(ctx, m, bfs, 0)
	assert.Equal(t, csp.Canceled, res.Stopped)
	assert.Zero(t, res.Stats.Nodes, "canceled before the first child")

	// Canceled at the first solution: the next child is not made.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	res = csp.NewBFS(m, bfs).Run(ctx, 0, func(*csp.Space) bool { cancel(); return true })
	assert.Equal(t, csp.Canceled, res.Stopped)
	assert.Equal(t, int64(1), res.Solutions)

	// A deadline stops a search that would take long.
	big, _ := queens(t, 30)
	ctx, cancel2 := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel2()
	start := time.Now()
	res = csp.Count(ctx, big, bfs, 0)
	assert.Equal(t, csp.Canceled, res.Stopped)
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestBFSRunContinues(t *testing.T) {
	m, _ := queens(t, 6)
	b := csp.NewBFS(m, csp.Options{})
	var got [][]int
	for range 6 {
		res := b.Run(context.Background(), 1, func(*csp.Space) bool { return true })
		if res.Solutions == 1 {
			require.NoError(t, queensOK(res.Solution))
			got = append(got, res.Solution)
		} else {
			assert.True(t, res.Complete)
		}
	}
	require.Len(t, got, 4)
	var all [][]int
	for s := range csp.NewBFS(m, csp.Options{}).All(context.Background()) {
		all = append(all, slices.Clone(s))
	}
	assert.Equal(t, all, got, "one solution a Run, in the order of one Run")
	assert.Equal(t, int64(4), b.Stats().Solutions)

	// Breaking out of All stops the search.
	m8, _ := queens(t, 8)
	b8 := csp.NewBFS(m8, csp.Options{})
	n := 0
	for range b8.All(context.Background()) {
		n++
		if n == 3 {
			break
		}
	}
	assert.Equal(t, int64(3), b8.Stats().Solutions)
}

func TestBFSAtTheRoot(t *testing.T) {
	bfs := csp.Options{Order: csp.BreadthFirst}
	// Failure at the root: x != y over one value.
	m := csp.NewModel()
	x, y := m.NewIntVar(1, 1, "x"), m.NewIntVar(1, 1, "y")
	require.NoError(t, neq.Post(m, x, y))
	res := csp.Solve(context.Background(), m, bfs)
	assert.Equal(t, "unsatisfiable", res.Status())
	assert.Equal(t, int64(1), res.Stats.Failures)
	assert.Zero(t, res.Stats.Nodes)

	// Solved at the root: one solution, no node.
	m = csp.NewModel()
	x, y = m.NewIntVar(1, 1, "x"), m.NewIntVar(1, 2, "y")
	require.NoError(t, neq.Post(m, x, y))
	res = csp.Count(context.Background(), m, bfs, 0)
	assert.True(t, res.Complete)
	assert.Equal(t, int64(1), res.Solutions)
	assert.Equal(t, []int{1, 2}, res.Solution)
	assert.Zero(t, res.Stats.Nodes)

	// An empty initial domain.
	m = csp.NewModel()
	m.NewVar(domains.Range(1, 0), "empty")
	m.NewIntVar(0, 2, "a")
	res = csp.Count(context.Background(), m, bfs, 0)
	assert.True(t, res.Complete)
	assert.Zero(t, res.Solutions)

	// Unsatisfiable below the root.
	q3, _ := queens(t, 3)
	res = csp.Count(context.Background(), q3, bfs, 0)
	assert.True(t, res.Complete)
	assert.Zero(t, res.Solutions)
	assert.Positive(t, res.Stats.Nodes)
}

// Restarts, nogoods, workers and portfolios are depth-first only: a
// breadth-first Solve ignores them and still answers.
func TestBFSIgnoresDepthFirstOptions(t *testing.T) {
	m, _ := queens(t, 8)
	o := csp.Options{Order: csp.BreadthFirst, Var: csp.DomWDeg, Restarts: csp.Luby, RestartBase: 1, Nogoods: true,
		Workers: 2, Portfolio: []csp.Options{{Var: csp.MinDomain}}}
	res := csp.Solve(context.Background(), m, o)
	require.Equal(t, "solved", res.Status())
	require.NoError(t, queensOK(res.Solution))
	assert.Zero(t, res.Stats.Restarts)
	assert.NotNil(t, res.Stats.Widths, "the breadth-first search ran")
	assert.Zero(t, res.Member)
}

func TestBFSStatsOutput(t *testing.T) {
	m, _ := queens(t, 6)
	res := csp.Count(context.Background(), m, csp.Options{Order: csp.BreadthFirst, Var: csp.MinDomain}, 0)
	s := res.Stats.String()
	assert.Contains(t, s, "\nwidths=1,2,")
	assert.Contains(t, s, fmt.Sprintf("\npeakFrontier=%d\n", res.Stats.PeakFrontier))
	b, err := json.Marshal(res.Stats)
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	for _, k := range []string{"widths", "peakFrontier", "peakFrontierBytes"} {
		assert.Contains(t, got, k)
	}

	dfs := csp.Count(context.Background(), m, csp.Options{Var: csp.MinDomain}, 0)
	assert.NotContains(t, dfs.Stats.String(), "widths")
	b, err = json.Marshal(dfs.Stats)
	require.NoError(t, err)
	assert.NotContains(t, string(b), "widths")
}
