package reif

import "github.com/cspgo/csp/csp"

// Equal is the Cond x = y + c, enforced at domain consistency (each value
// of x kept only with y + c in y's domain, and the other way round; on an
// interval, its bounds), its Check exact on bitset domains.
func Equal(x, y csp.Var, c int) Cond { return &eqCond{x: x, y: y, c: c} }

// NotEqual is the Cond x != y + c, enforced once either side is assigned
// (domain consistency for a binary not-equal).
func NotEqual(x, y csp.Var, c int) Cond { return &neCond{x: x, y: y, c: c} }

type eqCond struct {
	x, y csp.Var
	c    int
}

func (e *eqCond) Vars() []csp.Var { return []csp.Var{e.x, e.y} }
func (e *eqCond) Negate() Cond    { return &neCond{x: e.x, y: e.y, c: e.c} }

func (e *eqCond) Check(s *csp.Space) Truth {
	return equalTruth(s, e.x, e.y, e.c)
}

// equalTruth decides x = y + c from the domains: entailed when both are
// the same single value, disentailed when no value of x is in y + c.
func equalTruth(s *csp.Space, x, y csp.Var, c int) Truth {
	vx, okx := s.Value(x)
	vy, oky := s.Value(y)
	if okx && oky {
		if vx == vy+c {
			return Entailed
		}
		return Disentailed
	}
	if x == y {
		if c == 0 {
			return Entailed
		}
		return Disentailed
	}
	if !Meet(s, x, y, c) {
		return Disentailed
	}
	return Unknown
}

// Meet reports whether some value v of x has v - c in y's domain: an
// intersection of x with y shifted by c, by bounds on intervals, by a walk
// over the smaller domain otherwise.
func Meet(s *csp.Space, x, y csp.Var, c int) bool {
	lo, hi := max(s.Min(x), s.Min(y)+c), min(s.Max(x), s.Max(y)+c)
	if lo > hi {
		return false
	}
	dx, dy := s.Dom(x), s.Dom(y)
	switch {
	case dx.IsInterval() && dy.IsInterval():
		return true
	case dx.IsInterval():
		v, ok := dy.Next(lo - c)
		return ok && v+c <= hi
	case dy.IsInterval():
		v, ok := dx.Next(lo)
		return ok && v <= hi
	}
	if dx.Size() <= dy.Size() {
		for v, ok := dx.Next(lo); ok && v <= hi; v, ok = dx.Next(v + 1) {
			if dy.Contains(v - c) {
				return true
			}
		}
		return false
	}
	for v, ok := dy.Next(lo - c); ok && v+c <= hi; v, ok = dy.Next(v + 1) {
		if dx.Contains(v + c) {
			return true
		}
	}
	return false
}

// Enforce keeps the values of x with a partner in y and the other way
// round: bounds first, then, on bitsets, value by value.
func (e *eqCond) Enforce(s *csp.Space) csp.Status {
	x, y, c := e.x, e.y, e.c
	if x == y {
		if c == 0 {
			return csp.Entailed
		}
		return csp.Failed
	}
	for {
		if !s.RemoveBelow(x, s.Min(y)+c) || !s.RemoveAbove(x, s.Max(y)+c) ||
			!s.RemoveBelow(y, s.Min(x)-c) || !s.RemoveAbove(y, s.Max(x)-c) {
			return csp.Failed
		}
		if s.Min(x) == s.Min(y)+c && s.Max(x) == s.Max(y)+c {
			break
		}
	}
	if !prune(s, x, y, c) || !prune(s, y, x, -c) {
		return csp.Failed
	}
	if s.Assigned(x) {
		return csp.Entailed
	}
	return csp.Fixpoint
}

// prune removes from the bitset domain of x every value v without v - c
// in y's domain (an interval x keeps its bounds, which the caller has
// matched already; against an interval y every value within its bounds
// has a partner).
func prune(s *csp.Space, x, y csp.Var, c int) bool {
	dx, dy := s.Dom(x), s.Dom(y)
	if dx.IsInterval() || dy.IsInterval() {
		return true
	}
	for v, ok := dx.Next(s.Min(x)); ok; v, ok = dx.Next(v + 1) {
		if !dy.Contains(v-c) && !s.Remove(x, v) {
			return false
		}
	}
	return true
}

type neCond struct {
	x, y csp.Var
	c    int
}

func (e *neCond) Vars() []csp.Var { return []csp.Var{e.x, e.y} }
func (e *neCond) Negate() Cond    { return &eqCond{x: e.x, y: e.y, c: e.c} }

func (e *neCond) Check(s *csp.Space) Truth {
	switch equalTruth(s, e.x, e.y, e.c) {
	case Entailed:
		return Disentailed
	case Disentailed:
		return Entailed
	}
	return Unknown
}

// Enforce removes an assigned side's partner from the other side.
func (e *neCond) Enforce(s *csp.Space) csp.Status {
	if e.x == e.y {
		if e.c == 0 {
			return csp.Failed
		}
		return csp.Entailed
	}
	if v, ok := s.Value(e.x); ok {
		return forbid(s, e.y, v-e.c)
	}
	if v, ok := s.Value(e.y); ok {
		return forbid(s, e.x, v+e.c)
	}
	return csp.Fixpoint
}

// forbid removes v from x: entailed once v is gone, at fixpoint while an
// interval keeps it inside its bounds (it cannot hold a hole), so that the
// propagator is woken again when x is assigned.
func forbid(s *csp.Space, x csp.Var, v int) csp.Status {
	if !s.Remove(x, v) {
		return csp.Failed
	}
	if s.Contains(x, v) {
		return csp.Fixpoint
	}
	return csp.Entailed
}
