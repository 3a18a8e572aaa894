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
	"fmt"
	"math/bits"

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
)

var levelNames = enum.Names{"singles", "hidden", "boxline"}

// String returns the level's name: singles, hidden or boxline.
func (l Level) String() string { return levelNames.Name("Level", int(l)) }

// ParseLevel reads a level by name.
func ParseLevel(name string) (Level, error) {
	if i, ok := levelNames.Parse(name); ok {
		return Level(i), nil
	}
	return 0, fmt.Errorf("units: unknown level %q (want %s)", name, levelNames.List())
}

// net is the shape of a set of units over local cell numbers 0..len(vars)-1,
// shared (read-only) by every clone of a propagator.
type net struct {
	vars      []csp.Var
	unitStart []int32 // unit u's cells are unitCells[unitStart[u]:unitStart[u+1]]
	unitCells []int32
	full      []uint64 // per unit, the union of its cells' initial domains
	perm      []bool   // per unit, as many values in full as cells
	cellStart []int32  // cell c's units are cellUnits[cellStart[c]:cellStart[c+1]]
	cellUnits []int32
	pairs     []pair
	pairStart []int32 // unit u's pairs are unitPairs[pairStart[u]:pairStart[u+1]]
	unitPairs []int32
}

// pair is two units that overlap in two cells or more: the cells of the
// overlap, of the first unit only, and of the second only.
type pair struct {
	a, b         int32
	both, onlyA  []int32
	onlyB        []int32
	permA, permB bool
}

// newNet numbers the cells of units and finds their overlaps. It panics
// when a cell's domain reaches 64 or more: the units propagators keep one
// word per cell.
func newNet(m *csp.Model, units [][]csp.Var, withPairs bool) *net {
	n := &net{}
	local := map[csp.Var]int32{}
	n.unitStart = append(n.unitStart, 0)
	for _, u := range units {
		full := uint64(0)
		seen := map[csp.Var]bool{}
		for _, x := range u {
			if seen[x] {
				panic(fmt.Sprintf("units: variable %s twice in one unit", m.Name(x)))
			}
			seen[x] = true
			w := m.InitialDomain(x).Words()
			for _, hi := range w[min(1, len(w)):] {
				if hi != 0 {
					panic(fmt.Sprintf("units: variable %s has values of 64 or more", m.Name(x)))
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
	if withPairs {
		n.findPairs()
	}
	return n
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
			if shared < 2 {
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
// given level. Cells may belong to any number of units. Post panics if a
// cell can take a value of 64 or more, or appears twice in one unit.
func Post(m *csp.Model, units [][]csp.Var, l Level) {
	n := newNet(m, units, l >= BoxLine)
	m.Post(newProp(n, l), domains.EventDomain, n.vars...)
}

// prop is the propagator of Post. Per run it loads every cell's word,
// works on the copy (units whose cells changed since its last run, then
// overlapping pairs of units that changed), and writes back what it
// narrowed. The words of its last run are a hint of what changed: a cell
// that differs from them puts its units to work, so a stale hint (after a
// backtrack) costs extra work and never misses a change.
type prop struct {
	*net
	level Level

	d, orig, last []uint64
	dirty         []bool  // per unit, waiting in stack
	stack         []int32 // units to run
	changed       []bool  // per unit, a cell changed since its pairs last ran
	changedList   []int32
	pairQueued    []bool
	pairList      []int32
}

func newProp(n *net, l Level) *prop {
	units := len(n.full)
	return &prop{
		net: n, level: l,
		d: make([]uint64, len(n.vars)), orig: make([]uint64, len(n.vars)), last: make([]uint64, len(n.vars)),
		dirty: make([]bool, units), changed: make([]bool, units), pairQueued: make([]bool, len(n.pairs)),
	}
}

// Clone gives a space its own scratch words.
func (p *prop) Clone() csp.Propagator { return newProp(p.net, p.level) }

// Name groups statistics by level.
func (p *prop) Name() string { return "units/" + p.level.String() }

// touch records that cell c now holds w.
func (p *prop) touch(c int32, w uint64) {
	p.d[c] = w
	for _, u := range p.cellUnits[p.cellStart[c]:p.cellStart[c+1]] {
		if !p.dirty[u] {
			p.dirty[u] = true
			p.stack = append(p.stack, u)
		}
		if !p.changed[u] {
			p.changed[u] = true
			p.changedList = append(p.changedList, u)
		}
	}
}

// Propagate runs the units and pairs to a fixpoint on the words.
func (p *prop) Propagate(s *csp.Space) csp.Status {
	for i, x := range p.vars {
		w := s.Words(x)[0]
		p.d[i], p.orig[i] = w, w
		if w != p.last[i] {
			p.touch(int32(i), w)
		}
	}
	for {
		for len(p.stack) > 0 {
			u := p.stack[len(p.stack)-1]
			p.stack = p.stack[:len(p.stack)-1]
			p.dirty[u] = false
			if !p.unit(u) {
				return p.fail()
			}
		}
		if p.level < BoxLine || !p.pairsOfChanged() {
			break
		}
	}
	for i, x := range p.vars {
		if p.d[i] != p.orig[i] && !s.KeepMask(x, p.d[i]) {
			return p.fail()
		}
	}
	copy(p.last, p.d)
	return csp.Fixpoint
}

// fail clears the work lists for the next run and reports failure.
func (p *prop) fail() csp.Status {
	for _, u := range p.stack {
		p.dirty[u] = false
	}
	p.stack = p.stack[:0]
	p.clearChanged()
	return csp.Failed
}

func (p *prop) clearChanged() {
	for _, u := range p.changedList {
		p.changed[u] = false
	}
	p.changedList = p.changedList[:0]
}

// unit applies the singles of one unit; false on failure.
func (p *prop) unit(u int32) bool {
	cells := p.cells(u)
	var seen, twice, fixed uint64
	for _, c := range cells {
		x := p.d[c]
		twice |= seen & x
		seen |= x
		if x&(x-1) == 0 {
			if x == 0 || fixed&x != 0 {
				return false // an empty cell, or two cells with one value
			}
			fixed |= x
		}
	}
	var hidden uint64
	if p.perm[u] && p.level >= Hidden {
		if seen != p.full[u] {
			return false // a value with no cell left
		}
		hidden = seen &^ twice &^ fixed
	}
	if fixed == 0 && hidden == 0 {
		return true
	}
	for _, c := range cells {
		x := p.d[c]
		if x&(x-1) == 0 {
			continue
		}
		y := x &^ fixed
		if h := y & hidden; h != 0 {
			if h&(h-1) != 0 {
				return false // two values that fit only this cell
			}
			y = h
		}
		if y != x {
			if y == 0 {
				return false
			}
			p.touch(c, y)
		}
	}
	return true
}

// pairsOfChanged runs box-line reduction on the pairs of units that changed
// since their pairs last ran. It reports whether units need to run again;
// on failure it leaves a failed cell for the next unit run to find.
func (p *prop) pairsOfChanged() bool {
	for _, u := range p.changedList {
		for _, k := range p.unitPairs[p.pairStart[u]:p.pairStart[u+1]] {
			if !p.pairQueued[k] {
				p.pairQueued[k] = true
				p.pairList = append(p.pairList, k)
			}
		}
	}
	p.clearChanged()
	for _, k := range p.pairList {
		p.pairQueued[k] = false
		pr := &p.pairs[k]
		fromB, fromA := pr.confined(p.d)
		p.strip(pr.onlyB, fromB)
		p.strip(pr.onlyA, fromA)
	}
	p.pairList = p.pairList[:0]
	return len(p.stack) > 0
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
// cell is a hidden single's business).
func PostBoxLine(m *csp.Model, a, b []csp.Var) {
	n := newNet(m, [][]csp.Var{a, b}, true)
	if len(n.pairs) == 0 {
		return
	}
	m.Post(&boxLine{net: n, d: make([]uint64, len(n.vars))}, domains.EventDomain, n.vars...)
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
