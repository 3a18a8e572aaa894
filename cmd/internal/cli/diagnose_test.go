package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"

	"github.com/stretchr/testify/require"
)

// TestDiagnose checks diagnose's answers against the solver: the core of
// a puzzle with no solution has none and is minimal (without any one of
// its items the puzzle is solvable), and the givens added to a puzzle with
// several solutions leave exactly one.
func TestDiagnose(t *testing.T) {
	// A solvable puzzle with one clue changed (3 to 4 on the left edge):
	// it has no solution.
	broken := "4:1/2/2/2/4/1/2/3/1/2/2/2/4/1/2/4\n"
	r := runCSP(t, broken, "diagnose", "skyscraper", "-", "--json")
	require.Equal(t, 1, r.code, r.stderr)
	var d Diagnosis
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &d))
	require.Equal(t, "none", d.Verdict)
	require.Equal(t, 16, d.Items)
	require.NotEmpty(t, d.Core)
	require.Less(t, len(d.Core), d.Items)
	// The core has no solution; without any one of its items it has one.
	sky, _ := catalog.Lookup("skyscraper")
	var inst any
	for it := range sky.Read(strings.NewReader(broken), false) {
		inst = it.Value
	}
	names := sky.Clues(inst)
	kept := make([]bool, len(names))
	for i, n := range names {
		kept[i] = slices.Contains(d.Core, n)
	}
	settings := catalog.NewSettings(sky)
	settings.Search = csp.Options{Var: csp.DomWDeg}
	sols, _, err := solutions(context.Background(), sky, sky.Keep(inst, kept), settings, 1)
	require.NoError(t, err)
	require.Empty(t, sols)
	for i := range kept {
		if !kept[i] {
			continue
		}
		kept[i] = false
		sols, _, err := solutions(context.Background(), sky, sky.Keep(inst, kept), settings, 1)
		require.NoError(t, err)
		require.NotEmpty(t, sols, "without %s", names[i])
		kept[i] = true
	}

	multiple, err := os.ReadFile("testdata/sudoku_multiple.txt")
	require.NoError(t, err)
	r = runCSP(t, string(multiple), "diagnose", "sudoku", "-", "--json")
	require.Equal(t, 1, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	puzzles := strings.Split(strings.TrimSpace(string(multiple)), "\n")
	require.Len(t, lines, len(puzzles))
	for i, line := range lines {
		var d Diagnosis
		require.NoError(t, json.Unmarshal([]byte(line), &d))
		require.Equal(t, "multiple", d.Verdict)
		require.NotEmpty(t, d.Add)
		require.True(t, d.Smallest, "every solution is listed for these")
		// Put the givens in and count: one solution.
		cells := []byte(strings.Fields(puzzles[i])[0])
		for _, g := range d.Add {
			var r, c, v int
			_, err := fmtSscanf(g, &r, &c, &v)
			require.NoError(t, err)
			cells[(r-1)*9+c-1] = byte('0' + v)
		}
		out := runCSP(t, string(cells)+"\n", "check", "sudoku", "-", "--json")
		require.Equal(t, 0, out.code, out.stdout)
		require.Contains(t, out.stdout, `"verdict":"unique"`)
		// The mended puzzle printed is that one.
		require.Equal(t, string(cells)+"\n", d.Mended)
		// Fewest: with one given fewer, from the same set, it is not unique.
		if len(d.Add) > 1 {
			fewer := []byte(strings.Fields(puzzles[i])[0])
			var r, c, v int
			_, _ = fmtSscanf(d.Add[0], &r, &c, &v)
			fewer[(r-1)*9+c-1] = byte('0' + v)
			out := runCSP(t, string(fewer)+"\n", "check", "sudoku", "-", "--json")
			require.Contains(t, out.stdout, `"verdict":"multiple"`)
		}
	}

	r = runCSP(t, "4:1/2/2/2/4/1/2/3/1/2/2/2/4/1/2/3\n", "diagnose", "skyscraper", "-")
	require.Equal(t, 0, r.code)
	require.Contains(t, r.stdout, "unique: nothing to mend")
	r = runCSP(t, "x\n", "diagnose", "kenken", "-")
	require.Equal(t, 2, r.code)
}

// TestDiagnoseMended: the mended puzzle diagnose prints, for each problem
// it serves and each input form, reads back (its output pipes into
// check), keeps the puzzle's clues and givens, holds the givens added, and
// is unique.
func TestDiagnoseMended(t *testing.T) {
	cases := []struct{ problem, input string }{
		{"skyscraper", "4:2///////////////\n"},
		{"skyscraper", `{"size":4,"clues":[0,3,0,0,0,0,0,0,0,0,0,1,1,0,0,0],"interior":[{"row":2,"col":2,"look":"down","count":1}]}` + "\n"},
		{"skyscraper", "4:2/////////////1//,m3b\n"},
		{"sudoku", sudokuSeveral},
		{"latin", "4\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"},
	}
	for _, c := range cases {
		t.Run(c.problem+" "+strings.TrimSpace(c.input)[:8], func(t *testing.T) {
			p, _ := catalog.Lookup(c.problem)
			r := runCSP(t, c.input, "diagnose", c.problem, "-", "--json")
			recs := decodeLines(t, r.stdout)
			require.NotEmpty(t, recs)
			insts := instancesOf(t, c.problem, c.input)
			require.Len(t, recs, len(insts))
			for i, rec := range recs {
				require.Equal(t, "multiple", rec["verdict"])
				mended := rec["mended"].(string)
				back := instancesOf(t, c.problem, mended)
				require.Len(t, back, 1, "%s", mended)
				// Every given of the puzzle and every one added is in it.
				was, now := p.Givens(insts[i]), p.Givens(back[0])
				for r, row := range was {
					for col, v := range row {
						if v != 0 {
							require.Equal(t, v, now[r][col], "r%dc%d kept", r+1, col+1)
						}
					}
				}
				for _, g := range rec["add"].([]any) {
					var r, col, v int
					_, err := fmtSscanf(g.(string), &r, &col, &v)
					require.NoError(t, err)
					require.Equal(t, v, now[r-1][col-1], "%s added", g)
				}
				// Its clues are the puzzle's, plus the givens added.
				require.Len(t, p.Clues(back[0]), len(p.Clues(insts[i]))+len(rec["add"].([]any)))
				chk := runCSP(t, mended, "check", c.problem, "-", "--json")
				require.Equal(t, 0, chk.code, chk.stdout)
				require.Contains(t, chk.stdout, `"verdict":"unique"`)
			}
			// The human form pipes into check: one unique puzzle each.
			h := runCSP(t, c.input, "diagnose", c.problem, "-")
			chk := runCSP(t, h.stdout, "check", c.problem, "-")
			require.Equal(t, 0, chk.code, "%s\n%s", h.stdout, chk.stdout)
			require.Equal(t, len(insts), strings.Count(chk.stdout, ": unique\n"))
		})
	}
}

// fmtSscanf reads "r1c2 = 3".
func fmtSscanf(s string, r, c, v *int) (int, error) { return fmt.Sscanf(s, "r%dc%d = %d", r, c, v) }

// TestCheckEveryProblem: check serves futoshiki and kenken too.
func TestCheckEveryProblem(t *testing.T) {
	r := runCSP(t, "4:0D,0,0,0,0D,0,0U,0L,0,0,0,0,0,0,0,0UL,\n4:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,\n", "check", "futoshiki", "-", "--json")
	require.Equal(t, 1, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 2)
	require.Contains(t, lines[0], `"verdict":"unique"`)
	require.Contains(t, lines[1], `"verdict":"multiple"`)
}
