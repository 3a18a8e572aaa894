package arith

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// Diff constrains x - y = d. See DiffIn.
func Diff(m *csp.Model, x, y csp.Var, d int) error { return DiffIn(m, x, y, []int{d}) }

// AbsDiff constrains |x - y| = d. See DiffIn.
func AbsDiff(m *csp.Model, x, y csp.Var, d int) error { return AbsDiffIn(m, x, y, []int{d}) }

// AbsDiffIn constrains |x - y| to be one of set (negative entries can never
// hold and are ignored). See DiffIn.
func AbsDiffIn(m *csp.Model, x, y csp.Var, set []int) error {
	return DiffIn(m, x, y, symmetric(set))
}

// AbsDiffNotIn constrains |x - y| to be none of set. See DiffNotIn.
func AbsDiffNotIn(m *csp.Model, x, y csp.Var, set []int) error {
	return DiffNotIn(m, x, y, symmetric(set))
}

// DiffIn constrains x - y to be one of set, an arbitrary list of integers
// (repeats are ignored; an empty set cannot hold). The propagator keeps
// the values of x in y + set and those of y in x - set, each computed by
// shifting words (see the package documentation): domain consistency in
// one run, O(min(|set|, |D|)·W) for domains of |D| values in W words. It
// wakes on every domain change and is entailed once x or y is assigned.
// It returns an error wrapping ErrVar when x or y is not in m, and one
// wrapping csp.ErrWords when either is an interval domain.
func DiffIn(m *csp.Model, x, y csp.Var, set []int) error {
	return postDiff(m, x, y, set, false)
}

// DiffNotIn constrains x - y to be none of set: DiffNotIn(m, x, y,
// []int{0}) is x != y, and {0, j-i, i-j} keeps two queens in columns i and
// j off one row and the diagonals. The propagator removes from x the
// values v with v - set covering y's domain (possible only while y has at
// most |set| values), and likewise from y: domain consistency in one run,
// O(|D|·W) when it has something to remove, O(W) otherwise. It wakes on
// every domain change and is entailed once x or y is assigned. It returns
// an error wrapping ErrVar when x or y is not in m, and one wrapping
// csp.ErrWords when either is an interval domain.
func DiffNotIn(m *csp.Model, x, y csp.Var, set []int) error {
	return postDiff(m, x, y, set, true)
}

// symmetric returns ±set, without negative entries of set.
func symmetric(set []int) []int {
	out := make([]int, 0, 2*len(set))
	for _, d := range set {
		if d >= 0 {
			out = append(out, d, -d)
		}
	}
	return out
}

// maxDiff bounds the difference of the bits of any two values (the bit
// of a value is its distance to its domain's Base).
const maxDiff = domains.MaxValue

func postDiff(m *csp.Model, x, y csp.Var, set []int, not bool) error {
	if err := checkVars(m, x, y); err != nil {
		return err
	}
	if err := m.CheckBitset(x, y); err != nil {
		return fmt.Errorf("arith: %w", err)
	}
	// The propagators work on bits: bit i of x is value Base(x)+i, so
	// x - y = d is (bit of x) - (bit of y) = d - Base(x) + Base(y).
	shift := m.Base(y) - m.Base(x)
	var delta []int
	for _, d := range set {
		if d = clampOffset(d) + shift; d >= -maxDiff && d <= maxDiff {
			delta = append(delta, d)
		}
	}
	slices.Sort(delta)
	delta = slices.Compact(delta)
	if x == y || len(delta) == 0 {
		// x - x = 0; an empty set holds nothing (DiffIn) or everything.
		_, zeroIn := slices.BinarySearch(delta, 0)
		if x != y {
			zeroIn = false // the empty set
		}
		m.Post(constProp(zeroIn != not), domains.EventAssigned, x, y)
		return nil
	}
	dlo, dhi := delta[0], delta[len(delta)-1]
	if m.Width(x) == 1 && m.Width(y) == 1 && dhi-dlo < 64 {
		p := &diff1Prop{x: x, y: y, n: len(delta), not: not, dlo: dlo, dhi: dhi}
		for _, d := range delta {
			p.fwd |= 1 << (d - dlo)
			p.mir |= 1 << (dhi - d)
		}
		m.Post(p, domains.EventDomain, x, y)
		return nil
	}
	p := &diffProp{x: x, y: y, delta: delta, not: not, dlo: dlo, dhi: dhi}
	n := p.dhi - p.dlo
	p.fwd = make([]uint64, domains.WordsFor(n))
	p.mir = make([]uint64, domains.WordsFor(n))
	for _, d := range delta {
		p.fwd[(d-p.dlo)/64] |= 1 << ((d - p.dlo) % 64)
		p.mir[(p.dhi-d)/64] |= 1 << ((p.dhi - d) % 64)
	}
	p.sx = make([]uint64, m.Width(x))
	p.sy = make([]uint64, m.Width(y))
	m.Post(p, domains.EventDomain, x, y)
	return nil
}

// diff1Prop is diffProp for values below 64 and a set Δ that spans fewer
// than 64 integers: Δ and the domains are single words, the revision a
// few shifts, and nothing is allocated after posting.
type diff1Prop struct {
	x, y     csp.Var
	n        int    // |Δ|
	dlo, dhi int    // Δ's smallest and largest entries
	fwd, mir uint64 // bit δ-dlo, and bit dhi-δ, for each δ ∈ Δ
	not      bool
}

// Propagate revises x against y, then y against x.
func (p *diff1Prop) Propagate(s *csp.Space) csp.Status {
	if !p.revise(s, p.x, p.y, p.fwd, p.dlo, 1) || !p.revise(s, p.y, p.x, p.mir, -p.dhi, -1) {
		return csp.Failed
	}
	if s.Assigned(p.x) || s.Assigned(p.y) {
		return csp.Entailed
	}
	return csp.Fixpoint
}

// revise is diffProp.revise on single words: set shifted by w+off is
// w + sign·Δ, and bit i of fwd is δ = dlo+i.
func (p *diff1Prop) revise(s *csp.Space, a, b csp.Var, set uint64, off, sign int) bool {
	wb := s.Words(b)[0]
	nb := bits.OnesCount64(wb)
	if p.not {
		if nb > p.n || nb == 0 {
			return true // no value of a sees all of b's values forbidden
		}
		mask := ^uint64(0)
		for c := wb; c != 0; c &= c - 1 {
			mask &= shift1(set, bits.TrailingZeros64(c)+off)
		}
		return s.RemoveMask(a, mask)
	}
	mask := uint64(0)
	if p.n <= nb {
		for c := p.fwd; c != 0; c &= c - 1 {
			mask |= shift1(wb, sign*(p.dlo+bits.TrailingZeros64(c)))
		}
	} else {
		for c := wb; c != 0; c &= c - 1 {
			mask |= shift1(set, bits.TrailingZeros64(c)+off)
		}
	}
	return s.KeepMask(a, mask)
}

func (p *diff1Prop) Name() string {
	if p.not {
		return "arith/diffnotin"
	}
	return "arith/diffin"
}

func (p *diff1Prop) Priority() csp.Priority { return csp.Binary }

// diffProp is x - y ∈ Δ, or x - y ∉ Δ when not is set.
type diffProp struct {
	x, y     csp.Var
	delta    []int    // Δ, sorted, distinct, non-empty
	dlo, dhi int      // Δ's smallest and largest entries
	fwd      []uint64 // bit δ-dlo for each δ ∈ Δ: the set w+Δ is fwd shifted by w+dlo
	mir      []uint64 // bit dhi-δ for each δ ∈ Δ: the set v-Δ is mir shifted by v-dhi
	not      bool
	sx, sy   []uint64 // scratch masks, one per side
}

// Propagate revises x against y, then y against x.
func (p *diffProp) Propagate(s *csp.Space) csp.Status {
	if !p.revise(s, p.x, p.y, p.sx, p.fwd, p.dlo, 1) || !p.revise(s, p.y, p.x, p.sy, p.mir, -p.dhi, -1) {
		return csp.Failed
	}
	if s.Assigned(p.x) || s.Assigned(p.y) {
		return csp.Entailed
	}
	return csp.Fixpoint
}

// revise filters a against b, where a = b + sign·δ for δ ∈ Δ (sign 1 for
// x against y, -1 for y against x); set shifted by w+off is w + sign·Δ.
func (p *diffProp) revise(s *csp.Space, a, b csp.Var, mask, set []uint64, off, sign int) bool {
	wb := s.Words(b)
	nb := count(wb)
	clear(mask)
	if p.not {
		if nb > len(p.delta) {
			return true // no value of a sees all of b's values forbidden
		}
		first := true
		for w := range values(wb) {
			if first {
				orShift(mask, set, w+off)
				first = false
			} else {
				andShift(mask, set, w+off)
			}
		}
		return s.RemoveWords(a, mask)
	}
	if len(p.delta) <= nb {
		for _, d := range p.delta {
			orShift(mask, wb, sign*d)
		}
	} else {
		for w := range values(wb) {
			orShift(mask, set, w+off)
		}
	}
	return s.IntersectWords(a, mask)
}

func (p *diffProp) Name() string {
	if p.not {
		return "arith/diffnotin"
	}
	return "arith/diffin"
}

func (p *diffProp) Priority() csp.Priority { return csp.Binary }

// Clone gives each space its own scratch masks.
func (p *diffProp) Clone() csp.Propagator {
	q := *p
	q.sx = make([]uint64, len(p.sx))
	q.sy = make([]uint64, len(p.sy))
	return &q
}

// constProp holds always (true) or never (false).
type constProp bool

func (p constProp) Propagate(*csp.Space) csp.Status {
	if p {
		return csp.Entailed
	}
	return csp.Failed
}

func (p constProp) Name() string           { return "arith/const" }
func (p constProp) Priority() csp.Priority { return csp.Unary }

func count(w []uint64) int {
	n := 0
	for _, x := range w {
		n += bits.OnesCount64(x)
	}
	return n
}

// values yields the values of a bitset in increasing order.
func values(w []uint64) func(yield func(int) bool) {
	return func(yield func(int) bool) {
		for i, x := range w {
			for x != 0 {
				if !yield(i*64 + bits.TrailingZeros64(x)) {
					return
				}
				x &= x - 1
			}
		}
	}
}
