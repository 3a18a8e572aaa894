package alldiff_test

import (
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// Three cells of a row that must all differ: x and y can only take 1 or
// 2, so between them they use both, and z, which could hold 1, 2 or 3,
// must be 3 (a "naked pair"). Value strength waits for an assignment and
// sees nothing; GAC finds the pair by matching and fixes z at the root.
func ExamplePost() {
	for _, st := range []alldiff.Strength{alldiff.Value, alldiff.GAC} {
		m := csp.NewModel()
		x := m.NewIntVar(1, 2, "x")
		y := m.NewIntVar(1, 2, "y")
		z := m.NewIntVar(1, 3, "z")
		if err := alldiff.Post(m, []csp.Var{x, y, z}, st); err != nil {
			fmt.Println(err)
			return
		}
		s := csp.NewSpace(m, csp.Copying)
		ok := s.Propagate()
		fmt.Printf("%-5v consistent %v: x %v, y %v, z %v\n", st, ok, s.Dom(x), s.Dom(y), s.Dom(z))
	}
	// An unknown strength is an error, not a silent default.
	m := csp.NewModel()
	err := alldiff.Post(m, []csp.Var{m.NewIntVar(1, 2, "a"), m.NewIntVar(1, 2, "b")}, alldiff.Strength(7))
	fmt.Println(err)
	// Output:
	// value consistent true: x {1,2}, y {1,2}, z {1..3}
	// gac   consistent true: x {1,2}, y {1,2}, z {3}
	// alldiff: unknown strength: Strength(7)
}
