// Package neq posts x != y, the binary not-equal constraint.
//
//	neq.Post(m, x, y)
//
// The propagator waits until one side is assigned, removes that value from
// the other side and is entailed: value consistency, which for a binary
// not-equal is also domain consistency.
package neq

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// ErrVar is wrapped by the error of Post: a variable not in the model.
var ErrVar = errors.New("neq: variable not in the model")

// Post constrains x and y to differ (x != x cannot hold: the model fails
// once x is assigned). It returns an error wrapping ErrVar, and posts
// nothing, when x or y is not a variable of m.
func Post(m *csp.Model, x, y csp.Var) error {
	for _, v := range [2]csp.Var{x, y} {
		if !m.Has(v) {
			return fmt.Errorf("%w: %d", ErrVar, v)
		}
	}
	m.Post(&prop{x: x, y: y}, domains.EventAssigned, x, y)
	return nil
}

type prop struct{ x, y csp.Var }

// Propagate removes an assigned side's value from the other side.
func (p *prop) Propagate(s *csp.Space) csp.Status {
	for _, pair := range [2][2]csp.Var{{p.x, p.y}, {p.y, p.x}} {
		if v, ok := s.Value(pair[0]); ok {
			if !s.Remove(pair[1], v) {
				return csp.Failed
			}
			if s.Contains(pair[1], v) {
				return csp.Fixpoint // an interval cannot hold the hole: wait for its assignment
			}
			return csp.Entailed
		}
	}
	return csp.Fixpoint
}

func (p *prop) Name() string           { return "neq" }
func (p *prop) Priority() csp.Priority { return csp.Binary }

var _ csp.Justifier = (*prop)(nil)

// Justify explains a removal (csp.Justifier): v left one side because
// the other side held v, [y != v] because [x = v]. (x != x has no
// solution, so [x = v] explains x's own removal of v too.)
func (p *prop) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	other := p.x
	if f.X == p.x {
		other = p.y
	}
	return append(out, csp.Fact{X: other, V: f.V, Eq: true})
}
