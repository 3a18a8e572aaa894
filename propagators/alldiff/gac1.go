package alldiff

import (
	"math/bits"

	"github.com/cspgo/csp/csp"
)

// The one-word path of the GAC strength: at most 64 variables whose
// values all lie below 64, in a space whose domains are all one word
// (Space.OneWord), the case of Latin squares up to order 63, Futoshiki and
// sudoku. It reads the domains straight from the space's words, keeps the
// graph's rows and the variables in play between runs (reading again only
// the rows advised since, while the space is below the node where the
// last run ended), keeps those matched as a word of positions, looks only
// at the variables whose match broke, and narrows each domain as soon as
// its component is known. It changes the domains exactly as the general path
// does, in the same order.

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
		return csp.Entailed // and p.mark stays cleared: no advice while entailed
	}
	// Drop the matches of assigned variables and those whose value is gone.
	for c := m.matched; c != 0; c &= c - 1 {
		i := bits.TrailingZeros64(c)
		if act&(1<<i) == 0 || m.adj[i]&(1<<m.match[i]) == 0 {
			m.unmatch1(i)
		}
	}
	if !m.maximize1(act) {
		return csp.Failed
	}
	p.act = act
	st := p.filter1(s, ow, act)
	if st != csp.Failed {
		p.mark = s.Mark()
	}
	return st
}

// eliminate1 is eliminate followed by load on the one-word path: it first
// reads again the rows of the positions advised since the last run (all of
// them when the space no longer Holds the node where that run ended: the
// rows and act are only known to match the domains in its subtree), then
// removes the value of every newly assigned variable from the others,
// round after round, in the order eliminate does, reading the rows
// instead of the domains (they are equal) and reading again those it
// narrows. It returns the unassigned positions, and false on failure.
func (p *gacProp) eliminate1(s *csp.Space, ow []uint64) (uint64, bool) {
	vars := p.vars
	adj := p.m.adj[:len(vars)]
	changed, dup := p.changed, p.dup
	p.changed = 0
	if dup || !s.Holds(p.mark) {
		changed = ^uint64(0) >> (64 - len(vars))
	}
	p.mark = csp.Mark{} // until this run completes
	act := p.act
	for c := changed; c != 0; c &= c - 1 {
		j := bits.TrailingZeros64(c)
		w := ow[vars[j]]
		adj[j] = w
		nz := w & (w - 1)
		act = act&^(1<<j) | (nz|-nz)>>63<<j
	}
	fresh := p.fresh[0]
	p.fresh[0] = 0
	for fresh != 0 {
		seen, src := uint64(0), uint64(0)
		for f := fresh; f != 0; f &= f - 1 {
			i := bits.TrailingZeros64(f)
			w := adj[i]
			if dup {
				w = ow[vars[i]]
			}
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
		if dup {
			// The pass of before the marks: a variable narrowed at one
			// position may sit at another.
			for j, x := range vars {
				w := ow[x]
				if w&seen != 0 && src&(1<<j) == 0 {
					if w&(w-1) == 0 || !s.RemoveMask(x, seen) {
						p.fresh[0] |= fresh
						return 0, false
					}
					w = ow[x]
					if w&(w-1) == 0 {
						fresh |= 1 << j
					}
				}
				adj[j] = w
				nz := w & (w - 1)
				act = act&^(1<<j) | (nz|-nz)>>63<<j
			}
			continue
		}
		for j, w := range adj {
			if w&seen != 0 && src&(1<<j) == 0 {
				x := vars[j]
				if w&(w-1) == 0 || !s.RemoveMask(x, seen) {
					p.fresh[0] |= fresh
					return 0, false // an older assignment holds the value, or x is left empty
				}
				w = ow[x]
				adj[j] = w
				if w&(w-1) == 0 {
					fresh |= 1 << j
					act &^= 1 << j
				}
			}
		}
	}
	return act, true
}

func (m *matcher) unmatch1(i int) {
	v := m.match[i]
	m.match[i] = -1
	m.owner[v] = -1
	m.free[0] |= 1 << v
	m.matched &^= 1 << i
}

// maximize1 matches the unmatched left nodes of act on a one-word graph,
// in the order maximize does. It reports false when that is impossible.
func (m *matcher) maximize1(act uint64) bool {
	for c := act &^ m.matched; c != 0; c &= c - 1 {
		i := bits.TrailingZeros64(c)
		if f := m.adj[i] & m.free[0]; f != 0 {
			v := bits.TrailingZeros64(f)
			m.match[i] = int32(v)
			m.owner[v] = int32(i)
			m.free[0] &^= 1 << v
			m.matched |= 1 << i
			continue
		}
		visited := uint64(0)
		if !m.augment1(i, &visited) {
			return false
		}
	}
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
			m.matched |= 1 << i
			return true
		}
	}
	return false
}

// filter1 is filter on a one-word graph whose matching covers act, and
// narrows the domains to what it keeps, in the order of the positions.
func (p *gacProp) filter1(s *csp.Space, ow []uint64, act uint64) csp.Status {
	m := p.m
	// The value graph, first as if no row held a free value (always so
	// when the group is a permutation of its values).
	nodes, union := uint64(0), uint64(0)
	for c := act; c != 0; c &= c - 1 {
		i := bits.TrailingZeros64(c)
		u := m.match[i]
		nodes |= 1 << u
		m.succ[u] = m.adj[i] &^ (1 << u)
		union |= m.adj[i]
	}
	// reach: free values some row holds, then owners' values that can move
	// to a value in reach, to a fixpoint; they leave the graph.
	reach := union & m.free[0]
	if reach != 0 {
		for changed := true; changed; {
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
		nodes &^= reach
	}
	whole := m.split1(nodes)
	if whole && reach == 0 {
		// One component, and no row holds a free value: every row lies
		// within the matched values, all in the component. Nothing goes.
		return csp.Fixpoint
	}
	for c := act; c != 0; c &= c - 1 {
		i := bits.TrailingZeros64(c)
		u := m.match[i]
		keep := reach | 1<<u
		if reach&(1<<u) == 0 {
			if whole {
				keep |= nodes
			} else {
				keep |= m.compMask[u]
			}
		}
		if x := p.vars[i]; ow[x]&^keep != 0 {
			if !s.KeepMask(x, keep) {
				return csp.Failed
			}
			w := ow[x] // its own change, not advised: the row follows it
			m.adj[i] = w
			if w&(w-1) == 0 {
				p.act &^= 1 << i
			}
		}
	}
	return csp.Fixpoint
}

// split1 sets compMask of every node in nodes to its strongly connected
// component within nodes, by forward and backward closures over succ. It
// reports whether nodes is one component (the common case deep in a
// search), and then leaves compMask as it was.
func (m *matcher) split1(nodes uint64) bool {
	for rem := nodes; rem != 0; {
		u := bits.TrailingZeros64(rem)
		fwd, frontier := uint64(1)<<u, uint64(1)<<u
		for frontier != 0 && fwd != rem {
			next := uint64(0)
			for f := frontier; f != 0; f &= f - 1 {
				next |= m.succ[bits.TrailingZeros64(f)]
			}
			frontier = next & rem &^ fwd
			fwd |= frontier
		}
		// Backward closure of u within fwd: passes over the nodes not yet
		// in it, adding those with an edge into it, until one adds none.
		back := uint64(1) << u
		for {
			old := back
			for c := fwd &^ back; c != 0; c &= c - 1 {
				v := bits.TrailingZeros64(c)
				t := m.succ[v] & back
				back |= (t | -t) >> 63 << v // without a branch: 1 when t != 0
			}
			if back == old {
				break
			}
		}
		if back == nodes {
			return true
		}
		for c := back; c != 0; c &= c - 1 {
			m.compMask[bits.TrailingZeros64(c)] = back
		}
		rem &^= back
	}
	return false
}
