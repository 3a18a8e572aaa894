package chain

import (
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// PostShared is Post with the relations read from rels itself at every
// run rather than from a copy: the caller may change them between
// instances, so that a model built once for a size serves every instance
// of that size (see problems/catalog.Reuse), each writing its relations
// into rels, then resetting the search (csp.Space.Reset, which also
// drops the propagator's witnesses: they hold for the old relations
// only) and propagating. Never change rels while a search of the model
// runs, nor between a Space.Reset and the end of that instance.
//
// The relation at each position may change to any relation, Any
// included: the propagator stays domain consistent on the line as the
// relations stand. Unlike Post it never falls back to the decomposition,
// whose binary constraints would fix the relations: when the initial
// domains do not fit (see MaxValues) it returns an error wrapping
// ErrLine and posts nothing, as for Post's own errors.
func PostShared(m *csp.Model, line []csp.Var, rels []Rel) error {
	if err := checkLine(m, line, rels); err != nil {
		return err
	}
	lo, k, ok := span(m, line)
	if !ok {
		return fmt.Errorf("%w: initial domains span more than MaxValues (%d) values, or reach 64: no shared relations", ErrLine, MaxValues)
	}
	xs := append([]csp.Var(nil), line...)
	m.Post(newProp(xs, rels, lo, k), domains.EventDomain, xs...)
	return nil
}

// PostWindowsShared is PostWindows with the relations of each window read
// from rels at every run rather than copied (see PostShared): the caller
// may change them between instances. The windows are posted where rels
// has a relation on both sides of a cell when PostWindowsShared is
// called; a relation changed later to Any leaves its windows in place,
// with no constraint on that side beyond the three values being
// different (still sound, weaker). The errors are PostWindows'.
func PostWindowsShared(m *csp.Model, line []csp.Var, rels []Rel) error {
	if err := checkWindows(m, line, rels); err != nil {
		return err
	}
	for i := 1; i+1 < len(line); i++ {
		if rels[i-1] != Any && rels[i] != Any {
			w := &sharedWindow{a: line[i-1], b: line[i], c: line[i+1], rels: rels, at: i}
			m.Post(w, domains.EventDomain, w.a, w.b, w.c)
		}
	}
	return nil
}

// sharedWindow is a window of PostWindowsShared: a, b, c with rels[at-1]
// between a and b and rels[at] between b and c, read at each run.
type sharedWindow struct {
	a, b, c csp.Var
	rels    []Rel
	at      int
}

// Propagate is window's, on the relations as they stand.
func (p *sharedWindow) Propagate(s *csp.Space) csp.Status {
	w := window{a: p.a, b: p.b, c: p.c, r1: p.rels[p.at-1], r2: p.rels[p.at]}
	return w.Propagate(s)
}

func (p *sharedWindow) Name() string { return "chain/window" }
