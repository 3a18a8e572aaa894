package arith

import (
	"errors"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// ErrEmpty is returned by ArrayMin and ArrayMax for an empty array: the
// minimum of nothing is undefined (MiniZinc's array_int_minimum and
// array_int_maximum take non-empty arrays).
var ErrEmpty = errors.New("arith: the minimum or maximum of an empty array")

// ArrayMin constrains z = min(xs) (array_int_minimum) by one propagator
// over the array, on bounds: z within the least lower and the least upper
// bound of xs, every x at least min(z), and when a single x can still be
// as small as max(z), that x at most max(z). It wakes on bound changes and
// works on every representation. It returns an error wrapping ErrVar or
// ErrEmpty, posting nothing, when a variable is not in m or xs is empty.
func ArrayMin(m *csp.Model, xs []csp.Var, z csp.Var) error {
	return postArray(m, xs, z, false)
}

// ArrayMax constrains z = max(xs) (array_int_maximum): ArrayMin mirrored.
func ArrayMax(m *csp.Model, xs []csp.Var, z csp.Var) error {
	return postArray(m, xs, z, true)
}

func postArray(m *csp.Model, xs []csp.Var, z csp.Var, max bool) error {
	if len(xs) == 0 {
		return ErrEmpty
	}
	if err := checkVars(m, append([]csp.Var{z}, xs...)...); err != nil {
		return err
	}
	p := &arrayMinProp{read: minProp{max: max}, xs: append([]csp.Var(nil), xs...), z: z}
	m.Post(p, domains.EventBounds, append([]csp.Var{z}, xs...)...)
	return nil
}

// arrayMinProp is z = min(xs), or max(xs) read negated through read's
// helpers (read is a minProp used for its max flag only).
type arrayMinProp struct {
	read minProp
	xs   []csp.Var
	z    csp.Var
}

// Propagate narrows until no bound moves: at fixpoint when it returns.
func (p *arrayMinProp) Propagate(s *csp.Space) csp.Status {
	r, z := &p.read, p.z
	for {
		zlo, zhi := r.lo(s, z), r.hi(s, z)
		least, leastHi := domains.MaxInt, domains.MaxInt // over xs: the least lo and the least hi
		candidates, last := 0, csp.Var(0)                // the xs that can be as small as hi(z)
		for _, x := range p.xs {
			if !r.atLeast(s, x, zlo) {
				return csp.Failed
			}
			lo, hi := r.lo(s, x), r.hi(s, x)
			least, leastHi = min(least, lo), min(leastHi, hi)
			if lo <= zhi {
				candidates++
				last = x
			}
		}
		if !r.atLeast(s, z, least) || !r.atMost(s, z, leastHi) {
			return csp.Failed
		}
		if candidates == 0 {
			return csp.Failed
		}
		if candidates == 1 && !r.atMost(s, last, r.hi(s, z)) {
			return csp.Failed
		}
		if r.lo(s, z) == zlo && r.hi(s, z) == zhi {
			return csp.Fixpoint
		}
	}
}

// Name names the propagator in statistics.
func (p *arrayMinProp) Name() string {
	if p.read.max {
		return "arith/array_max"
	}
	return "arith/array_min"
}
