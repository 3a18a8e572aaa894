package grid

import (
	"context"
	"fmt"

	"github.com/cspgo/csp/csp"
)

// Solve searches m for a solution, reads it as rows with read (a Grid's
// Values, say), has the puzzle's independent checker check it, and
// returns it with the search result: the grid is nil when none was found.
// A solution check refuses is an error (a bug in the model or the engine).
func Solve(ctx context.Context, m *csp.Model, search csp.Options, read func(solution []int) [][]int, check func([][]int) error) ([][]int, csp.Result, error) {
	return Checked(csp.Solve(ctx, m, search), read, check)
}

// Checked reads the solution of res as rows with read and has check
// check it, as Solve does after its search: for a search run some other
// way (a model reused from instance to instance, see
// problems/catalog.Reuse). The grid is nil when res has no solution.
func Checked(res csp.Result, read func(solution []int) [][]int, check func([][]int) error) ([][]int, csp.Result, error) {
	return CheckedInto(nil, res, func(_ [][]int, solution []int) [][]int { return read(solution) }, check)
}

// CheckedInto is Checked with a read that fills dst, reusing its arrays
// when they have room (as Grid.ValuesInto does): a batch that reads every
// solution into the same rows allocates none.
func CheckedInto(dst [][]int, res csp.Result, read func(dst [][]int, solution []int) [][]int, check func([][]int) error) ([][]int, csp.Result, error) {
	if res.Solution == nil {
		return nil, res, nil
	}
	g := read(dst, res.Solution)
	if err := check(g); err != nil {
		return nil, res, fmt.Errorf("internal error: the engine's solution fails the checker: %w", err)
	}
	return g, res, nil
}
