package csp

import (
	"context"
	"sync"
)

// RunPortfolio searches m with opts and each of opts.Portfolio at once,
// one goroutine and space each over the shared model, for the first
// solutions up to limit (1 for Solve, the cap for Count, 0 for all).
// Different heuristics suit different instances, so on k cores a
// portfolio of k takes about the time of its best member on each instance
// (Gomes and Selman, "Algorithm portfolios", AIJ 2001).
//
// A member answers when it finds limit solutions or explores its whole
// tree. The winner is the member that answers in the fewest search nodes,
// the lowest-numbered one on a tie: a rule on work done, not on time, as
// ParallelSolve's, so that the same portfolio on the same model gives the
// same answer, winner and statistics every time, however the goroutines
// are scheduled. To that end the members search in slices of
// portfolioSlice nodes (Search.Run resumes where its node limit stopped
// it, on the very path it would have taken), and a member stops as soon
// as its node count shows it cannot win: every member has either
// answered, or been beaten, or been stopped by its own limits. The cost
// of the rule: a member that answers first in time waits until the
// members with fewer nodes behind them reach its count, so the portfolio
// takes the time the slowest member needs to do as many nodes as the
// winner (about the winner's time when the members' nodes cost alike).
//
// The result is the winner's, with Result.Member naming it (0 for opts,
// i for opts.Portfolio[i-1]); when none answers (each stopped by the
// limits of its own Options, or ctx canceled), it is opts's own. Node and
// failure limits are each member's own and keep the answer
// deterministic; a TimeLimit (each member's own) or ctx that stops a
// member which could still have won makes it depend on timing, as any
// time limit does. The members' Workers and Portfolio fields are ignored.
//
// Solving (limit 1, not optimising), the members that learn clauses
// (Learn LearnClauses) give each other their short learned clauses at
// points fixed by their node counts, and take them in at their next
// restart, member 0 excepted, which gives its clauses and takes none (see
// exchange); the answer stays as deterministic as without.
func RunPortfolio(ctx context.Context, m *Model, opts Options, limit int64) Result {
	members := append([]Options{opts}, opts.Portfolio...)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	b := &board{member: -1}
	if limit == 1 && opts.bound == nil {
		b.x = newExchange(m, members)
	}
	results := make([]Result, len(members))
	var wg sync.WaitGroup
	for i, o := range members {
		o.Workers, o.Portfolio = 0, nil
		wg.Go(func() { results[i] = b.run(ctx, m, o, limit, i) })
	}
	wg.Wait()
	won := max(b.member, 0)
	res := results[won]
	res.Member = won
	return res
}

// portfolioSlice is how many nodes a portfolio member searches between
// two looks at the board: small enough that a beaten member stops soon,
// large enough that the look costs nothing beside the nodes.
const portfolioSlice = 256

// board is what the members of a portfolio share: the best answer so far,
// as its key (nodes, member).
type board struct {
	mu     sync.Mutex
	member int // -1: no answer yet
	nodes  int64
	x      *exchange // the members' learned clauses, nil when they share none
}

// offer records member i's answer after nodes nodes, if it beats the best.
func (b *board) offer(i int, nodes int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.member < 0 || nodes < b.nodes || nodes == b.nodes && i < b.member {
		b.member, b.nodes = i, nodes
	}
}

// last returns the most nodes after which member i can still win (-1:
// it is beaten whatever it does next); ok is false when no one has
// answered yet.
func (b *board) last(i int) (nodes int64, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.member < 0:
		return 0, false
	case i < b.member:
		return b.nodes, true
	}
	return b.nodes - 1, true
}

// run searches as member i of the portfolio, in slices of nodes, until it
// answers (and offers its answer to b), is beaten, or stops at one of its
// own limits; it returns its result (only the winner's and member 0's are
// read). A count up to limit >= 2 goes through Run with no cap and stops
// itself at limit solutions, so that resuming never turns restarts on
// (Run restarts only when its cap is 1).
func (b *board) run(ctx context.Context, m *Model, o Options, limit int64, i int) Result {
	if o.TimeLimit > 0 {
		// The member's own deadline, for all its slices.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, o.TimeLimit, ErrTimeLimit)
		defer cancel()
	}
	own := o.NodeLimit
	o.TimeLimit = 0
	e := NewSearch(m, o)
	x, l := b.x, e.cl
	if x != nil && !x.member[i] {
		x = nil
	}
	if x != nil {
		defer x.leave(i)                          // whatever ends the member, no one waits for it
		defer context.AfterFunc(ctx, x.wakeAll)() // its own deadline ends its waits
		if l == nil {
			l = e.late // learning held back (Options.LearnAfter)
		}
		l.share = true
	}
	epoch := int64(1) // the next exchange, after epoch × shareNodes nodes
	runCap := limit
	if limit >= 2 {
		runCap = 0
	}
	var found int64
	onSolution := func(*Space) bool {
		found++
		return limit < 2 || found < limit
	}
	var res Result
	var first []int
	for {
		n := e.stats.Nodes
		stop := n + portfolioSlice
		if last, ok := b.last(i); ok {
			if n > last {
				return res // beaten: it cannot answer in fewer nodes than the best
			}
			stop = min(stop, last+1) // it may answer after up to last nodes
		}
		if own > 0 {
			stop = min(stop, own)
		}
		if x != nil {
			stop = min(stop, epoch*shareNodes)
		}
		e.opts.NodeLimit = stop
		res = e.Run(ctx, runCap, onSolution)
		if first == nil {
			first = res.Solution
		}
		res.Solutions, res.Solution = found, first
		if limit >= 2 && found >= limit {
			res.Stopped = SolutionLimit
		}
		switch {
		case res.Complete || res.Stopped == SolutionLimit:
			b.offer(i, res.Stats.Nodes)
			return res
		case res.Stopped == NodeLimit && (own == 0 || res.Stats.Nodes < own):
			// The slice's end, not the member's limit; at an epoch's
			// end, the clauses of the epoch change hands.
			if x != nil && res.Stats.Nodes >= epoch*shareNodes {
				in, ok := x.swap(ctx, i, epoch, l.out)
				l.out = nil
				l.in = append(l.in, in...)
				if !ok {
					continue // ctx is done: the next slice says so
				}
				epoch = res.Stats.Nodes/shareNodes + 1
			}
			continue
		case res.Stopped == Canceled && context.Cause(ctx) == ErrTimeLimit:
			res.Stopped = TimeLimit
		}
		return res
	}
}

// shareNodes is the length of a portfolio's epoch, in each member's
// nodes: its members that learn clauses give each other the short ones
// they learned in an epoch at its end (see exchange), often enough that
// a clause still helps the others, seldom enough that the members seldom
// wait for each other. A variable, for tests.
var shareNodes int64 = 8 * portfolioSlice

// takenHook, set by tests, sees every clause a member takes in.
var takenHook func(lits []Fact)

// exchange is where the members of a portfolio that learn clauses give
// each other their short learned clauses (learner.share), as parallel
// SAT solvers do (Hamadi, Jabbour and Sais, ManySAT, JSAT 2009), at
// points that keep the portfolio deterministic (Hamadi et al.,
// "Deterministic parallel DPLL", JSAT 2011): a member that ends epoch e
// (shareNodes × e of its own nodes) gives the clauses it learned in it
// and waits until every other member has ended epoch e too, or has left,
// then takes theirs, in members' order, to add at its next restart. What
// a member takes thus depends on the members' nodes, never on timing:
// a member leaves early only when it answered (its later clauses cannot
// exist) or was beaten, past the winner's nodes, where what the others
// take no longer changes who wins.
//
// Member 0, the search as given, gives its clauses but takes none, nor
// waits: it
// searches as it would alone, so a portfolio never needs more nodes than
// that search, and the others, which take its clauses too, only add
// chances (taking clauses changes a search's path as much as it prunes
// it: on Gomes's instances, all members taking did worse than member 0
// keeping its own way, docs/BENCHMARKS.md).
type exchange struct {
	mu     sync.Mutex
	wake   *sync.Cond
	member []bool  // which members take part: those that learn clauses
	ended  []int64 // per member, the last epoch it ended
	read   []int64 // per member, the last epoch whose clauses it took
	gone   []bool
	// pool[e-base][i] are member i's clauses of epoch e; an epoch is
	// dropped once every member still there has taken it.
	pool [][][]sharedClause
	base int64
}

// newExchange returns the exchange of the members that learn clauses on
// m, or nil when fewer than two do (none does on a model with an
// interval domain: Stats.LearnOff).
func newExchange(m *Model, members []Options) *exchange {
	if intervalVar(m) != "" {
		return nil
	}
	x := &exchange{member: make([]bool, len(members)), ended: make([]int64, len(members)),
		read: make([]int64, len(members)), gone: make([]bool, len(members)), base: 1}
	n := 0
	for i, o := range members {
		if x.member[i] = o.Learn == LearnClauses; x.member[i] {
			n++
		}
	}
	if n < 2 {
		return nil
	}
	x.wake = sync.NewCond(&x.mu)
	return x
}

// wakeAll wakes the members waiting, to look at their contexts.
func (x *exchange) wakeAll() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.wake.Broadcast()
}

// swap gives out, member i's clauses of epoch e, and, for any member but
// 0, waits until every other member has ended e or left, and returns
// their clauses of e; ok is false when ctx ended the wait.
func (x *exchange) swap(ctx context.Context, i int, e int64, out []sharedClause) (in []sharedClause, ok bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for int64(len(x.pool)) <= e-x.base {
		x.pool = append(x.pool, make([][]sharedClause, len(x.member)))
	}
	x.pool[e-x.base][i] = out
	x.ended[i] = e
	x.wake.Broadcast()
	for i > 0 && !x.ready(i, e) {
		if ctx.Err() != nil {
			return nil, false
		}
		x.wake.Wait()
	}
	if i > 0 {
		for j, c := range x.pool[e-x.base] {
			if j != i {
				in = append(in, c...)
			}
		}
	}
	x.read[i] = e
	x.drop()
	return in, true
}

// ready reports whether every member but i has ended epoch e or left.
func (x *exchange) ready(i int, e int64) bool {
	for j, ok := range x.member {
		if ok && j != i && !x.gone[j] && x.ended[j] < e {
			return false
		}
	}
	return true
}

// drop forgets the epochs every member still there has taken.
func (x *exchange) drop() {
	low := int64(-1)
	for j, ok := range x.member {
		if ok && !x.gone[j] && (low < 0 || x.read[j] < low) {
			low = x.read[j]
		}
	}
	if k := int(min(low-x.base+1, int64(len(x.pool)))); k > 0 {
		x.pool = x.pool[k:]
		x.base += int64(k)
	}
}

// leave marks member i gone: no one waits for it any more.
func (x *exchange) leave(i int) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.gone[i] = true
	x.wake.Broadcast()
}
