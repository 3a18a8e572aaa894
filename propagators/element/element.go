// Package element posts element constraints: value = array[index], for an
// array of constants (FlatZinc's array_int_element, array_bool_element)
// or of variables (array_var_int_element, array_var_bool_element), the
// index counting from a given first position (1 in FlatZinc).
//
//	element.Int(m, i, []int{3, 1, 4}, v, 1)    // v = [3, 1, 4][i], i in 1..3
//	element.Vars(m, i, []csp.Var{x, y}, v, 1)   // v = [x, y][i]
//
// Both are domain consistent (for Vars, when index and value are not in
// the array): O(|index|) and O(|index|·|value|) per run. On interval
// domains (bounds only) they keep the bounds instead.
package element

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/reif"
)

// ErrElement is wrapped by the errors of the posting functions: a
// variable not in the model, an empty array.
var ErrElement = errors.New("element: invalid constraint")

// Int constrains value = array[index - first]: index takes the positions
// first .. first+len(array)-1 only. It returns an error wrapping
// ErrElement, and posts nothing, when a variable is not in m or the array
// is empty.
func Int(m *csp.Model, index csp.Var, array []int, value csp.Var, first int) error {
	if err := m.CheckVars(index, value); err != nil {
		return fmt.Errorf("%w: %w", ErrElement, err)
	}
	if len(array) == 0 {
		return fmt.Errorf("%w: empty array", ErrElement)
	}
	p := &intProp{idx: index, val: value, arr: append([]int(nil), array...), first: first}
	p.scratch = make([]uint64, m.Width(value))
	m.Post(p, domains.EventDomain, index, value)
	return nil
}

// intProp is value = arr[idx - first].
type intProp struct {
	idx, val csp.Var
	arr      []int
	first    int
	scratch  []uint64 // the supported values of a bitset value, per space
}

// Clone gives a space its own scratch words.
func (p *intProp) Clone() csp.Propagator {
	q := *p
	q.scratch = make([]uint64, len(p.scratch))
	return &q
}

// Propagate keeps the positions whose entry value may take, then the
// values some kept position gives.
func (p *intProp) Propagate(s *csp.Space) csp.Status {
	last := p.first + len(p.arr) - 1
	if !s.RemoveBelow(p.idx, p.first) || !s.RemoveAbove(p.idx, last) {
		return csp.Failed
	}
	ok := keepIndex(s, p.idx, func(i int) bool { return s.Contains(p.val, p.arr[i-p.first]) })
	if !ok {
		return csp.Failed
	}
	di := s.Dom(p.idx)
	if dv := s.Dom(p.val); dv.IsInterval() {
		lo, hi := domains.MaxInt, domains.MinInt
		for i, more := di.Next(s.Min(p.idx)); more; i, more = di.Next(i + 1) {
			lo, hi = min(lo, p.arr[i-p.first]), max(hi, p.arr[i-p.first])
		}
		if !s.RemoveBelow(p.val, lo) || !s.RemoveAbove(p.val, hi) {
			return csp.Failed
		}
	} else {
		clear(p.scratch)
		base := s.Base(p.val)
		for i, more := di.Next(s.Min(p.idx)); more; i, more = di.Next(i + 1) {
			if b := p.arr[i-p.first] - base; b >= 0 && b < 64*len(p.scratch) {
				p.scratch[b/64] |= 1 << (b % 64)
			}
		}
		if !s.IntersectWords(p.val, p.scratch) {
			return csp.Failed
		}
	}
	if s.Assigned(p.idx) {
		return csp.Entailed
	}
	return csp.Fixpoint
}

func (p *intProp) Name() string { return "element/int" }

// keepIndex removes the positions of idx that fail ok: each on a bitset,
// from the bounds inward on an interval (which cannot hold holes).
func keepIndex(s *csp.Space, idx csp.Var, ok func(i int) bool) bool {
	d := s.Dom(idx)
	if d.IsInterval() {
		for lo := s.Min(idx); lo <= s.Max(idx) && !ok(lo); lo = s.Min(idx) {
			if !s.RemoveBelow(idx, lo+1) {
				return false
			}
		}
		for hi := s.Max(idx); hi >= s.Min(idx) && !ok(hi); hi = s.Max(idx) {
			if !s.RemoveAbove(idx, hi-1) {
				return false
			}
		}
		return true
	}
	for i, more := d.Next(s.Min(idx)); more; i, more = d.Next(i + 1) {
		if !ok(i) && !s.Remove(idx, i) {
			return false
		}
	}
	return true
}

// Vars constrains value = array[index - first] for an array of
// variables: index takes the positions first .. first+len(array)-1 only.
// It returns an error wrapping ErrElement, and posts nothing, when a
// variable is not in m or the array is empty.
func Vars(m *csp.Model, index csp.Var, array []csp.Var, value csp.Var, first int) error {
	if err := m.CheckVars(append([]csp.Var{index, value}, array...)...); err != nil {
		return fmt.Errorf("%w: %w", ErrElement, err)
	}
	if len(array) == 0 {
		return fmt.Errorf("%w: empty array", ErrElement)
	}
	p := &varProp{idx: index, val: value, arr: append([]csp.Var(nil), array...), first: first}
	for _, x := range array {
		p.eqs = append(p.eqs, reif.Equal(x, value, 0))
	}
	m.Post(p, domains.EventDomain, append([]csp.Var{index, value}, array...)...)
	return nil
}

// varProp is value = arr[idx - first].
type varProp struct {
	idx, val csp.Var
	arr      []csp.Var
	first    int
	eqs      []reif.Cond // arr[k] = val, for each k
}

// Propagate keeps the positions whose variable meets value, then the
// values of value some kept position's variable holds; once the index
// is fixed, value and that variable are equal (domain consistent).
func (p *varProp) Propagate(s *csp.Space) csp.Status {
	last := p.first + len(p.arr) - 1
	if !s.RemoveBelow(p.idx, p.first) || !s.RemoveAbove(p.idx, last) {
		return csp.Failed
	}
	if !keepIndex(s, p.idx, func(i int) bool { return reif.Meet(s, p.arr[i-p.first], p.val, 0) }) {
		return csp.Failed
	}
	if i, ok := s.Value(p.idx); ok {
		st := p.eqs[i-p.first].Enforce(s)
		if st == csp.Failed || st == csp.Entailed {
			return st
		}
		return csp.NotFixpoint
	}
	di := s.Dom(p.idx)
	if dv := s.Dom(p.val); dv.IsInterval() {
		lo, hi := domains.MaxInt, domains.MinInt
		vlo, vhi := s.Min(p.val), s.Max(p.val)
		for i, more := di.Next(s.Min(p.idx)); more; i, more = di.Next(i + 1) {
			d := s.Dom(p.arr[i-p.first])
			if v, ok := d.Next(vlo); ok {
				lo = min(lo, v)
			}
			if v, ok := d.Prev(vhi); ok {
				hi = max(hi, v)
			}
		}
		if !s.RemoveBelow(p.val, lo) || !s.RemoveAbove(p.val, hi) {
			return csp.Failed
		}
		return csp.NotFixpoint
	}
	dv := s.Dom(p.val)
	for v, more := dv.Next(s.Min(p.val)); more; v, more = dv.Next(v + 1) {
		held := false
		for i, ok := di.Next(s.Min(p.idx)); ok && !held; i, ok = di.Next(i + 1) {
			held = s.Contains(p.arr[i-p.first], v)
		}
		if !held && !s.Remove(p.val, v) {
			return csp.Failed
		}
	}
	return csp.NotFixpoint
}

func (p *varProp) Name() string { return "element/vars" }
