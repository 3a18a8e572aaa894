package csp

import "context"

// RunPortfolio searches m with opts and each of opts.Portfolio at once,
// one goroutine and space each over the shared model, for the first
// solutions up to limit (1 for Solve, the cap for Count, 0 for all): the
// first search to answer (finding limit solutions, or exploring its whole
// tree) wins and the others are stopped. Different heuristics suit
// different instances, so on k cores a portfolio of k takes about the time
// of its fastest member on each instance (Gomes and Selman, "Algorithm
// portfolios", AIJ 2001).
//
// The result is the winner's, with Result.Member naming it (0 for opts,
// i for opts.Portfolio[i-1]); when none answers (each stopped by the
// limits of its own Options, or ctx canceled), it is opts's own. Which
// member wins may depend on timing. The members' Workers and Portfolio
// fields are ignored.
func RunPortfolio(ctx context.Context, m *Model, opts Options, limit int64) Result {
	members := append([]Options{opts}, opts.Portfolio...)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		member int
		res    Result
	}
	answers := make(chan answer, len(members))
	for i, o := range members {
		o.Workers, o.Portfolio = 0, nil
		go func() {
			answers <- answer{i, NewSearch(m, o).Run(ctx, limit, func(*Space) bool { return true })}
		}()
	}
	won, own := -1, Result{}
	var best Result
	for range members {
		a := <-answers
		a.res.Member = a.member
		if a.member == 0 {
			own = a.res
		}
		if won < 0 && (a.res.Complete || a.res.Stopped == SolutionLimit) {
			won, best = a.member, a.res
			cancel()
		}
	}
	if won < 0 {
		return own
	}
	return best
}
