package visibility

import (
	"math/bits"

	"github.com/cspgo/csp/csp"
)

// Explanations for learning from conflicts (csp.Justifier and
// csp.FailureJustifier) of the strengths that filter one clue alone,
// Bounds and GAC: a removal of v from x is explained by removals from the
// line's cells that held then and under which the clue's automaton (the
// core of GAC, table) accepts no arrangement with x = v; a failure by
// removals under which it accepts none at all. Values outside 1..n need
// no reason: the clue alone excludes them. The removals are found by
// deletion from every removal that held then (a sound propagator's
// deduction follows from those): first whole cells, then single values,
// each dropped when the automaton still accepts nothing without it, one
// run of the table per try, so O(L·n) runs of O(L·n) word operations at
// worst, for a reason no removal of which can be dropped. Edge and Line
// are explained generically (Line's constraint is the permutation, which
// this automaton does not know).

// clueWhy is the scratch of those explanations: a table of its own (the
// propagator's is state between runs) and the removals tried, per cell.
type clueWhy struct {
	t   *table
	rem []uint64 // per position, the removals in the reason so far
	pin []bool   // per position, a cell of the variable explained
}

var (
	_ csp.Justifier        = (*gacProp)(nil)
	_ csp.FailureJustifier = (*gacProp)(nil)
	_ csp.Justifier        = (*bounds)(nil)
	_ csp.FailureJustifier = (*bounds)(nil)
)

// Justify explains a removal of GAC (csp.Justifier).
func (p *gacProp) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	return p.why.explain(at, p.t.line, p.t.n, p.t.c, &f, out)
}

// JustifyFailure explains a line that no arrangement fits
// (csp.FailureJustifier).
func (p *gacProp) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	return p.why.explain(at, p.t.line, p.t.n, p.t.c, nil, out)
}

// Justify explains a removal of Bounds (csp.Justifier).
func (p *bounds) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	return p.why.explain(at, p.line, p.n, p.c, &f, out)
}

// JustifyFailure explains a count out of reach (csp.FailureJustifier).
func (p *bounds) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	return p.why.explain(at, p.line, p.n, p.c, nil, out)
}

// explain appends the reason of f (of a failure when f is nil) for the
// clue c over line with heights 1..n.
func (w *clueWhy) explain(at csp.Past, line []csp.Var, n, c int, f *csp.Fact, out []csp.Fact) []csp.Fact {
	mask := heights(n)
	if f != nil && (f.Eq || f.V < 1 || int(f.V) > n) {
		return out // out of range: the clue excludes it (the strengths do not assign)
	}
	if w.t == nil {
		w.t = newTable(line, n, c)
		w.rem = make([]uint64, len(line))
		w.pin = make([]bool, len(line))
	}
	for i, x := range line {
		w.rem[i] = 0
		w.pin[i] = f != nil && x == f.X
		for h := 1; h <= n; h++ {
			if at.Held(csp.Fact{X: x, V: int32(h)}) {
				w.rem[i] |= 1 << h
			}
		}
	}
	if !w.implied(mask, f) {
		return w.append(line, out) // not expected of a sound propagator: the whole state
	}
	// Drop whole cells, then single values (every position of a variable
	// at once: they are one variable).
	for i := range line {
		if w.pin[i] || w.rem[i] == 0 || w.first(line, i) != i {
			continue
		}
		old := w.set(line, i, 0)
		if !w.implied(mask, f) {
			w.set(line, i, old)
		}
	}
	for i := range line {
		if w.pin[i] || w.first(line, i) != i {
			continue
		}
		for r := w.rem[i]; r != 0; r &= r - 1 {
			b := r & -r
			w.set(line, i, w.rem[i]&^b)
			if !w.implied(mask, f) {
				w.set(line, i, w.rem[i]|b)
			}
		}
	}
	return w.append(line, out)
}

// implied reports whether the removals in rem (with f's variable set to
// f's value) leave the clue no arrangement.
func (w *clueWhy) implied(mask uint64, f *csp.Fact) bool {
	for i, r := range w.rem {
		w.t.dom[i] = mask &^ r
		if w.pin[i] {
			w.t.dom[i] &= 1 << f.V
		}
		if w.t.dom[i] == 0 {
			return true
		}
	}
	return !w.t.filter()
}

// first returns the first position of line's variable at position i.
func (w *clueWhy) first(line []csp.Var, i int) int {
	for k, x := range line[:i] {
		if x == line[i] {
			return k
		}
	}
	return i
}

// set gives every position of the variable at i the removals r and
// returns the old ones.
func (w *clueWhy) set(line []csp.Var, i int, r uint64) uint64 {
	old := w.rem[i]
	for k, x := range line {
		if x == line[i] {
			w.rem[k] = r
		}
	}
	return old
}

// append appends the removals of rem, once per variable.
func (w *clueWhy) append(line []csp.Var, out []csp.Fact) []csp.Fact {
	for i, x := range line {
		if w.first(line, i) != i {
			continue
		}
		for r := w.rem[i]; r != 0; r &= r - 1 {
			out = append(out, csp.Fact{X: x, V: int32(bits.TrailingZeros64(r))})
		}
	}
	return out
}
