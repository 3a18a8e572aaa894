package flatzinc

import "embed"

// Library is csp's solver library for MiniZinc (the mznlib/ directory):
// the fzn_ redefinitions that hand MiniZinc's globals to the engine's own
// propagators (all_different_int, table_int, inverse, lex_less(eq),
// count and global_cardinality through count) as csp_ builtins that
// Build knows, and redefinitions-2.0.mzn making array_int_maximum and
// array_int_minimum builtins; every other global keeps MiniZinc's
// decomposition. csp_windows.mzn declares csp's own global csp_windows
// (the windows of a Futoshiki line, chain.PostWindows).
// csp fzn --install writes it where the solver configuration points.
//
//go:embed mznlib/*.mzn
var Library embed.FS
