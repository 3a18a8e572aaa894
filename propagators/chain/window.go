package chain

import (
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// PostWindows constrains, for every cell line[i] with a relation on both
// sides (rels[i-1] and rels[i] not Any), the window line[i-1], line[i],
// line[i+1]: three different values, rels[i-1] between the first two and
// rels[i] between the last two. Each window is a propagator of its own,
// domain consistent on its three cells (every value left has a support in
// the window), in one pass of O(d) word operations for a middle cell of d
// values. The windows are weaker than Post, which sees the whole line at
// once, and far cheaper; they make the deductions of a cell between two
// relations: a cell between two bars of the adjacent variant is neither
// the smallest nor the largest value and has its neighbours on either
// side of it, a cell above both its neighbours is at least the third
// value.
//
// One propagator per window rather than one per line, for the same
// filtering: dom/wdeg weighs a variable by its propagators (1 each, plus
// their failures), so windows of their own weigh the cells between two
// relations, and a failing window blames three cells rather than a line:
// on Unequal's adjacent recursive puzzles the search then needs far fewer
// nodes (measured in docs/BENCHMARKS.md, section "Chain: run cost,
// witnesses and windows").
//
// PostWindows posts nothing else: the line's all-different is the
// caller's to post, and so is a binary constraint for a relation outside
// every window (a window filters its two relations to domain consistency,
// so a relation inside one needs none). A line without a window posts
// nothing. The errors are Post's (wrapping ErrLine), and a value of 64 or
// more in an initial domain.
func PostWindows(m *csp.Model, line []csp.Var, rels []Rel) error {
	if err := checkWindows(m, line, rels); err != nil {
		return err
	}
	for i := 1; i+1 < len(line); i++ {
		if rels[i-1] != Any && rels[i] != Any {
			w := &window{a: line[i-1], b: line[i], c: line[i+1], r1: rels[i-1], r2: rels[i]}
			m.Post(w, domains.EventDomain, w.a, w.b, w.c)
		}
	}
	return nil
}

// checkWindows returns PostWindows' error for a malformed line, or nil.
func checkWindows(m *csp.Model, line []csp.Var, rels []Rel) error {
	if err := checkLine(m, line, rels); err != nil {
		return err
	}
	for i, x := range line {
		if d := m.InitialDomain(x); !d.Empty() && d.Max() >= 64 {
			return fmt.Errorf("%w: value %d at position %d is 64 or more", ErrLine, d.Max(), i)
		}
	}
	return nil
}

// window is one window a, b, c of PostWindows: a r1 b, b r2 c, all three
// different.
type window struct {
	a, b, c csp.Var
	r1, r2  Rel
}

// toward returns the values x with x r y for the one value y (bit yb):
// values are bits 0..63.
func toward(r Rel, yb uint64) uint64 {
	switch r {
	case Less:
		return yb - 1
	case Greater:
		return ^(yb | (yb - 1))
	case Adjacent:
		return yb<<1 | yb>>1
	case NotAdjacent:
		return ^(yb<<1 | yb>>1)
	}
	return ^uint64(0)
}

// from returns the values y with x r y for the one value x (bit xb).
func from(r Rel, xb uint64) uint64 {
	switch r {
	case Less:
		return ^(xb | (xb - 1))
	case Greater:
		return xb - 1
	}
	return toward(r, xb) // symmetric
}

// Propagate keeps the supported values of the window, in one pass over
// the middle cell's values: for b = v, the values of a and c related to v
// (A and C, without v); v is supported when both are non-empty and not
// the same single value, a value of A when C holds another value, and
// likewise for C. Every value kept has a support made of kept values, so
// one pass is the fixpoint.
func (p *window) Propagate(s *csp.Space) csp.Status {
	a, b, c := word0(s, p.a), word0(s, p.b), word0(s, p.c)
	var ka, kb, kc uint64
	for vs := b; vs != 0; vs &= vs - 1 {
		v := vs & -vs
		av := a & toward(p.r1, v) &^ v
		cv := c & from(p.r2, v) &^ v
		if av == 0 || cv == 0 {
			continue
		}
		switch {
		case cv&(cv-1) != 0:
			ka |= av
		default:
			ka |= av &^ cv
		}
		switch {
		case av&(av-1) != 0:
			kc |= cv
		default:
			kc |= cv &^ av
		}
		if av != cv || av&(av-1) != 0 {
			kb |= v
		}
	}
	if kb == 0 || !s.KeepMask(p.a, ka) || !s.KeepMask(p.b, kb) || !s.KeepMask(p.c, kc) {
		return csp.Failed
	}
	if single64(ka) && single64(kb) && single64(kc) {
		return csp.Entailed
	}
	return csp.Fixpoint
}

// single64 reports whether the set d holds at most one value.
func single64(d uint64) bool { return d&(d-1) == 0 }

func (p *window) Name() string { return "chain/window" }
