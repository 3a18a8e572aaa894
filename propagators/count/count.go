package count

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// MaxWeighed bounds the size of y's domain for which the propagator
// weighs each of y's values while y is unassigned: above it, only the
// trivial bounds of n (0 and the number of xs) apply until y's domain
// shrinks.
const MaxWeighed = 256

// ErrVar is wrapped by the error of Post: a variable not in the model.
var ErrVar = errors.New("count: variable not in the model")

// Post constrains n to be the number of xs equal to y. It returns an
// error wrapping ErrVar, and posts nothing, when a variable is not in m.
// A constant y or n is a variable with one value.
func Post(m *csp.Model, xs []csp.Var, y, n csp.Var) error {
	for _, v := range append([]csp.Var{y, n}, xs...) {
		if !m.Has(v) {
			return fmt.Errorf("%w: %d", ErrVar, v)
		}
	}
	p := &prop{xs: append([]csp.Var(nil), xs...), y: y, n: n}
	// Domain events on xs: a removed interior value can lower the
	// possible count.
	m.Post(p, domains.EventDomain, append([]csp.Var{y, n}, xs...)...)
	return nil
}

type prop struct {
	xs   []csp.Var
	y, n csp.Var
}

// counts returns how many xs are surely and how many possibly equal to v.
func (p *prop) counts(s *csp.Space, v int) (sure, possible int) {
	for _, x := range p.xs {
		if !s.Contains(x, v) {
			continue
		}
		possible++
		if s.Assigned(x) {
			sure++
		}
	}
	return sure, possible
}

// Propagate narrows n, then y (while unassigned) or the xs (once y is
// assigned), until nothing moves.
func (p *prop) Propagate(s *csp.Space) csp.Status {
	if !s.RemoveBelow(p.n, 0) || !s.RemoveAbove(p.n, len(p.xs)) {
		return csp.Failed
	}
	for {
		v, ok := s.Value(p.y)
		if ok {
			return p.fixed(s, v)
		}
		if s.Size(p.y) > MaxWeighed {
			return csp.Fixpoint
		}
		lo, hi := len(p.xs), 0
		nlo, nhi := s.Min(p.n), s.Max(p.n)
		var buf [MaxWeighed]int
		vals := s.Dom(p.y).AppendValues(buf[:0])
		for _, w := range vals {
			sure, possible := p.counts(s, w)
			if sure > nhi || possible < nlo {
				if !s.Remove(p.y, w) {
					return csp.Failed
				}
				continue
			}
			lo, hi = min(lo, sure), max(hi, possible)
		}
		if !s.RemoveBelow(p.n, lo) || !s.RemoveAbove(p.n, hi) {
			return csp.Failed
		}
		if s.Size(p.y) == len(vals) && s.Min(p.n) == nlo && s.Max(p.n) == nhi {
			return csp.Fixpoint
		}
	}
}

// fixed propagates with y = v: domain consistent on the xs and n.
func (p *prop) fixed(s *csp.Space, v int) csp.Status {
	sure, possible := p.counts(s, v)
	if !s.RemoveBelow(p.n, sure) || !s.RemoveAbove(p.n, possible) {
		return csp.Failed
	}
	switch {
	case s.Max(p.n) == sure: // no other x may take v
		for _, x := range p.xs {
			if !s.Assigned(x) && !s.Remove(x, v) {
				return csp.Failed
			}
		}
	case s.Min(p.n) == possible: // every x that can take v must
		for _, x := range p.xs {
			if s.Contains(x, v) && !s.Assign(x, v) {
				return csp.Failed
			}
		}
	default:
		return csp.Fixpoint
	}
	// The xs changed (and an x that is y or n may have moved): one more
	// pass settles n.
	return csp.NotFixpoint
}

// Name names the propagator in statistics.
func (p *prop) Name() string { return "count" }
