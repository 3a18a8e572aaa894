package units

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
)

// RuleBoxLine names box-line reduction as a person applies it: in a box,
// a value that fits only cells of one line leaves the rest of that line
// ("pointing"); in a line, a value that fits only cells of one box leaves
// the rest of that box ("claiming").
const RuleBoxLine = "box-line"

// ExplainBoxLine returns the explainer of box-line reduction between two
// units that share cells (a box and a row or column), called boxLabel and
// lineLabel in reasons: the deductions PostBoxLine's propagator makes, one
// value at a time. Either unit must hold every one of its values (a
// permutation) for the rule to apply from it. Values are 0..63.
func ExplainBoxLine(box, line []csp.Var, boxLabel, lineLabel string) csp.Explainer {
	e := &boxLineExplainer{box: slices.Clone(box), line: slices.Clone(line), boxLabel: boxLabel, lineLabel: lineLabel}
	for _, x := range box {
		if slices.Contains(line, x) {
			e.shared = append(e.shared, x)
		} else {
			e.boxOnly = append(e.boxOnly, x)
		}
	}
	for _, x := range line {
		if !slices.Contains(box, x) {
			e.lineOnly = append(e.lineOnly, x)
		}
	}
	return e
}

type boxLineExplainer struct {
	box, line                 []csp.Var
	shared, boxOnly, lineOnly []csp.Var
	boxLabel, lineLabel       string
}

var _ csp.Scoped = (*boxLineExplainer)(nil)

// Scope returns the box's cells, then the line's outside it, and both
// labels ("box 1 and row 2").
func (e *boxLineExplainer) Scope() ([]csp.Var, string) {
	vars := slices.Clone(e.box)
	for _, x := range e.line {
		if !slices.Contains(e.box, x) {
			vars = append(vars, x)
		}
	}
	return vars, e.boxLabel + " and " + e.lineLabel
}

func (e *boxLineExplainer) Deduce(s *csp.Space, want func(string) bool, yield func(csp.Deduction) bool) {
	if !want(RuleBoxLine) || len(e.shared) < 2 {
		return
	}
	m := s.Model()
	union := func(xs []csp.Var) (u uint64) {
		for _, x := range xs {
			u |= s.Words(x)[0]
		}
		return u
	}
	onShared, inBox, inLine := union(e.shared), union(e.boxOnly), union(e.lineOnly)
	boxPerm := bits.OnesCount64(onShared|inBox) == len(e.box)
	linePerm := bits.OnesCount64(onShared|inLine) == len(e.line)
	for w := onShared; w != 0; w &= w - 1 {
		v := bits.TrailingZeros64(w)
		bit := uint64(1) << v
		var from []csp.Var
		var inside, outside string
		switch {
		case boxPerm && inBox&bit == 0 && inLine&bit != 0:
			from, inside, outside = e.lineOnly, e.boxLabel, e.lineLabel
		case linePerm && inLine&bit == 0 && inBox&bit != 0:
			from, inside, outside = e.boxOnly, e.lineLabel, e.boxLabel
		default:
			continue
		}
		var rm []csp.Lit
		var names, places []string
		for _, x := range from {
			if s.Contains(x, v) {
				rm = append(rm, csp.Lit{Var: x, Val: v})
				names = append(names, m.Name(x))
			}
		}
		for _, x := range e.shared {
			if s.Contains(x, v) {
				places = append(places, m.Name(x))
			}
		}
		if !yield(csp.Deduction{Rule: RuleBoxLine, Removed: rm,
			Why: fmt.Sprintf("in %s, %d fits only in %s, all in %s, so %d leaves the rest of %s: %s",
				inside, v, csp.List(places), outside, v, outside, csp.List(names))}) {
			return
		}
	}
}
