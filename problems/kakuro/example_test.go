package kakuro_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/cspgo/csp/problems/kakuro"
)

// A 5×5 Kakuro read from its text, solved, checked and counted.
func Example_kakuro() {
	const text = `
% made by kakuro.Generate(ctx, 5, 3)
  #  10\ 13\   #   #
 \3    .   . 11\ 13\
\29    .   .   .   .
\11    .   .   .   .
  #    #  \4   .   .
`
	ctx := context.Background()
	for it := range kakuro.Read(strings.NewReader(text)) {
		if it.Err != nil {
			fmt.Println(it.Err)
			continue
		}
		grid, res, err := kakuro.Solve(ctx, it.Value, kakuro.Options{}, kakuro.DefaultSearch)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(res.Status(), "- checked:", kakuro.Check(it.Value, grid) == nil)
		fmt.Print(kakuro.FormatSolution(it.Value, grid))
		count, _ := kakuro.Count(ctx, it.Value, kakuro.Options{}, kakuro.DefaultSearch, 2)
		fmt.Println("solutions:", count.Solutions)
	}
	// Output:
	// solved - checked: true
	//   # 10\ 13\   #   #
	//  \3   2   1 11\ 13\
	// \29   5   7   8   9
	// \11   3   5   2   1
	//   #   #  \4   1   3
	// solutions: 1
}
