package csp

import (
	"context"
	"fmt"
	"math/bits"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Lit is one value of one variable: what a deduction removes.
type Lit struct {
	Var Var
	Val int
}

// Deduction is one step of reasoning a constraint offers in a state:
// values that can go, the rule that removes them and why, in words a
// person can check.
type Deduction struct {
	// Rule names the rule, e.g. "hidden single"; a Ladder gives it its
	// level.
	Rule string
	// Removed lists the values the step removes, each still in its
	// variable's domain.
	Removed []Lit
	// Fails says the constraint cannot hold in this state at all (a
	// contradiction); Removed is then empty.
	Fails bool
	// Why gives the reason, naming variables as the model names them.
	Why string
	// Cases, for a deduction by assumption, are what a person checks to
	// follow it: for RuleTrial the assumption and the steps that follow
	// from it up to the contradiction; for RuleForcing each value of the
	// cell and the steps that follow from it up to the one after which
	// every value the deduction removes is gone.
	Cases []Case
}

// Case is one assumption of a deduction by assumption and the steps that
// follow from it, in order.
type Case struct {
	Assumed Lit // the variable and the value assumed
	Steps   []Step
}

// Explainer is a constraint that can state its deductions one at a time,
// each with its reason: the optional side of a propagator that explaining
// needs and solving does not. Search never calls it, so a model pays
// nothing for it unless it is explained.
type Explainer interface {
	// Deduce calls yield with the deductions of the rules want accepts
	// that hold in s, without changing s, until yield returns false or
	// none is left. A deduction's Removed values must all be in s.
	Deduce(s *Space, want func(rule string) bool, yield func(Deduction) bool)
}

// Ladder orders rules into levels, weakest first: the ladder a puzzle is
// graded on and explained with.
type Ladder struct {
	Levels []string       // the levels' names, weakest first
	Rules  map[string]int // the level of each rule
}

// Step is a deduction applied by a Reasoner, with its level, and, when
// its explainer is Scoped, the variables and the name of the constraint
// that made it.
type Step struct {
	Deduction
	Level int
	Scope []Var  // the constraint's variables (nil: not Scoped)
	Unit  string // its name in words, e.g. "row 3" ("": not Scoped)
}

// Scoped is an Explainer that says which constraint its deductions come
// from, so that a reader can be shown it: its variables, in the
// constraint's own order (a clue's line from the clue's side), and its
// name in words ("row 3", "clue 4 above column 2"). The Reasoner copies
// both into every Step it takes from it: an optional interface, found by
// type assertion.
type Scoped interface {
	Explainer
	Scope() (vars []Var, unit string)
}

// WithScope returns e as a Scoped explainer of the constraint on vars
// called unit, for an explainer that does not say it itself (a Trial of
// a propagator).
func WithScope(e Explainer, vars []Var, unit string) Scoped {
	return scoped{Explainer: e, vars: slices.Clone(vars), unit: unit}
}

type scoped struct {
	Explainer
	vars []Var
	unit string
}

func (s scoped) Scope() ([]Var, string) { return s.vars, s.unit }

// Outcome says how a Reasoner's run ended.
type Outcome uint8

// The ways a run of reasoning ends.
const (
	// Solved: every variable has one value left.
	Solved Outcome = iota
	// Stuck: no rule up to the level allowed applies; a guess is needed.
	Stuck
	// Contradiction: a deduction emptied a domain or found a constraint
	// that cannot hold: the state has no solution.
	Contradiction
	// Interrupted: the Reasoner's context was done first.
	Interrupted
)

var outcomeNames = [...]string{"solved", "stuck", "contradiction", "interrupted"}

// String names the outcome.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "Outcome(?)"
}

// Reasoner solves by deductions alone, always taking the weakest rule
// that applies, as a person would: each step is a Deduction of one of
// its Explainers. Because every rule only removes values no solution
// uses, the state reached when no rule up to a level applies does not
// depend on the order of the steps; so the highest level a run used is
// the weakest level that solves the puzzle with no search.
type Reasoner struct {
	Ladder Ladder
	Rules  []Explainer
	// Context, when set, stops a run when done: Run returns Interrupted,
	// and Next finds nothing. While a step is sought, the explainers see
	// it through Space.Stopping.
	Context context.Context

	// Made on the first Next, and again when the Ladder is another: per
	// level, the filter of its rules; and the catch of a deduction with
	// its yield.
	wants    []func(rule string) bool
	wantsFor uintptr // the Ladder's Rules map that wants reflect
	catch    catch
	yield    func(Deduction) bool
}

// catch keeps the first deduction that removes something or fails.
type catch struct {
	found Deduction
	ok    bool
}

func (c *catch) take(d Deduction) bool {
	if d.Fails || len(d.Removed) > 0 {
		c.found, c.ok = d, true
		return false
	}
	return true
}

// prepare makes the per-level filters (a rule's level looked up in a
// short list rather than the map: Next asks for every rule at every
// level of every step) and the yield that catches a deduction.
func (r *Reasoner) prepare() {
	type ruleLevel struct {
		rule  string
		level int
	}
	var rl []ruleLevel
	for rule, level := range r.Ladder.Rules {
		rl = append(rl, ruleLevel{rule, level})
	}
	r.wants = make([]func(string) bool, len(r.Ladder.Levels))
	for level := range r.wants {
		var mine []string
		for _, x := range rl {
			if x.level == level {
				mine = append(mine, x.rule)
			}
		}
		r.wants[level] = func(rule string) bool { return slices.Contains(mine, rule) }
	}
	r.yield = r.catch.take
	r.wantsFor = reflect.ValueOf(r.Ladder.Rules).Pointer()
}

// done reports whether the reasoner's context is done.
func (r *Reasoner) done() bool { return r.Context != nil && r.Context.Err() != nil }

// Next returns the next step in s: the first deduction of the weakest
// level, up to top, that some rule offers. It reports false when none
// applies.
func (r *Reasoner) Next(s *Space, top int) (Step, bool) {
	if len(r.wants) != len(r.Ladder.Levels) || r.wantsFor != reflect.ValueOf(r.Ladder.Rules).Pointer() {
		r.prepare()
	}
	if r.Context != nil {
		// The explainers' long loops look at it (Space.Stopping).
		prev := s.done
		s.done = r.Context.Done()
		defer func() { s.done = prev }()
	}
	for level := 0; level <= top && level < len(r.Ladder.Levels) && !r.done(); level++ {
		for _, e := range r.Rules {
			// The catch is saved around the call: an explainer by
			// assumption runs this reasoner inside Deduce.
			saved := r.catch
			r.catch = catch{}
			e.Deduce(s, r.wants[level], r.yield)
			c := r.catch
			r.catch = saved
			if c.ok {
				st := Step{Deduction: c.found, Level: level}
				if sc, ok := e.(Scoped); ok {
					st.Scope, st.Unit = sc.Scope()
				}
				return st, true
			}
		}
	}
	return Step{}, false
}

// Apply removes a step's values from s, without propagation. It reports
// false when the step leaves s with no solution (a domain emptied, or a
// failing deduction).
func Apply(s *Space, st Step) bool {
	if st.Fails {
		s.failed = true
		return false
	}
	ok := true
	for _, l := range st.Removed {
		if !s.Remove(l.Var, l.Val) {
			ok = false
		}
	}
	s.clearQueue() // the space's own propagators are not part of a run
	return ok
}

// Run applies steps of levels up to limit until every variable has one
// value, none applies, or a contradiction appears, calling yield after
// each step (a false return stops the run; the outcome is then Stuck).
// It returns the outcome and the highest level used (-1: none).
func (r *Reasoner) Run(s *Space, limit int, yield func(Step) bool) (Outcome, int) {
	top := -1
	for {
		// The rules are asked even when every variable has one value: a
		// full assignment may still break a constraint, which a rule
		// then finds (a naked single empties a domain, a clue fails).
		st, ok := r.Next(s, limit)
		if !ok {
			switch {
			case r.done():
				return Interrupted, top
			case solvedSpace(s):
				return Solved, top
			}
			return Stuck, top
		}
		top = max(top, st.Level)
		applied := Apply(s, st)
		if yield != nil && !yield(st) {
			return Stuck, top
		}
		if !applied {
			return Contradiction, top
		}
	}
}

// solvedSpace reports whether every variable of s has one value.
func solvedSpace(s *Space) bool {
	for x := range s.doms {
		if !s.doms[x].Assigned() {
			return false
		}
	}
	return true
}

// Trial explains a propagator by running it alone on the current state,
// undoing the run afterwards: all it removes (until it removes no more) is
// one deduction under rule, and its reason is what why says of the
// removed values. A run that fails gives a failing deduction. The space's
// own propagators do not run.
func Trial(p Propagator, rule string, why func(s *Space, removed []Lit) string) Explainer {
	return &trial{p: p, rule: rule, why: why}
}

type trial struct {
	p    Propagator
	rule string
	why  func(s *Space, removed []Lit) string
	buf  []uint64
}

func (t *trial) Deduce(s *Space, want func(string) bool, yield func(Deduction) bool) {
	if !want(t.rule) {
		return
	}
	// The run is undone by restoring the words, not by Push and Pop: a
	// rule that only applies at the root (Level 0) must see the root.
	t.buf = append(t.buf[:0], s.words...)
	failed := false
	for {
		before := s.changes
		st := t.p.Propagate(s)
		if st == Failed || s.failed {
			failed = true
			break
		}
		if s.changes == before || st != NotFixpoint {
			break
		}
	}
	var removed []Lit
	if !failed {
		removed = t.diff(s)
	}
	s.undoTo(t.buf)
	if failed {
		yield(Deduction{Rule: t.rule, Fails: true, Why: t.why(s, nil)})
		return
	}
	if len(removed) > 0 {
		yield(Deduction{Rule: t.rule, Removed: removed, Why: t.why(s, removed)})
	}
}

// diff lists the values in t.buf (the words before the run) that s no
// longer has.
func (t *trial) diff(s *Space) []Lit {
	var out []Lit
	for x := range s.doms {
		if s.doms[x].IsInterval() {
			continue // bounds, not bits: explanations speak of bitset domains
		}
		off, w, base := s.off[x], s.width[x], s.doms[x].Base()
		for k := range w {
			gone := t.buf[off+k] &^ s.words[off+k]
			for gone != 0 {
				b := bits.TrailingZeros64(gone)
				gone &= gone - 1
				out = append(out, Lit{Var(x), base + int(k)*64 + b})
			}
		}
	}
	return out
}

// Removals words removed values by variable, in the order given:
// "r2c2 loses 4 and 5; r3c2 loses 5", naming variables as the model does.
func Removals(m *Model, removed []Lit) string {
	var b strings.Builder
	for i := 0; i < len(removed); {
		j := i
		for j < len(removed) && removed[j].Var == removed[i].Var {
			j++
		}
		if i > 0 {
			b.WriteString("; ")
		}
		vals := make([]int, 0, j-i)
		for _, l := range removed[i:j] {
			vals = append(vals, l.Val)
		}
		fmt.Fprintf(&b, "%s loses %s", m.Name(removed[i].Var), Values(vals))
		i = j
	}
	return b.String()
}

// Values words a list of values: "4", "4 and 5", "1, 2 and 7".
func Values(vals []int) string {
	vals = slices.Clone(vals)
	slices.Sort(vals)
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = strconv.Itoa(v)
	}
	return List(parts)
}

// stepCount words a number of steps: "1 step", "17 steps".
func stepCount(n int) string {
	if n == 1 {
		return "1 step"
	}
	return fmt.Sprintf("%d steps", n)
}

// List joins words as a sentence does: "a", "a and b", "a, b and c".
func List(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// The rules of reasoning by assumption, one cell at a time: each value
// of the cell is assumed in turn and the rules of the levels below run
// with no guess.
const (
	// RuleTrial: if a cell held a value, the levels below would reach a
	// contradiction, so it does not (a "Nishio" in sudoku books).
	RuleTrial = "contradiction"
	// RuleForcing: whichever value a cell holds, the levels below remove
	// the same value from another cell, so it goes (cell forcing chains;
	// Tatham's forcing chains are of this kind).
	RuleForcing = "forcing"
)

// Trials returns the explainer of RuleTrial and RuleForcing over vars:
// for each variable with several values left, in order, it assumes each
// value in turn and runs r up to level below with no guess; a value whose
// assumption ends in a contradiction goes, and so does any value of
// another variable that every assumption removes. Put it on r's ladder
// above below.
func (r *Reasoner) Trials(vars []Var, below int) Explainer {
	return &trials{r: r, vars: slices.Clone(vars), below: below}
}

type trials struct {
	r     *Reasoner
	vars  []Var
	below int
	buf   []uint64
	kept  []uint64 // union of the states the assumptions reach
	vals  []int
	// The steps of each assumption on the current variable (one branch
	// per value, reused).
	branches []branch
	// from is where the next scan of vars starts: the variable of the
	// last deduction. The variables before it gave none when last tried,
	// and a scan that starts over at the first tries them all again at
	// every step (any order gives the same final state).
	from int
}

// branch holds the steps of one assumption, their removals kept apart in
// lits (a rule may reuse its Removed slice): steps[i] removed
// lits[ends[i-1]:ends[i]].
type branch struct {
	steps []Step
	lits  []Lit
	ends  []int
}

func (b *branch) reset() { b.steps, b.lits, b.ends = b.steps[:0], b.lits[:0], b.ends[:0] }

func (b *branch) add(st Step) {
	b.lits = append(b.lits, st.Removed...)
	st.Removed = nil
	b.steps, b.ends = append(b.steps, st), append(b.ends, len(b.lits))
}

// chain returns a copy of the branch's first n steps, each with its own
// Removed.
func (b *branch) chain(n int) []Step {
	out := make([]Step, n)
	from := 0
	for i, st := range b.steps[:n] {
		st.Removed = slices.Clone(b.lits[from:b.ends[i]])
		out[i], from = st, b.ends[i]
	}
	return out
}

// upTo returns how many of the branch's steps it takes to remove every
// value of targets (all of which the branch removes).
func (b *branch) upTo(targets []Lit) int {
	left := len(targets)
	gone := make([]bool, len(targets))
	from := 0
	for i := range b.steps {
		for _, l := range b.lits[from:b.ends[i]] {
			if k := slices.Index(targets, l); k >= 0 && !gone[k] {
				gone[k] = true
				left--
			}
		}
		from = b.ends[i]
		if left == 0 {
			return i + 1
		}
	}
	return len(b.steps)
}

func (t *trials) Deduce(s *Space, want func(string) bool, yield func(Deduction) bool) {
	wantTrial, wantForcing := want(RuleTrial), want(RuleForcing)
	if !wantTrial && !wantForcing {
		return
	}
	m := s.Model()
	for k := range t.vars {
		i := (t.from + k) % len(t.vars)
		x := t.vars[i]
		if t.r.done() {
			return
		}
		if s.doms[x].Size() < 2 {
			continue
		}
		t.vals = s.doms[x].AppendValues(t.vals[:0])
		t.kept = slices.Grow(t.kept[:0], len(s.words))[:len(s.words)]
		clear(t.kept)
		contradicted := false
		for len(t.branches) < len(t.vals) {
			t.branches = append(t.branches, branch{})
		}
		for j, v := range t.vals {
			t.buf = append(t.buf[:0], s.words...)
			s.Assign(x, v)
			s.clearQueue()
			b := &t.branches[j]
			b.reset()
			out, _ := t.r.Run(s, t.below, func(st Step) bool {
				b.add(st)
				return true
			})
			if out != Contradiction {
				for k, w := range s.words {
					t.kept[k] |= w
				}
			}
			s.undoTo(t.buf)
			if out != Contradiction || !wantTrial {
				continue
			}
			contradicted = true
			t.from = i
			d := Deduction{Rule: RuleTrial, Removed: []Lit{{x, v}},
				Cases: []Case{{Assumed: Lit{x, v}, Steps: b.chain(len(b.steps))}},
				Why: fmt.Sprintf("if %s held %d, %s up to %s would reach a contradiction, so %s is not %d",
					m.Name(x), v, stepCount(len(b.steps)), t.r.Ladder.Levels[t.below], m.Name(x), v)}
			if !yield(d) {
				return
			}
		}
		if contradicted || !wantForcing {
			continue
		}
		// Values no assumption keeps go: x's own are all kept (each
		// assumption keeps its value), so only other cells lose.
		var removed []Lit
		for y := range s.doms {
			if s.doms[y].IsInterval() {
				continue // bounds, not bits: explanations speak of bitset domains
			}
			off, w, base := s.off[y], s.width[y], s.doms[y].Base()
			for k := range w {
				gone := s.words[off+k] &^ t.kept[off+k]
				for gone != 0 {
					b := bits.TrailingZeros64(gone)
					gone &= gone - 1
					removed = append(removed, Lit{Var(y), base + int(k)*64 + b})
				}
			}
		}
		if len(removed) == 0 {
			continue
		}
		t.from = i
		cases := make([]Case, len(t.vals))
		for j, v := range t.vals {
			b := &t.branches[j]
			cases[j] = Case{Assumed: Lit{x, v}, Steps: b.chain(b.upTo(removed))}
		}
		d := Deduction{Rule: RuleForcing, Removed: removed, Cases: cases,
			Why: fmt.Sprintf("whichever of %s %s holds, the steps up to %s remove the same values: %s",
				Values(t.vals), m.Name(x), t.r.Ladder.Levels[t.below], Removals(m, removed))}
		if !yield(d) {
			return
		}
	}
}
