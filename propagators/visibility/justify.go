package visibility

import (
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
)

// Explanations for learning from conflicts (csp.Justifier and
// csp.FailureJustifier) of Bounds, GAC and Line: a removal of v from x is
// explained by removals from the line's cells that held then and under
// which the constraint's filtering core, run as a test on domains of its
// own, finds no solution with x = v (the clue's automaton, GAC's table,
// for Bounds and GAC, which filter the clue alone; Line's program for
// Line, whose constraint is the permutation with both clues); a failure
// by removals under which it finds none at all. Values outside 1..n need
// no reason: the constraint alone excludes them. The removals are found
// by deletion from every removal that held then (a sound propagator's
// deduction follows from those), except those of heights that no
// solution uses even on full domains (the constraint alone removes
// them): first whole cells, then single values,
// each dropped when the core still finds nothing without it, one run of
// the core per try: O(L·n) runs at worst, for a reason no removal of
// which can be dropped. Edge is explained generically (its clue-1 rule
// assumes a permutation only on a full line).

// core is a filtering core seen as a test: fits reports whether some
// solution of the constraint lies within dom (per position, bit h for
// height h); after it, kept(i) is the heights of position i some such
// solution uses.
type core interface {
	fits(dom []uint64) bool
	kept(i int) uint64
}

// fits runs the automaton on dom.
func (t *table) fits(dom []uint64) bool {
	copy(t.dom, dom)
	return t.filter()
}

func (t *table) kept(i int) uint64 { return t.keep[i] }

// lineCore is Line's program on domains of its own: a lineProp that only
// ever filters (no witnesses: its cover is full).
type lineCore struct{ p *lineProp }

func (c lineCore) fits(dom []uint64) bool {
	p := c.p
	if !p.read() {
		return false // a clue no permutation meets
	}
	for i, d := range dom {
		p.dom[i] = uint16(d>>1) & (1<<p.n - 1)
		if p.dom[i] == 0 {
			return false
		}
	}
	return p.filter()
}

func (c lineCore) kept(i int) uint64 { return c.p.keep[i] }

// clueWhy is the scratch of those explanations: a core of its own (the
// propagator's holds state between runs) and the removals tried, per
// cell.
type clueWhy struct {
	core core
	rem  []uint64 // per position, the removals in the reason so far
	pin  []bool   // per position, a cell of the variable explained
	dom  []uint64 // per position, the domain tried
	// base is, per position, the heights some solution uses when every
	// domain is full: a removal outside needs no reason (the constraint
	// alone makes it), so it is never tried.
	base []uint64
	// clues are the clues base was found for (Line's, which an instance
	// may change; a clue of the other strengths is fixed at Post).
	clues Clues
}

var (
	_ csp.Justifier        = (*gacProp)(nil)
	_ csp.FailureJustifier = (*gacProp)(nil)
	_ csp.Justifier        = (*bounds)(nil)
	_ csp.FailureJustifier = (*bounds)(nil)
	_ csp.Justifier        = (*lineProp)(nil)
	_ csp.FailureJustifier = (*lineProp)(nil)
)

// Justify explains a removal of GAC (csp.Justifier).
func (p *gacProp) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	return p.clueWhy().explain(at, p.t.line, p.t.n, &f, out)
}

// JustifyFailure explains a line that no arrangement fits
// (csp.FailureJustifier).
func (p *gacProp) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	return p.clueWhy().explain(at, p.t.line, p.t.n, nil, out)
}

func (p *gacProp) clueWhy() *clueWhy {
	if p.why.core == nil {
		p.why.core = newTable(p.t.line, p.t.n, p.t.c)
	}
	return &p.why
}

// Justify explains a removal of Bounds (csp.Justifier).
func (p *bounds) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	return p.clueWhy().explain(at, p.line, p.n, &f, out)
}

// JustifyFailure explains a count out of reach (csp.FailureJustifier).
func (p *bounds) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	return p.clueWhy().explain(at, p.line, p.n, nil, out)
}

func (p *bounds) clueWhy() *clueWhy {
	if p.why.core == nil {
		p.why.core = newTable(p.line, p.n, p.c)
	}
	return &p.why
}

// Justify explains a removal of Line (csp.Justifier).
func (p *lineProp) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	return p.clueWhy().explain(at, p.line, p.n, &f, out)
}

// JustifyFailure explains a line that no permutation meeting its clues
// fits (csp.FailureJustifier).
func (p *lineProp) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	return p.clueWhy().explain(at, p.line, p.n, nil, out)
}

func (p *lineProp) clueWhy() *clueWhy {
	if p.why == nil {
		c := &lineProp{line: p.line, n: p.n, clues: p.clues, full: p.full}
		c.alloc()
		for i := range c.cover {
			c.cover[i] = ^uint16(0) // no witnesses
		}
		p.why = &clueWhy{core: lineCore{c}}
	}
	if p.why.clues != *p.clues {
		// Another instance (PostClues): base is to be found again.
		p.why.clues, p.why.rem = *p.clues, nil
	}
	return p.why
}

// explain appends the reason of f (of a failure when f is nil) for the
// constraint of w's core over line, with heights 1..n.
func (w *clueWhy) explain(at csp.Past, line []csp.Var, n int, f *csp.Fact, out []csp.Fact) []csp.Fact {
	mask := heights(n)
	if f != nil && (f.Eq || f.V < 1 || int(f.V) > n) {
		return out // out of range: the constraint excludes it (the strengths do not assign)
	}
	if w.rem == nil {
		w.rem = make([]uint64, len(line))
		w.pin = make([]bool, len(line))
		w.dom = make([]uint64, len(line))
		w.base = make([]uint64, len(line))
		for i := range w.dom {
			w.dom[i] = mask
		}
		if w.core.fits(w.dom) {
			for i := range w.base {
				w.base[i] = w.core.kept(i)
			}
		}
	}
	if f != nil {
		if i := slices.Index(line, f.X); i < 0 || w.base[i]&(1<<f.V) == 0 {
			return out // the constraint alone removes it (or it is no cell's)
		}
	}
	for i, x := range line {
		w.rem[i] = 0
		w.pin[i] = f != nil && x == f.X
		for b := w.base[i]; b != 0; b &= b - 1 {
			if h := bits.TrailingZeros64(b); at.Held(csp.Fact{X: x, V: int32(h)}) {
				w.rem[i] |= 1 << h
			}
		}
	}
	if !w.implied(f) {
		return w.append(line, out) // not expected of a sound propagator: the whole state
	}
	// Drop whole cells, then single values (every position of a variable
	// at once: they are one variable).
	for i := range line {
		if w.pin[i] || w.rem[i] == 0 || w.first(line, i) != i {
			continue
		}
		old := w.set(line, i, 0)
		if !w.implied(f) {
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
			if !w.implied(f) {
				w.set(line, i, w.rem[i]|b)
			}
		}
	}
	return w.append(line, out)
}

// implied reports whether the removals in rem (with f's variable set to
// f's value) leave the clue no arrangement.
func (w *clueWhy) implied(f *csp.Fact) bool {
	for i, r := range w.rem {
		w.dom[i] = w.base[i] &^ r
		if w.pin[i] {
			w.dom[i] &= 1 << f.V
		}
		if w.dom[i] == 0 {
			return true
		}
	}
	return !w.core.fits(w.dom)
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
