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
func RunPortfolio(ctx context.Context, m *Model, opts Options, limit int64) Result {
	members := append([]Options{opts}, opts.Portfolio...)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	b := &board{member: -1}
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
			continue // the slice's end, not the member's limit
		case res.Stopped == Canceled && context.Cause(ctx) == ErrTimeLimit:
			res.Stopped = TimeLimit
		}
		return res
	}
}
