package main

import (
	"os"
	"path/filepath"

	"github.com/cspgo/csp/problems/flatzinc"
)

// fznInstall writes, into dir (default ~/.minizinc/solvers, where
// MiniZinc looks for a user's solvers), the solver configuration csp.msc,
// the solver library (csp/mznlib/, from the binary) and a launcher
// csp/fzn-csp that runs this binary's fzn subcommand. After it,
// `minizinc --solver csp model.mzn` runs csp.
func fznInstall(e env, dir string) int {
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			e.stderr.printf("csp fzn --install: no home directory (%v); name a directory\n", err)
			return 1
		}
		dir = filepath.Join(home, ".minizinc", "solvers")
	}
	self, err := os.Executable()
	if err == nil {
		self, err = filepath.EvalSymlinks(self)
	}
	if err != nil {
		e.stderr.printf("csp fzn --install: cannot find this program's path: %v\n", err)
		return 1
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		e.stderr.printf("csp fzn --install: %v\n", err)
		return 1
	}
	if err := flatzinc.Install(dir, self); err != nil {
		e.stderr.printf("csp fzn --install: %v\n", err)
		return 1
	}
	e.stdout.printf("installed %s for MiniZinc: %s (library %s)\ntry: minizinc --solver csp model.mzn\n",
		flatzinc.SolverID, filepath.Join(dir, "csp.msc"), filepath.Join(dir, "csp", "mznlib"))
	return 0
}
