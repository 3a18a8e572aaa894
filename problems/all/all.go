// Package all registers every problem package, and the FlatZinc front
// end, with the catalog: the command line imports it, so a new problem is
// one import line here.
package all

import (
	_ "github.com/cspgo/csp/problems/flatzinc"   // fzn: FlatZinc models (a catalog.Language)
	_ "github.com/cspgo/csp/problems/futoshiki"  // futoshiki
	_ "github.com/cspgo/csp/problems/kakuro"     // kakuro
	_ "github.com/cspgo/csp/problems/kenken"     // kenken
	_ "github.com/cspgo/csp/problems/latin"      // latin
	_ "github.com/cspgo/csp/problems/skyscraper" // skyscraper
	_ "github.com/cspgo/csp/problems/sudoku"     // sudoku
)
