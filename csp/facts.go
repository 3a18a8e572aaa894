package csp

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// Fact is a domain literal, the unit of learning from conflicts (lazy
// clause generation, Ohrimenko, Stuckey and Codish, Constraints 2009):
// [X = V] when Eq, else [X != V]. A removal of v from x makes [x != v]
// true; x left with the single value v makes [x = v] true. Bound changes
// are the removals of the values they cut, so every fact of a bitset
// domain is one of these two kinds.
type Fact struct {
	X  Var
	V  int32
	Eq bool
}

// Not returns the negation: [x = v] for [x != v] and the reverse.
func (f Fact) Not() Fact { return Fact{f.X, f.V, !f.Eq} }

// String writes the fact with the variable's index, e.g. "x3 != 5".
func (f Fact) String() string {
	op := "!="
	if f.Eq {
		op = "="
	}
	return fmt.Sprintf("x%d %s %d", f.X, op, f.V)
}

// Past is the state of the domains at one moment of the current branch:
// just before a fact being explained was made true.
type Past interface {
	// Held reports whether f was true at that moment.
	Held(f Fact) bool
}

// PastWords is a Past that also answers for many values of a variable at
// once, for explanations that read whole domains of the moment (an
// all-different's value graph): a conflict's analysis asks for thousands.
// The Past the engine hands to Justify implements it.
type PastWords interface {
	Past
	// Kept returns the bits of w, values 64k to 64k+63 (value 64k+b at
	// bit b), that x still held at that moment: those v for which
	// [x != v] did not hold.
	Kept(x Var, k int, w uint64) uint64
}

// KeptWord is PastWords.Kept for any Past: through Held, value by value,
// where at does not implement PastWords.
func KeptWord(at Past, x Var, k int, w uint64) uint64 {
	if pw, ok := at.(PastWords); ok {
		return pw.Kept(x, k, w)
	}
	return keptByFacts(at, x, k, w)
}

func keptByFacts(at Past, x Var, k int, w uint64) uint64 {
	var kept uint64
	for ; w != 0; w &= w - 1 {
		b := bits.TrailingZeros64(w)
		if !at.Held(Fact{X: x, V: int32(64*k + b)}) {
			kept |= 1 << b
		}
	}
	return kept
}

// Justifier is implemented by a propagator that explains its own
// changes, so that learning from conflicts gets short reasons from it.
// The engine asks only while it analyses a conflict, never while it
// propagates, so a propagator that does not explain pays nothing.
//
// Justify appends to out facts that each held at the moment at (just
// before f was made true) and that together imply f under the
// propagator's constraint alone: every assignment of the constraint's
// variables, within their domains at the root of the search, that
// satisfies the constraint and every returned fact, satisfies f. f is
// [x != v] for a value the propagator removed, or [x = v] when it called
// Assign(x, v). The reasons must be among what the propagator could have
// read at that moment: facts the engine made true before f.
//
// A propagator that does not implement it is explained generically: by
// every fact about its variables made true since the root, before f, a
// variable fixed by then giving its [x = v] alone (valid for any sound
// propagator that subscribes to every variable it reads).
type Justifier interface {
	Justify(at Past, f Fact, out []Fact) []Fact
}

// FailureJustifier is implemented by a propagator that can explain a
// failure it reports without emptying a domain (a pigeonhole found by an
// all-different, say): JustifyFailure appends facts that hold at at (the
// moment of the failure) and that its constraint cannot satisfy together.
// Without it, such a failure is explained generically, as for Justifier.
type FailureJustifier interface {
	JustifyFailure(at Past, out []Fact) []Fact
}

// Who made a fact true, besides a propagator (its index, from 0): the
// causes recorded with each fact of the trail.
const (
	// CauseDecision: a choice of the search.
	CauseDecision int32 = -1
	// CauseDomain: implied by the variable's own domain: [x != w] once
	// x = v holds, [x = v] once every other value of x is gone.
	CauseDomain int32 = -2
	// CauseOutside: a change made outside propagation and search at a
	// level above the root (a tool narrowing a space): an assumption,
	// with no reason, like a decision.
	CauseOutside int32 = -3
	// CauseClause and below: learned clause CauseClause-k (see
	// ClauseCause).
	CauseClause int32 = -4
)

// ClauseCause returns the cause of a fact made true by learned clause k.
func ClauseCause(k int) int32 { return CauseClause - int32(k) }

// ErrFactsInterval is returned by TrackFacts for a model with an interval
// (bounds-only) domain: its facts are not yet represented.
var ErrFactsInterval = errors.New("csp: facts are tracked on bitset domains only")

// facts is the trail of facts a space records while tracking is on: every
// fact in the order it became true, with its cause and decision level,
// and per literal the position where it became true, which is what
// Past and conflict analysis read. Positions are stored plus one, so
// that 0 means "before tracking started" (held at every moment) and
// never means math.MaxInt32.
type facts struct {
	list  []Fact
	cause []int32
	level []int32
	start []int32 // len(list) at the Push that opened each level 1, 2, ...
	// removedAt is, per value bit of every domain (bit i of word w is
	// index 64w+i), the position+1 of its removal.
	removedAt []int32
	// fixedAt is, per variable, the position+1 of its [x = v] fact, and
	// fixedTo that v.
	fixedAt []int32
	fixedTo []int32
	// bitOf is, per variable, where its values' removal positions lie:
	// value v's is removedAt[v+bitOf[x].shift] for base <= v < base+n.
	bitOf []valueBits
	// root is the space's words when level 1 opened: the domains the
	// root's facts left.
	root []uint64
	// low is the shortest the list has been since the learner last took
	// it (takeLow): the facts below it are the ones it had then, so what
	// was computed from them still holds.
	low int32

	old    []uint64 // the words of oldVar before the change being booked
	oldVar Var
	// forced, when not 0, is the cause of the next changes instead of
	// the running propagator; assign says the change under way is an
	// Assign, booked as its [x = v] fact first and the removals it
	// implies after.
	forced int32
	assign bool

	seen  []uint32 // per variable, a stamp (generic reasons)
	epoch uint32

	// For a search that learns clauses: wiped is the first variable whose
	// domain a change emptied since the last Pop (-1: none), failProp the
	// propagator whose run failed last; head is the clause database's
	// reading position in list (clamped by Pop), watcher its propagator,
	// scheduled whenever a fact is booked (-1: none).
	wiped    Var
	failProp int32
	head     int
	watcher  int32

	// For a clause database (numberLits): numOf numbers the values of
	// every variable's root domain (the database's, see clauseDB.number), and
	// lit says, per number, what the trail says of that value now:
	// litGone when [x != v] holds, litSet when [x = v] does, 0 when
	// neither. The database reads its watched literals here: one byte,
	// where the domain takes two dependent loads.
	numOf []valueBits
	lit   []uint8
}

// The states of a value in facts.lit.
const (
	litGone uint8 = 1
	litSet  uint8 = 2
)

const never = math.MaxInt32

// TrackFacts turns on the trail of facts from the current state, which
// must be at the root (level 0): from now on every change is booked as
// facts with its cause (the running propagator, the search's decision,
// or what SetCause names), so that Facts, Cause and Reason can answer.
// It costs a pass over the changed words per change; a space that does
// not track pays one pointer test. It returns ErrFactsInterval for a
// model with an interval domain. Reset keeps tracking on.
func (s *Space) TrackFacts() error {
	if s.level != 0 {
		panic("csp: TrackFacts below the root")
	}
	for i := range s.doms {
		if s.doms[i].IsInterval() {
			return fmt.Errorf("%w: %s", ErrFactsInterval, s.model.Name(Var(i)))
		}
	}
	t := s.lt
	if t == nil {
		t, s.idle = s.idle, nil
		if t == nil {
			t = &facts{watcher: -1}
		}
		s.lt = t
	}
	t.list, t.cause, t.level, t.start = t.list[:0], t.cause[:0], t.level[:0], t.start[:0]
	t.low = 0
	t.removedAt = resize(t.removedAt, 64*len(s.words))
	t.fixedAt = resize(t.fixedAt, len(s.doms))
	t.fixedTo = resize(t.fixedTo, len(s.doms))
	t.seen = make([]uint32, len(s.doms))
	t.bitOf = t.bitOf[:0]
	for x := range s.doms {
		base := int32(s.doms[x].Base())
		t.bitOf = append(t.bitOf, valueBits{base, 64 * s.width[x], 64*s.off[x] - base})
	}
	for i, w := range s.words {
		for b := range 64 {
			t.removedAt[64*i+b] = 0
			if w&(1<<b) != 0 {
				t.removedAt[64*i+b] = never
			}
		}
	}
	for x := range s.doms {
		t.fixedAt[x] = never
		if v, ok := s.doms[x].Value(); ok {
			t.fixedAt[x], t.fixedTo[x] = 0, int32(v)
		}
	}
	t.forced, t.assign = 0, false
	t.wiped, t.failProp, t.head = -1, -1, 0
	if t.numOf != nil {
		t.numberLits(s, t.numOf)
	}
	return nil
}

// stopFacts turns the trail of facts off, keeping its arrays for the
// next TrackFacts (a search that holds learning back, Options.LearnAfter,
// stops it at each Reset and starts it again at its switch).
func (s *Space) stopFacts() {
	if s.lt != nil {
		s.lt.watcher = -1
		s.idle, s.lt = s.lt, nil
	}
}

// numberLits makes the trail keep, per value numbered by numOf, the state
// of its literals (facts.lit), from the domains now.
func (t *facts) numberLits(s *Space, numOf []valueBits) {
	t.numOf = numOf
	n := 0
	if k := len(numOf); k > 0 {
		n = int(numOf[k-1].base + numOf[k-1].n + numOf[k-1].shift)
	}
	if cap(t.lit) < n {
		t.lit = make([]uint8, n)
	}
	t.lit = t.lit[:n]
	for x, nb := range numOf {
		v, fixed := s.doms[x].Value()
		for i := range nb.n {
			st := uint8(0)
			switch val := nb.base + i; {
			case !s.doms[x].Contains(int(val)):
				st = litGone
			case fixed && int(val) == v:
				st = litSet
			}
			t.lit[nb.base+i+nb.shift] = st
		}
	}
}

// setLit records st as the state of x's value v, if the trail keeps
// states (numberLits) and v is numbered.
func (t *facts) setLit(x Var, v int32, st uint8) {
	if t.lit == nil {
		return
	}
	nb := t.numOf[x]
	if uint32(v-nb.base) < uint32(nb.n) {
		t.lit[v+nb.shift] = st
	}
}

func resize(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n)
	}
	return b[:n]
}

// Tracking reports whether the space books facts (TrackFacts).
func (s *Space) Tracking() bool { return s.lt != nil }

// Facts returns the facts booked since TrackFacts, in order: the current
// branch's, those of undone levels forgotten. The slice is the space's:
// read it, do not keep it past the next change.
func (s *Space) Facts() []Fact {
	if s.lt == nil {
		return nil
	}
	return s.lt.list
}

// Cause returns what made fact i true: a propagator's index in the space
// (the model's propagators in the order posted, then the search's own),
// or one of CauseDecision, CauseDomain, CauseOutside, or a clause's
// (ClauseCause).
func (s *Space) Cause(i int) int32 { return s.lt.cause[i] }

// FactLevel returns the decision level at which fact i became true.
func (s *Space) FactLevel(i int) int { return int(s.lt.level[i]) }

// HeldBefore reports whether f held just before fact i became true (i =
// len(Facts()) asks about now).
func (s *Space) HeldBefore(f Fact, i int) bool {
	t := s.lt
	if f.Eq {
		return t.fixedAt[f.X] <= int32(i) && t.fixedTo[f.X] == f.V && t.fixedAt[f.X] != never
	}
	vb := t.bitOf[f.X]
	if uint32(f.V-vb.base) >= uint32(vb.n) {
		return true // never a value of x
	}
	return t.removedAt[f.V+vb.shift] <= int32(i)
}

// SetCause makes c the cause of the changes that follow, until SetCause(0):
// how the search books its decisions (CauseDecision) and a learned
// clause its consequences.
func (s *Space) SetCause(c int32) {
	if s.lt != nil {
		s.lt.forced = c
	}
}

// past is the Past just before fact at of s.
type past struct {
	s  *Space
	at int
}

func (p past) Held(f Fact) bool { return p.s.HeldBefore(f, p.at) }

// Kept implements PastWords from the removal positions: one comparison a
// value instead of a call of Held each.
func (p past) Kept(x Var, k int, w uint64) uint64 {
	s, t := p.s, p.s.lt
	vb := t.bitOf[x]
	if vb.base != 0 || k < 0 || k >= int(vb.n/64) {
		return keptByFacts(p, x, k, w)
	}
	o := int(vb.shift/64) + k // x's word k: base 0, so shift is 64 × its offset
	at := t.removedAt[64*o:][:64]
	var kept uint64
	if len(t.start) > 0 && p.at >= int(t.start[0]) {
		// The values x holds now it held then, and those the root's
		// facts removed it did not: only the values removed since the
		// root are looked up.
		cur := s.words[o]
		kept = w & cur
		w &= t.root[o] &^ cur
	}
	for ; w != 0; w &= w - 1 {
		b := bits.TrailingZeros64(w)
		if at[b] > int32(p.at) {
			kept |= 1 << b
		}
	}
	return kept
}

// PastAt returns the Past just before fact i (i = len(Facts()): now).
func (s *Space) PastAt(i int) Past { return past{s, i} }

// Reason appends to out the reason of fact i: facts that held before it
// and imply it with its cause. For a propagator that is its Justify (or
// the generic reason: the facts about its variables booked above the root
// before i, see Justifier); for CauseDomain the variable's own facts
// booked above the root (with the root's, which hold at every moment,
// they imply it); nothing for a decision or an outside change. Facts made
// true by a clause are explained by the clause (the caller's: this
// returns nothing for them).
func (s *Space) Reason(i int, out []Fact) []Fact {
	t := s.lt
	f, c := t.list[i], t.cause[i]
	switch {
	case c >= 0:
		if j, ok := s.props[c].(Justifier); ok {
			return j.Justify(past{s, i}, f, out)
		}
		return s.genericReason(c, i, out)
	case c == CauseDomain:
		if !f.Eq {
			return append(out, Fact{f.X, t.fixedTo[f.X], true})
		}
		return s.removalsBefore(f.X, i, out)
	}
	return out
}

// removalsBefore appends the removals from x booked above the root before
// position i (the root's hold at every moment, and an analysis drops
// them). Only values the root left (the model's, before any level) and x
// lacks now can have gone then: on a wide domain most values are still
// there or went at the root.
func (s *Space) removalsBefore(x Var, i int, out []Fact) []Fact {
	t := s.lt
	root := int32(0) // facts at positions+1 up to root are the root's
	left := s.init   // the words the root left
	if len(t.start) > 0 {
		root, left = t.start[0], t.root
	}
	base := s.doms[x].Base()
	o := 64 * int(s.off[x])
	for w := range int(s.width[x]) {
		k := int(s.off[x]) + w
		for gone := left[k] &^ s.words[k]; gone != 0; gone &= gone - 1 {
			b := 64*w + bits.TrailingZeros64(gone)
			if at := t.removedAt[o+b]; at > root && int(at) <= i {
				out = append(out, Fact{x, int32(base + b), false})
			}
		}
	}
	return out
}

// FailureReason appends the reason of the failure of propagator p now
// (one it reported without emptying a domain): its JustifyFailure, or the
// generic reason.
func (s *Space) FailureReason(p int32, out []Fact) []Fact {
	if j, ok := s.props[p].(FailureJustifier); ok {
		return j.JustifyFailure(past{s, len(s.lt.list)}, out)
	}
	return s.genericReason(p, len(s.lt.list), out)
}

// genericReason appends every fact about propagator p's variables booked
// above the root before position i: the propagator is sound, so those
// facts (its variables' domains then, as far as they differ from the
// root) imply what it did. A variable fixed above the root before i gives
// its [x = v] alone, which implies its removals. It reads each variable's
// values, not the trail: a cost in the propagator's domain sizes.
func (s *Space) genericReason(p int32, i int, out []Fact) []Fact {
	t := s.lt
	t.epoch++
	if t.epoch == 0 {
		clear(t.seen)
		t.epoch = 1
	}
	root := int32(0) // facts at positions+1 up to root are the root's
	if len(t.start) > 0 {
		root = t.start[0]
	}
	for _, x := range s.propVars[s.propStart[p]:s.propStart[p+1]] {
		if t.seen[x] == t.epoch {
			continue
		}
		t.seen[x] = t.epoch
		if at := t.fixedAt[x]; at != never && int(at) <= i {
			if at > root {
				out = append(out, Fact{Var(x), t.fixedTo[x], true})
			}
			continue
		}
		out = s.removalsBefore(Var(x), i, out)
	}
	return out
}

// before keeps x's words ahead of a change (from save).
func (t *facts) before(s *Space, x Var) {
	t.oldVar = x
	t.old = append(t.old[:0], s.words[s.off[x]:s.off[x]+s.width[x]]...)
}

// book records the facts of the change of x since before.
func (t *facts) book(s *Space, x Var) {
	if t.watcher >= 0 && s.current != t.watcher {
		s.schedule(t.watcher)
	}
	if t.wiped < 0 && s.doms[x].Empty() {
		t.wiped = x
	}
	cause := s.current
	if t.forced != 0 {
		cause = t.forced
	} else if cause < 0 {
		cause = CauseOutside
	}
	lvl := int32(s.level)
	w := s.words[s.off[x] : s.off[x]+s.width[x]]
	base := s.doms[x].Base()
	removal := cause
	if t.assign {
		if v, ok := s.doms[x].Value(); ok && t.fixedAt[x] == never {
			t.push(Fact{x, int32(v), true}, cause, lvl)
			t.fixedAt[x], t.fixedTo[x] = int32(len(t.list)), int32(v)
			t.setLit(x, int32(v), litSet)
			removal = CauseDomain
		}
	}
	for k, o := range t.old {
		gone := o &^ w[k]
		for gone != 0 {
			b := bits.TrailingZeros64(gone)
			gone &= gone - 1
			v := int32(base + 64*k + b)
			t.push(Fact{x, v, false}, removal, lvl)
			t.removedAt[64*(int(s.off[x])+k)+b] = int32(len(t.list))
			t.setLit(x, v, litGone)
		}
	}
	if t.fixedAt[x] == never {
		if v, ok := s.doms[x].Value(); ok {
			t.push(Fact{x, int32(v), true}, CauseDomain, lvl)
			t.fixedAt[x], t.fixedTo[x] = int32(len(t.list)), int32(v)
			t.setLit(x, int32(v), litSet)
		}
	}
}

func (t *facts) push(f Fact, cause, lvl int32) {
	t.list = append(t.list, f)
	t.cause = append(t.cause, cause)
	t.level = append(t.level, lvl)
}

// open marks the start of a new level (from Push).
func (t *facts) open(s *Space) {
	if len(t.start) == 0 {
		t.root = append(t.root[:0], s.words...)
	}
	t.start = append(t.start, int32(len(t.list)))
}

// close forgets the facts of the level being undone (from Pop).
func (t *facts) close(s *Space) {
	end := int(t.start[len(t.start)-1])
	t.start = t.start[:len(t.start)-1]
	for k := len(t.list) - 1; k >= end; k-- {
		f := t.list[k]
		if f.Eq {
			if t.fixedAt[f.X] == int32(k+1) {
				t.fixedAt[f.X] = never
				t.setLit(f.X, f.V, 0)
			}
			continue
		}
		bit := int(f.V) - s.doms[f.X].Base()
		t.removedAt[64*int(s.off[f.X])+bit] = never
		// A value removed after its variable was fixed to it (a wipe-out)
		// is set again while the [x = v] below stays.
		st := uint8(0)
		if t.fixedAt[f.X] != never && t.fixedTo[f.X] == f.V {
			st = litSet
		}
		t.setLit(f.X, f.V, st)
	}
	t.list, t.cause, t.level = t.list[:end], t.cause[:end], t.level[:end]
	t.low = min(t.low, int32(end))
	t.head = min(t.head, end)
	t.wiped = -1
}

// posOf returns the position in the trail of fact f: -1 when f held
// before tracking started (or names a value x never had: a root fact),
// never when f does not hold now.
func (s *Space) posOf(f Fact) int32 {
	t := s.lt
	if f.Eq {
		at := t.fixedAt[f.X]
		if at == never || t.fixedTo[f.X] != f.V {
			return never
		}
		return at - 1
	}
	vb := t.bitOf[f.X]
	if uint32(f.V-vb.base) >= uint32(vb.n) {
		return -1
	}
	at := t.removedAt[f.V+vb.shift]
	if at == never {
		return never
	}
	return at - 1
}

// valueBits locates a variable's values among the removal positions:
// values base to base+n-1, value v at index v+shift.
type valueBits struct {
	base, n, shift int32
}

// takeLow returns the low-water mark of the list since the last call and
// starts a new one at its current length.
func (t *facts) takeLow() int32 {
	low := t.low
	t.low = int32(len(t.list))
	return low
}

// levelAt returns the decision level of the fact at position pos (0 for
// -1, a fact older than the trail).
func (t *facts) levelAt(pos int32) int32 {
	if pos < 0 {
		return 0
	}
	return t.level[pos]
}

// bytes returns the memory the trail holds.
func (t *facts) bytes() int64 {
	return int64(12*cap(t.list) + cap(t.lit) + 4*(cap(t.cause)+cap(t.level)+cap(t.start)+cap(t.removedAt)+cap(t.fixedAt)+cap(t.fixedTo)+cap(t.seen)) + 8*(cap(t.old)+cap(t.root)) + 12*cap(t.bitOf))
}
