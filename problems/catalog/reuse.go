package catalog

import (
	"context"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/grid"
)

// Reused is a model built once for a shape of instances (a size, the
// options, whatever else the problem's rules fix) with the one search
// every instance of that shape on the worker runs: an instance posts its
// clue values and givens into it and costs its search only, not a model.
// Model is the problem's handle on it (its board, its clue slots).
type Reused[M any] struct {
	Model  M
	Search *csp.Search

	res  csp.Result // the last search's, its arrays reused (csp.Search.RunInto)
	sol  []int      // the solution's array, kept while a search finds none
	rows [][]int    // the last solution read as rows (SolveRows)
}

// Reusable reports whether run's search can be the one depth-first search
// a Reused keeps: no workers, no portfolio, depth first. Other searches
// build a model of their own per instance.
func (run Run) Reusable() bool {
	return run.Search.Workers == 0 && len(run.Search.Portfolio) == 0 && run.Search.Order == csp.DepthFirst
}

// Reuse returns the worker's Reused for key (a comparable value that
// names the shape; keep its type the problem's own, so that problems
// never share an entry), building it the first time with build, which
// returns the problem's handle and the csp.Model in it, and searching it
// under run.Search. The search comes back reset to the model's root
// (csp.Search.Reset): the caller posts the instance (its parameters in
// the model's slots, its givens into Search.Space()) and then calls
// Solve or Count. Call it only when run.Reusable(). What the instance
// posts lasts until the next Reuse of the key.
//
// A model of more than MaxReusedVars variables is built for the instance
// and not kept: its search's saved state (a snapshot of the domains per
// level) would stay in the worker's memory for the rest of the batch,
// while building such a model again costs little beside its search.
//
// A new search's space is made under ctx (csp.NewSearchContext): a large
// model's takes long enough that a deadline or an interrupt must be able to
// stop it; once ctx is done Reuse returns context.Cause(ctx).
func Reuse[K comparable, M any](ctx context.Context, run Run, key K, build func() (M, *csp.Model, error)) (*Reused[M], error) {
	return ReuseIf(ctx, run, key, nil, build)
}

// ReuseIf is Reuse for instances whose model depends on more than a key
// names cheaply (a sudoku's regions or cages): the worker keeps one model
// under key, and builds another in its place when fits (nil: always)
// says the kept one's handle does not serve the instance. However many
// layouts a batch holds, one model per key stays in memory, and
// consecutive instances of one layout share it.
//
// The key is a type parameter, not an any, so that finding a kept model
// costs no allocation: only keeping a new one boxes the key.
func ReuseIf[K comparable, M any](ctx context.Context, run Run, key K, fits func(M) bool, build func() (M, *csp.Model, error)) (*Reused[M], error) {
	if r, ok := cached[*Reused[M]](run.Cache, key); ok && (fits == nil || fits(r.Model)) {
		r.Search.Reset()
		return r, nil
	}
	h, m, err := build()
	if err != nil {
		return nil, err
	}
	search, err := csp.NewSearchContext(ctx, m, run.Search)
	if err != nil {
		return nil, err
	}
	r := &Reused[M]{Model: h, Search: search}
	if r.Search.Space().NumVars() > MaxReusedVars {
		return r, nil
	}
	run.Cache.put(key, r)
	return r, nil
}

// MaxReusedVars is the largest model, in variables, that Reuse keeps from
// instance to instance: every skyscraper and sudoku grid up to 16×16 and
// Latin squares up to order 18 in the channeled model (three variables a
// cell), where a model's set-up is a large part of an instance's time.
const MaxReusedVars = 1024

// Solve runs the search for the instance posted since Reuse: the first
// solution, in Result.Solution. The arrays of the result (its Solution,
// its Stats.Propagators) are the Reused's own, written again by the next
// Solve or Count: an instance in the steady state allocates none.
func (r *Reused[M]) Solve(ctx context.Context) csp.Result {
	return r.run(ctx, 1, func(*csp.Space) bool { return true })
}

// run is Search.RunInto into the Reused's result. A search that finds no
// solution (unsatisfiable, or stopped by a limit) leaves the result's
// Solution nil: its array is kept aside for the next one that does.
func (r *Reused[M]) run(ctx context.Context, limit int64, each func(*csp.Space) bool) csp.Result {
	if r.res.Solution == nil {
		r.res.Solution = r.sol
	}
	r.Search.RunInto(ctx, limit, each, &r.res)
	if r.res.Solution != nil {
		r.sol = r.res.Solution
	}
	return r.res
}

// SolveRows is Solve with the solution read as rows by read into the
// Reused's own rows (read writes over dst when it has the right shape, as
// grid.Grid.ValuesInto does) and passed by check, the problem's checker,
// as grid.Checked does: the rows are nil when there is no solution, and
// valid until the next Solve, SolveRows or Count (a sudoku's rows are cut
// from the result's Solution).
func (r *Reused[M]) SolveRows(ctx context.Context, read func(dst [][]int, solution []int) [][]int, check func([][]int) error) ([][]int, csp.Result, error) {
	g, res, err := grid.CheckedInto(r.rows, r.Solve(ctx), read, check)
	if g != nil {
		r.rows = g
	}
	return g, res, err
}

// Count counts the solutions of the instance posted since Reuse up to
// run.Limit, handing each to run.Each, read as rows with rows, when it is
// set (as Run.CountModel does for a model of its own).
//
// Its result's arrays are the Reused's own, as Solve's are.
func (r *Reused[M]) Count(ctx context.Context, run Run, rows func(values []int) [][]int) csp.Result {
	return r.run(ctx, run.Limit, run.eachOf(rows))
}
