package main

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
	var d diagnosis
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
		var d diagnosis
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
