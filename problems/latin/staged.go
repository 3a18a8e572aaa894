package latin

import (
	"context"
	"time"

	"github.com/cspgo/csp/csp"
)

// stagedFor reports whether opt and search ask for a staged solve (see
// Options.Staged): one search, that learns clauses after a plain start.
func stagedFor(opt Options, search csp.Options) bool {
	return opt.Staged && search.Learn == csp.LearnClauses && search.LearnAfter > 0 &&
		search.Workers == 0 && len(search.Portfolio) == 0
}

// A staged solve runs two searches, one after the other, as
// Options.Staged says: the plain start (plainStart's options, on the
// Channeled model), and, when that stops at its budget of failures, the
// learning search (learningStage's options, on the options' own view).
// The search's limits bound the two together: its time limit is one
// clock for both (stageClock, a deadline on the context both run under),
// its failure and node limits are shared out.

// stageClock returns ctx with the deadline of a time limit d from now
// (none when d is 0), for both stages of a staged solve.
func stageClock(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return csp.WithTimeLimit(ctx, d)
}

// plainStart returns the options of a staged solve's first stage: search
// without learning, for LearnAfter failures or the search's own failure
// limit when that is lower.
func plainStart(search csp.Options) csp.Options {
	first := search
	first.Learn, first.LearnAfter = csp.LearnNone, 0
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

// mergeStages gives res, the second stage's result, the statistics of
// both stages, the first's (first) first.
func mergeStages(first csp.Stats, res *csp.Result) {
	first.Merge(res.Stats)
	res.Stats = first
}
