package skyscraper_test

import (
	"context"
	"fmt"

	"github.com/cspgo/csp/problems/skyscraper"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

// Solving a 4x4 Towers puzzle from its game ID (the clues of the top,
// bottom, left and right edges, each read left to right or top to
// bottom), with the strengths the command line uses, then counting to two to show the solution is unique. Format
// draws the grid framed by its clues: top clues, each row between its
// left and right clues, bottom clues.
func ExampleSolve() {
	p, err := skyscraper.ParseTowers("4:3/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	opt := skyscraper.Options{AllDiff: alldiff.GAC, Visibility: visibility.Line}
	g, res, err := skyscraper.Solve(context.Background(), p, opt, skyscraper.DefaultSearch)
	if err != nil || g == nil {
		fmt.Println(res.Status(), err)
		return
	}
	count, err := skyscraper.Count(context.Background(), p, opt, skyscraper.DefaultSearch, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status(), "- solutions:", count.Solutions)
	fmt.Print(skyscraper.Format(p, g))
	// Output:
	// solved - solutions: 1
	//   3 2 1 2
	// 2 2 1 4 3 2
	// 2 3 4 1 2 2
	// 3 1 3 2 4 1
	// 1 4 2 3 1 3
	//   1 3 2 2
}
