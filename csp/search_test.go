package csp_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/neq"
)

// queens models n queens: one variable per column holding the row, rows
// different, diagonals different (through offset copies).
func queens(tb testing.TB, n int) (*csp.Model, []csp.Var) {
	m := csp.NewModel()
	q := make([]csp.Var, n)
	for i := range q {
		q[i] = m.NewIntVar(0, n-1, "q")
	}
	require.NoError(tb, alldiff.Post(m, q, alldiff.GAC))
	for i := range n {
		for j := i + 1; j < n; j++ {
			m.Post(&diag{q[i], q[j], j - i}, 3 /* assigned */, q[i], q[j])
		}
	}
	return m, q
}

// diag forbids |x - y| = d, once one side is assigned.
type diag struct {
	x, y csp.Var
	d    int
}

func (p *diag) Propagate(s *csp.Space) csp.Status {
	for _, pair := range [2][2]csp.Var{{p.x, p.y}, {p.y, p.x}} {
		if v, ok := s.Value(pair[0]); ok {
			if !s.Remove(pair[1], v+p.d) || !s.Remove(pair[1], v-p.d) {
				return csp.Failed
			}
			return csp.Entailed
		}
	}
	return csp.Fixpoint
}

func allStrategies() []csp.Options {
	var out []csp.Options
	for _, v := range []csp.VarSelect{csp.InputOrder, csp.MinDomain, csp.DomWDeg} {
		for _, val := range []csp.ValSelect{csp.ValMin, csp.ValMax, csp.ValSplit, csp.ValRandom} {
			for _, mode := range []csp.SaveMode{csp.Copying, csp.Trailing} {
				out = append(out, csp.Options{Var: v, Val: val, SaveMode: mode, Seed: 3, RandomTies: val == csp.ValRandom,
					LastConflict: mode == csp.Trailing})
			}
		}
	}
	return out
}

func TestCountIsTheSameUnderEveryStrategy(t *testing.T) {
	known := map[int]int64{4: 2, 5: 10, 6: 4, 7: 40, 8: 92}
	for n, want := range known {
		for _, o := range allStrategies() {
			m, _ := queens(t, n)
			res := csp.Count(context.Background(), m, o, 0)
			require.True(t, res.Complete)
			assert.Equal(t, want, res.Solutions, "%d queens, options %+v", n, o)
			assert.Equal(t, want, res.Stats.Solutions)
		}
	}
}

func TestPermutationsCount(t *testing.T) {
	// 6 variables over 1..6, all different: 720 solutions at every strength.
	for _, st := range []alldiff.Strength{alldiff.Value, alldiff.Hidden, alldiff.GAC} {
		m := csp.NewModel()
		xs := make([]csp.Var, 6)
		for i := range xs {
			xs[i] = m.NewIntVar(1, 6, "x")
		}
		require.NoError(t, alldiff.Post(m, xs, st))
		res := csp.Count(context.Background(), m, csp.Options{}, 0)
		assert.Equal(t, int64(720), res.Solutions, "strength %v", st)
	}
}

func TestSolveFindsValidSolution(t *testing.T) {
	for i, o := range allStrategies() {
		o.Restarts = csp.Luby
		o.RestartBase = 2
		o.Nogoods = i%2 == 0
		m, _ := queens(t, 12)
		res := csp.Solve(context.Background(), m, o)
		require.Equal(t, "solved", res.Status(), "%+v", o)
		q := res.Solution
		for i := range q {
			for j := i + 1; j < len(q); j++ {
				assert.NotEqual(t, q[i], q[j])
				assert.NotEqual(t, j-i, abs(q[i]-q[j]))
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestCapAndUniqueness(t *testing.T) {
	m, _ := queens(t, 8)
	res := csp.Count(context.Background(), m, csp.Options{}, 2)
	assert.Equal(t, int64(2), res.Solutions)
	assert.False(t, res.Complete, "a cap reached is not a complete count")
	assert.Equal(t, "solved", res.Status())
}

func TestUnsatisfiable(t *testing.T) {
	m, _ := queens(t, 3)
	res := csp.Solve(context.Background(), m, csp.Options{Var: csp.DomWDeg, Restarts: csp.Geometric, RestartBase: 1})
	assert.True(t, res.Complete)
	assert.Equal(t, "unsatisfiable", res.Status())
	// Root failure: x != y over one value.
	m2 := csp.NewModel()
	x, y := m2.NewIntVar(1, 1, "x"), m2.NewIntVar(1, 1, "y")
	require.NoError(t, neq.Post(m2, x, y))
	res = csp.Solve(context.Background(), m2, csp.Options{})
	assert.Equal(t, "unsatisfiable", res.Status())
	assert.Equal(t, int64(1), res.Stats.Failures)
}

func TestLimits(t *testing.T) {
	m, _ := queens(t, 10)
	res := csp.Count(context.Background(), m, csp.Options{NodeLimit: 50}, 0)
	assert.Equal(t, csp.NodeLimit, res.Stopped)
	assert.False(t, res.Complete)
	assert.LessOrEqual(t, res.Stats.Nodes, int64(50))

	res = csp.Count(context.Background(), m, csp.Options{FailLimit: 7}, 0)
	assert.Equal(t, csp.FailLimit, res.Stopped)
	assert.Equal(t, int64(7), res.Stats.Failures)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res = csp.Count(ctx, m, csp.Options{}, 0)
	assert.Equal(t, csp.Canceled, res.Stopped)

	big, _ := queens(t, 28)
	start := time.Now()
	res = csp.Count(context.Background(), big, csp.Options{TimeLimit: 50 * time.Millisecond}, 0)
	assert.Equal(t, csp.TimeLimit, res.Stopped)
	assert.Less(t, time.Since(start), 5*time.Second, "time limit ignored")
}

func TestCancelStopsPromptly(t *testing.T) {
	m, _ := queens(t, 30)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	res := csp.Count(ctx, m, csp.Options{}, 0)
	assert.Equal(t, csp.Canceled, res.Stopped)
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestIteratorAndCallback(t *testing.T) {
	m, _ := queens(t, 6)
	e := csp.NewSearch(m, csp.Options{})
	var sols [][]int
	for s := range e.All(context.Background()) {
		sols = append(sols, append([]int(nil), s...))
	}
	require.Len(t, sols, 4)
	assert.NotEqual(t, sols[0], sols[1])
	assert.Equal(t, int64(4), e.Stats().Solutions)

	// Breaking out of the loop stops the search.
	m2, _ := queens(t, 8)
	e2 := csp.NewSearch(m2, csp.Options{})
	n := 0
	for range e2.All(context.Background()) {
		n++
		if n == 3 {
			break
		}
	}
	assert.Equal(t, int64(3), e2.Stats().Solutions)
}

func TestRestartsAreCountedAndStillComplete(t *testing.T) {
	// Pigeonhole: 7 variables, 6 values, value-strength all-different:
	// many failures, so Luby restarts with a budget of 1 fire often, and the
	// search still proves unsatisfiability (the budgets grow without bound).
	m := csp.NewModel()
	xs := make([]csp.Var, 7)
	for i := range xs {
		xs[i] = m.NewIntVar(1, 6, "x")
	}
	require.NoError(t, alldiff.Post(m, xs, alldiff.Value))
	for _, r := range []csp.Restart{csp.Luby, csp.Geometric} {
		for _, nogoods := range []bool{false, true} {
			res := csp.Solve(context.Background(), m, csp.Options{Var: csp.DomWDeg, Restarts: r, RestartBase: 1, RandomTies: true, Seed: 9, Nogoods: nogoods})
			assert.Equal(t, "unsatisfiable", res.Status())
			assert.Positive(t, res.Stats.Restarts)
		}
	}
}

func TestSeedsReproduce(t *testing.T) {
	run := func(seed uint64) csp.Result {
		m, _ := queens(t, 20)
		return csp.Solve(context.Background(), m, csp.Options{Var: csp.DomWDeg, Val: csp.ValRandom, Restarts: csp.Luby, RestartBase: 3, RandomTies: true, Seed: seed})
	}
	a, b := run(5), run(5)
	assert.Equal(t, a.Solution, b.Solution)
	assert.Equal(t, a.Stats.Nodes, b.Stats.Nodes)
}

func TestStatsJSONNames(t *testing.T) {
	m, _ := queens(t, 6)
	res := csp.Count(context.Background(), m, csp.Options{}, 0)
	b, err := json.Marshal(res.Stats)
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	for _, k := range []string{"nodes", "failures", "propagations", "peakDepth", "restarts", "solutions", "solveTime", "propagators"} {
		assert.Contains(t, got, k)
	}
	kinds := map[string]bool{}
	for _, k := range res.Stats.Propagators {
		kinds[k.Kind] = true
		assert.Positive(t, k.Runs, k.Kind)
	}
	assert.True(t, kinds["alldiff/gac"], "kinds: %v", kinds)
	assert.Positive(t, res.Stats.Propagations)
	assert.Positive(t, res.Stats.PeakDepth)
}

func TestRunContinues(t *testing.T) {
	// Calling Run again continues the search: every solution once, then
	// an exhausted tree.
	m, _ := queens(t, 6)
	e := csp.NewSearch(m, csp.Options{})
	var got [][]int
	for range 6 {
		res := e.Run(context.Background(), 1, func(*csp.Space) bool { return true })
		if res.Solutions == 1 {
			got = append(got, res.Solution)
		} else {
			assert.True(t, res.Complete)
		}
	}
	require.Len(t, got, 4)
	for i := range got {
		for j := i + 1; j < len(got); j++ {
			assert.NotEqual(t, got[i], got[j])
		}
	}
	// An unsatisfiable model stays unsatisfiable.
	u := csp.NewModel()
	xs := []csp.Var{u.NewIntVar(0, 1, "x"), u.NewIntVar(0, 1, "y"), u.NewIntVar(0, 1, "z")}
	require.NoError(t, alldiff.Post(u, xs, alldiff.Value))
	eu := csp.NewSearch(u, csp.Options{})
	for range 3 {
		assert.Equal(t, "unsatisfiable", func() string {
			r := eu.Run(context.Background(), 1, func(*csp.Space) bool { return true })
			return r.Status()
		}())
	}
}

// TestOptionVarsChecked: a variable not in the model, in Decisions or a
// phase, is a panic that names the option, before the search uses it as
// an index; an empty Decisions list is every variable, as nil is.
func TestOptionVarsChecked(t *testing.T) {
	m, q := queens(t, 6)
	for _, c := range []struct {
		opts csp.Options
		want string
	}{
		{csp.Options{Decisions: []csp.Var{q[0], 7}}, "Options.Decisions[1] is variable 7, not in the model (6 variables)"},
		{csp.Options{Decisions: []csp.Var{-1}}, "Options.Decisions[0] is variable -1"},
		{csp.Options{Phases: []csp.Phase{{Vars: q[:2]}, {Vars: []csp.Var{q[3], 9}}}}, "Options.Phases[1].Vars[1] is variable 9"},
		{csp.Options{Learn: csp.LearnClauses, Decisions: []csp.Var{6}}, "Options.Decisions[0] is variable 6"},
	} {
		var got any
		func() {
			defer func() { got = recover() }()
			csp.Solve(context.Background(), m, c.opts)
		}()
		require.IsType(t, "", got, c.want)
		assert.Contains(t, got, "csp: "+c.want)
	}
	all := csp.Count(context.Background(), m, csp.Options{}, 0)
	empty := csp.Count(context.Background(), m, csp.Options{Decisions: []csp.Var{}}, 0)
	assert.Equal(t, int64(4), all.Solutions)
	assert.Equal(t, all.Solutions, empty.Solutions)
	r, err := csp.Optimize(context.Background(), m, csp.Options{Decisions: []csp.Var{}}, csp.Objective{Var: q[0], Maximize: true}, nil)
	require.NoError(t, err)
	assert.Equal(t, 4, r.Solution[q[0]], "every queen placed, the first as high as it goes")
}

// TestRunNilCallback: Run and BFS's Run take a nil onSolution as one that
// goes on.
func TestRunNilCallback(t *testing.T) {
	m, _ := queens(t, 6)
	r := csp.NewSearch(m, csp.Options{}).Run(context.Background(), 0, nil)
	assert.Equal(t, int64(4), r.Solutions)
	assert.True(t, r.Complete)
	b := csp.NewBFS(m, csp.Options{})
	r = b.Run(context.Background(), 0, nil)
	assert.Equal(t, int64(4), r.Solutions)
}

func TestEmptyInitialDomain(t *testing.T) {
	m := csp.NewModel()
	m.NewVar(domains.Range(1, 0), "empty")
	a, b := m.NewIntVar(0, 2, "a"), m.NewIntVar(0, 2, "b")
	require.NoError(t, alldiff.Post(m, []csp.Var{a, b}, alldiff.Value))
	assert.Equal(t, "unsatisfiable", func() string { r := csp.Solve(context.Background(), m, csp.Options{}); return r.Status() }())
	res := csp.Count(context.Background(), m, csp.Options{}, 0)
	assert.Equal(t, int64(0), res.Solutions)
	assert.True(t, res.Complete)
}

func TestNogoodsKeepAnswersRight(t *testing.T) {
	// Satisfiable and unsatisfiable queens, tiny restart budgets so that
	// many nogoods are learnt: the answers must not change.
	for n := 2; n <= 10; n++ {
		m, _ := queens(t, n)
		plain := csp.Count(context.Background(), m, csp.Options{}, 0)
		for seed := range uint64(5) {
			o := csp.Options{Var: csp.DomWDeg, Val: csp.ValRandom, Restarts: csp.Luby, RestartBase: 1, RandomTies: true, Seed: seed, Nogoods: true}
			res := csp.Solve(context.Background(), m, o)
			if plain.Solutions == 0 {
				assert.Equal(t, "unsatisfiable", res.Status(), "%d queens", n)
				continue
			}
			require.Equal(t, "solved", res.Status(), "%d queens", n)
			q := res.Solution
			for i := range q {
				for j := i + 1; j < len(q); j++ {
					assert.NotEqual(t, q[i], q[j])
					assert.NotEqual(t, j-i, abs(q[i]-q[j]))
				}
			}
		}
	}
}

// TestEmptyNogoodStoreSleeps: until a restart records a nogood, the store
// is not run on assignments. A search that never restarts runs the
// propagators a search without nogoods runs, plus the store's one run at
// the root; one that restarts runs it too.
func TestEmptyNogoodStoreSleeps(t *testing.T) {
	m, _ := queens(t, 8)
	base := csp.Options{Var: csp.MinDomain, Restarts: csp.Luby, RestartBase: 1000}
	with := base
	with.Nogoods = true
	plain := csp.Solve(context.Background(), m, base)
	stored := csp.Solve(context.Background(), m, with)
	require.Equal(t, "solved", plain.Status())
	require.Equal(t, int64(0), stored.Stats.Restarts, "the budget is never spent")
	assert.Equal(t, plain.Stats.Nodes, stored.Stats.Nodes)
	assert.Equal(t, plain.Stats.Propagations+1, stored.Stats.Propagations)

	with.RestartBase = 1
	restarting := csp.Solve(context.Background(), m, with)
	require.Equal(t, "solved", restarting.Status())
	require.Positive(t, restarting.Stats.Restarts)
	var runs int64
	for _, k := range restarting.Stats.Propagators {
		if k.Kind == "nogoods" {
			runs = k.Runs
		}
	}
	assert.Greater(t, runs, restarting.Stats.Restarts, "the store runs once it holds nogoods")
}

// TestResetReusesASearch narrows the root of one reset search in several
// ways and compares every answer with a search made afresh: a reused
// search must forget its last instance entirely (domains, depth, failed
// state, weights, statistics, nogoods).
func TestResetReusesASearch(t *testing.T) {
	m, q := queens(t, 7)
	opts := []csp.Options{
		{Var: csp.MinDomain},
		{Var: csp.DomWDeg, SaveMode: csp.Trailing},
		{Var: csp.DomWDeg, Restarts: csp.Luby, RestartBase: 2, Nogoods: true, RandomTies: true, Seed: 5},
	}
	// Each narrowing fixes the first queen's row, or two rows that clash
	// (unsatisfiable at the root).
	narrow := func(s *csp.Space, k int) bool {
		if k == 7 {
			return s.Assign(q[0], 0) && s.Assign(q[1], 1)
		}
		return s.Assign(q[0], k)
	}
	for _, o := range opts {
		reused := csp.NewSearch(m, o)
		for round := range 2 {
			for k := range 8 {
				fresh := csp.NewSearch(m, o)
				narrow(fresh.Space(), k)
				want := fresh.Run(context.Background(), 0, func(*csp.Space) bool { return true })

				reused.Reset()
				narrow(reused.Space(), k)
				got := reused.Run(context.Background(), 0, func(*csp.Space) bool { return true })
				assert.Equal(t, want.Solutions, got.Solutions, "opts %+v round %d k %d", o, round, k)
				assert.Equal(t, want.Stats.Nodes, got.Stats.Nodes, "opts %+v round %d k %d", o, round, k)
				assert.Equal(t, want.Stats.Failures, got.Stats.Failures)
				assert.Equal(t, want.Solution, got.Solution)
				// Leave the reused search mid-tree: the next Reset must cope.
				reused.Reset()
				narrow(reused.Space(), k)
				reused.Run(context.Background(), 1, func(*csp.Space) bool { return true })
			}
		}
	}
}

// TestRunInto: RunInto finds what Run finds, into the arrays of the
// result it is given when they have room (the same arrays, run after
// run), into arrays of its own when not.
func TestRunInto(t *testing.T) {
	m, q := queens(t, 7)
	all := func(*csp.Space) bool { return true }
	e := csp.NewSearch(m, csp.Options{Var: csp.MinDomain})
	res := csp.Result{Solution: make([]int, m.NumVars()), Stats: csp.Stats{Propagators: make([]csp.KindStats, 0, 8)}}
	sol, kinds := &res.Solution[0], &res.Stats.Propagators[:1][0]
	for k := range 7 {
		fresh := csp.NewSearch(m, csp.Options{Var: csp.MinDomain})
		require.True(t, fresh.Space().Assign(q[0], k))
		want := fresh.Run(context.Background(), 1, all)

		e.Reset()
		require.True(t, e.Space().Assign(q[0], k))
		e.RunInto(context.Background(), 1, all, &res)
		require.NotNil(t, res.Solution)
		assert.Equal(t, want.Solution, res.Solution, "queen 0 in row %d", k)
		assert.Equal(t, want.Stats.Nodes, res.Stats.Nodes)
		assert.Equal(t, want.Stats.Propagators, res.Stats.Propagators)
		assert.Same(t, sol, &res.Solution[0], "the solution is not in the array given")
		assert.Same(t, kinds, &res.Stats.Propagators[0], "the kinds are not in the array given")
	}
	short := csp.Result{Solution: make([]int, 1, m.NumVars()-1)}
	e.Reset()
	e.RunInto(context.Background(), 1, all, &short)
	require.Len(t, short.Solution, m.NumVars())
	// Run after RunInto does not reuse RunInto's arrays.
	e.Reset()
	again := e.Run(context.Background(), 1, all)
	assert.NotSame(t, sol, &again.Solution[0])
	assert.NotSame(t, kinds, &again.Stats.Propagators[0])
}

func TestMaskMethods(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(0, 9, "x")
	y := m.NewIntVar(0, 100, "y") // two words: the general path
	s := csp.NewSpace(m, csp.Copying)
	require.True(t, s.RemoveMask(x, 1<<3|1<<5))
	require.True(t, s.KeepMask(x, 1<<3|1<<4|1<<6))
	assert.Equal(t, []int{4, 6}, s.Dom(x).AppendValues(nil))
	require.True(t, s.KeepMask(y, 1<<7|1<<8))
	require.True(t, s.RemoveMask(y, 1<<7))
	v, ok := s.Value(y)
	assert.True(t, ok)
	assert.Equal(t, 8, v)
	assert.False(t, s.KeepMask(x, 1<<3))
	assert.True(t, s.Failed())
}

// TestSetNodeLimit: a search run in slices of a few nodes, its node limit
// raised by SetNodeLimit between them, takes the path of one run: the same
// solution after the same nodes and failures, learning clauses or not.
func TestSetNodeLimit(t *testing.T) {
	for _, opts := range []csp.Options{
		{Var: csp.DomWDeg, Restarts: csp.Luby, RandomTies: true, Seed: 3},
		{Var: csp.Activity, Learn: csp.LearnClauses, Restarts: csp.Luby, Seed: 2},
	} {
		m := latinHoles(t, 15, 0.6, 5, false)
		whole := csp.NewSearch(m, opts).Run(context.Background(), 1, nil)
		require.Equal(t, "solved", whole.Status())
		require.Greater(t, whole.Stats.Nodes, int64(30), "a search of a few slices")
		e := csp.NewSearch(m, opts)
		var res csp.Result
		slices := 0
		for nodes := int64(7); ; nodes += 7 {
			e.SetNodeLimit(nodes)
			res = e.Run(context.Background(), 1, nil)
			slices++
			if res.Stopped != csp.NodeLimit {
				break
			}
			require.GreaterOrEqual(t, res.Stats.Nodes, nodes)
		}
		assert.Greater(t, slices, 4)
		assert.Equal(t, whole.Solution, res.Solution)
		assert.Equal(t, whole.Stats.Nodes, res.Stats.Nodes)
		assert.Equal(t, whole.Stats.Failures, res.Stats.Failures)
	}
}
