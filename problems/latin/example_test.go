package latin_test

import (
	"context"
	"fmt"

	"github.com/cspgo/csp/problems/latin"
)

// Solve with the command line's configuration: DefaultOptions (a staged
// solve, the Auto all-different) and DefaultSearch: the channeled model
// without learning first, and the row-and-column model learning clauses
// only for an instance that takes more failures than that budget.
func ExampleSolve() {
	inst, err := latin.Parse("4\n1 2 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	grid, res, err := latin.Solve(context.Background(), inst, latin.DefaultOptions, latin.DefaultSearch)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status(), latin.Check(inst, grid) == nil)
	for _, row := range grid {
		fmt.Println(row)
	}
	// Output:
	// solved true
	// [1 2 4 3]
	// [2 1 3 4]
	// [3 4 2 1]
	// [4 3 1 2]
}

// A local search completes a large square with many holes, which the
// complete search takes minutes over, in a fraction of a second; it can
// never say that a square has no completion. Solve runs it by turns with
// the search (Options.Local, on in DefaultOptions).
func ExampleLocalSearch() {
	inst, _, err := latin.Generate(50, 875, latin.RandomHoles, 1) // 35% of the cells open
	if err != nil {
		fmt.Println(err)
		return
	}
	ls, err := latin.NewLocalSearch(inst, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	solved := ls.Run(context.Background(), 10_000_000) // moves at most
	fmt.Println(solved, ls.Clashes(), latin.Check(inst, ls.Grid()) == nil)
	// Output:
	// true 0 true
}
