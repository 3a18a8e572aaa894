package proptest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// The shared brute-force check of explanations for learning from conflicts
// (csp.Justifier, csp.FailureJustifier): what the test of every
// explaining propagator runs.

// Explaining describes a constraint whose propagators explain their
// changes, for CheckJustify. The zero value of every setting but Post
// and Holds means its default.
type Explaining struct {
	Sizes  []int // numbers of variables to draw from (default 2..6)
	MinVal int   // smallest initial value (default 0, with MaxVal 0 meaning 0..5)
	MaxVal int   // largest initial value
	// Post posts the constraint on vars: the model must hold nothing else,
	// in one propagator (a failure without a wipe-out is asked of
	// propagator 0).
	Post  func(m *csp.Model, vars []csp.Var) error
	Holds func(vals []int) bool // the constraint, on a full assignment
	// Density is the least share of the values MinVal..MaxVal that an
	// initial domain keeps, each drawn between it and 1 (default 0.3).
	Density float64
	Trials  int // random instances (default 200)
	Steps   int // outside narrowings per instance (default 8)
	Seed    uint64
}

// JustifyStats counts what CheckJustify looked at, for the record.
type JustifyStats struct {
	Facts      int // facts the propagator made true above the root, each explained
	RootFacts  int // facts it made true at the root
	Shorter    int // reasons (above the root) shorter than the generic reason
	Long       int // reasons (above the root) of two facts or more
	ReasonLen  int // the facts of those reasons, in all
	GenericLen int // the facts of the generic reasons of the same facts, in all
	Failures   int // failures without a wipe-out, explained
	WipeOuts   int // failures by a domain left empty
}

// String sums the counts up in one line.
func (st JustifyStats) String() string {
	mean := func(n int) float64 {
		if st.Facts == 0 {
			return 0
		}
		return float64(n) / float64(st.Facts)
	}
	return fmt.Sprintf("%d facts explained above the root (%d at the root), %d shorter than the generic reason, %d of two facts or more; mean length %.2f against %.2f; %d failures explained, %d wipe-outs",
		st.Facts, st.RootFacts, st.Shorter, st.Long, mean(st.ReasonLen), mean(st.GenericLen), st.Failures, st.WipeOuts)
}

// CheckJustify checks the explanations of a constraint's propagator
// against brute force. Each trial draws a few variables with small
// domains with holes, posts the constraint, tracks facts, propagates at
// the root, then goes down a few levels, each a Push, an outside
// narrowing (Remove or Assign, booked as csp.CauseOutside) and Propagate,
// sometimes coming back up with Pop. Before each Pop and at the end, so
// long after the propagator ran, it asks the reason of every fact the
// propagator made true on the current branch (Space.Reason) and checks
// that each reason fact held just before it (Space.HeldBefore) and that
// the reason implies it: every assignment within the domains at the root
// (after root propagation; the initial domains for a fact of the root)
// that satisfies the constraint and the reason satisfies the fact. A
// failure that left no domain empty is checked through
// Space.FailureReason: its facts hold now and no assignment of the
// constraint within the same domains satisfies them all. Reasons must not
// change the domains. It reports every disagreement on t and returns the
// counts, which it also logs.
func CheckJustify(t testing.TB, c Explaining) JustifyStats {
	t.Helper()
	if len(c.Sizes) == 0 {
		c.Sizes = []int{2, 3, 4, 5, 6}
	}
	if c.MinVal == 0 && c.MaxVal == 0 {
		c.MaxVal = 5
	}
	if c.Trials == 0 {
		c.Trials = 200
	}
	if c.Density == 0 {
		c.Density = 0.3
	}
	if c.Steps == 0 {
		c.Steps = 8
	}
	rng := rand.New(rand.NewPCG(c.Seed, 18))
	var st JustifyStats
	for trial := range c.Trials {
		if !c.trial(t, rng, trial, &st) {
			break
		}
	}
	t.Logf("%v", st)
	return st
}

// trial runs one random instance; it reports false once t saw an error.
func (c Explaining) trial(t testing.TB, rng *rand.Rand, trial int, st *JustifyStats) bool {
	t.Helper()
	m := csp.NewModel()
	n := c.Sizes[rng.IntN(len(c.Sizes))]
	init := randomDomains(rng, n, c.MinVal, c.MaxVal, c.Density)
	vars := make([]csp.Var, n)
	for i, d := range init {
		vars[i] = m.NewVar(domains.Of(d...), fmt.Sprintf("x%d", i))
	}
	if err := c.Post(m, vars); err != nil {
		t.Fatalf("trial %d: posting the constraint on %v: %v", trial, init, err)
	}
	mode := csp.Copying
	if rng.IntN(2) == 0 {
		mode = csp.Trailing
	}
	s := csp.NewSpace(m, mode)
	if err := s.TrackFacts(); err != nil {
		t.Fatalf("trial %d: %v", trial, err)
	}
	j := justifyRun{t: t, c: c, s: s, vars: vars, init: init, st: st}
	j.where = fmt.Sprintf("trial %d, initial domains %v", trial, init)
	ok := s.Propagate()
	j.root = Snapshot(s, vars)
	var steps []string
	for step := 0; ok && step < c.Steps; step++ {
		if s.Level() > 0 && rng.IntN(4) == 0 {
			if !j.check(steps) {
				return false
			}
			s.Pop()
			j.counted = min(j.counted, len(s.Facts()))
			steps = steps[:len(steps)-1]
			continue
		}
		var open []csp.Var
		for _, x := range vars {
			if !s.Assigned(x) {
				open = append(open, x)
			}
		}
		if len(open) == 0 {
			break
		}
		x := open[rng.IntN(len(open))]
		s.Push()
		vals := s.Dom(x).AppendValues(nil)
		v := vals[rng.IntN(len(vals))]
		if rng.IntN(3) == 0 {
			s.Assign(x, v)
			steps = append(steps, fmt.Sprintf("x%d = %d", slices.Index(vars, x), v))
		} else {
			s.Remove(x, v)
			steps = append(steps, fmt.Sprintf("x%d != %d", slices.Index(vars, x), v))
		}
		ok = s.Propagate()
	}
	if !j.check(steps) {
		return false
	}
	if ok {
		return true
	}
	for _, x := range vars {
		if s.Dom(x).Empty() {
			st.WipeOuts++
			return true
		}
	}
	return j.checkFailure(steps)
}

// justifyRun is the state of one trial of CheckJustify.
type justifyRun struct {
	t    testing.TB
	c    Explaining
	s    *csp.Space
	vars []csp.Var
	init [][]int // the initial domains
	root [][]int // the domains after root propagation
	st   *JustifyStats
	// counted: the facts of the branch already counted in st (they are
	// checked again, later, at each check).
	counted int
	where   string
}

// check checks the reason of every fact the propagator made true on the
// current branch; steps are the outside narrowings that led there.
func (j *justifyRun) check(steps []string) bool {
	t, s := j.t, j.s
	t.Helper()
	facts := s.Facts()
	before := Snapshot(s, j.vars)
	counted := min(j.counted, len(facts))
	j.counted = len(facts)
	firstAbove := len(facts)
	for i := range facts {
		if s.FactLevel(i) > 0 {
			firstAbove = i
			break
		}
	}
	for i, f := range facts {
		if s.Cause(i) < 0 {
			continue
		}
		reason := s.Reason(i, nil)
		at := func() string {
			return fmt.Sprintf("%s, narrowings %v: fact %d (%v) of level %d, reason %v", j.where, steps, i, f, s.FactLevel(i), reason)
		}
		if now := Snapshot(s, j.vars); !slices.EqualFunc(now, before, slices.Equal) {
			t.Errorf("%s: Reason changed the domains from %v to %v", at(), before, now)
			return false
		}
		for _, r := range reason {
			if !s.HeldBefore(r, i) {
				t.Errorf("%s: %v did not hold before the fact", at(), r)
				return false
			}
		}
		doms := j.root
		if s.FactLevel(i) == 0 {
			doms = j.init
		}
		if i >= counted {
			j.count(i, firstAbove, len(reason))
		}
		if ex, found := j.solve(doms, append(reason, f.Not())); found {
			t.Errorf("%s: not implied, within the domains %v: %v satisfies the constraint and the reason", at(), doms, ex)
			return false
		}
	}
	return true
}

// count adds fact i, whose reason has n facts, to the counts; the facts
// above the root start at firstAbove.
func (j *justifyRun) count(i, firstAbove, n int) {
	st := j.st
	if j.s.FactLevel(i) == 0 {
		st.RootFacts++
		return
	}
	// The generic reason: every fact above the root before i, all about
	// the constraint's variables (the model has no others).
	generic := i - firstAbove
	st.Facts++
	st.ReasonLen += n
	st.GenericLen += generic
	if n < generic {
		st.Shorter++
	}
	if n >= 2 {
		st.Long++
	}
}

// checkFailure checks the reason of a failure that left every domain
// non-empty.
func (j *justifyRun) checkFailure(steps []string) bool {
	t, s := j.t, j.s
	t.Helper()
	if n := s.Model().NumPropagators(); n != 1 {
		t.Fatalf("%s: CheckJustify explains failures of a model with one propagator, not %d", j.where, n)
	}
	j.st.Failures++
	now := len(s.Facts())
	reason := s.FailureReason(0, nil)
	at := fmt.Sprintf("%s, narrowings %v: failure at level %d, domains now %v, reason %v", j.where, steps, s.Level(), Snapshot(s, j.vars), reason)
	for _, r := range reason {
		if !s.HeldBefore(r, now) {
			t.Errorf("%s: %v does not hold", at, r)
			return false
		}
	}
	doms := j.root
	if s.Level() == 0 {
		doms = j.init
	}
	if ex, found := j.solve(doms, reason); found {
		t.Errorf("%s: no failure, within the domains %v: %v satisfies the constraint and the reason", at, doms, ex)
		return false
	}
	return true
}

// solve looks for an assignment within doms that satisfies the
// constraint and every one of facts.
func (j *justifyRun) solve(doms [][]int, facts []csp.Fact) ([]int, bool) {
	cut := make([][]int, len(doms))
	for i, d := range doms {
		cut[i] = slices.Clone(d)
	}
	for _, f := range facts {
		i := slices.Index(j.vars, f.X)
		if i < 0 {
			return nil, false // about no variable of the constraint: cannot happen in its model
		}
		cut[i] = slices.DeleteFunc(cut[i], func(v int) bool { return (v == int(f.V)) != f.Eq })
	}
	vals := make([]int, len(cut))
	var walk func(i int) bool
	walk = func(i int) bool {
		if i == len(cut) {
			return j.c.Holds(vals)
		}
		for _, v := range cut[i] {
			vals[i] = v
			if walk(i + 1) {
				return true
			}
		}
		return false
	}
	if walk(0) {
		return vals, true
	}
	return nil, false
}

// NamedExplaining is a case of a table of explaining constraints.
type NamedExplaining struct {
	Name string
	Explaining
}

// JustifyTable runs CheckJustify on every case, each in a subtest seeded
// by its position, and checks that each explained some fact above the
// root (else the case checks nothing). It returns the counts by name.
func JustifyTable(t *testing.T, cases []NamedExplaining) map[string]JustifyStats {
	t.Helper()
	out := map[string]JustifyStats{}
	for i, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			c.Seed = uint64(i)
			st := CheckJustify(t, c.Explaining)
			if st.Facts == 0 {
				t.Errorf("no fact explained above the root: the case checks nothing")
			}
			out[c.Name] = st
		})
	}
	return out
}

// FuzzJustify fuzzes CheckJustify over every case, the fuzzer giving the
// seed, a few trials of each case per seed (short by default).
func FuzzJustify(f *testing.F, cases []NamedExplaining) {
	f.Add(uint64(1))
	f.Fuzz(func(t *testing.T, seed uint64) {
		for _, c := range cases {
			c.Seed, c.Trials = seed, 3
			CheckJustify(t, c.Explaining)
		}
	})
}
