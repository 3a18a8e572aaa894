package csp_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

// TestLearnAfterRunsNeverRepeat: Run(1) again and again lists every
// solution once with learning from the start (learned clauses block the
// solutions found), and with learning held back when the budget is spent
// before the first solution; a search that finds a solution before its
// switch never switches (nothing would block that solution).
func TestLearnAfterRunsNeverRepeat(t *testing.T) {
	ctx := context.Background()
	switched, held := 0, 0
	for _, after := range []int64{0, 1, 3, 10, 60} {
		for _, n := range []int{6, 8} {
			t.Run(fmt.Sprintf("after=%d/queens%d", after, n), func(t *testing.T) {
				m, _ := queens(t, n)
				o := csp.Options{Var: csp.LiteralActivity, Restarts: csp.Luby, RestartBase: 2,
					Learn: csp.LearnClauses, LearnAfter: after}
				e := csp.NewSearch(m, o)
				seen := map[string]int{}
				learning := false
				for run := range 200 {
					r := e.Run(ctx, 1, nil)
					if run == 0 {
						learning = r.Stats.Clauses
						if learning {
							switched++
						} else {
							held++
						}
					}
					if !learning {
						require.False(t, r.Stats.Clauses, "switched after a solution found without learning")
					}
					if r.Solutions == 0 {
						require.True(t, r.Complete)
						break
					}
					k := fmt.Sprint(r.Solution)
					seen[k]++
					if learning {
						assert.Equal(t, 1, seen[k], "solution reported twice: %s", k)
					}
				}
			})
		}
	}
	assert.Positive(t, switched)
	assert.Positive(t, held)
}

// learnAfterOptions are searches that switch to learning, on every
// engine option the switch meets.
func learnAfterOptions() map[string]csp.Options {
	base := csp.Options{Restarts: csp.Luby, RestartBase: 2, Learn: csp.LearnClauses}
	with := func(f func(o *csp.Options)) csp.Options { o := base; f(&o); return o }
	return map[string]csp.Options{
		"literal":          with(func(o *csp.Options) { o.Var = csp.LiteralActivity }),
		"activity ties":    with(func(o *csp.Options) { o.Var = csp.Activity; o.RandomTies = true; o.Seed = 4 }),
		"glucose":          with(func(o *csp.Options) { o.Var = csp.LiteralActivity; o.Restarts = csp.Glucose }),
		"last conflict":    with(func(o *csp.Options) { o.Var = csp.DomWDeg; o.LastConflict = true }),
		"trailing split":   with(func(o *csp.Options) { o.SaveMode = csp.Trailing; o.Val = csp.ValSplit }),
		"copying 1 level":  with(func(o *csp.Options) { o.CopyBudget = 1 }),
		"geometric random": with(func(o *csp.Options) { o.Restarts = csp.Geometric; o.Val = csp.ValRandom; o.Seed = 7 }),
	}
}

// TestLearnAfterSlicedRunsResume: Run stopped by NodeLimit slices and
// resumed (as RunPortfolio does) takes the very path one Run takes, the
// switch to learning included.
func TestLearnAfterSlicedRunsResume(t *testing.T) {
	ctx := context.Background()
	for _, lc := range learnCases() {
		m := lc.m(t)
		for name, o := range learnAfterOptions() {
			for _, after := range []int64{1, 3, 10} {
				t.Run(fmt.Sprintf("%s/%s/after=%d", lc.name, name, after), func(t *testing.T) {
					o.LearnAfter = after
					whole := csp.NewSearch(m, o).Run(ctx, 1, nil)
					e := csp.NewSearch(m, o)
					var r csp.Result
					for slice := int64(1); ; slice++ {
						csp.SetNodeLimit(e, slice*3)
						r = e.Run(ctx, 1, nil)
						if r.Stopped != csp.NodeLimit {
							break
						}
					}
					assert.Equal(t, whole.Solution, r.Solution)
					assert.Equal(t, whole.Complete, r.Complete)
					assert.Equal(t, whole.Stats.Nodes, r.Stats.Nodes)
					assert.Equal(t, whole.Stats.Failures, r.Stats.Failures)
					assert.Equal(t, whole.Stats.Conflicts, r.Stats.Conflicts)
				})
			}
		}
	}
}

// TestLearnAfterClausesSound: the clauses learned after the switch are
// false when learned and cut no solution, and the reasons kept equal those
// computed afresh, over two instances of one search (Reset between them).
func TestLearnAfterClausesSound(t *testing.T) {
	ctx := context.Background()
	total := 0
	defer func() { assert.Positive(t, total, "no clause learned after a switch") }()
	for _, lc := range learnCases() {
		m := lc.m(t)
		var all [][]int
		for s := range csp.NewSearch(m, csp.Options{}).All(ctx) {
			all = append(all, append([]int(nil), s...))
		}
		for name, o := range learnAfterOptions() {
			for _, after := range []int64{1, 4} {
				t.Run(fmt.Sprintf("%s/%s/after=%d", lc.name, name, after), func(t *testing.T) {
					o.LearnAfter = after
					e := csp.NewSearch(m, o)
					learned := 0
					csp.CheckLateClauses(e, func(s *csp.Space, lits []csp.Fact) {
						learned++
						total++
						for _, l := range lits {
							require.True(t, s.HeldBefore(l.Not(), len(s.Facts())), "literal %v of a new clause is false", l)
						}
						for _, sol := range all {
							require.True(t, satisfies(sol, lits), "clause %v cuts solution %v", lits, sol)
						}
					})
					csp.CheckLateKeptReasons(e, func(i int32, kept, fresh []csp.Fact) {
						t.Errorf("fact %d: kept reason %v, fresh %v", i, kept, fresh)
					})
					for range 2 {
						r := e.Run(ctx, 1, nil)
						assert.Equal(t, len(all) == 0, r.Solutions == 0)
						e.Reset()
					}
				})
			}
		}
	}
}

// TestLearnAfterParallelAndPortfolio: a parallel solve's answer does not
// depend on Workers with learning held back either (each subproblem on a
// Reset search), and a portfolio's answer is the same run after run.
func TestLearnAfterParallelAndPortfolio(t *testing.T) {
	ctx := context.Background()
	for _, lc := range learnCases() {
		m := lc.m(t)
		for name, o := range learnAfterOptions() {
			o.LearnAfter = 2
			t.Run(lc.name+"/"+name, func(t *testing.T) {
				var want csp.Result
				for i, w := range []int{1, 2, 3} {
					r := csp.ParallelSolve(ctx, m, o, csp.Parallel{Workers: w, Depth: 1})
					if i == 0 {
						want = r
						continue
					}
					assert.Equal(t, want.Solution, r.Solution, "workers %d", w)
					assert.Equal(t, want.Complete, r.Complete, "workers %d", w)
				}
				p := o
				p.Portfolio = []csp.Options{{Var: csp.DomWDeg, Restarts: csp.Luby, RestartBase: 3, Learn: csp.LearnClauses, LearnAfter: 5}}
				first := csp.Solve(ctx, m, p)
				again := csp.Solve(ctx, m, p)
				assert.Equal(t, first.Solution, again.Solution)
				assert.Equal(t, first.Member, again.Member)
				assert.Equal(t, first.Stats.Nodes, again.Stats.Nodes)
			})
		}
	}
}

// TestLearnAfterOptimize: branch and bound over bitset domains reaches the
// optimum with learning held back, whatever the budget.
func TestLearnAfterOptimize(t *testing.T) {
	ctx := context.Background()
	for _, lc := range learnCases() {
		m := lc.m(t)
		obj := csp.Objective{Var: 0, Maximize: true}
		want, err := csp.Optimize(ctx, m, csp.Options{}, obj, nil)
		require.NoError(t, err)
		for name, o := range learnAfterOptions() {
			for _, after := range []int64{0, 1, 3, 10} {
				t.Run(fmt.Sprintf("%s/%s/after=%d", lc.name, name, after), func(t *testing.T) {
					o.LearnAfter = after
					got, err := csp.Optimize(ctx, m, o, obj, nil)
					require.NoError(t, err)
					assert.True(t, got.Complete)
					if want.Solution == nil {
						assert.Nil(t, got.Solution)
						return
					}
					require.NotNil(t, got.Solution)
					assert.Equal(t, want.Solution[0], got.Solution[0])
				})
			}
		}
	}
}

// TestLearnAfterRootFailure: a model that fails at the root, or whose
// root is refuted after the budget is spent, is unsatisfiable with
// learning held back, Run after Run and after Reset.
func TestLearnAfterRootFailure(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		m    func(testing.TB) *csp.Model
	}{
		{"clash", func(tb testing.TB) *csp.Model { return latinHoles(tb, 5, 0.7, 3, true) }},
		{"pigeons", func(tb testing.TB) *csp.Model { return pigeons(tb, 6, 5) }},
		{"pigeons small", func(tb testing.TB) *csp.Model { return pigeons(tb, 4, 3) }},
	} {
		for _, after := range []int64{1, 2, 5, 1000} {
			t.Run(fmt.Sprintf("%s/after=%d", tc.name, after), func(t *testing.T) {
				e := csp.NewSearch(tc.m(t), csp.Options{Var: csp.LiteralActivity, Restarts: csp.Luby, RestartBase: 2, Learn: csp.LearnClauses, LearnAfter: after})
				for range 2 {
					for range 2 {
						r := e.Run(ctx, 1, nil)
						assert.True(t, r.Complete)
						assert.Zero(t, r.Solutions)
					}
					e.Reset()
				}
			})
		}
	}
}

// TestLearnAfterMemoryCounted: MaxMemory counts the clause database and
// the trail of facts a search holds; after Reset a search that holds
// learning back keeps them (for its next switch), so they should count
// as they do for a search that learns from the start.
func TestLearnAfterMemoryCounted(t *testing.T) {
	ctx := context.Background()
	for _, after := range []int64{0, 1} {
		t.Run(fmt.Sprintf("after=%d", after), func(t *testing.T) {
			e := csp.NewSearch(pigeons(t, 8, 7), csp.Options{Var: csp.LiteralActivity, Restarts: csp.Luby, RestartBase: 2,
				Learn: csp.LearnClauses, LearnAfter: after})
			r := e.Run(ctx, 1, nil)
			require.True(t, r.Complete)
			require.Positive(t, r.Stats.Conflicts)
			e.Reset()
			held := csp.HeldLearning(e)
			require.Positive(t, held)
			assert.GreaterOrEqual(t, csp.SavedBytes(e), held, "bytes held but not counted by MaxMemory")
		})
	}
}

// TestLearnAfterPhasesAndDecisions: with Phases or a Decisions subset,
// holding learning back still finds a solution of the model (checked on
// the decision variables against the plain search's), Run after Reset.
func TestLearnAfterPhasesAndDecisions(t *testing.T) {
	ctx := context.Background()
	const n = 6
	m := latinChanneled(t, n, 0.75, 0)
	cells := make([]csp.Var, n*n)
	for i := range cells {
		cells[i] = csp.Var(i)
	}
	sols := map[string]bool{}
	for s := range csp.NewSearch(m, csp.Options{}).All(ctx) {
		sols[fmt.Sprint(s[:n*n])] = true
	}
	require.NotEmpty(t, sols)
	for name, o := range map[string]csp.Options{
		"phases":    {Phases: []csp.Phase{{Vars: cells[:n*n/2], Var: csp.LiteralActivity}, {Vars: cells[n*n/2:], Var: csp.DomWDeg}}},
		"decisions": {Decisions: cells, Var: csp.LiteralActivity},
	} {
		for _, after := range []int64{1, 3} {
			t.Run(fmt.Sprintf("%s/after=%d", name, after), func(t *testing.T) {
				o.Restarts, o.RestartBase, o.Learn, o.LearnAfter = csp.Luby, 2, csp.LearnClauses, after
				e := csp.NewSearch(m, o)
				for range 2 {
					r := e.Run(ctx, 1, nil)
					require.Equal(t, int64(1), r.Solutions)
					assert.True(t, sols[fmt.Sprint(r.Solution[:n*n])], "not a solution")
					e.Reset()
				}
			})
		}
	}
}

// TestLearnAfterBeforeSwitchIsDomWDeg: until its switch, a search that
// holds learning back with Var Activity or LiteralActivity (Glucose
// restarts) searches as DomWDeg with Luby restarts does, node for node.
func TestLearnAfterBeforeSwitchIsDomWDeg(t *testing.T) {
	ctx := context.Background()
	for _, lc := range learnCases() {
		m := lc.m(t)
		for _, v := range []csp.VarSelect{csp.Activity, csp.LiteralActivity} {
			for _, ties := range []bool{false, true} {
				for _, r := range []csp.Restart{csp.Luby, csp.Glucose} {
					t.Run(fmt.Sprintf("%s/%s/ties=%v/%s", lc.name, v, ties, r), func(t *testing.T) {
						plain := csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby, RestartBase: 2, RandomTies: ties, Seed: 5}
						held := plain
						held.Var, held.Restarts, held.Learn, held.LearnAfter = v, r, csp.LearnClauses, 1<<40
						a, b := csp.NewSearch(m, plain).Run(ctx, 1, nil), csp.NewSearch(m, held).Run(ctx, 1, nil)
						assert.Equal(t, a.Solution, b.Solution)
						assert.Equal(t, a.Stats.Nodes, b.Stats.Nodes)
						assert.Equal(t, a.Stats.Failures, b.Stats.Failures)
						assert.Equal(t, a.Stats.Restarts, b.Stats.Restarts)
					})
				}
			}
		}
	}
}
