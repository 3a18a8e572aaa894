package reif

import (
	"fmt"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// In is the Cond x ∈ set, for a constant set of integers (repeats
// ignored): enforced by removing the values outside the set (an interval
// keeps the hull of what is left), its Check exact on bitset domains.
func In(x csp.Var, set []int) Cond {
	return &inCond{x: x, set: sortedSet(set)}
}

// NotIn is the Cond x ∉ set: enforced by removing the set's values (an
// interval loses only bounds).
func NotIn(x csp.Var, set []int) Cond {
	return &inCond{x: x, set: sortedSet(set), not: true}
}

// PostIn constrains x to the values of set (MiniZinc's set_in on a
// constant set): domain consistent, entailed after its first run on a
// bitset domain. It returns an error wrapping ErrVar when x is not in m.
func PostIn(m *csp.Model, x csp.Var, set []int) error {
	if !m.Has(x) {
		return fmt.Errorf("%w: %d", ErrVar, x)
	}
	c := In(x, set)
	m.Post(enforcer{c}, domains.EventBounds, x)
	return nil
}

// enforcer posts a Cond as a propagator of its own.
type enforcer struct{ c Cond }

func (e enforcer) Propagate(s *csp.Space) csp.Status { return e.c.Enforce(s) }
func (e enforcer) Name() string                      { return "reif/in" }

func sortedSet(set []int) []int {
	out := slices.Clone(set)
	slices.Sort(out)
	return slices.Compact(out)
}

type inCond struct {
	x   csp.Var
	set []int // sorted, no repeats
	not bool  // x ∉ set
}

func (c *inCond) Vars() []csp.Var { return []csp.Var{c.x} }
func (c *inCond) Negate() Cond    { return &inCond{x: c.x, set: c.set, not: !c.not} }

func (c *inCond) has(v int) bool {
	_, ok := slices.BinarySearch(c.set, v)
	return ok
}

// truth decides x ∈ set.
func (c *inCond) truth(s *csp.Space) Truth {
	d := s.Dom(c.x)
	lo, hi := d.Min(), d.Max()
	if d.Empty() {
		return Unknown
	}
	i, _ := slices.BinarySearch(c.set, lo)
	if i == len(c.set) || c.set[i] > hi {
		return Disentailed // no value of the set within the bounds
	}
	if d.IsInterval() {
		// Entailed when the set holds lo..hi, a run of hi-lo+1 values.
		if c.set[i] == lo && i+hi-lo < len(c.set) && c.set[i+hi-lo] == hi {
			return Entailed
		}
		return Unknown
	}
	some, all := false, true
	for v := range d.Values() {
		if c.has(v) {
			some = true
		} else {
			all = false
		}
		if some && !all {
			return Unknown
		}
	}
	switch {
	case all:
		return Entailed
	case !some:
		return Disentailed
	}
	return Unknown
}

func (c *inCond) Check(s *csp.Space) Truth {
	t := c.truth(s)
	if c.not {
		switch t {
		case Entailed:
			return Disentailed
		case Disentailed:
			return Entailed
		}
	}
	return t
}

// Enforce removes the values on the wrong side of the set.
func (c *inCond) Enforce(s *csp.Space) csp.Status {
	d := s.Dom(c.x)
	if d.IsInterval() {
		for { // move each bound to the nearest value on the right side
			lo, hi := s.Min(c.x), s.Max(c.x)
			if lo > hi {
				return csp.Failed
			}
			if c.has(lo) == c.not && !s.Remove(c.x, lo) || c.has(hi) == c.not && !s.Remove(c.x, hi) {
				return csp.Failed
			}
			if s.Min(c.x) == lo && s.Max(c.x) == hi {
				break
			}
			if !c.not { // jump: the next set value from lo, the last up to hi
				i, _ := slices.BinarySearch(c.set, s.Min(c.x))
				if i == len(c.set) || !s.RemoveBelow(c.x, c.set[i]) {
					return csp.Failed
				}
				j, ok := slices.BinarySearch(c.set, s.Max(c.x))
				if !ok {
					j--
				}
				if j < 0 || !s.RemoveAbove(c.x, c.set[j]) {
					return csp.Failed
				}
			}
		}
		if c.Check(s) == Entailed {
			return csp.Entailed
		}
		return csp.Fixpoint
	}
	for v, ok := d.Next(d.Min()); ok; v, ok = d.Next(v + 1) {
		if c.has(v) == c.not && !s.Remove(c.x, v) {
			return csp.Failed
		}
	}
	return csp.Entailed
}
