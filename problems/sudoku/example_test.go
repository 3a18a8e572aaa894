package sudoku_test

import (
	"context"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/sudoku"
)

// Solving a classic 9x9 sudoku given as one line (Project Euler 96, grid
// 1) with the default model and search; Solve has checked the solution
// with the independent Check before it returns, and FormatGrid draws it.
func ExampleSolve() {
	p, err := sudoku.Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	if err != nil {
		fmt.Println(err)
		return
	}
	cells, res, err := sudoku.Solve(context.Background(), p, sudoku.DefaultOptions, sudoku.DefaultSearch)
	if err != nil || cells == nil {
		fmt.Println(res.Status(), err)
		return
	}
	fmt.Println(res.Status())
	fmt.Print(sudoku.FormatGrid(p, cells))
	// Output:
	// solved
	// 4 8 3 | 9 2 1 | 6 5 7
	// 9 6 7 | 3 4 5 | 8 2 1
	// 2 5 1 | 8 7 6 | 4 9 3
	// ------+-------+------
	// 5 4 8 | 1 3 2 | 9 7 6
	// 7 2 9 | 5 6 4 | 1 3 8
	// 1 3 6 | 7 9 8 | 2 4 5
	// ------+-------+------
	// 3 7 2 | 6 8 9 | 5 1 4
	// 8 1 4 | 2 5 3 | 7 6 9
	// 6 9 5 | 4 1 7 | 3 8 2
}

// A batch with one Solver and one result handed back each time: the model
// and search are built once, and SolveInto writes each solution into the
// same array, so the loop allocates nothing per puzzle. Copy a solution to
// keep it past the next call.
func ExampleSolver_SolveInto() {
	batch := []string{
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
		"000000010400000000020000000000050407008000300001090000300400200050100000000806000",
	}
	s, err := sudoku.NewSolver(3, 3, sudoku.DefaultOptions, sudoku.DefaultSearch)
	if err != nil {
		fmt.Println(err)
		return
	}
	var res csp.Result
	for _, line := range batch {
		p, err := sudoku.Parse(line)
		if err != nil {
			fmt.Println(err)
			return
		}
		cells, err := s.SolveInto(context.Background(), p, &res)
		if err != nil || cells == nil {
			fmt.Println(res.Status(), err)
			return
		}
		fmt.Println(res.Status(), sudoku.CheckCells(p, cells) == nil, cells[:9])
	}
	// Output:
	// solved true [4 8 3 9 2 1 6 5 7]
	// solved true [6 9 3 7 8 4 5 1 2]
}
