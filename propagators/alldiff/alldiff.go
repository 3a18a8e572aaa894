package alldiff

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/enum"
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
	// Auto is GAC while the search learns nothing and Hidden while it
	// learns clauses (csp.Space.Tracking): GAC's removals are explained
	// by Hall sets, which cost more per conflict than the pruning saves on
	// large Latin squares, while a search without learning gains from
	// every value GAC removes; Hidden's are the unit propagation of a SAT
	// solver's direct encoding, short to explain (docs/BENCHMARKS.md).
	// With a search that turns learning on late (csp.Options.LearnAfter),
	// the easy instances get GAC and the hard ones Hidden with learning.
	// It is not a level between the others: it is both, in turn.
	Auto
)

var strengthNames = enum.Names{"value", "hidden", "gac", "auto"}

// String returns the strength's name: value, hidden, gac or auto.
func (s Strength) String() string { return strengthNames.Name("Strength", int(s)) }

// ParseStrength reads a strength by the name String gives it. An unknown
// name gives an error wrapping ErrStrength.
func ParseStrength(name string) (Strength, error) {
	if i, ok := strengthNames.Parse(name); ok {
		return Strength(i), nil
	}
	return 0, fmt.Errorf("%w %q (want %s)", ErrStrength, name, strengthNames.List())
}

// Errors that Post and PostPermutationMatrix wrap.
var (
	// ErrStrength: a strength that is not Value, Hidden, GAC or Auto.
	ErrStrength = errors.New("alldiff: unknown strength")
	// ErrVars: a variable not in the model, a domain that is not a bitset
	// from 0 (Post, with csp.ErrWords), or for PostPermutationMatrix a
	// grid that is not square or a value outside 0..domains.MaxValue.
	ErrVars = errors.New("alldiff: invalid variables")
)

// Post constrains vars to take pairwise different values at the given
// strength. Two variables get a binary not-equal; fewer get nothing. A
// variable listed twice cannot differ from itself: the model then fails
// once it is assigned.
//
// Post returns an error wrapping ErrStrength for an unknown strength, one
// wrapping ErrVars when a variable is not in m, and one wrapping both
// ErrVars and csp.ErrWords ("not a bitset domain from 0") when a
// variable's domain is not a bitset from 0 (values 0..domains.MaxValue):
// negative values, an offset domain past MaxValue or an interval are
// refused, whatever the number of variables; it posts nothing then.
// (An unknown strength is an error rather than GAC, so that a value read
// from a file or a flag never silently buys the most expensive filtering.)
func Post(m *csp.Model, vars []csp.Var, s Strength) error {
	if s > Auto {
		return fmt.Errorf("%w: %v", ErrStrength, s)
	}
	if err := m.CheckWords(vars...); err != nil {
		return fmt.Errorf("%w: %w", ErrVars, err)
	}
	switch {
	case len(vars) < 2:
		return nil
	case len(vars) == 2:
		return neq.Post(m, vars[0], vars[1])
	}
	vs := append([]csp.Var(nil), vars...)
	width := 0
	for _, x := range vs {
		width = max(width, m.Width(x))
	}
	union := domains.View(make([]uint64, width))
	var buf []uint64
	for _, x := range vs {
		buf = m.AppendInitial(buf[:0], x)
		for i, w := range buf {
			union.Words()[i] |= w
		}
	}
	base := newGroup(vs, width)
	base.why = newWhy(m, vs, width, union.Max()+1)
	switch s {
	case Value:
		m.Post(&valueProp{base}, domains.EventAssigned, vs...)
	case Hidden:
		perm := union.Size() == len(vs)
		m.Post(&hiddenProp{group: base, perm: perm}, domains.EventDomain, vs...)
	case GAC, Auto:
		// Max is -1 on an empty union; newMatcher keeps one value then.
		p := newGAC(base, union.Max()+1)
		p.auto = s == Auto
		p.perm = union.Size() == len(vs)
		m.Post(p, domains.EventDomain, vs...)
	}
	return nil
}

// group is the part every strength shares: the variables, scratch words,
// and, as advisor state, the positions of variables assigned since the last
// run (a stale mark only costs a look).
type group struct {
	vars    []csp.Var
	width   int       // words per value mask
	scratch []uint64  // 3 × width words
	fresh   []uint64  // positions assigned since the last run
	src     []uint64  // positions whose values are being removed this round
	prod    []float64 // Densities' scratch: a product per value
	why     *why      // what explanations read, shared by clones (justify.go)
	ex      justifier // the explanations' scratch, this clone's
}

// newGroup makes a group's state, its three word lists in one
// allocation (a model posts a group per unit, and a space clones each).
func newGroup(vars []csp.Var, width int) group {
	s, n := 3*width, domains.WordsFor(len(vars))
	buf := make([]uint64, s+2*n)
	g := group{vars: vars, width: width, scratch: buf[:s:s], fresh: buf[s : s+n : s+n], src: buf[s+n:]}
	g.markAll()
	return g
}

func (g *group) markAll() {
	for i := range g.vars {
		g.fresh[i/64] |= 1 << (i % 64)
	}
}

func (g *group) clone() group {
	c := newGroup(g.vars, g.width)
	c.why = g.why
	return c
}

// Reset forgets the advised assignments of an earlier instance, as a
// clone would, in place (csp.Resetter): every position is looked at again.
func (g *group) Reset() {
	clear(g.src)
	g.markAll()
}

// Advise notes the variables that got assigned.
func (g *group) Advise(i int, ev domains.Event) bool {
	if ev == domains.EventAssigned {
		g.fresh[i/64] |= 1 << (i % 64)
	}
	return true
}

// eliminate removes the value of every newly assigned variable from the
// others, round after round while that assigns more. It reports failure
// when two variables hold the same value. This is the Value strength, and
// the first step of the others: O(n·W) per round, nothing when no variable
// was assigned since the last run.
func (g *group) eliminate(s *csp.Space) bool {
	seen := g.scratch[:g.width]
	for {
		clear(seen)
		clear(g.src)
		any := false
		for k := range g.fresh {
			for g.fresh[k] != 0 {
				i := k*64 + bits.TrailingZeros64(g.fresh[k])
				g.fresh[k] &= g.fresh[k] - 1
				w := s.Words(g.vars[i])
				if !single(w) {
					continue // stale: undone by a backtrack
				}
				if overlaps(w, seen) {
					return false // two new assignments to one value
				}
				for j, b := range w {
					seen[j] |= b
				}
				g.src[i/64] |= 1 << (i % 64)
				any = true
			}
		}
		if !any {
			return true
		}
		for j, x := range g.vars {
			w := s.Words(x)
			if !overlaps(w, seen) || g.src[j/64]&(1<<(j%64)) != 0 {
				continue
			}
			if single(w) || !s.RemoveWords(x, seen) {
				return false // an older assignment holds the value, or x is left empty
			}
			if s.Assigned(x) {
				g.fresh[j/64] |= 1 << (j % 64)
			}
		}
	}
}

// assignedAll reports whether every variable is assigned.
func (g *group) assignedAll(s *csp.Space) bool {
	for _, x := range g.vars {
		if !single(s.Words(x)) {
			return false
		}
	}
	return true
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

func (p *valueProp) Propagate(s *csp.Space) csp.Status { return p.valueRun(s) }

// valueRun is a run of the Value strength: eliminate, then entailed once
// every variable is assigned.
func (g *group) valueRun(s *csp.Space) csp.Status {
	switch {
	case !g.eliminate(s):
		return csp.Failed
	case g.assignedAll(s):
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

func (p *hiddenProp) Propagate(s *csp.Space) csp.Status { return p.hiddenRun(s, p.perm) }

// hiddenRun is a run of the Hidden strength: eliminate, then, when the
// group is a permutation of its values (perm), the hidden singles, round
// after round.
func (g *group) hiddenRun(s *csp.Space, perm bool) csp.Status {
	if ow := s.OneWord(); ow != nil && g.width == 1 && len(g.vars) <= 64 {
		return g.hidden1(s, ow, perm)
	}
	for {
		if !g.eliminate(s) {
			return csp.Failed
		}
		// One pass over the variables: each value's places (once = in at
		// least one domain, twice = in at least two), the values of the
		// assigned variables, and whether any variable is open.
		fixed, once, twice := g.scratch[:g.width], g.scratch[g.width:2*g.width], g.scratch[2*g.width:]
		clear(fixed)
		clear(once)
		clear(twice)
		open := false
		for _, x := range g.vars {
			w := s.Words(x)
			if single(w) {
				for i, b := range w {
					fixed[i] |= b
				}
			} else {
				open = true
			}
			for i, b := range w {
				twice[i] |= once[i] & b
				once[i] |= b
			}
		}
		switch {
		case !open:
			return csp.Entailed
		case !perm:
			return csp.Fixpoint
		}
		total, hidden := 0, false
		for i := range once {
			total += bits.OnesCount64(once[i])
			// Now: values with exactly one place, that place open (a
			// value of an assigned variable is no news).
			once[i] &^= twice[i] | fixed[i]
			hidden = hidden || once[i] != 0
		}
		switch {
		case total < len(g.vars):
			return csp.Failed // fewer values left than variables need
		case !hidden:
			return csp.Fixpoint // the common case: a pass, no second one
		}
		for i, x := range g.vars {
			w := s.Words(x)
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
			g.fresh[i/64] |= 1 << (i % 64)
		}
	}
}

// hidden1 is hiddenRun on the one-word path (ow is s.OneWord(), the
// group at most 64 variables): the same rounds, each variable's domain
// one word read from ow, so that a run that finds nothing to do (most of
// them, as the group wakes on every change of any of its variables) is
// one pass of a few instructions a variable.
func (g *group) hidden1(s *csp.Space, ow []uint64, perm bool) csp.Status {
	vars := g.vars
	fresh := g.fresh[0]
	g.fresh[0] = 0
	for {
		// Value: the values of the variables assigned since the last
		// round leave the others, as eliminate does.
		for fresh != 0 {
			seen, src := uint64(0), uint64(0)
			for f := fresh; f != 0; f &= f - 1 {
				i := bits.TrailingZeros64(f)
				w := ow[vars[i]]
				if w == 0 || w&(w-1) != 0 {
					continue // stale: undone by a backtrack
				}
				if w&seen != 0 {
					return csp.Failed // two new assignments to one value
				}
				seen |= w
				src |= 1 << i
			}
			fresh = 0
			if seen == 0 {
				break
			}
			for j, x := range vars {
				w := ow[x]
				if w&seen == 0 || src&(1<<j) != 0 {
					continue
				}
				if w&(w-1) == 0 || !s.RemoveMask(x, seen) {
					return csp.Failed // an older assignment holds the value, or x is left empty
				}
				if w = ow[x]; w&(w-1) == 0 {
					fresh |= 1 << j
				}
			}
		}
		// Hidden: each value's places, as Propagate counts them.
		var fixed, once, twice, open uint64
		for _, x := range vars {
			w := ow[x]
			nz := w & (w - 1)
			open |= nz
			if nz == 0 {
				fixed |= w
			}
			twice |= once & w
			once |= w
		}
		switch {
		case open == 0:
			return csp.Entailed
		case !perm:
			return csp.Fixpoint
		case bits.OnesCount64(once) < len(vars):
			return csp.Failed // fewer values left than variables need
		}
		hidden := once &^ (twice | fixed)
		if hidden == 0 {
			return csp.Fixpoint
		}
		for i, x := range vars {
			w := ow[x]
			h := w & hidden
			if h == 0 || w&(w-1) == 0 {
				continue
			}
			if h&(h-1) != 0 {
				return csp.Failed // two values need this one place
			}
			if !s.Assign(x, bits.TrailingZeros64(h)) {
				return csp.Failed
			}
			fresh |= 1 << i
		}
	}
}

func (p *hiddenProp) Name() string           { return "alldiff/hidden" }
func (p *hiddenProp) Priority() csp.Priority { return csp.Linear }
func (p *hiddenProp) Clone() csp.Propagator {
	return &hiddenProp{group: p.clone(), perm: p.perm}
}
