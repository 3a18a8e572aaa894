package visibility

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/cspgo/csp/csp"
)

// lineProp is the Line strength: a full line of n cells holding a
// permutation of 1..n, with a front clue and a back clue (each a set of
// wanted counts: one bit, or all bits when the clue is absent).
//
// The tallest building n splits the line into A n B: every building seen
// from the front stands in A or is n, every one seen from the back stands
// in B or is n, so front = 1 + (left-to-right maxima of A) and back =
// 1 + (right-to-left maxima of B), and A and B only share the condition
// that their sets of heights split {1..n-1}. Hence two dynamic programs
// over sets of heights (Bellman; Held and Karp, 1962), each state a subset
// S of {1..n-1} whose heights fill the first |S| cells (f) or the last
// |S| cells (g), holding the set of counts of maxima reachable there as
// the bits of a 16-bit word: the tallest so far is max S, so S and the
// count are the whole state. A split S is valid when n fits cell |S|, f[S]
// meets the front clue and g[{1..n-1} \ S] meets the back clue; a
// backward pass over each program then marks the states that reach a valid
// split, and a height h at cell i is kept when some transition placing h
// at i joins a reachable state to a co-reachable one (the same forward /
// backward scheme as table).
//
// Two cheap cuts keep the programs small: a state's counts are limited to
// those that can still meet its clue (see winF), and each side stops at
// the farthest cell that can still hold n. The forward passes list the
// states they reach, size by size, and the backward passes walk those
// lists: O(R·n) a run, R the reached subsets, at most 2^(n-1) (at the
// root), far fewer deep in a search.
//
// On lines of witnessMin cells or more, most runs need no program at
// all. The propagator keeps witnesses
// (residual supports, as in Lecoutre and Hemery, "A study of residual
// supports in arc consistency", IJCAI 2007): whole permutations meeting
// both clues, found by earlier runs. A run first checks them against the
// domains; when the ones still inside use every height left, the domains
// are consistent and the run stops there. A witness that lost a cell or
// two is repaired by swapping heights, and a height no witness uses is
// lent one by moving it into a witness that has it elsewhere (a swap or a
// three-cycle), each checked against both clues; only when that fails
// does the program run, and it finds new witnesses for the heights the
// old ones miss (witness.go). Witnesses are trusted only after a check
// against the current domains, so they stay sound on any branch and after
// backtracking. In searches most runs stop at the witnesses (measured in
// docs/BENCHMARKS.md, section "Visibility: the Line program up to
// MaxLine").
//
// A line's first run starts from the run on full domains for its size and
// clues (rootResult), built into the program up to 9 cells and computed
// once per process above, shared by every model: it narrows the
// domains to what that run kept and, if that removed anything, stops, so
// that the queue runs it again once the other lines have done the same,
// on smaller domains.
//
// Memory: at most n² witnesses and a few words per cell, sized at the
// first run, so later runs allocate nothing; the program's tables
// (3·2^(n-1) 16-bit words and two lists of as many) are borrowed for the
// run from a pool shared by every line of the size.
type lineProp struct {
	line []csp.Var
	n    int
	// clues are the line's clues, read at the first run after the
	// propagator is made or Reset (see Clues); front and back are the
	// counts of maxima wanted in A, in B, that they give.
	clues       *Clues
	front, back uint16
	// winF[t], winG[t]: the counts a state whose tallest height is t can
	// have and still meet its clue: at most the clue's count, and at least
	// that minus the n-1-t heights above t still to come.
	winF, winG [MaxLine]uint16
	full       uint16   // heights 1..n-1 as bits 0..n-2
	dom        []uint16 // per cell, bit h-1 for height h
	*tables             // the program's, during a run (nil between runs)
	keep       []uint64 // per cell, supported heights (bit h)
	// wit holds the witnesses (see witness.go), at most n² of them; cover
	// is, per cell, the heights (bit h-1) that those inside the domains use.
	wit   []uint64
	cover []uint16
	root  *rootResult // the run on full domains, shared by all models
	why   *clueWhy    // the explanations' scratch (justify.go), this clone's
}

func newLine(line []csp.Var, clues *Clues) *lineProp {
	n := len(line)
	p := &lineProp{line: line, n: n, clues: clues, full: uint16(1)<<(n-1) - 1}
	p.read()
	return p
}

// want returns the set of counts of maxima a side with clue c (0: none)
// may show: bit c-1, or every bit.
func want(c int) uint16 {
	if c == 0 {
		return ^uint16(0)
	}
	return 1 << (c - 1)
}

// read takes the clues: the wanted counts and their windows. It reports
// false for a clue outside 0..n, which no permutation meets.
func (p *lineProp) read() bool {
	front, back := p.clues.Front, p.clues.Back
	if front < 0 || front > p.n || back < 0 || back > p.n {
		return false
	}
	p.front, p.back = want(front), want(back)
	p.winF, p.winG = window(p.n, front), window(p.n, back)
	return true
}

// start readies a new instance: its clues (see read), the run on full
// domains and its witnesses.
func (p *lineProp) start() bool {
	if !p.read() {
		return false
	}
	p.root = p.rootResult()
	p.wit = append(p.wit[:0], p.root.wit...)
	return true
}

// alloc sizes the state; a propagator gets it at its first run, so the
// model's own copy, which is only cloned, never holds any.
func (p *lineProp) alloc() {
	n := p.n
	small := make([]uint16, 2*n)
	p.dom, p.cover = small[:n:n], small[n:]
	if n < witnessMin {
		for i := range p.cover {
			p.cover[i] = ^uint16(0) // the program finds no witness
		}
	}
	p.keep = make([]uint64, n)
	p.wit = make([]uint64, 0, n*n)
}

// tables are the program's scratch: per subset, the counts reachable (f,
// g) and co-reachable (x), and the subsets f and g reach in a run. Lines
// run one at a time in a space, and a run leaves the tables zeroed, so
// the lines of a size share them through a pool instead of each holding
// its own (2^15 words a table at n = 16: 20 MB for a 16×16 board's 64
// lines).
type tables struct {
	f, g, x []uint16
	rf, rg  reached
}

// tablePools holds, per line size, tables not in use.
var tablePools [MaxLine + 1]sync.Pool

// borrow takes tables for a run of the program; giveBack zeroes what the
// run set and returns them.
func (p *lineProp) borrow() {
	if t, ok := tablePools[p.n].Get().(*tables); ok {
		p.tables = t
		return
	}
	size := 1 << (p.n - 1)
	w := make([]uint16, 5*size)
	t := &tables{f: w[:size:size], g: w[size : 2*size : 2*size], x: w[2*size : 3*size : 3*size]}
	t.rf.sets, t.rg.sets = w[3*size:3*size:4*size], w[4*size:4*size]
	p.tables = t
}

func (p *lineProp) giveBack() {
	p.rf.forget(p.f)
	p.rg.forget(p.g)
	tablePools[p.n].Put(p.tables)
	p.tables = nil
}

// window returns, per tallest height t in 0..n-1, the counts of maxima a
// side can hold and still reach the clue c - 1 (all of them when c == 0).
func window(n, c int) (w [MaxLine]uint16) {
	for t := range n {
		w[t] = ^uint16(0)
		if c > 0 {
			lo := max(0, c-1-(n-1-t))
			w[t] = (uint16(1)<<c - 1) &^ (uint16(1)<<lo - 1)
		}
	}
	return w
}

// Propagate keeps exactly the heights some permutation meeting both clues
// uses; it is idempotent. It runs the program only when the witnesses,
// repaired and lent, do not cover the domains (see lineProp).
func (p *lineProp) Propagate(s *csp.Space) csp.Status {
	if p.dom == nil {
		p.alloc()
	}
	if p.root == nil {
		if !p.start() {
			return csp.Failed
		}
		// A first run that the root's result narrows stops there (see
		// lineProp).
		narrows := false
		for i, x := range p.line {
			p.keep[i] = uint64(p.root.keep[i]) << 1
			w := s.Words(x)
			narrows = narrows || len(w) != 1 || w[0]&^p.keep[i] != 0
		}
		if narrows {
			if narrow(s, p.line, p.keep) == csp.Failed {
				return csp.Failed
			}
			return csp.NotFixpoint
		}
	}
	n := p.n
	// clean: nothing outside 1..n, nor outside what full domains support
	// (which the domains lose even when the witnesses cover the rest).
	clean, assigned := true, true
	for i, x := range p.line {
		w := s.Words(x)
		var d uint64
		if len(w) > 0 {
			d = w[0]
		}
		p.dom[i] = uint16(d>>1) & (1<<n - 1) & p.root.keep[i]
		clean = clean && len(w) == 1 && uint64(p.dom[i])<<1 == d
		if p.dom[i] == 0 {
			return csp.Failed
		}
		assigned = assigned && p.dom[i]&(p.dom[i]-1) == 0
	}
	if p.n < witnessMin {
		if !p.filter() {
			return csp.Failed
		}
		return narrow(s, p.line, p.keep)
	}
	if p.covered() {
		if !clean {
			for i, d := range p.dom {
				p.keep[i] = uint64(d) << 1
			}
			return narrow(s, p.line, p.keep)
		}
		if assigned {
			return csp.Entailed
		}
		return csp.Fixpoint
	}
	if !p.filter() {
		return csp.Failed
	}
	return narrow(s, p.line, p.keep)
}

// witnessMin is the smallest line that keeps witnesses: a shorter line
// runs the program every time, which costs less there than checking,
// repairing and lending the witnesses first. On Tatham's puzzles of 7 to
// 9 cells the program alone took 6-30% less time per puzzle, easy and
// unreasonable alike; on 4 to 6 cells the two were within the noise of
// the measurement (docs/BENCHMARKS.md, section "Issue 19: small
// instances"). The witnesses are what keeps a search node affordable on
// the large boards. (A
// variable only so that the tests can run the witnesses on short lines.)
var witnessMin = 10

// rootResult is what a run on full domains (every height possible in
// every cell) finds for a line of n cells and clues front and back: the
// heights kept per cell (bit h-1) and the witnesses found.
type rootResult struct {
	keep [MaxLine]uint16
	wit  []uint64
}

// rootResults memoizes rootResult by size and clues for every model in the
// process, since what full domains cannot support no smaller domain
// supports, and the witnesses found there are witnesses anywhere they fit.
// Sizes up to rootTableMax come from the table built into the program
// (roots.go); larger ones, 10..MaxLine, are computed on first use and
// kept here: at most 11²+...+17² = 1,400 entries of at most n² witnesses.
var rootResults sync.Map // rootKey -> *rootResult

type rootKey struct{ n, front, back uint16 }

// rootResult returns the entry of p's size and clues: from the built-in
// table, or else computed (with p's tables, which must hold no witness
// yet) on first use.
func (p *lineProp) rootResult() *rootResult {
	if p.n <= rootTableMax {
		return rootTable(p.n, p.front, p.back)
	}
	key := rootKey{uint16(p.n), p.front, p.back}
	if r, ok := rootResults.Load(key); ok {
		return r.(*rootResult)
	}
	got, _ := rootResults.LoadOrStore(key, p.computeRoot())
	return got.(*rootResult)
}

// computeRoot runs the program on full domains with p's tables, which
// must hold no witness yet, and leaves them so.
func (p *lineProp) computeRoot() *rootResult {
	for i := range p.dom {
		p.dom[i] = uint16(1)<<p.n - 1
	}
	clear(p.cover)
	r := &rootResult{}
	if p.filter() {
		for i, k := range p.keep {
			r.keep[i] = uint16(k >> 1)
		}
		r.wit = slices.Clone(p.wit)
	}
	p.wit = p.wit[:0]
	return r
}

// cellOf returns the cell that a side's set of size heights fills next.
func (p *lineProp) cellOf(size int, fromBack bool) int {
	if fromBack {
		return p.n - 1 - size
	}
	return size
}

// reach fills counts (f, or g with fromBack) for the subsets reachable
// from the empty one, subset S filling cells cell(|S|) onwards from its
// side, and lists them in r. Counts outside win are dropped, and a subset
// left with none is not reached; subsets of size limit are not extended.
// counts must be zero on entry (forget clears what a run set).
func (p *lineProp) reach(counts []uint16, win *[MaxLine]uint16, limit int, fromBack bool, r *reached) {
	full := p.full
	counts[0] = 1
	list := append(r.sets[:0], 0)
	r.start[0] = 0
	for size := range limit {
		r.start[size+1] = len(list)
		cand := p.dom[p.cellOf(size, fromBack)] & full
		for _, S := range list[r.start[size]:r.start[size+1]] {
			here := counts[S]
			c := cand &^ S
			below := uint16(1)<<bits.Len16(S) - 1 // heights under the tallest in S
			for h := c & below; h != 0; h &= h - 1 {
				T := S | h&-h
				if counts[T] == 0 {
					list = append(list, T)
				}
				counts[T] |= here // hidden: the counts stay in the window
			}
			up := here << 1
			for h := c &^ below; h != 0; h &= h - 1 {
				b := bits.TrailingZeros16(h)
				if v := up & win[b+1]; v != 0 {
					T := S | 1<<b
					if counts[T] == 0 {
						list = append(list, T)
					}
					counts[T] |= v
				}
			}
		}
	}
	r.start[limit+1] = len(list)
	r.sets = list
}

// reached lists the subsets a pass of reach reached, by size:
// sets[start[k]:start[k+1]] have k heights.
type reached struct {
	sets  []uint16
	start [MaxLine + 2]int
}

// forget zeroes the counts of the subsets r lists.
func (r *reached) forget(counts []uint16) {
	for _, S := range r.sets {
		counts[S] = 0
	}
}

// coreach walks the subsets one side reached (with its counts, listed in
// r) backwards, computes into p.x the counts from which a valid split is
// reachable, marks the supported heights, and finds witnesses for those
// cover lacks. other are the counts of the other side; want and otherWant
// the clues of this side and of the other.
func (p *lineProp) coreach(counts, other []uint16, want, otherWant uint16, limit int, fromBack bool, r *reached) {
	n, full, tall := p.n, p.full, uint16(1)<<(p.n-1)
	x := p.x
	clear(x) // an unreached subset is co-reachable from nothing
	for size := limit; size >= 0; size-- {
		cell := p.cellOf(size, fromBack)
		d := p.dom[cell]
		cand := d & full
		split := d&tall != 0
		for _, S := range r.sets[r.start[size]:r.start[size+1]] {
			here := counts[S]
			need, keep := uint16(0), uint64(0)
			if split && other[full&^S]&otherWant != 0 {
				need = want
				if here&want != 0 {
					keep |= 1 << n
				}
			}
			c := cand &^ S
			below := uint16(1)<<bits.Len16(S) - 1
			for h := c & below; h != 0; h &= h - 1 {
				b := bits.TrailingZeros16(h)
				nx := x[S|1<<b]
				need |= nx
				if here&nx != 0 {
					keep |= 2 << b
				}
			}
			for h := c &^ below; h != 0; h &= h - 1 {
				b := bits.TrailingZeros16(h)
				nx := x[S|1<<b] >> 1 // b is seen
				need |= nx
				if here&nx != 0 {
					keep |= 2 << b
				}
			}
			x[S] = need
			p.keep[cell] |= keep
			if miss := uint16(keep>>1) &^ p.cover[cell]; miss != 0 {
				p.witness(counts, other, want, otherWant, fromBack, S, cell, miss)
			}
		}
	}
}

// filter runs both programs and both backward passes, finding witnesses
// for the kept heights that cover lacks; it reports whether some
// permutation meets both clues.
func (p *lineProp) filter() bool {
	first, last := -1, -1 // the cells that can hold n
	for i, d := range p.dom {
		if d&(1<<(p.n-1)) != 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return false
	}
	p.borrow()
	defer p.giveBack()
	p.reach(p.f, &p.winF, last, false, &p.rf)
	p.reach(p.g, &p.winG, p.n-1-first, true, &p.rg)
	clear(p.keep)
	p.coreach(p.f, p.g, p.front, p.back, last, false, &p.rf)
	p.coreach(p.g, p.f, p.back, p.front, p.n-1-first, true, &p.rg)
	return p.keep[0] != 0
}

func (p *lineProp) Name() string           { return "visibility/line" }
func (p *lineProp) Priority() csp.Priority { return csp.Expensive }
func (p *lineProp) Clone() csp.Propagator {
	c := *p
	c.dom, c.keep, c.cover, c.tables, c.wit, c.root, c.why = nil, nil, nil, nil, nil, nil, nil
	return &c
}

// Reset forgets the instance: the next run reads the clues again and
// starts from the run on full domains, in the buffers it has.
func (p *lineProp) Reset() {
	p.root = nil
	p.wit = p.wit[:0]
}
