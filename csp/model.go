package csp

import (
	"errors"
	"fmt"
	"slices"

	"github.com/cspgo/csp/domains"
)

// Var names a variable of a Model: an index into its domains.
type Var int32

// Model is a constraint network: variables with initial domains, and
// propagators that watch them. A Model is built once and may back any number
// of spaces; it must not change after the first NewSpace.
type Model struct {
	doms  []domains.Domain
	names []string
	props []posted
}

// posted is a propagator with its subscriptions.
type posted struct {
	p     Propagator
	event domains.Event
	vars  []Var
}

// NewModel returns an empty model.
func NewModel() *Model { return &Model{} }

// NewVar adds a variable with the given initial domain (copied) and name.
func (m *Model) NewVar(d domains.Domain, name string) Var {
	return m.addVar(d.Clone(), name)
}

// NewIntVar adds a variable ranging over lo..hi, in the representation
// domains.Range chooses: a bitset from 0 for values 0..domains.MaxValue
// (every puzzle's), a bitset from lo (an offset) for a range of at most
// domains.MaxWidth values, an interval (bounds only) for a wider one. It
// panics when lo..hi is outside domains.MinInt..domains.MaxInt: callers
// check untrusted bounds with domains.CheckRange first.
func (m *Model) NewIntVar(lo, hi int, name string) Var {
	return m.addVar(domains.Range(lo, hi), name) // fresh: no copy needed
}

// NewBoolVar adds a 0/1 variable, the Boolean of reified constraints (1 is
// true): a one-word domain from 0, so the fast paths apply.
func (m *Model) NewBoolVar(name string) Var { return m.NewIntVar(0, 1, name) }

// Base returns the value of bit 0 of x's domain words (see
// domains.Domain.Base).
func (m *Model) Base(x Var) int { return m.doms[x].Base() }

// IsInterval reports whether x's domain is an interval (bounds only; see
// domains.Domain).
func (m *Model) IsInterval(x Var) bool { return m.doms[x].IsInterval() }

// CheckBitset is CheckWords for propagators that read domain words
// relative to each variable's Base (bit i is value Base(x)+i): it refuses,
// with an error wrapping ErrWords, only variables not in m and interval
// domains.
func (m *Model) CheckBitset(vars ...Var) error {
	if err := m.CheckVars(vars...); err != nil {
		return err
	}
	for _, x := range vars {
		if d := &m.doms[x]; d.IsInterval() {
			return fmt.Errorf("%w: %s has values %d..%d, an interval (bounds only); this propagator reads domain words and takes at most %d values",
				ErrWords, m.names[x], d.Min(), d.Max(), domains.MaxWidth)
		}
	}
	return nil
}

// ErrWords is wrapped by CheckWords's error.
var ErrWords = errors.New("csp: not a bitset domain from 0")

// CheckWords returns nil when every one of vars is a variable of m whose
// domain is a bitset from 0 (values 0..domains.MaxValue), and otherwise an
// error wrapping ErrWords naming the first that is not, with its range:
// the check of a propagator that reads domain words as values (bit v is
// value v), made in its posting function, which then posts nothing.
func (m *Model) CheckWords(vars ...Var) error {
	if err := m.CheckVars(vars...); err != nil {
		return err
	}
	for _, x := range vars {
		d := &m.doms[x]
		if d.IsInterval() || d.Base() != 0 {
			return fmt.Errorf("%w: %s has values %d..%d; this propagator reads domain words and takes values 0..%d only",
				ErrWords, m.names[x], d.Min(), d.Max(), domains.MaxValue)
		}
	}
	return nil
}

// Grow reserves room for n more variables, so that adding them copies
// nothing: a model of a large board (an order-200 Latin square's 120,000
// variables) grown one variable at a time copies its domains and names
// several times over, most of its building time. It changes nothing else.
func (m *Model) Grow(n int) {
	if n > 0 {
		m.doms = slices.Grow(m.doms, n)
		m.names = slices.Grow(m.names, n)
	}
}

// addVar adds a variable that owns d.
func (m *Model) addVar(d domains.Domain, name string) Var {
	m.doms = append(m.doms, d)
	m.names = append(m.names, name)
	return Var(len(m.doms) - 1)
}

// NumVars returns the number of variables.
func (m *Model) NumVars() int { return len(m.doms) }

// NumPropagators returns the number of posted propagators.
func (m *Model) NumPropagators() int { return len(m.props) }

// Has reports whether x is a variable of m. Posting functions check
// their variables with it, so that a bad index from a caller is an error
// they return rather than a panic in Post.
func (m *Model) Has(x Var) bool { return x >= 0 && int(x) < len(m.doms) }

// CheckVars returns nil when every one of vars is a variable of m, and
// otherwise an error naming the first that is not and its position in
// vars, for a posting function to wrap with its own sentinel:
//
//	if err := m.CheckVars(vars...); err != nil {
//		return fmt.Errorf("%w: %w", ErrVars, err)
//	}
func (m *Model) CheckVars(vars ...Var) error {
	for i, x := range vars {
		if !m.Has(x) {
			return fmt.Errorf("variable %d at position %d not in the model", x, i)
		}
	}
	return nil
}

// Name returns the name given to x.
func (m *Model) Name(x Var) string { return m.names[x] }

// InitialDomain returns a copy of x's initial domain, made for reading
// (propagators size their tables by it when posted): changing the copy
// does not change the model, so a model shared by several spaces cannot
// be narrowed by accident. Restrict narrows it. It costs one allocation
// of the domain's words (AppendInitial reads them into a buffer of the
// caller's).
func (m *Model) InitialDomain(x Var) domains.Domain { return m.doms[x].Clone() }

// AppendInitial appends the words of x's initial domain to buf and returns
// the extended buffer: the read of InitialDomain without an allocation
// when buf has room, for propagators that look at many variables when
// posted.
func (m *Model) AppendInitial(buf []uint64, x Var) []uint64 {
	return append(buf, m.doms[x].Words()...)
}

// Width returns the number of 64-bit words of x's domain, in the model
// and in every space made from it: what a propagator needs to size its
// scratch words, without the copy InitialDomain makes.
func (m *Model) Width(x Var) int { return len(m.doms[x].Words()) }

// ErrEmptyDomain is wrapped by Restrict's error when a variable is left
// with no value.
var ErrEmptyDomain = errors.New("csp: no value left")

// Restrict narrows x's initial domain before search to the values whose
// bit is set in keep (value Base(x)+i is bit i%64 of keep[i/64]; values
// past the end of keep are removed; an interval keeps the hull): a puzzle's givens or pencil marks on a model
// built for its rules. Like every change to a Model it must come before
// the first NewSpace.
//
// It returns an error wrapping ErrEmptyDomain, naming x, when no value is
// left; the domain is empty then, and a search on m finds no solution, so
// a caller may either report the error or go on to an unsatisfiable
// model. It returns an error, changing nothing, when x is not in m.
func (m *Model) Restrict(x Var, keep []uint64) error {
	if !m.Has(x) {
		return fmt.Errorf("csp: Restrict: variable %d not in the model", x)
	}
	d := &m.doms[x]
	d.IntersectWords(keep)
	if d.Empty() {
		return fmt.Errorf("%w: %s", ErrEmptyDomain, m.names[x])
	}
	return nil
}

// Post adds a propagator that runs whenever one of vars changes by at least
// event (EventDomain: any removal; EventBounds: a bound moved; EventAssigned:
// the variable got its value). Every propagator also runs once at the root.
// It panics on another event or a variable not in m: those are mistakes of
// a propagator package, whose posting function checks what its caller
// passed (with CheckVars) and returns an error instead.
func (m *Model) Post(p Propagator, event domains.Event, vars ...Var) {
	if event < domains.EventDomain || event > domains.EventAssigned {
		panic(fmt.Sprintf("csp: cannot subscribe to event %v", event))
	}
	for _, x := range vars {
		if !m.Has(x) {
			panic(fmt.Sprintf("csp: variable %d not in model", x))
		}
	}
	m.props = append(m.props, posted{p: p, event: event, vars: append([]Var(nil), vars...)})
}
