package cli

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/skyscraper"
)

// The tests of the authors' tools (check, grade, explain, hint, marks and
// generate --difficulty) judge answers with the problems' own checkers
// and by replaying the steps printed, never against memorised output.

// instancesOf reads the well-formed instances of a problem from text.
func instancesOf(t *testing.T, problem, text string) []any {
	t.Helper()
	p, ok := catalog.Lookup(problem)
	require.True(t, ok, problem)
	var out []any
	for it := range p.Read(strings.NewReader(text), false) {
		if it.Err == nil {
			out = append(out, it.Value)
		}
	}
	return out
}

// checker returns the problem's independent checker.
func checker(t *testing.T, problem string) func(inst any, g [][]int) error {
	t.Helper()
	p, ok := catalog.Lookup(problem)
	require.True(t, ok, problem)
	return p.Check
}

// cellName names a cell as the tools do, from 0-based row and column.
func cellName(r, c int) string { return fmt.Sprintf("r%dc%d", r+1, c+1) }

// sudokuLine returns line k (from 1) of a file, as one instance.
func sudokuLine(t *testing.T, path string, k int) string {
	t.Helper()
	lines := strings.Split(readFile(t, path), "\n")
	require.Greater(t, len(lines), k-1)
	return lines[k-1] + "\n"
}

// Instances of testdata/sudoku_batch.txt by line: a box-line puzzle, one
// needing search (Inkala's), one solved by singles (Project Euler 96,
// grid 1), two 5s in a row (no solution) and a 4x4 solved by singles.
const (
	batchBoxLine  = 2
	batchSearch   = 3
	batchSingles  = 4
	batchTwoFives = 5
	batch4x4      = 6
)

// unsatLatin has no completion although no given repeats.
const unsatLatin = "3\n3 0 0\n2 0 3\n0 3 1\n"

func TestCheckVerdicts(t *testing.T) {
	sudokuCheck := checker(t, "sudoku")
	t.Run("unique", func(t *testing.T) {
		in := sudokuLine(t, "../../../problems/sudoku/testdata/samples/17_clue.txt", 1)
		r := runCSP(t, in, "check", "sudoku", "-")
		assert.Equal(t, 0, r.code, r.stderr)
		assert.Contains(t, r.stdout, "(line 1): unique\n")
		j := runCSP(t, in, "check", "sudoku", "--json", "-")
		assert.Equal(t, 0, j.code, j.stderr)
		recs := decodeLines(t, j.stdout)
		require.Len(t, recs, 1)
		assert.Equal(t, "unique", recs[0]["verdict"])
		sols := grids(t, recs[0]["solutions"])
		require.Len(t, sols, 1)
		assert.NoError(t, sudokuCheck(instancesOf(t, "sudoku", in)[0], sols[0]))
		assert.NotContains(t, recs[0], "differ")
	})
	t.Run("multiple", func(t *testing.T) {
		in := readFile(t, "testdata/sudoku_multiple.txt")
		insts := instancesOf(t, "sudoku", in)
		r := runCSP(t, "", "check", "sudoku", "--json", "testdata/sudoku_multiple.txt")
		assert.Equal(t, 1, r.code, "not unique: status 1")
		recs := decodeLines(t, r.stdout)
		require.Len(t, recs, len(insts))
		for i, rec := range recs {
			assert.Equal(t, "multiple", rec["verdict"])
			sols := grids(t, rec["solutions"])
			require.Len(t, sols, 2)
			require.NotEqual(t, sols[0], sols[1], "two different solutions")
			for _, g := range sols {
				assert.NoError(t, sudokuCheck(insts[i], g), "instance %d", i+1)
			}
			var differ []string
			for r := range sols[0] {
				for c := range sols[0][r] {
					if sols[0][r][c] != sols[1][r][c] {
						differ = append(differ, cellName(r, c))
					}
				}
			}
			assert.Equal(t, differ, strings.Fields(strings.Trim(fmt.Sprint(rec["differ"]), "[]")), "instance %d: differ", i+1)
		}
		h := runCSP(t, "", "check", "sudoku", "testdata/sudoku_multiple.txt")
		assert.Equal(t, 1, h.code)
		assert.Equal(t, len(insts), strings.Count(h.stdout, ": multiple: two solutions differ in"))
		assert.Equal(t, len(insts), strings.Count(h.stdout, "% solution 2:"))
	})
	t.Run("none", func(t *testing.T) {
		for _, c := range []struct{ problem, in, why string }{
			{"sudoku", sudokuLine(t, "testdata/sudoku_batch.txt", batchTwoFives), "sudoku: givens clash: r1c1 and r1c5 both hold 5 (row 1)"},
			{"latin", unsatLatin, "no solution"},
		} {
			r := runCSP(t, c.in, "check", c.problem, "-")
			assert.Equal(t, 1, r.code, c.problem)
			assert.Contains(t, r.stdout, ": none: "+c.why, c.problem)
			j := runCSP(t, c.in, "check", c.problem, "--json", "-")
			recs := decodeLines(t, j.stdout)
			require.Len(t, recs, 1)
			assert.Equal(t, "none", recs[0]["verdict"], c.problem)
		}
	})
	t.Run("no model", func(t *testing.T) {
		r := runCSP(t, "", "check", "sudoku")
		assert.Equal(t, 2, r.code, "missing FILE")
	})
}

// grids reads a JSON list of grids.
func grids(t *testing.T, v any) [][][]int {
	t.Helper()
	list, ok := v.([]any)
	require.True(t, ok, "%v", v)
	out := make([][][]int, len(list))
	for i, g := range list {
		out[i] = grid(t, g)
	}
	return out
}

func TestGrade(t *testing.T) {
	r := runCSP(t, "", "grade", "sudoku", "--json", "testdata/sudoku_batch.txt")
	assert.Equal(t, 1, r.code, "malformed and unsolvable instances")
	byLine := map[int]map[string]any{}
	for _, rec := range decodeLines(t, r.stdout) {
		byLine[int(rec["line"].(float64))] = rec
		if rec["status"] == "error" {
			continue
		}
		levels := fmt.Sprint(rec["levels"])
		assert.Equal(t, "[singles hidden singles box-line subsets assumptions search]", levels)
		lv := int(rec["level"].(float64))
		if rec["grade"] == "none" {
			assert.Equal(t, 0, lv)
			continue
		}
		assert.Equal(t, rec["levels"].([]any)[lv-1], rec["grade"], "level is the grade's 1-based place")
	}
	assert.Equal(t, "singles", byLine[batchSingles]["grade"])
	assert.Equal(t, "singles", byLine[batch4x4]["grade"])
	assert.Equal(t, "box-line", byLine[batchBoxLine]["grade"])
	assert.EqualValues(t, 0, byLine[batchSingles]["guesses"])
	assert.Equal(t, "unique", byLine[batchSingles]["verdict"])

	hard := byLine[batchSearch]
	assert.Equal(t, "search", hard["grade"])
	assert.EqualValues(t, 6, hard["level"])
	assert.Greater(t, hard["guesses"].(float64), 0.0)
	assert.Greater(t, hard["depth"].(float64), 0.0)
	assert.Equal(t, "unique", hard["verdict"])

	assert.Equal(t, "none", byLine[batchTwoFives]["verdict"])
	assert.Equal(t, "error", byLine[7]["status"])

	h := runCSP(t, sudokuLine(t, "testdata/sudoku_batch.txt", batchSingles), "grade", "sudoku", "-")
	assert.Equal(t, 0, h.code)
	assert.Regexp(t, `\(line 1\): singles \(level 1 of singles < .* < search\): \d+ steps, unique`, h.stdout)

	u := runCSP(t, "", "grade", "kenken", "-")
	assert.Equal(t, 2, u.code, "no ladder: a usage error")
	assert.Contains(t, u.stderr, "no reasoning rules")
}

// grade --up-to L keeps a puzzle's grade when it is L or below, and
// otherwise says the puzzle is beyond L, with the exit status 1.
func TestGradeUpTo(t *testing.T) {
	levels := catalogLevels(t, "skyscraper")
	full := decodeLines(t, runCSP(t, "", "grade", "skyscraper", "--json", "testdata/bench/towers.txt").stdout)
	require.NotEmpty(t, full)
	for k := 1; k <= len(levels); k++ {
		r := runCSP(t, "", "grade", "skyscraper", "--json", "--up-to", fmt.Sprint(k), "testdata/bench/towers.txt")
		recs := decodeLines(t, r.stdout)
		require.Len(t, recs, len(full))
		anyBeyond := false
		for i, rec := range recs {
			lv := int(full[i]["level"].(float64))
			if lv <= k {
				assert.Equal(t, full[i]["grade"], rec["grade"], "puzzle %d, --up-to %d", i+1, k)
				assert.NotContains(t, rec, "beyond")
				continue
			}
			anyBeyond = true
			assert.Equal(t, "beyond "+levels[k-1], rec["grade"], "puzzle %d, --up-to %d", i+1, k)
			assert.Equal(t, true, rec["beyond"])
			assert.EqualValues(t, k+1, rec["level"], "the least level it can have")
			assert.Equal(t, "unique", rec["verdict"])
		}
		assert.Equal(t, map[bool]int{false: 0, true: 1}[anyBeyond], r.code, "--up-to %d", k)
	}
}

// replayExplain applies the removals of explain's JSON step records to
// the candidates of inst (given cells fixed, others 1..n), checking each
// value is still there, and returns the candidates left.
func replayExplain(t *testing.T, givens [][]int, n int, recs []map[string]any) map[string][]int {
	t.Helper()
	cands := map[string][]int{}
	for r, row := range givens {
		for c, v := range row {
			if v != 0 {
				cands[cellName(r, c)] = []int{v}
				continue
			}
			for k := 1; k <= n; k++ {
				cands[cellName(r, c)] = append(cands[cellName(r, c)], k)
			}
		}
	}
	for k, rec := range recs {
		assert.EqualValues(t, k+1, rec["step"])
		for _, f := range []string{"rule", "level", "why"} {
			assert.NotEmpty(t, rec[f], "step %d: %s", k+1, f)
		}
		removed, ok := rec["removed"].(map[string]any)
		require.True(t, ok, "step %d removes something", k+1)
		for cell, vals := range removed {
			for _, v := range vals.([]any) {
				i := slices.Index(cands[cell], int(v.(float64)))
				require.GreaterOrEqual(t, i, 0, "step %d removes %v from %s, not a candidate: %s", k+1, v, cell, rec["why"])
				cands[cell] = slices.Delete(cands[cell], i, i+1)
			}
		}
	}
	return cands
}

func TestExplain(t *testing.T) {
	sudokuCheck := checker(t, "sudoku")
	for _, k := range []int{batchSingles, batch4x4, batchBoxLine} {
		in := sudokuLine(t, "testdata/sudoku_batch.txt", k)
		inst := instancesOf(t, "sudoku", in)[0]
		t.Run(fmt.Sprintf("line %d", k), func(t *testing.T) {
			r := runCSP(t, in, "explain", "sudoku", "--json", "-")
			require.Equal(t, 0, r.code, r.stderr)
			recs := decodeLines(t, r.stdout)
			require.Greater(t, len(recs), 1)
			final := recs[len(recs)-1]
			steps := recs[:len(recs)-1]
			assert.Equal(t, "solved", final["status"])
			assert.EqualValues(t, len(steps), final["steps"])
			assert.NotContains(t, final, "guess_needed")
			sol := grid(t, final["solution"])
			require.NoError(t, sudokuCheck(inst, sol))
			levels := []string{"singles", "hidden singles", "box-line", "subsets", "assumptions"}
			hardest := 0
			for _, st := range steps {
				l := slices.Index(levels, st["level"].(string))
				require.GreaterOrEqual(t, l, 0, "%v", st["level"])
				hardest = max(hardest, l)
			}
			assert.Equal(t, levels[hardest], final["grade"])

			// The steps replayed on the candidates leave the solution.
			cands := replayExplain(t, lineGrid(t, in), len(sol), steps)
			for r, row := range sol {
				for c, v := range row {
					assert.Equal(t, []int{v}, cands[cellName(r, c)], "%s", cellName(r, c))
				}
			}

			// The human form: a numbered line per step, then the solution,
			// which reads back and passes the checker, then a summary.
			h := runCSP(t, in, "explain", "sudoku", "-")
			require.Equal(t, 0, h.code)
			lines := strings.Split(strings.TrimSuffix(h.stdout, "\n"), "\n")
			require.Greater(t, len(lines), 3)
			// The header counts the steps of each level used, and names
			// every level available.
			var used []string
			for _, l := range levels {
				k := 0
				for _, st := range steps {
					if st["level"] == l {
						k++
					}
				}
				if k > 0 {
					used = append(used, fmt.Sprintf("%s (%d)", l, k))
				}
			}
			assert.Equal(t, fmt.Sprintf("%% instance 1 (line 1): %d steps using %s; available: %s", len(steps), strings.Join(used, ", "), strings.Join(levels, ", ")), lines[0])
			assert.EqualValues(t, len(used), len(final["levels_used"].(map[string]any)))
			assert.Equal(t, len(steps)+3, len(lines), "a header, the steps, the solution, a summary")
			assert.Regexp(t, fmt.Sprintf(`solved in %d steps without a guess; hardest level used: %s$`, len(steps), levels[hardest]), lines[len(lines)-1])
			assert.Len(t, instancesOf(t, "sudoku", lines[len(lines)-2]), 1, "the solution reads back")
			assert.Equal(t, sol, lineGrid(t, lines[len(lines)-2]))
		})
	}
	t.Run("a guess needed", func(t *testing.T) {
		in := sudokuLine(t, "testdata/sudoku_batch.txt", batchSearch)
		inst := instancesOf(t, "sudoku", in)[0]
		for _, upTo := range []string{"", "1", "singles"} {
			args := []string{"explain", "sudoku", "--json", "-"}
			if upTo != "" {
				args = append(args, "--up-to", upTo)
			}
			r := runCSP(t, in, args...)
			require.Equal(t, 0, r.code, r.stderr)
			recs := decodeLines(t, r.stdout)
			final := recs[len(recs)-1]
			assert.Equal(t, true, final["guess_needed"])
			assert.Greater(t, final["guesses"].(float64), 0.0)
			assert.NoError(t, sudokuCheck(inst, grid(t, final["solution"])))
			for _, st := range recs[:len(recs)-1] {
				if upTo != "" {
					assert.Equal(t, "singles", st["level"], "--up-to %s", upTo)
				}
			}
		}
		h := runCSP(t, in, "explain", "sudoku", "-", "--up-to", "1")
		assert.Regexp(t, `^% instance 1 \(line 1\): \d+ steps using singles \(\d+\); available: singles \(up to level 1 of 5\)\n`, h.stdout)
		assert.Contains(t, h.stdout, "no rule up to singles applies; a guess is needed")
		assert.Regexp(t, `search finished it \(\d+ guesses\): the only solution \(unique\)\n$`, h.stdout)
	})
	t.Run("several solutions", func(t *testing.T) {
		// Issue 16's 4x4 puzzle, 24 solutions: the steps stop, search
		// finishes one of them, and explain says it is not the only one.
		in := `{"size":4,"clues":[0,3,0,0,0,0,0,0,0,0,0,1,1,0,0,0]}` + "\n"
		h := runCSP(t, in, "explain", "skyscraper", "-")
		assert.Equal(t, 1, h.code, "several solutions: exit 1")
		assert.Regexp(t, `search finished it \(\d+ guess(es)?\): one of several solutions \(multiple: check shows two\)\n$`, h.stdout)
		j := runCSP(t, in, "explain", "skyscraper", "--json", "-")
		recs := decodeLines(t, j.stdout)
		final := recs[len(recs)-1]
		assert.Equal(t, "multiple", final["verdict"])
		assert.NoError(t, checker(t, "skyscraper")(instancesOf(t, "skyscraper", in)[0], grid(t, final["solution"])))
	})
	t.Run("no solution", func(t *testing.T) {
		r := runCSP(t, unsatLatin, "explain", "latin", "-")
		assert.Equal(t, 1, r.code)
		assert.Contains(t, r.stdout, "contradiction after")
		// Givens that clash: said at once, no step taken.
		c := runCSP(t, sudokuLine(t, "testdata/sudoku_batch.txt", batchTwoFives), "explain", "sudoku", "-")
		assert.Equal(t, 1, c.code)
		assert.Equal(t, "% instance 1 (line 1): none: sudoku: givens clash: r1c1 and r1c5 both hold 5 (row 1)\n", c.stdout)
		assert.Empty(t, c.stderr, "a verdict, not an error")
	})
}

// lineGrid reads a one-line sudoku (its first field: digits, '.' or '0'
// for empty) as rows.
func lineGrid(t *testing.T, line string) [][]int {
	t.Helper()
	f := strings.Fields(line)
	require.NotEmpty(t, f)
	cells := f[0]
	n := 0
	for n*n < len(cells) {
		n++
	}
	require.Equal(t, n*n, len(cells), "a square count of cells: %q", cells)
	g := make([][]int, n)
	for i := range g {
		g[i] = make([]int, n)
		for j := range g[i] {
			if ch := cells[i*n+j]; ch >= '1' && ch <= '9' {
				g[i][j] = int(ch - '0')
			}
		}
	}
	return g
}

func TestHint(t *testing.T) {
	in4 := sudokuLine(t, "testdata/sudoku_batch.txt", batch4x4)
	r := runCSP(t, in4, "hint", "sudoku", "-")
	assert.Equal(t, 0, r.code)
	assert.Equal(t, 1, strings.Count(r.stdout, "\n"), "exactly one step:\n%s", r.stdout)
	assert.Contains(t, r.stdout, "next step (singles): [naked single]")
	j := runCSP(t, in4, "hint", "sudoku", "--json", "-")
	recs := decodeLines(t, j.stdout)
	require.Len(t, recs, 1)
	assert.EqualValues(t, 1, recs[0]["step"])
	assert.Equal(t, "naked single", recs[0]["rule"])

	// Once singles are done (pencil marks from marks --up-to 1), hint up
	// to the first level finds nothing, up to the second a hidden single.
	hard := sudokuLine(t, "testdata/sudoku_batch.txt", batchSearch)
	m := runCSP(t, hard, "marks", "sudoku", "--up-to", "1", "-")
	if m.code == 2 && strings.Contains(m.stderr, "no pencil-mark form") {
		t.Skip("sudoku has no pencil-mark form yet")
	}
	require.Equal(t, 0, m.code, m.stderr)
	for _, c := range []struct {
		upTo, want string
		code       int
	}{
		{"1", "no rule up to singles applies: a guess is needed", 1},
		{"singles", "no rule up to singles applies: a guess is needed", 1},
		{"2", "next step (hidden singles): [hidden single]", 0},
		{"hidden singles", "next step (hidden singles): [hidden single]", 0},
		{"", "next step (hidden singles): [hidden single]", 0},
	} {
		args := []string{"hint", "sudoku", "--marks", "-"}
		if c.upTo != "" {
			args = append(args, "--up-to", c.upTo)
		}
		h := runCSP(t, m.stdout, args...)
		assert.Equal(t, c.code, h.code, "--up-to %q", c.upTo)
		assert.Contains(t, h.stdout, c.want, "--up-to %q", c.upTo)
		assert.Equal(t, 1, strings.Count(h.stdout, "\n"), "--up-to %q: one line", c.upTo)
	}
	stuck := runCSP(t, m.stdout, "hint", "sudoku", "--marks", "--json", "--up-to", "1", "-")
	recs = decodeLines(t, stuck.stdout)
	require.Len(t, recs, 1)
	assert.Equal(t, "stuck", recs[0]["status"])
	assert.Equal(t, true, recs[0]["guess_needed"])

	for _, bad := range []string{"bogus", "0", "7"} {
		b := runCSP(t, in4, "hint", "sudoku", "--up-to", bad, "-")
		assert.Equal(t, 2, b.code, "--up-to %s: a usage error", bad)
		assert.Contains(t, b.stderr, fmt.Sprintf("invalid value %q for flag -up-to", bad))
		assert.NotContains(t, b.stdout, "next step")
	}

	full := runCSP(t, "1234342121434312\n", "hint", "sudoku", "-")
	assert.Equal(t, 0, full.code)
	assert.Contains(t, full.stdout, "solved already")
}

func TestMarks(t *testing.T) {
	inputs := map[string]string{
		"sudoku":     sudokuLine(t, "testdata/sudoku_batch.txt", batchSearch),
		"latin":      "5\n1 0 0 4 5\n0 3 0 0 0\n0 0 5 0 2\n0 0 0 2 1\n5 0 2 0 0\n",
		"skyscraper": "5:/5//////3////5/1///3////\n",
	}
	for _, problem := range []string{"sudoku", "latin", "skyscraper"} {
		t.Run(problem, func(t *testing.T) {
			in := inputs[problem]
			r := runCSP(t, in, "marks", problem, "-", "--up-to", "1")
			if r.code == 2 && strings.Contains(r.stderr, "no pencil-mark form") {
				t.Skipf("%s has no pencil-mark form yet", problem)
			}
			require.Equal(t, 0, r.code, r.stderr)
			require.NotEmpty(t, strings.TrimSpace(r.stdout))
			// What marks prints reads back, with --marks, as the same
			// candidates.
			want := runCSP(t, in, "marks", problem, "--json", "-", "--up-to", "1")
			require.Equal(t, 0, want.code, want.stderr)
			back := runCSP(t, r.stdout, "marks", problem, "--marks", "--json", "-", "--up-to", "none")
			require.Equal(t, 0, back.code, back.stderr)
			w, b := decodeLines(t, want.stdout), decodeLines(t, back.stdout)
			require.Len(t, w, 1)
			require.Len(t, b, 1)
			assert.Equal(t, w[0]["candidates"], b[0]["candidates"])
			// With no --up-to every level runs: the candidates are those of
			// the top level named, and the same from those marks read back
			// (where the rules stop does not depend on their order).
			all := runCSP(t, in, "marks", problem, "--json", "-")
			require.Equal(t, 0, all.code, all.stderr)
			top := runCSP(t, in, "marks", problem, "--json", "-", "--up-to", fmt.Sprint(len(catalogLevels(t, problem))))
			require.Equal(t, 0, top.code, top.stderr)
			again := runCSP(t, r.stdout, "marks", problem, "--marks", "--json", "-")
			require.Equal(t, 0, again.code, again.stderr)
			none := runCSP(t, in, "marks", problem, "--json", "-", "--up-to", "none")
			require.Equal(t, 0, none.code, none.stderr)
			a := decodeLines(t, all.stdout)
			assert.Equal(t, decodeLines(t, top.stdout)[0]["candidates"], a[0]["candidates"])
			assert.Equal(t, decodeLines(t, again.stdout)[0]["candidates"], a[0]["candidates"])
			assert.NotEqual(t, decodeLines(t, none.stdout)[0]["candidates"], a[0]["candidates"], "the default is not the givens' own marks")
			// And the candidates keep the solution.
			sol := runCSP(t, in, "solve", problem, "--json", "-")
			s := decodeLines(t, sol.stdout)
			require.Len(t, s, 1)
			g := grid(t, s[0]["solution"])
			cands := w[0]["candidates"].([]any)
			for i, row := range g {
				for j, v := range row {
					assert.Contains(t, cands[i].([]any)[j], float64(v), "r%dc%d", i+1, j+1)
				}
			}
		})
	}
	u := runCSP(t, "", "marks", "kenken", "-")
	assert.Equal(t, 2, u.code)
}

// catalogLevels returns the ladder of a problem.
func catalogLevels(t *testing.T, problem string) []string {
	t.Helper()
	p, ok := catalog.Lookup(problem)
	require.True(t, ok, problem)
	return p.Levels
}

func TestGenerateDifficulty(t *testing.T) {
	type want struct {
		problem, size, level, seed string
		slow                       bool
	}
	var cases []want
	// Up to 6x6, a skyscraper that needs search is rare: none in 400
	// attempts; so are 9x9 sudoku and 7x7 Latin squares that need it.
	for _, l := range []string{"edge rules and singles", "clue bounds", "clue filtering", "whole lines", "assumptions"} {
		cases = append(cases, want{"skyscraper", "5", l, "1", false})
	}
	for _, l := range []string{"singles", "hidden singles", "box-line", "subsets"} {
		cases = append(cases, want{"sudoku", "9", l, "1", false})
	}
	cases = append(cases, want{"sudoku", "9", "assumptions", "3", true})
	for _, l := range []string{"singles", "hidden singles", "subsets"} {
		cases = append(cases, want{"latin", "7", l, "1", false})
	}
	cases = append(cases, want{"latin", "7", "assumptions", "3", true})
	for _, c := range cases {
		if c.slow && testing.Short() {
			continue
		}
		t.Run(c.problem+"/"+c.level, func(t *testing.T) {
			g := runCSP(t, "", "generate", c.problem, "--size", c.size, "--difficulty", c.level, "--seed", c.seed, "--attempts", "300", "--time-limit", "0s")
			require.Equal(t, 0, g.code, g.stderr)
			require.NotEmpty(t, instancesOf(t, c.problem, g.stdout), "the output reads back")
			ch := runCSP(t, g.stdout, "check", c.problem, "--json", "-")
			assert.Equal(t, 0, ch.code, ch.stdout)
			recs := decodeLines(t, ch.stdout)
			require.Len(t, recs, 1)
			assert.Equal(t, "unique", recs[0]["verdict"])
			gr := runCSP(t, g.stdout, "grade", c.problem, "--json", "-")
			assert.Equal(t, 0, gr.code, gr.stdout)
			recs = decodeLines(t, gr.stdout)
			require.Len(t, recs, 1)
			assert.Equal(t, c.level, recs[0]["grade"])
		})
	}
	// Tatham's words are the ladder's levels their table maps them to:
	// the same puzzles, seed for seed; with --no-givens, clues only.
	levels := catalogLevels(t, "skyscraper")
	for _, a := range skyscraper.Tatham {
		t.Run("skyscraper/"+a.Name, func(t *testing.T) {
			args := []string{"generate", "skyscraper", "--size", "4", "--seed", "2", "--attempts", "300", "--time-limit", "0s", "--no-givens"}
			w := runCSP(t, "", append(args, "--difficulty", a.Name)...)
			require.Equal(t, 0, w.code, w.stderr)
			l := runCSP(t, "", append(args, "--difficulty", catalog.LevelName(levels, a.Level))...)
			require.Equal(t, 0, l.code, l.stderr)
			id := func(out string) string { return strings.Split(strings.TrimSpace(out), "\n")[1] }
			assert.Equal(t, id(l.stdout), id(w.stdout))
			assert.Contains(t, w.stdout, ", 0 givens ")
			assert.NotContains(t, id(w.stdout), ",", "a Towers ID with no givens")
			gr := decodeLines(t, runCSP(t, w.stdout, "grade", "skyscraper", "--json", "-").stdout)
			require.Len(t, gr, 1)
			assert.Equal(t, catalog.LevelName(levels, a.Level), gr[0]["grade"])
			assert.Equal(t, "unique", gr[0]["verdict"])
		})
	}
	for _, problem := range []string{"skyscraper", "sudoku", "latin"} {
		b := runCSP(t, "", "generate", problem, "--size", "5", "--difficulty", "bogus")
		assert.Equal(t, 2, b.code, problem)
		assert.Contains(t, b.stderr, `invalid value "bogus" for flag -difficulty: want `, problem)
	}
	// A sound request the generator cannot meet within its cap: status 1
	// (not a usage error), saying what was tried and why it failed; the
	// puzzles made before it are kept.
	g := runCSP(t, "", "generate", "latin", "--size", "5", "--difficulty", "subsets", "--attempts", "40", "--seed", "1")
	assert.Equal(t, 1, g.code)
	assert.Contains(t, g.stderr, "puzzle 1 of 1: no puzzle made within the cap on attempts: 40 attempts: ")
	assert.NotContains(t, g.stderr, "csp help")
	// Seed 1 makes its first puzzle within 3 attempts and not its second:
	// the first is printed, then the error.
	g = runCSP(t, "", "generate", "latin", "--size", "5", "--difficulty", "hidden singles", "--attempts", "3", "-n", "4", "--seed", "1")
	assert.Equal(t, 1, g.code)
	assert.Contains(t, g.stderr, "puzzle 2 of 4: no puzzle made within the cap on attempts: 3 attempts: ")
	assert.Len(t, instancesOf(t, "latin", g.stdout), 1, "the puzzle made before is kept")
	g = runCSP(t, "", "generate", "skyscraper", "--size", "4", "--difficulty", "1", "-n", "2", "--time-limit", "1ms", "--seed", "1")
	if g.code != 0 { // 1 ms may be enough on a fast machine
		assert.Equal(t, 1, g.code)
		assert.Contains(t, g.stderr, "no puzzle made within the time limit (1ms)")
	}
}

// TestAuthorBatchErrors: a malformed instance in a batch is reported, on
// stderr and in the output, and the others are still processed; the
// status is 1.
func TestAuthorBatchErrors(t *testing.T) {
	n := len(instancesOf(t, "sudoku", readFile(t, "testdata/sudoku_batch.txt")))
	for _, cmd := range []string{"check", "grade", "explain", "hint", "marks"} {
		t.Run(cmd, func(t *testing.T) {
			r := runCSP(t, "", cmd, "sudoku", "--json", "testdata/sudoku_batch.txt")
			assert.Equal(t, 1, r.code)
			assert.Contains(t, r.stderr, "line 7: sudoku: wrong count of cells")
			assert.Contains(t, r.stderr, "line 8, field 40: sudoku: bad symbol")
			seen := map[float64]bool{}
			errs := 0
			for _, rec := range decodeLines(t, r.stdout) {
				if _, step := rec["step"]; step && cmd == "explain" {
					continue
				}
				seen[rec["instance"].(float64)] = true
				if rec["status"] == "error" && strings.Contains(fmt.Sprint(rec["error"]), "sudoku: ") &&
					(rec["line"] == 7.0 || rec["line"] == 8.0) {
					errs++
				}
			}
			assert.Equal(t, 2, errs)
			assert.Len(t, seen, n+2, "every instance answered")
		})
	}
}

// TestExplainAssumptionChain: a step by contradiction carries its
// assumption and the steps that follow from it, in JSON ("cases") and in
// the human form (numbered n.1, n.2, ... under it), as many as its reason
// counts.
func TestExplainAssumptionChain(t *testing.T) {
	const towers = "6:2//////3//4////4//5///////2/3/4" // Tatham 6du
	r := runCSP(t, towers+"\n", "explain", "skyscraper", "--json", "-")
	require.Equal(t, 0, r.code, r.stderr)
	recs := decodeLines(t, r.stdout)
	chains := 0
	for _, st := range recs[:len(recs)-1] {
		if st["rule"] != "contradiction" {
			if st["rule"] != "forcing" {
				assert.NotContains(t, st, "cases")
			}
			continue
		}
		cases, ok := st["cases"].([]any)
		require.True(t, ok, "a step by assumption has its cases: %v", st)
		require.Len(t, cases, 1)
		c := cases[0].(map[string]any)
		assert.Contains(t, st["why"], fmt.Sprintf("if %s held %v,", c["cell"], c["value"]))
		chain := c["steps"].([]any)
		require.NotEmpty(t, chain)
		assert.Contains(t, st["why"], fmt.Sprintf(" %d step", len(chain)))
		chains++
	}
	require.Positive(t, chains, "the puzzle needs assumptions")
	h := runCSP(t, towers+"\n", "explain", "skyscraper", "-")
	require.Equal(t, 0, h.code)
	assert.Regexp(t, `(?m)^ +\d+\.1 \[`, h.stdout)
}
