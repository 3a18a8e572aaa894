package linear

import (
	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/reif"
)

// Cond returns Σ coeffs[i]·vars[i] rel c as a reifiable constraint (see
// package reif): MiniZinc's int_lin_eq/le/ne_reif and _imp, and, with two
// terms, int_eq/ne/le/lt_reif (x - y rel c). It is enforced by the
// propagators Post posts (Eq at bounds consistency, Leq, Geq and Neq
// domain consistent) and its Check compares c with the bounds of the sum
// (exact for Leq and Geq, and for Eq and Neq once the variables are
// assigned; for an exact Eq on two variables use reif.Equal). Its
// arguments are checked as Post checks them, with the same errors.
func Cond(m *csp.Model, coeffs []int, vars []csp.Var, rel Rel, c int) (reif.Cond, error) {
	ts, c, err := normalize(m, coeffs, vars, rel, c)
	if err != nil {
		return nil, err
	}
	if rel == Geq {
		for i := range ts {
			ts[i].a = -ts[i].a
		}
		c, rel = -c, Leq
	}
	return newCond(ts, rel, c), nil
}

// cond is a normalised linear relation: rel is Eq, Leq or Neq.
type cond struct {
	terms []term
	rel   Rel
	c     int
	vars  []csp.Var
	enf   csp.Propagator
}

func newCond(ts []term, rel Rel, c int) *cond {
	k := &cond{terms: ts, rel: rel, c: c, vars: make([]csp.Var, len(ts))}
	for i, t := range ts {
		k.vars[i] = t.x
	}
	switch {
	case len(ts) == 0:
		k.enf = constProp(holds(0, rel, c))
	case rel == Eq:
		k.enf = &eqProp{terms: ts, c: c}
	case rel == Leq:
		k.enf = &leqProp{terms: ts, c: c}
	default:
		k.enf = &neqProp{terms: ts, c: c}
	}
	return k
}

func (k *cond) Vars() []csp.Var { return k.vars }

func (k *cond) Enforce(s *csp.Space) csp.Status { return k.enf.Propagate(s) }

// Negate: = and != swap; Σ <= c becomes Σ -aᵢxᵢ <= -c-1.
func (k *cond) Negate() reif.Cond {
	switch k.rel {
	case Eq:
		return newCond(k.terms, Neq, k.c)
	case Neq:
		return newCond(k.terms, Eq, k.c)
	}
	neg := make([]term, len(k.terms))
	for i, t := range k.terms {
		neg[i] = term{a: -t.a, x: t.x}
	}
	return newCond(neg, Leq, -k.c-1)
}

// Check compares c with the sum's bounds.
func (k *cond) Check(s *csp.Space) reif.Truth {
	lo, hi := 0, 0
	for _, t := range k.terms {
		l, h := t.bounds(s)
		lo, hi = lo+l, hi+h
	}
	var in, out bool // the relation surely holds, surely fails
	switch k.rel {
	case Eq:
		in, out = lo == hi && lo == k.c, k.c < lo || k.c > hi
	case Neq:
		in, out = k.c < lo || k.c > hi, lo == hi && lo == k.c
	default:
		in, out = hi <= k.c, lo > k.c
	}
	switch {
	case in:
		return reif.Entailed
	case out:
		return reif.Disentailed
	}
	return reif.Unknown
}
