package visibility

import (
	"math/bits"

	"github.com/cspgo/csp/csp"
)

// bounds is the Bounds strength; its rules are documented on the Bounds
// constant. A run that narrows a bound answers NotFixpoint: the new bounds
// can feed the rules again.
type bounds struct {
	line    []csp.Var
	n, c    int
	mask    [1]uint64 // heights 1..n
	lo, hi  []int     // per cell, this run
	changed bool      // a rule narrowed a domain this run
	why     clueWhy   // the explanations' scratch (justify.go)
}

func newBounds(line []csp.Var, n, c int) *bounds {
	return &bounds{line: line, n: n, c: c, mask: [1]uint64{heights(n)},
		lo: make([]int, len(line)), hi: make([]int, len(line))}
}

// above and below narrow x, noting whether they changed it.
func (p *bounds) above(s *csp.Space, x csp.Var, v int) bool {
	if s.Max(x) <= v {
		return true
	}
	p.changed = true
	return s.RemoveAbove(x, v)
}

func (p *bounds) below(s *csp.Space, x csp.Var, v int) bool {
	if s.Min(x) >= v {
		return true
	}
	p.changed = true
	return s.RemoveBelow(x, v)
}

func (p *bounds) read(s *csp.Space, i int) {
	w := word0(s, p.line[i])
	p.lo[i], p.hi[i] = bits.TrailingZeros64(w), 63-bits.LeadingZeros64(w)
}

// Propagate applies the rules of Bounds once over the line.
func (p *bounds) Propagate(s *csp.Space) csp.Status {
	L := len(p.line)
	for i, x := range p.line {
		if !s.IntersectWords(x, p.mask[:]) {
			return csp.Failed
		}
		p.read(s, i)
	}
	var may uint64 // bit i: cell i may be seen
	most, fewest, assigned := 0, 0, 0
	M, P := 0, 0
	for i := range L {
		if p.hi[i] > M {
			may |= 1 << i
			most++
		}
		if p.lo[i] > P {
			fewest++
		}
		if p.lo[i] == p.hi[i] {
			assigned++
		}
		M, P = max(M, p.lo[i]), max(P, p.hi[i])
	}
	if fewest > p.c || most < p.c {
		return csp.Failed
	}
	if assigned == L {
		return csp.Entailed // fewest == most == the count
	}
	p.changed = false
	// Room above.
	A := 0
	for i, x := range p.line {
		if may&(1<<i) != 0 {
			A++
		}
		if !p.above(s, x, p.n-p.c+A) {
			return csp.Failed
		}
	}
	if most == p.c {
		M = 0
		for i, x := range p.line {
			if may&(1<<i) != 0 && !p.below(s, x, M+1) {
				return csp.Failed
			}
			M = max(M, s.Min(x))
		}
		ceil := p.n + 1 // the lowest hi of a may-cell after i
		for i := L - 1; i >= 0; i-- {
			x := p.line[i]
			if !p.above(s, x, ceil-1) {
				return csp.Failed
			}
			if may&(1<<i) != 0 {
				ceil = min(ceil, s.Max(x))
			}
		}
	}
	if fewest == p.c {
		P = 0
		for i, x := range p.line {
			if p.lo[i] <= P && !p.above(s, x, P) {
				return csp.Failed
			}
			P = max(P, p.hi[i])
		}
	}
	if p.changed {
		return csp.NotFixpoint
	}
	return csp.Fixpoint
}

func (p *bounds) Name() string           { return "visibility/bounds" }
func (p *bounds) Priority() csp.Priority { return csp.Linear }
func (p *bounds) Clone() csp.Propagator  { return newBounds(p.line, p.n, p.c) }
