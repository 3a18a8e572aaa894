package csp

import (
	"context"
	"math"
	"math/bits"
	"slices"

	"github.com/cspgo/csp/domains"
)

// SaveMode is how a Space saves and restores its domains on branching.
type SaveMode uint8

// The two ways to undo a branch.
//
// Both are measured by BenchmarkNode in problems/latin (a search node on an
// order-35 quasigroup: 1,225 one-word cell domains, or 3,675 with the dual
// views), and they tie within the noise (measured in docs/BENCHMARKS.md,
// section "Latin: search nodes and propagation"). Copying is the default
// because it is the simpler of the two:
// nothing is booked on the filtering path, a backtrack is one memmove of
// 10-30 kB, which a node of a GAC model mostly rewrites anyway, and the
// propagators' advisors see no difference. Trailing stays available for
// models whose domains are large and whose nodes touch few of them.
//
// Copying keeps one snapshot of all the words per level, so its memory
// grows with the depth times the size of the store: a copy budget (see
// SetCopyBudget, DefaultCopyBudget) caps it, and the levels beyond the
// budget are saved by trailing, the two restoring alike.
const (
	// Copying saves all domain words with one copy per branch (as
	// Gecode), down to the depth its copy budget allows, and trails the
	// levels below.
	Copying SaveMode = iota
	// Trailing records each domain's words before its first change at a
	// level and undoes them on backtracking.
	Trailing
)

// DefaultCopyBudget is the copy budget of a new Space and of a search
// whose Options leave CopyBudget at 0: the bytes of snapshots Copying may
// keep. It is far beyond the depth times the store of the models this
// module ships for their usual sizes, so their search copies at every
// level; a store of megabytes (a latin square of order 200) copies its
// first levels only.
const DefaultCopyBudget = 64 << 20

// Space is the store of a search: the current domain of every variable, the
// propagators with their queue, and what is needed to undo branches. A Space
// is not safe for concurrent use; make one per goroutine with NewSpace.
//
// Filtering methods (Remove, Assign, RemoveBelow, RemoveAbove,
// IntersectWords, RemoveWords) return false when the domain becomes empty;
// the propagator that called them should then return Failed.
type Space struct {
	model *Model
	words []uint64 // all domain words, contiguous
	// init is words as the model's domains made them, and initEmpty says
	// one of them was empty: what Reset restores, in one copy (the model
	// does not change once a space is made of it).
	init      []uint64
	initEmpty bool
	doms      []domains.Domain
	off       []int32 // first word of each variable
	width     []int32 // words of each variable
	// oneWord says every domain is one word from 0 (values below 64).
	oneWord bool

	// lt, when not nil, books every change as facts (TrackFacts); idle
	// keeps its arrays while stopFacts has it off.
	lt, idle *facts

	props  []Propagator
	prio   []Priority
	kind   []int32 // index into kinds, per propagator
	kinds  []string
	active []bool

	// Subscriptions in compressed rows: for variable x and event level e
	// (domain, bounds, assigned), subs[subStart[3x+e]:subStart[3x+e+1]].
	subStart []int32
	subs     []int32
	subIdx   []int32   // position of the variable in the propagator's list
	advisors []Advisor // per propagator, nil unless it implements Advisor
	// propVars lists, per propagator, its variables (for dom/wdeg).
	propStart []int32
	propVars  []int32
	// wdeg is, per variable, the sum of the weights of its propagators:
	// each starts at 1 and gains 1 for every failure it causes. wdeg0 is
	// its value at the root, for Reset.
	wdeg, wdeg0 []int64
	posts       []posted // what the space was made from, for Reset

	queue   [numPriorities]ring
	queued  []bool
	current int32 // running propagator, or -1
	failed  bool
	changes int64 // domain changes so far (a clock)
	removed int64 // values removed so far

	// done, when not nil, cuts Propagate short once closed (a search's
	// context); cut says the last Propagate was cut so: the queue still
	// holds what it had left to run, and the state is not at fixpoint.
	done <-chan struct{}
	cut  bool

	// Undo information. Levels 1..copied are saved by a snapshot of all
	// the words, deeper ones by the trail: copied is 0 under Trailing,
	// the copy budget's depth under Copying.
	mode      SaveMode
	level     int
	copied    int
	snapshots [][]uint64 // words before each copied level
	trail     []uint64   // saved words of the trailed levels
	trailVar  []int32    // variable of each saved block
	trailMark []int32    // len(trailVar) at each trailed level
	stamp     []int64    // the epoch (push count) at which a var was last saved
	pushes    int64
	trailed   int64 // levels saved by the trail (Stats.Trailed)
	// nodeID holds an identifier of the node at each level of the current
	// path, increasing with the level (see Mark); nodes is the last one
	// given out.
	nodeID   []int64
	nodes    int64
	entailed []int32 // propagators switched off, in order
	entMark  []int32 // len(entailed) at each level

	// Statistics, per propagator.
	runs     []int64
	pruned   []int64
	failures []int64
	propRuns int64
}

// ring is a fixed-capacity FIFO of propagator indices.
type ring struct {
	buf        []int32
	head, size int
}

func (r *ring) push(x int32) {
	r.buf[(r.head+r.size)%len(r.buf)] = x
	r.size++
}

func (r *ring) pop() int32 {
	x := r.buf[r.head]
	r.head = (r.head + 1) % len(r.buf)
	r.size--
	return x
}

// NewSpace makes a space at the model's root, with every propagator
// scheduled. Call Propagate before reading domains as consequences.
func NewSpace(m *Model, mode SaveMode) *Space {
	return newSpace(m, mode, nil)
}

// newSpace is NewSpace with propagators of the engine's own (the search's
// nogood store) posted after the model's.
func newSpace(m *Model, mode SaveMode, extra []posted) *Space {
	s, _ := newSpaceContext(context.Background(), m, mode, extra)
	return s
}

// spaceCheck is how many propagators newSpaceContext sets up between two
// looks at its context: a few milliseconds of work at most (cloning one
// all-different of 200 variables allocates some 40 kB). It looks every
// Every variables too, as it copies their domains.
const spaceCheck = 32

// newSpaceContext is newSpace under ctx: a space of a large model (an
// order-200 Latin square's 120,000 variables and 1,000 propagators, some
// 50 MB) takes a while to make, so it looks at ctx every spaceCheck
// propagators and returns context.Cause(ctx), and no space, once ctx is
// done.
func newSpaceContext(ctx context.Context, m *Model, mode SaveMode, extra []posted) (*Space, error) {
	stopped := func(i int) bool { return i%spaceCheck == spaceCheck-1 && ctx.Err() != nil }
	s := &Space{model: m, mode: mode, current: -1}
	all := append(m.props[:len(m.props):len(m.props)], extra...)
	n := len(m.doms)
	s.off = make([]int32, n)
	s.width = make([]int32, n)
	total := 0
	s.oneWord = true
	for i := range m.doms {
		s.off[i] = int32(total)
		w := len(m.doms[i].Words())
		s.width[i] = int32(w)
		s.oneWord = s.oneWord && w == 1 && m.doms[i].Base() == 0
		total += w
	}
	s.words = make([]uint64, total)
	s.doms = make([]domains.Domain, n)
	for i := range m.doms {
		if i%Every == Every-1 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		w := s.words[s.off[i] : s.off[i]+s.width[i] : s.off[i]+s.width[i]]
		copy(w, m.doms[i].Words())
		s.doms[i] = m.doms[i].Over(w)
		s.initEmpty = s.initEmpty || s.doms[i].Empty()
	}
	s.init = slices.Clone(s.words)

	np := len(all)
	s.props = make([]Propagator, np)
	s.prio = make([]Priority, np)
	s.kind = make([]int32, np)
	s.active = make([]bool, np)
	s.queued = make([]bool, np)
	s.runs = make([]int64, np)
	s.pruned = make([]int64, np)
	s.failures = make([]int64, np)
	kindIndex := map[string]int32{}
	counts := make([]int32, 3*n+1)
	s.wdeg = make([]int64, n)
	s.propStart = make([]int32, 0, np+1)
	watched := 0
	for _, pp := range all {
		watched += len(pp.vars)
	}
	s.propVars = make([]int32, 0, watched)
	at := make([]int32, 0, watched) // at[j]: the position of propVars[j] in its propagator's list
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	for i, pp := range all {
		if stopped(i) {
			return nil, context.Cause(ctx)
		}
		p := pp.p
		if c, ok := p.(Cloner); ok {
			p = c.Clone()
		}
		s.props[i] = p
		s.prio[i] = Linear
		if pr, ok := p.(Prioritized); ok {
			s.prio[i] = min(pr.Priority(), numPriorities-1)
		}
		name := kindName(p)
		k, ok := kindIndex[name]
		if !ok {
			k = int32(len(s.kinds))
			kindIndex[name] = k
			s.kinds = append(s.kinds, name)
		}
		s.kind[i] = k
		s.active[i] = true
		s.propStart = append(s.propStart, int32(len(s.propVars)))
		for _, k := range s.positions(i, pp.vars) {
			x := pp.vars[k]
			counts[3*int(x)+int(pp.event-domains.EventDomain)+1]++
			s.propVars = append(s.propVars, int32(x))
			at = append(at, int32(k))
			s.wdeg[x]++
		}
	}
	s.propStart = append(s.propStart, int32(len(s.propVars)))
	s.wdeg0 = append([]int64(nil), s.wdeg...)
	s.posts = all
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	s.subStart = append([]int32(nil), counts...)
	s.subs = make([]int32, counts[len(counts)-1])
	s.subIdx = make([]int32, len(s.subs))
	s.advisors = make([]Advisor, np)
	for i, pp := range all {
		if stopped(i) {
			return nil, context.Cause(ctx)
		}
		s.advisors[i], _ = s.props[i].(Advisor)
		for j := s.propStart[i]; j < s.propStart[i+1]; j++ {
			slot := 3*int(s.propVars[j]) + int(pp.event-domains.EventDomain)
			s.subs[counts[slot]] = int32(i)
			s.subIdx[counts[slot]] = at[j]
			counts[slot]++
		}
	}
	for l := range s.queue {
		s.queue[l].buf = make([]int32, max(np, 1))
	}
	s.stamp = make([]int64, n)
	s.SetCopyBudget(DefaultCopyBudget)
	s.nodes = 1
	s.nodeID = []int64{1}
	for i := range np {
		s.schedule(int32(i))
	}
	for i := range s.doms {
		if s.doms[i].Empty() {
			s.failed = true // an empty initial domain: no solution
		}
	}
	return s, nil
}

// Reset returns the space to the model's root, as NewSpace made it: the
// initial domains, no saved levels, every propagator active, freshly cloned
// when it keeps state, and scheduled; dom/wdeg weights and per-propagator
// counters back at their start. It costs a copy of the domain words and
// the propagators' clones, much less than a new space: a batch of
// instances of one model (the givens of a sudoku) reuses one space, each
// instance narrowing the root before it propagates.
func (s *Space) Reset() {
	copy(s.words, s.init)
	s.level = 0
	s.renew()
	s.trail, s.trailVar, s.trailMark = s.trail[:0], s.trailVar[:0], s.trailMark[:0]
	s.pushes++
	s.entailed, s.entMark = s.entailed[:0], s.entMark[:0]
	s.failed, s.cut = false, false
	s.clearQueue()
	copy(s.wdeg, s.wdeg0)
	for i, pp := range s.posts {
		if r, ok := s.props[i].(Resetter); ok {
			r.Reset()
		} else if c, ok := pp.p.(Cloner); ok {
			s.props[i] = c.Clone()
			s.advisors[i], _ = s.props[i].(Advisor)
		}
		s.active[i] = true
		s.runs[i], s.pruned[i], s.failures[i] = 0, 0, 0
		s.schedule(int32(i))
	}
	s.propRuns, s.trailed = 0, 0
	s.failed = s.initEmpty
	if s.lt != nil {
		_ = s.TrackFacts() // it succeeded on this model before
	}
}

// SetCopyBudget sets the bytes of snapshots Copying may keep: the levels
// down to bytes / (8 × the domain words) are saved by a snapshot, deeper
// ones by trailing (the levels beyond the budget count in
// Stats.Trailed). A negative budget means no bound. It has no effect
// under Trailing. Call it at the root (level 0): it panics below, where
// levels already saved would be restored the other way.
func (s *Space) SetCopyBudget(bytes int64) {
	if s.level != 0 {
		panic("csp: SetCopyBudget below the root")
	}
	size := int64(len(s.words)) * 8
	switch {
	case s.mode != Copying:
		s.copied = 0
	case bytes < 0 || size == 0:
		s.copied = math.MaxInt
	default:
		s.copied = int(min(bytes/size, math.MaxInt32))
	}
	if len(s.snapshots) > s.copied {
		clear(s.snapshots[s.copied:])
		s.snapshots = s.snapshots[:s.copied]
	}
}

// savedBytes returns the bytes the space holds to undo branches and
// entailments: snapshots, trail and the per-level bookkeeping (its
// capacity, what the space will not give back before it is dropped).
func (s *Space) savedBytes() int64 {
	words := int64(len(s.snapshots))*int64(len(s.words)) + int64(cap(s.trail)) + int64(cap(s.nodeID))
	int32s := int64(cap(s.trailVar)) + int64(cap(s.trailMark)) + int64(cap(s.entailed)) + int64(cap(s.entMark))
	n := 8*words + 4*int32s
	if s.lt != nil {
		n += s.lt.bytes()
	} else if s.idle != nil { // kept for the next TrackFacts
		n += s.idle.bytes()
	}
	return n
}

// positions returns the positions of vars that propagator i subscribes
// at: every position for an Advisor (each is advised on its own), else the
// first occurrence of each variable.
func (s *Space) positions(i int, vars []Var) []int {
	if _, ok := s.props[i].(Advisor); ok {
		all := make([]int, len(vars))
		for k := range all {
			all[k] = k
		}
		return all
	}
	return firsts(vars)
}

// firsts returns the position of the first occurrence of each variable:
// by a scan of those before for short lists (most propagators watch a few
// dozen variables at most), by a set for long ones.
func firsts(vars []Var) []int {
	out := make([]int, 0, len(vars))
	if len(vars) <= 32 {
		for k, x := range vars {
			if !slices.Contains(vars[:k], x) {
				out = append(out, k)
			}
		}
		return out
	}
	seen := make(map[Var]bool, len(vars))
	for k, x := range vars {
		if !seen[x] {
			seen[x] = true
			out = append(out, k)
		}
	}
	return out
}

func kindName(p Propagator) string {
	if n, ok := p.(Named); ok {
		return n.Name()
	}
	return typeName(p)
}

// Model returns the model the space was made from.
func (s *Space) Model() *Model { return s.model }

// NumVars returns the number of variables.
func (s *Space) NumVars() int { return len(s.doms) }

// Dom returns x's current domain. Callers read it; they change it only
// through the Space's filtering methods, so that watchers are woken.
func (s *Space) Dom(x Var) *domains.Domain { return &s.doms[x] }

// Words returns x's current domain words (bit i of the set is value
// Base(x)+i; an interval's words are its bounds), for reading only: the
// fast path of propagators that work on words, which take variables whose
// Base is 0 and that are not intervals (Model.CheckWords).
func (s *Space) Words(x Var) []uint64 {
	o := s.off[x]
	return s.words[o : o+s.width[x] : o+s.width[x]]
}

// OneWord returns the domain words of all variables, indexed by Var, when
// every domain is one word from 0 (values 0..63), and nil otherwise: the
// fastest way for a propagator over many variables to read them. For
// reading only.
func (s *Space) OneWord() []uint64 {
	if !s.oneWord {
		return nil
	}
	return s.words
}

// Base returns the value of bit 0 of x's domain words (0 for every
// variable of values 0..domains.MaxValue; see domains.Domain).
func (s *Space) Base(x Var) int { return s.doms[x].Base() }

// Size returns the number of values left for x.
func (s *Space) Size(x Var) int { return s.doms[x].Size() }

// Min returns x's smallest value (-1 if empty).
func (s *Space) Min(x Var) int { return s.doms[x].Min() }

// Max returns x's largest value (-1 if empty).
func (s *Space) Max(x Var) int { return s.doms[x].Max() }

// Contains reports whether v is still possible for x.
func (s *Space) Contains(x Var, v int) bool { return s.doms[x].Contains(v) }

// Value returns x's value when it is assigned.
func (s *Space) Value(x Var) (int, bool) { return s.doms[x].Value() }

// Assigned reports whether x has exactly one value left.
func (s *Space) Assigned(x Var) bool { return s.doms[x].Assigned() }

// A Mark names a node of the search: the state of a space at some moment
// and every state derived from it by narrowing, Push, and Pop back to it
// or below it. The zero Mark names no node.
type Mark struct {
	level int
	id    int64
}

// Mark returns the mark of the current node. While Holds reports true for
// it, the space is at that node or in its subtree: every domain is within
// what it was when Mark was called, and every change since was advised to
// the Advisors watching the variable (except the propagator that made
// it). A propagator can so keep what it derived from the domains across
// backtracking, for the subtree of the node where it derived it.
func (s *Space) Mark() Mark { return Mark{s.level, s.nodeID[s.level]} }

// Holds reports whether the space is still at the node named by m or in its
// subtree: false once a Pop has left it, after Reset, and after an
// explanation has undone a trial run at it.
func (s *Space) Holds(m Mark) bool {
	return m.level <= s.level && s.nodeID[m.level] == m.id
}

// undoTo puts the domains back to words, a copy of s.words taken at the
// current level, undoing a trial run without Push and Pop (explainers
// must see the root as it is): as a new node, since the states of the
// run were not narrowings of what follows, with no failure and an empty
// queue.
func (s *Space) undoTo(words []uint64) {
	copy(s.words, words)
	s.renew()
	s.failed = false
	s.clearQueue()
}

// renew gives the current level a new node: its states from now on do not
// descend from those marked at it before.
func (s *Space) renew() {
	s.nodes++
	s.nodeID[s.level] = s.nodes
}

// Failed reports whether a domain became empty since the last restore.
func (s *Space) Failed() bool { return s.failed }

// Remove removes v from x (from an interval, only a bound: see
// domains.Domain).
func (s *Space) Remove(x Var, v int) bool {
	d := &s.doms[x]
	if w := d.Words(); len(w) == 1 {
		v -= d.Base()
		if v < 0 || v >= 64 || w[0]&(1<<v) == 0 {
			return true
		}
		s.save(x)
		old := w[0]
		w[0] = old &^ (1 << v)
		return s.settle(x, domains.Change(old, w[0]), 1)
	}
	if !d.Contains(v) {
		return true
	}
	s.save(x)
	return s.settle(x, d.Remove(v), 1)
}

// RemoveMask removes the values of x whose bits are set in m (bit i is
// value Base(x)+i): the first word's, the fast path of word-level
// propagators.
func (s *Space) RemoveMask(x Var, m uint64) bool {
	o := s.off[x]
	if s.width[x] != 1 {
		return s.RemoveWords(x, []uint64{m})
	}
	old := s.words[o]
	if old&m == 0 {
		return true
	}
	s.save(x)
	s.words[o] = old &^ m
	return s.settle(x, domains.Change(old, old&^m), int64(bits.OnesCount64(old&m)))
}

// KeepMask keeps only the values of x whose bits are set in m (bit i is
// value Base(x)+i; no value past the first word is kept): the fast path
// of word-level propagators.
func (s *Space) KeepMask(x Var, m uint64) bool {
	o := s.off[x]
	if s.width[x] != 1 {
		return s.IntersectWords(x, []uint64{m})
	}
	old := s.words[o]
	if old&^m == 0 {
		return true
	}
	s.save(x)
	s.words[o] = old & m
	return s.settle(x, domains.Change(old, old&m), int64(bits.OnesCount64(old&^m)))
}

// Assign keeps only v for x.
func (s *Space) Assign(x Var, v int) bool {
	d := &s.doms[x]
	if d.Contains(v) && d.Assigned() {
		return true
	}
	s.save(x)
	n := int64(d.Size())
	if d.Contains(v) {
		n--
	}
	if s.lt != nil {
		s.lt.assign = true
		ok := s.settle(x, d.Assign(v), n)
		s.lt.assign = false
		return ok
	}
	return s.settle(x, d.Assign(v), n)
}

// RemoveBelow removes every value of x below v.
func (s *Space) RemoveBelow(x Var, v int) bool {
	d := &s.doms[x]
	if d.Min() >= v {
		return true
	}
	s.save(x)
	n := d.Size()
	ev := d.RemoveBelow(v)
	return s.settle(x, ev, int64(n-d.Size()))
}

// RemoveAbove removes every value of x above v.
func (s *Space) RemoveAbove(x Var, v int) bool {
	d := &s.doms[x]
	if d.Max() <= v {
		return true
	}
	s.save(x)
	n := d.Size()
	ev := d.RemoveAbove(v)
	return s.settle(x, ev, int64(n-d.Size()))
}

// IntersectWords keeps only the values of x whose bits are set in mask
// (bit i is value Base(x)+i; an interval keeps the hull of those).
func (s *Space) IntersectWords(x Var, mask []uint64) bool {
	d := &s.doms[x]
	w := d.Words()
	if len(w) == 1 {
		old, m := w[0], uint64(0)
		if len(mask) > 0 {
			m = mask[0]
		}
		if old&^m == 0 {
			return true
		}
		s.save(x)
		w[0] = old & m
		return s.settle(x, domains.Change(old, w[0]), int64(bits.OnesCount64(old&^m)))
	}
	if d.IsInterval() {
		return s.wide(x, func(d *domains.Domain) domains.Event { return d.IntersectWords(mask) })
	}
	touched := false
	for i := range w {
		m := uint64(0)
		if i < len(mask) {
			m = mask[i]
		}
		if w[i]&^m != 0 {
			touched = true
			break
		}
	}
	if !touched {
		return true
	}
	s.save(x)
	n := d.Size()
	ev := d.IntersectWords(mask)
	return s.settle(x, ev, int64(n-d.Size()))
}

// RemoveWords removes the values of x whose bits are set in mask (bit i
// is value Base(x)+i; an interval loses only bounds).
func (s *Space) RemoveWords(x Var, mask []uint64) bool {
	d := &s.doms[x]
	w := d.Words()
	if len(w) == 1 && len(mask) > 0 {
		old := w[0]
		if old&mask[0] == 0 {
			return true
		}
		s.save(x)
		w[0] = old &^ mask[0]
		return s.settle(x, domains.Change(old, w[0]), int64(bits.OnesCount64(old&mask[0])))
	}
	if d.IsInterval() {
		return s.wide(x, func(d *domains.Domain) domains.Event { return d.RemoveWords(mask) })
	}
	touched := false
	for i := range min(len(w), len(mask)) {
		if w[i]&mask[i] != 0 {
			touched = true
			break
		}
	}
	if !touched {
		return true
	}
	s.save(x)
	n := d.Size()
	ev := d.RemoveWords(mask)
	return s.settle(x, ev, int64(n-d.Size()))
}

// wide applies op to x's interval domain, saving it first, and books the
// change: the word-level methods' path for intervals.
func (s *Space) wide(x Var, op func(d *domains.Domain) domains.Event) bool {
	d := &s.doms[x]
	s.save(x)
	n := d.Size()
	ev := op(d)
	return s.settle(x, ev, int64(n-d.Size()))
}

// settle books a change of x and wakes its watchers.
func (s *Space) settle(x Var, ev domains.Event, removed int64) bool {
	if ev == domains.EventNone {
		return true
	}
	s.changes++
	s.removed += removed
	if s.lt != nil {
		s.lt.book(s, x)
	}
	if ev == domains.EventFailed {
		s.failed = true
		return false
	}
	base := 3 * int(x)
	hi := base + int(ev-domains.EventDomain) + 1 // levels base..hi-1 hear ev
	lo := s.subStart[base]
	for k, p := range s.subs[lo:s.subStart[hi]] {
		if p == s.current || !s.active[p] {
			continue
		}
		if a := s.advisors[p]; a != nil && !a.Advise(int(s.subIdx[int(lo)+k]), ev) {
			continue
		}
		s.schedule(p)
	}
	return true
}

func (s *Space) schedule(p int32) {
	if s.queued[p] || !s.active[p] {
		return
	}
	s.queued[p] = true
	s.queue[s.prio[p]].push(p)
}

// Propagate runs the queued propagators, cheapest first, until none is
// queued (a fixpoint) or one fails. It reports false on failure. Inside
// Search.Run it also stops, reporting true, when the search's context is
// done: the state is then sound but not at fixpoint, and the run ends.
func (s *Space) Propagate() bool {
	if s.failed {
		s.clearQueue()
		return false
	}
	s.cut = false
	for {
		if s.done != nil && s.propRuns&stopEvery == 0 {
			select {
			case <-s.done:
				s.cut = true
				return true // not failed: the caller sees done and stops
			default:
			}
		}
		p := s.next()
		if p < 0 {
			return true
		}
		s.queued[p] = false
		if !s.active[p] {
			continue
		}
		s.current = p
		before, removed := s.changes, s.removed
		st := s.props[p].Propagate(s)
		s.current = -1
		s.propRuns++
		s.runs[p]++
		s.pruned[p] += s.removed - removed
		if s.failed || st == Failed {
			s.failed = true
			if s.lt != nil {
				s.lt.failProp = p
			}
			s.failures[p]++
			for _, x := range s.propVars[s.propStart[p]:s.propStart[p+1]] {
				s.wdeg[x]++
			}
			s.clearQueue()
			return false
		}
		switch st {
		case Entailed:
			s.active[p] = false
			s.entailed = append(s.entailed, p)
		case NotFixpoint:
			if s.changes != before {
				s.schedule(p)
			}
		}
	}
}

func (s *Space) next() int32 {
	for l := range s.queue {
		if s.queue[l].size > 0 {
			return s.queue[l].pop()
		}
	}
	return -1
}

func (s *Space) clearQueue() {
	for l := range s.queue {
		q := &s.queue[l]
		for q.size > 0 {
			s.queued[q.pop()] = false
		}
	}
}

// Level returns the number of saved states (the depth of the search).
func (s *Space) Level() int { return s.level }

// Push saves the current state; Pop returns to it.
func (s *Space) Push() {
	s.level++
	if len(s.nodeID) <= s.level {
		s.nodeID = append(s.nodeID, 0)
	}
	s.renew()
	s.entMark = append(s.entMark, int32(len(s.entailed)))
	if s.lt != nil {
		s.lt.open(s)
	}
	if s.level <= s.copied {
		if len(s.snapshots) < s.level {
			s.snapshots = append(s.snapshots, make([]uint64, len(s.words)))
		}
		copy(s.snapshots[s.level-1], s.words)
		return
	}
	s.pushes++
	s.trailed++
	s.trailMark = append(s.trailMark, int32(len(s.trailVar)))
}

// Pop restores the state saved by the matching Push and forgets it. The
// queue is emptied and failure cleared.
func (s *Space) Pop() {
	if s.level == 0 {
		panic("csp: Pop without Push")
	}
	if s.lt != nil {
		s.lt.close(s)
	}
	if s.level <= s.copied {
		copy(s.words, s.snapshots[s.level-1])
	} else {
		mark := int(s.trailMark[len(s.trailMark)-1])
		s.trailMark = s.trailMark[:len(s.trailMark)-1]
		end := len(s.trail)
		for i := len(s.trailVar) - 1; i >= mark; i-- {
			x := s.trailVar[i]
			w := int(s.width[x])
			copy(s.words[s.off[x]:s.off[x]+int32(w)], s.trail[end-w:end])
			end -= w
		}
		s.trail = s.trail[:end]
		s.trailVar = s.trailVar[:mark]
		s.pushes++ // a new stamp epoch: saves after the pop are fresh
	}
	em := int(s.entMark[len(s.entMark)-1])
	s.entMark = s.entMark[:len(s.entMark)-1]
	for _, p := range s.entailed[em:] {
		s.active[p] = true
	}
	s.entailed = s.entailed[:em]
	s.level--
	s.failed = false
	s.clearQueue()
}

// save trails x's words before their first change since the last Push,
// at a trailed level (a copied one has its snapshot; the root is never
// undone).
func (s *Space) save(x Var) {
	if s.lt != nil {
		s.lt.before(s, x)
	}
	if s.level <= s.copied || s.stamp[x] == s.pushes {
		return
	}
	s.stamp[x] = s.pushes
	s.trailVar = append(s.trailVar, int32(x))
	s.trail = append(s.trail, s.words[s.off[x]:s.off[x]+s.width[x]]...)
}

// Values copies the current value of every variable into buf (the minimum
// of a variable that is not assigned) and returns it.
func (s *Space) Values(buf []int) []int {
	if cap(buf) < len(s.doms) {
		buf = make([]int, 0, len(s.doms))
	}
	if s.oneWord {
		buf = buf[:len(s.words)]
		words := s.words[:len(buf)]
		for i, w := range words {
			v := bits.TrailingZeros64(w)
			if w == 0 {
				v = -1
			}
			buf[i] = v
		}
		return buf
	}
	buf = buf[:0]
	for i := range s.doms {
		buf = append(buf, s.doms[i].Min())
	}
	return buf
}
