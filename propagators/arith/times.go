package arith

import (
	"math/bits"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// TimesLimit is the most value pairs a Times run enumerates: below it the
// run is domain consistent, above it (domains of hundreds of values) it
// reasons on bounds. The limit keeps an enumerating run cheap enough for a
// search node (BenchmarkTimes; measured in docs/BENCHMARKS.md, section
// "Times: enumeration below TimesLimit").
const TimesLimit = 1 << 14

// timesLimit is TimesLimit, lowered by tests to reach the bounds path.
var timesLimit = TimesLimit

// Times constrains x·y = z. While the two smallest domains of x, y and z
// have at most TimesLimit pairs of values, a run enumerates those pairs
// (the third value follows: a product, or a quotient checked to divide)
// and keeps exactly the values some pair supports: domain consistency, in
// O(|D1|·|D2|) for the two smallest domains. Above the limit it narrows the
// bounds (z within min(x)·min(y) .. max(x)·max(y), x within
// ceil(min(z)/max(y)) .. floor(max(z)/min(y)), and y alike) and reruns
// until they stop moving. It wakes on every domain change and is entailed
// once two of the variables are assigned (after filtering, the third then
// has only values that fit). It returns an error wrapping csp.ErrWords
// for a variable that is not a bitset domain from 0, and one wrapping
// ErrVar when a
// variable is not in m.
func Times(m *csp.Model, x, y, z csp.Var) error {
	if err := checkWords(m, x, y, z); err != nil {
		return err
	}
	p := &timesProp{x: x, y: y, z: z, same: x == y || x == z || y == z}
	p.alloc(m.Width(x), m.Width(y), m.Width(z))
	m.Post(p, domains.EventDomain, x, y, z)
	return nil
}

type timesProp struct {
	x, y, z    csp.Var
	same       bool     // a variable appears twice: enumerate x and y, checking the equalities
	sx, sy, sz []uint64 // supported values found in this run
}

func (p *timesProp) alloc(wx, wy, wz int) {
	p.sx, p.sy, p.sz = make([]uint64, wx), make([]uint64, wy), make([]uint64, wz)
}

// Propagate filters by enumeration or by bounds.
func (p *timesProp) Propagate(s *csp.Space) csp.Status {
	nx, ny, nz := s.Size(p.x), s.Size(p.y), s.Size(p.z)
	pairs := min(nx*ny, min(nx, ny)*nz)
	if p.same {
		pairs = nx * ny
	}
	if pairs > timesLimit {
		return p.bounds(s)
	}
	clear(p.sx)
	clear(p.sy)
	clear(p.sz)
	if p.same || nx*ny <= min(nx, ny)*nz {
		p.byFactors(s)
	} else if nx <= ny {
		p.byProduct(s, p.x, p.y, p.sx, p.sy)
	} else {
		p.byProduct(s, p.y, p.x, p.sy, p.sx)
	}
	if !s.IntersectWords(p.x, p.sx) || !s.IntersectWords(p.y, p.sy) || !s.IntersectWords(p.z, p.sz) {
		return csp.Failed
	}
	assigned := 0
	for _, v := range [3]csp.Var{p.x, p.y, p.z} {
		if s.Assigned(v) {
			assigned++
		}
	}
	if assigned >= 2 {
		return csp.Entailed
	}
	return csp.Fixpoint
}

// byFactors enumerates the pairs of x and y (only the pairs that respect
// a repeated variable).
func (p *timesProp) byFactors(s *csp.Space) {
	wz := s.Words(p.z)
	wy := s.Words(p.y)
	for a := range values(s.Words(p.x)) {
		for i, w := range wy {
			for ; w != 0; w &= w - 1 {
				b := i*64 + bits.TrailingZeros64(w)
				c := a * b
				if p.same && (p.x == p.y && a != b || p.x == p.z && a != c || p.y == p.z && b != c) {
					continue
				}
				if has(wz, c) {
					set(p.sx, a)
					set(p.sy, b)
					set(p.sz, c)
				}
			}
		}
	}
}

// byProduct enumerates the pairs of factor f and z: the other factor g is
// z/f when f divides it, and anything when f = z = 0.
func (p *timesProp) byProduct(s *csp.Space, f, g csp.Var, sf, sg []uint64) {
	wg, wz := s.Words(g), s.Words(p.z)
	for a := range values(s.Words(f)) {
		if a == 0 {
			if has(wz, 0) {
				set(sf, 0)
				set(p.sz, 0)
				copy(sg, wg)
			}
			continue
		}
		for i, w := range wz {
			for ; w != 0; w &= w - 1 {
				c := i*64 + bits.TrailingZeros64(w)
				if c%a == 0 && has(wg, c/a) {
					set(sf, a)
					set(sg, c/a)
					set(p.sz, c)
				}
			}
		}
	}
}

// bounds narrows the three ranges once; the queue reruns it while they move.
func (p *timesProp) bounds(s *csp.Space) csp.Status {
	ok := s.RemoveBelow(p.z, s.Min(p.x)*s.Min(p.y)) && s.RemoveAbove(p.z, s.Max(p.x)*s.Max(p.y)) &&
		factorBounds(s, p.x, p.y, p.z) && factorBounds(s, p.y, p.x, p.z)
	switch {
	case !ok:
		return csp.Failed
	case s.Assigned(p.x) && s.Assigned(p.y) && s.Assigned(p.z):
		return csp.Entailed
	}
	return csp.NotFixpoint
}

// factorBounds narrows f in f·g = z: f >= ceil(min z / max g) when
// max g > 0, f <= floor(max z / min g) when min g > 0.
func factorBounds(s *csp.Space, f, g, z csp.Var) bool {
	if hi := s.Max(g); hi > 0 && !s.RemoveBelow(f, (s.Min(z)+hi-1)/hi) {
		return false
	}
	if lo := s.Min(g); lo > 0 && !s.RemoveAbove(f, s.Max(z)/lo) {
		return false
	}
	return true
}

// has reports whether bit v is set in w.
func has(w []uint64, v int) bool { return v/64 < len(w) && w[v/64]&(1<<(v%64)) != 0 }

// set sets bit v of w, when w has room for it.
func set(w []uint64, v int) {
	if v/64 < len(w) {
		w[v/64] |= 1 << (v % 64)
	}
}

func (p *timesProp) Name() string           { return "arith/times" }
func (p *timesProp) Priority() csp.Priority { return csp.Linear }

// Clone gives each space its own scratch masks.
func (p *timesProp) Clone() csp.Propagator {
	q := &timesProp{x: p.x, y: p.y, z: p.z, same: p.same}
	q.alloc(len(p.sx), len(p.sy), len(p.sz))
	return q
}
