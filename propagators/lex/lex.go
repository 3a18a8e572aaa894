package lex

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// Strictness says whether equal arrays satisfy the ordering.
type Strictness uint8

const (
	// LessEq is x <=lex y: equal arrays are in order.
	LessEq Strictness = iota
	// Less is x <lex y: equal arrays are not.
	Less
)

// ErrVar is wrapped by the error of Post: a variable not in the model.
var ErrVar = errors.New("lex: variable not in the model")

// Post constrains x <=lex y (LessEq) or x <lex y (Less), comparing from
// the first position (see the package comment for arrays of different
// lengths). It returns an error wrapping ErrVar, and posts nothing, when a
// variable is not in m. With an empty array the propagator is decided by
// the lengths alone: entailed or failed at the first propagation.
func Post(m *csp.Model, x, y []csp.Var, strict Strictness) error {
	for _, v := range append(append([]csp.Var(nil), x...), y...) {
		if !m.Has(v) {
			return fmt.Errorf("%w: %d", ErrVar, v)
		}
	}
	n := min(len(x), len(y))
	p := &prop{
		x:     append([]csp.Var(nil), x[:n]...),
		y:     append([]csp.Var(nil), y[:n]...),
		endOK: len(x) < len(y) || len(x) == len(y) && strict == LessEq,
	}
	vars := append(append([]csp.Var(nil), p.x...), p.y...)
	seen := make(map[csp.Var]int, len(vars))
	for i, v := range vars {
		if j, ok := seen[v]; ok && j+n != i { // x[k] == y[k] is no sharing
			p.shared = true
		}
		seen[v] = i
	}
	m.Post(p, domains.EventBounds, vars...)
	return nil
}

// prop is x[:n] <lex y[:n] or, when endOK, x[:n] == y[:n] as well.
type prop struct {
	x, y   []csp.Var
	endOK  bool // whether equal common parts satisfy the ordering
	shared bool // some variable occurs at two positions (narrowing alpha may change the suffix)
}

// equal reports whether position i is surely equal: the same variable on
// both sides, or both assigned the same value.
func (p *prop) equal(s *csp.Space, i int) bool {
	if p.x[i] == p.y[i] {
		return true
	}
	a, ok := s.Value(p.x[i])
	if !ok {
		return false
	}
	b, ok := s.Value(p.y[i])
	return ok && a == b
}

// suffixCanHold reports whether x[from:] and y[from:] can be in order
// (strictly less, or equal when endOK) with each variable taking its
// values independently: the first position that can be strictly less
// decides yes, the first that can only be greater decides no, and a
// position that can only be equal passes the question on.
func (p *prop) suffixCanHold(s *csp.Space, from int) bool {
	for j := from; j < len(p.x); j++ {
		if p.x[j] == p.y[j] {
			continue // always equal
		}
		lo, hi := s.Min(p.x[j]), s.Max(p.y[j])
		if lo < hi {
			return true
		}
		if lo > hi {
			return false
		}
		// lo == hi: only x[j] = y[j] = lo avoids x[j] > y[j].
	}
	return p.endOK
}

// Propagate finds alpha, the first position not surely equal, and
// narrows x[alpha] and y[alpha]: x[alpha] <= y[alpha], strictly when the
// suffix after alpha cannot be in order. When that assigns both to the
// same value, alpha moves on. At fixpoint when it returns and no variable
// is shared between positions (the pruning at alpha does not change
// whether the suffix can hold).
func (p *prop) Propagate(s *csp.Space) csp.Status {
	for alpha := 0; ; alpha++ {
		for alpha < len(p.x) && p.equal(s, alpha) {
			alpha++
		}
		if alpha == len(p.x) {
			if p.endOK {
				return csp.Entailed
			}
			return csp.Failed
		}
		x, y := p.x[alpha], p.y[alpha]
		if s.Max(x) < s.Min(y) {
			return csp.Entailed // decided at alpha, whatever follows
		}
		gap := 0 // x[alpha] <= y[alpha] - gap
		if !p.suffixCanHold(s, alpha+1) {
			gap = 1
		}
		if !s.RemoveAbove(x, s.Max(y)-gap) || !s.RemoveBelow(y, s.Min(x)+gap) {
			return csp.Failed
		}
		if !p.equal(s, alpha) {
			if p.shared {
				return csp.NotFixpoint
			}
			return csp.Fixpoint
		}
	}
}

// Name names the propagator in statistics.
func (p *prop) Name() string {
	if p.endOK {
		return "lex/lesseq"
	}
	return "lex/less"
}
