// Package channel links two views of one problem.
//
//	channel.Inverse(m, xs, ys, 1) // xs[i] = j+1  <=>  ys[j] = i+1
//
// Inverse is the classic channelling constraint between a permutation and
// its inverse (a Latin square's cells and, per row, the column of each
// symbol). With both views in one model, a search heuristic can branch on
// whichever view has the smallest domain (Dotú, del Val and Cebrián,
// "Redundant modeling for the quasigroup completion problem", CP 2003).
package channel

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// ErrInverse is wrapped by the errors of Inverse: lists of different
// lengths, values beyond domains.MaxValue, or a variable not in the model.
var ErrInverse = errors.New("channel: invalid inverse")

// Inverse constrains xs and ys (of equal length n) to be inverse
// permutations: xs[i] = j+base exactly when ys[j] = i+base, for i, j in
// 0..n-1. Values outside base..base+n-1 are removed, and value j+base
// stays in xs[i] exactly when i+base stays in ys[j]. That alone does not see
// that xs must be all different; post alldiff.GAC on xs as well, and the
// pair is domain consistent for the conjunction. A run looks, for each
// variable changed since the last run, at the values it lost since it was
// last looked at in the current node or one above (a stack of the words
// seen, per variable, along the current path of the search, Space.Mark
// naming the nodes): a run after a small change costs little more than the
// change, also right after a backtrack.
//
// A variable may be listed more than once (in xs, ys or both); the
// constraint then also asks the positions it holds to agree. Inverse
// returns an error wrapping ErrInverse, and posts nothing, when xs and ys
// differ in length, base is negative, base+len(xs)-1 exceeds
// domains.MaxValue, or a variable is not in m.
func Inverse(m *csp.Model, xs, ys []csp.Var, base int) error {
	if len(xs) != len(ys) {
		return fmt.Errorf("%w: %d and %d variables", ErrInverse, len(xs), len(ys))
	}
	if base < 0 || base > domains.MaxValue-max(len(xs)-1, 0) {
		return fmt.Errorf("%w: values %d..%d outside 0..%d", ErrInverse, base, base+len(xs)-1, domains.MaxValue)
	}
	for _, list := range [2][]csp.Var{xs, ys} {
		if err := m.CheckWords(list...); err != nil {
			return fmt.Errorf("%w: %w", ErrInverse, err)
		}
	}
	p := newInverse(xs, ys, base)
	p.all()
	m.Post(p, domains.EventDomain, p.vars...)
	return nil
}

// newInverse makes the propagator of Inverse for checked arguments.
func newInverse(xs, ys []csp.Var, base int) *inverse {
	n := len(xs)
	width := domains.WordsFor(base + n - 1)
	p := &inverse{
		vars: append(append([]csp.Var(nil), xs...), ys...), n: n, base: base,
		keep:  make([]uint64, width),
		dirty: make([]uint64, domains.WordsFor(2*n)),
		marks: make([][]csp.Mark, 2*n),
		seen:  make([][]uint64, 2*n),
	}
	for i := base; i < base+n; i++ {
		p.keep[i/64] |= 1 << (i % 64)
	}
	if hasRepeats(p.vars) {
		for pos, x := range p.vars {
			if k := slices.Index(p.vars, x); k != pos {
				if p.repeats == nil {
					p.repeats = map[csp.Var][]int{}
				}
				if len(p.repeats[x]) == 0 {
					p.repeats[x] = append(p.repeats[x], k)
				}
				p.repeats[x] = append(p.repeats[x], pos)
			}
		}
	}
	return p
}

// hasRepeats reports whether a variable is listed twice in vars, in
// n log n (the look for the positions of each, quadratic, is left to the
// rare lists that have one: a Latin square of order 200 posts 400 lists
// of 400 variables).
func hasRepeats(vars []csp.Var) bool {
	sorted := slices.Clone(vars)
	slices.Sort(sorted)
	for i := 1; i < len(sorted); i++ {
		if sorted[i] == sorted[i-1] {
			return true
		}
	}
	return false
}

// inverse keeps, as advisor state, the set of variables changed since its
// last run (positions 0..n-1 are xs, n..2n-1 ys). A stale mark only costs a
// look at a variable that is already consistent.
type inverse struct {
	vars  []csp.Var // xs then ys
	n     int
	base  int
	keep  []uint64 // base .. base+n-1
	dirty []uint64 // positions in vars changed since the last run
	// repeats maps each variable listed more than once to its positions
	// (nil when none is: the common case costs nothing).
	repeats map[csp.Var][]int
	// marks and seen hold, per position, a stack of the nodes where it was
	// looked at (each the parent of the next, the last the deepest) and the
	// domain words it had then, len(keep) per node: every value missing
	// from them was dealt with (its partner lost this position's value).
	// In a node's subtree domains only narrow, so those values need no
	// second look while the space Holds the mark. Marks it no longer holds
	// are dropped from the top; with none left, every value outside the
	// domain is looked at.
	marks [][]csp.Mark
	seen  [][]uint64
}

func (p *inverse) all() {
	for i := range 2 * p.n {
		p.dirty[i/64] |= 1 << (i % 64)
	}
}

// Advise marks the variable at position i for the next run.
func (p *inverse) Advise(i int, _ domains.Event) bool {
	p.dirty[i/64] |= 1 << (i % 64)
	return true
}

// Propagate looks at each changed variable: for xs[i], every j+base it lost
// must leave i+base out of ys[j]; the same the other way.
func (p *inverse) Propagate(s *csp.Space) csp.Status {
	width := len(p.keep)
	here := s.Mark()
	ow := s.OneWord() // every domain one word: read and narrow by masks
	for {
		pos := p.nextDirty()
		if pos < 0 {
			return csp.Fixpoint
		}
		x := p.vars[pos]
		ms, sw := p.marks[pos], p.seen[pos]
		for len(ms) > 0 && !s.Holds(ms[len(ms)-1]) {
			ms = ms[:len(ms)-1]
		}
		old := p.keep
		if len(ms) == 0 {
			// Not looked at on the way to this node: every value outside
			// x is new. (Once looked at, x lies within keep.)
			if n := s.Size(x); !s.IntersectWords(x, p.keep) {
				return csp.Failed
			} else if s.Size(x) != n {
				p.touched(x)
			}
		} else {
			old = sw[(len(ms)-1)*width : len(ms)*width]
		}
		if len(ms) == 0 || ms[len(ms)-1] != here {
			ms = append(ms, here)
			sw = append(sw[:(len(ms)-1)*width], old...)
		} else {
			sw = sw[:len(ms)*width]
		}
		p.marks[pos], p.seen[pos] = ms, sw
		seen := sw[(len(ms)-1)*width:]
		self, other := pos, 0 // index within its side, start of the other side
		if pos >= p.n {
			self -= p.n
		} else {
			other = p.n
		}
		w := s.Words(x)
		v := self + p.base
		vw, vb := v/64, uint64(1)<<(v%64)
		if ow != nil && width == 1 {
			cur := ow[x]
			lost := seen[0] &^ cur
			seen[0] = cur
			for ; lost != 0; lost &= lost - 1 {
				y := p.vars[other+bits.TrailingZeros64(lost)-p.base]
				if ow[y]&vb != 0 {
					if !s.RemoveMask(y, vb) {
						p.marks[pos] = ms[:len(ms)-1] // seen is ahead of what was done
						return csp.Failed
					}
					p.touched(y)
				}
			}
			continue
		}
		for k, old := range seen {
			cur := uint64(0)
			if k < len(w) {
				cur = w[k]
			}
			seen[k] = cur
			for lost := old &^ cur; lost != 0; lost &= lost - 1 {
				y := p.vars[other+k*64+bits.TrailingZeros64(lost)-p.base]
				if yw := s.Words(y); vw < len(yw) && yw[vw]&vb != 0 {
					if !s.Remove(y, v) {
						p.marks[pos] = ms[:len(ms)-1] // seen is ahead of what was done
						return csp.Failed
					}
					p.touched(y)
				}
			}
		}
	}
}

// nextDirty takes the lowest marked position, or returns -1.
func (p *inverse) nextDirty() int {
	for k, d := range p.dirty {
		if d != 0 {
			p.dirty[k] = d & (d - 1)
			return k*64 + bits.TrailingZeros64(d)
		}
	}
	return -1
}

// touched marks every position of a variable that appears more than once,
// after the propagator itself changed it: its own changes are not advised,
// and the other positions must see them.
func (p *inverse) touched(x csp.Var) {
	if p.repeats == nil {
		return
	}
	for _, pos := range p.repeats[x] {
		p.dirty[pos/64] |= 1 << (pos % 64)
	}
}

func (p *inverse) Name() string           { return "channel/inverse" }
func (p *inverse) Priority() csp.Priority { return csp.Linear }

// Reset forgets an earlier instance in place (csp.Resetter), keeping the
// stacks' memory: every position is looked at afresh by the next run.
func (p *inverse) Reset() {
	for i := range p.marks {
		p.marks[i], p.seen[i] = p.marks[i][:0], p.seen[i][:0]
	}
	p.all()
}

func (p *inverse) Clone() csp.Propagator {
	c := *p
	c.dirty = make([]uint64, len(p.dirty))
	c.marks = make([][]csp.Mark, len(p.marks))
	c.seen = make([][]uint64, len(p.seen))
	c.all()
	return &c
}

// Aliases names the literals the constraint makes one (csp.Aliaser):
// [xs[i] = j+base] and [ys[j] = i+base], for every i and j.
func (p *inverse) Aliases(yield func(x csp.Var, v int, y csp.Var, w int)) {
	for i := range p.n {
		for j := range p.n {
			yield(p.vars[i], j+p.base, p.vars[p.n+j], i+p.base)
		}
	}
}
