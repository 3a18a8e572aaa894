package main

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// full returns n x n candidates, every cell holding 1..n.
func full(n int) [][][]int {
	out := make([][][]int, n)
	for r := range out {
		out[r] = make([][]int, n)
		for c := range out[r] {
			for v := 1; v <= n; v++ {
				out[r][c] = append(out[r][c], v)
			}
		}
	}
	return out
}

func TestServeCandidates(t *testing.T) {
	_, ts := testServer(t, serveConfig{})
	const towers = "4:3/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3" // its one solution starts 2 1 4 3

	t.Run("the hint starts from the board", func(t *testing.T) {
		cands := full(4)
		cands[0][0] = []int{2}
		code, ans := post(t, ts, "/api/hint", map[string]any{"problem": "skyscraper", "puzzle": towers, "candidates": cands})
		require.Equal(t, http.StatusOK, code, ans)
		step := ans["step"].(map[string]any)
		assert.Equal(t, "naked single", step["rule"], "r1c1 set on the board is a single: the first step uses it")
		assert.Contains(t, step["why"], "r1c1 holds 2")
	})

	t.Run("a solve honours the marks", func(t *testing.T) {
		cands := full(4)
		cands[0][0] = []int{1, 3, 4} // the solution's 2 taken out
		code, ans := post(t, ts, "/api/solve", map[string]any{"problem": "skyscraper", "puzzle": towers, "candidates": cands})
		require.Equal(t, http.StatusOK, code, ans)
		assert.Equal(t, "unsatisfiable", ans["status"])
		cands[0][0] = []int{2, 3}
		code, ans = post(t, ts, "/api/solve", map[string]any{"problem": "skyscraper", "puzzle": towers, "candidates": cands})
		require.Equal(t, http.StatusOK, code, ans)
		assert.Equal(t, "solved", ans["status"])
		assert.Equal(t, 2, gridOf(t, ans["solution"])[0][0])
	})

	bad := func(edit func(c [][][]int) [][][]int) [][][]int { return edit(full(4)) }
	for _, tc := range []struct {
		name  string
		body  map[string]any
		wants string
	}{
		{"too few rows", map[string]any{"candidates": bad(func(c [][][]int) [][][]int { return c[:3] })}, "candidates: 3 rows, want 4"},
		{"a short row", map[string]any{"candidates": bad(func(c [][][]int) [][][]int { c[1] = c[1][:2]; return c })}, "row 2 has 2 cells, want 4"},
		{"an empty cell", map[string]any{"candidates": bad(func(c [][][]int) [][][]int { c[1][2] = []int{}; return c })}, "r2c3 has no value left"},
		{"a value out of range", map[string]any{"candidates": bad(func(c [][][]int) [][][]int { c[0][0] = []int{1, 5}; return c })}, "r1c1: [1 5], want values of 1..4"},
		{"not increasing", map[string]any{"candidates": bad(func(c [][][]int) [][][]int { c[3][3] = []int{2, 1}; return c })}, "r4c4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := map[string]any{"problem": "skyscraper", "puzzle": towers}
			for k, v := range tc.body {
				body[k] = v
			}
			code, ans := post(t, ts, "/api/hint", body)
			assert.Equal(t, http.StatusBadRequest, code)
			assert.Contains(t, ans["error"], tc.wants)
		})
	}

	t.Run("with a puzzle in the pencil-mark form", func(t *testing.T) {
		code, ans := post(t, ts, "/api/marks", map[string]any{"problem": "skyscraper", "puzzle": towers, "up_to": "none"})
		require.Equal(t, http.StatusOK, code, ans)
		code, ans = post(t, ts, "/api/hint", map[string]any{"problem": "skyscraper", "puzzle": ans["text"], "marks": true, "candidates": full(4)})
		assert.Equal(t, http.StatusBadRequest, code)
		assert.Contains(t, ans["error"], "send one or the other")
	})

	t.Run("the givens stay", func(t *testing.T) {
		for _, tc := range []struct{ problem, puzzle string }{
			{"latin", "2\n1 0\n0 0"},
			{"sudoku", "1..............."},
		} {
			n := 2
			if tc.problem == "sudoku" {
				n = 4
			}
			cands := full(n)
			cands[0][0] = []int{2} // r1c1's given is 1
			code, ans := post(t, ts, "/api/solve", map[string]any{"problem": tc.problem, "puzzle": tc.puzzle, "candidates": cands})
			assert.Equal(t, http.StatusBadRequest, code, "%s: %v", tc.problem, ans)
			assert.Contains(t, ans["error"], "candidates: r1c1: [2] leaves out the puzzle's given 1", tc.problem)
			// Every value left everywhere: the given still holds.
			code, ans = post(t, ts, "/api/count", map[string]any{"problem": tc.problem, "puzzle": tc.puzzle, "candidates": full(n)})
			require.Equal(t, http.StatusOK, code, "%s: %v", tc.problem, ans)
			code, want := post(t, ts, "/api/count", map[string]any{"problem": tc.problem, "puzzle": tc.puzzle})
			require.Equal(t, http.StatusOK, code, "%s: %v", tc.problem, want)
			assert.Equal(t, want["verdict"], ans["verdict"], tc.problem)
			for _, sol := range ans["solutions"].([]any) {
				assert.Equal(t, 1, gridOf(t, sol)[0][0], tc.problem)
			}
		}
	})

	t.Run("a problem with no pencil marks", func(t *testing.T) {
		kenken := `{"size":2,"cages":[{"cells":[[0,0],[0,1]],"op":"+","target":3},{"cells":[[1,0]],"target":2},{"cells":[[1,1]],"target":1}]}`
		code, ans := post(t, ts, "/api/solve", map[string]any{"problem": "kenken", "puzzle": kenken, "candidates": full(2)})
		assert.Equal(t, http.StatusBadRequest, code, ans)
		assert.Contains(t, ans["error"], "kenken has no pencil-mark form")
	})
}
