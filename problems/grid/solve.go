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
	res := csp.Solve(ctx, m, search)
	if res.Solution == nil {
		return nil, res, nil
	}
	g := read(res.Solution)
	if err := check(g); err != nil {
		return nil, res, fmt.Errorf("internal error: the engine's solution fails the checker: %w", err)
	}
	return g, res, nil
}
