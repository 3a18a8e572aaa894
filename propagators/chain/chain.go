package chain

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/arith"
)

// Rel is the relation between a cell x and the next cell y of the line.
type Rel uint8

// The relations.
const (
	Any         Rel = iota // no constraint beyond x != y
	Less                   // x < y
	Greater                // x > y
	Adjacent               // |x - y| = 1
	NotAdjacent            // |x - y| != 1
	numRels
)

var relNames = [...]string{"any", "<", ">", "|x-y|=1", "|x-y|!=1"}

// String names the relation.
func (r Rel) String() string {
	if r < numRels {
		return relNames[r]
	}
	return fmt.Sprintf("Rel(%d)", uint8(r))
}

// Holds reports whether x r y holds (the difference x != y aside).
func (r Rel) Holds(x, y int) bool {
	switch r {
	case Less:
		return x < y
	case Greater:
		return x > y
	case Adjacent:
		return x-y == 1 || y-x == 1
	case NotAdjacent:
		return x-y != 1 && y-x != 1
	}
	return r == Any
}

// ErrLine is wrapped by the errors of Post: an empty line, a number of
// relations other than len(line)-1, an unknown relation, or a variable
// not in the model.
var ErrLine = errors.New("chain: invalid line")

// MaxValues is the largest number of values (max - min + 1 over the
// union of the initial domains, all of them in 0..63) for which Post runs
// the dynamic program; above it, or with a value of 64 or more, Post
// falls back to the decomposition. A run's cost and tables double with
// each value more; at 16 the tables are 2·2^16 words (512 kB) per line.
const MaxValues = 16

// Post constrains the values of line to be pairwise different and
// rels[i] to hold between line[i] and line[i+1] for every i
// (len(rels) == len(line)-1). When the initial domains fit (see
// MaxValues) it posts one propagator that keeps exactly the values some
// arrangement of the whole line uses (domain consistency on the
// conjunction, see the package documentation); otherwise it posts
// alldiff.GAC on the line and one arith constraint per relation. It does
// not post the binary constraints alongside the dynamic program: a caller
// who wants their cheap filtering first (they run at a lower priority)
// posts them too.
//
// Post returns an error wrapping ErrLine when the line is empty,
// len(rels) != len(line)-1, a relation is unknown or a variable is not in
// m; it posts nothing then.
func Post(m *csp.Model, line []csp.Var, rels []Rel) error {
	if err := checkLine(m, line, rels); err != nil {
		return err
	}
	xs := append([]csp.Var(nil), line...)
	rs := append([]Rel(nil), rels...)
	lo, k, ok := span(m, line)
	if !ok {
		return postDecomposition(m, xs, rs)
	}
	m.Post(newProp(xs, rs, lo, k), domains.EventDomain, xs...)
	return nil
}

// span returns the smallest value lo and the number k of values from lo
// to the largest over the union of the line's initial domains, and
// whether they fit the dynamic program (values below 64, k <= MaxValues).
func span(m *csp.Model, line []csp.Var) (lo, k int, ok bool) {
	lo, hi := 64, -1
	for _, x := range line {
		d := m.InitialDomain(x)
		if !d.Empty() {
			lo, hi = min(lo, d.Min()), max(hi, d.Max())
		}
	}
	return lo, hi - lo + 1, hi >= 0 && hi < 64 && hi-lo+1 <= MaxValues
}

// checkLine returns Post's error for a malformed line, or nil.
func checkLine(m *csp.Model, line []csp.Var, rels []Rel) error {
	if len(line) == 0 {
		return fmt.Errorf("%w: empty line", ErrLine)
	}
	if len(rels) != len(line)-1 {
		return fmt.Errorf("%w: %d relations for %d cells (want %d)", ErrLine, len(rels), len(line), len(line)-1)
	}
	for i, r := range rels {
		if r >= numRels {
			return fmt.Errorf("%w: unknown relation %v at position %d", ErrLine, r, i)
		}
	}
	if err := m.CheckWords(line...); err != nil {
		return fmt.Errorf("%w: %w", ErrLine, err)
	}
	return nil
}

// postDecomposition posts the line as alldiff.GAC and binary relations.
// Post checked the line, so an error here is a bug it passes on.
func postDecomposition(m *csp.Model, xs []csp.Var, rels []Rel) error {
	if err := alldiff.Post(m, xs, alldiff.GAC); err != nil {
		return err
	}
	for i, r := range rels {
		x, y := xs[i], xs[i+1]
		var err error
		switch r {
		case Less:
			err = arith.Less(m, x, y)
		case Greater:
			err = arith.Less(m, y, x)
		case Adjacent:
			err = arith.AbsDiff(m, x, y, 1)
		case NotAdjacent:
			err = arith.AbsDiffNotIn(m, x, y, []int{1})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// prop is the dynamic program. Value lo+b is bit b of a set; a set of at
// most MaxValues values fits a uint32.
type prop struct {
	line  []csp.Var
	rels  []Rel
	lo    int      // the value of bit 0
	k     int      // the number of values: bits 0..k-1
	full  uint32   // bits 0..k-1
	dom   []uint32 // per cell, its values now
	keep  []uint32 // per cell, its supported values
	f     []uint32 // per subset S: the last values reachable with S placed (forward), then those from which the line completes (backward)
	order []uint32 // the subsets reached, layer by layer (layer t: t cells placed)
	start []int    // start[t]: where layer t begins in order
	must  []uint32 // must[t]: the values every subset of layer t holds
	cells []int    // the free (unassigned) cells of this run
	link  []Rel    // link[t]: the relation of free cells t-1, t (Any unless neighbours)
	// Witnesses: arrangements of the whole line (distinct values, every
	// relation holding) found by earlier runs, 4 bits per cell (the
	// index of its value's bit), kept across runs and backtracks as hints
	// only: a run checks them against the domains before it uses them.
	wit   []uint64
	next  int      // the slot of wit to overwrite when it is full
	uses  []uint64 // uses[i*p.k+j]: the witnesses (bits are slots of wit) with bit j in cell i
	cover []uint32 // per cell, its values in witnesses the domains allow
	rec   []uint32 // rec[t*p.k+j]: a subset of layer t+1 with bit j last that completes (set by run)
	vals  []uint32 // scratch: an arrangement being built
	// search's parameters and result.
	pinI  int    // the cell
	pinV  uint32 // and its value that the arrangement must hold
	hint  uint64 // an arrangement whose values search tries early
	found uint64 // the arrangement found
	steps int    // the steps left
}

// newProp makes the propagator without its tables: each space's clone
// makes its own when its runs need them (the model's copy never runs).
func newProp(line []csp.Var, rels []Rel, lo, k int) *prop {
	return &prop{line: line, rels: rels, lo: lo, k: k, full: uint32(1)<<k - 1}
}

// after returns the values y with x r y for some x in xs, within full
// (the relations do not depend on lo: they look at differences only).
func after(r Rel, xs, full uint32) uint32 {
	switch r {
	case Less: // above the smallest
		low := xs & -xs
		return full &^ (low | (low - 1))
	case Greater: // below the largest
		return uint32(1)<<(bits.Len32(xs)-1) - 1
	case Adjacent:
		return (xs<<1 | xs>>1) & full
	case NotAdjacent:
		if xs&(xs-1) == 0 {
			return full &^ (xs<<1 | xs>>1)
		}
		// Two or more values: only a value adjacent to all of them, the
		// one between two values 2 apart, is excluded.
		if lo := xs & -xs; xs == lo|lo<<2 {
			return full &^ (lo << 1)
		}
	}
	return full
}

// converse returns the relation r' with y r' x exactly when x r y.
func converse(r Rel) Rel {
	switch r {
	case Less:
		return Greater
	case Greater:
		return Less
	}
	return r
}

// before returns the values x with x r y for the one value y (a single
// bit), within full.
func before(r Rel, y, full uint32) uint32 {
	switch r {
	case Less:
		return y - 1
	case Greater:
		return full &^ (y | (y - 1))
	case Adjacent:
		return (y<<1 | y>>1) & full
	case NotAdjacent:
		return full &^ (y<<1 | y>>1)
	}
	return full
}

// alloc makes the scratch of a line of n cells, but for the program's
// tables and the witnesses, which wait until a run needs them (on
// Unequal's easy puzzles, most chains find their line assigned, and the
// allocations cost more than the runs).
func (p *prop) alloc(n int) {
	p.dom, p.keep = make([]uint32, n), make([]uint32, n)
	p.start = make([]int, n+2)
	p.must = make([]uint32, n+1)
	p.cells = make([]int, 0, n)
	p.link = make([]Rel, n)
	p.cover = make([]uint32, n)
	p.vals = make([]uint32, n)
}

// tables makes the program's tables.
func (p *prop) tables() {
	n := len(p.dom)
	p.f, p.order = make([]uint32, 1<<p.k), make([]uint32, 0, 1<<p.k)
	p.rec = make([]uint32, n*p.k)
}

// witnesses makes the witness store, empty.
func (p *prop) witnesses() {
	p.wit, p.next = make([]uint64, 0, maxWitnesses), 0
	p.uses = make([]uint64, len(p.dom)*p.k)
}

// maxWitnesses is the number of witnesses a propagator keeps (the bits of
// a word: uses holds a set of them), the oldest overwritten first.
const maxWitnesses = 64

// maxSearched is the most values without a witness that a run looks for
// witnesses of by search before it runs the program instead, and
// stepsPerCell·n² the steps that search may take in all on a line of n
// cells. With them, on the 9×9 recursive Unequal puzzles (the command
// line's model), most runs end without the program, many on the
// witnesses alone (measured in docs/BENCHMARKS.md, section "Chain: run
// cost, witnesses and windows").
const (
	maxSearched  = 18
	stepsPerCell = 4
)

// Propagate keeps exactly the values some arrangement of the line uses;
// it is idempotent (it answers Fixpoint, or Entailed once every cell is
// assigned). It first looks for the arrangements in its witnesses, and
// by a short search for the few values none holds (verify); only when
// that does not settle every value does it run the program.
func (p *prop) Propagate(s *csp.Space) csp.Status {
	n := len(p.line)
	if n > p.k {
		return csp.Failed // more cells than values
	}
	if p.dom == nil {
		p.alloc(n)
	}
	free := false
	for i, x := range p.line {
		p.dom[i] = uint32(word0(s, x)>>p.lo) & p.full
		if p.dom[i] == 0 {
			return csp.Failed
		}
		free = free || !single(p.dom[i])
	}
	v := undecided // every cell assigned: filter checks the line
	if free {
		if p.uses == nil {
			p.witnesses()
		}
		v = p.verify()
	}
	switch v {
	case wipedOut:
		return csp.Failed
	case supported:
		copy(p.keep, p.dom)
	default:
		if !p.filter() {
			return csp.Failed
		}
	}
	all := true
	for i, x := range p.line {
		if !s.KeepMask(x, uint64(p.keep[i])<<p.lo) {
			return csp.Failed
		}
		all = all && p.keep[i]&(p.keep[i]-1) == 0
	}
	if all {
		return csp.Entailed
	}
	return csp.Fixpoint
}

// verdict is what verify found.
type verdict uint8

const (
	undecided verdict = iota // too many values without a witness, or out of steps: the program decides
	supported                // every value left in p.dom is in a witness (p.dom may have lost values none can be)
	wipedOut                 // a cell has no value left
)

// verify sets p.cover to the values of the witnesses that p.dom allows;
// then, unless more than maxSearched values are left out, it searches
// for an arrangement with each value left out, in the order of the
// cells: one found is a new witness, and a search that ends within its
// steps without one proves the value unsupported, and verify removes it
// from p.dom (the witnesses found hold no such value, so they stay
// valid).
func (p *prop) verify() verdict {
	dom, cover, uses := p.dom, p.cover, p.uses
	valid := uint64(1)<<len(p.wit) - 1 // every slot when full (1<<64 is 0)
	for i, d := range dom {
		var m uint64
		for c := d; c != 0; c &= c - 1 {
			m |= uses[i*p.k+bits.TrailingZeros32(c)]
		}
		valid &= m
	}
	missing := 0
	for i, d := range dom {
		cover[i] = 0
		for c := d; c != 0; c &= c - 1 {
			if uses[i*p.k+bits.TrailingZeros32(c)]&valid != 0 {
				cover[i] |= c & -c
			}
		}
		missing += bits.OnesCount32(d &^ cover[i])
	}
	if missing == 0 {
		return supported
	}
	if missing > maxSearched {
		return undecided
	}
	p.steps = stepsPerCell * len(dom) * len(dom)
	for i, d := range dom {
		for miss := d &^ cover[i]; miss != 0; miss = dom[i] &^ cover[i] {
			v := miss & -miss
			hint := uint64(0)
			if h := uses[i*p.k+bits.TrailingZeros32(v)]; h != 0 {
				hint = p.wit[bits.TrailingZeros64(h)]
			}
			p.pinI, p.pinV, p.hint = i, v, hint
			if p.search(0, v, 0, 0) {
				p.addWitness(p.found)
				continue
			}
			if p.steps < 0 {
				return undecided
			}
			if dom[i] &^= v; dom[i] == 0 {
				return wipedOut
			}
		}
	}
	return supported
}

// addWitness keeps arrangement w (overwriting the oldest when full) and
// adds its values to p.cover.
func (p *prop) addWitness(w uint64) {
	n := len(p.dom)
	slot := len(p.wit)
	if slot < cap(p.wit) {
		p.wit = append(p.wit, w)
	} else {
		slot = p.next
		p.next = (p.next + 1) % len(p.wit)
		old := p.wit[slot]
		for i := range n {
			p.uses[i*p.k+int(old>>(4*i)&15)] &^= 1 << slot
		}
		p.wit[slot] = w
	}
	for i := range n {
		v := int(w >> (4 * i) & 15)
		p.uses[i*p.k+v] |= 1 << slot
		p.cover[i] |= 1 << v
	}
}

// search extends an arrangement of cells 0..j-1 (values used, the last
// one prev, packed in w) to the whole line with cell pinI at pinV, depth
// first within p.steps steps, and leaves it in p.found. It tries values
// no witness holds first (the arrangement found then stands for more of
// them), then hint's, then the rest. Its only pruning is sound (a
// relation with the cell before, and with the cell after when that one
// has a value left), so when it returns false with steps left there is
// no such arrangement.
func (p *prop) search(j int, used, prev uint32, w uint64) bool {
	n := len(p.dom)
	if j == n {
		p.found = w
		return true
	}
	if p.steps--; p.steps < 0 {
		return false
	}
	var cand uint32
	if j == p.pinI {
		cand = p.pinV
	} else {
		cand = p.dom[j] &^ used
	}
	if j > 0 {
		if r := p.rels[j-1]; r != Any {
			cand &= after(r, prev, p.full)
		}
	}
	if j+1 < n {
		if r := p.rels[j]; r != Any {
			next := p.dom[j+1] &^ used
			if j+1 == p.pinI {
				next = p.pinV
			}
			if next == 0 {
				return false
			}
			cand &= after(converse(r), next, p.full)
		}
	}
	miss := cand &^ p.cover[j]
	h := cand &^ miss & (1 << (p.hint >> (4 * j) & 15))
	for _, part := range [3]uint32{miss, h, cand &^ miss &^ h} {
		for ; part != 0; part &= part - 1 {
			b := part & -part
			if p.search(j+1, used|b, b, w|uint64(bits.TrailingZeros32(b))<<(4*j)) {
				return true
			}
		}
	}
	return false
}

// word0 returns the first word of x's domain (values 0..63).
func word0(s *csp.Space, x csp.Var) uint64 {
	if w := s.Words(x); len(w) > 0 {
		return w[0]
	}
	return 0
}

// single reports whether the set d holds exactly one value.
func single(d uint32) bool { return d&(d-1) == 0 }

// filter fills p.keep from p.dom (which it narrows) and reports whether
// some arrangement exists. It leaves p.f zero.
//
// Assigned cells are taken out of the program first: their values leave
// the other cells, their neighbours keep only the values related to them,
// and the free cells on either side of them become neighbours related by
// Any. The program then runs over the free cells and the subsets of the
// values they can still take, so every cell assigned halves its work.
func (p *prop) filter() bool {
	dom := p.dom
	n := len(dom)
	fixed := uint32(0)
	for i, d := range dom {
		if single(d) {
			if fixed&d != 0 {
				return false
			}
			fixed |= d
			if i > 0 && single(dom[i-1]) && after(p.rels[i-1], dom[i-1], p.full)&d == 0 {
				return false
			}
		}
	}
	cells := p.cells[:0]
	union := uint32(0)
	for i, d := range dom {
		p.keep[i] = d
		if single(d) {
			continue
		}
		d &^= fixed
		if i > 0 && single(dom[i-1]) {
			d &= after(p.rels[i-1], dom[i-1], p.full)
		}
		if i+1 < n && single(dom[i+1]) {
			d &= before(p.rels[i], dom[i+1], p.full)
		}
		if d == 0 {
			return false
		}
		dom[i] = d
		p.keep[i] = 0
		cells = append(cells, i)
		union |= d
	}
	p.cells = cells
	m := len(cells)
	if m == 0 {
		return true
	}
	if bits.OnesCount32(union) < m {
		return false
	}
	link := p.link
	for t := 1; t < m; t++ {
		link[t] = Any
		if c := cells[t]; cells[t-1] == c-1 {
			link[t] = p.rels[c-1]
		}
	}
	if p.f == nil {
		p.tables()
	}
	ok := p.run(m)
	for _, S := range p.order {
		p.f[S] = 0
	}
	return ok
}

// run is the program proper over the m free cells of filter, on the
// subsets reached only, layer by layer (layer t holds the subsets of t
// values that the first t free cells can take, in order). It leaves
// p.order holding every subset whose entry of p.f it set.
func (p *prop) run(m int) bool {
	f, full, dom, cells, link := p.f, p.full, p.dom, p.cells, p.link
	order, start, must := p.order[:0], p.start, p.must
	// When the free cells take every value left (a Latin line), the
	// values that no cell from t on can take must be among the first t:
	// must[t] holds them, and the subsets without them are not reached.
	union := uint32(0)
	for t := m - 1; t >= 0; t-- {
		must[t+1] = union
		union |= dom[cells[t]]
	}
	for t := 1; t <= m; t++ {
		must[t] = union &^ must[t]
		if bits.OnesCount32(union) != m {
			must[t] = 0
		}
	}
	// Forward: f[S] for the subsets reached.
	start[1] = 0
	for c := dom[cells[0]]; c != 0; c &= c - 1 {
		if b := c & -c; must[1]&^b == 0 {
			f[b] = b
			order = append(order, b)
		}
	}
	for t := 1; t < m; t++ {
		start[t+1] = len(order)
		d, r := dom[cells[t]], link[t]
		for _, S := range order[start[t]:start[t+1]] {
			cand := d &^ S
			if need := must[t+1] &^ S; need != 0 {
				if need&(need-1) != 0 {
					continue
				}
				cand &= need
			}
			if r != Any {
				cand &= after(r, f[S], full)
			}
			for c := cand; c != 0; c &= c - 1 {
				b := c & -c
				if f[S|b] == 0 {
					order = append(order, S|b)
				}
				f[S|b] |= b
			}
		}
	}
	start[m+1] = len(order)
	p.order = order
	if start[m+1] == start[m] {
		return false
	}
	// Backward: f[S] narrows to the last values from which the line
	// completes, the last layer first (it is complete); a transition
	// from a reached state into a completable one supports its value.
	for t := m - 1; t >= 1; t-- {
		d, r := dom[cells[t]], link[t]
		keep := uint32(0)
		for _, S := range order[start[t]:start[t+1]] {
			last := f[S]
			cand := d &^ S
			if r != Any {
				cand &= after(r, last, full)
			}
			good := uint32(0)
			for c := cand; c != 0; c &= c - 1 {
				b := c & -c
				if f[S|b]&b != 0 {
					good |= b
				}
			}
			for c := good &^ keep; c != 0; c &= c - 1 {
				p.rec[t*p.k+bits.TrailingZeros32(c)] = S | c&-c
			}
			keep |= good
			switch {
			case good == 0:
				last = 0
			case r != Any:
				last &= after(converse(r), good, full)
			}
			f[S] = last
		}
		p.keep[cells[t]] |= keep
	}
	first := cells[0]
	for _, S := range order[start[1]:start[2]] {
		if f[S] != 0 {
			p.keep[first] |= S
			p.rec[bits.TrailingZeros32(S)] = S
		}
	}
	if p.keep[first] == 0 {
		return false
	}
	p.witness(m)
	return true
}

// witness adds witnesses until every supported value is in one (as far
// as p.cover knows), each built from the tables run leaves: from the
// state rec gives for a free cell and value, back to the first cell
// through completable predecessors and on to the last through
// completable successors (neither can dead end).
func (p *prop) witness(m int) {
	if p.uses == nil {
		p.witnesses()
	}
	f, full, dom, cells, link, vals := p.f, p.full, p.dom, p.cells, p.link, p.vals
	var fixed uint64
	for i, d := range p.keep {
		if single(d) {
			fixed |= uint64(bits.TrailingZeros32(d)) << (4 * i)
		}
	}
	for t, c := range cells {
		for miss := p.keep[c] &^ p.cover[c]; miss != 0; miss &= miss - 1 {
			b := miss & -miss
			T := p.rec[t*p.k+bits.TrailingZeros32(b)]
			vals[t] = b
			cur, last := T, b
			for u := t; u >= 1; u-- {
				prev := cur &^ last
				a := f[prev]
				if r := link[u]; r != Any {
					a &= before(r, last, full)
				}
				a &= -a
				vals[u-1] = a
				cur, last = prev, a
			}
			cur, last = T, b
			for u := t + 1; u < m; u++ {
				cand := dom[cells[u]] &^ cur
				if r := link[u]; r != Any {
					cand &= after(r, last, full)
				}
				for ; cand != 0; cand &= cand - 1 {
					if c := cand & -cand; f[cur|c]&c != 0 {
						last = c
						break
					}
				}
				vals[u] = last
				cur |= last
			}
			w := fixed
			for u, c := range cells {
				w |= uint64(bits.TrailingZeros32(vals[u])) << (4 * c)
			}
			p.addWitness(w)
		}
	}
}

func (p *prop) Name() string           { return "chain" }
func (p *prop) Priority() csp.Priority { return csp.Expensive }

// Clone gives the copy its own scratch tables and witnesses, made when
// its runs need them; the line and its relations are shared (read only).
func (p *prop) Clone() csp.Propagator {
	c := *p
	c.dom, c.keep, c.f, c.order, c.start, c.must, c.cells, c.link = nil, nil, nil, nil, nil, nil, nil, nil
	c.wit, c.cover, c.rec, c.vals, c.uses = nil, nil, nil, nil, nil
	return &c
}

// Reset forgets the witnesses (they would only be hints for another
// instance).
func (p *prop) Reset() {
	if p.wit != nil {
		p.wit, p.next = p.wit[:0], 0
		clear(p.uses)
	}
}
