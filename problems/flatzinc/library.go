package flatzinc

import "embed"

// Library is csp's solver library for MiniZinc (the mznlib/ directory):
// the fzn_ redefinitions that hand MiniZinc's globals to the engine's own
// propagators (all_different_int, table_int, inverse) as csp_ builtins
// that Build knows; every other global keeps MiniZinc's decomposition.
// csp fzn --install writes it where the solver configuration points.
//
//go:embed mznlib/*.mzn
var Library embed.FS
