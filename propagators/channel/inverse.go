// Package channel links two views of one problem.
//
//	channel.Inverse(m, xs, ys, 1) // xs[i] = j+1  <=>  ys[j] = i+1
//
// Inverse is the classic channelling constraint between a permutation and
// its inverse (a Latin square's cells and, per row, the column of each
// symbol). With both views in one model, a search heuristic can branch on
// whichever view has the smallest domain (Dotú, del Val and Cebrián,
// "Redundant modeling for the quasigroup completion problem", CP 2003).
package channel

import (
	"fmt"
	"math/bits"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// Inverse constrains xs and ys (of equal length n) to be inverse
// permutations: xs[i] = j+base exactly when ys[j] = i+base, for i, j in
// 0..n-1. Values outside base..base+n-1 are removed, and value j+base
// stays in xs[i] exactly when i+base stays in ys[j]. That alone does not see
// that xs must be all different; post alldiff.GAC on xs as well, and the
// pair is domain consistent for the conjunction. A run costs O(n·W) word
// operations plus one step per value left in the domains (W = words per
// domain), so it gets cheaper as the search goes deeper.
func Inverse(m *csp.Model, xs, ys []csp.Var, base int) {
	if len(xs) != len(ys) {
		panic(fmt.Sprintf("channel: Inverse of %d and %d variables", len(xs), len(ys)))
	}
	if base < 0 {
		panic("channel: negative base")
	}
	n := len(xs)
	width := domains.WordsFor(base + n)
	p := &inverse{
		vars: append(append([]csp.Var(nil), xs...), ys...), n: n, base: base,
		keep:  make([]uint64, width),
		dirty: make([]uint64, domains.WordsFor(2*n)),
	}
	for i := base; i < base+n; i++ {
		p.keep[i/64] |= 1 << (i % 64)
	}
	p.all()
	m.Post(p, domains.EventDomain, p.vars...)
}

// inverse keeps, as advisor state, the set of variables changed since its
// last run (positions 0..n-1 are xs, n..2n-1 ys). A stale mark only costs a
// look at a variable that is already consistent.
type inverse struct {
	vars  []csp.Var // xs then ys
	n     int
	base  int
	keep  []uint64 // base .. base+n-1
	dirty []uint64 // positions in vars changed since the last run
}

func (p *inverse) all() {
	for i := range 2 * p.n {
		p.dirty[i/64] |= 1 << (i % 64)
	}
}

// Advise marks the variable at position i for the next run.
func (p *inverse) Advise(i int, _ domains.Event) bool {
	p.dirty[i/64] |= 1 << (i % 64)
	return true
}

// Propagate looks at each changed variable: for xs[i], every j+base it lost
// must leave i+base out of ys[j]; the same the other way.
func (p *inverse) Propagate(s *csp.Space) csp.Status {
	for k := range p.dirty {
		for p.dirty[k] != 0 {
			pos := k*64 + bits.TrailingZeros64(p.dirty[k])
			p.dirty[k] &= p.dirty[k] - 1
			x := p.vars[pos]
			if !s.IntersectWords(x, p.keep) {
				return csp.Failed
			}
			self, other := pos, 0 // index within its side, start of the other side
			if pos >= p.n {
				self -= p.n
			} else {
				other = p.n
			}
			w := s.Words(x)
			v := self + p.base
			vw, vb := v/64, uint64(1)<<(v%64)
			for k, keep := range p.keep {
				for lost := keep &^ w[k]; lost != 0; lost &= lost - 1 {
					y := p.vars[other+k*64+bits.TrailingZeros64(lost)-p.base]
					if yw := s.Words(y); vw < len(yw) && yw[vw]&vb != 0 && !s.Remove(y, v) {
						return csp.Failed
					}
				}
			}
		}
	}
	return csp.Fixpoint
}

func (p *inverse) Name() string           { return "channel/inverse" }
func (p *inverse) Priority() csp.Priority { return csp.Linear }
func (p *inverse) Clone() csp.Propagator {
	c := *p
	c.dirty = make([]uint64, len(p.dirty))
	c.all()
	return &c
}
