// Package units propagates permutation units: groups of cells that take
// pairwise different values, each group as many cells as values, the way
// the rows, columns and boxes of a sudoku, the rows and columns of a Latin
// square or of a skyscraper grid do. It knows units, not puzzles.
//
// Post puts every unit of a model into one propagator that works on whole
// domain words at once (one machine word per cell, values below 64): naked
// singles, hidden singles, and box-line reduction over every pair of units
// that share two or more cells, each with a few bit operations per cell.
// It is the fast path for models made only of such units; the same
// deductions are also available one constraint at a time (alldiff.Post at
// value or hidden strength, and PostBoxLine here), for models that mix
// units with other constraints or for comparing strategies.
package units

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/enum"
)

// Level is how much Post deduces; each level includes the ones before.
type Level uint8

// The levels, weakest first, named as solvers of sudoku name the rules.
const (
	// Singles removes an assigned cell's value from the rest of its units
	// ("naked single").
	Singles Level = iota
	// Hidden also places a value that has one cell left in a unit there
	// ("hidden single"), and fails a unit where a value has no cell left.
	Hidden
	// BoxLine also removes, for two units that overlap in two or more
	// cells, a value of one unit confined to the overlap from the rest of
	// the other ("pointing" and "claiming", or box-line reduction).
	BoxLine
	// Chutes also reasons on chutes: k disjoint permutation units whose
	// cells are exactly those of k other disjoint permutation units over
	// the same values (a sudoku's band of three rows and three boxes, or
	// stack of three columns and three boxes; 2 <= k <= 8). Every value
	// lies once in each unit of both sides, so the meets of the two sides
	// where it lies form a perfect matching: a value leaves a meet that no
	// perfect matching uses, and a meet left with as many values as cells
	// holds exactly those, which leave the rest of both its units (the
	// "triads" of Dillon's tdoku). Within a chute this includes box-line
	// reduction, which still runs between the units no chute joins.
	Chutes
)

var levelNames = enum.Names{"singles", "hidden", "boxline", "chutes"}

// String returns the level's name: singles, hidden, boxline or chutes.
func (l Level) String() string { return levelNames.Name("Level", int(l)) }

// ParseLevel reads a level by the name String gives it. An unknown name
// gives an error wrapping ErrLevel.
func ParseLevel(name string) (Level, error) {
	if i, ok := levelNames.Parse(name); ok {
		return Level(i), nil
	}
	return 0, fmt.Errorf("%w %q (want %s)", ErrLevel, name, levelNames.List())
}

// Errors that Post and PostBoxLine wrap.
var (
	// ErrLevel: a level that is not Singles, Hidden or BoxLine.
	ErrLevel = errors.New("units: unknown level")
	// ErrUnit: a unit that cannot be posted: a variable not in the model,
	// listed twice in one unit, or able to take a value of 64 or more
	// (the propagators keep one machine word per cell).
	ErrUnit = errors.New("units: invalid unit")
)

// net is the shape of a set of units over local cell numbers 0..len(vars)-1,
// shared (read-only) by every clone of a propagator.
type net struct {
	vars []csp.Var
	base int32 // vars are base, base+1, ... (-1 if not)
	// rest is, when not nil, every cell's initial word: set when those
	// are a fixpoint of every rule (each unit a permutation of two or
	// more values, each of its cells holding all of them), so that a run
	// with no hint compares with them, and the cells a search's root
	// left untouched do not count as changed.
	rest      []uint64
	unitStart []int32 // unit u's cells are unitCells[unitStart[u]:unitStart[u+1]]
	unitCells []int32
	full      []uint64 // per unit, the union of its cells' initial domains
	perm      []bool   // per unit, as many values in full as cells
	cellStart []int32  // cell c's units are cellUnits[cellStart[c]:cellStart[c+1]]
	cellUnits []int32
	// The same as bit sets of units, uw words per cell: cellMask[c*uw:].
	uw         int
	cellMask   []uint64
	peerStart  []int32 // cell c's peers (cells sharing a unit) are peers[peerStart[c]:peerStart[c+1]]
	peers      []int32
	pairs      []pair
	pairStart  []int32 // unit u's pairs are unitPairs[pairStart[u]:pairStart[u+1]]
	unitPairs  []int32
	chutes     []chute
	chuteStart []int32 // unit u's chutes are unitChutes[chuteStart[u]:chuteStart[u+1]]
	unitChutes []int32
	maxK       int     // the most units on a side of a chute
	chuteAt    []int32 // chute k's first meet among all chutes' meets
	meets      int     // the meets of all chutes
}

// pair is two units that overlap in two cells or more: the cells of the
// overlap, of the first unit only, and of the second only.
type pair struct {
	a, b         int32
	both, onlyA  []int32
	onlyB        []int32
	permA, permB bool
}

// newNet numbers the cells of units and finds their overlaps. It returns
// an error wrapping ErrUnit for a variable not in m, a variable twice in
// one unit, or a cell whose domain reaches 64 or more: the units
// propagators keep one word per cell.
func newNet(m *csp.Model, units [][]csp.Var, l Level) (*net, error) {
	n := &net{}
	local := map[csp.Var]int32{}
	var buf []uint64 // a cell's initial words
	n.unitStart = append(n.unitStart, 0)
	for k, u := range units {
		full := uint64(0)
		seen := map[csp.Var]bool{}
		for _, x := range u {
			if !m.Has(x) {
				return nil, fmt.Errorf("%w: unit %d: variable %d not in the model", ErrUnit, k+1, x)
			}
			if err := m.CheckWords(x); err != nil {
				return nil, fmt.Errorf("%w: unit %d: %w", ErrUnit, k+1, err)
			}
			if seen[x] {
				return nil, fmt.Errorf("%w: unit %d: variable %s twice", ErrUnit, k+1, m.Name(x))
			}
			seen[x] = true
			buf = m.AppendInitial(buf[:0], x)
			w := buf
			for _, hi := range w[min(1, len(w)):] {
				if hi != 0 {
					return nil, fmt.Errorf("%w: unit %d: variable %s has values of 64 or more", ErrUnit, k+1, m.Name(x))
				}
			}
			if len(w) > 0 {
				full |= w[0]
			}
			c, ok := local[x]
			if !ok {
				c = int32(len(n.vars))
				local[x] = c
				n.vars = append(n.vars, x)
			}
			n.unitCells = append(n.unitCells, c)
		}
		n.unitStart = append(n.unitStart, int32(len(n.unitCells)))
		n.full = append(n.full, full)
		n.perm = append(n.perm, bits.OnesCount64(full) == len(u))
	}
	n.cellStart, n.cellUnits = invert(len(n.vars), n.unitStart, n.unitCells)
	n.base = -1
	if len(n.vars) > 0 {
		n.base = int32(n.vars[0])
	}
	for i, x := range n.vars {
		if int32(x) != n.base+int32(i) {
			n.base = -1
			break
		}
	}
	n.uw = (len(units) + 63) / 64
	n.cellMask = make([]uint64, n.uw*len(n.vars))
	for c := range len(n.vars) {
		for _, u := range n.cellUnits[n.cellStart[c]:n.cellStart[c+1]] {
			n.cellMask[c*n.uw+int(u/64)] |= 1 << (u % 64)
		}
	}
	n.rest = make([]uint64, len(n.vars))
	for k, u := range units {
		for _, x := range u {
			buf = m.AppendInitial(buf[:0], x)
			c := local[x]
			if len(buf) == 0 || buf[0] != n.full[k] || !n.perm[k] || bits.OnesCount64(n.full[k]) < 2 {
				n.rest = nil
				break
			}
			n.rest[c] = buf[0]
		}
		if n.rest == nil {
			break
		}
	}
	n.findPeers()
	if l >= Chutes {
		n.findChutes()
	}
	if l >= BoxLine {
		n.findPairs()
	}
	return n, nil
}

// invert turns lists of members per group (start, members) into lists of
// groups per member.
func invert(members int, start, list []int32) (invStart, invList []int32) {
	invStart = make([]int32, members+1)
	for _, c := range list {
		invStart[c+1]++
	}
	for i := 1; i <= members; i++ {
		invStart[i] += invStart[i-1]
	}
	invList = make([]int32, len(list))
	next := append([]int32(nil), invStart[:members]...)
	for g := range len(start) - 1 {
		for _, c := range list[start[g]:start[g+1]] {
			invList[next[c]] = int32(g)
			next[c]++
		}
	}
	return invStart, invList
}

func (n *net) cells(u int32) []int32 { return n.unitCells[n.unitStart[u]:n.unitStart[u+1]] }

// findPeers lists, for every cell, the other cells of its units, once
// each.
func (n *net) findPeers() {
	mark := make([]int32, len(n.vars)) // cell+1 that last listed the peer
	n.peerStart = append(n.peerStart[:0], 0)
	for c := range int32(len(n.vars)) {
		mark[c] = c + 1
		for _, u := range n.cellUnits[n.cellStart[c]:n.cellStart[c+1]] {
			for _, q := range n.cells(u) {
				if mark[q] != c+1 {
					mark[q] = c + 1
					n.peers = append(n.peers, q)
				}
			}
		}
		n.peerStart = append(n.peerStart, int32(len(n.peers)))
	}
}

// findPairs lists the pairs of units sharing two cells or more where at
// least one unit is a permutation (only then is a value confined).
func (n *net) findPairs() {
	units := int32(len(n.full))
	in := make([]int32, len(n.vars)) // unit+1 that last marked the cell
	for a := range units {
		for _, c := range n.cells(a) {
			in[c] = a + 1
		}
		for b := a + 1; b < units; b++ {
			if !n.perm[a] && !n.perm[b] {
				continue
			}
			shared := 0
			for _, c := range n.cells(b) {
				if in[c] == a+1 {
					shared++
				}
			}
			if shared < 2 || n.inChute(a, b) {
				continue
			}
			pr := pair{a: a, b: b, permA: n.perm[a], permB: n.perm[b]}
			inB := map[int32]bool{}
			for _, c := range n.cells(b) {
				inB[c] = true
				if in[c] == a+1 {
					pr.both = append(pr.both, c)
				} else {
					pr.onlyB = append(pr.onlyB, c)
				}
			}
			for _, c := range n.cells(a) {
				if !inB[c] {
					pr.onlyA = append(pr.onlyA, c)
				}
			}
			n.pairs = append(n.pairs, pr)
		}
	}
	start := []int32{0}
	var list []int32
	for k := range n.pairs {
		list = append(list, n.pairs[k].a, n.pairs[k].b)
		start = append(start, int32(len(list)))
	}
	n.pairStart, n.unitPairs = invert(int(units), start, list)
	start, list = []int32{0}, nil
	for k := range n.chutes {
		list = append(list, n.chutes[k].units...)
		start = append(start, int32(len(list)))
		n.maxK = max(n.maxK, n.chutes[k].k)
		n.chuteAt = append(n.chuteAt, int32(n.meets))
		n.meets += n.chutes[k].k * n.chutes[k].k
	}
	n.chuteStart, n.unitChutes = invert(int(units), start, list)
}

// confined returns the values to remove from the cells of the pair's
// second unit outside the overlap (values of the first unit found only in
// the overlap), and likewise for the first unit.
func (pr *pair) confined(d []uint64) (fromB, fromA uint64) {
	var inBoth, inA, inB uint64
	for _, c := range pr.both {
		inBoth |= d[c]
	}
	for _, c := range pr.onlyA {
		inA |= d[c]
	}
	for _, c := range pr.onlyB {
		inB |= d[c]
	}
	if pr.permA {
		fromB = inBoth &^ inA
	}
	if pr.permB {
		fromA = inBoth &^ inB
	}
	return fromB, fromA
}

// Post constrains each unit to take pairwise different values and, where
// a unit has as many cells as values in the union of its cells' initial
// domains, to use each value once; one propagator filters them all at the
// given level. Cells may belong to any number of units.
//
// Post returns an error wrapping ErrLevel for an unknown level, and one
// wrapping ErrUnit when a cell is not in m, can take a value of 64 or more,
// or appears twice in one unit; it posts nothing then.
func Post(m *csp.Model, units [][]csp.Var, l Level) error {
	if l > Chutes {
		return fmt.Errorf("%w: %v", ErrLevel, l)
	}
	n, err := newNet(m, units, l)
	if err != nil {
		return err
	}
	m.Post(newProp(n, l), domains.EventDomain, n.vars...)
	return nil
}

// prop is the propagator of Post. Per run it loads every cell's word,
// works on the copy, and writes back what it narrowed:
//   - a cell that became assigned removes its value from its peers (the
//     cells that share a unit with it), and a changed cell loses the values
//     of its assigned peers;
//   - a unit with a changed cell is checked for values with no cell left
//     (failure) or one cell left (hidden single);
//   - a pair of overlapping units, one of which changed, is checked for
//     values confined to the overlap, and a chute whose units changed is
//     filtered.
//
// The words at the end of its runs are a hint of what changed since: it
// keeps those of its last successful run at each level of the search,
// with the space's Mark of that node, and compares a new run with the
// deepest of them whose node still holds (an ancestor of the current
// node, or the node itself), so that after a backtrack only the cells
// narrowed since that ancestor count as changed. A cell that differs from
// the hint counts as changed: a stale hint costs extra work and never
// hides a change.
type prop struct {
	*net
	level Level

	d, orig, last []uint64   // last: the hint of this run
	none          []uint64   // the hint when no ancestor has one: rest, or zero words
	hints         []uint64   // the words of the last successful run at level l: hints[l*len(vars):]
	hintMarks     []csp.Mark // the node of each level's hint (the zero Mark: none)
	moved         []int32    // cells that differ from last
	fixed         []int32    // cells assigned whose peers still need the value removed
	dirty         []uint64   // units to check for hidden singles (a bit set)
	changed       []uint64   // units with a cell changed since their pairs last ran
	pairQueued    []bool
	pairList      []int32
	chuteQueued   []bool
	chuteList     []int32
	// Scratch of the chute rule: per meet, its values and those it keeps;
	// per subset of a side, the matching tables.
	meetWords, keepWords, fwd, bwd []uint64
	// chuteFix[chuteAt[k]:] holds the meet words of chute k's last run
	// that removed nothing: at the same words the rule removes nothing
	// again, whatever the node.
	chuteFix []uint64
}

func newProp(n *net, l Level) *prop {
	none := n.rest
	if none == nil {
		none = make([]uint64, len(n.vars))
	}
	return &prop{
		net: n, level: l,
		d: make([]uint64, len(n.vars)), orig: make([]uint64, len(n.vars)), none: none,
		dirty: make([]uint64, n.uw), changed: make([]uint64, n.uw), pairQueued: make([]bool, len(n.pairs)),
		chuteQueued: make([]bool, len(n.chutes)),
		meetWords:   make([]uint64, n.maxK*n.maxK), keepWords: make([]uint64, n.maxK*n.maxK),
		fwd: make([]uint64, 1<<n.maxK), bwd: make([]uint64, 1<<n.maxK),
		chuteFix: make([]uint64, n.meets),
	}
}

// Clone gives a space its own scratch words.
func (p *prop) Clone() csp.Propagator { return newProp(p.net, p.level) }

// Reset forgets the last run's words (Space.Reset).
func (p *prop) Reset() {
	clear(p.hintMarks)
	clear(p.dirty)
	clear(p.changed)
	p.fixed = p.fixed[:0]
}

// Name groups statistics by level.
func (p *prop) Name() string { return "units/" + p.level.String() }

// touch records that cell c now holds w (not empty): its units become
// dirty (nextDirty marks them changed as it takes them).
func (p *prop) touch(c int32, w uint64) {
	p.d[c] = w
	if w&(w-1) == 0 {
		p.fixed = append(p.fixed, c)
	}
	if p.uw == 1 {
		p.dirty[0] |= p.cellMask[c]
		return
	}
	for k, m := range p.cellMask[int(c)*p.uw : int(c+1)*p.uw] {
		p.dirty[k] |= m
	}
}

// nextDirty takes a unit to check off the dirty set, or returns -1. The
// unit joins the changed set: every unit touched passes here before the
// pairs and chutes run, so the changed set costs one word operation per
// unit taken rather than per cell touched.
func (p *prop) nextDirty() int32 {
	for k, w := range p.dirty {
		if w != 0 {
			b := w & -w
			p.dirty[k] = w ^ b
			p.changed[k] |= b
			return int32(k*64 + bits.TrailingZeros64(w))
		}
	}
	return -1
}

// Propagate runs the rules to a fixpoint on the words.
func (p *prop) Propagate(s *csp.Space) csp.Status {
	n := len(p.vars)
	// The space's words when the cells are its variables in order (the
	// copy's original, untouched until the write-back), else a copy.
	orig := s.OneWord()
	if orig != nil && p.base >= 0 {
		orig = orig[p.base : int(p.base)+n]
		copy(p.d, orig)
	} else {
		for i, x := range p.vars {
			p.d[i] = s.Words(x)[0]
		}
		orig = p.orig
		copy(orig, p.d)
	}
	p.last = p.hint(s)
	d, last := p.d, p.last[:len(p.d)]
	p.moved = p.moved[:0]
	for i, w := range d {
		if w != last[i] {
			if w == 0 {
				return p.fail()
			}
			p.moved = append(p.moved, int32(i))
		}
	}
	if n > 0 && &last[0] == &p.none[0] && slices.Contains(d, 0) {
		return p.fail() // an empty cell the scan took for unchanged
	}
	// Changed cells: an assigned one is queued for its peers; another
	// loses the values of its assigned peers that did not change (those
	// that did are queued). A cell within its last word needs no look at
	// its peers: the last run left no value of an assigned peer there.
	// Whether any assigned cell stayed unchanged is found only when a
	// cell grew beyond its last word, which is rare.
	steady := -1 // -1: not counted yet
	for _, c := range p.moved {
		w := d[c]
		if w&(w-1) != 0 && w&^last[c] != 0 && p.anySteady(&steady) {
			var taken uint64
			for _, q := range p.peers[p.peerStart[c]:p.peerStart[c+1]] {
				if x := p.d[q]; x&(x-1) == 0 {
					taken |= x
				}
			}
			if w&taken != 0 {
				w &^= taken
				if w == 0 {
					return p.fail()
				}
			}
		}
		p.touch(c, w)
	}
	for {
		if !p.singles() {
			return p.fail()
		}
		if p.level < BoxLine {
			break
		}
		again, ok := p.pairsOfChanged()
		if !ok {
			return p.fail()
		}
		if !again {
			break
		}
	}
	orig = orig[:len(d)]
	for i, w := range d {
		if w != orig[i] && !s.KeepMask(p.vars[i], w) {
			return p.fail()
		}
	}
	p.keepHint(s)
	return csp.Fixpoint
}

// anySteady reports whether an assigned cell kept its last word (the
// peers of such a cell may still hold its value), counting once per run
// into *steady.
func (p *prop) anySteady(steady *int) bool {
	if *steady < 0 {
		*steady = 0
		for i, w := range p.d {
			if w == p.last[i] && w&(w-1) == 0 {
				*steady = 1
				break
			}
		}
	}
	return *steady > 0
}

// hint returns the words of the deepest level at or above the current
// one whose node still holds (rest, or all zero words, when none does).
func (p *prop) hint(s *csp.Space) []uint64 {
	n := len(p.vars)
	for l := min(s.Level(), len(p.hintMarks)-1); l >= 0; l-- {
		if m := p.hintMarks[l]; m != (csp.Mark{}) && s.Holds(m) {
			return p.hints[l*n : (l+1)*n]
		}
	}
	return p.none
}

// keepHint records the words of a successful run as the hint of the
// current level and forgets those of deeper levels.
func (p *prop) keepHint(s *csp.Space) {
	n, l := len(p.vars), s.Level()
	for len(p.hintMarks) <= l {
		p.hintMarks = append(p.hintMarks, csp.Mark{})
		p.hints = append(p.hints, make([]uint64, n)...)
	}
	copy(p.hints[l*n:], p.d)
	p.hintMarks[l] = s.Mark()
	clear(p.hintMarks[l+1:])
}

// singles applies naked and hidden singles until neither has work left;
// false on failure.
func (p *prop) singles() bool {
	d, peers, peerStart := p.d, p.peers, p.peerStart
	for {
		for len(p.fixed) > 0 {
			c := p.fixed[len(p.fixed)-1]
			p.fixed = p.fixed[:len(p.fixed)-1]
			v := d[c]
			ps := peers[peerStart[c]:peerStart[c+1]]
			// The plain loop for more than 64 peers and for a cell that
			// box-line reduction emptied (v = 0); one loop over chunks of 64
			// for every case measured 4-6% slower (docs/BENCHMARKS.md).
			if len(ps) > 64 || v == 0 {
				for _, q := range ps {
					if x := d[q]; x&v != 0 {
						if x == v {
							return false // two peers with one value
						}
						p.touch(q, x&^v)
					}
				}
				continue
			}
			// Two passes: v leaves every peer without a branch per peer
			// (which peers still hold v, a processor cannot predict),
			// noting which held it; then those are touched, in order.
			b := uint(bits.TrailingZeros64(v))
			var held uint64
			for i, q := range ps {
				x := d[q]
				held |= (x >> b & 1) << uint(i)
				d[q] = x &^ v
			}
			for ; held != 0; held &= held - 1 {
				q := ps[bits.TrailingZeros64(held)]
				y := d[q]
				if y == 0 {
					return false // two peers with one value
				}
				p.touch(q, y)
			}
		}
		u := p.nextDirty()
		if u < 0 {
			return true
		}
		if p.level >= Hidden && p.perm[u] && !p.hidden(u) {
			return false
		}
	}
}

// fail clears the work lists for the next run and reports failure.
func (p *prop) fail() csp.Status {
	clear(p.dirty)
	clear(p.changed)
	p.fixed = p.fixed[:0]
	return csp.Failed
}

// hidden checks a permutation unit: a value with no cell left fails it, a
// value with one cell left goes there. False on failure.
func (p *prop) hidden(u int32) bool {
	cells, d := p.cells(u), p.d
	var seen, twice, fixed uint64
	for _, c := range cells {
		x := d[c]
		twice |= seen & x
		seen |= x
		var f uint64
		if x&(x-1) == 0 {
			f = x
		}
		fixed |= f
	}
	if seen != p.full[u] {
		return false
	}
	once := seen &^ twice &^ fixed // placed values need nothing more
	if once == 0 {
		return true
	}
	for _, c := range cells {
		x := p.d[c]
		h := x & once
		if h == 0 || x&(x-1) == 0 {
			continue
		}
		if h&(h-1) != 0 {
			return false // two values that fit only this cell
		}
		p.touch(c, h)
	}
	return true
}

// pairsOfChanged runs the chute rule on the chutes, and box-line reduction
// on the pairs, of units that changed since they last ran. It reports
// whether units need to run again, and false for ok when a chute fails;
// box-line reduction leaves a failed cell for the next unit run to find.
func (p *prop) pairsOfChanged() (again, ok bool) {
	for i, w := range p.changed {
		for ; w != 0; w &= w - 1 {
			u := i*64 + bits.TrailingZeros64(w)
			for _, k := range p.unitPairs[p.pairStart[u]:p.pairStart[u+1]] {
				if !p.pairQueued[k] {
					p.pairQueued[k] = true
					p.pairList = append(p.pairList, k)
				}
			}
			for _, k := range p.unitChutes[p.chuteStart[u]:p.chuteStart[u+1]] {
				if !p.chuteQueued[k] {
					p.chuteQueued[k] = true
					p.chuteList = append(p.chuteList, k)
				}
			}
		}
		p.changed[i] = 0
	}
	ok = true
	for _, k := range p.chuteList {
		p.chuteQueued[k] = false
		ok = ok && p.chute(k)
	}
	p.chuteList = p.chuteList[:0]
	if !ok {
		for _, k := range p.pairList {
			p.pairQueued[k] = false
		}
		p.pairList = p.pairList[:0]
		return false, false
	}
	for _, k := range p.pairList {
		p.pairQueued[k] = false
		pr := &p.pairs[k]
		fromB, fromA := pr.confined(p.d)
		p.strip(pr.onlyB, fromB)
		p.strip(pr.onlyA, fromA)
	}
	p.pairList = p.pairList[:0]
	return len(p.fixed) > 0 || slices.ContainsFunc(p.dirty, func(w uint64) bool { return w != 0 }), true
}

// strip removes mask from cells.
func (p *prop) strip(cells []int32, mask uint64) {
	if mask == 0 {
		return
	}
	for _, c := range cells {
		if x := p.d[c]; x&mask != 0 {
			p.touch(c, x&^mask)
		}
	}
}

// PostBoxLine posts box-line reduction for two units a and b that share
// cells, as a propagator of its own: a value that must go somewhere in a
// (a is a permutation of its values) and that only the shared cells still
// hold leaves b's other cells, and the other way round. With alldiff.Post
// on each unit it gives, one constraint at a time, what Post gives at
// BoxLine. Units sharing fewer than two cells get nothing (a single shared
// cell is a hidden single's business). It returns an error wrapping
// ErrUnit, and posts nothing, for a unit Post would refuse.
func PostBoxLine(m *csp.Model, a, b []csp.Var) error {
	n, err := newNet(m, [][]csp.Var{a, b}, BoxLine)
	if err != nil {
		return err
	}
	if len(n.pairs) == 0 {
		return nil
	}
	m.Post(&boxLine{net: n, d: make([]uint64, len(n.vars))}, domains.EventDomain, n.vars...)
	return nil
}

// boxLine is the propagator of PostBoxLine.
type boxLine struct {
	*net
	d []uint64
}

// Clone gives a space its own scratch words.
func (p *boxLine) Clone() csp.Propagator {
	return &boxLine{net: p.net, d: make([]uint64, len(p.vars))}
}

// Name is the statistics kind.
func (p *boxLine) Name() string { return "boxline" }

// Propagate removes the confined values once; the queue runs it again
// if that confined more.
func (p *boxLine) Propagate(s *csp.Space) csp.Status {
	for i, x := range p.vars {
		p.d[i] = s.Words(x)[0]
	}
	pr := &p.pairs[0]
	fromB, fromA := pr.confined(p.d)
	for _, c := range pr.onlyB {
		if !s.RemoveMask(p.vars[c], fromB) {
			return csp.Failed
		}
	}
	for _, c := range pr.onlyA {
		if !s.RemoveMask(p.vars[c], fromA) {
			return csp.Failed
		}
	}
	if fromA|fromB == 0 {
		return csp.Fixpoint
	}
	return csp.NotFixpoint
}
