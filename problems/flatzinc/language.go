package flatzinc

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
)

// language is FlatZinc as the catalog's Language: what csp fzn and csp
// bench drive through the catalog, so that the command line imports no
// front end. The package problems/all imports this one for it.
type language struct{}

func init() { catalog.RegisterLanguage[*Model, BuildOptions](language{}) }

var (
	_ catalog.Language[*Model, BuildOptions] = language{}
	_ catalog.Scoper[*Model]                 = language{}
	_ catalog.Installer                      = language{}
	_ catalog.Built                          = built{}
)

// allDiffFlag is the flag that sets BuildOptions.AllDiff, and the
// strengths it names, weakest first, then Auto.
const allDiffFlag = "alldiff"

var (
	allDiffStrengths = []alldiff.Strength{alldiff.Value, alldiff.Hidden, alldiff.GAC, alldiff.Auto}
	allDiffNames     = []string{alldiff.Value.String(), alldiff.Hidden.String(), alldiff.GAC.String(), alldiff.Auto.String()}
)

func (language) Info() catalog.LanguageInfo {
	return catalog.LanguageInfo{
		Name: "fzn", Title: "FlatZinc", Ext: ".fzn",
		Flags: []catalog.Flag{{Name: allDiffFlag, Choices: allDiffNames,
			Usage: "the strength of the engine's all-different behind csp_all_different_int: " + catalog.List(allDiffNames)}},
	}
}

func (language) Read(r io.Reader) (*Model, error) { return Read(r) }

// Options reads --alldiff: empty (not given) leaves the strength to each
// call's consistency annotation.
func (language) Options(s *catalog.Settings) (BuildOptions, error) {
	var o BuildOptions
	if s.Flag(allDiffFlag) == "" {
		return o, nil
	}
	i, err := catalog.ParseFlag(s, allDiffFlag, catalog.ParseChoice(allDiffNames))
	if err != nil {
		return o, err
	}
	o.AllDiff = &allDiffStrengths[i]
	return o, nil
}

func (language) Build(ctx context.Context, m *Model, o BuildOptions) (catalog.Built, error) {
	p, err := BuildWith(ctx, m, o)
	if err != nil {
		return nil, err
	}
	return built{p}, nil
}

func (language) WriteStatus(w io.Writer, goal catalog.Goal, rep Report, s Settings) error {
	return WriteStatus(w, goalOf(goal), rep, s)
}

// Applies reports whether --alldiff changes m: whether m posts the
// engine's all-different, which a model compiled with csp's library does
// (csp_all_different_int); MiniZinc's standard library decomposes it.
func (language) Applies(m *Model, flag string) bool {
	return flag == allDiffFlag && slices.ContainsFunc(m.Constraints, func(c Constraint) bool { return c.Name == "csp_all_different_int" })
}

func (language) Scope(flag string) string {
	if flag != allDiffFlag {
		return ""
	}
	return "those compiled with csp's library (minizinc --solver csp) post the engine's all-different"
}

// Install sets MiniZinc up to run csp (see the function Install), into
// ~/.minizinc/solvers when dir is "", where MiniZinc looks for a user's
// solvers; then `minizinc --solver csp model.mzn` runs it.
func (language) Install(w io.Writer, dir, self string) error {
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return fmt.Errorf("no home directory (%w); name a directory", err)
		}
		dir = filepath.Join(home, ".minizinc", "solvers")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if err := Install(dir, self); err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "installed %s for MiniZinc: %s (library %s)\ntry: minizinc --solver csp model.mzn\n",
		SolverID, filepath.Join(dir, "csp.msc"), filepath.Join(dir, "csp", "mznlib"))
	return err
}

// built is a Problem as the catalog's Built.
type built struct{ p *Problem }

func (b built) Goal() catalog.Goal {
	switch b.p.Goal {
	case Minimize:
		return catalog.Minimize
	case Maximize:
		return catalog.Maximize
	}
	return catalog.Satisfy
}

// Solve is Stream, or Solve with nothing written when w is nil.
func (b built) Solve(ctx context.Context, w io.Writer, s Settings) (Report, error) {
	if w == nil {
		return Solve(ctx, b.p, s, func([]int) bool { return true })
	}
	return Stream(ctx, w, b.p, s)
}

func (b built) WriteStats(w io.Writer, rep Report, init time.Duration) error {
	return b.p.WriteStats(w, rep, init)
}

// goalOf is the catalog's goal g as this package's.
func goalOf(g catalog.Goal) Goal {
	switch g {
	case catalog.Minimize:
		return Minimize
	case catalog.Maximize:
		return Maximize
	}
	return Satisfy
}
