package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMiniZincRunsCsp is the README's set-up on a fresh machine, with
// MiniZinc launching csp: csp built, `csp fzn --install` run with a new,
// empty HOME (so into ~/.minizinc/solvers, its default) or with a
// directory named and MZN_SOLVER_PATH pointing MiniZinc at it; then
// `minizinc --solver csp` on models of the FlatZinc corpus, compiled with
// csp's library and solved by the csp binary through the launcher the
// install wrote. The answers are compared with MiniZinc running Gecode on
// the same models: with -a the same solutions (as MiniZinc prints them),
// on the optimisation models the same optimum (--output-objective), both
// proved (==========), and unsatisfiability. Skipped when minizinc or
// fzn-gecode is not installed, or with -short.
func TestMiniZincRunsCsp(t *testing.T) {
	for _, tool := range []string{"minizinc", "fzn-gecode"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	if testing.Short() {
		t.Skip("builds csp and runs MiniZinc with two solvers")
	}
	bin := filepath.Join(t.TempDir(), "csp")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/cspgo/csp/cmd/csp").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	corpus, err := filepath.Abs("../../../problems/flatzinc/testdata/mzn")
	require.NoError(t, err)
	opt := []string{"--output-mode", "dzn", "--output-objective"}
	models := []struct {
		name  string
		flags []string
		known string // the answer known for the model: Gecode's must be it
	}{
		{"queens_alldiff", []string{"-a"}, "92 solutions"},
		{"magic_square", []string{"-a"}, "8 solutions"},
		{"queens_unsat", nil, "=====UNSATISFIABLE====="},
		{"jobshop", opt, "_objective = 10;"},
		{"knapsack01", opt, "_objective = 99;"},
	}

	// environ is this process's environment with HOME set to home and
	// MZN_SOLVER_PATH to path (left out when empty).
	environ := func(home, path string) []string {
		e := slices.DeleteFunc(os.Environ(), func(kv string) bool {
			return strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "MZN_SOLVER_PATH=")
		})
		e = append(e, "HOME="+home)
		if path != "" {
			e = append(e, "MZN_SOLVER_PATH="+path)
		}
		return e
	}
	// gecode answers each model once, with the system's configuration.
	gecode := map[string]mznAnswer{}
	for _, m := range models {
		args := append([]string{"--solver", "gecode"}, m.flags...)
		cmd := exec.Command("minizinc", append(args, filepath.Join(corpus, m.name+".mzn"))...)
		cmd.Env = environ(t.TempDir(), "")
		out, err := cmd.Output()
		require.NoError(t, err, "minizinc --solver gecode %s", m.name)
		a := parseMznAnswer(string(out))
		switch {
		case slices.Contains(m.flags, "-a"):
			require.Equal(t, m.known, fmt.Sprintf("%d solutions", len(a.solutions)), "Gecode on %s", m.name)
		case a.Status == "=====UNSATISFIABLE=====":
			require.Equal(t, m.known, a.Status, "Gecode on %s", m.name)
		default:
			require.Equal(t, m.known, a.objective(), "Gecode on %s", m.name)
		}
		gecode[m.name] = a
	}

	for _, route := range []string{"home", "MZN_SOLVER_PATH"} {
		t.Run(route, func(t *testing.T) {
			home := t.TempDir() // fresh: no ~/.minizinc
			installArgs := []string{"fzn", "--install"}
			path := ""
			if route == "MZN_SOLVER_PATH" {
				path = filepath.Join(t.TempDir(), "solvers")
				installArgs = append(installArgs, path)
			}
			install := exec.Command(bin, installArgs...)
			install.Env = environ(home, "")
			out, err := install.CombinedOutput()
			require.NoError(t, err, "csp fzn --install: %s", out)
			assert.Contains(t, string(out), "minizinc --solver csp")

			list := exec.Command("minizinc", "--solvers")
			list.Env = environ(home, path)
			out, err = list.Output()
			require.NoError(t, err)
			require.Contains(t, string(out), "csp 1.0 (org.cspgo.csp", "MiniZinc lists csp")

			for _, m := range models {
				t.Run(m.name, func(t *testing.T) {
					args := append([]string{"--solver", "csp"}, m.flags...)
					cmd := exec.Command("minizinc", append(args, filepath.Join(corpus, m.name+".mzn"))...)
					cmd.Env = environ(home, path)
					var stderr strings.Builder
					cmd.Stderr = &stderr
					out, err := cmd.Output()
					require.NoError(t, err, "minizinc --solver csp %s: %s", m.name, stderr.String())
					got, want := parseMznAnswer(string(out)), gecode[m.name]
					require.NotEmpty(t, want.Status, "Gecode finished")
					assert.Equal(t, want.Status, got.Status, "%s", out)
					if slices.Contains(m.flags, "-a") {
						assert.Len(t, got.solutions, len(want.solutions), "number of solutions")
						assert.ElementsMatch(t, want.solutions, got.solutions, "the solutions")
						return
					}
					if want.Status == "=====UNSATISFIABLE=====" {
						assert.Empty(t, got.solutions)
						return
					}
					require.NotEmpty(t, got.solutions)
					assert.Equal(t, want.objective(), got.objective(), "the optimum (%s)", out)
					assert.NotEmpty(t, got.objective())
				})
			}
		})
	}
}

// mznAnswer is MiniZinc's output: the solutions' text, each up to its
// ----------, and the final status line (==========, =====UNSATISFIABLE=====...).
type mznAnswer struct {
	solutions []string
	Status    string
}

func parseMznAnswer(out string) mznAnswer {
	var a mznAnswer
	var cur strings.Builder
	for _, line := range strings.Split(out, "\n") {
		switch {
		case line == "----------":
			a.solutions = append(a.solutions, cur.String())
			cur.Reset()
		case strings.HasPrefix(line, "====="):
			a.Status = line
		case line != "":
			cur.WriteString(line + "\n")
		}
	}
	return a
}

// objective is the last solution's _objective line (--output-objective).
func (a mznAnswer) objective() string {
	if len(a.solutions) == 0 {
		return ""
	}
	for _, line := range strings.Split(a.solutions[len(a.solutions)-1], "\n") {
		if strings.HasPrefix(line, "_objective = ") {
			return line
		}
	}
	return ""
}
