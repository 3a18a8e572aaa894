package csp

import (
	"context"
	"iter"
	"slices"
	"time"
)

// Order is the order a search visits its tree in.
type Order uint8

// Search orders.
const (
	// DepthFirst goes down one branch to a solution or a failure before
	// it tries the next (Search): memory in the depth of the tree.
	DepthFirst Order = iota
	// BreadthFirst visits the tree level by level (BFS): every node d
	// decisions below the root before any node d+1 below it. Memory grows
	// with the width of a level, so it is for small trees: teaching, and
	// comparing with depth-first search.
	BreadthFirst
)

// DefaultFrontierBytes bounds the saved domains of a breadth-first
// search's open nodes when Options.MaxFrontier is 0: the cap on open
// nodes is this (or half of Options.MaxMemory, when that is less) divided
// by the size of one node's domain words.
const DefaultFrontierBytes = 256 << 20

// BFS is a breadth-first search engine over one Space. It branches as
// Search does (the same variable and value choice, the same propagation:
// it uses a Search's own selection), but expands the tree level by level.
// An open node is saved as a copy of its domain words (a snapshot of the
// space at its fixpoint), the frontier of the level being expanded and
// of the next one; expanding a node brings the space from the root to it
// through the filtering methods, so that every propagator hears of every
// change as it would below a branch, propagates, then makes both
// children (x = v and x != v, or x <= v and x > v). Children that fail
// are counted and dropped, solutions are reported as they are made (in
// level order), the others are saved for the next level.
//
// The frontier is capped (Options.MaxFrontier): a search that would hold
// more open nodes stops with FrontierLimit, and depth-first search is
// then the way to go. Restarts, nogoods, parallel and portfolio search
// do not apply and are ignored. Like Search, a Run that stopped at a
// solution or a limit is continued by the next one, except after
// FrontierLimit, which ends the search for good.
type BFS struct {
	e         *Search // the branching, the space and the counters
	limit     int64   // the most open nodes the frontier may hold
	nodeBytes int64   // the size of one saved node
	// The frontier: the open nodes of the current level (cur[pos:]) and
	// of the next; free keeps spent snapshots for reuse.
	cur, next, free [][]uint64
	pos             int
	depth           int   // the level of cur's nodes
	choice          frame // the choice at the node being expanded
	side            int   // the next child of that node: 0 left, 1 right, 2 none (no node open)
	widths          []int64
	peak            int64
	// Where the last Run left off.
	started, atSolution, exhausted, full bool
}

// NewBFS prepares a breadth-first search of m under opts (Var, Val, Seed,
// RandomTies, LastConflict, Decisions, SaveMode, the limits and
// MaxFrontier; see BFS for what it ignores).
func NewBFS(m *Model, opts Options) *BFS {
	opts.Restarts, opts.Nogoods, opts.Learn = NoRestarts, false, LearnNone
	e := NewSearch(m, opts)
	b := &BFS{e: e, side: 2, widths: make([]int64, 0, 16)}
	b.nodeBytes = int64(max(8*len(e.space.words), 8))
	b.limit = opts.MaxFrontier
	if b.limit <= 0 {
		bytes := int64(DefaultFrontierBytes)
		if opts.MaxMemory > 0 {
			bytes = min(bytes, opts.MaxMemory/2)
		}
		b.limit = max(bytes/b.nodeBytes, 1)
	}
	return b
}

// Space returns the search's space (at the root before Run): narrow it
// before the first Run to search an instance of the model.
func (b *BFS) Space() *Space { return b.e.space }

// Stats returns the statistics so far, the frontier's included.
func (b *BFS) Stats() Stats {
	st := b.e.Stats()
	st.Widths = slices.Clone(b.widths)
	st.PeakFrontier = b.peak
	st.PeakFrontierBytes = b.peak * b.nodeBytes
	return st
}

// Run searches for solutions and calls onSolution (nil for none) with the
// space at each one, in level order (read it, do not keep it). It stops when onSolution
// returns false, after maxSolutions solutions (0: no cap), at a limit of
// the options, when the frontier would outgrow its cap (FrontierLimit), or
// when ctx is done. Statistics count each child made as a node, each
// child whose propagation fails as a failure, and PeakDepth is the
// deepest level reached.
func (b *BFS) Run(ctx context.Context, maxSolutions int64, onSolution func(*Space) bool) Result {
	if onSolution == nil {
		onSolution = anySolution
	}
	e := b.e
	sp := e.space
	start := time.Now()
	defer func() { e.stats.SolveTime += time.Since(start) }()
	var deadline time.Time
	if e.opts.TimeLimit > 0 {
		deadline = start.Add(e.opts.TimeLimit)
	}
	done := ctx.Done()
	res := Result{}
	finish := func() Result {
		res.Stats = b.Stats()
		res.Stats.SolveTime = e.stats.SolveTime + time.Since(start)
		return res
	}
	found := int64(0)
	// stopAt reports a solution and whether the search stops at it.
	stopAt := func() bool {
		found++
		e.stats.Solutions++
		res.Solutions = found
		if res.Solution == nil {
			res.Solution = sp.Values(nil)
		}
		if !onSolution(sp) {
			b.atSolution = true
			return true
		}
		if maxSolutions > 0 && found >= maxSolutions {
			b.atSolution = true
			res.Stopped = SolutionLimit
			return true
		}
		return false
	}

	if b.atSolution {
		b.atSolution = false
		b.leave()
	}
	if b.full {
		res.Stopped = FrontierLimit
		return finish()
	}
	if !b.started {
		// The root's propagation looks at ctx (only the root's: a node
		// kept in the frontier must be at fixpoint); cut short, it is
		// made again by the next Run.
		sp.done = done
		ok := sp.Propagate()
		sp.done = nil
		if sp.cut {
			res.Stopped = StopOf(ctx)
			return finish()
		}
		b.started = true
		switch {
		case !ok:
			e.stats.Failures++
			b.exhausted = true
		case b.solved():
			b.exhausted = true // nothing below
			if stopAt() {
				return finish()
			}
		default:
			b.keep(0)
		}
	}
	for tick := 0; ; tick++ {
		if b.side == 2 {
			// No node open: expand the next one, on the next level
			// when this one is done.
			if b.exhausted {
				res.Complete = true
				return finish()
			}
			if b.pos == len(b.cur) {
				if len(b.next) == 0 {
					b.exhausted = true
					continue
				}
				b.cur, b.next = b.next, b.cur[:0]
				b.pos = 0
				b.depth++
			}
			snap := b.cur[b.pos]
			b.cur[b.pos] = nil
			b.pos++
			ok := b.restore(snap)
			b.free = append(b.free, snap)
			if !ok {
				// Propagation from the root failed where it had reached
				// a fixpoint: only a propagator that is not monotone
				// does that; the node is a failure all the same.
				e.stats.Failures++
				sp.Pop()
				continue
			}
			x := e.selectVar()
			if x < 0 {
				// Propagating again assigned every decision: a
				// solution (again, not with monotone propagators).
				if stopAt() {
					return finish()
				}
				b.leave()
				continue
			}
			b.choice = e.selectValue(x)
			b.side = 0
		}

		// Limits, before each child.
		if res.Stopped = e.limit(ctx, done, deadline, tick); res.Stopped != NotStopped {
			return finish()
		}

		f := b.choice
		left := b.side == 0
		b.side++
		sp.Push()
		e.stats.Nodes++
		e.stats.PeakDepth = max(e.stats.PeakDepth, b.depth+1)
		ok := narrow(sp, f.x, f.v, f.split, f.rev, !left)
		switch {
		case !ok || !sp.Propagate():
			e.stats.Failures++
			if e.opts.LastConflict {
				e.conflict = f.x
			}
		case b.solved():
			if stopAt() {
				return finish()
			}
		case int64(len(b.cur)-b.pos+len(b.next)) >= b.limit:
			b.full = true
			res.Stopped = FrontierLimit
			return finish()
		default:
			b.keep(b.depth + 1)
		}
		b.leave()
	}
}

// solved reports whether every decision variable is assigned.
func (b *BFS) solved() bool {
	sp := b.e.space
	for _, x := range b.e.decisions {
		if sp.doms[x].Size() > 1 {
			return false
		}
	}
	return true
}

// keep saves the space as an open node of level d, in the next level's
// frontier (the current one's for the root).
func (b *BFS) keep(d int) {
	sp := b.e.space
	var snap []uint64
	if n := len(b.free); n > 0 {
		snap, b.free = b.free[n-1], b.free[:n-1]
	} else {
		snap = make([]uint64, len(sp.words))
	}
	copy(snap, sp.words)
	if d == b.depth {
		b.cur = append(b.cur, snap)
	} else {
		b.next = append(b.next, snap)
	}
	for len(b.widths) <= d {
		b.widths = append(b.widths, 0)
	}
	b.widths[d]++
	b.peak = max(b.peak, int64(len(b.cur)-b.pos+len(b.next)))
}

// restore brings the space from the root to the saved node snap, one
// level down: each domain narrowed to its saved words through the
// filtering methods (so watchers and advisors hear of it), then
// propagated. It reports false if that fails.
func (b *BFS) restore(snap []uint64) bool {
	sp := b.e.space
	sp.Push()
	for x := range sp.doms {
		o, w := sp.off[x], sp.width[x]
		if sp.doms[x].IsInterval() { // its words are its bounds
			lo, hi := int(int64(snap[o])), int(int64(snap[o+1]))
			if !sp.RemoveBelow(Var(x), lo) || !sp.RemoveAbove(Var(x), hi) {
				return false
			}
			continue
		}
		if !sp.IntersectWords(Var(x), snap[o:o+w]) {
			return false
		}
	}
	return sp.Propagate()
}

// leave steps back from a child to the node being expanded, and from
// that node to the root once both its children are made.
func (b *BFS) leave() {
	sp := b.e.space
	if sp.Level() > 0 {
		sp.Pop()
	}
	if b.side == 2 && sp.Level() > 0 {
		sp.Pop()
	}
}

// All yields every solution in level order, as values indexed by Var.
// The slice is reused between solutions: copy it to keep it. Stopping the
// loop stops the search; Stats tells what it took (Run, not All, tells
// whether a limit or the frontier's cap cut it short).
func (b *BFS) All(ctx context.Context) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		var buf []int
		b.Run(ctx, 0, func(sp *Space) bool {
			buf = sp.Values(buf)
			return yield(buf)
		})
	}
}
