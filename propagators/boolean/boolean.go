package boolean

import (
	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/reif"
)

// And constrains r to be 1 exactly when every one of xs is (r = 1 for
// no xs). It returns an error wrapping reif.ErrVar or reif.ErrBool, and
// posts nothing, when a variable is not in m or may take a value other
// than 0 and 1.
func And(m *csp.Model, xs []csp.Var, r csp.Var) error { return postAnd(m, xs, r, 1) }

// Or constrains r to be 1 exactly when some of xs is (r = 0 for no xs):
// And over the negations, which the propagator reads by flipping values.
// Errors as And.
func Or(m *csp.Model, xs []csp.Var, r csp.Var) error { return postAnd(m, xs, r, 0) }

func postAnd(m *csp.Model, xs []csp.Var, r csp.Var, one int) error {
	if err := reif.CheckBool(m, append([]csp.Var{r}, xs...)...); err != nil {
		return err
	}
	p := &andProp{xs: append([]csp.Var(nil), xs...), r: r, one: one}
	m.Post(p, domains.EventAssigned, append([]csp.Var{r}, xs...)...)
	return nil
}

// andProp is r <-> ∧ xs when one is 1; with one = 0 every value is read
// negated, which makes it ¬r <-> ∧ ¬xs, that is r <-> ∨ xs.
type andProp struct {
	xs  []csp.Var
	r   csp.Var
	one int // the value that means true
}

// Propagate: a false x makes r false; all xs true make r true; r true
// makes every x true; r false with one x left open makes it false.
func (p *andProp) Propagate(s *csp.Space) csp.Status {
	open, last := 0, csp.Var(-1)
	for _, x := range p.xs {
		v, ok := s.Value(x)
		switch {
		case !ok && x != last: // a repeated variable counts once
			open++
			last = x
		case !ok:
		case v != p.one:
			if !s.Assign(p.r, 1-p.one) {
				return csp.Failed
			}
			return csp.Entailed
		}
	}
	if open == 0 {
		if !s.Assign(p.r, p.one) {
			return csp.Failed
		}
		return csp.Entailed
	}
	rv, ok := s.Value(p.r)
	switch {
	case !ok:
		return csp.Fixpoint
	case rv == p.one:
		for _, x := range p.xs {
			if !s.Assign(x, p.one) {
				return csp.Failed
			}
		}
		return csp.Entailed
	case open == 1:
		if !s.Assign(last, 1-p.one) {
			return csp.Failed
		}
		return csp.Entailed
	}
	return csp.Fixpoint
}

func (p *andProp) Name() string {
	if p.one == 0 {
		return "boolean/or"
	}
	return "boolean/and"
}

// Clause constrains some of pos to be 1 or some of neg to be 0 (an empty
// clause fails). Errors as And.
func Clause(m *csp.Model, pos, neg []csp.Var) error {
	all := append(append([]csp.Var(nil), pos...), neg...)
	if err := reif.CheckBool(m, all...); err != nil {
		return err
	}
	p := &clauseProp{vars: all, npos: len(pos)}
	m.Post(p, domains.EventAssigned, all...)
	return nil
}

// clauseProp is ∨ vars[:npos] ∨ ¬vars[npos:].
type clauseProp struct {
	vars []csp.Var
	npos int
}

// Propagate: a true literal entails the clause; with one literal left
// open and the others false, it is made true; none left fails.
func (p *clauseProp) Propagate(s *csp.Space) csp.Status {
	open := -1
	for i, x := range p.vars {
		want := 1 // the value that makes the literal true
		if i >= p.npos {
			want = 0
		}
		v, ok := s.Value(x)
		switch {
		case !ok && open >= 0 && p.vars[open] != x:
			return csp.Fixpoint // two open variables
		case !ok && open >= 0 && (open < p.npos) != (i < p.npos):
			return csp.Entailed // x ∨ ¬x
		case !ok && open < 0:
			open = i
		case v == want:
			return csp.Entailed
		}
	}
	if open < 0 {
		return csp.Failed
	}
	want := 1
	if open >= p.npos {
		want = 0
	}
	if !s.Assign(p.vars[open], want) {
		return csp.Failed
	}
	return csp.Entailed
}

func (p *clauseProp) Name() string { return "boolean/clause" }

// Parity constrains the number of xs that are 1 to be odd (odd true) or
// even: array_bool_xor, and with two or three variables bool_xor, bool_not
// and bool_eq (see the package documentation). Errors as And.
func Parity(m *csp.Model, xs []csp.Var, odd bool) error {
	if err := reif.CheckBool(m, xs...); err != nil {
		return err
	}
	// A variable that occurs an even number of times does not change the
	// parity: keep one occurrence of each of the others.
	times := map[csp.Var]int{}
	for _, x := range xs {
		times[x]++
	}
	var odds []csp.Var
	for _, x := range xs {
		if times[x]%2 == 1 {
			odds = append(odds, x)
			times[x] = 0
		}
	}
	p := &parityProp{xs: odds, odd: odd}
	m.Post(p, domains.EventAssigned, odds...)
	return nil
}

// parityProp is Σ xs ≡ odd (mod 2), each variable in xs once.
type parityProp struct {
	xs  []csp.Var
	odd bool
}

// Propagate sets the last open variable to the parity's remainder.
func (p *parityProp) Propagate(s *csp.Space) csp.Status {
	sum, open := 0, csp.Var(-1)
	for _, x := range p.xs {
		v, ok := s.Value(x)
		switch {
		case !ok && open >= 0:
			return csp.Fixpoint // two open variables: both values supported
		case !ok:
			open = x
		default:
			sum += v
		}
	}
	want := 0
	if p.odd {
		want = 1
	}
	if open < 0 {
		if sum%2 != want {
			return csp.Failed
		}
		return csp.Entailed
	}
	if !s.Assign(open, (want-sum%2+2)%2) {
		return csp.Failed
	}
	return csp.Entailed
}

func (p *parityProp) Name() string { return "boolean/parity" }
