package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/cmd/internal/cli"
	"github.com/cspgo/csp/cmd/internal/clitest"
	"github.com/cspgo/csp/problems/catalog"
)

// testServer runs the workbench's handler on a loopback port.
func testServer(t *testing.T, c serveConfig) (*server, *httptest.Server) {
	t.Helper()
	s := testServerOf(t, c)
	ts := httptest.NewServer(s.handler())
	t.Cleanup(ts.Close)
	return s, ts
}

// testServerOf makes the server of c, with the defaults of csp serve for
// what c leaves zero, under the runtime's settings csp serve makes.
func testServerOf(t *testing.T, c serveConfig) *server {
	t.Helper()
	if c.timeout == 0 {
		c.timeout = defaultReqTTL
	}
	if c.maxSearches == 0 {
		c.maxSearches = defaultMaxSearches()
	}
	t.Cleanup(serveProcs(c.maxSearches))
	return newServer(context.Background(), c)
}

// serverTimes records the time the server takes on each request: from
// when its handler is called (the request's headers read) to when it
// returns, its answer written. It does not count the wait for a
// connection, nor the client's reading and decoding of the answer. A
// request is named by its X-Test-Request header (its path when it has
// none).
type serverTimes struct {
	mu   sync.Mutex
	took map[string]time.Duration
}

// timedServer is testServer with the time of each request recorded.
func timedServer(t *testing.T, c serveConfig) (*server, *httptest.Server, *serverTimes) {
	t.Helper()
	s := testServerOf(t, c)
	times := &serverTimes{took: map[string]time.Duration{}}
	h := s.handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		h.ServeHTTP(w, r)
		took := time.Since(start)
		name := r.Header.Get("X-Test-Request")
		if name == "" {
			name = r.URL.Path
		}
		times.mu.Lock()
		times.took[name] = took
		times.mu.Unlock()
	}))
	t.Cleanup(ts.Close)
	return s, ts, times
}

// of returns the time the server took on the request called name.
func (st *serverTimes) of(name string) time.Duration {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.took[name]
}

// post sends body to path and returns the status and the decoded answer.
func post(t *testing.T, ts *httptest.Server, path string, body any) (int, map[string]any) {
	t.Helper()
	return postCtx(t, context.Background(), ts, path, body)
}

func postCtx(t *testing.T, ctx context.Context, ts *httptest.Server, path string, body any) (int, map[string]any) {
	t.Helper()
	return postAs(t, ctx, ts, path, "", body)
}

// postAs is postCtx for a request named name (X-Test-Request; "": none).
func postAs(t *testing.T, ctx context.Context, ts *httptest.Server, path, name string, body any) (int, map[string]any) {
	t.Helper()
	var b []byte
	switch v := body.(type) {
	case string:
		b = []byte(v)
	default:
		var err error
		b, err = json.Marshal(v)
		require.NoError(t, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+path, bytes.NewReader(b))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if name != "" {
		req.Header.Set("X-Test-Request", name)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	return resp.StatusCode, decodeBody(t, resp)
}

func decodeBody(t *testing.T, resp *http.Response) map[string]any {
	t.Helper()
	var out map[string]any
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &out), "%s", raw)
	assert.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"))
	assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "default-src 'self'")
	return out
}

// gridOf turns a decoded JSON grid into rows of ints.
func gridOf(t *testing.T, v any) [][]int {
	t.Helper()
	rows, ok := v.([]any)
	require.True(t, ok, "want a grid, got %v", v)
	out := make([][]int, len(rows))
	for i, r := range rows {
		for _, x := range r.([]any) {
			out[i] = append(out[i], int(x.(float64)))
		}
	}
	return out
}

// checked reads puzzle as p's one instance and has p's checker judge g.
func checked(t *testing.T, problem, puzzle string, g [][]int) error {
	t.Helper()
	p, _ := catalog.Lookup(problem)
	it, err := one(p, puzzle, false)
	require.NoError(t, err)
	return p.Check(it.Value, g)
}

const (
	towers6 = "6:/3//5/3/4/3/2/3//3///1/3//2/3//////1\n"
	// A 6x6 killer X sudoku (Solo's ID): its cages have no reasoning
	// rules.
	killer = "2x3xk:zj,_aa___a__aaa___a__aaca_a__a_____aa__aaaa,13_10a7a7a7a7d10a11a4_7b6b11a11a9_6e\n"
	// A 4x4 Latin square with no solution: two 1s in row 1.
	latinClash = "4\n1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"
)

// Every endpoint, with a good request and bad ones: the answers and the
// statuses docs/API.md promises.
func TestServeEndpoints(t *testing.T) {
	_, ts := testServer(t, serveConfig{})
	sky := func(extra map[string]any) map[string]any {
		m := map[string]any{"problem": "skyscraper", "puzzle": clitest.TowersUnique}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	cases := []struct {
		name, path string
		body       any
		code       int
		check      func(t *testing.T, out map[string]any)
	}{
		{"parse", "/api/parse", sky(nil), 200, func(t *testing.T, out map[string]any) {
			b := out["board"].(map[string]any)
			assert.EqualValues(t, 4, b["rows"])
			assert.Equal(t, []any{2.0, 2.0, 1.0, 3.0}, b["edges"].(map[string]any)["top"])
			assert.NotEmpty(t, out["export"])
		}},
		{"solve", "/api/solve", sky(nil), 200, func(t *testing.T, out map[string]any) {
			assert.Equal(t, "solved", out["status"])
			assert.NoError(t, checked(t, "skyscraper", clitest.TowersUnique, gridOf(t, out["solution"])))
		}},
		{"solve unsatisfiable", "/api/solve", map[string]any{"problem": "latin", "puzzle": latinClash}, 200, func(t *testing.T, out map[string]any) {
			assert.Equal(t, "unsatisfiable", out["status"])
			assert.Contains(t, out["reason"], "r1c1")
		}},
		{"count unique", "/api/count", sky(nil), 200, func(t *testing.T, out map[string]any) {
			assert.Equal(t, "unique", out["verdict"])
		}},
		{"count multiple", "/api/count", map[string]any{"problem": "skyscraper", "puzzle": clitest.TowersMultiple}, 200, func(t *testing.T, out map[string]any) {
			assert.Equal(t, "multiple", out["verdict"])
			sols := out["solutions"].([]any)
			require.Len(t, sols, 2)
			a, b := gridOf(t, sols[0]), gridOf(t, sols[1])
			assert.NoError(t, checked(t, "skyscraper", clitest.TowersMultiple, a))
			assert.NoError(t, checked(t, "skyscraper", clitest.TowersMultiple, b))
			cells := out["differ_cells"].([]any)
			assert.NotEmpty(t, cells)
			for _, c := range cells {
				rc := c.([]any)
				assert.NotEqual(t, a[int(rc[0].(float64))][int(rc[1].(float64))], b[int(rc[0].(float64))][int(rc[1].(float64))])
			}
		}},
		{"grade", "/api/grade", sky(nil), 200, func(t *testing.T, out map[string]any) {
			assert.Equal(t, "clue bounds", out["grade"])
			assert.Equal(t, "unique", out["verdict"])
		}},
		{"grade up to", "/api/grade", sky(map[string]any{"up_to": "1"}), 200, func(t *testing.T, out map[string]any) {
			assert.Equal(t, true, out["beyond"])
		}},
		{"hint", "/api/hint", sky(nil), 200, func(t *testing.T, out map[string]any) {
			st := out["step"].(map[string]any)
			assert.Equal(t, "edge rule", st["rule"])
			assert.Equal(t, "edge rule (edge clue rule)", st["rule_name"])
			assert.NotEmpty(t, st["removed_cells"])
		}},
		{"marks", "/api/marks", sky(map[string]any{"up_to": "none"}), 200, func(t *testing.T, out map[string]any) {
			assert.Len(t, out["candidates"], 4)
			assert.NotEmpty(t, out["text"])
		}},
		{"diagnose none", "/api/diagnose", map[string]any{"problem": "skyscraper", "puzzle": clitest.TowersNone}, 200, func(t *testing.T, out map[string]any) {
			assert.Equal(t, "none", out["verdict"])
			assert.Equal(t, []any{[]any{map[string]any{"kind": "edge", "side": "bottom", "index": 3.0}}, []any{map[string]any{"kind": "edge", "side": "left", "index": 3.0}}}, out["core_places"])
		}},
		{"diagnose multiple", "/api/diagnose", map[string]any{"problem": "sudoku", "puzzle": strings.SplitAfter(clitest.SudokuSeveral, "\n")[1]}, 200, func(t *testing.T, out map[string]any) {
			assert.Equal(t, "multiple", out["verdict"])
			assert.Len(t, out["add_cells"], len(out["add"].([]any)))
			assert.NotEmpty(t, out["mended"])
		}},
		{"export", "/api/export", map[string]any{"problem": "sudoku", "puzzle": clitest.SudokuEuler}, 200, func(t *testing.T, out map[string]any) {
			assert.Equal(t, clitest.SudokuEuler, out["puzzle"])
		}},
		{"generate", "/api/generate", map[string]any{"problem": "skyscraper", "size": 5, "difficulty": "hard", "seed": 3}, 200, func(t *testing.T, out map[string]any) {
			assert.EqualValues(t, 5, out["board"].(map[string]any)["rows"])
			code, count := post(t, ts, "/api/count", map[string]any{"problem": "skyscraper", "puzzle": out["puzzle"]})
			require.Equal(t, 200, code)
			assert.Equal(t, "unique", count["verdict"])
		}},
		{"generate holes", "/api/generate", map[string]any{"problem": "latin", "size": 6, "holes": 10, "seed": 2}, 200, func(t *testing.T, out map[string]any) {
			assert.Contains(t, out["puzzle"], "6\n")
		}},

		{"parse error", "/api/solve", map[string]any{"problem": "skyscraper", "puzzle": clitest.TowersBad}, 400, func(t *testing.T, out map[string]any) {
			assert.Contains(t, out["error"], "clue out of range")
			assert.EqualValues(t, 1, out["line"])
			assert.EqualValues(t, 2, out["field"]) // the clue after the size
		}},
		{"two instances", "/api/solve", map[string]any{"problem": "sudoku", "puzzle": clitest.SudokuSeveral}, 400, nil},
		{"no instance", "/api/solve", map[string]any{"problem": "sudoku", "puzzle": "# nothing\n"}, 400, nil},
		{"unknown problem", "/api/solve", map[string]any{"problem": "nonogram", "puzzle": "x"}, 400, nil},
		{"unknown field", "/api/solve", `{"problem":"sudoku","puzzel":"x"}`, 400, nil},
		{"not json", "/api/solve", `problem=sudoku`, 400, nil},
		{"two values", "/api/solve", `{"problem":"sudoku"}{}`, 400, nil},
		{"bad flag value", "/api/solve", sky(map[string]any{"flags": map[string]string{"visibility": "lne"}}), 400, func(t *testing.T, out map[string]any) {
			assert.Contains(t, out["error"], "want edge, bounds, gac or line")
		}},
		{"shared flag refused", "/api/solve", sky(map[string]any{"flags": map[string]string{"workers": "64"}}), 400, nil},
		{"generate flag on solve", "/api/solve", sky(map[string]any{"flags": map[string]string{"difficulty": "hard"}}), 400, nil},
		{"bad model", "/api/solve", map[string]any{"problem": "latin", "puzzle": clitest.Latin5, "model": "units"}, 400, nil},
		{"bad up_to", "/api/explain", sky(map[string]any{"up_to": "hardest"}), 400, nil},
		{"marks without a form", "/api/solve", map[string]any{"problem": "kenken", "puzzle": "x", "marks": true}, 400, nil},
		{"no ladder", "/api/explain", map[string]any{"problem": "kakuro", "puzzle": "x"}, 400, nil},
		{"no rules for this instance", "/api/explain", map[string]any{"problem": "sudoku", "puzzle": killer}, 400, func(t *testing.T, out map[string]any) {
			assert.Contains(t, out["error"], "killer")
		}},
		{"killer solves", "/api/solve", map[string]any{"problem": "sudoku", "puzzle": killer}, 200, func(t *testing.T, out map[string]any) {
			assert.NoError(t, checked(t, "sudoku", killer, gridOf(t, out["solution"])))
		}},
		{"killer draws", "/api/parse", map[string]any{"problem": "sudoku", "puzzle": killer}, 200, func(t *testing.T, out map[string]any) {
			assert.NotEmpty(t, out["board"].(map[string]any)["cages"])
		}},
		{"negative timeout", "/api/solve", sky(map[string]any{"timeout_ms": -1}), 400, nil},
		{"generate size", "/api/generate", map[string]any{"problem": "latin", "size": 1000}, 400, nil},
		{"generate no generator", "/api/generate", map[string]any{"problem": "kenken", "size": 4}, 400, nil},
		{"generate negative holes", "/api/generate", map[string]any{"problem": "latin", "size": 5, "holes": -2}, 400, func(t *testing.T, out map[string]any) {
			assert.Equal(t, "holes: -2, want a whole number >= 0", out["error"])
		}},
		{"generate bad difficulty", "/api/generate", map[string]any{"problem": "skyscraper", "size": 5, "difficulty": "fiendish"}, 400, nil},
		{"oversized", "/api/solve", `{"problem":"sudoku","puzzle":"` + strings.Repeat(".", maxBody) + `"}`, 413, nil},
		{"instance too large", "/api/solve", map[string]any{"problem": "sudoku", "puzzle": strings.Repeat(".", 100*100) + "\n"}, 400, func(t *testing.T, out map[string]any) {
			assert.EqualValues(t, 1, out["line"])
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out := post(t, ts, c.path, c.body)
			require.Equal(t, c.code, code, "%v", out)
			if c.code != 200 {
				assert.NotEmpty(t, out["error"])
			}
			if c.check != nil {
				c.check(t, out)
			}
		})
	}
}

func get(t *testing.T, ts *httptest.Server, path string) (*http.Response, []byte) {
	t.Helper()
	resp, err := ts.Client().Get(ts.URL + path)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, b
}

// A request may ask for less time than the server's limit, never more,
// however large the number it sends.
func TestServeRequestTimeout(t *testing.T) {
	s := newServer(context.Background(), serveConfig{timeout: 10 * time.Second, maxSearches: 1})
	for ms, want := range map[int64]time.Duration{0: 10 * time.Second, 300: 300 * time.Millisecond, 10_000: 10 * time.Second,
		20_000: 10 * time.Second, math.MaxInt64: 10 * time.Second, math.MaxInt64 / 1000: 10 * time.Second} {
		assert.Equal(t, want, s.timeout(apiRequest{TimeoutMS: ms}), "%d ms", ms)
	}
}

// The lists, the page's files, and the answers to unknown paths and wrong
// methods.
func TestServeListsAndRoutes(t *testing.T) {
	_, ts := testServer(t, serveConfig{})
	resp, b := get(t, ts, "/api/problems")
	require.Equal(t, 200, resp.StatusCode)
	var probs struct{ Problems []problemInfo }
	require.NoError(t, json.Unmarshal(b, &probs))
	require.Len(t, probs.Problems, len(catalog.Names()))
	for _, p := range probs.Problems {
		assert.True(t, p.Can["draw"], p.Name)
		// Latin's default model depends on learning, and the list says
		// so; the others' default is their first model.
		if p.Name == "latin" {
			assert.Contains(t, p.ModelDefault, "rowcol", "latin's model_default")
		} else {
			assert.Empty(t, p.ModelDefault, p.Name)
		}
	}

	resp, b = get(t, ts, "/api/suites")
	require.Equal(t, 200, resp.StatusCode)
	var suites struct {
		Suites []struct {
			Problem   string
			Instances []suiteInstance
		}
	}
	require.NoError(t, json.Unmarshal(b, &suites))
	require.Equal(t, len(cli.SuiteProblems()), len(suites.Suites))
	for _, su := range suites.Suites {
		require.NotEmpty(t, su.Instances, su.Problem)
		// Each instance's text is that instance, alone: it reads back
		// as one, which the board draws.
		// Its export reads back as the same board.
		for _, in := range su.Instances {
			code, out := post(t, ts, "/api/parse", map[string]any{"problem": su.Problem, "puzzle": in.Puzzle})
			require.Equal(t, 200, code, "%s #%d: %v", su.Problem, in.Index, out)
			code, back := post(t, ts, "/api/parse", map[string]any{"problem": su.Problem, "puzzle": out["export"]})
			require.Equal(t, 200, code, "%s #%d: the export %q: %v", su.Problem, in.Index, out["export"], back)
			assert.Equal(t, out["board"], back["board"], "%s #%d", su.Problem, in.Index)
		}
	}

	resp, b = get(t, ts, "/")
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, string(b), "<html")
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "default-src 'self'")

	resp, _ = get(t, ts, "/api/solve")
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	assert.Equal(t, "POST", resp.Header.Get("Allow"))
	resp, _ = get(t, ts, "/api/nope")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	code, _ := post(t, ts, "/api/problems", "{}")
	assert.Equal(t, http.StatusMethodNotAllowed, code)
	code, _ = post(t, ts, "/index.html", "{}")
	assert.Equal(t, http.StatusMethodNotAllowed, code)
}

// An explanation replays: the candidates at the start, with each step's
// removed_cells taken away in order, end at the solution, which the
// checker accepts; every set cell is the solution's value.
func TestServeExplainReplays(t *testing.T) {
	_, ts := testServer(t, serveConfig{})
	for _, c := range []struct{ problem, puzzle string }{
		{"skyscraper", towers6},
		{"sudoku", clitest.SudokuEuler},
		{"latin", clitest.Latin5},
	} {
		t.Run(c.problem, func(t *testing.T) {
			code, out := post(t, ts, "/api/explain", map[string]any{"problem": c.problem, "puzzle": c.puzzle})
			require.Equal(t, 200, code, "%v", out)
			final := out["final"].(map[string]any)
			require.Equal(t, "solved", final["status"])
			sol := gridOf(t, final["solution"])
			require.NoError(t, checked(t, c.problem, c.puzzle, sol))
			cands := map[[2]int]map[int]bool{}
			for r, row := range out["candidates"].([]any) {
				for col, vs := range row.([]any) {
					cands[[2]int{r, col}] = map[int]bool{}
					for _, v := range vs.([]any) {
						cands[[2]int{r, col}][int(v.(float64))] = true
					}
				}
			}
			steps := out["steps"].([]any)
			require.NotEmpty(t, steps)
			scoped, clues := 0, 0
			for i, s := range steps {
				st := s.(map[string]any)
				assert.EqualValues(t, i+1, st["step"])
				assert.NotEmpty(t, st["rule_name"])
				assert.NotEmpty(t, st["why"])
				rc, _ := st["removed_cells"].([]any)
				for _, x := range rc {
					cv := x.(map[string]any)
					cell := [2]int{int(cv["cell"].([]any)[0].(float64)), int(cv["cell"].([]any)[1].(float64))}
					for _, v := range cv["values"].([]any) {
						require.True(t, cands[cell][int(v.(float64))], "step %d removes %v from %v, not a candidate", i+1, v, cell)
						assert.NotEqual(t, sol[cell[0]][cell[1]], int(v.(float64)), "step %d removes the solution's value", i+1)
						delete(cands[cell], int(v.(float64)))
					}
				}
				// The cells a step removes from are in the unit or
				// clue it used, when it names one.
				if scope, ok := st["scope"].([]any); ok {
					in := map[[2]int]bool{}
					for _, c := range scope {
						in[[2]int{int(c.([]any)[0].(float64)), int(c.([]any)[1].(float64))}] = true
					}
					assert.NotEmpty(t, st["unit"])
					for _, x := range rc {
						cell := x.(map[string]any)["cell"].([]any)
						assert.True(t, in[[2]int{int(cell[0].(float64)), int(cell[1].(float64))}], "step %d (%s): %v outside its scope", i+1, st["unit"], cell)
					}
					scoped++
				}
				if st["rule"] == "whole line" {
					assert.NotEmpty(t, st["clues"], "step %d: a whole line's clues", i+1)
					for _, c := range st["clues"].([]any) {
						side := c.(map[string]any)["side"].(string)
						if strings.HasPrefix(st["unit"].(string), "row") {
							assert.Contains(t, []string{"left", "right"}, side)
						} else {
							assert.Contains(t, []string{"top", "bottom"}, side)
						}
					}
				}
				if clue, ok := st["clue"].(map[string]any); ok {
					clues++
					if side, ok := clue["side"].(string); ok {
						assert.Contains(t, st["unit"], map[string]string{"top": "above", "bottom": "below", "left": "left of", "right": "right of"}[side])
						assert.Contains(t, st["unit"], fmt.Sprintf(" %d", int(clue["index"].(float64))+1))
					}
				}
				set, _ := st["set"].([]any)
				for _, x := range set {
					cv := x.(map[string]any)
					cell := cv["cell"].([]any)
					assert.Equal(t, sol[int(cell[0].(float64))][int(cell[1].(float64))], int(cv["value"].(float64)))
				}
			}
			for cell, vs := range cands {
				assert.Equal(t, map[int]bool{sol[cell[0]][cell[1]]: true}, vs, "cell %v at the end", cell)
			}
			assert.Positive(t, scoped, "no step names its unit")
			if c.problem == "skyscraper" {
				assert.Positive(t, clues, "no step names its clue")
			}
		})
	}
}

// An explanation whose steps are over maxExplainBytes in JSON stops there
// and says so: its steps are the first ones of the whole explanation, and
// its outcome is the whole one's.
func TestServeExplainTruncated(t *testing.T) {
	_, ts := testServer(t, serveConfig{})
	req := map[string]any{"problem": "skyscraper", "puzzle": towers6}
	code, whole := post(t, ts, "/api/explain", req)
	require.Equal(t, 200, code, "%v", whole)
	assert.NotContains(t, whole, "truncated")
	all := whole["steps"].([]any)
	b, err := json.Marshal(all)
	require.NoError(t, err)
	defer func(n int) { maxExplainBytes = n }(maxExplainBytes)
	for _, limit := range []int{len(b) / 2, 10} {
		maxExplainBytes = limit
		code, cut := post(t, ts, "/api/explain", req)
		require.Equal(t, 200, code, "%v", cut)
		assert.Equal(t, true, cut["truncated"])
		steps := cut["steps"].([]any)
		assert.Less(t, len(steps), len(all))
		assert.Equal(t, all[:len(steps)], steps, "the first steps")
		b, err := json.Marshal(steps)
		require.NoError(t, err)
		assert.LessOrEqual(t, len(b), max(limit, 2), "the steps within the limit")
		assert.Equal(t, whole["final"], cut["final"])
		assert.Equal(t, whole["candidates"], cut["candidates"])
	}
}

// Continue from here: the marks a person has (here those of the first
// level) read back as the starting point of hint, explain and solve.
func TestServeContinueFromMarks(t *testing.T) {
	_, ts := testServer(t, serveConfig{})
	code, whole := post(t, ts, "/api/explain", map[string]any{"problem": "skyscraper", "puzzle": towers6})
	require.Equal(t, 200, code)
	code, m := post(t, ts, "/api/marks", map[string]any{"problem": "skyscraper", "puzzle": towers6, "up_to": "1"})
	require.Equal(t, 200, code, "%v", m)
	text := m["text"].(string)

	code, parsed := post(t, ts, "/api/parse", map[string]any{"problem": "skyscraper", "puzzle": text, "marks": true})
	require.Equal(t, 200, code, "%v", parsed)
	assert.Equal(t, m["candidates"], parsed["marks"], "the marks read back as written")

	code, ex := post(t, ts, "/api/explain", map[string]any{"problem": "skyscraper", "puzzle": text, "marks": true})
	require.Equal(t, 200, code, "%v", ex)
	final := ex["final"].(map[string]any)
	require.Equal(t, "solved", final["status"])
	require.NoError(t, checked(t, "skyscraper", towers6, gridOf(t, final["solution"])))
	assert.Less(t, len(ex["steps"].([]any)), len(whole["steps"].([]any)), "the marks saved steps")
	assert.Equal(t, m["candidates"], ex["candidates"], "the explanation starts from the marks")

	code, h := post(t, ts, "/api/hint", map[string]any{"problem": "skyscraper", "puzzle": text, "marks": true})
	require.Equal(t, 200, code, "%v", h)
	assert.NotEqual(t, "edge rules and singles", h["step"].(map[string]any)["level"], "the first level's work is done")

	code, sol := post(t, ts, "/api/solve", map[string]any{"problem": "skyscraper", "puzzle": text, "marks": true})
	require.Equal(t, 200, code, "%v", sol)
	require.NoError(t, checked(t, "skyscraper", towers6, gridOf(t, sol["solution"])))
}

// hardLatin takes the solver minutes: the searches the limits must stop.
func hardLatin(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../problems/latin/testdata/gomes/qwh.order33.holes381.txt")
	require.NoError(t, err)
	return string(b)
}

// settles waits until the server holds no search token and the
// goroutines are back to base (the client's idle connections closed):
// the search it ran has ended. It fails after wait.
func settles(t *testing.T, s *server, ts *httptest.Server, base int, wait time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		ts.Client().CloseIdleConnections()
		if len(s.searches) == 0 && runtime.NumGoroutine() <= base {
			return time.Since(start)
		}
		if time.Since(start) > wait {
			buf := make([]byte, 1<<20)
			n := runtime.Stack(buf, true)
			t.Fatalf("after %v: %d searches, %d goroutines (base %d):\n%s", wait, len(s.searches), runtime.NumGoroutine(), base, buf[:n])
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// baseline is the goroutines of an idle server after one request.
func baseline(t *testing.T, s *server, ts *httptest.Server) int {
	t.Helper()
	code, _ := post(t, ts, "/api/solve", map[string]any{"problem": "skyscraper", "puzzle": clitest.TowersUnique})
	require.Equal(t, 200, code)
	ts.Client().CloseIdleConnections()
	time.Sleep(50 * time.Millisecond)
	return runtime.NumGoroutine()
}

// A search past its limit is answered unknown, stopped by the time limit,
// within the limit and 100 ms (the server's time on the request: see
// serverTimes), and its search ends: no token held, no goroutine left.
func TestServeTimeout(t *testing.T) {
	s, ts, times := timedServer(t, serveConfig{timeout: 5 * time.Second})
	const limit = 300 * time.Millisecond
	for _, path := range []string{"/api/solve", "/api/count", "/api/grade", "/api/diagnose", "/api/explain", "/api/marks"} {
		t.Run(path, func(t *testing.T) {
			base := baseline(t, s, ts)
			start := time.Now()
			code, out := post(t, ts, path, map[string]any{"problem": "latin", "puzzle": hardLatin(t), "timeout_ms": limit.Milliseconds()})
			took := time.Since(start)
			require.Equal(t, 200, code, "%v", out)
			if final, ok := out["final"].(map[string]any); ok {
				out = final // explain's outcome
			}
			if out["status"] != nil {
				assert.Equal(t, "unknown", out["status"])
			} else {
				assert.Equal(t, "unknown", out["verdict"])
			}
			assert.Equal(t, "time limit", out["stopped"])
			assert.Less(t, times.of(path), limit+100*time.Millisecond, "answered after %v", times.of(path))
			t.Logf("answered %v after the request came, %v after it was sent (the client's decoding included)", times.of(path), took)
			settles(t, s, ts, base, 2*time.Second)
		})
	}
}

// A client that goes away stops its search: the token comes back and no
// goroutine is left.
func TestServeClientGoesAway(t *testing.T) {
	s, ts := testServer(t, serveConfig{timeout: time.Minute})
	base := baseline(t, s, ts)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		code, _ := postCtx(t, ctx, ts, "/api/solve", map[string]any{"problem": "latin", "puzzle": hardLatin(t)})
		assert.Zero(t, code, "no answer: the client went away")
	}()
	require.Eventually(t, func() bool { return len(s.searches) == 1 }, 5*time.Second, time.Millisecond, "the search started")
	time.Sleep(200 * time.Millisecond)
	cancel()
	<-done
	took := settles(t, s, ts, base, 2*time.Second)
	t.Logf("the search ended %v after the client went away", took)
}

// Over the cap of searches, a request waits within its limit, then gets
// a 503.
func TestServeBusy(t *testing.T) {
	s, ts := testServer(t, serveConfig{timeout: 10 * time.Second, maxSearches: 1})
	done := make(chan map[string]any)
	go func() {
		_, out := post(t, ts, "/api/solve", map[string]any{"problem": "latin", "puzzle": hardLatin(t), "timeout_ms": 1500})
		done <- out
	}()
	require.Eventually(t, func() bool { return len(s.searches) == 1 }, 5*time.Second, time.Millisecond)
	start := time.Now()
	code, out := post(t, ts, "/api/solve", map[string]any{"problem": "skyscraper", "puzzle": clitest.TowersUnique, "timeout_ms": 200})
	assert.Equal(t, http.StatusServiceUnavailable, code, "%v", out)
	assert.Less(t, time.Since(start), time.Second)
	assert.Equal(t, "unknown", (<-done)["status"])
	code, _ = post(t, ts, "/api/solve", map[string]any{"problem": "skyscraper", "puzzle": clitest.TowersUnique})
	assert.Equal(t, 200, code, "the token came back")
}

// The load test, on loopback: 200 concurrent solve requests for hard 9x9
// Towers and hard sudoku, and two requests for a Latin square the solver
// takes minutes over, which overrun their own, shorter, limits. The
// server runs 2 searches at once (the default on 2 cores), with a P more
// (serveProcs); the others wait for a token, within their limit (it
// covers the wait). The overruns
// take both tokens before the solves come: the first's limit passes while
// the server reads and parses the 200, the second's while it searches for
// them with the token the first gave back. Every solve is answered with a
// solution the checker accepts, each overrun "unknown" (time limit); each
// request is answered within its limit and 100 ms, counted from when the
// server's handler takes it (the wait for a token included; not the
// client's connecting, nor its decoding of the answer); the heap in use
// (server and clients: one process) stays under loadHeapBound; and at
// the end no search is left running: no token held, the goroutines back
// to where they were.
func TestServeLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test: -short")
	}
	const (
		n     = 200
		limit = 5 * time.Second // the server's: the solves'
		slack = 100 * time.Millisecond
	)
	overLimits := []time.Duration{500 * time.Millisecond, time.Second}
	s, ts, times := timedServer(t, serveConfig{timeout: limit, maxSearches: 2})
	base := baseline(t, s, ts)
	type puzzle struct{ problem, text string }
	var puzzles []puzzle
	for _, f := range []struct{ problem, glob string }{
		{"skyscraper", "../../problems/skyscraper/testdata/tatham-9du-100.txt"},
		{"sudoku", "../../problems/sudoku/testdata/samples/*.txt"},
	} {
		files, err := filepath.Glob(f.glob)
		require.NoError(t, err)
		k := 0
		for _, name := range files {
			if strings.HasSuffix(name, ".sol.txt") {
				continue
			}
			b, err := os.ReadFile(name)
			require.NoError(t, err)
			for _, line := range strings.Split(string(b), "\n") {
				if line != "" && !strings.HasPrefix(line, "#") && k < n/2 {
					puzzles = append(puzzles, puzzle{f.problem, line + "\n"})
					k++
				}
			}
		}
	}
	require.Equal(t, n, len(puzzles))
	ts.Client().Transport.(*http.Transport).MaxIdleConnsPerHost = n + len(overLimits)

	stop := make(chan struct{})
	peak := make(chan uint64)
	go func() {
		// The heap in use (HeapInuse of runtime.MemStats), read from
		// runtime/metrics: ReadMemStats stops the world, and every 5 ms
		// it held up the searches it measured.
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
		var top uint64
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			top = max(top, sample[0].Value.Uint64()+sample[1].Value.Uint64())
			select {
			case <-stop:
				peak <- top
				return
			case <-tick.C:
			}
		}
	}()
	type answer struct {
		name string
		i    int
		code int
		out  map[string]any
		took time.Duration // the client's
		at   time.Time
	}
	send := func(to chan<- answer, i int, name string, body map[string]any) {
		t0 := time.Now()
		code, out := postAs(t, context.Background(), ts, "/api/solve", name, body)
		to <- answer{name, i, code, out, time.Since(t0), time.Now()}
	}
	latin := hardLatin(t)
	overs := make(chan answer, len(overLimits))
	overrun := func(i int) {
		send(overs, i, fmt.Sprintf("overrun %d", i), map[string]any{"problem": "latin", "puzzle": latin, "timeout_ms": overLimits[i].Milliseconds()})
	}
	for i := range overLimits {
		go overrun(i)
	}
	require.Eventually(t, func() bool { return len(s.searches) == len(overLimits) }, 5*time.Second, time.Millisecond, "the overruns hold the tokens")
	answers := make(chan answer, n)
	start := time.Now()
	for i, pz := range puzzles {
		go send(answers, i, fmt.Sprintf("solve %d", i), map[string]any{"problem": pz.problem, "puzzle": pz.text})
	}
	var slowest, slowestClient, wall time.Duration
	var busy []int // the solves not answered yet when each overrun was
	for range overLimits {
		a := <-overs
		busy = append(busy, n-len(answers))
		require.Equal(t, 200, a.code, "%s: %v", a.name, a.out)
		assert.Equal(t, "unknown", a.out["status"], "%s: %v", a.name, a.out)
		assert.Equal(t, "time limit", a.out["stopped"], "%s: %v", a.name, a.out)
		took := times.of(a.name)
		assert.Less(t, took, overLimits[a.i]+slack, "%s answered after %v", a.name, took)
		t.Logf("%s, limit %v: answered after %v", a.name, overLimits[a.i], took)
	}
	for range n {
		a := <-answers
		require.Equal(t, 200, a.code, "%s: %v", a.name, a.out)
		require.Equal(t, "solved", a.out["status"], "%s: %v", a.name, a.out)
		require.NoError(t, checked(t, puzzles[a.i].problem, puzzles[a.i].text, gridOf(t, a.out["solution"])))
		took := times.of(a.name)
		assert.Less(t, took, limit+slack, "%s answered after %v", a.name, took)
		slowest, slowestClient, wall = max(slowest, took), max(slowestClient, a.took), max(wall, a.at.Sub(start))
	}
	close(stop)
	heap := <-peak
	assert.Less(t, heap, uint64(loadHeapBound), "peak heap in use")
	t.Logf("%d solves in %v, the slowest answered after %v (%v for its client); %v of them under way when the overruns were answered; peak heap in use %.1f MiB",
		n, wall, slowest, slowestClient, busy, float64(heap)/(1<<20))
	took := settles(t, s, ts, base, 2*time.Second)
	t.Logf("no search left running: the server settled %v after the last answer", took)
}

// loadHeapBound is the heap the load test allows, server and clients.
const loadHeapBound = 64 << 20

// syncBuffer is a buffer safe to write and read from two goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// csp serve says where it listens, serves, and on an interrupt stops the
// search under way (its client is answered) and shuts down with status 0.
func TestServeCommand(t *testing.T) {
	saved := cli.Interrupts
	t.Cleanup(func() { cli.Interrupts = saved })
	cli.Interrupts = func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(1500*time.Millisecond, cancel) // as a Ctrl-C would
		return ctx, cancel
	}
	var stdout, stderr syncBuffer
	status := make(chan int)
	go func() {
		status <- serve(cli.NewOutput(&stdout), cli.NewOutput(&stderr), []string{"--addr", "127.0.0.1:0"})
	}()
	addrRE := regexp.MustCompile(`listening on (http://127\.0\.0\.1:\d+)/`)
	var base string
	require.Eventually(t, func() bool {
		m := addrRE.FindStringSubmatch(stdout.String())
		if m != nil {
			base = m[1]
		}
		return m != nil
	}, 5*time.Second, 5*time.Millisecond, "no address in %q", stdout.String())
	resp, err := http.Get(base + "/api/problems")
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	assert.Equal(t, 200, resp.StatusCode)

	b, err := json.Marshal(map[string]any{"problem": "latin", "puzzle": hardLatin(t)})
	require.NoError(t, err)
	resp, err = http.Post(base+"/api/solve", "application/json", bytes.NewReader(b))
	require.NoError(t, err, "the search under way is answered")
	var out map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	require.NoError(t, resp.Body.Close())
	assert.Equal(t, "unknown", out["status"])
	assert.Equal(t, "canceled", out["stopped"])
	select {
	case code := <-status:
		assert.Equal(t, 0, code, stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatal("csp serve did not stop")
	}
	assert.Contains(t, stdout.String(), "shutting down")
	assert.Empty(t, stderr.String(), "no warning on loopback")
}

func TestLoopback(t *testing.T) {
	for _, c := range []struct {
		ip   string
		want bool
	}{{"127.0.0.1", true}, {"::1", true}, {"0.0.0.0", false}, {"192.168.1.2", false}, {"::", false}} {
		assert.Equal(t, c.want, loopback(&net.TCPAddr{IP: net.ParseIP(c.ip)}), c.ip)
	}
}

// A post that does not say it is JSON is refused (a form or text/plain
// from another site's page), and so is a request for another host name
// on a loopback server (DNS rebinding).
func TestServeRefusesOtherSites(t *testing.T) {
	_, ts := testServer(t, serveConfig{})
	for _, c := range []struct{ path, ctype string }{
		{"/api/solve", "text/plain"},
		{"/api/solve", "application/x-www-form-urlencoded"},
		{"/api/solve", ""},
		{"/api/bench/report", "text/plain"},
		{"/api/bench", "multipart/form-data; boundary=x"},
	} {
		resp, err := ts.Client().Post(ts.URL+c.path, c.ctype, strings.NewReader(`{"problem":"sudoku","puzzle":"`+strings.TrimSpace(clitest.SudokuEuler)+`"}`))
		require.NoError(t, err)
		assert.Equal(t, http.StatusUnsupportedMediaType, resp.StatusCode, "%s %q", c.path, c.ctype)
		require.NoError(t, resp.Body.Close())
	}
	resp, err := ts.Client().Post(ts.URL+"/api/solve", "application/json; charset=utf-8", strings.NewReader(`{"problem":"sudoku","puzzle":"`+strings.TrimSpace(clitest.SudokuEuler)+`"}`))
	require.NoError(t, err)
	assert.Equal(t, 200, resp.StatusCode, "a charset is fine")
	require.NoError(t, resp.Body.Close())

	h := localOnly(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) }), 8080)
	for host, want := range map[string]int{"localhost:8080": 418, "127.0.0.1:8080": 418, "[::1]:8080": 418,
		"evil.example:8080": 403, "localhost:9090": 403, "127.0.0.1": 403} {
		r := httptest.NewRequest(http.MethodGet, "/api/problems", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		assert.Equal(t, want, w.Code, host)
	}
}

// The clue of a step of a rule that uses one clue (catalog.LineClue) is
// found from its line: an edge clue where the line starts on an edge and
// crosses the grid, else an interior clue in its first cell looking along
// it; a whole line's step (catalog.LineEnds) has both its edge clues.
func TestClueAt(t *testing.T) {
	b := catalog.Board{Rows: 4, Cols: 4, Edges: &catalog.Edges{Top: []int{0, 2, 0, 0}, Bottom: []int{0, 0, 0, 3}, Left: []int{1, 0, 0, 0}, Right: []int{0, 0, 2, 0}},
		Interior: []catalog.InteriorClue{{Cell: [2]int{2, 1}, Look: "up", Value: 2}, {Cell: [2]int{2, 1}, Look: "right", Value: 3}}}
	col := func(c int, down bool) [][2]int {
		var out [][2]int
		for r := range 4 {
			if down {
				out = append(out, [2]int{r, c})
			} else {
				out = append(out, [2]int{3 - r, c})
			}
		}
		return out
	}
	idx := func(i int) *int { return &i }
	for _, c := range []struct {
		name  string
		scope [][2]int
		want  *clueRef
	}{
		{"top", col(1, true), &clueRef{Side: "top", Index: idx(1)}},
		{"bottom", col(3, false), &clueRef{Side: "bottom", Index: idx(3)}},
		{"left", [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}}, &clueRef{Side: "left", Index: idx(0)}},
		{"right", [][2]int{{2, 3}, {2, 2}, {2, 1}, {2, 0}}, &clueRef{Side: "right", Index: idx(2)}},
		{"interior up", [][2]int{{2, 1}, {1, 1}, {0, 1}}, &clueRef{Cell: &[2]int{2, 1}}},
		{"interior right", [][2]int{{2, 1}, {2, 2}, {2, 3}}, &clueRef{Cell: &[2]int{2, 1}}},
		{"no clue there", col(0, true), nil},
		{"one cell", [][2]int{{0, 1}}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, clueAt(b, c.scope))
		})
	}
	assert.Equal(t, []clueRef{{Side: "top", Index: idx(3)}, {Side: "bottom", Index: idx(3)}}, lineClues(catalog.Board{Rows: 4, Cols: 4,
		Edges: &catalog.Edges{Top: []int{0, 0, 0, 1}, Bottom: []int{0, 0, 0, 3}, Left: make([]int, 4), Right: make([]int, 4)}}, col(3, true)))
	assert.Equal(t, []clueRef{{Side: "right", Index: idx(2)}}, lineClues(b, [][2]int{{2, 0}, {2, 1}, {2, 2}, {2, 3}}))
}

// TestServeSlowBody: a body that stops arriving is answered once
// bodyTimeout passes, whatever answers it: 408 naming the wait from the
// search API (mid-object, or after a whole object) and the bench report
// upload; the 415, 404 and 403 that need no body are sent then too,
// rather than never.
func TestServeSlowBody(t *testing.T) {
	old := bodyTimeout
	bodyTimeout = 200 * time.Millisecond
	t.Cleanup(func() { bodyTimeout = old })
	s := testServerOf(t, serveConfig{})
	ts := httptest.NewUnstartedServer(nil)
	s.localPort = ts.Listener.Addr().(*net.TCPAddr).Port
	ts.Config.Handler = s.handler()
	ts.Start()
	t.Cleanup(ts.Close)
	addr := ts.Listener.Addr().String()
	whole := `{"problem":"sudoku","puzzle":"1..............."}`
	for _, tc := range []struct {
		name, path, host, ctype, body string
		code                          int
	}{
		{"mid-object", "/api/solve", addr, "application/json", `{"problem"`, http.StatusRequestTimeout},
		{"after the object", "/api/count", addr, "application/json", whole, http.StatusRequestTimeout},
		{"bench upload", "/api/bench/report", addr, "application/x-ndjson", `{"problem"`, http.StatusRequestTimeout},
		{"not JSON", "/api/count", addr, "text/plain", `{"pro`, http.StatusUnsupportedMediaType},
		{"no such endpoint", "/api/nothing", addr, "application/json", `{"pro`, http.StatusNotFound},
		{"another host", "/api/solve", "example.com", "application/json", `{"pro`, http.StatusForbidden},
	} {
		conn, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		_, err = fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s",
			tc.path, tc.host, tc.ctype, len(tc.body)+50, tc.body)
		require.NoError(t, err)
		require.NoError(t, conn.SetReadDeadline(time.Now().Add(10*time.Second)))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		require.NoError(t, err, tc.name)
		body, _ := io.ReadAll(resp.Body)
		assert.Equal(t, tc.code, resp.StatusCode, "%s: %s", tc.name, body)
		if tc.code == http.StatusRequestTimeout {
			assert.Contains(t, string(body), "the body did not arrive within 200ms", tc.name)
		}
		conn.Close()
	}
}
