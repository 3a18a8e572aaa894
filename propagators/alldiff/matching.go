package alldiff

import (
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// matcher is the filtering core of the GAC strength: a bipartite graph of
// n left nodes (variables) and right nodes 0 .. values-1 (see newMatcher),
// given as one adjacency bitset of width words per left node, with a
// maximum matching kept between runs (Régin 1994). The matching is only a hint: after backtracking it may
// use values that are gone, and maximize repairs it. Every buffer is sized
// once, so a run allocates nothing.
type matcher struct {
	n, width int
	adj      []uint64 // n × width: row i is adj[i*width : (i+1)*width]
	act      []int32  // the left nodes in play this run (see load)
	match    []int32  // left -> right, or -1
	owner    []int32  // right -> left, or -1
	free     []uint64 // right nodes with no owner
	visited  []uint64
	reach    []uint64 // right nodes from which a free right node is reachable
	// For width 1: successors and component of each value.
	succ, compMask []uint64
	// matched holds, on the one-word path (gac1.go), the left nodes with a
	// match, one bit per position.
	matched uint64
	// Tarjan's strongly connected components over right nodes.
	index, low, comp []int32
	stack            []int32
	onStack          []bool
	counter, comps   int32
}

// newMatcher returns a matcher of n variables over the values
// 0..values-1 (values is one more than the largest value any of them can
// take: domains only shrink, so it holds for the life of the search),
// their masks width words long. The right-node tables are sized by
// values, not by the 64·width values of the masks: a 4×4 puzzle's
// all-differents hold 5 entries each, not 64.
func newMatcher(n, width, values int) *matcher {
	r := max(values, 1)
	m := &matcher{
		n: n, width: width,
		adj:      make([]uint64, n*width),
		act:      make([]int32, 0, n),
		match:    make([]int32, n),
		owner:    make([]int32, r),
		free:     make([]uint64, width),
		visited:  make([]uint64, width),
		reach:    make([]uint64, width),
		succ:     make([]uint64, r),
		compMask: make([]uint64, r),
		index:    make([]int32, r),
		low:      make([]int32, r),
		comp:     make([]int32, r),
		stack:    make([]int32, 0, r),
		onStack:  make([]bool, r),
	}
	for i := range m.match {
		m.match[i] = -1
	}
	for v := range m.owner {
		m.owner[v] = -1
	}
	for i := range m.free {
		m.free[i] = ^uint64(0)
	}
	return m
}

func (m *matcher) row(i int) []uint64 { return m.adj[i*m.width : (i+1)*m.width] }

// load copies the domains of the unassigned vars into the adjacency rows
// and makes them the left nodes in play. Assigned variables leave the graph
// (their values must already be gone from the others' domains): an
// assigned variable's value is a component of its own, so it would only cost
// time. Rows of the assigned ones are left as they were.
func (m *matcher) load(s *csp.Space, vars []csp.Var) {
	m.act = m.act[:0]
	for i, x := range vars {
		w := s.Words(x)
		if single(w) {
			if m.match[i] >= 0 {
				m.unmatch(i)
			}
			continue
		}
		m.act = append(m.act, int32(i))
		r := m.row(i)
		n := copy(r, w)
		clear(r[n:])
	}
}

// all puts every left node in play (for graphs not read from domains).
func (m *matcher) all() {
	m.act = m.act[:0]
	for i := range m.n {
		m.act = append(m.act, int32(i))
	}
}

func (m *matcher) unmatch(i int) {
	v := m.match[i]
	m.match[i] = -1
	m.owner[v] = -1
	m.free[v/64] |= 1 << (v % 64)
}

func (m *matcher) pair(i int, v int) {
	m.match[i] = int32(v)
	m.owner[v] = int32(i)
	m.free[v/64] &^= 1 << (v % 64)
}

// maximize repairs the matching after domain changes and extends it until
// every left node is matched. It reports false when that is impossible.
func (m *matcher) maximize() bool {
	for _, i := range m.act {
		if v := m.match[i]; v >= 0 && m.row(int(i))[v/64]&(1<<(v%64)) == 0 {
			m.unmatch(int(i))
		}
	}
	for _, i32 := range m.act {
		i := int(i32)
		if m.match[i] >= 0 {
			continue
		}
		// A free value in the row is the cheap way out.
		r := m.row(i)
		done := false
		for k := range r {
			if c := r[k] & m.free[k]; c != 0 {
				m.pair(i, k*64+bits.TrailingZeros64(c))
				done = true
				break
			}
		}
		if done {
			continue
		}
		clear(m.visited)
		if !m.augment(i) {
			return false
		}
	}
	return true
}

// augment looks for an alternating path from left node i to a free right
// node (depth first) and flips it.
func (m *matcher) augment(i int) bool {
	r := m.row(i)
	for k := range r {
		for c := r[k] &^ m.visited[k]; c != 0; c &= c - 1 {
			b := bits.TrailingZeros64(c)
			if m.visited[k]&(1<<b) != 0 {
				continue // visited deeper in this loop
			}
			m.visited[k] |= 1 << b
			v := k*64 + b
			if o := m.owner[v]; o < 0 || m.augment(int(o)) {
				if old := m.match[i]; old >= 0 {
					m.owner[old] = -1
					m.free[old/64] |= 1 << (old % 64)
				}
				m.pair(i, v)
				return true
			}
		}
	}
	return false
}

// filter narrows each row to the edges that belong to some maximum matching:
// the matched edge, edges into a value from which a free value can be reached
// by an alternating path, and edges inside a strongly connected component of
// the value graph (u -> w when the owner of u could take w instead).
// The matching must be maximal (maximize returned true).
func (m *matcher) filter() {
	// reach: free values that some row holds, then owners' values that can
	// move to a value already in reach, to a fixpoint.
	clear(m.reach)
	anyFree := false
	for _, i := range m.act {
		for k, w := range m.row(int(i)) {
			if f := w & m.free[k]; f != 0 {
				m.reach[k] |= f
				anyFree = true
			}
		}
	}
	for changed := anyFree; changed; {
		changed = false
		for _, i := range m.act {
			u := m.match[i]
			if m.reach[u/64]&(1<<(u%64)) != 0 {
				continue
			}
			if overlaps(m.row(int(i)), m.reach) {
				m.reach[u/64] |= 1 << (u % 64)
				changed = true
			}
		}
	}
	if m.width == 1 {
		m.components1()
		return
	}
	// Strongly connected components of the matched values outside reach
	// (their neighbours are all outside reach too, or they would be in it).
	for _, i := range m.act {
		m.index[m.match[i]] = -1
	}
	m.counter, m.comps = 0, 0
	for _, i := range m.act {
		u := m.match[i]
		if m.index[u] < 0 && m.reach[u/64]&(1<<(u%64)) == 0 {
			m.strong(u)
		}
	}
	for _, i := range m.act {
		u := m.match[i]
		r := m.row(int(i))
		// Keep the matched edge and edges into reach; when u is outside
		// reach, also edges inside u's component (an alternating cycle).
		inReach := m.reach[u/64]&(1<<(u%64)) != 0
		cu := m.comp[u]
		for k := range r {
			keep := m.reach[k]
			if k == int(u/64) {
				keep |= 1 << (u % 64)
			}
			if !inReach {
				for c := r[k] &^ keep; c != 0; c &= c - 1 {
					b := bits.TrailingZeros64(c)
					if m.index[k*64+b] >= 0 && m.comp[k*64+b] == cu {
						keep |= 1 << b
					}
				}
			}
			r[k] &= keep
		}
	}
}

// components1 is the rest of filter for values below 64, with the graph
// held as one word per value: it splits the matched values outside reach
// into strongly connected components by forward and backward closures
// (F ∩ B of a node is its component), and narrows each row to its
// component, reach and its matched value. When one component holds every
// node, as in most runs deep in a search, that is two closures and no
// pruning.
func (m *matcher) components1() {
	reach := m.reach[0]
	nodes := uint64(0)
	for _, i := range m.act {
		u := m.match[i]
		if reach&(1<<u) == 0 {
			nodes |= 1 << u
			m.succ[u] = m.adj[i] &^ (1 << u)
		}
	}
	if m.split1(nodes) {
		for c := nodes; c != 0; c &= c - 1 {
			m.compMask[bits.TrailingZeros64(c)] = nodes
		}
	}
	for _, i := range m.act {
		u := m.match[i]
		keep := reach | 1<<u
		if reach&(1<<u) == 0 {
			keep |= m.compMask[u]
		}
		m.adj[i] &= keep
	}
}

// strong is Tarjan's algorithm from value u.
func (m *matcher) strong(u int32) {
	m.index[u] = m.counter
	m.low[u] = m.counter
	m.counter++
	m.stack = append(m.stack, u)
	m.onStack[u] = true
	r := m.row(int(m.owner[u]))
	for k := range r {
		for c := r[k]; c != 0; c &= c - 1 {
			w := int32(k*64 + bits.TrailingZeros64(c))
			if w == u {
				continue
			}
			if m.index[w] < 0 {
				m.strong(w)
				m.low[u] = min(m.low[u], m.low[w])
			} else if m.onStack[w] {
				m.low[u] = min(m.low[u], m.index[w])
			}
		}
	}
	if m.low[u] == m.index[u] {
		for {
			w := m.stack[len(m.stack)-1]
			m.stack = m.stack[:len(m.stack)-1]
			m.onStack[w] = false
			m.comp[w] = m.comps
			if w == u {
				break
			}
		}
		m.comps++
	}
}

func (m *matcher) clone() *matcher {
	c := newMatcher(m.n, m.width, len(m.owner))
	copy(c.match, m.match)
	copy(c.owner, m.owner)
	copy(c.free, m.free)
	c.matched = m.matched
	return c
}

// gacProp is the GAC strength.
type gacProp struct {
	group
	m *matcher
	// On the one-word path (gac1.go): the positions advised since the
	// last run, the unassigned positions after it, and the node where it
	// ended (Space.Mark): in that node's subtree, the rows of the positions
	// not advised since are their domains, and act says which have two
	// values or more. The zero mark (after a failure, or entailed) means
	// rows and act must be read again.
	changed, act uint64
	mark         csp.Mark
	// dup: a variable sits at two positions, so a change made at one is
	// not advised at the other; rows are then read from the domains, as
	// before there were marks.
	dup bool
	// auto: the Auto strength, Hidden while the space tracks facts; weak:
	// the last run was such, so, unless the group is a permutation of its
	// values (perm: Hidden looks for hidden singles), only assignments
	// need a run (a stale false costs runs, never a missed change: Advise
	// records all).
	auto, weak, perm bool
}

// Advise notes the variables that changed, and those that got assigned;
// while the Auto strength filters as Value (Hidden on a group that is no
// permutation), only an assignment schedules.
func (p *gacProp) Advise(i int, ev domains.Event) bool {
	p.changed |= 1 << (i & 63)
	p.group.Advise(i, ev)
	return !p.weak || p.perm || ev == domains.EventAssigned
}

// newGAC returns the GAC propagator of g over the values 0..values-1.
func newGAC(g group, values int) *gacProp {
	return &gacProp{group: g, m: newMatcher(len(g.vars), g.width, values), dup: repeats(g.vars)}
}

// repeats reports whether a variable sits at two positions of a list of
// at most 64 (the one-word path's; longer lists are not looked at).
func repeats(vars []csp.Var) bool {
	if len(vars) > 64 {
		return false
	}
	for k, x := range vars {
		if slices.Contains(vars[:k], x) {
			return true
		}
	}
	return false
}

// Propagate first removes assigned values from the others (cheap, and it
// takes assigned variables out of the graph), then filters the rest by
// matching. Narrowing by the matching can assign variables; their values
// are already absent from the other rows (they lay outside every other
// row's component), so one pass reaches the fixpoint.
func (p *gacProp) Propagate(s *csp.Space) csp.Status {
	if p.weak = p.auto && s.Tracking(); p.weak {
		return p.hiddenOnly(s)
	}
	if ow := s.OneWord(); ow != nil && p.fits1() {
		return p.propagate1(s, ow)
	}
	if !p.eliminate(s) {
		return csp.Failed
	}
	p.m.load(s, p.vars)
	if len(p.m.act) == 0 {
		return csp.Entailed
	}
	if !p.m.maximize() {
		return csp.Failed
	}
	p.m.filter()
	for _, i := range p.m.act {
		if !s.IntersectWords(p.vars[i], p.m.row(int(i))) {
			return csp.Failed
		}
	}
	return csp.Fixpoint
}

// hiddenOnly is the Auto strength's run while the search learns: Hidden's
// filtering. The one-word path's rows are then left behind: its mark is
// cleared so that its next run reads them all again.
func (p *gacProp) hiddenOnly(s *csp.Space) csp.Status {
	p.changed, p.mark = 0, csp.Mark{}
	if !p.perm && !slices.ContainsFunc(p.fresh, func(w uint64) bool { return w != 0 }) {
		return csp.Fixpoint // Value's work only, and no assignment since the last run
	}
	return p.hiddenRun(s, p.perm)
}

// Name tells the strengths apart in the statistics.
func (p *gacProp) Name() string {
	if p.auto {
		return "alldiff/auto"
	}
	return "alldiff/gac"
}

func (p *gacProp) Priority() csp.Priority { return csp.Quadratic }
func (p *gacProp) Clone() csp.Propagator {
	return &gacProp{group: p.clone(), m: p.m.clone(), dup: p.dup, auto: p.auto, perm: p.perm}
}

// Reset forgets the advised changes and the node of the last run, in
// place (csp.Resetter); the matching stays, as the hint it always is.
func (p *gacProp) Reset() {
	p.group.Reset()
	p.changed, p.act, p.mark, p.weak = 0, 0, csp.Mark{}, false
}
