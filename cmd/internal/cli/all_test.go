package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/problems/catalog"
)

// towers24 is issue 16's skyscraper puzzle with 24 solutions.
const towers24 = `{"size":4,"clues":[0,3,0,0,0,0,0,0,0,0,0,1,1,0,0,0]}` + "\n"

// emptyLatin5 has 161,280 completions.
const emptyLatin5 = "5\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n"

// The golden cases of solve --all and --solutions, kept here beside the
// code: every solution in each output form, a cap, a limit, breadth-first
// search, and what --all refuses.
func init() {
	goldenCases = append(goldenCases,
		goldenCase{Name: "solve-all-towers", args: []string{"solve", "skyscraper", "-", "--all", "--seed", "1"}, stdin: towers24},
		goldenCase{Name: "solve-all-latin-json", args: []string{"solve", "latin", "testdata/count.txt", "--solutions", "2", "--json", "--seed", "1"}},
		goldenCase{Name: "solve-all-latin-cap", args: []string{"solve", "latin", "testdata/count.txt", "--solutions", "2", "--seed", "1"}},
		goldenCase{Name: "solve-all-node-limit", args: []string{"solve", "latin", "-", "--all", "--nodes", "20", "--seed", "1"}, stdin: emptyLatin5},
		goldenCase{Name: "solve-all-sudoku-bfs", args: []string{"solve", "sudoku", "-", "--solutions", "3", "--order", "bfs", "--stats", "--seed", "1"},
			stdin: "................\n11..............\n" + sudokuEuler},
		goldenCase{Name: "solve-all-kakuro", args: []string{"solve", "kakuro", "-", "--all", "--seed", "1"}, stdin: "  #  10\\ 10\\\n\\10   .   .\n\\10   .   .\n"},
		goldenCase{Name: "solve-all-kenken", args: []string{"solve", "kenken", "-", "--solutions", "2", "--seed", "1"},
			stdin: `{"size":4,"cages":[{"cells":[[0,0],[0,1],[0,2],[0,3]],"op":"+","target":10},{"cells":[[1,0],[1,1],[1,2],[1,3]],"op":"+","target":10},` +
				`{"cells":[[2,0],[2,1],[2,2],[2,3]],"op":"+","target":10},{"cells":[[3,0],[3,1],[3,2],[3,3]],"op":"*","target":24}]}` + "\n"},
		goldenCase{Name: "solve-all-futoshiki", args: []string{"solve", "futoshiki", "-", "--solutions", "2", "--seed", "1"},
			stdin: `{"size":4,"givens":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"less":[[0,0,0,1],[1,1,2,1]]}` + "\n"},
		goldenCase{Name: "solve-all-jobs", args: []string{"solve", "sudoku", "-", "--all", "--jobs", "2"}, stdin: sudokuEuler},
		goldenCase{Name: "solve-all-workers", args: []string{"solve", "sudoku", "-", "--solutions", "5", "--workers", "2"}, stdin: sudokuEuler},
		goldenCase{Name: "solve-all-quiet", args: []string{"solve", "sudoku", "-", "--all", "--quiet"}, stdin: sudokuEuler},
		goldenCase{Name: "solve-bad-solutions", args: []string{"solve", "sudoku", "-", "--solutions", "0"}, stdin: sudokuEuler},
		goldenCase{Name: "count-all", args: []string{"count", "sudoku", "-", "--all"}, stdin: sudokuEuler},
	)
}

// allRecords runs solve --all --json and returns its solution records
// and the instance records, in order (malformed instances are told on
// standard error too, which it leaves out).
func allRecords(t *testing.T, stdin string, args ...string) (sols []solutionRecord, insts []map[string]any) {
	t.Helper()
	r := runCSP(t, stdin, append([]string{"solve"}, append(args, "--json")...)...)
	for line := range strings.Lines(r.stdout) {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		if _, ok := m["status"]; ok {
			insts = append(insts, m)
			continue
		}
		var s solutionRecord
		require.NoError(t, json.Unmarshal([]byte(line), &s), line)
		sols = append(sols, s)
	}
	return sols, insts
}

// read returns the instances of text for problem name.
func read(t *testing.T, name, text string) []any {
	t.Helper()
	p, ok := catalog.Lookup(name)
	require.True(t, ok)
	var out []any
	for it := range p.Read(strings.NewReader(text), false) {
		require.NoError(t, it.Err)
		out = append(out, it.Value)
	}
	return out
}

// Issue 16's puzzle: 24 distinct grids, numbered in order, each passing
// skyscraper's checker, then the count, complete, with both search orders;
// the human form prints the same grids, each under its number, and the
// same count.
func TestSolveAllTowers(t *testing.T) {
	p, _ := catalog.Lookup("skyscraper")
	inst := read(t, "skyscraper", towers24)[0]
	for _, order := range []string{"dfs", "bfs"} {
		t.Run(order, func(t *testing.T) {
			sols, insts := allRecords(t, towers24, "skyscraper", "-", "--all", "--order", order)
			require.Len(t, sols, 24)
			seen := map[string]bool{}
			var want strings.Builder
			for i, s := range sols {
				assert.EqualValues(t, i+1, s.Number)
				assert.Equal(t, 1, s.Instance)
				require.NoError(t, p.Check(inst, s.Solution), "solution %d", i+1)
				key := fmt.Sprint(s.Solution)
				assert.False(t, seen[key], "solution %d repeats %s", i+1, key)
				seen[key] = true
				fmt.Fprintf(&want, "%% instance 1 (line 1): solution %d\n", i+1)
				require.NoError(t, p.Write(&want, inst, s.Solution))
			}
			require.Len(t, insts, 1)
			assert.Equal(t, "solved", insts[0]["status"])
			assert.EqualValues(t, 24, insts[0]["count"])
			assert.Equal(t, true, insts[0]["complete"])

			r := runCSP(t, towers24, "solve", "skyscraper", "-", "--all", "--order", order)
			assert.Equal(t, 0, r.code)
			body, last, ok := strings.Cut(r.stdout, "% instance 1 (line 1): 24 solutions (multiple), complete, in ")
			require.True(t, ok, r.stdout)
			assert.Equal(t, want.String(), body)
			assert.NotContains(t, last, "\n%")
		})
	}
}

// solve --all lists as many solutions as count counts, instance by
// instance, and stops at --solutions K with "at least K", never claiming
// a complete count it did not make.
func TestSolveAllAgreesWithCount(t *testing.T) {
	for _, tc := range []struct{ problem, file string }{
		{"latin", "testdata/count.txt"},
		{"sudoku", "testdata/sudoku_multiple.txt"},
		{"sudoku", "testdata/sudoku_batch.txt"},
		{"skyscraper", "testdata/skyscraper_batch.txt"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			text, err := os.ReadFile(tc.file)
			require.NoError(t, err)
			r := runCSP(t, "", "count", tc.problem, tc.file, "--json")
			counts := map[float64]map[string]any{}
			for line := range strings.Lines(r.stdout) {
				var m map[string]any
				require.NoError(t, json.Unmarshal([]byte(line), &m))
				counts[m["instance"].(float64)] = m
			}
			for _, order := range []string{"dfs", "bfs"} {
				sols, insts := allRecords(t, string(text), tc.problem, tc.file, "--all", "--order", order)
				require.Len(t, insts, len(counts))
				per := map[int]int{}
				for _, s := range sols {
					per[s.Instance]++
				}
				for _, m := range insts {
					i := m["instance"].(float64)
					want := counts[i]
					assert.Equal(t, want["status"], m["status"], "instance %v, %s", i, order)
					assert.Equal(t, want["count"], m["count"], "instance %v, %s", i, order)
					if c, ok := m["count"].(float64); ok {
						assert.Equal(t, int(c), per[int(i)], "instance %v, %s: records", i, order)
					}
				}
			}
		})
	}

	// A cap below the count: at least K, not complete, exit status 0 (the
	// question asked was answered), K solutions printed.
	r := runCSP(t, emptyLatin5, "solve", "latin", "-", "--solutions", "7")
	assert.Equal(t, 0, r.code)
	assert.Equal(t, 7, strings.Count(r.stdout, ": solution "))
	assert.Contains(t, r.stdout, "% instance 1 (line 1): at least 7 solutions (multiple): stopped at --solutions 7 after ")
	assert.NotContains(t, r.stdout, "complete")
}

// A standard output that fails during the listing stops the search: the
// error is told once, nothing more is written, the status is 1.
func TestSolveAllFailedStdout(t *testing.T) {
	for _, json := range []bool{false, true} {
		t.Run(fmt.Sprint("json=", json), func(t *testing.T) {
			args := []string{"solve", "latin", "-", "--all"}
			if json {
				args = append(args, "--json")
			}
			out := &fullWriter{n: 100}
			var errOut bytes.Buffer
			code := Run(args, strings.NewReader(emptyLatin5), out, &errOut)
			assert.Equal(t, 1, code)
			assert.Equal(t, "csp: writing output: "+errFull.Error()+"\n", errOut.String())
			assert.Equal(t, 100, out.buf.Len())
		})
	}
}
