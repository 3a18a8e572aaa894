package csp_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// A 4×4 Latin square with two givens: variables, one all-different per
// row and column, and a search for the first solution.
func ExampleSolve() {
	givens := [4][4]int{{2, 0, 0, 0}, {0, 0, 1, 0}} // 0: empty
	m := csp.NewModel()
	var cells [4][4]csp.Var
	for r := range 4 {
		for c := range 4 {
			lo, hi := 1, 4
			if v := givens[r][c]; v != 0 {
				lo, hi = v, v
			}
			cells[r][c] = m.NewIntVar(lo, hi, fmt.Sprintf("r%dc%d", r+1, c+1))
		}
	}
	for i := range 4 {
		var row, col []csp.Var
		for j := range 4 {
			row = append(row, cells[i][j])
			col = append(col, cells[j][i])
		}
		if err := errors.Join(alldiff.Post(m, row, alldiff.GAC), alldiff.Post(m, col, alldiff.GAC)); err != nil {
			fmt.Println(err)
			return
		}
	}
	res := csp.Solve(context.Background(), m, csp.Options{Var: csp.MinDomain})
	for r := range 4 {
		fmt.Println(res.Solution[cells[r][0]], res.Solution[cells[r][1]], res.Solution[cells[r][2]], res.Solution[cells[r][3]])
	}
	fmt.Println(res.Status())
	// Output:
	// 2 1 3 4
	// 3 4 1 2
	// 1 2 4 3
	// 4 3 2 1
	// solved
}

// Counting stops at a cap: a cap of 2 answers "is the solution unique?".
func ExampleCount() {
	m := csp.NewModel()
	xs := []csp.Var{m.NewIntVar(1, 3, "x"), m.NewIntVar(1, 3, "y"), m.NewIntVar(1, 3, "z")}
	if err := alldiff.Post(m, xs, alldiff.GAC); err != nil {
		fmt.Println(err)
		return
	}
	all := csp.Count(context.Background(), m, csp.Options{}, 0)
	capped := csp.Count(context.Background(), m, csp.Options{}, 2)
	fmt.Println(all.Solutions, all.Complete)
	fmt.Println(capped.Solutions, capped.Complete, capped.Stopped)
	// Output:
	// 6 true
	// 2 false solution limit
}

// One search, reset for each instance of a model (here: x given 1, 2, then
// 3), writes each run's result into the same Result: the solution's array
// is reused from run to run.
func ExampleSearch_RunInto() {
	m := csp.NewModel()
	x, y, z := m.NewIntVar(1, 3, "x"), m.NewIntVar(1, 3, "y"), m.NewIntVar(1, 3, "z")
	if err := alldiff.Post(m, []csp.Var{x, y, z}, alldiff.GAC); err != nil {
		fmt.Println(err)
		return
	}
	s := csp.NewSearch(m, csp.Options{})
	var res csp.Result
	for v := 1; v <= 3; v++ {
		s.Reset()
		s.Space().Assign(x, v) // the instance's given
		s.RunInto(context.Background(), 1, func(*csp.Space) bool { return true }, &res)
		fmt.Println(res.Status(), res.Solution)
	}
	// Output:
	// solved [1 2 3]
	// solved [2 1 3]
	// solved [3 1 2]
}
