package csp

import (
	"math/rand/v2"
	"slices"
	"unsafe"

	"github.com/cspgo/csp/domains"
)

// Learn is what a search learns from its failures (Options.Learn).
type Learn uint8

// Learning modes.
const (
	// LearnNone learns nothing (Options.Nogoods may still ask for
	// restart nogoods: the same as LearnNogoods).
	LearnNone Learn = iota
	// LearnNogoods records the restart nogoods of Options.Nogoods.
	LearnNogoods
	// LearnClauses learns a clause from every conflict (lazy clause
	// generation: Ohrimenko, Stuckey and Codish, Constraints 2009): the
	// space books every domain change as facts with their causes
	// (Space.TrackFacts); a failure is analysed over that trail to its
	// first unique implication point, the clause is minimised and shrunk,
	// the search jumps back to the second-highest level of the clause (no
	// lower than the deepest flip of a count, see Search.block) and
	// asserts the clause's one unset literal there, and a clause database
	// propagates every learned clause by two watched literals for the
	// rest of the search. Decisions are x = v only: ValSplit and
	// ValReverseSplit branch on the smallest and the largest value
	// instead. A model with an interval (bounds-only) domain has no facts:
	// there the search learns nothing, and Stats.LearnOff says why.
	LearnClauses
)

// learnBase is the number of conflicts between the first two reductions
// of the clause database; each later interval is learnStep longer
// (glucose's schedule).
const (
	learnBase    = 2000
	learnStep    = 300
	activityGrow = 1 / 0.95 // VSIDS decay: bumps grow by this per conflict
)

// clause is a learned clause: at least one of its literals holds. lits[0]
// and lits[1] are watched. Literals are kept as the database's codes
// (clauseDB.code): a third of a Fact's bytes, and read by one lookup.
type clause struct {
	lits []int32
	lbd  int32 // distinct decision levels when learned (Audemard and Simon, IJCAI 2009)
	keep bool  // never deleted: LBD at most 2, or a solution's blocking clause
}

// clauseDB is the clause database of a search that learns clauses: a
// propagator (posted by the search after the model's propagators, on no
// variable: the space schedules it whenever it books a fact) that reads
// the facts booked since its last run and propagates the learned clauses
// by two watched literals (Moskewicz et al., Chaff, DAC 2001). A clause
// watches two of its literals that are not false; when the fact that
// falsifies a watched literal is booked, the watch moves to another
// literal that is not false, or, when none is left, the other watched
// literal is made true (the clause is unit, the fact's cause is the
// clause's ClauseCause) or, when that is false too, the clause reports the
// conflict. Watches need no undoing on backtracking.
//
// Every value of every variable's root domain has a number, and each of
// its two literals a code: 2 × number for [x != v], plus 1 for [x = v],
// so that a literal's negation is its code with the last bit flipped. The
// trail keeps each number's state (facts.lit), which is what the watches
// read.
type clauseDB struct {
	clauses []clause
	free    []int32 // indices of deleted clauses, reused
	// watch[c] lists the clauses watching the literal that the fact of
	// code c falsifies (code c^1).
	watch    [][]int32
	numOf    []valueBits // per variable, its values' numbers
	varOf    []Var       // per number, its variable
	conflict int32       // the clause found false by the last run, or -1
	live     int
	litCount int64
	// deleted counts clauses dropped by reduce; litCap and watchCap the
	// capacities of the clauses' literals and of the watch lists, kept
	// as they change (MaxMemory reads them at every node).
	deleted  int64
	litCap   int64
	watchCap int64
}

// watchOn adds clause k to watch list w.
func (d *clauseDB) watchOn(w int32, k int32) {
	c := cap(d.watch[w])
	d.watch[w] = append(d.watch[w], k)
	d.watchCap += int64(cap(d.watch[w]) - c)
}

// number readies the database for a model of bitset domains doms: a
// number for each value from each variable's base to its maximum, and
// the watch lists of their literals (3N³ numbers for the channeled Latin
// model of order N: made when learning starts, not before; a search that
// holds learning back and never switches makes none).
func (d *clauseDB) number(doms []domains.Domain) {
	d.numOf = make([]valueBits, len(doms))
	n := int32(0)
	for x := range doms {
		base := int32(doms[x].Base())
		k := int32(max(doms[x].Max()-doms[x].Base()+1, 0))
		d.numOf[x] = valueBits{base: base, n: k, shift: n - base}
		for range k {
			d.varOf = append(d.varOf, Var(x))
		}
		n += k
	}
	d.watch = make([][]int32, 2*n)
}

// code returns the code of fact g, and false when g's value is not of its
// variable's root domain (it has none).
func (d *clauseDB) code(g Fact) (int32, bool) {
	nb := d.numOf[g.X]
	if uint32(g.V-nb.base) >= uint32(nb.n) {
		return 0, false
	}
	c := 2 * (g.V + nb.shift)
	if g.Eq {
		c++
	}
	return c, true
}

// fact returns the fact of code c.
func (d *clauseDB) fact(c int32) Fact {
	x := d.varOf[c>>1]
	return Fact{X: x, V: c>>1 - d.numOf[x].shift, Eq: c&1 == 1}
}

// reset forgets every clause.
func (d *clauseDB) reset() {
	d.clauses, d.free = d.clauses[:0], d.free[:0]
	for i := range d.watch {
		d.watch[i] = d.watch[i][:0]
	}
	d.conflict, d.live, d.litCount, d.deleted, d.litCap = -1, 0, 0, 0, 0
}

// litTrue and litFalse read the state of the literal of code c from the
// trail's states lit: [x = v] holds when v is set, [x != v] when it is
// gone, and each is false when the other holds.
func litTrue(lit []uint8, c int32) bool {
	return lit[c>>1] == litGone+uint8(c&1)
}

func litFalse(lit []uint8, c int32) bool {
	return lit[c>>1] == litSet-uint8(c&1)
}

// add stores lits as a clause and watches lits[0] and lits[1]; it returns
// the clause's index. The caller orders lits: the literal to assert, if
// any, first, then one of the highest level among the rest. Every literal
// names a value of its variable's root domain.
func (d *clauseDB) add(lits []Fact, lbd int32, keep bool) int {
	c := clause{lits: make([]int32, len(lits)), lbd: lbd, keep: keep || lbd <= 2}
	for i, l := range lits {
		code, ok := d.code(l)
		if !ok {
			panic("csp: a learned literal outside its variable's root domain")
		}
		c.lits[i] = code
	}
	d.litCap += int64(cap(c.lits))
	var k int
	if n := len(d.free); n > 0 {
		k = int(d.free[n-1])
		d.free = d.free[:n-1]
		d.clauses[k] = c
	} else {
		k = len(d.clauses)
		d.clauses = append(d.clauses, c)
	}
	d.live++
	d.litCount += int64(len(lits))
	for _, l := range c.lits[:min(2, len(lits))] {
		d.watchOn(l^1, int32(k))
	}
	return k
}

// assertLit makes literal l true with clause k as its cause.
func assertLit(s *Space, l Fact, k int) bool {
	s.SetCause(ClauseCause(k))
	var ok bool
	if l.Eq {
		ok = s.Assign(l.X, int(l.V))
	} else {
		ok = s.Remove(l.X, int(l.V))
	}
	s.SetCause(0)
	return ok
}

// Propagate reads the facts booked since its last run and visits the
// clauses watching the literals they falsify.
func (d *clauseDB) Propagate(s *Space) Status {
	t := s.lt
	if t == nil {
		return Fixpoint // learning held back (Options.LearnAfter): no clauses yet
	}
	lit := t.lit
	d.conflict = -1
	for t.head < len(t.list) {
		g := t.list[t.head]
		t.head++
		key, ok := d.code(g)
		if !ok {
			continue
		}
		f := key ^ 1 // the literal g falsifies
		ws := d.watch[key]
		kept := ws[:0]
		for j, k := range ws {
			c := &d.clauses[k]
			lits := c.lits
			if len(lits) == 0 {
				continue // deleted
			}
			if lits[0] == f && len(lits) > 1 {
				lits[0], lits[1] = lits[1], lits[0]
			}
			if len(lits) > 1 && lits[1] != f {
				continue // a stale watch
			}
			if len(lits) > 1 && litTrue(lit, lits[0]) {
				kept = append(kept, k)
				continue
			}
			moved := false
			for i := 2; i < len(lits); i++ {
				if !litFalse(lit, lits[i]) {
					lits[1], lits[i] = lits[i], lits[1]
					d.watchOn(lits[1]^1, k)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			kept = append(kept, k)
			if litFalse(lit, lits[0]) || !assertLit(s, d.fact(lits[0]), int(k)) {
				d.conflict = k
				kept = append(kept, ws[j+1:]...)
				d.watch[key] = kept
				return Failed
			}
		}
		d.watch[key] = kept
	}
	return Fixpoint
}

// JustifyFailure gives the conflict of the last run: the negations of the
// clause's literals, all true.
func (d *clauseDB) JustifyFailure(at Past, out []Fact) []Fact {
	if d.conflict < 0 {
		return out
	}
	for _, c := range d.clauses[d.conflict].lits {
		out = append(out, d.fact(c^1))
	}
	return out
}

func (d *clauseDB) Name() string       { return "clauses" }
func (d *clauseDB) Priority() Priority { return Unary }

// bytes estimates the memory the database holds, in constant time.
func (d *clauseDB) bytes() int64 {
	return int64(cap(d.clauses))*int64(unsafe.Sizeof(clause{})) + 4*int64(cap(d.free)) +
		int64(unsafe.Sizeof(valueBits{}))*int64(cap(d.numOf)) + 4*int64(cap(d.varOf)) +
		24*int64(len(d.watch)) + 4*d.litCap + 4*d.watchCap
}

// reduce deletes half of the clauses that may go (not kept, not the cause
// of a fact on the trail), those of highest LBD first, and rebuilds the
// watches (the watched literals stay the same, so the watch invariant
// holds).
func (d *clauseDB) reduce(s *Space) {
	t := s.lt
	locked := map[int32]bool{}
	for _, c := range t.cause {
		if c <= CauseClause {
			locked[CauseClause-c] = true
		}
	}
	var cand []int32
	for k := range d.clauses {
		c := &d.clauses[k]
		if len(c.lits) > 0 && !c.keep && !locked[int32(k)] {
			cand = append(cand, int32(k))
		}
	}
	// Highest LBD first; among equals the oldest (lowest index) first.
	slices.SortStableFunc(cand, func(a, b int32) int { return int(d.clauses[b].lbd - d.clauses[a].lbd) })
	for _, k := range cand[:len(cand)/2] {
		c := &d.clauses[k]
		d.litCount -= int64(len(c.lits))
		d.litCap -= int64(cap(c.lits))
		c.lits = nil
		d.free = append(d.free, k)
		d.live--
		d.deleted++
	}
	for i := range d.watch {
		d.watch[i] = d.watch[i][:0]
	}
	for k := range d.clauses {
		lits := d.clauses[k].lits
		for _, l := range lits[:min(2, len(lits))] {
			d.watchOn(l^1, int32(k))
		}
	}
}

// learner is the state of conflict analysis: per trail position a stamp
// (the fact is in the clause being built), the facts kept below the
// conflict level, reason buffers, and VSIDS activity with saved phases.
type learner struct {
	db     *clauseDB
	dbID   int32
	stamp  []uint32
	epoch  uint32
	confl  []Fact
	below  []Fact
	reason []Fact
	lits   []Fact
	levels []uint32 // per level, a stamp (LBD)
	// Minimisation: per level, a stamp when the clause has a fact there;
	// per position, a stamp when the fact is known implied by the clause
	// (removable) or known not (poison); a stack of reasons.
	inClause  []uint32
	removable []uint32
	poison    []uint32
	rstack    []Fact
	// Shrinking: per position, a stamp when the fact is open in the walk
	// of its level; the clause's literals with their positions, by level;
	// noShrink turns it off (a test hook, to compare).
	shrunk   []uint32
	blocks   []posLit
	noShrink bool
	// The reasons of facts on the trail, kept while the facts below them
	// stay (a reason is a function of the facts before its own, and
	// successive conflicts ask again for most of the same): fact i's is
	// reasons[reasonAt[k]:reasonEnd[k]] for k = i - reasonBase (the
	// facts of the root, below reasonBase, have none asked), none when
	// reasonAt[k] < 0.
	reasons    []Fact
	reasonAt   []int32
	reasonEnd  []int32
	reasonBase int32
	act        []float64
	inc        float64
	phase      []int32
	phased     []bool
	order      *litOrder // LiteralActivity's, else nil
	// Target phases (Activity): target[x] is the value x had, or had
	// last, when the search met its longest conflict-free branch since
	// the last rephasing (-1: none yet); best is that branch's length in
	// facts. The next rephasing (see rephase) is due at rephaseAt
	// conflicts.
	target    []int32
	best      int
	rephases  int64
	rephaseAt int64
	reduceAt  int64 // conflicts at the next reduction
	reduces   int64
	// Glucose restarts: the moving averages of the learned clauses' LBDs
	// and the conflicts since the last restart.
	lbdFast, lbdSlow ema
	sinceRestart     int64
	// blocked counts the solutions blocked by a clause since the last
	// reset; once it reaches maxBlocked, solutions are flipped instead
	// (see block).
	blocked, maxBlocked int
	// check, set by tests, sees every learned clause; checkKept every
	// reason taken from those kept.
	check     func(lits []Fact)
	checkKept func(i int32, kept []Fact)
	// Sharing between the members of a portfolio (see exchange): when
	// share is set, out collects the learned clauses short enough to
	// give the others; in holds the others' clauses, taken in at the
	// next restart (takeIn), and took counts those taken in.
	share bool
	out   []sharedClause
	in    []sharedClause
	took  int64
}

// sharedClause is a learned clause given to, or taken from, another
// search over the same model: its literals as facts (the codes of two
// databases over one model agree, but a fact says what it means) and its
// LBD when learned.
type sharedClause struct {
	lits []Fact
	lbd  int32
}

// shareable reports whether a clause of n literals and LBD lbd is worth
// giving to the other members of a portfolio: a short clause prunes
// much and costs little to watch; a low LBD one is one the giver keeps
// for good (Audemard et al., "Revisiting clause exchange in parallel SAT
// solving", SAT 2012, share by LBD).
func shareable(n int, lbd int32) bool {
	return n <= shareMaxLen || lbd <= 2
}

// shareMaxLen is the longest clause a member shares whatever its LBD.
const shareMaxLen = 8

// intervalVar names the first variable of m with an interval domain, or
// returns "" when there is none: clause learning needs facts, which only
// bitset domains give (Space.TrackFacts).
func intervalVar(m *Model) string {
	for x := range m.doms {
		if m.doms[x].IsInterval() {
			return "interval domain " + m.Name(Var(x))
		}
	}
	return ""
}

// startLearning turns on the trail of facts, the clause database's
// reading of it, activities and phases.
func (e *Search) startLearning() {
	sp, l := e.space, e.cl
	if err := sp.TrackFacts(); err != nil {
		panic(err) // intervalVar found none: cannot happen
	}
	if l.db.numOf == nil {
		l.db.number(sp.model.doms)
	}
	sp.lt.watcher = l.dbID
	sp.lt.numberLits(sp, l.db.numOf)
	if n := len(sp.doms); l.act == nil { // else reset left them as new
		l.act, l.inc = make([]float64, n), 1
		l.phase, l.phased = make([]int32, n), make([]bool, n)
		if e.opts.Var == LiteralActivity {
			l.order = newLitOrder(e)
		}
	}
	l.reduceAt, l.rephaseAt = learnBase, rephaseBase
	l.lbdFast, l.lbdSlow = newEMA(glucoseFast), newEMA(glucoseSlow)
	if e.opts.scatter {
		l.scatter(e.rng)
	}
}

// scatter adds to every activity a random value far below a bump's (see
// Options.scatter).
func (l *learner) scatter(r *rand.Rand) {
	for x := range l.act {
		l.act[x] += scatterScale * r.Float64()
	}
	if o := l.order; o != nil {
		for c := range o.act {
			o.act[c] += scatterScale * r.Float64()
		}
		for i := len(o.heap)/2 - 1; i >= 0; i-- {
			o.down(i)
		}
	}
}

// scatterScale bounds the activities scatter gives: below the first
// bump (1), so that they only break the ties the first conflicts leave.
const scatterScale = 1e-3

// reset forgets the clauses, activities and phases.
func (l *learner) reset() {
	l.db.reset()
	if l.order != nil {
		l.order.reset()
	}
	clear(l.act)
	clear(l.phased)
	l.best = 0
	fillNone(l.target)
	l.rephases, l.rephaseAt = 0, rephaseBase
	l.inc = 1
	l.reduceAt, l.reduces = learnBase, 0
	l.blocked = 0
	l.lbdFast, l.lbdSlow, l.sinceRestart = newEMA(glucoseFast), newEMA(glucoseSlow), 0
	l.out, l.in, l.took = l.out[:0], l.in[:0], 0
}

// Glucose restarts (Restart Glucose), CaDiCaL's settings: the weights of
// the fast and slow moving averages of LBD, and the margin by which the
// fast one must pass the slow one.
const (
	glucoseFast   = 0.03
	glucoseSlow   = 1e-5
	glucoseMargin = 1.1
)

// ema is an exponential moving average with its start-up bias corrected
// (Biere and Fröhlich, POS 2015): it weighs x by alpha, and divides by
// the weight given so far, so that the first values are not pulled
// towards 0.
type ema struct {
	v, alpha, left float64 // left: (1-alpha)^updates
}

func newEMA(alpha float64) ema { return ema{alpha: alpha, left: 1} }

func (a *ema) add(x float64) {
	a.v += a.alpha * (x - a.v)
	a.left *= 1 - a.alpha
}

func (a *ema) value() float64 {
	if a.left >= 1 {
		return 0
	}
	return a.v / (1 - a.left)
}

// glucose records a conflict's LBD and reports whether to restart: after
// at least minimum conflicts since the last restart, when the recent
// clauses' LBDs average more than glucoseMargin times the run's.
func (l *learner) glucose(lbd int32, minimum int64) bool {
	l.lbdFast.add(float64(lbd))
	l.lbdSlow.add(float64(lbd))
	l.sinceRestart++
	if l.sinceRestart < minimum || l.lbdFast.value() <= glucoseMargin*l.lbdSlow.value() {
		return false
	}
	l.sinceRestart = 0
	return true
}

// bump raises x's activity.
func (l *learner) bump(x Var) {
	l.act[x] += l.inc
	if l.act[x] > 1e100 {
		for i := range l.act {
			l.act[i] *= 1e-100
		}
		l.inc *= 1e-100
	}
}

// mark stamps position pos; it reports whether it was new.
func (l *learner) mark(pos int32) bool {
	if l.stamp[pos] == l.epoch {
		return false
	}
	l.stamp[pos] = l.epoch
	return true
}

func (l *learner) marked(pos int32) bool { return pos >= 0 && l.stamp[pos] == l.epoch }

// reasonOf appends the reason of the fact at position i: the clause's
// other literals negated for a clause's fact, else freshReason.
func (e *Search) reasonOf(i int32, out []Fact) []Fact {
	sp, l := e.space, e.cl
	t := sp.lt
	c := t.cause[i]
	if c <= CauseClause {
		f, _ := l.db.code(t.list[i])
		for _, x := range l.db.clauses[CauseClause-c].lits {
			if x != f {
				out = append(out, l.db.fact(x^1))
			}
		}
		return out
	}
	return e.freshReason(i, out)
}

// freshReason appends the reason of the fact at position i, not a
// clause's fact: Space.Reason, or the generic reason when a propagator's
// does not hold before i (a faulty Justify).
func (e *Search) freshReason(i int32, out []Fact) []Fact {
	sp := e.space
	n := len(out)
	out = sp.Reason(int(i), out)
	// A Justify's reason is checked; a generic one (a propagator without
	// Justify) holds before i by construction.
	if c := sp.lt.cause[i]; c >= 0 && isJustifier(sp.props[c]) {
		for _, r := range out[n:] {
			if p := sp.posOf(r); p >= i {
				return sp.genericReason(c, int(i), out[:n])
			}
		}
	}
	return out
}

// isJustifier reports whether p explains its own facts.
func isJustifier(p Propagator) bool {
	_, ok := p.(Justifier)
	return ok
}

// reasonIn returns the reason of the fact at position i. A propagator's
// reason kept from an earlier analysis is returned as it is kept (see
// keepReasons); any other is appended to *buf, returned as that part of
// it, and kept when there is room. The result must not be changed; a
// kept one stays valid until the next analysis.
func (e *Search) reasonIn(i int32, buf *[]Fact) []Fact {
	l := e.cl
	k := int(i - l.reasonBase) // the root's facts have no reason asked
	keep := e.space.lt.cause[i] > CauseClause && k >= 0
	if keep && k < len(l.reasonAt) && l.reasonAt[k] >= 0 {
		r := l.reasons[l.reasonAt[k]:l.reasonEnd[k]:l.reasonEnd[k]]
		if l.checkKept != nil {
			l.checkKept(i, r)
		}
		return r
	}
	n := len(*buf)
	*buf = e.reasonOf(i, *buf)
	r := (*buf)[n:]
	if keep && len(l.reasons)+len(r) <= cap(l.reasons) {
		for len(l.reasonAt) <= k {
			l.reasonAt = append(l.reasonAt, -1)
			l.reasonEnd = append(l.reasonEnd, -1)
		}
		l.reasonAt[k] = int32(len(l.reasons))
		l.reasons = append(l.reasons, r...)
		l.reasonEnd[k] = int32(len(l.reasons))
	}
	return r
}

// keepReasons forgets the reasons of the facts the trail dropped since
// the last analysis, before an analysis asks for more. The reasons kept
// share one array of twice the trail and a few thousand facts, made anew
// when the trail outgrows it and never grown by an analysis: once it is
// full, reasons are computed without being kept, and the next analysis
// that finds it more than half full forgets them all (a store that grows
// costs more in memory touched than it saves, see docs/BENCHMARKS.md).
func (l *learner) keepReasons(t *facts) {
	base := int32(len(t.list)) // the root's facts: before level 1's
	if len(t.start) > 0 {
		base = t.start[0]
	}
	// A new root comes only after the search went back to it, which
	// dropped every fact above the old one: low is at most 0 then.
	low := int(t.takeLow() - base)
	l.reasonBase = base
	room := len(t.list) + 4096
	switch {
	case cap(l.reasons) < room:
		l.reasons = make([]Fact, 0, 2*room)
		low = 0
	case len(l.reasons) > cap(l.reasons)/2:
		l.reasons = l.reasons[:0]
		low = 0
	}
	// Cutting the lists forgets the rest: reasonIn extends them with -1.
	low = max(low, 0)
	l.reasonAt = l.reasonAt[:min(low, len(l.reasonAt))]
	l.reasonEnd = l.reasonEnd[:len(l.reasonAt)]
}

// conflictSet appends the facts that hold and cannot hold together, from
// the failure at hand: a wipe-out's removals (or, for a variable fixed to
// v that then lost v, [x = v] and the reason of the removal), or the
// failing propagator's FailureReason.
func (e *Search) conflictSet(out []Fact) []Fact {
	sp := e.space
	t := sp.lt
	if x := t.wiped; x >= 0 {
		if at := t.fixedAt[x]; at != never {
			if pos := sp.posOf(Fact{x, t.fixedTo[x], false}); pos != never {
				// The removal contradicts [x = v]: what the conflict holds
				// is [x = v] and the removal's premises, not the removal.
				// Taken as a fact, the removal made the UIP when it was
				// the level's only fact in the conflict (x fixed on an
				// earlier level), and the clause [x = v] or [x != v]:
				// always true, asserting nothing, so the search met the
				// same conflict again and again.
				out = append(out, Fact{x, t.fixedTo[x], true})
				return e.reasonOf(pos, out)
			}
		}
		base := sp.doms[x].Base()
		for w := range sp.width[x] {
			for b := range 64 {
				if at := t.removedAt[64*int(sp.off[x]+w)+b]; at != 0 && at != never {
					out = append(out, Fact{x, int32(base + 64*int(w) + b), false})
				}
			}
		}
		return out
	}
	if t.failProp < 0 { // no propagator failed: the decisions did
		for _, f := range e.frames {
			out = append(out, f.decided())
		}
		return out
	}
	n := len(out)
	out = sp.FailureReason(t.failProp, out)
	for _, r := range out[n:] {
		if sp.posOf(r) == never {
			return sp.genericReason(t.failProp, len(t.list), out[:n])
		}
	}
	return out
}

// analyse learns a clause from the failure at hand (Marques-Silva and
// Sakallah's first unique implication point, as MiniSat does it, over
// the trail of facts): the facts of the conflict at its highest level L
// are resolved with their reasons, latest first, until one is left (the
// UIP); the clause is the UIP's negation and the negations of the facts
// below L met on the way, minus those the rest implies (recursive
// minimisation, see redundant) and the root's, each level's literals then
// replaced by one where they can be (shrink). It returns the clause (UIP's
// negation first, then a literal of the highest level among the rest),
// that level (where to jump back to), the conflict's level L, the clause's
// LBD, and false when the conflict holds at the root: no solution is left.
func (e *Search) analyse() (lits []Fact, back, at int, lbd int32, ok bool) {
	sp, l := e.space, e.cl
	t := sp.lt
	if cap(l.stamp) < len(t.list) {
		l.stamp = make([]uint32, len(t.list), 2*len(t.list))
	}
	l.stamp = l.stamp[:len(t.list)]
	if cap(l.removable) < len(t.list) {
		l.removable = make([]uint32, len(t.list), cap(l.stamp))
		l.poison = make([]uint32, len(t.list), cap(l.stamp))
	}
	l.removable, l.poison = l.removable[:len(t.list)], l.poison[:len(t.list)]
	if cap(l.shrunk) < len(t.list) {
		l.shrunk = make([]uint32, len(t.list), cap(l.stamp))
	}
	l.shrunk = l.shrunk[:len(t.list)]
	l.epoch++
	if l.epoch == 0 {
		clear(l.stamp)
		clear(l.levels)
		clear(l.inClause)
		clear(l.removable)
		clear(l.poison)
		clear(l.shrunk)
		l.epoch = 1
	}
	l.keepReasons(t)
	l.confl = e.conflictSet(l.confl[:0])
	level := int32(0)
	for _, f := range l.confl {
		level = max(level, t.levelAt(sp.posOf(f)))
	}
	if level == 0 {
		return nil, 0, 0, 0, false
	}
	l.below = l.below[:0]
	pathC := 0
	add := func(f Fact) {
		pos := sp.posOf(f)
		if pos < 0 || pos == never || t.level[pos] == 0 || !l.mark(pos) {
			return
		}
		l.bump(f.X)
		if l.order != nil {
			if c, ok := l.db.code(f); ok {
				l.order.bump(c >> 1)
			}
		}
		if t.level[pos] == level {
			pathC++
		} else {
			l.below = append(l.below, f)
		}
	}
	for _, f := range l.confl {
		add(f)
	}
	i := int32(len(t.list) - 1)
	if int(level) < len(t.start) {
		i = t.start[level] - 1 // the last fact of level L
	}
	var uip Fact
	for {
		for !l.marked(i) {
			i--
		}
		pathC--
		if pathC == 0 {
			uip = t.list[i]
			break
		}
		l.reason = l.reason[:0]
		for _, r := range e.reasonIn(i, &l.reason) {
			add(r)
		}
		i--
	}
	// Recursive minimisation (Sörensson and Biere, SAT 2009): drop a fact
	// implied by the others, through reasons whose facts are in the
	// clause, at the root, or dropped so themselves.
	if cap(l.levels) < len(t.start)+1 {
		l.levels = make([]uint32, len(t.start)+1)
		l.inClause = make([]uint32, len(t.start)+1)
	}
	l.levels, l.inClause = l.levels[:len(t.start)+1], l.inClause[:len(t.start)+1]
	for _, f := range l.below {
		l.inClause[t.level[sp.posOf(f)]] = l.epoch
	}
	l.lits = append(l.lits[:0], uip.Not())
	for _, f := range l.below {
		if !e.redundant(sp.posOf(f), 0) {
			l.lits = append(l.lits, f.Not())
		}
	}
	if !l.noShrink {
		e.shrink()
	}
	// The highest level below L goes second; the LBD counts levels.
	lbd = 1
	l.levels[level] = l.epoch
	for k := 1; k < len(l.lits); k++ {
		lv := t.levelAt(sp.posOf(l.lits[k].Not()))
		if l.levels[lv] != l.epoch {
			l.levels[lv] = l.epoch
			lbd++
		}
		if int(lv) > back {
			back = int(lv)
			l.lits[1], l.lits[k] = l.lits[k], l.lits[1]
		}
	}
	l.inc *= activityGrow
	if l.order != nil {
		l.order.inc *= activityGrow
	}
	return l.lits, back, int(level), lbd, true
}

// bytes estimates the memory the learner holds, its clauses included.
func (l *learner) bytes() int64 {
	n := l.db.bytes() + 4*int64(cap(l.stamp)+cap(l.levels)+cap(l.phase)+cap(l.target)+cap(l.inClause)+cap(l.removable)+cap(l.poison)+cap(l.shrunk)) +
		int64(unsafe.Sizeof(posLit{}))*int64(cap(l.blocks)) +
		4*int64(cap(l.reasonAt)+cap(l.reasonEnd)) +
		8*int64(cap(l.act)) + int64(unsafe.Sizeof(Fact{}))*int64(cap(l.confl)+cap(l.below)+cap(l.reason)+cap(l.lits)+cap(l.rstack)+cap(l.reasons))
	if l.order != nil {
		n += l.order.bytes()
	}
	return n + int64(cap(l.phased))
}

// pickActivity returns the variable of vars with more than one value and
// the highest activity, ties to the smallest domain, then the first; -1
// when all are assigned.
func (e *Search) pickActivity(vars []Var) Var {
	sp, act := e.space, e.cl.act
	best, bestSize, bestAct := Var(-1), 0, 0.0
	for _, x := range vars {
		a := act[x]
		if best >= 0 && a < bestAct {
			continue // cannot win: its domain need not be counted
		}
		size := sp.doms[x].Size()
		if size <= 1 {
			continue
		}
		if best < 0 || a > bestAct || size < bestSize {
			best, bestSize, bestAct = x, size, a
		}
	}
	return best
}

// backjump pops the space back to level target, saving the values of the
// variables assigned on the levels undone (phase saving), and drops their
// decisions.
func (e *Search) backjump(target int) {
	sp, l := e.space, e.cl
	t := sp.lt
	if sp.level-target > 1 {
		e.stats.Backjumps++
	}
	if target < sp.level {
		for _, f := range t.list[t.start[target]:] {
			if f.Eq {
				l.phase[f.X], l.phased[f.X] = f.V, true
			}
			if l.order != nil {
				if c, ok := l.db.code(f); ok {
					l.order.undone(c>>1, f.Eq)
				}
			}
		}
	}
	for sp.level > target {
		sp.Pop()
	}
	e.frames = e.frames[:target]
}

// resolve handles a failure with clause learning: it analyses the
// conflict, learns the clause, jumps back and asserts it (or restarts
// when the budget is spent), and repeats while propagation fails. Jumps
// and restarts go no lower than the deepest flip (see flip): a conflict
// at that level or below means its branch holds no more solutions, and
// the search flips the next decision up instead, learning nothing (the
// clause, valid, would assert nowhere above the flip; keeping it without
// asserting is left to do). It reports false when the search is over: a
// conflict at the root, or no decision left to flip.
func (e *Search) resolve(restarts bool) bool {
	sp, l := e.space, e.cl
	for {
		e.stats.Failures++
		e.stats.Conflicts++
		floor := e.flipped()
		lits, back, at, lbd, ok := e.analyse()
		if !ok {
			return false
		}
		if at <= floor {
			if ok, more := e.flip(floor - 1); ok || !more {
				return ok
			}
			continue
		}
		if l.check != nil {
			l.check(lits)
		}
		phased := e.opts.Var == Activity || l.order != nil // targets and rephasing: a variable's value, or a literal's phase
		if phased {
			e.updateTarget(at)
		}
		restart := false
		switch {
		case restarts && e.opts.Restarts == Glucose:
			restart = l.glucose(lbd, max(e.opts.RestartBase/50, 2))
		case restarts:
			e.restartBudget--
			restart = e.restartBudget <= 0
		}
		target := max(back, floor)
		if restart {
			target = floor
			e.conflict = -1
			e.stats.Restarts++
			e.restartIndex++
			e.restartBudget = e.budget()
		}
		e.backjump(target)
		if restart && phased && e.stats.Conflicts > l.rephaseAt {
			e.rephase()
		}
		k := l.db.add(lits, lbd, false)
		e.stats.LearnedClauses++
		e.stats.LearnedLiterals += int64(len(lits))
		if l.share && shareable(len(lits), lbd) {
			l.out = append(l.out, sharedClause{slices.Clone(lits), lbd})
		}
		if target >= back {
			// Unit there: lits[0] is of level at > target, the rest false
			// at back or below. Asserted above back (at a flip), it is
			// booked at target's level: a later flip that pops that level
			// but not back leaves the clause unit and unasserted until a
			// watch of it fires again (sound, as lits[0] falsified still
			// reports the conflict, but weaker; booking it at back's level
			// is left to do).
			assertLit(sp, lits[0], k)
		}
		if e.stats.Conflicts >= l.reduceAt {
			l.reduces++
			l.reduceAt += learnBase + learnStep*l.reduces
			l.db.reduce(sp)
		}
		e.stats.DeletedClauses = l.db.deleted
		e.tighten()
		if !sp.Propagate() {
			continue
		}
		if restart && target == 0 && len(l.in) > 0 {
			// At the root, with its facts for good: the clauses the
			// other members gave since the last restart.
			return e.takeIn()
		}
		return true
	}
}

// takeIn adds the clauses of l.in to the database at the root and
// propagates them; it reports false when they refute the root (the
// clauses of other searches over the model follow from the model, so
// the model has no solution). Each clause is taken without its literals
// false at the root (false for good: the root is never undone), and
// dropped when one of them holds there; one left is asserted.
func (e *Search) takeIn() bool {
	sp, l := e.space, e.cl
	lit := sp.lt.lit
	in := l.in
	l.in = l.in[:0]
	for _, c := range in {
		lits := l.lits[:0]
		holds := false
		for _, g := range c.lits {
			code, ok := l.db.code(g)
			switch {
			case !ok: // a value outside the root domain: [x = v] false, [x != v] true
				holds = !g.Eq
			case litTrue(lit, code):
				holds = true
			case !litFalse(lit, code):
				lits = append(lits, g)
			}
			if holds {
				break
			}
		}
		l.lits = lits
		if holds {
			continue
		}
		if len(lits) == 0 {
			return false
		}
		if takenHook != nil {
			takenHook(lits)
		}
		k := l.db.add(lits, c.lbd, false)
		l.took++
		e.stats.ImportedClauses = l.took
		if len(lits) == 1 && !assertLit(sp, lits[0], k) {
			return false
		}
	}
	return sp.Propagate()
}

// flipped returns the level of the deepest flip (see flip), 0 when there
// is none.
func (e *Search) flipped() int {
	for i := len(e.frames) - 1; i >= 0; i-- {
		if e.frames[i].flipped {
			return i + 1
		}
	}
	return 0
}

// maxBlocked is how many solutions a search that learns clauses blocks
// by a clause before it flips decisions instead (see block).
const maxBlocked = 32

// block moves on from a solution with clause learning. Optimising, the
// bound, tightened past the solution, fails the branch, and the failure
// is analysed as any other: the bound excludes the solution and every
// one no better. Otherwise the first maxBlocked solutions are each
// blocked by the clause "not all of this branch's decisions", kept for
// good: the search jumps back above the last decision and asserts its
// negation, and restarts still go to the root, which proves a count of
// one or two (is the puzzle unique?) fastest. Later ones flip the
// branch's last decision (see flip): the blocking clauses are watched on
// decisions that recur in almost every later branch, so with thousands
// of them each solution would cost more than the one before. It reports
// false when the search is over.
func (e *Search) block(restarts bool) bool {
	sp, l := e.space, e.cl
	if e.tighten() {
		if !sp.Propagate() {
			return e.resolve(restarts)
		}
		if sp.cut {
			// The context ended the run mid-propagation: the run stops
			// at its next look at the context, and the next one finishes
			// this propagation, which fails under the bound.
			return true
		}
	}
	if n := len(e.frames); n > 0 && l.blocked < l.maxBlocked {
		l.blocked++
		l.lits = l.lits[:0]
		for i := n - 1; i >= 0; i-- {
			f := e.frames[i]
			l.lits = append(l.lits, f.decided().Not())
		}
		e.backjump(n - 1)
		k := l.db.add(l.lits, int32(n), true)
		assertLit(sp, l.lits[0], k)
		e.tighten()
		if sp.Propagate() {
			return true
		}
		return e.resolve(restarts)
	}
	if ok, more := e.flip(len(e.frames)); ok || !more {
		return ok
	}
	return e.resolve(restarts)
}

// flip moves a search that learns clauses on from a branch whose
// solutions are all found, as a depth-first search does: the deepest
// decision at level top or below that is not a flip (x = v, or x != v for
// a negative one, see frame) is undone, with every level above it, and
// its level is opened again with the decision's negation, a flip. A
// flip's level stands for "every solution with the decisions below it
// and the decision flipped was found"; the levels above the deepest
// flip hold none found yet. So no clause is kept for a solution (the
// blocking clause would be watched on decisions that recur in almost
// every later branch), the analysis takes flips as decisions, and every
// clause learned follows from the model and the blocking clauses of the
// first solutions alone. flip reports whether it found a decision to flip
// (more) and whether the flip propagated (ok, false when !more; a failure
// is for resolve).
func (e *Search) flip(top int) (ok, more bool) {
	sp := e.space
	j := top
	for j > 0 && e.frames[j-1].flipped {
		j--
	}
	if j == 0 {
		return false, false
	}
	f := e.frames[j-1]
	e.backjump(j - 1)
	f.flipped = true
	sp.Push()
	e.frames = append(e.frames, f)
	e.stats.Nodes++
	sp.SetCause(CauseDecision)
	ok = narrow(sp, f.x, f.v, false, false, !f.neg)
	sp.SetCause(0)
	e.tighten()
	return ok && sp.Propagate(), true
}

// maxMinimiseDepth bounds the recursion of minimisation: a deeper chain
// keeps its fact (sound, only less minimal).
const maxMinimiseDepth = 64

// redundant reports whether the fact at pos, kept below the conflict
// level, is implied by the clause being minimised: it is not a decision,
// and every fact of its reason is at the root, in the clause (stamped),
// or redundant itself at a level where the clause has a fact.
func (e *Search) redundant(pos int32, depth int) bool {
	sp, l := e.space, e.cl
	t := sp.lt
	if c := t.cause[pos]; c == CauseDecision || c == CauseOutside || depth > maxMinimiseDepth {
		return false
	}
	start := len(l.rstack)
	rs := e.reasonIn(pos, &l.rstack)
	ok := true
	for k := 0; k < len(rs) && ok; k++ {
		p := sp.posOf(rs[k])
		switch {
		case p == never:
			ok = false // cannot happen: reasons hold
		case p < 0 || t.level[p] == 0 || l.marked(p) || l.removable[p] == l.epoch:
		case l.poison[p] == l.epoch || l.inClause[t.level[p]] != l.epoch:
			ok = false
		case e.redundant(p, depth+1):
			l.removable[p] = l.epoch
		default:
			l.poison[p] = l.epoch
			ok = false
		}
	}
	l.rstack = l.rstack[:start]
	return ok
}

// posLit is a literal of the clause being learned with the trail
// position and level of the fact it negates.
type posLit struct {
	lit        Fact
	pos, level int32
}

// shrink replaces, at each level below the conflict's where the clause has
// more than one literal, those literals by the negation of the level's
// own unique implication point when there is one within reach (Fleury
// and Biere, "Efficient all-UIP learned clause minimization", SAT 2021):
// the level's facts of the clause are resolved with their reasons, latest
// first, until one is left; every fact of a lower level met on the way
// must be implied by the clause (stamped by the analysis, or found
// removable by minimisation), else the level keeps its literals. The
// resolvent is implied by the conflict as the clause is, and has one
// literal at each level it touches: the same LBD, fewer literals.
func (e *Search) shrink() {
	sp, l := e.space, e.cl
	t := sp.lt
	l.blocks = l.blocks[:0]
	for _, f := range l.lits[1:] {
		pos := sp.posOf(f.Not())
		l.blocks = append(l.blocks, posLit{f, pos, t.levelAt(pos)})
	}
	slices.SortFunc(l.blocks, func(a, b posLit) int {
		if a.level != b.level {
			return int(b.level - a.level)
		}
		return int(b.pos - a.pos)
	})
	l.lits = l.lits[:1]
	for i := 0; i < len(l.blocks); {
		j := i + 1
		for j < len(l.blocks) && l.blocks[j].level == l.blocks[i].level {
			j++
		}
		if u, ok := e.blockUIP(l.blocks[i:j]); ok {
			l.lits = append(l.lits, u.Not())
		} else {
			for _, b := range l.blocks[i:j] {
				l.lits = append(l.lits, b.lit)
			}
		}
		i = j
	}
}

// blockUIP finds the unique implication point of one level's literals
// of the clause (block, latest first), or reports false when the block
// has one literal (nothing to shrink), lies at the root, or a reason
// reaches a fact of a lower level not implied by the clause.
func (e *Search) blockUIP(block []posLit) (Fact, bool) {
	sp, l := e.space, e.cl
	t := sp.lt
	if len(block) == 1 || block[0].level == 0 || block[len(block)-1].pos < 0 {
		return Fact{}, false
	}
	level := block[0].level
	open := 0
	for _, b := range block {
		l.shrunk[b.pos] = l.epoch
		open++
	}
	for i := block[0].pos; ; i-- {
		if l.shrunk[i] != l.epoch {
			continue
		}
		if open == 1 {
			return t.list[i], true
		}
		open--
		if c := t.cause[i]; c == CauseDecision || c == CauseOutside {
			return Fact{}, false // cannot happen: the decision is the level's first fact
		}
		start := len(l.rstack)
		rs := e.reasonIn(i, &l.rstack)
		for _, r := range rs {
			p := sp.posOf(r)
			switch {
			case p == never:
				l.rstack = l.rstack[:start]
				return Fact{}, false
			case p < 0 || t.level[p] == 0:
			case t.level[p] == level:
				if l.shrunk[p] != l.epoch {
					l.shrunk[p] = l.epoch
					open++
				}
			case l.marked(p) || l.removable[p] == l.epoch:
			case l.poison[p] != l.epoch && l.inClause[t.level[p]] == l.epoch && e.redundant(p, 0):
				l.removable[p] = l.epoch
			default:
				l.poison[p] = l.epoch
				l.rstack = l.rstack[:start]
				return Fact{}, false
			}
		}
		l.rstack = l.rstack[:start]
	}
}

// updateTarget takes the branch below the conflict's level at, free of
// conflict, as the target when it holds more facts than any such branch
// since the last rephasing: each decision variable's value there, or for
// one not fixed there its saved phase. Activity decides a variable's
// target value first (target phases, Biere and Fleury, POS 2020): after
// a conflict or a restart the search steers back towards the largest
// consistent part of an assignment it has seen, which on hard
// satisfiable Latin squares finds a solution in far fewer conflicts than
// the last values alone. Restarts keep the target, as CaDiCaL's do
// (docs/BENCHMARKS.md, "Issue 18: target phases" and "Issue 18: targets
// across restarts, and rephasing").
func (e *Search) updateTarget(at int) {
	sp, l := e.space, e.cl
	t := sp.lt
	if at < 1 || at > len(t.start) {
		return
	}
	end := int(t.start[at-1])
	if end <= l.best {
		return
	}
	l.best = end
	if l.order != nil {
		l.order.retarget(t.list[:end], l.db)
		return
	}
	if l.target == nil {
		l.target = make([]int32, len(sp.doms))
		fillNone(l.target)
	}
	for _, x := range e.decisions {
		// fixedAt is a position plus one, 0 for the root's facts.
		if p1 := t.fixedAt[x]; p1 != never && int(p1) <= end {
			l.target[x] = t.fixedTo[x]
		} else if l.phased[x] {
			l.target[x] = l.phase[x]
		}
	}
}

// fillNone sets every value (or phase) of vals to -1 (none).
func fillNone[T int8 | int32](vals []T) {
	for i := range vals {
		vals[i] = -1
	}
}

// rephaseBase is the number of conflicts before the first rephasing;
// the k-th interval is k+1 times as long (CaDiCaL's schedule).
const rephaseBase = 1000

// rephase, at a restart, puts the target's values in place of the saved
// phases and forgets the target, which is then taken afresh (CaDiCaL's
// "best" rephasing, Biere and Fleury, POS 2020: with no other kind of
// rephasing, its best phases are its target's). A target kept across
// restarts for good can hold the search on a stale branch: on peak
// order-35 squares it lengthened the tail, which rephasing cuts again
// (docs/BENCHMARKS.md, "Issue 18: targets across restarts, and
// rephasing"). It is called after the jump back, which saves the phases
// of the levels it undoes.
func (e *Search) rephase() {
	l := e.cl
	l.rephases++
	l.rephaseAt = e.stats.Conflicts + rephaseBase*(l.rephases+1)
	l.best = 0
	if l.order != nil {
		l.order.rephase()
		return
	}
	for x, v := range l.target {
		if v >= 0 {
			l.phase[x], l.phased[x] = v, true
		}
	}
	fillNone(l.target)
}
