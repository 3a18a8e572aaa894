package alldiff

import (
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// Explanations for learning from conflicts (csp.Justifier and
// csp.FailureJustifier): every strength explains its removals, its
// assignments (Hidden's) and the failures it finds without emptying a
// domain, from the facts of the moment asked about only.
//
//   - A removal of v from x: [y = v] for another variable y of the group
//     that held v then (the naked single, all Value does); else a Hall
//     set, as GAC removes (Katsirelos and Bacchus; Stuckey's Chuffed): with
//     x set to v, the domains of then admit no matching, so there is a set
//     H of the other variables whose domains hold together |H| values,
//     v among them (or fewer: a failure then). The reason is, for every y
//     of H, the removals of the values of y's initial domain outside that
//     union ([y = u] instead, when y held a single u): the variables of H
//     fill the union between them, so x cannot take v.
//   - An assignment x = v (a hidden single, in a group whose initial
//     domains hold as many values as variables): [y != v] for every other
//     y whose initial domain held v.
//   - A failure: two variables assigned one value, else a set of
//     variables whose domains hold fewer values than variables
//     (pigeonhole), explained as a Hall set is.
//
// A group that lists a variable twice has no solution, so the empty
// reason explains anything there.

// why is what the explanations of a group read besides the facts: its
// initial domains, shared read-only by every clone.
type why struct {
	ed     edges    // the facts of the value graph's edges
	init   []uint64 // n × width: the initial domain of each position
	values int      // one more than the largest value of any of them
	dup    bool     // a variable sits at two positions
}

func newWhy(m *csp.Model, vars []csp.Var, width, values int) *why {
	w := &why{ed: groupEdges(vars), init: make([]uint64, 0, len(vars)*width), values: max(values, 1)}
	for i, x := range vars {
		w.init = m.AppendInitial(w.init, x)
		w.init = append(w.init, make([]uint64, (i+1)*width-len(w.init))...)
		w.dup = w.dup || slices.Contains(vars[:i], x)
	}
	return w
}

// justifier is the scratch of the explanations of one propagator (of one
// space): a matcher over the domains of the moment asked about, and the
// order in which to match its left nodes.
type justifier struct {
	m     *matcher
	order []int32
}

// edges names the facts of the edges of a value graph: left node j (a
// variable, or a row of a grid) takes right node k (a value, or a
// column), or cannot.
type edges interface {
	lacks(j, k int) csp.Fact
	takes(j, k int) csp.Fact
}

// groupEdges are the edges of a group: variable j takes value k.
type groupEdges []csp.Var

func (g groupEdges) lacks(j, k int) csp.Fact { return csp.Fact{X: g[j], V: int32(k)} }
func (g groupEdges) takes(j, k int) csp.Fact { return csp.Fact{X: g[j], V: int32(k), Eq: true} }

// load fills the scratch matcher's rows (n left nodes, width words each,
// right nodes 0..values-1) with the edges of e that held at at, within
// init (the edges of the initial domains, width words per left node).
func (e *justifier) load(at csp.Past, ed edges, n int, init []uint64, width, values int) *matcher {
	if e.m == nil {
		e.m = newMatcher(n, width, values)
	}
	m := e.m
	if g, ok := ed.(groupEdges); ok {
		// A variable's row is its domain: read a word at a time.
		for i := range n {
			r := m.row(i)
			for k, w := range init[i*width : (i+1)*width] {
				r[k] = csp.KeptWord(at, g[i], k, w)
			}
		}
		return m
	}
	for i := range n {
		r := m.row(i)
		for k, w := range init[i*width : (i+1)*width] {
			r[k] = 0
			for ; w != 0; w &= w - 1 {
				b := bits.TrailingZeros64(w)
				if !at.Held(ed.lacks(i, 64*k+b)) {
					r[k] |= 1 << b
				}
			}
		}
	}
	return m
}

// deficientIn matches the left nodes of order, in that order, from an
// empty matching; it returns the first that cannot be matched, or -1. Then the
// left nodes of a Hall set are that node and the owners of the values
// visited (m.visited), which are every value their rows hold, one fewer
// than them.
func (m *matcher) deficientIn(order []int32) int {
	for i := range m.match {
		m.match[i] = -1
	}
	for v := range m.owner {
		m.owner[v] = -1
	}
	for k := range m.free {
		m.free[k] = ^uint64(0)
	}
	for _, i := range order {
		clear(m.visited)
		if !m.augment(int(i)) {
			return int(i)
		}
	}
	return -1
}

// stateReason appends, for every left node of the n loaded, that it lacks
// each right node of its initial row (init) that its row lacks: the whole
// state of the domains loaded, which implies whatever a sound propagator
// deduced from it. It is the fallback of the explanations, for a state
// they do not expect.
func (m *matcher) stateReason(ed edges, n int, init []uint64, out []csp.Fact) []csp.Fact {
	for j := range n {
		r := m.row(j)
		for k, w := range init[j*m.width : (j+1)*m.width] {
			for w &^= r[k]; w != 0; w &= w - 1 {
				out = append(out, ed.lacks(j, 64*k+bits.TrailingZeros64(w)))
			}
		}
	}
	return out
}

// hallReason appends the reason of the Hall set found from left node i
// (deficientIn), skipping the left nodes for which skip is true: for each
// other node j, the facts that keep it within the right nodes visited,
// which is the one fact that j takes u when its row is the single u (and
// at holds it), else that it lacks each right node of its initial row
// (init) outside them.
func (m *matcher) hallReason(at csp.Past, ed edges, i int, init []uint64, skip func(j int) bool, out []csp.Fact) []csp.Fact {
	add := func(j int) []csp.Fact {
		if skip(j) {
			return out
		}
		r := m.row(j)
		if single(r) {
			for k, w := range r {
				if w != 0 {
					if f := ed.takes(j, 64*k+bits.TrailingZeros64(w)); at.Held(f) {
						return append(out, f)
					}
				}
			}
		}
		for k, w := range init[j*m.width : (j+1)*m.width] {
			for w &^= m.visited[k]; w != 0; w &= w - 1 {
				out = append(out, ed.lacks(j, 64*k+bits.TrailingZeros64(w)))
			}
		}
		return out
	}
	out = add(i)
	for k, w := range m.visited {
		for ; w != 0; w &= w - 1 {
			if o := m.owner[64*k+bits.TrailingZeros64(w)]; o >= 0 {
				out = add(int(o))
			}
		}
	}
	return out
}

var (
	_ csp.Justifier        = (*valueProp)(nil)
	_ csp.Justifier        = (*hiddenProp)(nil)
	_ csp.Justifier        = (*gacProp)(nil)
	_ csp.FailureJustifier = (*valueProp)(nil)
	_ csp.FailureJustifier = (*hiddenProp)(nil)
	_ csp.FailureJustifier = (*gacProp)(nil)
)

// Justify explains a removal or a hidden single of any strength
// (csp.Justifier): see the top of this file.
func (g *group) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	if g.why.dup || f.V < 0 || int(f.V) >= 64*g.width {
		return out // no solution; or a value no domain of the group holds
	}
	if f.Eq { // a hidden single
		for j, y := range g.vars {
			if y != f.X && g.initHas(j, int(f.V)) {
				out = append(out, csp.Fact{X: y, V: f.V})
			}
		}
		return out
	}
	for _, y := range g.vars {
		if e := (csp.Fact{X: y, V: f.V, Eq: true}); y != f.X && at.Held(e) {
			return append(out, e) // a naked single
		}
	}
	m := g.ex.load(at, g.why.ed, len(g.vars), g.why.init, g.width, g.why.values)
	// x as if it held v, matched first: the others then fail to match.
	order := g.ex.order[:0]
	for j, y := range g.vars {
		if y == f.X {
			r := m.row(j)
			clear(r)
			r[int(f.V)/64] = 1 << (f.V % 64)
			order = append(order, int32(j))
		}
	}
	for j, y := range g.vars {
		if y != f.X {
			order = append(order, int32(j))
		}
	}
	g.ex.order = order
	i := m.deficientIn(order)
	if i < 0 {
		// Not expected: GAC removed v from x, so no matching has x = v.
		// Rows of x were cut to v: give them back before the fallback.
		m = g.ex.load(at, g.why.ed, len(g.vars), g.why.init, g.width, g.why.values)
		return m.stateReason(g.why.ed, len(g.vars), g.why.init, out)
	}
	return m.hallReason(at, g.why.ed, i, g.why.init, func(j int) bool { return g.vars[j] == f.X }, out)
}

// JustifyFailure explains a failure of any strength that left every
// domain non-empty (csp.FailureJustifier): see the top of this file.
func (g *group) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	if g.why.dup {
		return out
	}
	m := g.ex.load(at, g.why.ed, len(g.vars), g.why.init, g.width, g.why.values)
	// Two variables assigned one value.
	for j, y := range g.vars {
		r := m.row(j)
		if !single(r) {
			continue
		}
		v := slices.IndexFunc(r, func(w uint64) bool { return w != 0 })
		v = 64*v + bits.TrailingZeros64(r[v])
		e := csp.Fact{X: y, V: int32(v), Eq: true}
		if !at.Held(e) {
			continue
		}
		for k, z := range g.vars[:j] {
			if o := (csp.Fact{X: z, V: int32(v), Eq: true}); m.row(k)[v/64]&(1<<(v%64)) != 0 && at.Held(o) {
				return append(out, o, e)
			}
		}
	}
	order := g.ex.order[:0]
	for j := range g.vars {
		order = append(order, int32(j))
	}
	g.ex.order = order
	i := m.deficientIn(order)
	if i < 0 {
		return m.stateReason(g.why.ed, len(g.vars), g.why.init, out) // not expected: the group failed
	}
	return m.hallReason(at, g.why.ed, i, g.why.init, func(int) bool { return false }, out)
}

// initHas reports whether position j's initial domain held v.
func (g *group) initHas(j, v int) bool {
	return v >= 0 && v < 64*g.width && g.why.init[j*g.width+v/64]&(1<<(v%64)) != 0
}

// gridEdges are the edges of a permutation matrix of value v: row j has
// v in column k.
type gridEdges struct {
	cells [][]csp.Var
	v     int32
}

func (g gridEdges) lacks(j, k int) csp.Fact { return csp.Fact{X: g.cells[j][k], V: g.v} }
func (g gridEdges) takes(j, k int) csp.Fact { return csp.Fact{X: g.cells[j][k], V: g.v, Eq: true} }

// newGridWhy reads which cells of the grid can hold v initially: the
// initial rows of the graph of rows and columns; dup says a variable
// sits at two cells.
func newGridWhy(m *csp.Model, cells [][]csp.Var, v int) *why {
	n := len(cells)
	width := domains.WordsFor(n - 1)
	w := &why{ed: gridEdges{cells, int32(v)}, init: make([]uint64, n*width), values: n}
	seen := map[csp.Var]bool{}
	var buf []uint64
	for r, row := range cells {
		for c, x := range row {
			buf = m.AppendInitial(buf[:0], x)
			if v/64 < len(buf) && buf[v/64]&(1<<(v%64)) != 0 {
				w.init[r*width+c/64] |= 1 << (c % 64)
			}
			w.dup = w.dup || seen[x]
			seen[x] = true
		}
	}
	return w
}

var (
	_ csp.Justifier        = (*permProp)(nil)
	_ csp.FailureJustifier = (*permProp)(nil)
)

// Justify explains a removal of v from a cell (csp.Justifier): v placed
// in another cell of its row or column, else a Hall set of rows (with
// the cell's row as if it held v in that cell, the other rows admit no
// matching to columns): the rows of the set can hold v only in as many
// columns as they are, the cell's column among them. A grid that lists
// a variable twice is explained by the whole state of the moment.
func (p *permProp) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	ed := p.why.ed
	n := len(p.cells)
	width := p.m.width
	if p.why.dup {
		return p.ex.load(at, ed, n, p.why.init, width, n).stateReason(ed, n, p.why.init, out)
	}
	r, c := -1, -1
	for i, row := range p.cells {
		if k := slices.Index(row, f.X); k >= 0 {
			r, c = i, k
			break
		}
	}
	if r < 0 || f.Eq || f.V != int32(p.v) {
		// Not a removal of v from a cell, which is all the grid makes.
		return p.ex.load(at, ed, n, p.why.init, width, n).stateReason(ed, n, p.why.init, out)
	}
	for k := range n {
		if e := ed.takes(r, k); k != c && at.Held(e) {
			return append(out, e)
		}
		if e := ed.takes(k, c); k != r && at.Held(e) {
			return append(out, e)
		}
	}
	m := p.ex.load(at, ed, n, p.why.init, width, n)
	row := m.row(r)
	clear(row)
	row[c/64] = 1 << (c % 64)
	order := append(p.ex.order[:0], int32(r))
	for i := range n {
		if i != r {
			order = append(order, int32(i))
		}
	}
	p.ex.order = order
	i := m.deficientIn(order)
	if i < 0 {
		// Not expected: v left the cell because no matching holds it.
		m = p.ex.load(at, ed, n, p.why.init, width, n)
		return m.stateReason(ed, n, p.why.init, out)
	}
	return m.hallReason(at, ed, i, p.why.init, func(j int) bool { return j == r }, out)
}

// JustifyFailure explains a grid whose rows cannot all place v in
// different columns (csp.FailureJustifier): a set of rows that can hold
// it in fewer columns between them.
func (p *permProp) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	ed := p.why.ed
	n := len(p.cells)
	m := p.ex.load(at, ed, n, p.why.init, p.m.width, n)
	if p.why.dup {
		return m.stateReason(ed, n, p.why.init, out)
	}
	order := p.ex.order[:0]
	for i := range n {
		order = append(order, int32(i))
	}
	p.ex.order = order
	i := m.deficientIn(order)
	if i < 0 {
		return m.stateReason(ed, n, p.why.init, out) // not expected: the grid failed
	}
	return m.hallReason(at, ed, i, p.why.init, func(int) bool { return false }, out)
}
