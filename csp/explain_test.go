package csp_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// differ is a toy explainer of x != y under rule "differ": a value held
// by one side leaves the other; two equal held values fail.
type differ struct{ x, y csp.Var }

func (e differ) Deduce(s *csp.Space, want func(string) bool, yield func(csp.Deduction) bool) {
	if !want("differ") {
		return
	}
	m := s.Model()
	vx, okx := s.Value(e.x)
	vy, oky := s.Value(e.y)
	if okx && oky && vx == vy {
		yield(csp.Deduction{Rule: "differ", Fails: true, Why: fmt.Sprintf("%s and %s both hold %d", m.Name(e.x), m.Name(e.y), vx)})
		return
	}
	for _, p := range [2][2]csp.Var{{e.x, e.y}, {e.y, e.x}} {
		if v, ok := s.Value(p[0]); ok && s.Contains(p[1], v) {
			if !yield(csp.Deduction{Rule: "differ", Removed: []csp.Lit{{Var: p[1], Val: v}},
				Why: fmt.Sprintf("%s holds %d", m.Name(p[0]), v)}) {
				return
			}
		}
	}
}

// offer is an explainer that offers fixed deductions under one rule,
// recording the rules it was asked about.
type offer struct {
	rule  string
	ds    []csp.Deduction
	asked *[]string
}

func (e offer) Deduce(s *csp.Space, want func(string) bool, yield func(csp.Deduction) bool) {
	if e.asked != nil {
		*e.asked = append(*e.asked, e.rule)
	}
	if !want(e.rule) {
		return
	}
	for _, d := range e.ds {
		if !yield(d) {
			return
		}
	}
}

// newVars adds variables named x0, x1, ... with the given domains.
func newVars(m *csp.Model, doms ...[]int) []csp.Var {
	out := make([]csp.Var, len(doms))
	for i, d := range doms {
		out[i] = m.NewVar(domains.Of(d...), fmt.Sprintf("x%d", i))
	}
	return out
}

// allDiffer returns the differ explainers of every pair of vars.
func allDiffer(vars []csp.Var) []csp.Explainer {
	var out []csp.Explainer
	for i := range vars {
		for j := i + 1; j < len(vars); j++ {
			out = append(out, differ{vars[i], vars[j]})
		}
	}
	return out
}

func snapshot(s *csp.Space) [][]int {
	out := make([][]int, s.NumVars())
	for x := range out {
		out[x] = s.Dom(csp.Var(x)).AppendValues(nil)
	}
	return out
}

var twoLevels = csp.Ladder{
	Levels: []string{"weak", "strong"},
	Rules:  map[string]int{"weak": 0, "strong": 1},
}

func TestNextTakesTheWeakestLevel(t *testing.T) {
	m := csp.NewModel()
	x := newVars(m, []int{1, 2, 3}, []int{1, 2, 3})
	s := csp.NewSpace(m, csp.Copying)
	var asked []string
	strong := offer{rule: "strong", asked: &asked, ds: []csp.Deduction{{Rule: "strong", Removed: []csp.Lit{{Var: x[0], Val: 1}}, Why: "strong"}}}
	weak := offer{rule: "weak", asked: &asked, ds: []csp.Deduction{
		{Rule: "weak", Why: "removes nothing"}, // skipped: neither removes nor fails
		{Rule: "weak", Removed: []csp.Lit{{Var: x[1], Val: 3}}, Why: "weak"},
	}}
	offLadder := offer{rule: "unranked", asked: &asked, ds: []csp.Deduction{{Rule: "unranked", Removed: []csp.Lit{{Var: x[0], Val: 2}}, Why: "unranked"}}}
	r := &csp.Reasoner{Ladder: twoLevels, Rules: []csp.Explainer{offLadder, strong, weak}}

	st, ok := r.Next(s, 1)
	require.True(t, ok)
	assert.Equal(t, "weak", st.Why, "the weak rule comes first though its explainer is listed last")
	assert.Equal(t, 0, st.Level)
	assert.Equal(t, [][]int{{1, 2, 3}, {1, 2, 3}}, snapshot(s), "Next changes nothing")

	// With the weak rule out of the ladder's reach, the strong one's turn.
	r.Rules = []csp.Explainer{offLadder, strong}
	st, ok = r.Next(s, 1)
	require.True(t, ok)
	assert.Equal(t, "strong", st.Why)
	assert.Equal(t, 1, st.Level)

	_, ok = r.Next(s, 0)
	assert.False(t, ok, "up to level 0, only the weak rule may apply")
	_, ok = r.Next(s, -1)
	assert.False(t, ok, "top -1: no level")

	// A rule the ladder does not rank is never wanted.
	r.Rules = []csp.Explainer{offLadder}
	_, ok = r.Next(s, 5)
	assert.False(t, ok)
}

func TestRunOutcomes(t *testing.T) {
	t.Run("solved", func(t *testing.T) {
		m := csp.NewModel()
		x := newVars(m, []int{1}, []int{1, 2}, []int{1, 2, 3})
		s := csp.NewSpace(m, csp.Copying)
		r := &csp.Reasoner{Ladder: twoLevels, Rules: allDiffer(x)}
		var steps []csp.Step
		out, top := r.Run(s, 1, func(st csp.Step) bool { steps = append(steps, st); return true })
		assert.Equal(t, csp.Stuck, out, "differ is not on the ladder: nothing applies")
		assert.Equal(t, -1, top)
		assert.Empty(t, steps)

		r.Ladder = csp.Ladder{Levels: []string{"differ"}, Rules: map[string]int{"differ": 0}}
		s = csp.NewSpace(m, csp.Copying)
		out, top = r.Run(s, 0, func(st csp.Step) bool { steps = append(steps, st); return true })
		assert.Equal(t, csp.Solved, out)
		assert.Equal(t, 0, top)
		assert.Equal(t, [][]int{{1}, {2}, {3}}, snapshot(s))
		assert.Len(t, steps, 3, "x1 loses 1, x2 loses 1, x2 loses 2")

		out, top = r.Run(s, 0, nil)
		assert.Equal(t, csp.Solved, out, "a solved state stays solved")
		assert.Equal(t, -1, top)
	})
	t.Run("stuck", func(t *testing.T) {
		m := csp.NewModel()
		x := newVars(m, []int{1, 2}, []int{1, 2}, []int{3})
		s := csp.NewSpace(m, csp.Copying)
		r := &csp.Reasoner{Ladder: csp.Ladder{Levels: []string{"differ"}, Rules: map[string]int{"differ": 0}}, Rules: allDiffer(x)}
		out, top := r.Run(s, 0, nil)
		assert.Equal(t, csp.Stuck, out)
		assert.Equal(t, -1, top)
	})
	t.Run("stopped by yield", func(t *testing.T) {
		m := csp.NewModel()
		x := newVars(m, []int{1}, []int{1, 2}, []int{1, 2, 3})
		s := csp.NewSpace(m, csp.Copying)
		r := &csp.Reasoner{Ladder: csp.Ladder{Levels: []string{"differ"}, Rules: map[string]int{"differ": 0}}, Rules: allDiffer(x)}
		n := 0
		out, top := r.Run(s, 0, func(csp.Step) bool { n++; return false })
		assert.Equal(t, csp.Stuck, out)
		assert.Equal(t, 0, top)
		assert.Equal(t, 1, n)
		assert.Equal(t, [][]int{{1}, {2}, {1, 2, 3}}, snapshot(s), "the step yielded was applied")
	})
	t.Run("contradiction by an emptied domain", func(t *testing.T) {
		// x3 stays open, so the run cannot end as solved first.
		m := csp.NewModel()
		x := newVars(m, []int{1}, []int{1, 2}, []int{1, 2}, []int{4, 5})
		s := csp.NewSpace(m, csp.Copying)
		r := &csp.Reasoner{Ladder: csp.Ladder{Levels: []string{"differ"}, Rules: map[string]int{"differ": 0}}, Rules: allDiffer(x[:3])}
		out, top := r.Run(s, 0, nil)
		assert.Equal(t, csp.Contradiction, out)
		assert.Equal(t, 0, top)
		assert.True(t, s.Failed())
	})
	t.Run("contradiction when the last step assigns every variable", func(t *testing.T) {
		// x0 = 1 takes 1 from x1 and x2, leaving both at 2: every
		// variable has one value, but x1 and x2 are equal, which the next
		// step (differ on x1, x2) says.
		m := csp.NewModel()
		x := newVars(m, []int{1}, []int{1, 2}, []int{1, 2})
		s := csp.NewSpace(m, csp.Copying)
		r := &csp.Reasoner{Ladder: csp.Ladder{Levels: []string{"differ"}, Rules: map[string]int{"differ": 0}}, Rules: allDiffer(x)}
		out, _ := r.Run(s, 0, nil)
		assert.Equal(t, csp.Contradiction, out)
	})
	t.Run("contradiction by a failing deduction", func(t *testing.T) {
		m := csp.NewModel()
		newVars(m, []int{1, 2}, []int{1, 2})
		s := csp.NewSpace(m, csp.Copying)
		fail := offer{rule: "strong", ds: []csp.Deduction{{Rule: "strong", Fails: true, Why: "cannot hold"}}}
		r := &csp.Reasoner{Ladder: twoLevels, Rules: []csp.Explainer{fail}}
		var last csp.Step
		out, top := r.Run(s, 1, func(st csp.Step) bool { last = st; return true })
		assert.Equal(t, csp.Contradiction, out)
		assert.Equal(t, 1, top)
		assert.True(t, last.Fails)
		assert.Equal(t, "cannot hold", last.Why)
	})
}

func TestApply(t *testing.T) {
	m := csp.NewModel()
	x := newVars(m, []int{1, 2, 3}, []int{4})
	s := csp.NewSpace(m, csp.Copying)
	ok := csp.Apply(s, csp.Step{Deduction: csp.Deduction{Removed: []csp.Lit{{Var: x[0], Val: 1}, {Var: x[0], Val: 3}}}})
	assert.True(t, ok)
	assert.Equal(t, [][]int{{2}, {4}}, snapshot(s))
	assert.False(t, s.Failed())

	ok = csp.Apply(s, csp.Step{Deduction: csp.Deduction{Removed: []csp.Lit{{Var: x[1], Val: 4}}}})
	assert.False(t, ok, "an emptied domain")
	assert.True(t, s.Failed())

	s = csp.NewSpace(m, csp.Copying)
	ok = csp.Apply(s, csp.Step{Deduction: csp.Deduction{Fails: true, Why: "no"}})
	assert.False(t, ok, "a failing deduction")
	assert.True(t, s.Failed())
	assert.Equal(t, [][]int{{1, 2, 3}, {4}}, snapshot(s), "a failing deduction removes nothing")
}

// lessThan is x < y on bounds.
type lessThan struct{ x, y csp.Var }

func (p lessThan) Propagate(s *csp.Space) csp.Status {
	if !s.RemoveAbove(p.x, s.Max(p.y)-1) || !s.RemoveBelow(p.y, s.Min(p.x)+1) {
		return csp.Failed
	}
	return csp.Fixpoint
}

// assignAll would assign every variable its smallest value: posted in the
// model, it shows whether the space's own propagators ran.
type assignAll struct{}

func (assignAll) Propagate(s *csp.Space) csp.Status {
	for x := range s.NumVars() {
		if !s.Assign(csp.Var(x), s.Min(csp.Var(x))) {
			return csp.Failed
		}
	}
	return csp.Fixpoint
}

func TestTrial(t *testing.T) {
	m := csp.NewModel()
	x := newVars(m, []int{1, 2, 3}, []int{1, 2, 3})
	m.Post(assignAll{}, domains.EventDomain, x...)
	var whyGot []csp.Lit
	e := csp.Trial(lessThan{x[0], x[1]}, "less", func(s *csp.Space, removed []csp.Lit) string {
		whyGot = removed
		if removed == nil {
			return "fails"
		}
		return csp.Removals(s.Model(), removed)
	})

	s := csp.NewSpace(m, csp.Copying)
	var ds []csp.Deduction
	e.Deduce(s, func(r string) bool { return r == "less" }, func(d csp.Deduction) bool { ds = append(ds, d); return true })
	require.Len(t, ds, 1, "one run is one deduction")
	assert.Equal(t, "less", ds[0].Rule)
	assert.False(t, ds[0].Fails)
	assert.ElementsMatch(t, []csp.Lit{{Var: x[0], Val: 3}, {Var: x[1], Val: 1}}, ds[0].Removed)
	assert.Equal(t, "x0 loses 3; x1 loses 1", ds[0].Why)
	assert.Equal(t, ds[0].Removed, whyGot)
	assert.Equal(t, [][]int{{1, 2, 3}, {1, 2, 3}}, snapshot(s), "the run is undone")

	// Not wanted: nothing.
	s = csp.NewSpace(m, csp.Copying)
	ds = nil
	e.Deduce(s, func(string) bool { return false }, func(d csp.Deduction) bool { ds = append(ds, d); return true })
	assert.Empty(t, ds)

	// At fixpoint: nothing either.
	s = csp.NewSpace(m, csp.Copying)
	csp.Apply(s, csp.Step{Deduction: csp.Deduction{Removed: []csp.Lit{{Var: x[0], Val: 3}, {Var: x[1], Val: 1}}}})
	e.Deduce(s, func(string) bool { return true }, func(d csp.Deduction) bool { ds = append(ds, d); return true })
	assert.Empty(t, ds)

	// A failing run: one failing deduction, the state unchanged.
	s = csp.NewSpace(m, csp.Copying)
	csp.Apply(s, csp.Step{Deduction: csp.Deduction{Removed: []csp.Lit{{Var: x[0], Val: 1}, {Var: x[0], Val: 2}, {Var: x[1], Val: 2}, {Var: x[1], Val: 3}}}})
	whyGot = []csp.Lit{}
	e.Deduce(s, func(string) bool { return true }, func(d csp.Deduction) bool { ds = append(ds, d); return true })
	require.Len(t, ds, 1)
	assert.True(t, ds[0].Fails)
	assert.Empty(t, ds[0].Removed)
	assert.Equal(t, "fails", ds[0].Why)
	assert.Nil(t, whyGot)
	assert.Equal(t, [][]int{{3}, {1}}, snapshot(s))
	assert.False(t, s.Failed())
}

// assumptionLadder ranks differ below reasoning by contradiction.
var assumptionLadder = csp.Ladder{
	Levels: []string{"differ", "assumptions"},
	Rules:  map[string]int{"differ": 0, csp.RuleTrial: 1},
}

func TestTrials(t *testing.T) {
	// x0, x1 in {1, 2} and x2 in {1, 2, 3}, all different: x2 = 1 leaves
	// x0 = x1 = 2, a contradiction; so does x2 = 2. No assumption on x0
	// or x1 fails. x3, free, keeps every assumption's run from ending in
	// a full assignment.
	m := csp.NewModel()
	x := newVars(m, []int{1, 2}, []int{1, 2}, []int{1, 2, 3}, []int{4, 5})
	s := csp.NewSpace(m, csp.Copying)
	r := &csp.Reasoner{Ladder: assumptionLadder, Rules: allDiffer(x[:3])}
	r.Rules = append(r.Rules, r.Trials(x, 0))

	st, ok := r.Next(s, 1)
	require.True(t, ok)
	assert.Equal(t, csp.RuleTrial, st.Rule)
	assert.Equal(t, 1, st.Level)
	assert.Equal(t, []csp.Lit{{Var: x[2], Val: 1}}, st.Removed)
	assert.Contains(t, st.Why, "if x2 held 1")
	assert.Contains(t, st.Why, "so x2 is not 1")
	assert.Equal(t, [][]int{{1, 2}, {1, 2}, {1, 2, 3}, {4, 5}}, snapshot(s), "the assumptions are undone")
	assert.False(t, s.Failed())
	// The chain: replayed on the state with the assumption, its steps
	// apply one by one, each removing values still there, and the last
	// reaches the contradiction.
	require.Len(t, st.Cases, 1)
	assert.Equal(t, csp.Lit{Var: x[2], Val: 1}, st.Cases[0].Assumed)
	chain := st.Cases[0].Steps
	require.NotEmpty(t, chain)
	assert.Contains(t, st.Why, fmt.Sprintf("%d step", len(chain)))
	c := csp.NewSpace(m, csp.Copying)
	require.True(t, c.Assign(x[2], 1))
	for i, step := range chain {
		assert.Equal(t, 0, step.Level)
		for _, l := range step.Removed {
			assert.True(t, c.Contains(l.Var, l.Val), "step %d removes a value already gone", i+1)
		}
		applied := csp.Apply(c, step)
		assert.Equal(t, i < len(chain)-1, applied, "only the last step of the chain fails (step %d)", i+1)
	}

	_, ok = r.Next(s, 0)
	assert.False(t, ok, "no assumption below its level")

	var steps []csp.Step
	out, top := r.Run(s, 1, func(st csp.Step) bool { steps = append(steps, st); return true })
	assert.Equal(t, csp.Stuck, out, "x0 and x1 can still swap")
	assert.Equal(t, 1, top)
	assert.Equal(t, [][]int{{1, 2}, {1, 2}, {3}, {4, 5}}, snapshot(s))
	require.Len(t, steps, 2)
	assert.Equal(t, []csp.Lit{{Var: x[2], Val: 1}}, steps[0].Removed)
	assert.Equal(t, []csp.Lit{{Var: x[2], Val: 2}}, steps[1].Removed)

	// Not on the ladder: Trials offers nothing.
	r.Ladder = csp.Ladder{Levels: []string{"differ"}, Rules: map[string]int{"differ": 0}}
	s = csp.NewSpace(m, csp.Copying)
	_, ok = r.Next(s, 0)
	assert.False(t, ok)
}

// forcingLadder ranks differ below forcing chains.
var forcingLadder = csp.Ladder{
	Levels: []string{"differ", "assumptions"},
	Rules:  map[string]int{"differ": 0, csp.RuleForcing: 1},
}

func TestForcing(t *testing.T) {
	// x0 and x1 in {1, 2} differ, and x2 in {1, 2, 3} differs from both:
	// whichever of 1 and 2 x0 holds, x2 loses 1 and 2 (one from x0, one
	// from x1). Pairwise differ rules alone see nothing.
	m := csp.NewModel()
	x := newVars(m, []int{1, 2}, []int{1, 2}, []int{1, 2, 3})
	s := csp.NewSpace(m, csp.Copying)
	r := &csp.Reasoner{Ladder: forcingLadder, Rules: allDiffer(x)}
	_, ok := r.Next(s, 0)
	require.False(t, ok)
	r.Rules = append(r.Rules, r.Trials(x, 0))
	st, ok := r.Next(s, 1)
	require.True(t, ok)
	assert.Equal(t, csp.RuleForcing, st.Rule)
	assert.ElementsMatch(t, []csp.Lit{{Var: x[2], Val: 1}, {Var: x[2], Val: 2}}, st.Removed)
	assert.Contains(t, st.Why, "whichever of 1 and 2 x0 holds")
	// A case per value of x0, each replaying to a state without the
	// removed values, and cut there.
	require.Len(t, st.Cases, 2)
	for k, c := range st.Cases {
		assert.Equal(t, csp.Lit{Var: x[0], Val: k + 1}, c.Assumed)
		require.NotEmpty(t, c.Steps)
		b := csp.NewSpace(m, csp.Copying)
		require.True(t, b.Assign(x[0], k+1))
		for _, step := range c.Steps {
			require.True(t, csp.Apply(b, step))
		}
		for _, l := range st.Removed {
			assert.False(t, b.Contains(l.Var, l.Val), "case %d: %v still there", k, l)
		}
		last := c.Steps[len(c.Steps)-1]
		assert.NotEmpty(t, last.Removed)
	}
	assert.Equal(t, [][]int{{1, 2}, {1, 2}, {1, 2, 3}}, snapshot(s), "the assumptions are undone")
}

func TestContextInterrupts(t *testing.T) {
	m := csp.NewModel()
	x := newVars(m, []int{1}, []int{1, 2}, []int{1, 2, 3})
	s := csp.NewSpace(m, csp.Copying)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := &csp.Reasoner{Ladder: csp.Ladder{Levels: []string{"differ"}, Rules: map[string]int{"differ": 0}}, Rules: allDiffer(x), Context: ctx}
	_, ok := r.Next(s, 0)
	assert.False(t, ok, "a done context: Next finds nothing")
	out, top := r.Run(s, 0, nil)
	assert.Equal(t, csp.Interrupted, out)
	assert.Equal(t, -1, top)
	assert.Equal(t, [][]int{{1}, {1, 2}, {1, 2, 3}}, snapshot(s))

	// Cancelled in the middle of a run: the run stops at the next step.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	r.Context = ctx
	n := 0
	out, _ = r.Run(s, 0, func(csp.Step) bool { n++; cancel(); return true })
	assert.Equal(t, csp.Interrupted, out)
	assert.Equal(t, 1, n)
}

func TestOutcomeString(t *testing.T) {
	for o, want := range map[csp.Outcome]string{csp.Solved: "solved", csp.Stuck: "stuck", csp.Contradiction: "contradiction",
		csp.Interrupted: "interrupted", csp.Outcome(9): "Outcome(?)"} {
		assert.Equal(t, want, o.String())
	}
}

func TestWording(t *testing.T) {
	for _, c := range []struct {
		vals []int
		want string
	}{
		{nil, ""},
		{[]int{4}, "4"},
		{[]int{5, 4}, "4 and 5"},
		{[]int{7, 1, 2}, "1, 2 and 7"},
		{[]int{10, 9, 2, 1}, "1, 2, 9 and 10"},
	} {
		vals := append([]int(nil), c.vals...)
		assert.Equal(t, c.want, csp.Values(c.vals), "%v", c.vals)
		assert.Equal(t, vals, c.vals, "Values leaves its argument as it was")
	}
	assert.Equal(t, "", csp.List(nil))
	assert.Equal(t, "a", csp.List([]string{"a"}))
	assert.Equal(t, "a and b", csp.List([]string{"a", "b"}))
	assert.Equal(t, "a, b and c", csp.List([]string{"a", "b", "c"}))

	m := csp.NewModel()
	a := m.NewIntVar(1, 9, "r2c2")
	b := m.NewIntVar(1, 9, "r3c2")
	assert.Equal(t, "r2c2 loses 4 and 5; r3c2 loses 5",
		csp.Removals(m, []csp.Lit{{Var: a, Val: 5}, {Var: a, Val: 4}, {Var: b, Val: 5}}))
	assert.Equal(t, "r2c2 loses 1; r3c2 loses 2; r2c2 loses 3",
		csp.Removals(m, []csp.Lit{{Var: a, Val: 1}, {Var: b, Val: 2}, {Var: a, Val: 3}}), "in the order given")
	assert.Equal(t, "", csp.Removals(m, nil))
}

// A step from a Scoped explainer carries its constraint's variables and
// name; a step from another carries none.
func TestStepScope(t *testing.T) {
	m := csp.NewModel()
	x := newVars(m, []int{1, 2, 3}, []int{1, 2, 3}, []int{1, 2, 3})
	s := csp.NewSpace(m, csp.Copying)
	plain := offer{rule: "weak", ds: []csp.Deduction{{Rule: "weak", Removed: []csp.Lit{{Var: x[0], Val: 1}}, Why: "plain"}}}
	r := &csp.Reasoner{Ladder: twoLevels, Rules: []csp.Explainer{csp.WithScope(plain, []csp.Var{x[2], x[0]}, "the pair")}}
	st, ok := r.Next(s, 1)
	require.True(t, ok)
	assert.Equal(t, []csp.Var{x[2], x[0]}, st.Scope, "in the constraint's order")
	assert.Equal(t, "the pair", st.Unit)
	assert.Equal(t, "plain", st.Why)

	r.Rules = []csp.Explainer{plain}
	st, ok = r.Next(s, 1)
	require.True(t, ok)
	assert.Nil(t, st.Scope)
	assert.Empty(t, st.Unit)
}
