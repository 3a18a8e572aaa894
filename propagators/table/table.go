package table

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// ErrTable is wrapped by the errors of Post: a variable not in the model,
// or a tuple whose length is not the number of variables.
var ErrTable = errors.New("table: invalid table")

// Post constrains (vars[0], ..., vars[n-1]) to equal one of tuples. Tuples
// holding a value outside the matching variable's initial domain (a
// negative one, say) can never be chosen and are dropped, as are repeats;
// when a variable is listed twice, tuples with different values at its
// positions are dropped too. An empty list of tuples makes the model fail
// at the root.
//
// The propagator is domain consistent (generalised arc consistency) by
// Compact-Table; see the package documentation for its design and costs.
// It wakes on every domain change and is entailed once every combination
// of the values left is an allowed tuple.
//
// Variables may have any bitset domain (from 0 or an offset), not an
// interval (csp.ErrWords). Post returns an error wrapping ErrTable, and
// posts nothing, when a
// variable is not in m or a tuple's length differs from len(vars). Indexing
// the tuples costs time in proportion to them: it looks at ctx as it goes
// and, when ctx is done, posts nothing and returns context.Cause(ctx).
func Post(ctx context.Context, m *csp.Model, vars []csp.Var, tuples [][]int) error {
	if err := m.CheckBitset(vars...); err != nil {
		return fmt.Errorf("%w: %w", ErrTable, err)
	}
	for k, t := range tuples {
		if len(t) != len(vars) {
			return fmt.Errorf("%w: tuple %d has %d values for %d variables", ErrTable, k+1, len(t), len(vars))
		}
	}
	tab, err := newTable(ctx, m, vars, tuples)
	if err != nil {
		return err
	}
	if tab.nt == 0 {
		m.Post(constProp(false), domains.EventAssigned, vars...)
		return nil
	}
	if len(vars) == 0 {
		m.Post(constProp(true), domains.EventAssigned)
		return nil
	}
	m.Post(newCT(tab), domains.EventDomain, vars...)
	return nil
}

// table is the part of a posted table that never changes, shared by the
// clones of its propagator.
type table struct {
	vars  []csp.Var
	nt    int       // tuples kept
	nw    int       // words of a set of tuples
	off   []int     // per position: its first word in a snapshot
	span  int       // words of a snapshot: the sum of the domains' widths
	init  []uint64  // the initial domains, as a snapshot
	lo    []int     // per position: the smallest value with a row
	base  []int     // per position: the value of bit 0 of its domain
	rowOf [][]int32 // per position: the row of value lo+k, -1 if it is in no tuple
	sup   []uint64  // row r's tuples are sup[r·nw : (r+1)·nw]
	rows  int
}

// newTable filters and indexes the tuples; it returns context.Cause(ctx)
// when ctx is done first.
func newTable(ctx context.Context, m *csp.Model, vars []csp.Var, tuples [][]int) (*table, error) {
	first := make([]int, len(vars))           // first position of each position's variable
	doms := make([]domains.Domain, len(vars)) // each position's initial domain
	for i, x := range vars {
		first[i] = slices.Index(vars, x)
		doms[i] = m.InitialDomain(x)
	}
	tab, err := indexTable(ctx, doms, first, tuples)
	if err != nil {
		return nil, err
	}
	tab.vars = slices.Clone(vars)
	return tab, nil
}

// indexTable filters and indexes the tuples for positions whose initial
// domains are doms, first[i] being the first position holding position
// i's variable; the table it returns has no variables yet. It returns
// context.Cause(ctx) when ctx is done first.
func indexTable(ctx context.Context, doms []domains.Domain, first []int, tuples [][]int) (*table, error) {
	// stopped looks at ctx every csp.Every tuples of a pass.
	stopped := func(k int) bool { return k%csp.Every == 0 && ctx.Err() != nil }
	tab := &table{}
	kept := make([][]int, 0, len(tuples))
	for k, t := range tuples {
		if stopped(k) {
			return nil, context.Cause(ctx)
		}
		ok := true
		for i, v := range t {
			if !doms[i].Contains(v) || t[first[i]] != v {
				ok = false
				break
			}
		}
		if ok {
			kept = append(kept, t)
		}
	}
	if !slices.IsSortedFunc(kept, slices.Compare) { // Cage's are sorted already
		slices.SortFunc(kept, slices.Compare)
	}
	kept = slices.CompactFunc(kept, func(a, b []int) bool { return slices.Equal(a, b) })
	tab.nt = len(kept)
	tab.nw = domains.WordsFor(max(tab.nt-1, 0))

	tab.off = make([]int, len(doms))
	for i := range doms {
		tab.off[i] = tab.span
		tab.span += len(doms[i].Words())
	}
	tab.init = make([]uint64, tab.span)
	for i := range doms {
		copy(tab.init[tab.off[i]:], doms[i].Words())
	}

	tab.lo = make([]int, len(doms))
	tab.base = make([]int, len(doms))
	for i := range doms {
		tab.base[i] = doms[i].Base()
	}
	tab.rowOf = make([][]int32, len(doms))
	for i := range doms {
		if len(kept) == 0 {
			continue
		}
		lo, hi := kept[0][i], kept[0][i]
		for _, t := range kept {
			lo, hi = min(lo, t[i]), max(hi, t[i])
		}
		tab.lo[i] = lo
		tab.rowOf[i] = make([]int32, hi-lo+1)
		for k := range tab.rowOf[i] {
			tab.rowOf[i][k] = -1
		}
		for k, t := range kept {
			if stopped(k) {
				return nil, context.Cause(ctx)
			}
			if r := &tab.rowOf[i][t[i]-lo]; *r < 0 {
				*r = int32(tab.rows)
				tab.rows++
			}
		}
	}
	tab.sup = make([]uint64, tab.rows*tab.nw)
	for k, t := range kept {
		if stopped(k) {
			return nil, context.Cause(ctx)
		}
		for i, v := range t {
			r := int(tab.rowOf[i][v-tab.lo[i]])
			tab.sup[r*tab.nw+k/64] |= 1 << (k % 64)
		}
	}
	return tab, nil
}

// row returns the row of the value of bit b of position i's domain (the
// value Base+b), or -1.
func (tab *table) row(i, b int) int {
	k := b + tab.base[i] - tab.lo[i]
	if k < 0 || k >= len(tab.rowOf[i]) {
		return -1
	}
	return int(tab.rowOf[i][k])
}

// entry is one level of the propagator's stack.
type entry struct {
	id    int64 // stamp of the words saved for this entry
	trail int   // len(trail) when the entry was pushed
	limit int   // the sparse set's limit when the entry was pushed
	snap  int   // start of the entry's snapshot in snaps
}

// saved is a word of the current tuples as it was before an entry changed it.
type saved struct {
	w   int32
	old uint64
}

// ct is the Compact-Table propagator: the current tuples as a sparse
// bitset, and the stack that validates it against the domains.
type ct struct {
	*table
	words []uint64 // the current tuples
	index []int32  // index[:limit] are the non-zero words of words
	limit int
	res   []int32 // per row: the word where its tuples last met the current ones

	entries []entry // entries[0] is the initial state (snapshot: table.init)
	trail   []saved
	snaps   []uint64
	stamp   []int64 // per word: the id of the entry that last saved it
	nextID  int64

	mask []uint64 // scratch: nw words
	rm   []uint64 // scratch: the widest domain's words
}

func newCT(tab *table) *ct {
	p := &ct{table: tab}
	p.words = make([]uint64, tab.nw)
	p.index = make([]int32, tab.nw)
	for k := range tab.nt {
		p.words[k/64] |= 1 << (k % 64)
	}
	for w := range p.index {
		p.index[w] = int32(w)
	}
	p.limit = tab.nw
	p.res = make([]int32, tab.rows)
	p.stamp = make([]int64, tab.nw)
	for i := range p.stamp {
		p.stamp[i] = -1
	}
	// Room (bounded) for the first levels' entries, snapshots and saved
	// words: a clone's first propagations (the root of each search) then
	// grow no slice, which on many small tables cost more than their
	// filtering.
	p.entries = make([]entry, 1, 8)
	p.entries[0] = entry{id: 0, snap: -1}
	p.trail = make([]saved, 0, min(2*tab.nw, 4096))
	p.snaps = make([]uint64, 0, min(4*tab.span, 4096))
	p.nextID = 1
	p.mask = make([]uint64, tab.nw)
	width := 0
	for i := range tab.vars {
		width = max(width, p.width(i))
	}
	p.rm = make([]uint64, width)
	return p
}

// width returns the words of position i's domain.
func (p *ct) width(i int) int {
	if i+1 < len(p.off) {
		return p.off[i+1] - p.off[i]
	}
	return p.span - p.off[i]
}

// Clone gives a space its own current tuples and stack, in the initial
// state, sharing the table.
func (p *ct) Clone() csp.Propagator { return newCT(p.table) }

func (p *ct) Name() string           { return "table/ct" }
func (p *ct) Priority() csp.Priority { return csp.Quadratic }

// snapshot returns position i's domain as entry e saw it.
func (p *ct) snapshot(e entry, i int) []uint64 {
	if e.snap < 0 {
		return p.init[p.off[i] : p.off[i]+p.width(i)]
	}
	return p.snaps[e.snap+p.off[i] : e.snap+p.off[i]+p.width(i)]
}

// within reports whether every current domain is contained in entry e's
// snapshot.
func (p *ct) within(s *csp.Space, e entry) bool {
	for i, x := range p.vars {
		snap := p.snapshot(e, i)
		for k, w := range s.Words(x) {
			if w&^snap[k] != 0 {
				return false
			}
		}
	}
	return true
}

// push starts an entry above the current one.
func (p *ct) push() {
	p.entries = append(p.entries, entry{id: p.nextID, trail: len(p.trail), limit: p.limit, snap: -1})
	p.nextID++
}

// pop undoes the top entry's changes to the current tuples and drops it.
func (p *ct) pop() {
	e := p.entries[len(p.entries)-1]
	for k := len(p.trail) - 1; k >= e.trail; k-- {
		p.words[p.trail[k].w] = p.trail[k].old
	}
	p.trail = p.trail[:e.trail]
	p.limit = e.limit
	if e.snap >= 0 {
		p.snaps = p.snaps[:e.snap]
	}
	p.entries = p.entries[:len(p.entries)-1]
}

// set changes word w of the current tuples, saving it first for the top
// entry, and keeps the sparse index (k is w's place in it).
func (p *ct) set(k int, w int32, v uint64) {
	if id := p.entries[len(p.entries)-1].id; p.stamp[w] != id {
		p.stamp[w] = id
		p.trail = append(p.trail, saved{w, p.words[w]})
	}
	p.words[w] = v
	if v == 0 {
		p.limit--
		p.index[k], p.index[p.limit] = p.index[p.limit], w
	}
}

// Propagate brings the current tuples up to date and removes the values
// with no tuple left.
func (p *ct) Propagate(s *csp.Space) csp.Status {
	if p.words == nil { // posted by PostPrepared, which leaves the state to the clones
		*p = *newCT(p.table)
	}
	for len(p.entries) > 1 && !p.within(s, p.entries[len(p.entries)-1]) {
		p.pop()
	}
	top := p.entries[len(p.entries)-1]
	atBase := len(p.entries) == 1
	p.push()
	changed, last := 0, -1
	for i, x := range p.vars {
		cur, prev := s.Words(x), p.snapshot(top, i)
		if slices.Equal(cur, prev) {
			continue
		}
		changed++
		last = i
		if !p.update(i, cur, prev) {
			p.pop()
			return csp.Failed
		}
	}
	if changed == 0 && !atBase {
		p.pop() // the domains are the top snapshot's, which is at fixpoint
		return csp.Fixpoint
	}
	for i, x := range p.vars {
		if changed == 1 && i == last && !atBase {
			continue // its values kept their tuples: only its own changed
		}
		if !p.filter(s, i, x) {
			p.pop()
			return csp.Failed
		}
	}
	e := &p.entries[len(p.entries)-1]
	e.snap = len(p.snaps)
	for _, x := range p.vars {
		p.snaps = append(p.snaps, s.Words(x)...)
	}
	if p.entailed(s) {
		return csp.Entailed
	}
	return csp.Fixpoint
}

// update removes the tuples that position i's change from prev to cur
// invalidates, by the values removed or by the values left, whichever are
// fewer. It reports false when no tuple is left.
func (p *ct) update(i int, cur, prev []uint64) bool {
	removed, left := 0, 0
	for k := range cur {
		removed += bits.OnesCount64(prev[k] &^ cur[k])
		left += bits.OnesCount64(cur[k])
	}
	for k := range p.limit {
		p.mask[p.index[k]] = 0
	}
	for k := range cur {
		w := cur[k]
		if removed < left {
			w = prev[k] &^ cur[k]
		}
		for ; w != 0; w &= w - 1 {
			r := p.row(i, k*64+bits.TrailingZeros64(w))
			if r < 0 {
				continue
			}
			row := p.sup[r*p.nw : (r+1)*p.nw]
			for j := range p.limit {
				x := p.index[j]
				p.mask[x] |= row[x]
			}
		}
	}
	for k := p.limit - 1; k >= 0; k-- {
		w := p.index[k]
		v := p.words[w] & p.mask[w]
		if removed < left {
			v = p.words[w] &^ p.mask[w]
		}
		if v != p.words[w] {
			p.set(k, w, v)
		}
	}
	return p.limit > 0
}

// filter removes from position i's variable the values whose tuples no
// longer meet the current ones. It reports false on a wipe-out.
func (p *ct) filter(s *csp.Space, i int, x csp.Var) bool {
	cur := s.Words(x)
	rm := p.rm[:len(cur)]
	any := false
	for k, w := range cur {
		rm[k] = 0
		for ; w != 0; w &= w - 1 {
			b := bits.TrailingZeros64(w)
			if r := p.row(i, k*64+b); r < 0 || !p.supported(r) {
				rm[k] |= 1 << b
				any = true
			}
		}
	}
	return !any || s.RemoveWords(x, rm)
}

// supported reports whether row r's tuples meet the current ones, trying
// its residue first.
func (p *ct) supported(r int) bool {
	row := p.sup[r*p.nw : (r+1)*p.nw]
	if w := p.res[r]; p.words[w]&row[w] != 0 {
		return true
	}
	for k := range p.limit {
		if w := p.index[k]; p.words[w]&row[w] != 0 {
			p.res[r] = w
			return true
		}
	}
	return false
}

// entailed reports whether every combination of the values left is a
// current tuple: as many current tuples as combinations.
func (p *ct) entailed(s *csp.Space) bool {
	combos := 1
	for _, x := range p.vars {
		if combos *= s.Size(x); combos > p.nt {
			return false
		}
	}
	n := 0
	for k := range p.limit {
		n += bits.OnesCount64(p.words[p.index[k]])
	}
	return combos == n
}

// constProp holds always (true) or never (false).
type constProp bool

func (p constProp) Propagate(*csp.Space) csp.Status {
	if p {
		return csp.Entailed
	}
	return csp.Failed
}

func (p constProp) Name() string           { return "table/const" }
func (p constProp) Priority() csp.Priority { return csp.Unary }
