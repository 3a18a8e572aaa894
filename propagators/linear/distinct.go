package linear

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/enum"
	"github.com/cspgo/csp/propagators/alldiff"
)

// Strength is how hard PostDistinctSum filters.
type Strength uint8

// The strengths, weakest first.
const (
	// Bounds posts all-different at alldiff.GAC and the sum at Eq's
	// bounds(ℝ) consistency, as two propagators that do not see each
	// other.
	Bounds Strength = iota
	// GAC keeps exactly the values some assignment of distinct values with
	// the sum uses, by dynamic programming over the set of values placed
	// (see the package documentation), when the cells' initial domains
	// hold at most MaxDistinctValues values between them; above that it
	// is Bounds.
	GAC
)

var strengthNames = enum.Names{"bounds", "gac"}

// String returns the strength's name: bounds or gac.
func (s Strength) String() string { return strengthNames.Name("Strength", int(s)) }

// ParseStrength reads a strength by the name String gives it. An unknown
// name gives an error wrapping ErrStrength.
func ParseStrength(name string) (Strength, error) {
	if i, ok := strengthNames.Parse(name); ok {
		return Strength(i), nil
	}
	return 0, fmt.Errorf("%w %q (want %s)", ErrStrength, name, strengthNames.List())
}

// MaxDistinctValues is the most values the union of a group's initial
// domains may hold for PostDistinctSum to run its dynamic program; above
// it, GAC falls back to Bounds. A run visits at most 2^u sets of the u
// values and keeps two bits per set (16 kB at u = 16), so cages of Killer
// sudoku (u = 9) and of 16×16 variants fit. The program is cheap on cages
// of 1..9, and on cages of 1..16 once a few cells are given, but a large
// cage of 16 values near the root costs it far more than the Bounds level,
// which is cheap on all of them: choose Bounds for large cages of 16
// values near the root (BenchmarkDistinctSum; measured in
// docs/BENCHMARKS.md, section "Distinct sums: MaxDistinctValues").
const MaxDistinctValues = 16

// PostDistinctSum constrains vars to take pairwise different values that
// sum to sum: a Killer sudoku cage, or a KenKen "+" cage whose cells all
// lie in one row or column. At GAC it is domain consistent on the
// conjunction (see Strength, and the package documentation for costs); it
// wakes on every domain change and is entailed once every cell is assigned.
// A variable listed twice makes the group unsatisfiable (it would have to
// differ from itself), which the first propagation reports.
//
// It returns an error wrapping ErrLinear when a variable is not in m, one
// wrapping both ErrLinear and csp.ErrWords ("not a bitset domain from 0")
// when a variable's domain is not a bitset from 0 (values
// 0..domains.MaxValue: negative values, an offset domain past MaxValue or
// an interval; Post and PostSum take any domain), and one wrapping
// ErrStrength for an unknown strength; it posts nothing then.
func PostDistinctSum(m *csp.Model, vars []csp.Var, sum int, s Strength) error {
	if err := m.CheckWords(vars...); err != nil {
		return fmt.Errorf("%w: %w", ErrLinear, err)
	}
	if s > GAC {
		return fmt.Errorf("%w %v", ErrStrength, s)
	}
	vs := slices.Clone(vars)
	slices.Sort(vs)
	if len(slices.Compact(vs)) < len(vars) {
		m.Post(constProp(false), domains.EventAssigned)
		return nil
	}
	if s == GAC {
		if p := newDistinctSum(m, vars, sum); p != nil {
			m.Post(p, domains.EventDomain, vars...)
			return nil
		}
	}
	if err := PostSum(m, vars, Eq, sum); err != nil {
		return err
	}
	return alldiff.Post(m, vars, alldiff.GAC)
}

// distinctSum is PostDistinctSum's GAC level. Values are numbered by their
// rank in the union of the initial domains; a set of values is a bitmask
// of ranks.
type distinctSum struct {
	vars  []csp.Var
	sum   int
	vals  []int    // the union of the initial domains, increasing
	lo    int      // vals[0]
	full  uint32   // the ranks of all values
	rank  []int8   // rank[v-lo] is v's rank, -1 if v is not in vals
	order []int    // cells in the order the program fills them
	cand  []uint32 // per step: the current domain of cell order[step], as ranks
	supp  []uint32 // per step: ranks supported in this run
	seen  []uint64 // bit S: set S visited in this run
	good  []uint64 // bit S: set S can be completed
	trail []uint32 // sets visited in this run, to clear afterwards
	mask  []uint64 // scratch value mask, as wide as the widest domain
	width int      // the widest domain's words
}

// newDistinctSum builds the propagator, or returns nil when the union of
// the initial domains is larger than MaxDistinctValues.
func newDistinctSum(m *csp.Model, vars []csp.Var, sum int) *distinctSum {
	union, width := unionOf(m, vars)
	d := domains.View(union)
	if d.Size() > MaxDistinctValues {
		return nil
	}
	vs := newValueSet(d)
	p := &distinctSum{vars: slices.Clone(vars), sum: sum, vals: vs.vals, lo: vs.lo, rank: vs.rank, width: width}
	p.alloc(width)
	return p
}

// unionOf returns the words of the union of vars' initial domains, and
// the widest domain's words.
func unionOf(m *csp.Model, vars []csp.Var) (union []uint64, width int) {
	for _, x := range vars {
		width = max(width, m.Width(x))
	}
	union = make([]uint64, width)
	var buf []uint64
	for _, x := range vars {
		buf = m.AppendInitial(buf[:0], x)
		for i, w := range buf {
			union[i] |= w
		}
	}
	return union, width
}

// valueSet numbers the values of a union of initial domains by rank: the
// part of a distinctSum that depends on nothing else, never written once
// made, so every distinctSum over that union may share it.
type valueSet struct {
	vals []int  // the values, increasing
	lo   int    // vals[0]
	rank []int8 // rank[v-lo] is v's rank, -1 if v is not in vals
}

func newValueSet(d domains.Domain) *valueSet {
	vs := &valueSet{vals: d.AppendValues(nil)}
	if len(vs.vals) > 0 {
		vs.lo = vs.vals[0]
		vs.rank = make([]int8, vs.vals[len(vs.vals)-1]-vs.lo+1)
		for i := range vs.rank {
			vs.rank[i] = -1
		}
		for r, v := range vs.vals {
			vs.rank[v-vs.lo] = int8(r)
		}
	}
	return vs
}

func (p *distinctSum) alloc(width int) {
	p.full = uint32(1)<<len(p.vals) - 1
	sets := domains.WordsFor(1<<len(p.vals) - 1)
	p.order = make([]int, len(p.vars))
	p.cand = make([]uint32, len(p.vars))
	p.supp = make([]uint32, len(p.vars))
	p.seen = make([]uint64, sets)
	p.good = make([]uint64, sets)
	p.mask = make([]uint64, width)
}

// Propagate runs the dynamic program and keeps the supported values.
func (p *distinctSum) Propagate(s *csp.Space) csp.Status {
	if p.order == nil { // posted by DistinctSums.Post, which leaves it to the clones
		p.alloc(p.width)
	}
	all := true
	for i, x := range p.vars {
		c := uint32(0)
		for k, w := range s.Words(x) {
			for ; w != 0; w &= w - 1 {
				c |= 1 << p.rank[k*64+bits.TrailingZeros64(w)-p.lo]
			}
		}
		// Insert cell i by domain size: the program fills the smallest
		// domains first, which keeps the sets reachable few.
		n := bits.OnesCount32(c)
		j := i
		for ; j > 0 && bits.OnesCount32(p.cand[j-1]) > n; j-- {
			p.cand[j], p.order[j] = p.cand[j-1], p.order[j-1]
		}
		p.cand[j], p.order[j] = c, i
		p.supp[i] = 0
		all = all && c&(c-1) == 0
	}
	ok := p.complete(0, 0, 0)
	for _, S := range p.trail {
		p.seen[S/64] &^= 1 << (S % 64)
		p.good[S/64] &^= 1 << (S % 64)
	}
	p.trail = p.trail[:0]
	if !ok {
		return csp.Failed
	}
	if all {
		return csp.Entailed
	}
	for i, cell := range p.order {
		if p.supp[i] == p.cand[i] {
			continue
		}
		clear(p.mask)
		for c := p.supp[i]; c != 0; c &= c - 1 {
			v := p.vals[bits.TrailingZeros32(c)]
			p.mask[v/64] |= 1 << (v % 64)
		}
		if !s.IntersectWords(p.vars[cell], p.mask) {
			return csp.Failed
		}
	}
	return csp.Fixpoint
}

// complete reports whether the cells of steps |S| on can take distinct
// values outside S summing to p.sum - sum, S being the values of the cells
// of the steps before (sum their total). It records in supp the values that lead to a
// completion, and in seen and good its answer for S.
func (p *distinctSum) complete(S uint32, i, sum int) bool {
	if i == len(p.vars) {
		return sum == p.sum
	}
	if p.seen[S/64]&(1<<(S%64)) != 0 {
		return p.good[S/64]&(1<<(S%64)) != 0
	}
	p.seen[S/64] |= 1 << (S % 64)
	p.trail = append(p.trail, S)
	if !p.reachable(S, len(p.vars)-i, p.sum-sum) {
		return false
	}
	ok := false
	for c := p.cand[i] &^ S; c != 0; c &= c - 1 {
		r := bits.TrailingZeros32(c)
		v := p.vals[r]
		if sum+v > p.sum {
			break // values only grow with rank, and none is negative
		}
		if p.complete(S|1<<r, i+1, sum+v) {
			p.supp[i] |= 1 << r
			ok = true
		}
	}
	if ok {
		p.good[S/64] |= 1 << (S % 64)
	}
	return ok
}

// reachable reports whether need can lie between the sums of the j
// smallest and the j largest values outside S: a cheap bound that cuts the
// sets whose partial sum is already too small or too large.
func (p *distinctSum) reachable(S uint32, j, need int) bool {
	free := p.full &^ S
	lo, hi := 0, 0
	for c, k := free, 0; k < j && c != 0; k++ {
		lo += p.vals[bits.TrailingZeros32(c)]
		c &= c - 1
	}
	if lo > need {
		return false
	}
	for c, k := free, 0; k < j && c != 0; k++ {
		r := 31 - bits.LeadingZeros32(c)
		hi += p.vals[r]
		c &^= 1 << r
	}
	return hi >= need
}

func (p *distinctSum) Name() string           { return "linear/distinctsum" }
func (p *distinctSum) Priority() csp.Priority { return csp.Expensive }

// Clone gives each space its own tables.
// Reset keeps the propagator for a reset space (csp.Resetter): its tables
// are cleared at the end of every run, so there is nothing to forget, and
// a sudoku solver reset per killer puzzle makes no garbage.
func (p *distinctSum) Reset() {}

// Clone gives a space its own tables.
func (p *distinctSum) Clone() csp.Propagator {
	q := &distinctSum{vars: p.vars, sum: p.sum, vals: p.vals, lo: p.lo, rank: p.rank, width: p.width}
	q.alloc(p.width)
	return q
}
