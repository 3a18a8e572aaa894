package alldiff

import (
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
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
	init   []uint64 // n × width: the initial domain of each position
	values int      // one more than the largest value of any of them
	dup    bool     // a variable sits at two positions
}

func newWhy(m *csp.Model, vars []csp.Var, width, values int) *why {
	w := &why{init: make([]uint64, 0, len(vars)*width), values: max(values, 1)}
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

// load fills the scratch matcher's rows with the domains of vars at at,
// each within its initial domain (init, width words per position).
func (e *justifier) load(at csp.Past, vars []csp.Var, init []uint64, width, values int) *matcher {
	if e.m == nil {
		e.m = newMatcher(len(vars), width, values)
	}
	m := e.m
	for i, x := range vars {
		r := m.row(i)
		for k, w := range init[i*width : (i+1)*width] {
			r[k] = 0
			for ; w != 0; w &= w - 1 {
				b := bits.TrailingZeros64(w)
				if !at.Held(csp.Fact{X: x, V: int32(64*k + b)}) {
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

// stateReason appends, for every left node, the removals of the values of
// its initial domain (init) that its row lacks: the whole state of the
// domains loaded, which implies whatever a sound propagator deduced from
// it. It is the fallback of the explanations, for a state they do not
// expect.
func (m *matcher) stateReason(vars []csp.Var, init []uint64, out []csp.Fact) []csp.Fact {
	for j, x := range vars {
		r := m.row(j)
		for k, w := range init[j*m.width : (j+1)*m.width] {
			for w &^= r[k]; w != 0; w &= w - 1 {
				out = append(out, csp.Fact{X: x, V: int32(64*k + bits.TrailingZeros64(w))})
			}
		}
	}
	return out
}

// hallReason appends the reason of the Hall set found from left node i
// (deficient), skipping the left nodes for which skip is true: for each
// other node j, the facts that keep its variable vars[j] within the
// values visited, which is [vars[j] = u] when its row is the single u
// (and at holds it), else the removals of the values of its initial
// domain (init) outside them.
func (m *matcher) hallReason(at csp.Past, i int, vars []csp.Var, init []uint64, skip func(j int) bool, out []csp.Fact) []csp.Fact {
	add := func(j int) []csp.Fact {
		if skip(j) {
			return out
		}
		x, r := vars[j], m.row(j)
		if single(r) {
			for k, w := range r {
				if w != 0 {
					if f := (csp.Fact{X: x, V: int32(64*k + bits.TrailingZeros64(w)), Eq: true}); at.Held(f) {
						return append(out, f)
					}
				}
			}
		}
		for k, w := range init[j*m.width : (j+1)*m.width] {
			for w &^= m.visited[k]; w != 0; w &= w - 1 {
				out = append(out, csp.Fact{X: x, V: int32(64*k + bits.TrailingZeros64(w))})
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
	if g.why.dup {
		return out
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
	m := g.ex.load(at, g.vars, g.why.init, g.width, g.why.values)
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
		m = g.ex.load(at, g.vars, g.why.init, g.width, g.why.values)
		return m.stateReason(g.vars, g.why.init, out)
	}
	return m.hallReason(at, i, g.vars, g.why.init, func(j int) bool { return g.vars[j] == f.X }, out)
}

// JustifyFailure explains a failure of any strength that left every
// domain non-empty (csp.FailureJustifier): see the top of this file.
func (g *group) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	if g.why.dup {
		return out
	}
	m := g.ex.load(at, g.vars, g.why.init, g.width, g.why.values)
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
		return m.stateReason(g.vars, g.why.init, out) // not expected: the group failed
	}
	return m.hallReason(at, i, g.vars, g.why.init, func(int) bool { return false }, out)
}

// initHas reports whether position j's initial domain held v.
func (g *group) initHas(j, v int) bool {
	return v >= 0 && v < 64*g.width && g.why.init[j*g.width+v/64]&(1<<(v%64)) != 0
}
