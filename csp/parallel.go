package csp

import (
	"context"
	"runtime"
	"sync"
	"time"
)

// Parallel configures an embarrassingly parallel search (Régin, Rezgui,
// Malapert, "Embarrassingly Parallel Search", CP 2013): the top of the
// search tree is cut into subproblems, the open nodes at a fixed depth in
// depth-first order, and workers solve them one at a time from a shared
// counter, each with a Search of its own. The zero value uses every
// processor and the default depth.
//
// The answer depends on the model, the Options and Depth, never on Workers
// or on timing: see ParallelCount and ParallelSolve.
type Parallel struct {
	// Workers is the number of goroutines (default: GOMAXPROCS). It
	// changes how fast the answer comes, never the answer.
	Workers int
	// Depth is the level at which the tree is cut: the number of
	// decisions x = v (x <= v with ValSplit) above a subproblem's root,
	// as Search counts its depth; a refutation x != v (x > v) stays at
	// its parent's level, so the subproblems are those of a d-way
	// branching cut at Depth variables. 0 means the shallowest level that
	// gives at least DefaultSubproblems subproblems, or the whole tree
	// when it has fewer open nodes. The default does not follow Workers,
	// so that the answer does not either; with many more than 8 workers,
	// a larger Depth balances the load better (the paper advises about 30
	// subproblems per worker). Every cut stops listing at 1,024 open
	// nodes (four times DefaultSubproblems): the nodes it has not reached
	// then are the last subproblems, one per pending branch (at most Depth
	// more), and hold the rest of the tree, so a larger Depth past that
	// point balances the load worse. The default level is the shallower
	// one when a level passes 1,024.
	Depth int
}

// DefaultSubproblems is how many subproblems the default Depth aims at:
// about 30 per worker for up to 8 workers.
const DefaultSubproblems = 256

// maxCut is how many open nodes the cut lists before it stops (see
// enumerate): a square with no givens has refutations at the root, x !=
// 1, x != 2, ..., each with its subtree one level down, through the whole
// square (thousands of subproblems at level 1, each listing the
// refutations above it: memory and time quadratic in their number). A
// variable, for tests.
var maxCut = 4 * DefaultSubproblems

// ParallelCount counts the solutions of m as Count does, with the search
// spread over p.Workers goroutines, stopping at limit (0: no cap).
//
// The answer is that of the subproblems taken in order: Solutions is the
// sum of their counts, capped at limit (min(total, limit)); Complete is
// true only when every subproblem was explored to the end without
// reaching the cap; Solution is the first solution of the lowest-numbered
// subproblem that has one. None of these depends on Workers or on timing,
// unless ctx or TimeLimit stops the call (see ParallelSolve for how
// subproblems are searched, for limits and for statistics). ParallelSolve
// is ParallelCount with a limit of 1.
//
// A Depth beyond the tree's makes the cut a sequential search that keeps
// every solution's decisions: keep it to the top of the tree.
func ParallelCount(ctx context.Context, m *Model, opts Options, limit int64, p Parallel) Result {
	return parallelRun(ctx, m, opts, p, max(limit, 0))
}

// ParallelSolve returns a solution of m, searching as Solve does with the
// search spread over p.Workers goroutines. The solution is the first one
// found in the lowest-numbered subproblem that has one: workers that
// finish a higher subproblem first keep going until every lower one is
// done, and those working above it are cancelled. So the solution depends
// on the model, the Options and Depth, never on Workers or timing. With a
// static strategy (no dom/wdeg, random choices, last conflict or
// restarts) and propagators whose fixpoint does not depend on the order
// they run in (domain-consistent ones, for instance), it is the solution
// Solve finds: a subproblem's root, narrowed by all its decisions at once,
// propagates to the node the sequential search reaches one decision at a
// time.
//
// Each subproblem is searched afresh: the root narrowed by its decisions,
// dom/wdeg weights and nogoods from zero, restarts as in Options (they
// apply when searching for one solution, as with Search.Run), and the
// random source seeded with Seed + i·0x9e3779b97f4a7c15 for subproblem i
// (subproblem 0 gets Seed itself), so its search depends on its index
// only. The cut itself is a plain depth-first search under Var and Val
// (with ties and random values drawn from Seed), without restarts.
//
// Limits apply to the whole call. TimeLimit is wall time, cut included;
// when it or ctx ends the call first, the result says TimeLimit or
// Canceled and holds what was found (a solution found, or a partial
// count), which depends on timing. NodeLimit and FailLimit are budgets
// charged in subproblem order: the cut spends first (the pass whose cut
// is used: the default Depth may try levels and give them up, one that
// reaches a limit included, so the level it takes can depend on the
// limits), each subproblem's search is capped at what the cut left, and
// the call stops at the first subproblem where the cut's nodes (failures)
// plus those of the subproblems up to it reach the limit. That stopping
// point, and the answer, do not depend on Workers; the work done may
// exceed the limit, by the levels given up and by subproblems that were
// started before the stopping point was known.
// MaxMemory bounds each worker's search on its own (the cut, at most
// Depth levels deep, is not checked); a subproblem whose search passes it
// stops the call there, with MemoryLimit, as a context canceled with
// ErrMemoryLimit does.
//
// Stats add up all the work: the cut (the pass whose cut is used, when
// the default Depth needed several) and every subproblem search,
// abandoned ones included (so Stats.Solutions may exceed Solutions).
// PeakDepth is the deepest level reached, the cut's levels included, as
// Search counts it; SolveTime is wall time. A complete count under a
// static strategy (as above) visits the very tree Count visits: the same
// nodes, failures and peak depth.
func ParallelSolve(ctx context.Context, m *Model, opts Options, p Parallel) Result {
	return parallelRun(ctx, m, opts, p, 1)
}

// decision is one branch of the cut: x = v, x != v, x <= v or x > v.
type decision struct {
	x     Var
	v     int32
	split bool // x <= v or x > v, else x = v or x != v
	rev   bool // with split: the first branch is x > v
	right bool // the second branch: x != v, or x > v (x <= v with rev)
}

// apply narrows s by the decision; false means s failed.
func (d decision) apply(s *Space) bool {
	return narrow(s, d.x, int(d.v), d.split, d.rev, d.right)
}

// cut is the list of subproblems in depth-first order: subproblem i is
// the root narrowed by decs[start[i]:start[i+1]].
type cut struct {
	decs   []decision
	start  []int32
	open   bool  // some subproblem was cut at the level limit or at maxCut (it may go deeper)
	capped bool  // the listing stopped at maxCut: the last subproblems hold the rest of the tree
	stats  Stats // what the enumeration cost
}

func (c *cut) len() int { return len(c.start) - 1 }

func (c *cut) sub(i int) []decision { return c.decs[c.start[i]:c.start[i+1]] }

// level returns the depth of subproblem i as Search counts it: its left
// branches (a refuted decision is taken at its parent's level).
func (c *cut) level(i int) int {
	n := 0
	for _, d := range c.sub(i) {
		if !d.right {
			n++
		}
	}
	return n
}

// cutTree cuts the tree of e at level p.Depth, or at the default level:
// passes at level 1, 2, ... until one gives DefaultSubproblems subproblems
// or no node reaches its limit; a pass that stops at maxCut gives way to
// the level above it, whose subproblems split the tree evenly, if it has
// one (level 1 is kept, capped: nothing is above it), and so does a pass
// that reaches the node or failure limit (a pass given up is not charged
// to the budgets, as the passes above the one kept are not). Every pass
// starts from a reset search, so the cut at level d is the same whichever
// way it was asked for.
func cutTree(ctx context.Context, e *Search, p Parallel, nodeLimit, failLimit int64) (*cut, Stop) {
	if p.Depth > 0 {
		return enumerate(ctx, e, p.Depth, nodeLimit, failLimit)
	}
	var above *cut
	for d := 1; ; d++ {
		c, stop := enumerate(ctx, e, d, nodeLimit, failLimit)
		switch {
		case (stop == NodeLimit || stop == FailLimit || c.capped) && above != nil:
			return above, NotStopped
		case stop != NotStopped:
			return c, stop
		case c.capped || !c.open || c.len() >= DefaultSubproblems:
			return c, NotStopped
		}
		above = c
	}
}

// enumerate lists the open nodes at level depth below the propagated root,
// and the solutions above it, by a depth-first search that takes its
// decisions as Search.Run does (the same variable and value choice, nodes,
// failures and levels counted alike). A level is a decision x = v (or
// x <= v); its refutation x != v (x > v) stays at the parent's level, as
// in Search, so that the last subproblems, reached by refutations only,
// are not the rest of the tree. Failed nodes are dropped. Once maxCut
// subproblems are listed, every node met after that (the refutation then
// pending, and the right branch of each open decision above it: at most
// depth more) is a subproblem, unexplored: the list still covers the tree,
// in the same order, but its last subproblems are then the rest of the
// tree (see cutTree), and the enumeration stops within a few more nodes.
func enumerate(ctx context.Context, e *Search, depth int, nodeLimit, failLimit int64) (*cut, Stop) {
	e.Reset()
	c := &cut{start: []int32{0}}
	s := e.space
	s.done = ctx.Done() // propagation looks at ctx too
	defer func() { s.done = nil }()
	if !s.Propagate() {
		e.stats.Failures++
		c.stats = e.Stats()
		return c, NotStopped
	}
	done := ctx.Done()
	var path []decision
	level := 0 // x = v and x <= v decisions on the path
	stop := NotStopped
	var walk func()
	walk = func() {
		switch {
		case stop != NotStopped:
			return
		case nodeLimit > 0 && e.stats.Nodes >= nodeLimit:
			stop = NodeLimit
			return
		case failLimit > 0 && e.stats.Failures >= failLimit:
			stop = FailLimit
			return
		case done != nil:
			select {
			case <-done:
				stop = StopOf(ctx)
				return
			default:
			}
		}
		x := Var(-1)
		switch {
		case c.len() >= maxCut:
			c.open, c.capped = true, true // the rest of the tree, in the subproblems to come
		case level < depth:
			x = e.selectVar()
		default:
			c.open = true
		}
		if x < 0 {
			c.decs = append(c.decs, path...)
			c.start = append(c.start, int32(len(c.decs)))
			return
		}
		f := e.selectValue(x)
		for _, right := range [2]bool{false, true} {
			d := decision{x: f.x, v: int32(f.v), split: f.split, rev: f.rev, right: right}
			s.Push()
			e.stats.Nodes++
			if !right {
				level++
				e.stats.PeakDepth = max(e.stats.PeakDepth, level)
			}
			if d.apply(s) && s.Propagate() {
				path = append(path, d)
				walk()
				path = path[:len(path)-1]
			} else {
				e.stats.Failures++
				if !right && e.opts.LastConflict {
					e.conflict = x
				}
			}
			s.Pop()
			if !right {
				level--
			}
		}
	}
	walk()
	c.stats = e.Stats()
	return c, stop
}

// Subproblem states.
const (
	pending uint8 = iota
	running
	finished    // searched to the end of its tree or to one of its caps
	interrupted // stopped by a context: ours (not needed) or the caller's
)

// pool hands out subproblems and decides, from the finished ones, where
// the call stops.
type pool struct {
	cut                  *cut
	limit                int64 // solution cap (0: none; 1 for ParallelSolve)
	nodeLimit, failLimit int64 // what the cut left of the budgets (0: none)

	mu      sync.Mutex
	next    int // the next subproblem to hand out
	bound   int // subproblems above it are not needed
	state   []uint8
	results []Result
	cancels []context.CancelFunc // of the running subproblems
	stats   Stats                // all the work
}

// stopAt returns the first subproblem at which the call surely stops, and
// why, judging by the finished subproblems (len, NotStopped if none). The
// counts of those finished up to k are a lower bound of the counts of all
// subproblems up to k, so when they reach a limit the call stops at k or
// before; once every subproblem up to the answer is finished, it is exact.
// As more subproblems finish, the answer can only move down.
func (p *pool) stopAt() (int, Stop) {
	var sols, nodes, fails int64
	for j, r := range p.results {
		if p.state[j] != finished {
			continue
		}
		sols += r.Solutions
		nodes += r.Stats.Nodes
		fails += r.Stats.Failures
		switch {
		case p.limit > 0 && sols >= p.limit:
			return j, SolutionLimit
		case r.Stopped == MemoryLimit:
			return j, MemoryLimit // the subproblem is unfinished: so is the call
		case p.nodeLimit > 0 && nodes >= p.nodeLimit:
			return j, NodeLimit
		case p.failLimit > 0 && fails >= p.failLimit:
			return j, FailLimit
		}
	}
	return len(p.results), NotStopped
}

// work solves subproblems with e until none is left that is needed, or
// ctx is done.
func (p *pool) work(ctx context.Context, e *Search, seed uint64, maxSolutions int64) {
	keepGoing := func(*Space) bool { return true }
	for {
		p.mu.Lock()
		i := p.next
		if i > p.bound || ctx.Err() != nil {
			p.mu.Unlock()
			return
		}
		p.next++
		sub, cancel := context.WithCancel(ctx)
		p.state[i], p.cancels[i] = running, cancel
		p.mu.Unlock()

		e.opts.Seed = seed + uint64(i)*0x9e3779b97f4a7c15
		e.Reset()
		for _, d := range p.cut.sub(i) {
			if !d.apply(e.space) {
				break // Run finds the space failed
			}
		}
		r := e.Run(sub, maxSolutions, keepGoing)
		cancel()

		p.mu.Lock()
		p.cancels[i] = nil
		p.results[i] = r
		p.stats.add(r.Stats, p.cut.level(i))
		if r.Stopped == Canceled {
			p.state[i] = interrupted
		} else {
			p.state[i] = finished
			if k, _ := p.stopAt(); k < p.bound {
				p.bound = k
				for j := k + 1; j < p.next; j++ {
					if p.cancels[j] != nil {
						p.cancels[j]()
					}
				}
			}
		}
		p.mu.Unlock()
	}
}

// parallelRun is ParallelCount and ParallelSolve: it counts up to
// maxSolutions (0: no cap; 1 to solve).
func parallelRun(ctx context.Context, m *Model, opts Options, par Parallel, maxSolutions int64) Result {
	start := time.Now()
	if opts.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, opts.TimeLimit, ErrTimeLimit)
		defer cancel()
	}
	ctxStop := func() Stop {
		if st := StopOf(ctx); st != NotStopped {
			return st
		}
		return Canceled
	}
	nodeLimit, failLimit := opts.NodeLimit, opts.FailLimit
	opts.TimeLimit, opts.NodeLimit, opts.FailLimit = 0, 0, 0

	e := NewSearch(m, opts)
	c, stop := cutTree(ctx, e, par, nodeLimit, failLimit)
	res := Result{Stats: c.stats}
	finish := func() Result {
		res.Stats.SolveTime = time.Since(start)
		return res
	}
	if stop == Canceled {
		stop = ctxStop()
	}
	n := c.len()
	p := &pool{cut: c, limit: maxSolutions, bound: n - 1,
		state: make([]uint8, n), results: make([]Result, n), cancels: make([]context.CancelFunc, n)}
	// The subproblems get what the cut left of the budgets; a budget the
	// cut spent stops the call here.
	if nodeLimit > 0 {
		if p.nodeLimit = nodeLimit - c.stats.Nodes; p.nodeLimit <= 0 && stop == NotStopped && n > 0 {
			stop = NodeLimit
		}
	}
	if failLimit > 0 {
		if p.failLimit = failLimit - c.stats.Failures; p.failLimit <= 0 && stop == NotStopped && n > 0 {
			stop = FailLimit
		}
	}
	if stop != NotStopped {
		res.Stopped = stop
		return finish()
	}
	if n == 0 { // the root failed, or every branch of the cut did
		res.Complete = true
		return finish()
	}

	workers := par.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	e.opts.NodeLimit, e.opts.FailLimit = p.nodeLimit, p.failLimit
	opts.NodeLimit, opts.FailLimit = p.nodeLimit, p.failLimit
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			s := e
			if w > 0 {
				s = NewSearch(m, opts)
			}
			p.work(ctx, s, opts.Seed, maxSolutions)
		})
	}
	wg.Wait()

	res.Stats.add(p.stats, 0)
	k, why := p.stopAt()
	last := min(k, n-1)
	settled := true
	for j := range last + 1 {
		settled = settled && p.state[j] == finished
	}
	if !settled {
		// ctx ended the call before the answer was known: report what
		// was found anywhere.
		last = n - 1
		why = ctxStop()
	}
	for j := range last + 1 {
		r := &p.results[j]
		res.Solutions += r.Solutions
		if res.Solution == nil {
			res.Solution = r.Solution
		}
	}
	if maxSolutions > 0 {
		res.Solutions = min(res.Solutions, maxSolutions)
	}
	res.Stopped = why
	res.Complete = why == NotStopped
	return finish()
}

// add adds o, the statistics of a search depth levels below the root,
// to st: counters summed, PeakDepth the deepest, LocalClashes the fewest
// of those that ran a local search, per-kind counters summed
// kind by kind (all spaces of one model list the same kinds).
func (st *Stats) add(o Stats, depth int) {
	st.Nodes += o.Nodes
	st.Failures += o.Failures
	st.Propagations += o.Propagations
	st.Restarts += o.Restarts
	st.Solutions += o.Solutions
	st.Trailed += o.Trailed
	st.Clauses = st.Clauses || o.Clauses
	st.Conflicts += o.Conflicts
	st.LearnedClauses += o.LearnedClauses
	st.LearnedLiterals += o.LearnedLiterals
	st.Backjumps += o.Backjumps
	st.DeletedClauses += o.DeletedClauses
	st.ImportedClauses += o.ImportedClauses
	if o.LocalMoves > 0 && (st.LocalMoves == 0 || o.LocalClashes < st.LocalClashes) {
		st.LocalClashes = o.LocalClashes // the nearest of the local searches
	}
	st.LocalMoves += o.LocalMoves
	st.LocalSolved = st.LocalSolved || o.LocalSolved
	if st.LearnOff == "" {
		st.LearnOff = o.LearnOff
	}
	st.PeakDepth = max(st.PeakDepth, o.PeakDepth+depth)
	if st.Propagators == nil {
		st.Propagators = append([]KindStats(nil), o.Propagators...)
		return
	}
	for i := range min(len(st.Propagators), len(o.Propagators)) {
		k, ok := &st.Propagators[i], o.Propagators[i]
		k.Runs += ok.Runs
		k.Removed += ok.Removed
		k.Failures += ok.Failures
	}
}
