package csp_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/channel"
	"github.com/cspgo/csp/propagators/neq"
)

// latinHoles is an order-n Latin square (value alldiff) with the cells of
// a random square given except a fraction holes of them, or, with clash,
// two givens that break a row.
func latinHoles(tb testing.TB, n int, holes float64, seed uint64, clash bool) *csp.Model {
	m, _ := latinGrid(tb, n, holes, seed, clash)
	return m
}

// latinGrid is latinHoles with its cells, row by row.
func latinGrid(tb testing.TB, n int, holes float64, seed uint64, clash bool) (*csp.Model, [][]csp.Var) {
	m := csp.NewModel()
	rng := rand.New(rand.NewPCG(seed, seed))
	shift := rng.IntN(n)
	cells := make([][]csp.Var, n)
	for r := range n {
		cells[r] = make([]csp.Var, n)
		for c := range n {
			lo, hi := 1, n
			if rng.Float64() >= holes {
				lo = (r+c+shift)%n + 1
				hi = lo
			}
			if clash && r == 0 && (c == 0 || c == n-1) {
				lo, hi = 1, 1
			}
			cells[r][c] = m.NewIntVar(lo, hi, "cell")
		}
	}
	postRowsCols(tb, m, cells, alldiff.Value)
	return m, cells
}

// postRowsCols posts the rows and the columns of the square cells, each
// all different at strength st.
func postRowsCols(tb testing.TB, m *csp.Model, cells [][]csp.Var, st alldiff.Strength) {
	n := len(cells)
	for i := range n {
		row, col := make([]csp.Var, n), make([]csp.Var, n)
		for j := range n {
			row[j], col[j] = cells[i][j], cells[j][i]
		}
		require.NoError(tb, alldiff.Post(m, row, st))
		require.NoError(tb, alldiff.Post(m, col, st))
	}
}

// latinChanneled is latinHoles without a clash, channeled as the latin
// problem's default model is: per row, the column of each value, and per
// column, the row of each value (inverse channels), the columns of a value
// all different; every all-different at the Value strength, whose
// removals empty fixed domains (the wipe-outs of a fixed variable).
func latinChanneled(tb testing.TB, n int, holes float64, seed uint64) *csp.Model {
	m, cells := latinGrid(tb, n, holes, seed, false)
	colOf, rowOf := make([][]csp.Var, n), make([][]csp.Var, n)
	for i := range n {
		colOf[i], rowOf[i] = make([]csp.Var, n), make([]csp.Var, n)
		for v := range n {
			colOf[i][v], rowOf[i][v] = m.NewIntVar(1, n, "colof"), m.NewIntVar(1, n, "rowof")
		}
	}
	for i := range n {
		row, col, where := make([]csp.Var, n), make([]csp.Var, n), make([]csp.Var, n)
		for j := range n {
			row[j], col[j], where[j] = cells[i][j], cells[j][i], colOf[j][i]
		}
		require.NoError(tb, channel.Inverse(m, row, colOf[i], 1))
		require.NoError(tb, channel.Inverse(m, col, rowOf[i], 1))
		require.NoError(tb, alldiff.Post(m, where, alldiff.Value))
	}
	return m
}

// sudoku4 is the 4×4 sudoku with the given clues (0 for a hole).
func sudoku4(tb testing.TB, clues [16]int) *csp.Model {
	m := csp.NewModel()
	var g [16]csp.Var
	for i := range g {
		lo, hi := 1, 4
		if clues[i] > 0 {
			lo, hi = clues[i], clues[i]
		}
		g[i] = m.NewIntVar(lo, hi, fmt.Sprintf("c%d", i))
	}
	for i := range 4 {
		var row, col, box []csp.Var
		for j := range 4 {
			row = append(row, g[4*i+j])
			col = append(col, g[4*j+i])
			box = append(box, g[(i/2*2+j/2)*4+i%2*2+j%2])
		}
		for _, u := range [][]csp.Var{row, col, box} {
			require.NoError(tb, alldiff.Post(m, u, alldiff.GAC))
		}
	}
	return m
}

type learnCase struct {
	name string
	m    func(tb testing.TB) *csp.Model
}

func learnCases() []learnCase {
	q := func(n int) func(testing.TB) *csp.Model {
		return func(tb testing.TB) *csp.Model { m, _ := queens(tb, n); return m }
	}
	return []learnCase{
		{"queens6", q(6)}, {"queens7", q(7)}, {"queens8", q(8)},
		{"latin4", func(tb testing.TB) *csp.Model { m, _ := latin(tb, 4, false, alldiff.Value); return m }},
		{"latin5-holes", func(tb testing.TB) *csp.Model { return latinHoles(tb, 5, 0.6, 1, false) }},
		{"latin5-holes-b", func(tb testing.TB) *csp.Model { return latinHoles(tb, 5, 0.8, 2, false) }},
		{"latin5-clash", func(tb testing.TB) *csp.Model { return latinHoles(tb, 5, 0.7, 3, true) }},
		{"latin6-channeled", func(tb testing.TB) *csp.Model { return latinChanneled(tb, 6, 0.7, 0) }},
		{"pigeons5", func(tb testing.TB) *csp.Model { return pigeons(tb, 6, 5) }},
		{"sudoku4", func(tb testing.TB) *csp.Model {
			return sudoku4(tb, [16]int{1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2})
		}},
		{"sudoku4-empty", func(tb testing.TB) *csp.Model { return sudoku4(tb, [16]int{}) }},
	}
}

func learnOptions() []csp.Options {
	var out []csp.Options
	for _, v := range []csp.VarSelect{csp.InputOrder, csp.MinDomain, csp.Activity, csp.LiteralActivity} {
		for _, r := range []csp.Restart{csp.NoRestarts, csp.Luby, csp.Glucose} {
			for _, mode := range []csp.SaveMode{csp.Copying, csp.Trailing} {
				out = append(out, csp.Options{Var: v, Val: csp.ValSplit, Restarts: r, RestartBase: 3, SaveMode: mode,
					Learn: csp.LearnClauses, LastConflict: mode == csp.Trailing})
			}
		}
	}
	return out
}

// TestLearnCountsEqual: learned clauses never cut a solution: the count
// with learning equals the count without, every solution listed once and
// valid for the model (found by the search without learning too), and
// unsatisfiable models are proved so both ways; with solutions blocked by
// clauses (the default's first ones), flipped from the first (blocked=0),
// and one blocked then flipped (blocked=1). LiteralActivity's negative
// decisions (x != v first) are among those blocked and flipped.
func TestLearnCountsEqual(t *testing.T) {
	ctx := context.Background()
	negative := 0
	for _, lc := range learnCases() {
		m := lc.m(t)
		var want [][]int
		for s := range csp.NewSearch(m, csp.Options{}).All(ctx) {
			want = append(want, slices.Clone(s))
		}
		sortSolutions(want)
		for _, blocked := range []int{-1, 0, 1} {
			for _, o := range learnOptions() {
				t.Run(fmt.Sprintf("%s/%s-%s-%s-blocked=%d", lc.name, o.Var, o.Restarts, o.SaveMode, blocked), func(t *testing.T) {
					e := csp.NewSearch(m, o)
					if blocked >= 0 {
						csp.SetMaxBlocked(e, blocked)
					}
					var got [][]int
					for s := range e.All(ctx) {
						got = append(got, slices.Clone(s))
						negative += csp.NegativeDecisions(e)
					}
					sortSolutions(got)
					assert.Equal(t, want, got)
					st := e.Stats()
					assert.Equal(t, st.Conflicts, st.Failures-boolInt(len(want) == 0 && st.Conflicts == 0))
				})
			}
		}
		for _, o := range learnOptions() {
			r := csp.Count(ctx, m, o, 0)
			assert.True(t, r.Complete, lc.name)
			assert.Equal(t, int64(len(want)), r.Solutions, lc.name)
			if len(want) == 0 {
				r := csp.Solve(ctx, m, o)
				assert.Equal(t, "unsatisfiable", r.Status(), lc.name)
			}
		}
	}
	assert.Positive(t, negative, "solutions under decisions x != v")
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func sortSolutions(s [][]int) { slices.SortFunc(s, slices.Compare) }

// TestLearnedClausesValid checks every clause learned against brute force:
// when it is learned all its literals are false, and no solution of the
// model that the search has not yet listed violates it. A clause may cut
// a solution listed already while the search blocks solutions by clauses
// (their premises); once it flips decisions instead (here from the first
// solution on: flips), no clause cuts any solution: each follows from
// the model alone.
func TestLearnedClausesValid(t *testing.T) {
	ctx := context.Background()
	for _, lc := range learnCases() {
		m := lc.m(t)
		var all [][]int
		for s := range csp.NewSearch(m, csp.Options{}).All(ctx) {
			all = append(all, slices.Clone(s))
		}
		for _, flips := range []bool{false, true} {
			for _, o := range learnOptions() {
				t.Run(fmt.Sprintf("%s/%s-%s-%s-flips=%v", lc.name, o.Var, o.Restarts, o.SaveMode, flips), func(t *testing.T) {
					e := csp.NewSearch(m, o)
					if flips {
						csp.SetMaxBlocked(e, 0)
					}
					found := map[string]bool{}
					learned := 0
					csp.CheckClauses(e, func(s *csp.Space, lits []csp.Fact) {
						learned++
						for k, l := range lits {
							require.True(t, s.HeldBefore(l.Not(), len(s.Facts())), "literal %v of a new clause is false", l)
							// A clause with l and its negation holds always:
							// it asserts nothing, and the search meets the same
							// conflict again.
							require.NotContains(t, lits[k+1:], l.Not(), "clause %v holds a literal and its negation", lits)
						}
						for _, sol := range all {
							if !flips && found[fmt.Sprint(sol)] {
								continue
							}
							require.True(t, satisfies(sol, lits), "clause %v cuts solution %v", lits, sol)
						}
					})
					for s := range e.All(ctx) {
						found[fmt.Sprint(s)] = true
					}
					assert.Len(t, found, len(all))
					assert.Equal(t, int64(learned), e.Stats().LearnedClauses)
				})
			}
		}
	}
}

// TestKeptReasonsAsFresh: every reason the analysis takes from those it
// kept equals the reason computed afresh, through backjumps, restarts and
// every save mode: a kept reason outlives no fact below its own.
func TestKeptReasonsAsFresh(t *testing.T) {
	ctx := context.Background()
	taken := 0
	cases := learnCases()
	for seed := range uint64(6) { // larger, for roots that grow under restarts
		cases = append(cases, learnCase{fmt.Sprintf("latin8-holes-%d", seed), func(tb testing.TB) *csp.Model { return latinHoles(tb, 8, 0.55, seed, false) }})
	}
	for _, lc := range cases {
		m := lc.m(t)
		for _, o := range learnOptions() {
			e := csp.NewSearch(m, o)
			n := csp.CheckKeptReasons(e, func(i int32, kept, fresh []csp.Fact) {
				t.Errorf("%s/%s-%s-%s: fact %d: kept reason %v, fresh %v", lc.name, o.Var, o.Restarts, o.SaveMode, i, kept, fresh)
			})
			for range e.All(ctx) {
			}
			taken += *n
		}
	}
	assert.Positive(t, taken, "no reason was taken from those kept")
}

// satisfies reports whether the assignment sol makes one literal true.
func satisfies(sol []int, lits []csp.Fact) bool {
	for _, l := range lits {
		if (sol[l.X] == int(l.V)) == l.Eq {
			return true
		}
	}
	return false
}

// TestLearnPigeons: the pigeonhole needs search; learning proves it with
// conflicts and learned clauses, counted in the statistics.
func TestLearnPigeons(t *testing.T) {
	for _, o := range learnOptions() {
		r := csp.Solve(context.Background(), pigeons(t, 7, 6), o)
		require.Equal(t, "unsatisfiable", r.Status())
		assert.Positive(t, r.Stats.Conflicts)
		assert.Positive(t, r.Stats.LearnedClauses)
		assert.GreaterOrEqual(t, r.Stats.LearnedLength(), 1.0)
		assert.Contains(t, r.Stats.String(), "learnedClauses=")
	}
}

// TestLearnIntervalOff: a model with an interval domain cannot learn
// clauses; it searches without, and the statistics say why.
func TestLearnIntervalOff(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(0, 10_000_000, "wide")
	y := m.NewIntVar(0, 3, "y")
	require.NoError(t, neq.Post(m, x, y))
	r := csp.Solve(context.Background(), m, csp.Options{Learn: csp.LearnClauses})
	require.Equal(t, "solved", r.Status())
	assert.Contains(t, r.Stats.LearnOff, "wide")
	assert.Contains(t, r.Stats.String(), "learnOff=interval domain wide")
	r = csp.Solve(context.Background(), m, csp.Options{Learn: csp.LearnClauses, Workers: 2})
	require.Equal(t, "solved", r.Status(), "copies that cannot learn share nothing")
	assert.Contains(t, r.Stats.LearnOff, "wide")
}

// TestLearnParallelAndPortfolio: each worker learns on its own; counts are
// exact and the parallel answer the same for any number of workers.
func TestLearnParallelAndPortfolio(t *testing.T) {
	ctx := context.Background()
	m, _ := queens(t, 8)
	o := csp.Options{Var: csp.Activity, Learn: csp.LearnClauses, Restarts: csp.Luby, RestartBase: 5}
	for _, w := range []int{1, 2, 3} {
		r := csp.ParallelCount(ctx, m, o, 0, csp.Parallel{Workers: w})
		assert.Equal(t, int64(92), r.Solutions, "workers %d", w)
		assert.True(t, r.Complete)
	}
	var first []int
	for _, w := range []int{1, 2, 3} {
		r := csp.ParallelSolve(ctx, m, o, csp.Parallel{Workers: w})
		require.Equal(t, "solved", r.Status())
		if first == nil {
			first = r.Solution
		}
		assert.Equal(t, first, r.Solution, "workers %d", w)
	}
	p := o
	p.Portfolio = []csp.Options{{Var: csp.MinDomain}, {Var: csp.DomWDeg, Learn: csp.LearnClauses}}
	r := csp.Count(ctx, m, p, 0)
	assert.Equal(t, int64(92), r.Solutions)
}

// TestLearnNogoodsIsNogoods: Learn LearnNogoods searches as Nogoods does.
func TestLearnNogoodsIsNogoods(t *testing.T) {
	m, _ := queens(t, 10)
	base := csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby, RestartBase: 2, RandomTies: true, Seed: 5}
	a, b := base, base
	a.Nogoods = true
	b.Learn = csp.LearnNogoods
	ra, rb := csp.Solve(context.Background(), m, a), csp.Solve(context.Background(), m, b)
	assert.Equal(t, ra.Solution, rb.Solution)
	assert.Equal(t, ra.Stats.Nodes, rb.Stats.Nodes)
}

// TestLearnMemoryAndActivityAlone: the learned clauses count in
// MaxMemory (a small bound stops a search that learns), and Activity and
// LiteralActivity without clause learning search as DomWDeg does.
func TestLearnMemoryAndActivityAlone(t *testing.T) {
	ctx := context.Background()
	m := pigeons(t, 9, 8)
	free := csp.Solve(ctx, m, csp.Options{Learn: csp.LearnClauses, NodeLimit: 3000})
	require.Positive(t, free.Stats.LearnedClauses)
	capped := csp.Solve(ctx, m, csp.Options{Learn: csp.LearnClauses, NodeLimit: 3000, MaxMemory: 64 << 10})
	assert.Equal(t, csp.MemoryLimit, capped.Stopped)
	assert.Less(t, capped.Stats.LearnedClauses, free.Stats.LearnedClauses)

	q, _ := queens(t, 8)
	w := csp.Count(ctx, q, csp.Options{Var: csp.DomWDeg}, 0)
	for _, v := range []csp.VarSelect{csp.Activity, csp.LiteralActivity} {
		a := csp.Count(ctx, q, csp.Options{Var: v}, 0)
		assert.Equal(t, int64(92), a.Solutions, v)
		assert.Equal(t, w.Stats.Nodes, a.Stats.Nodes, v)
	}
}

// TestLearnDecisionsAndPhases: with a subset of decision variables, or
// phases, the count with learning equals the count without.
func TestLearnDecisionsAndPhases(t *testing.T) {
	ctx := context.Background()
	m, q := queens(t, 7)
	for name, o := range map[string]csp.Options{
		"decisions":         {Decisions: q[:5]},
		"phases":            {Phases: []csp.Phase{{Vars: q[3:], Var: csp.MinDomain, Val: csp.ValMax}, {Vars: q[:3], Var: csp.Activity}}},
		"literal decisions": {Decisions: q[2:], Var: csp.LiteralActivity},
		"literal phases":    {Phases: []csp.Phase{{Vars: q[4:], Var: csp.LiteralActivity}, {Vars: q[:4], Var: csp.MinDomain}}, Var: csp.LiteralActivity},
	} {
		off := csp.Count(ctx, m, o, 0)
		o.Learn = csp.LearnClauses
		on := csp.Count(ctx, m, o, 0)
		assert.True(t, on.Complete, name)
		assert.Equal(t, off.Solutions, on.Solutions, name)
	}
}

// TestTargetOutlivesRestarts: under Activity the target branch only ever
// grows while restarts come every few conflicts: a restart does not
// forget it (only a rephasing does, due after more conflicts than the
// test makes).
func TestTargetOutlivesRestarts(t *testing.T) {
	m := pigeons(t, 8, 7) // unsatisfiable: conflicts until the FailLimit
	e := csp.NewSearch(m, csp.Options{Var: csp.Activity, Restarts: csp.Luby, RestartBase: 1,
		Learn: csp.LearnClauses, FailLimit: 400})
	last, grew := 0, 0
	csp.CheckClauses(e, func(_ *csp.Space, _ []csp.Fact) {
		n := csp.TargetLength(e)
		require.GreaterOrEqual(t, n, last, "the target shrank (forgotten at a restart?)")
		if n > last {
			grew++
		}
		last = n
	})
	e.Run(context.Background(), 1, nil)
	st := e.Stats()
	require.Greater(t, st.Restarts, int64(10), "the test needs restarts")
	assert.Positive(t, grew)
	assert.Positive(t, last)
}

// TestLearnAfter: a search that holds learning back (LearnAfter) finds
// what the plain search finds (a solution of the model, or none), learns
// nothing before its budget and from the failure that spends it on, and
// after Reset holds learning back again: the same run twice gives the same
// statistics. A count never switches.
func TestLearnAfter(t *testing.T) {
	ctx := context.Background()
	switched := 0
	for _, lc := range learnCases() {
		m := lc.m(t)
		sols := map[string]bool{}
		for s := range csp.NewSearch(m, csp.Options{}).All(ctx) {
			sols[fmt.Sprint(s)] = true
		}
		for _, after := range []int64{1, 2, 5, 40} {
			for _, v := range []csp.VarSelect{csp.DomWDeg, csp.LiteralActivity} {
				for _, mode := range []csp.SaveMode{csp.Copying, csp.Trailing} {
					o := csp.Options{Var: v, Restarts: csp.Luby, RestartBase: 2, SaveMode: mode,
						Learn: csp.LearnClauses, LearnAfter: after}
					t.Run(fmt.Sprintf("%s/after=%d/%s/%s", lc.name, after, v, mode), func(t *testing.T) {
						e := csp.NewSearch(m, o)
						var first csp.Stats
						for round := range 2 {
							r := e.Run(ctx, 1, nil)
							st := r.Stats
							if len(sols) == 0 {
								assert.True(t, r.Complete)
								assert.Zero(t, r.Solutions)
							} else {
								require.Equal(t, int64(1), r.Solutions)
								assert.True(t, sols[fmt.Sprint(r.Solution)], "not a solution: %v", r.Solution)
							}
							if st.Conflicts > 0 {
								assert.True(t, st.Clauses)
								assert.True(t, e.Space().Tracking())
								assert.GreaterOrEqual(t, st.Failures-st.Conflicts, after, "learned before the budget")
								if round == 0 {
									switched++
								}
							} else {
								assert.False(t, st.Clauses)
								assert.False(t, e.Space().Tracking())
								assert.LessOrEqual(t, st.Failures, after+1, "the budget spent and no learning")
							}
							st.SolveTime, st.Propagators = 0, nil
							if round == 0 {
								first = st
							} else {
								assert.Equal(t, first, st, "a Reset search runs as a new one")
							}
							e.Reset()
							assert.False(t, e.Space().Tracking())
						}
					})
				}
			}
			c := csp.Count(ctx, m, csp.Options{Restarts: csp.Luby, RestartBase: 2, Learn: csp.LearnClauses, LearnAfter: after}, 0)
			assert.True(t, c.Complete)
			assert.Equal(t, int64(len(sols)), c.Solutions)
			assert.Zero(t, c.Stats.Conflicts, "a count switched")
		}
	}
	assert.Positive(t, switched, "no case spent its budget")
}

// TestShrinkShortensClauses: shrinking replaces a level's literals of a
// learned clause by one, so on channeled Latin squares, where most
// clauses hold several facts of each level, the clauses learned with it
// are shorter on average than without (within the same failure budget;
// the trees part after the first clause shrunk). TestLearnedClausesValid
// checks the shrunk clauses are sound.
func TestShrinkShortensClauses(t *testing.T) {
	ctx := context.Background()
	var on, off, onN, offN float64
	for seed := range uint64(4) {
		m := latinChanneled(t, 15, 0.6, seed)
		for _, shrink := range []bool{true, false} {
			e := csp.NewSearch(m, csp.Options{Var: csp.LiteralActivity, Restarts: csp.Luby, Learn: csp.LearnClauses, FailLimit: 300})
			csp.SetShrink(e, shrink)
			for range e.All(ctx) {
			}
			st := e.Stats()
			if shrink {
				on += st.LearnedLength() * float64(st.LearnedClauses)
				onN += float64(st.LearnedClauses)
			} else {
				off += st.LearnedLength() * float64(st.LearnedClauses)
				offN += float64(st.LearnedClauses)
			}
		}
	}
	require.Positive(t, onN, "no clause learned with shrinking")
	require.Positive(t, offN, "no clause learned without")
	assert.Less(t, on/onN, 0.9*off/offN, "average clause with shrinking %v, without %v", on/onN, off/offN)
}
