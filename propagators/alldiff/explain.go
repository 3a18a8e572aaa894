package alldiff

import (
	"fmt"
	"math/bits"

	"github.com/cspgo/csp/csp"
)

// The rules of an all-different group, as a person applies them; each is
// a family of the deductions of a strength: naked singles are Value's,
// hidden singles Hidden's, subsets (up to MaxSubset cells) part of GAC's.
const (
	// RuleNakedSingle: a cell holds a value, so the value leaves the
	// group's other cells.
	RuleNakedSingle = "naked single"
	// RuleHiddenSingle: in a group that holds every one of its values
	// once, a value that fits only one cell goes there.
	RuleHiddenSingle = "hidden single"
	// RuleNakedSubset: k cells whose candidates make k values between
	// them hold those values, which leave the group's other cells.
	RuleNakedSubset = "naked subset"
	// RuleHiddenSubset: k values that fit only k cells of a group that
	// holds every value fill those cells, which lose every other value.
	RuleHiddenSubset = "hidden subset"
)

// MaxSubset is the largest subset the subset rules look for: four cells
// (a quad), as puzzle books do. On a group of at most 9 open cells, naked
// and hidden subsets up to four find every value GAC removes.
const MaxSubset = 4

// Explain returns the explainer of the all-different group vars, called
// label in reasons ("row 3"): its rules are RuleNakedSingle,
// RuleHiddenSingle, RuleNakedSubset and RuleHiddenSubset. It holds only
// for values 0..63.
func Explain(vars []csp.Var, label string) csp.Explainer {
	return &explainer{vars: append([]csp.Var(nil), vars...), label: label}
}

type explainer struct {
	vars  []csp.Var
	label string
	open  []csp.Var // scratch: the unassigned cells
}

var subsetNames = [...]string{2: "pair", 3: "triple", 4: "quad"}

var _ csp.Scoped = (*explainer)(nil)

// Scope returns the group and its label.
func (e *explainer) Scope() ([]csp.Var, string) { return e.vars, e.label }

func (e *explainer) word(s *csp.Space, x csp.Var) uint64 { return s.Words(x)[0] }

func (e *explainer) Deduce(s *csp.Space, want func(string) bool, yield func(csp.Deduction) bool) {
	m := s.Model()
	if want(RuleNakedSingle) {
		for _, x := range e.vars {
			v, ok := s.Value(x)
			if !ok {
				continue
			}
			var rm []csp.Lit
			var names []string
			for _, y := range e.vars {
				if y != x && s.Contains(y, v) {
					rm = append(rm, csp.Lit{Var: y, Val: v})
					names = append(names, m.Name(y))
				}
			}
			if len(rm) > 0 && !yield(csp.Deduction{Rule: RuleNakedSingle, Removed: rm,
				Why: fmt.Sprintf("%s holds %d, so %d leaves the rest of %s: %s", m.Name(x), v, v, e.label, csp.List(names))}) {
				return
			}
		}
	}
	union := uint64(0)
	for _, x := range e.vars {
		union |= e.word(s, x)
	}
	// A permutation group: every one of its values is used once.
	perm := bits.OnesCount64(union) == len(e.vars)
	if want(RuleHiddenSingle) && perm {
		for w := union; w != 0; w &= w - 1 {
			v := bits.TrailingZeros64(w)
			at, places := csp.Var(-1), 0
			for _, x := range e.vars {
				if s.Contains(x, v) {
					at, places = x, places+1
				}
			}
			if places != 1 || s.Assigned(at) {
				continue
			}
			rm := lits(at, e.word(s, at)&^(1<<v))
			if !yield(csp.Deduction{Rule: RuleHiddenSingle, Removed: rm,
				Why: fmt.Sprintf("%d can only go in %s in %s (only place), so %s holds %d", v, m.Name(at), e.label, m.Name(at), v)}) {
				return
			}
		}
	}
	if bits.OnesCount64(union) < len(e.vars) {
		// Fewer values than cells: the group cannot hold.
		yield(csp.Deduction{Rule: RuleNakedSingle, Fails: true,
			Why: fmt.Sprintf("%s has %d cells but only the values %s between them", e.label, len(e.vars), csp.Values(valuesOf(union)))})
		return
	}
	wantNaked, wantHidden := want(RuleNakedSubset), want(RuleHiddenSubset) && perm
	if !wantNaked && !wantHidden {
		return
	}
	open := e.open[:0]
	for _, x := range e.vars {
		if !s.Assigned(x) {
			open = append(open, x)
		}
	}
	e.open = open
	if wantNaked && !e.naked(s, open, yield) {
		return
	}
	if wantHidden {
		e.hidden(s, open, yield)
	}
}

// naked finds k open cells (2 <= k <= MaxSubset, fewer than all open
// cells) whose candidates make k values, which some other cell still has.
func (e *explainer) naked(s *csp.Space, open []csp.Var, yield func(csp.Deduction) bool) bool {
	m := s.Model()
	for k := 2; k <= MaxSubset && k < len(open); k++ {
		cont := subsets(s, len(open), k, func(idx []int) bool {
			in := uint64(0)
			for _, i := range idx {
				in |= e.word(s, open[i])
			}
			if bits.OnesCount64(in) != k {
				return true
			}
			var rm []csp.Lit
			for _, y := range open {
				if !member(open, idx, y) {
					rm = append(rm, lits(y, e.word(s, y)&in)...)
				}
			}
			if len(rm) == 0 {
				return true
			}
			names := make([]string, k)
			for j, i := range idx {
				names[j] = m.Name(open[i])
			}
			vals := valuesOf(in)
			return yield(csp.Deduction{Rule: RuleNakedSubset, Removed: rm,
				Why: fmt.Sprintf("naked %s: %s hold %s between them, so %s leave the rest of %s: %s",
					subsetNames[k], csp.List(names), csp.Values(vals), csp.Values(vals), e.label, csp.Removals(m, rm))})
		})
		if !cont {
			return false
		}
	}
	return true
}

// hidden finds k values (2 <= k <= MaxSubset) that fit only k open cells,
// which still have other values.
func (e *explainer) hidden(s *csp.Space, open []csp.Var, yield func(csp.Deduction) bool) bool {
	m := s.Model()
	free := uint64(0)
	for _, x := range open {
		free |= e.word(s, x)
	}
	vals := valuesOf(free)
	for k := 2; k <= MaxSubset && k < len(open); k++ {
		cont := subsets(s, len(vals), k, func(idx []int) bool {
			mask := uint64(0)
			for _, i := range idx {
				mask |= 1 << vals[i]
			}
			var cells []csp.Var
			for _, x := range e.vars { // an assigned cell counts: its value fits it
				if e.word(s, x)&mask != 0 {
					cells = append(cells, x)
				}
			}
			if len(cells) != k {
				return true
			}
			var rm []csp.Lit
			names := make([]string, k)
			for j, x := range cells {
				rm = append(rm, lits(x, e.word(s, x)&^mask)...)
				names[j] = m.Name(x)
			}
			if len(rm) == 0 {
				return true
			}
			picked := valuesOf(mask)
			return yield(csp.Deduction{Rule: RuleHiddenSubset, Removed: rm,
				Why: fmt.Sprintf("hidden %s: in %s, %s fit only %s, so those cells hold nothing else: %s",
					subsetNames[k], e.label, csp.Values(picked), csp.List(names), csp.Removals(m, rm))})
		})
		if !cont {
			return false
		}
	}
	return true
}

// subsets calls f with every k-subset of 0..n-1 in lexicographic order,
// until f returns false or s is stopping (looked at every csp.Every
// subsets: there are C(n, k) of them); it reports whether it went through
// them all.
func subsets(s *csp.Space, n, k int, f func(idx []int) bool) bool {
	if k > n {
		return true
	}
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	for tick := 1; ; tick++ {
		if !f(idx) || tick%csp.Every == 0 && s.Stopping() {
			return false
		}
		i := k - 1
		for i >= 0 && idx[i] == n-k+i {
			i--
		}
		if i < 0 {
			return true
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}

func member(open []csp.Var, idx []int, y csp.Var) bool {
	for _, i := range idx {
		if open[i] == y {
			return true
		}
	}
	return false
}

// lits lists x's values in mask.
func lits(x csp.Var, mask uint64) []csp.Lit {
	var out []csp.Lit
	for ; mask != 0; mask &= mask - 1 {
		out = append(out, csp.Lit{Var: x, Val: bits.TrailingZeros64(mask)})
	}
	return out
}

func valuesOf(mask uint64) []int {
	var out []int
	for ; mask != 0; mask &= mask - 1 {
		out = append(out, bits.TrailingZeros64(mask))
	}
	return out
}
