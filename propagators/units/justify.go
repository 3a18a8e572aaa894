package units

import (
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
)

// Explanations for learning from conflicts (csp.Justifier and
// csp.FailureJustifier). Post's propagator narrows words of its own to a
// fixpoint and writes them back at the end, so the facts a deduction
// rests on may be booked after the fact it explains. A removal of v from
// a cell is explained by the first rule that the facts of the moment
// show:
//   - naked single: a peer holds v ([q = v]);
//   - hidden single: in a permutation unit of the cell, a value u the
//     cell still has and no other cell of the unit has ([y != u] for each
//     other y): the cell holds u;
//   - box-line: v must go in a permutation unit A (it is in A's values)
//     and A's cells outside its overlap with a unit B of the cell have
//     lost it ([y != v] for each): v sits in the overlap, so it leaves
//     B's other cells;
//
// and else (a chute's deduction, or a chain whose links are booked
// later) by every removal from the net's cells that held then, which
// implies whatever the sound rules deduced. Failures: two peers on one
// value, a permutation unit where a value has no cell left, else the
// same whole state. PostBoxLine's propagator uses only its own rule and
// the whole state.

var (
	_ csp.Justifier        = (*prop)(nil)
	_ csp.FailureJustifier = (*prop)(nil)
	_ csp.Justifier        = (*boxLine)(nil)
	_ csp.FailureJustifier = (*boxLine)(nil)
)

// Justify explains a removal of Post's propagator (csp.Justifier).
func (p *prop) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	return p.net.justify(at, f, true, out)
}

// JustifyFailure explains a failure of Post's propagator that left every
// domain non-empty (csp.FailureJustifier).
func (p *prop) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	n := p.net
	// Two peers on one value.
	for c, x := range n.vars {
		for _, q := range n.peers[n.peerStart[c]:n.peerStart[c+1]] {
			if int(q) < c {
				continue
			}
			for vs := n.values(c); vs != 0; vs &= vs - 1 {
				v := int32(bits.TrailingZeros64(vs))
				a, b := csp.Fact{X: x, V: v, Eq: true}, csp.Fact{X: n.vars[q], V: v, Eq: true}
				if at.Held(a) && at.Held(b) {
					return append(out, a, b)
				}
			}
		}
	}
	// A value with no cell left in a permutation unit.
	for u := range n.perm {
		if !n.perm[u] {
			continue
		}
		for vs := n.full[u]; vs != 0; vs &= vs - 1 {
			v := bits.TrailingZeros64(vs)
			if n.lost(at, n.cells(int32(u)), -1, v) {
				return n.lostFacts(n.cells(int32(u)), -1, v, out)
			}
		}
	}
	return n.state(at, out)
}

// Justify explains a removal of PostBoxLine's propagator
// (csp.Justifier).
func (p *boxLine) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	return p.net.justify(at, f, false, out)
}

// JustifyFailure explains a failure of PostBoxLine's propagator
// (csp.FailureJustifier): one that empties a domain, so this is not
// asked in practice; the whole state.
func (p *boxLine) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	return p.net.state(at, out)
}

// justify explains the removal f; singles says whether the naked and
// hidden single rules belong to the constraint (Post's, not
// PostBoxLine's).
func (n *net) justify(at csp.Past, f csp.Fact, singles bool, out []csp.Fact) []csp.Fact {
	c := slices.Index(n.vars, f.X)
	if c < 0 || f.Eq {
		return n.state(at, out) // not a removal of a cell: not expected
	}
	v := int(f.V)
	if singles {
		for _, q := range n.peers[n.peerStart[c]:n.peerStart[c+1]] {
			if e := (csp.Fact{X: n.vars[q], V: f.V, Eq: true}); at.Held(e) {
				return append(out, e)
			}
		}
		for _, u := range n.cellUnits[n.cellStart[c]:n.cellStart[c+1]] {
			if !n.perm[u] {
				continue
			}
			for vs := n.full[u] &^ (1 << v); vs != 0; vs &= vs - 1 {
				h := bits.TrailingZeros64(vs)
				if !at.Held(csp.Fact{X: f.X, V: int32(h)}) && n.lost(at, n.cells(u), c, h) {
					return n.lostFacts(n.cells(u), c, h, out)
				}
			}
		}
	}
	for k := range n.pairs {
		pr := &n.pairs[k]
		if pr.permA && slices.Contains(pr.onlyB, int32(c)) && n.full[pr.a]&(1<<v) != 0 && n.lost(at, pr.onlyA, -1, v) {
			return n.lostFacts(pr.onlyA, -1, v, out)
		}
		if pr.permB && slices.Contains(pr.onlyA, int32(c)) && n.full[pr.b]&(1<<v) != 0 && n.lost(at, pr.onlyB, -1, v) {
			return n.lostFacts(pr.onlyB, -1, v, out)
		}
	}
	return n.state(at, out)
}

// lost reports whether every cell of cells but skip had lost v at at.
func (n *net) lost(at csp.Past, cells []int32, skip, v int) bool {
	for _, y := range cells {
		if int(y) != skip && !at.Held(csp.Fact{X: n.vars[y], V: int32(v)}) {
			return false
		}
	}
	return true
}

// lostFacts appends [y != v] for every cell y of cells but skip whose
// units' values hold v (for the others it is no fact of the search).
func (n *net) lostFacts(cells []int32, skip, v int, out []csp.Fact) []csp.Fact {
	for _, y := range cells {
		if int(y) != skip && n.values(int(y))&(1<<v) != 0 {
			out = append(out, csp.Fact{X: n.vars[y], V: int32(v)})
		}
	}
	return out
}

// values returns the values cell c's units hold between them (a superset
// of its initial domain).
func (n *net) values(c int) uint64 {
	var vs uint64
	for _, u := range n.cellUnits[n.cellStart[c]:n.cellStart[c+1]] {
		vs |= n.full[u]
	}
	return vs
}

// state appends every removal from the net's cells, of their units'
// values, that held at at.
func (n *net) state(at csp.Past, out []csp.Fact) []csp.Fact {
	for c, x := range n.vars {
		for vs := n.values(c); vs != 0; vs &= vs - 1 {
			if r := (csp.Fact{X: x, V: int32(bits.TrailingZeros64(vs))}); at.Held(r) {
				out = append(out, r)
			}
		}
	}
	return out
}
