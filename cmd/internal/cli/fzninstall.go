package cli

import (
	"os"
	"path/filepath"

	"github.com/cspgo/csp/problems/catalog"
)

// fznInstall has lang set up the tools that run it (for FlatZinc,
// MiniZinc: the solver configuration csp.msc, the solver library and a
// launcher of this binary's fzn subcommand) in dir, or where they look by
// default when dir is "" (~/.minizinc/solvers), and say what it wrote.
// After it, `minizinc --solver csp model.mzn` runs csp.
func fznInstall(e env, lang *catalog.LanguageEntry, dir string) int {
	self, err := os.Executable()
	if err == nil {
		self, err = filepath.EvalSymlinks(self)
	}
	if err != nil {
		e.stderr.Printf("csp fzn --install: cannot find this program's path: %v\n", err)
		return 1
	}
	if err := lang.Install(e.stdout, dir, self); err != nil {
		if e.stdout.Err == nil {
			e.stderr.Printf("csp fzn --install: %v\n", err)
		}
		return 1
	}
	return 0
}
