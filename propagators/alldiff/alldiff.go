package alldiff

import (
	"fmt"
	"math/bits"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/neq"
)

// Strength is how hard all-different filters.
type Strength uint8

// The strengths, weakest first.
const (
	// Value removes an assigned variable's value from the others
	// (sudoku's "naked single" follows from it).
	Value Strength = iota
	// Hidden does what Value does and, when the group is a permutation of
	// its values (as many values in the union of the initial domains as
	// variables), assigns a value that fits only one variable there
	// ("hidden single").
	Hidden
	// GAC removes every value that no assignment of distinct values
	// uses, by Régin's matching algorithm (AAAI 1994). It subsumes naked and
	// hidden pairs, triples and larger subsets.
	GAC
)

var strengthNames = [...]string{"value", "hidden", "gac"}

// String returns the strength's name: value, hidden or gac.
func (s Strength) String() string {
	if int(s) < len(strengthNames) {
		return strengthNames[s]
	}
	return fmt.Sprintf("Strength(%d)", uint8(s))
}

// ParseStrength reads a strength by name.
func ParseStrength(name string) (Strength, error) {
	for i, n := range strengthNames {
		if n == name {
			return Strength(i), nil
		}
	}
	return 0, fmt.Errorf("alldiff: unknown strength %q (want value, hidden or gac)", name)
}

// Post constrains vars to take pairwise different values at the given
// strength. Two variables get a binary not-equal; fewer get nothing.
func Post(m *csp.Model, vars []csp.Var, s Strength) {
	switch {
	case len(vars) < 2:
		return
	case len(vars) == 2:
		neq.Post(m, vars[0], vars[1])
		return
	}
	vs := append([]csp.Var(nil), vars...)
	width := 0
	for _, x := range vs {
		width = max(width, len(m.InitialDomain(x).Words()))
	}
	union := domains.View(make([]uint64, width))
	for _, x := range vs {
		for i, w := range m.InitialDomain(x).Words() {
			union.Words()[i] |= w
		}
	}
	base := group{vars: vs, scratch: make([]uint64, 3*width), width: width}
	switch s {
	case Value:
		m.Post(&valueProp{base}, domains.EventAssigned, vs...)
	case Hidden:
		perm := union.Size() == len(vs)
		m.Post(&hiddenProp{group: base, perm: perm}, domains.EventDomain, vs...)
	default:
		m.Post(newGAC(base), domains.EventDomain, vs...)
	}
}

// group is the part every strength shares: the variables and scratch words.
type group struct {
	vars    []csp.Var
	width   int      // words per value mask
	scratch []uint64 // 3 × width words
}

func (g *group) clone() group {
	return group{vars: g.vars, width: g.width, scratch: make([]uint64, len(g.scratch))}
}

// eliminate removes every assigned value from the other variables until no
// new assignment appears. It reports failure and whether every variable is
// assigned. This is the Value strength, and the first step of Hidden.
func (g *group) eliminate(s *csp.Space) (ok, all bool) {
	seen := g.scratch[:g.width]
	for {
		clear(seen)
		unassigned := 0
		for _, x := range g.vars {
			w := s.Dom(x).Words()
			if !single(w) {
				unassigned++
				continue
			}
			for i, b := range w {
				if seen[i]&b != 0 {
					return false, false // two variables hold the same value
				}
				seen[i] |= b
			}
		}
		if unassigned == 0 {
			return true, true
		}
		again := false
		for _, x := range g.vars {
			w := s.Dom(x).Words()
			if single(w) || !overlaps(w, seen) {
				continue
			}
			if !s.RemoveWords(x, seen) {
				return false, false
			}
			again = again || s.Assigned(x)
		}
		if !again {
			return true, false
		}
	}
}

// single reports whether w has exactly one bit set.
func single(w []uint64) bool {
	n := 0
	for _, b := range w {
		n += bits.OnesCount64(b)
	}
	return n == 1
}

func overlaps(a, b []uint64) bool {
	for i := range min(len(a), len(b)) {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

// valueProp is the Value strength.
type valueProp struct{ group }

func (p *valueProp) Propagate(s *csp.Space) csp.Status {
	ok, all := p.eliminate(s)
	switch {
	case !ok:
		return csp.Failed
	case all:
		return csp.Entailed
	}
	return csp.Fixpoint
}

func (p *valueProp) Name() string           { return "alldiff/value" }
func (p *valueProp) Clone() csp.Propagator  { return &valueProp{p.clone()} }
func (p *valueProp) Priority() csp.Priority { return csp.Linear }

// hiddenProp is the Hidden strength.
type hiddenProp struct {
	group
	perm bool // the union of the initial domains has as many values as vars
}

func (p *hiddenProp) Propagate(s *csp.Space) csp.Status {
	for {
		ok, all := p.eliminate(s)
		switch {
		case !ok:
			return csp.Failed
		case all:
			return csp.Entailed
		case !p.perm:
			return csp.Fixpoint
		}
		// Count each value's places: once = in at least one domain,
		// twice = in at least two.
		once, twice := p.scratch[p.width:2*p.width], p.scratch[2*p.width:]
		clear(once)
		clear(twice)
		for _, x := range p.vars {
			for i, b := range s.Dom(x).Words() {
				twice[i] |= once[i] & b
				once[i] |= b
			}
		}
		total := 0
		for i := range once {
			total += bits.OnesCount64(once[i])
			once[i] &^= twice[i] // now: values with exactly one place
		}
		if total < len(p.vars) {
			return csp.Failed // fewer values left than variables need
		}
		changed := false
		for _, x := range p.vars {
			w := s.Dom(x).Words()
			if single(w) || !overlaps(w, once) {
				continue
			}
			v := -1
			for i, b := range w {
				if h := b & once[i]; h != 0 {
					if v >= 0 || h&(h-1) != 0 {
						return csp.Failed // two values need this one place
					}
					v = i*64 + bits.TrailingZeros64(h)
				}
			}
			if !s.Assign(x, v) {
				return csp.Failed
			}
			changed = true
		}
		if !changed {
			return csp.Fixpoint
		}
	}
}

func (p *hiddenProp) Name() string           { return "alldiff/hidden" }
func (p *hiddenProp) Priority() csp.Priority { return csp.Linear }
func (p *hiddenProp) Clone() csp.Propagator {
	return &hiddenProp{group: p.clone(), perm: p.perm}
}
