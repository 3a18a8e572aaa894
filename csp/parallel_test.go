package csp_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/neq"
)

// latin models an n×n Latin square over 1..n, one all-different per row
// and column, with the first row fixed to 1..n when firstRow is set.
func latin(tb testing.TB, n int, firstRow bool, st alldiff.Strength) (*csp.Model, [][]csp.Var) {
	m := csp.NewModel()
	cells := make([][]csp.Var, n)
	for r := range cells {
		cells[r] = make([]csp.Var, n)
		for c := range cells[r] {
			lo, hi := 1, n
			if firstRow && r == 0 {
				lo, hi = c+1, c+1
			}
			cells[r][c] = m.NewIntVar(lo, hi, fmt.Sprintf("r%dc%d", r+1, c+1))
		}
	}
	for i := range n {
		row, col := make([]csp.Var, n), make([]csp.Var, n)
		for j := range n {
			row[j], col[j] = cells[i][j], cells[j][i]
		}
		require.NoError(tb, alldiff.Post(m, row, st))
		require.NoError(tb, alldiff.Post(m, col, st))
	}
	return m, cells
}

// checkQueens fails the test unless q places n queens that do not attack.
func checkQueens(t *testing.T, q []int) {
	t.Helper()
	for i := range q {
		for j := i + 1; j < len(q); j++ {
			require.NotEqual(t, q[i], q[j], "queens %d and %d share a row: %v", i, j, q)
			require.NotEqual(t, j-i, abs(q[i]-q[j]), "queens %d and %d share a diagonal: %v", i, j, q)
		}
	}
}

// parallelStrategies are static strategies (whose parallel search must
// visit the sequential tree node for node) and adaptive or random ones.
var parallelStrategies = []struct {
	name   string
	opts   csp.Options
	static bool
}{
	{"input/min", csp.Options{}, true},
	{"mindom/split", csp.Options{Var: csp.MinDomain, Val: csp.ValSplit}, true},
	{"mindom/max/trailing", csp.Options{Var: csp.MinDomain, Val: csp.ValMax, SaveMode: csp.Trailing}, true},
	{"wdeg/random/ties", csp.Options{Var: csp.DomWDeg, Val: csp.ValRandom, RandomTies: true, Seed: 7, LastConflict: true}, false},
}

func TestParallelCountMatchesSequential(t *testing.T) {
	type instance struct {
		name  string
		model func() *csp.Model
	}
	instances := []instance{
		{"queens8", func() *csp.Model { m, _ := queens(t, 8); return m }},
		{"queens9", func() *csp.Model { m, _ := queens(t, 9); return m }},
		{"queens10", func() *csp.Model { m, _ := queens(t, 10); return m }},
		{"latin5-row", func() *csp.Model { m, _ := latin(t, 5, true, alldiff.GAC); return m }},
		{"latin4-value", func() *csp.Model { m, _ := latin(t, 4, false, alldiff.Value); return m }},
	}
	for _, in := range instances {
		m := in.model()
		for _, st := range parallelStrategies {
			seq := csp.Count(context.Background(), m, st.opts, 0)
			require.True(t, seq.Complete)
			for _, depth := range []int{0, 1, 2, 4} {
				for _, workers := range []int{1, 2, 3, 8} {
					name := fmt.Sprintf("%s/%s/depth%d/workers%d", in.name, st.name, depth, workers)
					t.Run(name, func(t *testing.T) {
						res := csp.ParallelCount(context.Background(), m, st.opts, 0, csp.Parallel{Workers: workers, Depth: depth})
						assert.True(t, res.Complete)
						assert.Equal(t, csp.NotStopped, res.Stopped)
						assert.Equal(t, seq.Solutions, res.Solutions)
						assert.Equal(t, seq.Solutions, res.Stats.Solutions)
						if st.static {
							// Same tree, cut or not: the same nodes and
							// failures, and the same first solution.
							assert.Equal(t, seq.Stats.Nodes, res.Stats.Nodes)
							assert.Equal(t, seq.Stats.Failures, res.Stats.Failures)
							assert.Equal(t, seq.Stats.PeakDepth, res.Stats.PeakDepth)
							assert.Equal(t, seq.Solution, res.Solution)
						}
					})
				}
			}
		}
	}
}

func TestParallelCountKnownTotals(t *testing.T) {
	// Independent of the sequential engine: the known numbers.
	m, _ := latin(t, 5, true, alldiff.GAC)
	res := csp.ParallelCount(context.Background(), m, csp.Options{Var: csp.MinDomain}, 0, csp.Parallel{Workers: 3})
	assert.Equal(t, int64(161280/120), res.Solutions)
	for n, want := range map[int]int64{6: 4, 8: 92, 10: 724} {
		m, _ := queens(t, n)
		res := csp.ParallelCount(context.Background(), m, csp.Options{}, 0, csp.Parallel{Workers: 2})
		assert.Equal(t, want, res.Solutions, "%d queens", n)
		assert.True(t, res.Complete)
		// Per-kind counters are summed over the searches, the number of
		// propagators of a kind is the model's.
		require.NotEmpty(t, res.Stats.Propagators)
		k := res.Stats.Propagators[0]
		assert.Equal(t, "alldiff/gac", k.Kind)
		assert.Equal(t, 1, k.Count)
		assert.Positive(t, k.Runs)
		assert.Positive(t, res.Stats.Propagations)
	}
}

func TestParallelCountWithLimit(t *testing.T) {
	m, _ := queens(t, 8) // 92 solutions
	for _, limit := range []int64{1, 2, 10, 91, 92, 93, 1000} {
		var first csp.Result
		for _, workers := range []int{1, 2, 8} {
			for _, depth := range []int{0, 2} {
				res := csp.ParallelCount(context.Background(), m, csp.Options{Var: csp.MinDomain}, limit, csp.Parallel{Workers: workers, Depth: depth})
				assert.Equal(t, min(limit, 92), res.Solutions, "limit %d workers %d", limit, workers)
				if limit <= 92 {
					// Reaching the cap is not a complete count, as with Count.
					assert.False(t, res.Complete)
					assert.Equal(t, csp.SolutionLimit, res.Stopped)
				} else {
					assert.True(t, res.Complete)
					assert.Equal(t, csp.NotStopped, res.Stopped)
				}
				require.NotNil(t, res.Solution)
				checkQueens(t, res.Solution)
				if first.Solution == nil {
					first = res
				}
				assert.Equal(t, first.Solution, res.Solution)
			}
		}
	}
}

func TestParallelSolveIsDeterministic(t *testing.T) {
	strategies := []csp.Options{
		{Var: csp.DomWDeg, Val: csp.ValRandom, RandomTies: true, Seed: 11, Restarts: csp.Luby, RestartBase: 3},
		{Var: csp.DomWDeg, Val: csp.ValRandom, RandomTies: true, Seed: 12, Restarts: csp.Luby, RestartBase: 2, Nogoods: true, LastConflict: true},
		{Var: csp.MinDomain, RandomTies: true, Seed: 5},
	}
	for i, o := range strategies {
		m, _ := queens(t, 16)
		var want []int
		for round := range 3 {
			for _, workers := range []int{1, 2, 8} {
				res := csp.ParallelSolve(context.Background(), m, o, csp.Parallel{Workers: workers})
				require.Equal(t, "solved", res.Status())
				assert.Equal(t, int64(1), res.Solutions)
				assert.Equal(t, csp.SolutionLimit, res.Stopped)
				checkQueens(t, res.Solution)
				if want == nil {
					want = res.Solution
				}
				assert.Equal(t, want, res.Solution, "strategy %d round %d workers %d", i, round, workers)
			}
		}
	}
}

func TestParallelSolveMatchesSolveUnderStaticStrategies(t *testing.T) {
	for _, st := range parallelStrategies {
		if !st.static {
			continue
		}
		for _, n := range []int{8, 12, 16} {
			m, _ := queens(t, n)
			seq := csp.Solve(context.Background(), m, st.opts)
			for _, depth := range []int{0, 1, 2} {
				for _, workers := range []int{1, 2, 8} {
					res := csp.ParallelSolve(context.Background(), m, st.opts, csp.Parallel{Workers: workers, Depth: depth})
					assert.Equal(t, seq.Solution, res.Solution, "%s %d queens depth %d workers %d", st.name, n, depth, workers)
				}
			}
		}
	}
}

func TestParallelUnsatisfiable(t *testing.T) {
	m, _ := queens(t, 3)
	for _, workers := range []int{1, 2, 8} {
		res := csp.ParallelSolve(context.Background(), m, csp.Options{Var: csp.DomWDeg, Restarts: csp.Geometric, RestartBase: 1}, csp.Parallel{Workers: workers})
		assert.Equal(t, "unsatisfiable", res.Status())
		assert.True(t, res.Complete)
		assert.Nil(t, res.Solution)
		res = csp.ParallelCount(context.Background(), m, csp.Options{}, 0, csp.Parallel{Workers: workers, Depth: 1})
		assert.Equal(t, int64(0), res.Solutions)
		assert.True(t, res.Complete)
	}
	// Root failure: x != y over one value; nothing to hand out.
	m2 := csp.NewModel()
	x, y := m2.NewIntVar(1, 1, "x"), m2.NewIntVar(1, 1, "y")
	require.NoError(t, neq.Post(m2, x, y))
	res := csp.ParallelSolve(context.Background(), m2, csp.Options{}, csp.Parallel{Workers: 2})
	assert.Equal(t, "unsatisfiable", res.Status())
	assert.Equal(t, int64(1), res.Stats.Failures)
	assert.Equal(t, int64(0), res.Stats.Nodes)
	// Pigeonhole with value strength: every subproblem fails below the cut.
	m3 := csp.NewModel()
	xs := make([]csp.Var, 7)
	for i := range xs {
		xs[i] = m3.NewIntVar(1, 6, "x")
	}
	require.NoError(t, alldiff.Post(m3, xs, alldiff.Value))
	seq := csp.Count(context.Background(), m3, csp.Options{}, 0)
	res = csp.ParallelCount(context.Background(), m3, csp.Options{}, 0, csp.Parallel{Workers: 3, Depth: 3})
	assert.Equal(t, "unsatisfiable", res.Status())
	assert.Equal(t, seq.Stats.Nodes, res.Stats.Nodes)
}

func TestParallelSolvedAtTheRoot(t *testing.T) {
	// Propagation alone solves it: one subproblem, no decision.
	m := csp.NewModel()
	xs := []csp.Var{m.NewIntVar(1, 1, "x"), m.NewIntVar(1, 2, "y"), m.NewIntVar(1, 3, "z")}
	require.NoError(t, alldiff.Post(m, xs, alldiff.GAC))
	for _, depth := range []int{0, 1, 5} {
		res := csp.ParallelSolve(context.Background(), m, csp.Options{}, csp.Parallel{Workers: 2, Depth: depth})
		assert.Equal(t, []int{1, 2, 3}, res.Solution)
		assert.Equal(t, int64(0), res.Stats.Nodes)
		assert.Equal(t, 0, res.Stats.PeakDepth)
		cnt := csp.ParallelCount(context.Background(), m, csp.Options{}, 0, csp.Parallel{Workers: 2, Depth: depth})
		assert.Equal(t, int64(1), cnt.Solutions)
		assert.True(t, cnt.Complete)
	}
}

func TestParallelNodeAndFailLimitsAreDeterministic(t *testing.T) {
	m, _ := queens(t, 10)
	for _, o := range []csp.Options{{NodeLimit: 700}, {FailLimit: 300}, {NodeLimit: 5}, {NodeLimit: 700, Var: csp.DomWDeg, Val: csp.ValRandom, Seed: 3}} {
		var want csp.Result
		for i, workers := range []int{1, 2, 3, 8, 2, 8} {
			res := csp.ParallelCount(context.Background(), m, o, 0, csp.Parallel{Workers: workers})
			assert.False(t, res.Complete)
			if o.FailLimit > 0 {
				assert.Equal(t, csp.FailLimit, res.Stopped)
			} else {
				assert.Equal(t, csp.NodeLimit, res.Stopped)
			}
			if i == 0 {
				want = res
				continue
			}
			assert.Equal(t, want.Solutions, res.Solutions, "%+v workers %d", o, workers)
			assert.Equal(t, want.Solution, res.Solution, "%+v workers %d", o, workers)
		}
	}
	// A budget larger than the tree changes nothing.
	res := csp.ParallelCount(context.Background(), m, csp.Options{NodeLimit: 1 << 40, FailLimit: 1 << 40}, 0, csp.Parallel{Workers: 2})
	assert.True(t, res.Complete)
	assert.Equal(t, int64(724), res.Solutions)
}

func TestParallelCancelStopsPromptly(t *testing.T) {
	m, _ := queens(t, 30)
	for _, workers := range []int{1, 2, 8} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		start := time.Now()
		res := csp.ParallelCount(ctx, m, csp.Options{}, 0, csp.Parallel{Workers: workers})
		cancel()
		assert.Equal(t, csp.Canceled, res.Stopped)
		assert.False(t, res.Complete)
		assert.Less(t, time.Since(start), 2*time.Second)
	}
	// Cancelled before the call: stops in the cut.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := csp.ParallelSolve(ctx, m, csp.Options{}, csp.Parallel{Workers: 2})
	assert.Equal(t, csp.Canceled, res.Stopped)
	assert.Equal(t, "unknown", res.Status())
	// TimeLimit is wall time for the whole call.
	start := time.Now()
	res = csp.ParallelCount(context.Background(), m, csp.Options{TimeLimit: 50 * time.Millisecond}, 0, csp.Parallel{Workers: 2})
	assert.Equal(t, csp.TimeLimit, res.Stopped)
	assert.Less(t, time.Since(start), 2*time.Second)
}

// BenchmarkParallelCount counts the 2,680 solutions of 11 queens
// sequentially and with 1 and 2 workers (default cut).
func BenchmarkParallelCount(b *testing.B) {
	m, _ := queens(b, 11)
	check := func(b *testing.B, res csp.Result) {
		if res.Solutions != 2680 || !res.Complete {
			b.Fatalf("got %d solutions, complete %v", res.Solutions, res.Complete)
		}
	}
	b.Run("sequential", func(b *testing.B) {
		b.ReportAllocs()
		var res csp.Result
		for b.Loop() {
			res = csp.Count(context.Background(), m, csp.Options{}, 0)
		}
		check(b, res)
	})
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.ReportAllocs()
			var res csp.Result
			for b.Loop() {
				res = csp.ParallelCount(context.Background(), m, csp.Options{}, 0, csp.Parallel{Workers: workers})
			}
			check(b, res)
		})
	}
}

// Counting the 4×4 Latin squares with two workers, and finding one with
// the tree cut at three decisions: the answers do not depend on the number
// of workers, and under this static strategy the solution is the one Solve
// finds.
func ExampleParallelCount() {
	m := csp.NewModel()
	var cells [4][4]csp.Var
	for r := range 4 {
		for c := range 4 {
			cells[r][c] = m.NewIntVar(1, 4, fmt.Sprintf("r%dc%d", r+1, c+1))
		}
	}
	for i := range 4 {
		var row, col []csp.Var
		for j := range 4 {
			row = append(row, cells[i][j])
			col = append(col, cells[j][i])
		}
		if err := errors.Join(alldiff.Post(m, row, alldiff.GAC), alldiff.Post(m, col, alldiff.GAC)); err != nil {
			fmt.Println(err)
			return
		}
	}
	opts := csp.Options{Var: csp.MinDomain}
	res := csp.ParallelCount(context.Background(), m, opts, 0, csp.Parallel{Workers: 2})
	fmt.Println(res.Solutions, res.Complete)

	sol := csp.ParallelSolve(context.Background(), m, opts, csp.Parallel{Workers: 2, Depth: 3})
	for r := range 4 {
		fmt.Println(sol.Solution[cells[r][0]], sol.Solution[cells[r][1]], sol.Solution[cells[r][2]], sol.Solution[cells[r][3]])
	}
	// Output:
	// 576 true
	// 1 2 3 4
	// 2 4 1 3
	// 3 1 4 2
	// 4 3 2 1
}

// TestWorkersOption: Options.Workers sends Solve and Count through the
// parallel search, whose answer does not depend on the number of workers.
func TestWorkersOption(t *testing.T) {
	m, _ := queens(t, 8)
	var first []int
	for _, w := range []int{1, 2, 3} {
		opts := csp.Options{Var: csp.MinDomain, Workers: w}
		res := csp.Count(context.Background(), m, opts, 0)
		assert.EqualValues(t, 92, res.Solutions, "workers %d", w)
		assert.True(t, res.Complete)
		sol := csp.Solve(context.Background(), m, opts).Solution
		require.NotNil(t, sol)
		if first == nil {
			first = sol
		}
		assert.Equal(t, first, sol, "workers %d: the same solution", w)
	}
}

// TestParallelCutCapped: with the cut stopped after a few subproblems
// (the rest of the tree in the nodes left pending), a count is the same,
// and under a static strategy the very tree the sequential search visits;
// ParallelSolve stays deterministic.
func TestParallelCutCapped(t *testing.T) {
	m8, _ := queens(t, 8)
	l5, _ := latin(t, 5, true, alldiff.GAC)
	t.Cleanup(csp.SetMaxCut(1)) // the cap put back at the end, whatever fails
	for _, capN := range []int{1, 3, 10} {
		csp.SetMaxCut(capN)
		for name, m := range map[string]*csp.Model{"queens8": m8, "latin5-row": l5} {
			for _, st := range parallelStrategies {
				seq := csp.Count(context.Background(), m, st.opts, 0)
				for _, depth := range []int{0, 2, 4} {
					p := csp.Parallel{Workers: 3, Depth: depth}
					res := csp.ParallelCount(context.Background(), m, st.opts, 0, p)
					what := fmt.Sprintf("cap %d %s %s depth %d", capN, name, st.name, depth)
					require.True(t, res.Complete, what)
					assert.Equal(t, seq.Solutions, res.Solutions, what)
					if st.static {
						assert.Equal(t, seq.Stats.Nodes, res.Stats.Nodes, what)
						assert.Equal(t, seq.Stats.Failures, res.Stats.Failures, what)
						assert.Equal(t, seq.Stats.PeakDepth, res.Stats.PeakDepth, what)
						assert.Equal(t, seq.Solution, res.Solution, what)
					}
					a := csp.ParallelSolve(context.Background(), m, st.opts, p)
					b := csp.ParallelSolve(context.Background(), m, st.opts, csp.Parallel{Workers: 1, Depth: depth})
					assert.Equal(t, a.Solution, b.Solution, what)
				}
			}
		}
	}
}
