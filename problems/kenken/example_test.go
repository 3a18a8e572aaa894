package kenken_test

import (
	"context"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/kenken"
	"github.com/cspgo/csp/propagators/alldiff"
)

// A 4x4 Keen puzzle from its game ID: solved, checked, proved unique, and
// drawn with its cages.
func Example() {
	p, err := kenken.ParseTatham("4:_ba_5ba_a_aa_,a5a7s2d2m4s1m36", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	opt := kenken.Options{AllDiff: alldiff.GAC, Cages: kenken.Table}
	search := csp.Options{Var: csp.DomWDeg}
	g, res, err := kenken.Solve(context.Background(), p, opt, search)
	if err != nil || g == nil {
		fmt.Println(res.Status(), err)
		return
	}
	fmt.Print(kenken.Format(p, g))
	count, _ := kenken.Count(context.Background(), p, opt, search, 2)
	fmt.Println(res.Status(), count.Solutions, "solution")
	// Output:
	// +----+----+----+----+
	// |5+  |7+            |
	// |  3 |  4    2    1 |
	// +    +----+----+----+
	// |    |2-       |2/  |
	// |  2 |  3    1 |  4 |
	// +----+----+----+    +
	// |4x  |1-  |36x |    |
	// |  4 |  1 |  3 |  2 |
	// +    +    +    +----+
	// |    |    |         |
	// |  1 |  2 |  4    3 |
	// +----+----+----+----+
	// solved 1 solution
}
