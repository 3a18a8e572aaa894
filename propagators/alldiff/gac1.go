package alldiff

import (
	"math/bits"

	"github.com/cspgo/csp/csp"
)

// The one-word path of the GAC strength: at most 64 variables whose
// values all lie below 64, in a space whose domains are all one word
// (Space.OneWord), the case of Latin squares up to order 63, Futoshiki and
// sudoku. It reads the domains straight from the space's words, keeps the
// variables in play as one word of positions, and fuses the last pass of
// elimination with loading the graph. It changes the domains exactly as
// the general path does, in the same order.

// fits1 reports whether the one-word path applies to p.
func (p *gacProp) fits1() bool { return p.width == 1 && len(p.vars) <= 64 }

// propagate1 is Propagate on the one-word path; ow is s.OneWord().
func (p *gacProp) propagate1(s *csp.Space, ow []uint64) csp.Status {
	m := p.m
	act, ok := p.eliminate1(s, ow)
	if !ok {
		return csp.Failed
	}
	if act == 0 {
		return csp.Entailed
	}
	if !m.maximize1(act) {
		return csp.Failed
	}
	m.filter1(act)
	for c := act; c != 0; c &= c - 1 {
		i := bits.TrailingZeros64(c)
		if x := p.vars[i]; ow[x]&^m.adj[i] != 0 && !s.KeepMask(x, m.adj[i]) {
			return csp.Failed
		}
	}
	return csp.Fixpoint
}

// eliminate1 is eliminate followed by load on the one-word path: it
// removes the value of every newly assigned variable from the others, round
// after round, in the order eliminate does, and the last pass over the
// variables (or a pass of its own when none was assigned since the last
// run) loads the adjacency rows of the unassigned ones. It returns them as
// positions, and false on failure.
func (p *gacProp) eliminate1(s *csp.Space, ow []uint64) (uint64, bool) {
	m := p.m
	vars := p.vars
	fresh := p.fresh[0]
	p.fresh[0] = 0
	loaded := false
	var act uint64
	for fresh != 0 {
		seen, src := uint64(0), uint64(0)
		for f := fresh; f != 0; f &= f - 1 {
			i := bits.TrailingZeros64(f)
			w := ow[vars[i]]
			if w == 0 || w&(w-1) != 0 {
				continue // stale: undone by a backtrack
			}
			if w&seen != 0 {
				p.fresh[0] |= f &^ (1 << i) // left unread, as eliminate leaves them
				return 0, false             // two new assignments to one value
			}
			seen |= w
			src |= 1 << i
		}
		if seen == 0 {
			break
		}
		fresh = 0
		act = 0
		for j, x := range vars {
			w := ow[x]
			if w&seen != 0 && src&(1<<j) == 0 {
				if w&(w-1) == 0 || !s.RemoveMask(x, seen) {
					p.fresh[0] |= fresh
					return 0, false // an older assignment holds the value, or x is left empty
				}
				w = ow[x]
				if w&(w-1) == 0 {
					fresh |= 1 << j
				}
			}
			if w&(w-1) == 0 {
				if m.match[j] >= 0 {
					m.unmatch(j)
				}
				continue
			}
			m.adj[j] = w
			act |= 1 << j
		}
		loaded = true
	}
	if loaded {
		return act, true
	}
	for j, x := range vars {
		w := ow[x]
		if w&(w-1) == 0 {
			if m.match[j] >= 0 {
				m.unmatch(j)
			}
			continue
		}
		m.adj[j] = w
		act |= 1 << j
	}
	return act, true
}

// maximize1 is maximize for the left nodes in act (one word of positions)
// of a one-word graph.
func (m *matcher) maximize1(act uint64) bool {
	free := m.free[0]
	for c := act; c != 0; c &= c - 1 {
		i := bits.TrailingZeros64(c)
		if v := m.match[i]; v >= 0 && m.adj[i]&(1<<v) == 0 {
			m.match[i] = -1
			m.owner[v] = -1
			free |= 1 << v
		}
	}
	for c := act; c != 0; c &= c - 1 {
		i := bits.TrailingZeros64(c)
		if m.match[i] >= 0 {
			continue
		}
		if f := m.adj[i] & free; f != 0 {
			v := bits.TrailingZeros64(f)
			m.match[i] = int32(v)
			m.owner[v] = int32(i)
			free &^= 1 << v
			continue
		}
		m.free[0] = free
		visited := uint64(0)
		if !m.augment1(i, &visited) {
			return false
		}
		free = m.free[0]
	}
	m.free[0] = free
	return true
}

// augment1 is augment on a one-word graph.
func (m *matcher) augment1(i int, visited *uint64) bool {
	for c := m.adj[i] &^ *visited; c != 0; c &= c - 1 {
		b := bits.TrailingZeros64(c)
		if *visited&(1<<b) != 0 {
			continue // visited deeper in this loop
		}
		*visited |= 1 << b
		if o := m.owner[b]; o < 0 || m.augment1(int(o), visited) {
			if old := m.match[i]; old >= 0 {
				m.owner[old] = -1
				m.free[0] |= 1 << old
			}
			m.match[i] = int32(b)
			m.owner[b] = int32(i)
			m.free[0] &^= 1 << b
			return true
		}
	}
	return false
}

// filter1 is filter for the left nodes in act of a one-word graph whose
// matching covers them all.
func (m *matcher) filter1(act uint64) {
	free := m.free[0]
	// reach: free values some row holds, then owners' values that can move
	// to a value in reach, to a fixpoint.
	reach := uint64(0)
	for c := act; c != 0; c &= c - 1 {
		reach |= m.adj[bits.TrailingZeros64(c)] & free
	}
	for changed := reach != 0; changed; {
		changed = false
		for c := act; c != 0; c &= c - 1 {
			i := bits.TrailingZeros64(c)
			u := m.match[i]
			if reach&(1<<u) == 0 && m.adj[i]&reach != 0 {
				reach |= 1 << u
				changed = true
			}
		}
	}
	m.reach[0] = reach
	nodes := uint64(0)
	for c := act; c != 0; c &= c - 1 {
		i := bits.TrailingZeros64(c)
		u := m.match[i]
		if reach&(1<<u) == 0 {
			nodes |= 1 << u
			m.succ[u] = m.adj[i] &^ (1 << u)
		}
	}
	m.split1(nodes)
	for c := act; c != 0; c &= c - 1 {
		i := bits.TrailingZeros64(c)
		u := m.match[i]
		keep := reach | 1<<u
		if reach&(1<<u) == 0 {
			keep |= m.compMask[u]
		}
		m.adj[i] &= keep
	}
}

// split1 sets compMask of every node in nodes to its strongly connected
// component within nodes, by forward and backward closures over succ.
func (m *matcher) split1(nodes uint64) {
	for rem := nodes; rem != 0; {
		u := bits.TrailingZeros64(rem)
		fwd, frontier := uint64(1)<<u, uint64(1)<<u
		for frontier != 0 {
			next := uint64(0)
			for f := frontier; f != 0; f &= f - 1 {
				next |= m.succ[bits.TrailingZeros64(f)]
			}
			frontier = next & rem &^ fwd
			fwd |= frontier
		}
		back := uint64(1) << u
		for changed := true; changed; {
			changed = false
			for c := fwd &^ back; c != 0; c &= c - 1 {
				v := bits.TrailingZeros64(c)
				if m.succ[v]&back != 0 {
					back |= 1 << v
					changed = true
				}
			}
		}
		for c := back; c != 0; c &= c - 1 {
			m.compMask[bits.TrailingZeros64(c)] = back
		}
		rem &^= back
	}
}
