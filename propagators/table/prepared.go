package table

import (
	"context"
	"fmt"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// Prepared is a list of tuples indexed once for variables of given
// initial domains, to be posted over many lists of such variables in many
// models (PostPrepared) without indexing it again: what one KenKen cage
// costs to build, kept for the next puzzle holding the same cage.
//
// It is immutable once made: every propagator posted from it reads its
// index and keeps its current tuples and stack of its own, so one
// Prepared may serve models searched by concurrent goroutines.
type Prepared struct {
	tab    *table           // the index, without variables
	doms   []domains.Domain // the initial domains it was indexed for
	tuples [][]int          // the tuples as given, for variables it does not fit
}

// Prepare indexes tuples for variables whose initial domains are doms (one
// per position, distinct variables), filtering them as Post does. A tuple
// whose length is not len(doms) is an error wrapping ErrTable; indexing
// looks at ctx as it goes and returns context.Cause(ctx) when ctx is done.
// The Prepared keeps tuples and doms: neither may change afterwards.
func Prepare(ctx context.Context, doms []domains.Domain, tuples [][]int) (*Prepared, error) {
	for i, d := range doms {
		if d.IsInterval() {
			return nil, fmt.Errorf("%w: position %d: %w", ErrTable, i+1, csp.ErrWords)
		}
	}
	for k, t := range tuples {
		if len(t) != len(doms) {
			return nil, fmt.Errorf("%w: tuple %d has %d values for %d variables", ErrTable, k+1, len(t), len(doms))
		}
	}
	first := make([]int, len(doms))
	for i := range first {
		first[i] = i
	}
	tab, err := indexTable(ctx, doms, first, tuples)
	if err != nil {
		return nil, err
	}
	return &Prepared{tab: tab, doms: doms, tuples: tuples}, nil
}

// Len returns the number of tuples the index kept: 0 makes every model it
// is posted in fail at the root.
func (pr *Prepared) Len() int { return pr.tab.nt }

// Bytes estimates the memory pr holds: its tuples and its index.
func (pr *Prepared) Bytes() int {
	n := len(pr.tab.sup)*8 + len(pr.tab.init)*8
	for _, r := range pr.tab.rowOf {
		n += len(r) * 4
	}
	for _, t := range pr.tuples {
		n += len(t)*8 + 24
	}
	return n
}

// PostPrepared posts pr over vars as Post(ctx, m, vars, tuples) would, pr
// being Prepare(ctx, doms, tuples): the same propagator, with the same
// filtering, sharing pr's index when vars are distinct and their initial
// domains are doms word for word, and indexing the tuples anew (Post)
// when they are not. Its errors are Post's.
func PostPrepared(ctx context.Context, m *csp.Model, vars []csp.Var, pr *Prepared) error {
	if !pr.fits(m, vars) {
		return Post(ctx, m, vars, pr.tuples)
	}
	if pr.tab.nt == 0 {
		m.Post(constProp(false), domains.EventAssigned, vars...)
		return nil
	}
	if len(vars) == 0 {
		m.Post(constProp(true), domains.EventAssigned)
		return nil
	}
	tab := *pr.tab // the index is shared: no propagator writes to it
	tab.vars = slices.Clone(vars)
	// The posted propagator is the clones' template: each space's clone
	// makes its own current tuples and stack (Clone), so it makes none.
	m.Post(&ct{table: &tab}, domains.EventDomain, vars...)
	return nil
}

// fits reports whether vars are distinct variables of m with the initial
// domains pr was indexed for, in the same words.
func (pr *Prepared) fits(m *csp.Model, vars []csp.Var) bool {
	if len(vars) != len(pr.doms) || m.CheckBitset(vars...) != nil {
		return false
	}
	var buf [4]uint64 // the words of most domains, without an allocation
	for i, x := range vars {
		if slices.Contains(vars[:i], x) || m.Base(x) != pr.doms[i].Base() ||
			!slices.Equal(m.AppendInitial(buf[:0], x), pr.doms[i].Words()) {
			return false
		}
	}
	return true
}
