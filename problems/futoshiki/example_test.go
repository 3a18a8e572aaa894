package futoshiki_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/futoshiki"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/arith"
)

// A 4×4 Futoshiki modelled from scratch, as docs/MODELLING.md walks
// through it: a grid of variables (the given fixed), one all-different
// per row and column, one Less per sign; then a search, and a count
// capped at 2 to show the solution is unique.
//
//	. < .   .   .
//	    v   v
//	. > 2 > .   .
//	            ^
//	.   .   .   .
//	^   ^
//	. < .   . > .
func Example_futoshiki() {
	const n = 4
	type cell struct{ r, c int } // row and column from 0
	givens := map[cell]int{{1, 1}: 2}
	less := [][2]cell{ // each sign as "first < second"
		{{0, 0}, {0, 1}}, {{1, 1}, {0, 1}}, {{1, 2}, {0, 2}}, {{1, 1}, {1, 0}}, {{1, 2}, {1, 1}},
		{{1, 3}, {2, 3}}, {{2, 0}, {3, 0}}, {{2, 1}, {3, 1}}, {{3, 0}, {3, 1}}, {{3, 3}, {3, 2}},
	}

	m := csp.NewModel()
	g := &grid.Grid{Model: m, Rows: n, Cols: n}
	for i := range n * n {
		lo, hi := 1, n
		if v, ok := givens[cell{i / n, i % n}]; ok {
			lo, hi = v, v
		}
		g.Vars = append(g.Vars, m.NewIntVar(lo, hi, fmt.Sprintf("r%dc%d", i/n+1, i%n+1)))
	}
	for _, line := range g.Lines() {
		if err := alldiff.Post(m, line, alldiff.GAC); err != nil {
			fmt.Println(err)
			return
		}
	}
	for _, s := range less {
		if err := arith.Less(m, g.At(s[0].r, s[0].c), g.At(s[1].r, s[1].c)); err != nil {
			fmt.Println(err)
			return
		}
	}

	res := csp.Solve(context.Background(), m, csp.Options{Var: csp.MinDomain})
	for _, row := range g.Values(res.Solution) {
		fmt.Println(row)
	}
	count := csp.Count(context.Background(), m, csp.Options{}, 2)
	fmt.Println(res.Status(), "- solutions:", count.Solutions)
	// Output:
	// [1 3 4 2]
	// [4 2 1 3]
	// [2 1 3 4]
	// [3 4 2 1]
	// solved - solutions: 1
}

// Reading an Unequal game ID, solving it with the checker's approval,
// and printing the solution with its signs.
func ExampleSolve() {
	p, err := futoshiki.ParseUnequal("4:0,0,0,0,0D,0,0R,0,0,0,0,0,0,3L,0,0U,", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, res, err := futoshiki.Solve(context.Background(), p, futoshiki.Options{AllDiff: alldiff.GAC}, csp.Options{Var: csp.DomWDeg})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(futoshiki.Format(p, g))
	fmt.Println(res.Status())
	// Output:
	// 4   1   3   2
	//
	// 3   2   4 > 1
	// v
	// 2   4   1   3
	//             ^
	// 1 < 3   2   4
	// solved
}

// The errors of a reader name the instance, the line and the field.
func ExampleRead() {
	input := "4:0,0,0,0\n{\"size\":3,\"less\":[[0,0,2,2]]}\n"
	for it := range futoshiki.Read(strings.NewReader(input)) {
		fmt.Println(it.Err)
	}
	// Output:
	// instance 1, line 1, field 5: futoshiki: wrong count of cells: 4 cells, want 16
	// instance 2, line 2: futoshiki: bad sign: "less" entry 1 of 1, [0,0,2,2]: cells (0,0) and (2,2) are not neighbours (want two cells side by side in a row or a column)
}
