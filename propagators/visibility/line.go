package visibility

import (
	"math/bits"

	"github.com/cspgo/csp/csp"
)

// lineProp is the Line strength: a full line of n cells holding a
// permutation of 1..n, with a front clue and a back clue (each a set of
// wanted counts: one bit, or all bits when the clue is absent).
//
// The tallest building n splits the line into A n B: every building seen
// from the front stands in A or is n, every one seen from the back stands
// in B or is n, so front = 1 + (left-to-right maxima of A) and back =
// 1 + (right-to-left maxima of B), and A and B only share the condition
// that their sets of heights split {1..n-1}. Hence two dynamic programs
// over sets of heights (Bellman; Held and Karp, 1962), each state a subset
// S of {1..n-1} whose heights fill the first |S| cells (f) or the last
// |S| cells (g), holding the set of counts of maxima reachable there as
// the bits of a 16-bit word: the tallest so far is max S, so S and the
// count are the whole state. A split S is valid when n fits cell |S|, f[S]
// meets the front clue and g[{1..n-1} \ S] meets the back clue; a
// backward pass over each program then marks the states that reach a valid
// split, and a height h at cell i is kept when some transition placing h
// at i joins a reachable state to a co-reachable one (the same forward /
// backward scheme as table).
//
// Two cheap cuts keep the programs small: a state's counts are limited to
// those that can still meet its clue (see winF), and each side stops at
// the farthest cell that can still hold n.
//
// Each of the four passes scans the 2^(n-1) subsets in numeric order
// (subsets before supersets), skips the unreached ones with one test and
// spends O(n) on each reached one: O(2^(n-1) + R·n), R the reached
// subsets, at most 2^(n-1) (at the root), fewer deep in a search. (A
// worklist of the reached subsets was measured too: no faster even with
// half the heights gone, so the plain scan stayed.) Memory: 3·2^(n-1)
// 16-bit words, sized at Post; a run allocates nothing.
type lineProp struct {
	line        []csp.Var
	n           int
	front, back uint16 // wanted counts of maxima in A, in B
	// winF[t], winG[t]: the counts a state whose tallest height is t can
	// have and still meet its clue: at most the clue's count, and at least
	// that minus the n-1-t heights above t still to come.
	winF, winG [MaxLine]uint16
	full       uint16   // heights 1..n-1 as bits 0..n-2
	dom        []uint16 // per cell, bit h-1 for height h
	f, g, x    []uint16 // per subset: counts reachable (f, g), co-reachable (x)
	keep       []uint64 // per cell, supported heights (bit h)
}

func newLine(line []csp.Var, front, back int) *lineProp {
	n := len(line)
	size := 1 << (n - 1)
	want := func(c int) uint16 {
		if c == 0 {
			return ^uint16(0)
		}
		return 1 << (c - 1)
	}
	p := &lineProp{
		line: line, n: n, front: want(front), back: want(back),
		full: uint16(size - 1),
		dom:  make([]uint16, n),
		f:    make([]uint16, size), g: make([]uint16, size), x: make([]uint16, size),
		keep: make([]uint64, n),
	}
	p.winF, p.winG = window(n, front), window(n, back)
	return p
}

// window returns, per tallest height t in 0..n-1, the counts of maxima a
// side can hold and still reach the clue c - 1 (all of them when c == 0).
func window(n, c int) (w [MaxLine]uint16) {
	for t := range n {
		w[t] = ^uint16(0)
		if c > 0 {
			lo := max(0, c-1-(n-1-t))
			w[t] = (uint16(1)<<c - 1) &^ (uint16(1)<<lo - 1)
		}
	}
	return w
}

// Propagate keeps exactly the heights some permutation meeting both clues
// uses; it is idempotent.
func (p *lineProp) Propagate(s *csp.Space) csp.Status {
	n := p.n
	for i, x := range p.line {
		p.dom[i] = uint16(word0(s, x) >> 1 & (1<<n - 1))
		if p.dom[i] == 0 {
			return csp.Failed
		}
	}
	ok := p.filter()
	clear(p.f)
	clear(p.g)
	if !ok {
		return csp.Failed
	}
	return narrow(s, p.line, p.keep)
}

// reach fills counts (f, or g with fromBack) for the subsets reachable
// from the empty one, subset S filling cells cell(|S|) onwards from its
// side. Counts outside win are dropped, and a subset left with none is not
// reached; subsets of size limit are not extended. counts must be zero on
// entry.
func (p *lineProp) reach(counts []uint16, win *[MaxLine]uint16, limit int, fromBack bool) {
	n := p.n
	counts[0] = 1
	for k := range int(p.full) + 1 {
		S := uint16(k)
		here := counts[S]
		size := bits.OnesCount16(S)
		if here == 0 || size >= limit {
			continue
		}
		cell := size
		if fromBack {
			cell = n - 1 - size
		}
		top := bits.Len16(S) // the tallest height in S
		for c := p.dom[cell] & p.full &^ S; c != 0; c &= c - 1 {
			b := bits.TrailingZeros16(c)
			v := here
			if b+1 > top {
				v = v << 1 & win[b+1]
			} else {
				v &= win[top]
			}
			counts[S|1<<b] |= v
		}
	}
}

// coreach walks the subsets of one side (with its counts) backwards,
// computes into p.x the counts from which a valid split is reachable, and
// marks the supported heights. other are the counts of the other side;
// want and otherWant the clues of this side and of the other.
func (p *lineProp) coreach(counts, other []uint16, want, otherWant uint16, fromBack bool) {
	n, tall := p.n, uint16(1)<<(p.n-1)
	for k := int(p.full); k >= 0; k-- {
		S := uint16(k)
		here := counts[S]
		if here == 0 {
			continue
		}
		size := bits.OnesCount16(S)
		cell := size
		if fromBack {
			cell = n - 1 - size
		}
		top := bits.Len16(S)
		need, keep := uint16(0), uint64(0)
		if p.dom[cell]&tall != 0 && other[p.full&^S]&otherWant != 0 {
			need = want
			if here&want != 0 {
				keep |= 1 << n
			}
		}
		for c := p.dom[cell] & p.full &^ S; c != 0; c &= c - 1 {
			b := bits.TrailingZeros16(c)
			if counts[S|1<<b] == 0 {
				continue // not reached this run: p.x holds an old value
			}
			nx := p.x[S|1<<b]
			if b+1 > top {
				nx >>= 1
			}
			need |= nx
			if here&nx != 0 {
				keep |= 1 << (b + 1)
			}
		}
		p.x[S] = need
		p.keep[cell] |= keep
	}
}

// filter runs both programs and both backward passes; it reports whether
// some permutation meets both clues.
func (p *lineProp) filter() bool {
	first, last := -1, -1 // the cells that can hold n
	for i, d := range p.dom {
		if d&(1<<(p.n-1)) != 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return false
	}
	p.reach(p.f, &p.winF, last, false)
	p.reach(p.g, &p.winG, p.n-1-first, true)
	clear(p.keep)
	p.coreach(p.f, p.g, p.front, p.back, false)
	p.coreach(p.g, p.f, p.back, p.front, true)
	return p.keep[0] != 0
}

func (p *lineProp) Name() string           { return "visibility/line" }
func (p *lineProp) Priority() csp.Priority { return csp.Expensive }
func (p *lineProp) Clone() csp.Propagator {
	c := *p
	c.dom = make([]uint16, len(p.dom))
	c.f, c.g, c.x = make([]uint16, len(p.f)), make([]uint16, len(p.g)), make([]uint16, len(p.x))
	c.keep = make([]uint64, len(p.keep))
	return &c
}
