package visibility

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/enum"
	"github.com/cspgo/csp/propagators/alldiff"
)

// Strength is how hard a clue filters.
type Strength uint8

// The strengths, weakest first.
const (
	// Edge applies the classic edge-clue rules at the root (see the package
	// documentation) and below it only checks the count once the whole
	// line is assigned: O(L) at the root and at the check, O(1) for most
	// other wake-ups. On a full line (len(line) == n) it takes the line to
	// be a permutation of 1..n: its clue-1 rule puts n first, and its check
	// rejects repeated heights.
	Edge Strength = iota
	// Bounds reasons on each domain's smallest and largest value, lo_i and
	// hi_i, in O(L) per run. With M_i and P_i the largest lo and hi before
	// cell i (0 for the first), cell i may be seen only if hi_i > M_i and
	// must be seen if lo_i > P_i; the may-cells and must-cells count the
	// most and the fewest buildings visible, and Bounds fails unless
	// fewest <= c <= most. It removes from cell i the heights above
	// n-c+A_i, A_i the may-cells among 0..i (the buildings seen after a
	// height h rise strictly above it, so at most n-h of them: at the root
	// this is Edge's distance rule). When most == c every may-cell must be
	// seen: it loses the heights up to M_i and the cells before it those
	// from its hi up. When fewest == c every other cell must hide: it loses
	// the heights above P_i. Each rule removes only heights that would put
	// the count outside fewest..most, so it is sound for the clue alone; it
	// is a relaxation, blind to what lies between the bounds and to the
	// seen heights having to rise strictly.
	Bounds
	// GAC keeps exactly the values that some arrangement of the line with
	// the clue's count uses (the clue alone: heights need not differ), by
	// a forward and a backward walk of the (tallest so far, seen so far)
	// automaton: O(L·n) word operations per run.
	GAC
	// Line filters all-different and both clues of a full line together,
	// to domain consistency on the conjunction (see PostLine), by a dynamic
	// program over sets of heights: O(2^(n-1)·n) per run at worst.
	Line
)

var strengthNames = enum.Names{"edge", "bounds", "gac", "line"}

// String returns the strength's name: edge, bounds, gac or line.
func (s Strength) String() string { return strengthNames.Name("Strength", int(s)) }

// ParseStrength reads a strength by the name String gives it. An unknown
// name gives an error wrapping ErrStrength.
func ParseStrength(name string) (Strength, error) {
	if i, ok := strengthNames.Parse(name); ok {
		return Strength(i), nil
	}
	return 0, fmt.Errorf("%w %q (want %s)", ErrStrength, name, strengthNames.List())
}

// Errors that Post and PostLine wrap.
var (
	// ErrStrength: a strength that is not one of Edge, Bounds, GAC, Line.
	ErrStrength = errors.New("visibility: unknown strength")
	// ErrClue: a clue, a line or a height range that cannot be posted
	// (clue outside its range, an empty line, n below the line's length
	// or above MaxHeight, a variable not in the model, a PostLine line
	// whose length is not n).
	ErrClue = errors.New("visibility: invalid clue")
)

// MaxHeight is the largest n (tallest height) Post and PostLine accept:
// heights and visible counts then fit one 64-bit word, which is what lets
// the tables count in parallel bits. Puzzle grids are far smaller.
const MaxHeight = 63

// MaxLine is the largest n for which PostLine runs the dynamic program over
// sets of heights; above it PostLine falls back to GAC on each clue and
// alldiff.GAC on the line. A run of the program costs and takes tables
// that double with each step of n (tables of 10·2^(n-1) bytes with the
// lists of reached subsets). Most runs deep in a search stop at the line's
// witnesses instead, which keeps a search node on a 16×16 board
// affordable. Sixteen is the limit of the words the program and the
// witnesses use; above 12 the fallback (GAC per clue with all-different)
// is so much weaker that random full-clue 16×16 grids, which the line
// program solves quickly, go unsolved with it (TestRandomLargeBoards in
// problems/skyscraper). The cost of a run by n (BenchmarkLineSize), of a
// search node and of those grids is measured in docs/BENCHMARKS.md,
// section "Visibility: the Line program up to MaxLine".
const MaxLine = 16

// Post constrains exactly clue of the heights in line to be visible from
// the front (index 0): position i is visible when its height is strictly
// greater than every height before it. Every height lies in 1..n; values
// outside are removed. The line comes ordered from the clue's side: pass
// the reversed slice for the opposite clue, a sub-slice for a clue inside
// the grid (n stays the grid's tallest height).
//
// Edge, Bounds and GAC filter this constraint alone: the heights need not
// differ. One exception: on a full line (len(line) == n) Edge takes the
// line to be a permutation of 1..n, as every skyscraper row is, so its
// clue-1 rule can put n first; there its constraint is "a permutation of
// 1..n with clue visible". Line is PostLine with no back clue: on a full
// line it also constrains the heights to differ; on a shorter line it is
// GAC.
//
// Post returns an error wrapping ErrClue when clue is outside
// 1..len(line), the line is empty, n is below len(line) or above
// MaxHeight, or a variable is not in m, and one wrapping ErrStrength for
// an unknown strength; it posts nothing then.
func Post(m *csp.Model, line []csp.Var, n, clue int, s Strength) error {
	if err := checkLine(m, line, n); err != nil {
		return err
	}
	if clue < 1 || clue > len(line) {
		return fmt.Errorf("%w: clue %d outside 1..%d", ErrClue, clue, len(line))
	}
	xs := append([]csp.Var(nil), line...)
	switch s {
	case Edge:
		m.Post(newEdge(xs, n, clue), domains.EventAssigned, xs...)
	case Bounds:
		m.Post(newBounds(xs, n, clue), domains.EventDomain, xs...)
	case GAC:
		m.Post(&gacProp{t: newTable(xs, n, clue)}, domains.EventDomain, xs...)
	case Line:
		if len(xs) < n {
			m.Post(&gacProp{t: newTable(xs, n, clue)}, domains.EventDomain, xs...)
			return nil
		}
		return PostLine(m, xs, n, clue, 0)
	default:
		return fmt.Errorf("%w: %v", ErrStrength, s)
	}
	return nil
}

// PostLine constrains a full line (len(line) == n) to hold distinct heights
// 1..n (a permutation) with exactly front buildings visible from index 0
// and back visible from the last index; a clue of 0 is absent. For
// n <= MaxLine one propagator keeps exactly the values some such
// permutation uses (domain consistency on the conjunction, by a dynamic
// program over the sets of heights placed; see the package documentation).
// Above MaxLine it posts GAC for each present clue and alldiff.GAC on the
// line instead: the same solutions, weaker filtering. With both clues
// absent it posts alldiff.GAC (and removes the values outside 1..n), which
// is domain consistent already.
//
// PostLine returns an error wrapping ErrClue when the line is empty,
// len(line) != n, n is above MaxHeight, a clue is outside 0..n or a
// variable is not in m; it posts nothing then.
func PostLine(m *csp.Model, line []csp.Var, n, front, back int) error {
	if err := checkLine(m, line, n); err != nil {
		return err
	}
	if len(line) != n {
		return fmt.Errorf("%w: line of %d cells for heights 1..%d (a full line needs n cells)", ErrClue, len(line), n)
	}
	for _, c := range [2]int{front, back} {
		if c < 0 || c > n {
			return fmt.Errorf("%w: clue %d outside 0..%d", ErrClue, c, n)
		}
	}
	xs := append([]csp.Var(nil), line...)
	if n <= MaxLine && front+back > 0 {
		m.Post(newLine(xs, &Clues{Front: front, Back: back}), domains.EventDomain, xs...)
		return nil
	}
	m.Post(&rangeProp{vars: xs, mask: [1]uint64{heights(n)}}, domains.EventDomain, xs...)
	if err := alldiff.Post(m, xs, alldiff.GAC); err != nil {
		return err // checkLine let through what alldiff refuses: a bug
	}
	if front > 0 {
		m.Post(&gacProp{t: newTable(xs, n, front)}, domains.EventDomain, xs...)
	}
	if back > 0 {
		rev := make([]csp.Var, n)
		for i, x := range xs {
			rev[n-1-i] = x
		}
		m.Post(&gacProp{t: newTable(rev, n, back)}, domains.EventDomain, rev...)
	}
	return nil
}

// Clues are the clues at the two ends of a full line, for the propagator
// PostClues posts: Front seen from index 0, Back from the last index, 0
// for no clue. The propagator reads them at its first run in a space and
// again after every Space.Reset, so a model built once for a size serves
// every instance of that size: each sets its clues, then resets the
// search and propagates (see problems/catalog.Reuse).
type Clues struct{ Front, Back int }

// PostClues is PostLine with the clues read from c, which the caller may
// change between instances (see Clues), and with no clue at either end
// allowed: the propagator then keeps the values some permutation uses,
// as alldiff.GAC does. The line needs n <= MaxLine cells. A clue outside
// 0..n when the propagator reads it fails the instance (no permutation
// meets it). PostClues returns an error wrapping ErrClue when the line
// is empty or not n cells long, n is above MaxLine, c is nil, or a
// variable is not in m; it posts nothing then.
func PostClues(m *csp.Model, line []csp.Var, n int, c *Clues) error {
	if err := checkLine(m, line, n); err != nil {
		return err
	}
	switch {
	case len(line) != n:
		return fmt.Errorf("%w: line of %d cells for heights 1..%d (a full line needs n cells)", ErrClue, len(line), n)
	case n > MaxLine:
		return fmt.Errorf("%w: n = %d above MaxLine (%d)", ErrClue, n, MaxLine)
	case c == nil:
		return fmt.Errorf("%w: no clues", ErrClue)
	}
	xs := append([]csp.Var(nil), line...)
	m.Post(newLine(xs, c), domains.EventDomain, xs...)
	return nil
}

// checkLine validates what Post and PostLine share.
func checkLine(m *csp.Model, line []csp.Var, n int) error {
	if len(line) == 0 {
		return fmt.Errorf("%w: empty line", ErrClue)
	}
	if n < len(line) {
		return fmt.Errorf("%w: n = %d below the line's length %d", ErrClue, n, len(line))
	}
	if n > MaxHeight {
		return fmt.Errorf("%w: n = %d above MaxHeight (%d)", ErrClue, n, MaxHeight)
	}
	if err := m.CheckWords(line...); err != nil {
		return fmt.Errorf("%w: %w", ErrClue, err)
	}
	return nil
}

// heights returns the mask of values 1..n (n <= 63).
func heights(n int) uint64 { return ^uint64(0) >> (63 - n) &^ 1 }

// word0 returns the first word of x's domain: all of it once the values
// above 63 are gone, which the first IntersectWords with a heights mask
// ensures.
func word0(s *csp.Space, x csp.Var) uint64 {
	if w := s.Words(x); len(w) > 0 {
		return w[0]
	}
	return 0
}

// rangeProp removes the values outside 1..n once; PostLine's fallback
// needs it when no clue does it.
type rangeProp struct {
	vars []csp.Var
	mask [1]uint64
}

func (p *rangeProp) Propagate(s *csp.Space) csp.Status {
	for _, x := range p.vars {
		if !s.IntersectWords(x, p.mask[:]) {
			return csp.Failed
		}
	}
	return csp.Entailed
}

func (p *rangeProp) Name() string           { return "visibility/range" }
func (p *rangeProp) Priority() csp.Priority { return csp.Unary }
