package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/benchrec"
	"github.com/cspgo/csp/problems/catalog"
)

// fznDir is the bench tests' FlatZinc suite: a queens model (search
// annotations, no all-different), a model with an unknown builtin, a
// Latin square compiled with csp's library (csp_all_different_int) and a
// knapsack (maximize, no annotation). Compiled once with MiniZinc; the
// tests need no minizinc.
const fznDir = "testdata/fzn-bench"

// benchRecords parses bench's --json - output after its table.
func benchRecords(t *testing.T, stdout string) []benchrec.Record {
	t.Helper()
	var recs []benchrec.Record
	for _, line := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(line, "{") {
			var r benchrec.Record
			require.NoError(t, json.Unmarshal([]byte(line), &r), line)
			recs = append(recs, r)
		}
	}
	return recs
}

// fznNodes is what csp fzn -s reports as nodes for a file, with flags.
func fznNodes(t *testing.T, path string, flags ...string) int64 {
	t.Helper()
	r := runCSP(t, "", append(append([]string{"fzn", "-s"}, flags...), path)...)
	require.Equal(t, 0, r.code, r.stderr)
	m := regexp.MustCompile(`(?m)^%%%mzn-stat: nodes=([0-9]+)$`).FindStringSubmatch(r.stdout)
	require.NotNil(t, m, r.stdout)
	n, err := strconv.ParseInt(m[1], 10, 64)
	require.NoError(t, err)
	return n
}

func TestBenchFlatZinc(t *testing.T) {
	queens, bad, latin, knapsack := filepath.Join(fznDir, "a-queens6.fzn"), filepath.Join(fznDir, "b-unknown-constraint.fzn"),
		filepath.Join(fznDir, "c-latin4.fzn"), filepath.Join(fznDir, "d-knapsack.fzn")
	for _, tc := range []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout []string // in the table
		stderr []string
		check  func(t *testing.T, recs []benchrec.Record)
	}{{
		// A directory: every *.fzn in name order, one instance each; the
		// file that does not build is that instance's error, named once
		// with its line and construct, and the others run.
		name: "directory with a bad file in the middle",
		args: []string{"fzn:" + fznDir},
		code: 1,
		stdout: []string{"files: testdata/fzn-bench (fzn, 4)", "3/4", "optimisation, 1 model",
			"default       proved 1/1, best 1/1"},
		stderr: []string{bad + ": line 2, column 12: flatzinc: unsupported: constraint int_frobnicate"},
		check: func(t *testing.T, recs []benchrec.Record) {
			require.Len(t, recs, 4)
			for i, want := range []struct {
				file, status string
			}{{queens, Solved}, {bad, Failed}, {latin, Solved}, {knapsack, Solved}} {
				assert.Equal(t, want.file, recs[i].File)
				assert.Equal(t, want.status, recs[i].Status, recs[i].Error)
				assert.Equal(t, "fzn", recs[i].Problem)
				assert.Equal(t, 1, recs[i].Instance)
			}
			assert.Contains(t, recs[1].Error, "int_frobnicate")
			// Satisfaction: no objective; the knapsack's proved optimum.
			assert.Nil(t, recs[0].Objective)
			assert.Nil(t, recs[0].Optimal)
			require.NotNil(t, recs[3].Objective)
			require.NotNil(t, recs[3].Optimal)
			assert.Equal(t, int64(99), *recs[3].Objective)
			assert.True(t, *recs[3].Optimal)
		},
	}, {
		// A plain path ending in .fzn is FlatZinc; the annotations' search
		// is csp fzn's: the same nodes.
		name:   "a plain .fzn path searches as csp fzn",
		args:   []string{queens, latin},
		stdout: []string{"a-queens6.fzn (fzn, 1)", "c-latin4.fzn (fzn, 1)", "2/2"},
		check: func(t *testing.T, recs []benchrec.Record) {
			require.Len(t, recs, 2)
			assert.Equal(t, fznNodes(t, queens), recs[0].Nodes)
			assert.Equal(t, fznNodes(t, latin), recs[1].Nodes)
		},
	}, {
		// --var replaces the annotations with the free search (csp fzn
		// -f, whose choice is domwdeg); annotated keeps them.
		name:   "var annotated and domwdeg",
		args:   []string{"--var", "annotated,domwdeg", queens},
		stdout: []string{"var=annotated", "var=domwdeg", `paired time ratio against "var=annotated"`},
		check: func(t *testing.T, recs []benchrec.Record) {
			require.Len(t, recs, 2)
			assert.Equal(t, fznNodes(t, queens), recs[0].Nodes)
			assert.Equal(t, fznNodes(t, queens, "-f"), recs[1].Nodes)
			assert.NotEqual(t, recs[0].Nodes, recs[1].Nodes, "the two searches differ on this model")
		},
	}, {
		// --alldiff sets the strength of the engine's all-different in a
		// model compiled with csp's library, and says where it cannot.
		name:   "alldiff strengths",
		args:   []string{"--alldiff", "value,gac", "fzn:" + fznDir},
		code:   1,
		stderr: []string{"testdata/fzn-bench: --alldiff applies to 1 of its 4 FlatZinc models"},
		check: func(t *testing.T, recs []benchrec.Record) {
			kinds := map[string]string{}
			for _, r := range recs {
				if r.File == latin {
					require.NotEmpty(t, r.Propagators)
					kinds[r.Config] = r.Propagators[0].Kind
				}
			}
			assert.Equal(t, map[string]string{"alldiff=value": "alldiff/value", "alldiff=gac": "alldiff/gac"}, kinds)
		},
	}, {
		// A limit before the proof: unknown, with the best objective found
		// and optimal false.
		name:   "optimisation stopped by the node limit",
		args:   []string{"--nodes", "20", "--warmup=false", knapsack},
		code:   1,
		stdout: []string{"0/1", "default       proved 0/1, best 1/1"},
		check: func(t *testing.T, recs []benchrec.Record) {
			require.Len(t, recs, 1)
			assert.Equal(t, Unknown, recs[0].Status)
			require.NotNil(t, recs[0].Optimal)
			assert.False(t, *recs[0].Optimal)
			require.NotNil(t, recs[0].Objective)
			assert.Less(t, *recs[0].Objective, int64(99))
		},
	}, {
		// Standard input; a parse error names line and column.
		name:   "standard input that does not parse",
		stdin:  "var 1..3: x;\nconstraint int_le(x, ",
		args:   []string{"fzn:-"},
		code:   1,
		stdout: []string{"standard input (fzn, 1)", "0/1"},
		stderr: []string{"csp: bench: standard input: line 2, column 22: flatzinc: syntax error"},
		check: func(t *testing.T, recs []benchrec.Record) {
			require.Len(t, recs, 1)
			assert.Equal(t, Failed, recs[0].Status)
		},
	}, {
		// Bounds: the directory is the input that breaks them.
		name:   "max instances",
		args:   []string{"--max-instances", "2", "fzn:" + fznDir},
		code:   1,
		stderr: []string{"testdata/fzn-bench: testdata/fzn-bench/c-latin4.fzn: more than 2 instances in all", "nothing to run"},
	}, {
		name:   "max bytes",
		args:   []string{"--max-bytes", "1K", "fzn:" + fznDir},
		code:   1,
		stderr: []string{"csp: bench: testdata/fzn-bench: testdata/fzn-bench/a-queens6.fzn: more than 1 KiB of input in all", "nothing to run"},
	}, {
		name:   "max bytes on standard input",
		stdin:  strings.Repeat("% a comment\n", 200),
		args:   []string{"--max-bytes", "1K", "fzn:-"},
		code:   1,
		stderr: []string{"csp: bench: standard input: more than 1 KiB of input in all"},
	}, {
		name:   "a directory without FlatZinc",
		args:   []string{"fzn:testdata/bench"},
		code:   1,
		stderr: []string{"testdata/bench: no *.fzn file in this directory"},
	}, {
		name:   "a plain directory is not read as FlatZinc, and the message says how",
		args:   []string{fznDir},
		code:   1,
		stderr: []string{"(fzn:testdata/fzn-bench runs the FlatZinc files in it)"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCSP(t, tc.stdin, append([]string{"bench", "--jobs", "1", "--json", "-"}, tc.args...)...)
			assert.Equal(t, tc.code, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
			for _, want := range tc.stdout {
				assert.Contains(t, r.stdout, want)
			}
			for _, want := range tc.stderr {
				assert.Contains(t, r.stderr, want)
			}
			assert.LessOrEqual(t, strings.Count(r.stderr, "int_frobnicate"), 1, "each instance error once:\n%s", r.stderr)
			if tc.check != nil {
				tc.check(t, benchRecords(t, r.stdout))
			}
		})
	}
}

// TestFznSettingsOptions: the rule that makes a configuration's search
// from a file's: --var and --val replace the annotations with the free
// search (Free), annotated and absent flags keep them, every other search
// flag replaces its own field (Adjust, which the language applies last).
func TestFznSettingsOptions(t *testing.T) {
	lang := flatZinc(t)
	phases := []csp.Phase{{Vars: []csp.Var{0, 1}, Var: csp.InputOrder, Val: csp.ValMax}}
	file := csp.Options{Var: csp.InputOrder, Val: csp.ValMax, Phases: phases, Restarts: csp.Luby, RestartBase: 250}
	b := &BenchConfig{Timeout: 7e9, nodes: 11, Jobs: 1}
	for _, tc := range []struct {
		name   string
		values map[string]string
		free   bool
		want   func(o *csp.Options)
	}{
		{"nothing given: the file's", map[string]string{}, false, func(o *csp.Options) {}},
		{"annotated: the file's", map[string]string{"var": "annotated", "val": "annotated", "restarts": "annotated"}, false, func(o *csp.Options) {}},
		{"var: the free search with it", map[string]string{"var": "mindom"}, true, func(o *csp.Options) {
			o.Var = csp.MinDomain
		}},
		{"val: the free search with it", map[string]string{"val": "split"}, true, func(o *csp.Options) {
			o.Val = csp.ValSplit
		}},
		{"restarts: the annotations' phases kept", map[string]string{"restarts": "none"}, false, func(o *csp.Options) {
			o.Restarts = csp.NoRestarts
		}},
		{"switches on the annotations", map[string]string{"nogoods": "true", "last-conflict": "true", "ties": "random", "seed": "9", "restart-base": "3"}, false,
			func(o *csp.Options) {
				o.Nogoods, o.LastConflict, o.RandomTies, o.Seed, o.RestartBase = true, true, true, 9, 3
			}},
		{"learning on the annotations", map[string]string{"learn": "clauses", "learn-after": "40"}, false, func(o *csp.Options) {
			o.Learn, o.LearnAfter = csp.LearnClauses, 40
		}},
		{"alldiff alone: the search as the file says", map[string]string{"alldiff": "value", "visibility": "edge", "model": "rowcol"}, false, func(o *csp.Options) {}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := fznSettingsFor(Configuration{Name: tc.name, Values: tc.values}, b, lang)
			require.NoError(t, err)
			run := s.solveSettings()
			assert.Equal(t, tc.free, run.Free, "the free search")
			assert.Equal(t, b.Timeout, run.TimeLimit)
			want := file
			tc.want(&want)
			want.TimeLimit, want.NodeLimit = b.Timeout, b.nodes
			require.NotNil(t, run.Adjust)
			assert.Equal(t, want, run.Adjust(file))
		})
	}
	_, err := fznSettingsFor(Configuration{Name: "bad", Values: map[string]string{"alldiff": "strong"}}, b, lang)
	assert.ErrorContains(t, err, "alldiff")
}

// flatZinc is the FlatZinc language the catalog serves.
func flatZinc(t *testing.T) *catalog.LanguageEntry {
	t.Helper()
	lang, ok := catalog.LookupLanguage(fznLanguage)
	require.True(t, ok, "problems/all registers FlatZinc")
	return lang
}

// TestBenchFlatZincNotRunAfterInterrupt: a context done before a run
// leaves it not run (no status), as for puzzles.
func TestBenchFlatZincNotRunAfterInterrupt(t *testing.T) {
	lang := flatZinc(t)
	f, err := os.Open(filepath.Join(fznDir, "c-latin4.fzn"))
	require.NoError(t, err)
	defer func() { _ = f.Close() }()
	m, err := lang.Read(f)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, err := fznSettingsFor(Configuration{Name: "default", Values: map[string]string{}}, &BenchConfig{Timeout: 1e9, Jobs: 1}, lang)
	require.NoError(t, err)
	r := fznAttempt(ctx, catalog.Item[any]{Index: 1, Line: 1}, m, s, 1)
	assert.Equal(t, "", r.Status)
}

// TestBenchFlatZincJobs: with several workers the runs share each file's
// parsed model (built by each run on its own) and give the same counts
// as one worker.
func TestBenchFlatZincJobs(t *testing.T) {
	one := runCSP(t, "", "bench", "--jobs", "1", "--var", "annotated,mindom", "--json", "-", "fzn:"+fznDir)
	two := runCSP(t, "", "bench", "--jobs", "2", "--var", "annotated,mindom", "--json", "-", "fzn:"+fznDir)
	require.Equal(t, one.code, two.code, two.stderr)
	a, b := benchRecords(t, one.stdout), benchRecords(t, two.stdout)
	require.Len(t, b, len(a))
	for i := range a {
		assert.Equal(t, a[i].Nodes, b[i].Nodes, a[i].File)
		assert.Equal(t, a[i].Status, b[i].Status, a[i].File)
	}
}
