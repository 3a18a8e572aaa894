package flatzinc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pending lists the corpus models the engine cannot take yet, with what
// the error must name: each must fail with ErrUnsupported saying so, and
// a model that starts working fails the test until it leaves the list.
var pending = map[string]string{}

// pendingLib overrides pending for the route through csp's own library
// (mznlib/): "" when the model works there.
var pendingLib = map[string]string{}

// freeAux lists the models whose decomposition by MiniZinc's standard
// library leaves auxiliary variables free in some solutions (the std
// route of lex_less: b[i+1] is unconstrained once x[i] < y[i]).
// fzn-gecode assigns such introduced variables without enumerating them;
// this package's search enumerates every variable, so on the std route
// these models are compared by their distinct solutions on the outputs.
var freeAux = map[string]bool{"lex_matrix": true}

// pendingFor says whether a model is pending on a route, and why.
func pendingFor(route, name string) (string, bool) {
	if why, ok := pendingLib[name]; ok && route == "mznlib" {
		return why, why != ""
	}
	why, ok := pending[name]
	return why, ok
}

// gecodeRun is what fzn-gecode answered on a FlatZinc file.
type gecodeRun struct {
	solutions int
	status    string // "==========", "=====UNSATISFIABLE=====", or ""
	last      string // the last solution's text
	objective string // the objective's name in the FlatZinc Gecode solved
}

func runGecode(t *testing.T, fzn string, all bool) gecodeRun {
	t.Helper()
	args := []string{fzn}
	if all {
		args = []string{"-a", fzn}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "fzn-gecode", args...).Output()
	require.NoError(t, err, "fzn-gecode %v", args)
	var r gecodeRun
	var cur strings.Builder
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case line == "----------":
			r.solutions++
			r.last = cur.String()
			cur.Reset()
		case strings.HasPrefix(line, "====="):
			r.status = line
		case line != "":
			cur.WriteString(line + "\n")
		}
	}
	return r
}

// TestCorpusAgainstGecode compiles every model of testdata/mzn with
// MiniZinc's standard library (so that both solvers read the same
// FlatZinc) and solves it with fzn-gecode; it solves that FlatZinc with
// this package (route std), and the model compiled for csp, its globals
// handed to the engine by csp's library (route mznlib, as minizinc
// --solver csp runs it); and it compares: satisfiability, the number of solutions (-a) of the
// satisfaction models, the optimum of the optimisation ones. Every
// solution is verified by Check inside Solve; the first one is also
// given back to MiniZinc as data and must leave the model satisfiable.
// Skipped when minizinc or fzn-gecode is not installed.
func TestCorpusAgainstGecode(t *testing.T) {
	needMiniZinc(t, "the corpus runs two solvers on every model")
	models, err := filepath.Glob("testdata/mzn/*.mzn")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(models), 30)
	solvers := t.TempDir()
	require.NoError(t, Install(solvers, "/bin/false")) // compiling only: the launcher is not run
	for _, mzn := range models {
		name := strings.TrimSuffix(filepath.Base(mzn), ".mzn")
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			m := compile(t, mzn, filepath.Join(dir, name+".fzn"), "-G", "std")
			satisfy := m.Solve.Goal == Satisfy
			fzn := filepath.Join(dir, name+".fzn")
			if !satisfy {
				fzn = withObjectiveOutput(t, m, dir, name)
			}
			want := runGecode(t, fzn, satisfy)
			if !satisfy {
				want.objective = m.Solve.Objective.Str
			}
			lib := compile(t, mzn, filepath.Join(dir, name+"_csp.fzn"), "--solver", filepath.Join(solvers, "csp.msc"))
			for _, route := range []struct {
				name string
				m    *Model
			}{{"std", m}, {"mznlib", lib}} {
				t.Run(route.name, func(t *testing.T) {
					solveAndCompare(t, route.name, name, route.m, want, mzn, dir)
				})
			}
		})
	}
}

// compile compiles a model (and its .dzn beside it, if any) to FlatZinc
// with the given flags and reads it.
func compile(t *testing.T, mzn, fzn string, flags ...string) *Model {
	t.Helper()
	args := append([]string{"-c", "--no-output-ozn", "-o", fzn}, flags...)
	args = append(args, mzn)
	if dzn := strings.TrimSuffix(mzn, ".mzn") + ".dzn"; fileExists(dzn) {
		args = append(args, dzn)
	}
	out, err := exec.Command("minizinc", args...).CombinedOutput()
	require.NoError(t, err, "minizinc: %s", out)
	src, err := os.ReadFile(fzn)
	require.NoError(t, err)
	m, err := Read(bytes.NewReader(src))
	require.NoError(t, err)
	return m
}

// solveAndCompare solves m with this package and compares with Gecode's
// answer on the same model.
func solveAndCompare(t *testing.T, route, name string, m *Model, want gecodeRun, mzn, dir string) {
	satisfy := m.Solve.Goal == Satisfy
	{
		{

			p, err := Build(context.Background(), m)
			var rep Report
			var first, last []int
			distinct := map[string]bool{} // the solutions' output text
			if err == nil {
				rep, err = Solve(context.Background(), p, Settings{All: satisfy}, func(values []int) bool {
					if first == nil {
						first = append([]int(nil), values...)
					}
					last = append(last[:0], values...)
					var out strings.Builder
					require.NoError(t, p.WriteSolution(&out, values))
					distinct[out.String()] = true
					return true
				})
			}
			if why, ok := pendingFor(route, name); ok {
				require.Error(t, err, "%s works now: take it off the pending list", name)
				assert.True(t, errors.Is(err, ErrUnsupported), "%v", err)
				assert.Contains(t, err.Error(), why)
				return
			}
			require.NoError(t, err)
			require.True(t, rep.Complete, "search incomplete: %+v", rep)
			if want.status == "=====UNSATISFIABLE=====" {
				assert.Zero(t, rep.Solutions, "Gecode finds none")
				return
			}
			require.Equal(t, "==========", want.status, "Gecode did not finish")
			switch {
			case satisfy && route == "std" && freeAux[name]:
				assert.Len(t, distinct, want.solutions, "number of solutions on the outputs")
			case satisfy:
				assert.Equal(t, int64(want.solutions), rep.Solutions, "number of solutions")
			default:
				// Gecode solved the std route's FlatZinc: its objective
				// may have another name than this route's.
				assert.Equal(t, objectiveLine(t, want.last, want.objective), fmt.Sprintf("%s = %d;", want.objective, rep.Objective), "optimum")
				o, _ := p.Var(m.Solve.Objective.Str)
				assert.Equal(t, rep.Objective, int64(last[o]), "the last solution has the optimum")
			}
			require.NotNil(t, first)
			if !satisfy {
				first = last
			}
			acceptedByMiniZinc(t, p, first, mzn, dir)
		}
	}
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// withObjectiveOutput writes m with its objective variable marked
// output_var (when it is not output already), so that Gecode prints it;
// it returns the new file's path. m is left as it was.
func withObjectiveOutput(t *testing.T, m *Model, dir, name string) string {
	t.Helper()
	obj := m.Solve.Objective
	require.Equal(t, Ident, obj.Kind, "objective %s", obj)
	d, ok := m.Lookup(obj.Str)
	require.True(t, ok)
	path := filepath.Join(dir, name+"_obj.fzn")
	var b strings.Builder
	if _, ok := HasAnn(d.Anns, "output_var"); !ok {
		anns := d.Anns
		d.Anns = append(d.Anns[:len(d.Anns):len(d.Anns)], Expr{Kind: Ident, Str: "output_var"})
		defer func() { d.Anns = anns }()
	}
	require.NoError(t, Write(&b, m))
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path
}

// objectiveLine returns the line of a solution's text that gives the
// objective variable obj.
func objectiveLine(t *testing.T, text string, obj string) string {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, obj+" = ") {
			return line
		}
	}
	t.Fatalf("no line for %s in %q", obj, text)
	return ""
}

// acceptedByMiniZinc gives a solution's outputs back to the model as
// data and requires MiniZinc (with Gecode) to find the model satisfiable
// with them (for an optimisation model: the best solution).
func acceptedByMiniZinc(t *testing.T, p *Problem, values []int, mzn, dir string) {
	t.Helper()
	// The outputs the model defines by an expression (is_defined_var) are
	// left out: MiniZinc refuses a second assignment of them.
	kept := *p
	kept.Outputs = nil
	for _, o := range p.Outputs {
		if d, ok := p.FZN.Lookup(o.Name); ok {
			if _, defined := HasAnn(d.Anns, "is_defined_var"); defined {
				continue
			}
		}
		kept.Outputs = append(kept.Outputs, o)
	}
	var b strings.Builder
	require.NoError(t, kept.WriteSolution(&b, values))
	dzn := filepath.Join(dir, "solution.dzn")
	require.NoError(t, os.WriteFile(dzn, []byte(b.String()), 0o644))
	fzn := filepath.Join(dir, "check.fzn")
	args := []string{"-c", "-G", "std", "--no-output-ozn", "-o", fzn, mzn, dzn}
	if data := strings.TrimSuffix(mzn, ".mzn") + ".dzn"; fileExists(data) {
		args = append(args, data) // the model's own data
	}
	out, err := exec.Command("minizinc", args...).CombinedOutput()
	if err != nil && strings.Contains(string(out), "nsatisfiable") {
		t.Fatalf("MiniZinc refuses the solution:\n%s\n%s", b.String(), out)
	}
	require.NoError(t, err, "minizinc with the solution: %s", out)
	r := runGecode(t, fzn, false)
	assert.Equal(t, 1, r.solutions, "the model with the solution as data:\n%s", b.String())
}

// needMiniZinc skips t unless MiniZinc and Gecode's FlatZinc back end are
// installed (.ci/run installs both), and under -short, saying why (what
// the test runs).
func needMiniZinc(t *testing.T, why string) {
	t.Helper()
	for _, tool := range []string{"minizinc", "fzn-gecode"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	if testing.Short() {
		t.Skip(why)
	}
}
