package visibility

import (
	"math/bits"

	"github.com/cspgo/csp/csp"
)

// table is the filtering core of GAC: the layered automaton of one clue.
// A state between positions i-1 and i is (t, k): t the tallest height so
// far (0 before the first cell), k the buildings seen so far. Height v at
// position i leads from (t, k) to (v, k+1) when v > t, else to (t, k).
// An assignment of the line is accepted when it ends in a state with
// k == c. This is Pesant's regular constraint ("A regular language
// membership constraint for finite sequences of variables", CP 2004)
// specialised to this automaton, with the counts of one t held as the bits
// of one word, so a whole column of states moves with one shift.
//
// All tables are sized at Post; a run allocates nothing.
type table struct {
	line []csp.Var
	n, c int
	mask uint64   // heights 1..n
	dom  []uint64 // per position, the domain (bit v = height v) this run
	// back[i*(n+1)+t] has bit k set when state (t, k) before position i
	// can still reach k == c at the end: the co-reachable states.
	back []uint64
	// fwd is the row of reachable states before the current position,
	// nxt the one after it.
	fwd, nxt []uint64
	keep     []uint64 // per position, the supported heights
}

func newTable(line []csp.Var, n, c int) *table {
	L := len(line)
	return &table{
		line: line, n: n, c: c, mask: heights(n),
		dom:  make([]uint64, L),
		back: make([]uint64, (L+1)*(n+1)),
		fwd:  make([]uint64, n+1),
		nxt:  make([]uint64, n+1),
		keep: make([]uint64, L),
	}
}

// load reads the domains, restricted to 1..n. It reports false when one is
// empty there.
func (t *table) load(s *csp.Space) bool {
	for i, x := range t.line {
		t.dom[i] = word0(s, x) & t.mask
		if t.dom[i] == 0 {
			return false
		}
	}
	return true
}

// filter sets keep[i] to the heights of dom[i] that some accepted
// assignment within the domains uses, and reports whether there is one.
// One backward pass fills back (co-reachable states), one forward pass
// walks the reachable states and tests each value's transitions against
// back: O(L·n) word operations, L the line's length.
func (t *table) filter() bool {
	L, n, w := len(t.line), t.n, t.n+1
	last := t.back[L*w : (L+1)*w]
	for h := range last {
		last[h] = 1 << t.c
	}
	for i := L - 1; i >= 0; i-- {
		d := t.dom[i]
		lo := bits.TrailingZeros64(d) // smallest height: hidden from any t >= lo
		nb, cb := t.back[(i+1)*w:(i+2)*w], t.back[i*w:(i+1)*w]
		seen := uint64(0) // over heights v > h in d: needed counts before v is seen
		for h := n; h >= 0; h-- {
			cb[h] = seen
			if h >= lo {
				cb[h] |= nb[h]
			}
			if d&(1<<h) != 0 {
				seen |= nb[h] >> 1
			}
		}
	}
	if t.back[0]&1 == 0 {
		return false
	}
	f, g := t.fwd, t.nxt
	clear(f)
	f[0] = 1
	for i := range L {
		d := t.dom[i]
		lo := bits.TrailingZeros64(d)
		nb := t.back[(i+1)*w : (i+2)*w]
		below := uint64(0)  // counts of the states with t < h
		hidden := uint64(0) // heights t whose states meet back at i+1
		keep := uint64(0)
		for h := 0; h <= n; h++ {
			if f[h]&nb[h] != 0 {
				hidden |= 1 << h
			}
			g[h] = 0
			if h >= lo {
				g[h] = f[h]
			}
			if d&(1<<h) != 0 {
				up := below << 1
				g[h] |= up
				if up&nb[h] != 0 {
					keep |= 1 << h
				}
			}
			below |= f[h]
		}
		// Height v stays hidden behind any tallest t >= v whose states
		// meet back: every v up to the largest such t.
		if hidden != 0 {
			keep |= d & heights(bits.Len64(hidden)-1)
		}
		t.keep[i] = keep
		f, g = g, f
	}
	return true
}

// gacProp is the GAC strength.
type gacProp struct {
	t   *table
	why clueWhy // the explanations' scratch (justify.go)
}

// Propagate keeps exactly the supported values; it is idempotent, and
// entailed once every variable is assigned (and the count checked).
func (p *gacProp) Propagate(s *csp.Space) csp.Status {
	t := p.t
	if !t.load(s) || !t.filter() {
		return csp.Failed
	}
	return narrow(s, t.line, t.keep)
}

// narrow keeps, for each cell of line, the heights set in its word of
// keep; the line is entailed once every cell is down to one height.
func narrow(s *csp.Space, line []csp.Var, keep []uint64) csp.Status {
	all := true
	for i, x := range line {
		if !s.IntersectWords(x, keep[i:i+1]) {
			return csp.Failed
		}
		all = all && keep[i]&(keep[i]-1) == 0
	}
	if all {
		return csp.Entailed
	}
	return csp.Fixpoint
}

func (p *gacProp) Name() string           { return "visibility/gac" }
func (p *gacProp) Priority() csp.Priority { return csp.Quadratic }
func (p *gacProp) Clone() csp.Propagator {
	return &gacProp{t: newTable(p.t.line, p.t.n, p.t.c)}
}
