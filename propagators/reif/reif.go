package reif

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// Truth is what the current domains say of a constraint.
type Truth uint8

// The answers of Cond.Check.
const (
	Unknown     Truth = iota // some assignments satisfy it, some do not (or Check cannot tell)
	Entailed                 // every assignment of its variables satisfies it
	Disentailed              // no assignment does
)

// Cond is a constraint that can be reified. Check must be sound (Entailed
// only when every assignment of Vars satisfies the constraint,
// Disentailed only when none does) and exact once every variable is
// assigned; Enforce is a propagator of the constraint (sound and checking,
// as csp.Propagator asks); Negate returns the constraint's negation.
// A Cond keeps no state between runs.
type Cond interface {
	Vars() []csp.Var
	Check(s *csp.Space) Truth
	Enforce(s *csp.Space) csp.Status
	Negate() Cond
}

// Mode is how b and the constraint are tied.
type Mode uint8

// The modes.
const (
	Full Mode = iota // b <-> C (MiniZinc's _reif)
	Imp              // b -> C, half-reification (MiniZinc's _imp)
)

// Errors that Post wraps.
var (
	// ErrVar: a variable not in the model.
	ErrVar = errors.New("reif: variable not in the model")
	// ErrBool: the control variable may take a value other than 0 and 1.
	ErrBool = errors.New("reif: not a 0/1 variable")
)

// CheckBool returns nil when every one of vars is a variable of m whose
// values are within 0..1, and otherwise an error wrapping ErrVar or
// ErrBool naming it: the check of every posting function over Booleans.
func CheckBool(m *csp.Model, vars ...csp.Var) error {
	if err := m.CheckVars(vars...); err != nil {
		return fmt.Errorf("%w: %w", ErrVar, err)
	}
	for _, x := range vars {
		d := m.InitialDomain(x)
		if !d.Empty() && (d.Min() < 0 || d.Max() > 1) {
			return fmt.Errorf("%w: %s has values %s", ErrBool, m.Name(x), d.String())
		}
	}
	return nil
}

// Post posts b <-> c (mode Full) or b -> c (mode Imp). The propagator
// wakes on every change of b and c's variables. It returns an error
// wrapping ErrVar or ErrBool, and posts nothing, when b or one of c's
// variables is not in m, or b may take a value other than 0 and 1.
func Post(m *csp.Model, b csp.Var, c Cond, mode Mode) error {
	if err := CheckBool(m, b); err != nil {
		return err
	}
	vars := c.Vars()
	if err := m.CheckVars(vars...); err != nil {
		return fmt.Errorf("%w: %w", ErrVar, err)
	}
	if mode > Imp {
		return fmt.Errorf("reif: unknown mode %d", mode)
	}
	m.Post(&prop{b: b, c: c, not: c.Negate(), mode: mode}, domains.EventDomain, append([]csp.Var{b}, vars...)...)
	return nil
}

// prop is b <-> c or b -> c.
type prop struct {
	b      csp.Var
	c, not Cond
	mode   Mode
}

// Propagate enforces c or its negation once b is known, and sets b once
// c is decided.
func (p *prop) Propagate(s *csp.Space) csp.Status {
	if v, ok := s.Value(p.b); ok {
		switch {
		case v == 1:
			return p.c.Enforce(s)
		case p.mode == Imp:
			return csp.Entailed
		}
		return p.not.Enforce(s)
	}
	switch p.c.Check(s) {
	case Entailed:
		if p.mode == Full && !s.Assign(p.b, 1) {
			return csp.Failed
		}
		return csp.Entailed
	case Disentailed:
		if !s.Assign(p.b, 0) {
			return csp.Failed
		}
		return csp.Entailed
	}
	return csp.Fixpoint
}

func (p *prop) Name() string { return "reif" }
