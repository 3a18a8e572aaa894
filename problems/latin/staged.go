package latin

import (
	"context"
	"errors"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// stagedFor reports whether opt and search ask for a staged solve (see
// Options.Staged): a search, or Workers copies of it, that learns
// clauses after a plain start.
func stagedFor(opt Options, search csp.Options) bool {
	return opt.Staged && search.Learn == csp.LearnClauses && search.LearnAfter > 0 &&
		len(search.Portfolio) == 0
}

// solveStaged solves inst with run.Search on the model o says
// (solveModel, on models kept from instance to instance when reusable),
// or, when o and the search ask for it (stagedFor), in two stages: the
// plain start on Channeled (plainStart's options), then, when it stopped
// at its budget, the learning search on o's view (learningStage's), with
// both stages' statistics. The search's limits bound the two together:
// its time limit is one clock for both (stageClock, a deadline on the
// context both run under), its failure and node limits are shared out.
func solveStaged(ctx context.Context, inst *Instance, o settings, run catalog.Run, reusable bool) ([][]int, csp.Result, error) {
	loc := localRun{workers: run.Search.Workers} // the local search both stages run beside, if any
	if !stagedFor(o.Options, run.Search) {
		return solveSearch(ctx, inst, o, run, reusable, &loc)
	}
	ctx, cancel := stageClock(ctx, run.Search.TimeLimit)
	defer cancel()
	search := run.Search
	stage := o
	stage.View, stage.Staged = Channeled, false
	run.Search = plainStart(search)
	g, res, err := solveSearch(ctx, inst, stage, run, reusable, &loc)
	res, err = stageStopped(ctx, res, err)
	second, ok, same := learningStage(search, &res)
	if err != nil || !ok {
		return g, res, err
	}
	stats := res.Stats
	stage.View, run.Search = o.View, second
	g, res, err = solveSearch(ctx, inst, stage, run, reusable && same, &loc)
	res, err = stageStopped(ctx, res, err)
	stats.Merge(res.Stats) // the plain start's kinds first
	res.Stats = stats
	return g, res, err
}

// stageClock returns ctx with the deadline of a time limit d from now
// (none when d is 0), for both stages of a staged solve.
func stageClock(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return csp.WithTimeLimit(ctx, d)
}

// stageStopped returns a stage's result and error as the caller of a
// staged solve should see them: a stage whose model was still being built
// or posed when ctx ended (the stage clock, or the caller's own context)
// returns ctx's cause as its error, which is then a search stopped where
// ctx says (csp.StopOf), as the search itself would have reported it,
// and no error.
func stageStopped(ctx context.Context, res csp.Result, err error) (csp.Result, error) {
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Cause(ctx)) {
		res.Stopped = csp.StopOf(ctx)
		return res, nil
	}
	return res, err
}

// plainStart returns the options of a staged solve's first stage: one
// search without learning (its budget is too short to share out among
// workers), for LearnAfter failures or the search's own failure limit
// when that is lower.
func plainStart(search csp.Options) csp.Options {
	first := search
	first.Learn, first.LearnAfter, first.Workers = csp.LearnNone, 0, 0
	first.FailLimit = search.LearnAfter
	if search.FailLimit > 0 {
		first.FailLimit = min(first.FailLimit, search.FailLimit)
	}
	return first
}

// learningStage returns the options of a staged solve's second stage,
// given res, the first's result: search learning from its first failure,
// within what the first left of the failure and node limits. ok is false
// when there is no second stage, res being the answer (a solution, a
// proof, or a limit of the caller's reached, which res then says); same
// is true when the second stage's options are the same whatever the first
// did, so that a model kept from instance to instance may serve it.
func learningStage(search csp.Options, res *csp.Result) (second csp.Options, ok, same bool) {
	if res.Stopped != csp.FailLimit || search.FailLimit > 0 && res.Stats.Failures >= search.FailLimit {
		return search, false, false
	}
	second, same = search, true
	second.LearnAfter = 0
	if search.FailLimit > 0 {
		second.FailLimit -= res.Stats.Failures
		same = false
	}
	if search.NodeLimit > 0 {
		if second.NodeLimit -= res.Stats.Nodes; second.NodeLimit <= 0 {
			res.Stopped = csp.NodeLimit
			return search, false, false
		}
		same = false
	}
	return second, true, same
}
