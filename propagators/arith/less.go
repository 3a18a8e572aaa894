package arith

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// ErrVar is wrapped by the error every posting function of the package
// returns, posting nothing, when a variable is not in the model (the only
// argument they can refuse: every offset and set of integers has a
// meaning).
var ErrVar = errors.New("arith: variable not in the model")

// checkVars returns the error for a variable of vars not in m, or nil.
func checkVars(m *csp.Model, vars ...csp.Var) error {
	for _, x := range vars {
		if !m.Has(x) {
			return fmt.Errorf("%w: %d", ErrVar, x)
		}
	}
	return nil
}

// checkWords is checkVars for the propagators that read domain words as
// values (differences, products): it also refuses, wrapping csp.ErrWords,
// a variable that is not a bitset domain from 0.
func checkWords(m *csp.Model, vars ...csp.Var) error {
	if err := checkVars(m, vars...); err != nil {
		return err
	}
	if err := m.CheckWords(vars...); err != nil {
		return fmt.Errorf("arith: %w", err)
	}
	return nil
}

// Less constrains x < y. See LessEqPlus.
func Less(m *csp.Model, x, y csp.Var) error { return LessEqPlus(m, x, y, -1) }

// LessEq constrains x <= y. See LessEqPlus.
func LessEq(m *csp.Model, x, y csp.Var) error { return LessEqPlus(m, x, y, 0) }

// LessEqPlus constrains x <= y + c (for x < y + c pass c-1). The propagator
// removes the values of x above max(y) + c and those of y below min(x) - c:
// domain consistency, in O(W) per run for domains of W words, reached in one
// run. It wakes when a bound of x or y moves and is entailed once
// max(x) <= min(y) + c. When x and y are the same variable it checks c >= 0
// at the root. It returns an error wrapping ErrVar when x or y is not in m.
func LessEqPlus(m *csp.Model, x, y csp.Var, c int) error {
	if err := checkVars(m, x, y); err != nil {
		return err
	}
	m.Post(&lessProp{x: x, y: y, c: clampOffset(c)}, domains.EventBounds, x, y)
	return nil
}

// clampOffset brings an offset into ±(2·MaxInt+2), beyond which every
// offset acts alike on values MinInt..MaxInt, so sums of values and
// offsets cannot overflow.
func clampOffset(c int) int {
	const lim = 2*domains.MaxInt + 2
	return max(-lim, min(c, lim))
}

type lessProp struct {
	x, y csp.Var
	c    int
}

// Propagate moves x's maximum and y's minimum.
func (p *lessProp) Propagate(s *csp.Space) csp.Status {
	if p.x == p.y {
		if p.c < 0 {
			return csp.Failed
		}
		return csp.Entailed
	}
	if !s.RemoveAbove(p.x, s.Max(p.y)+p.c) || !s.RemoveBelow(p.y, s.Min(p.x)-p.c) {
		return csp.Failed
	}
	if s.Max(p.x) <= s.Min(p.y)+p.c {
		return csp.Entailed
	}
	return csp.Fixpoint
}

func (p *lessProp) Name() string           { return "arith/less" }
func (p *lessProp) Priority() csp.Priority { return csp.Binary }
