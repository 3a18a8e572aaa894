package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/problems/catalog"
)

func TestCensusJSON(t *testing.T) {
	for _, tc := range []struct {
		args                  []string
		sets, setsUp, puzzles int64
		unique, uniqueUp      int64
	}{
		// Sizes and counts the brute force of the skyscraper package
		// confirms; sets is C(16,3), puzzles 560·4³.
		{[]string{"--size", "4", "--clues", "3"}, 560, 70, 35840, 1600, 200},
		{[]string{"--size", "4", "--clues", "16"}, 1, 1, 1 << 32, 372, 55},
		{[]string{"--size", "4", "--clues", "4", "--one-side"}, 4, 1, 1024, 96, 12},
		{[]string{"--size", "4", "--clues", "0", "--one-side"}, 1, 1, 1, 0, 0},
		{[]string{"--order", "1", "--clues", "2", "--jobs", "1"}, 6, 2, 6, 6, 2},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCSP(t, "", append([]string{"census", "skyscraper", "--json"}, tc.args...)...)
			require.Equal(t, 0, r.code, r.stderr)
			assert.Empty(t, r.stderr)
			lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
			require.Len(t, lines, 1, "one object")
			var got map[string]any
			require.NoError(t, json.Unmarshal([]byte(lines[0]), &got))
			assert.Equal(t, "skyscraper", got["problem"])
			for field, want := range map[string]int64{"sets": tc.sets, "sets_up_to_symmetry": tc.setsUp,
				"puzzles": tc.puzzles, "unique": tc.unique, "unique_up_to_symmetry": tc.uniqueUp} {
				assert.EqualValues(t, want, got[field], field)
			}
			for _, field := range []string{"size", "clues", "one_side", "squares", "jobs", "time"} {
				assert.Contains(t, got, field)
			}
		})
	}
}

// TestCensusJSONStopped: a census stopped by its time limit still ends
// its --json stream with a record, unknown and saying why, after the
// lines it listed; the exit status is 1.
func TestCensusJSONStopped(t *testing.T) {
	r := runCSP(t, "", "census", "skyscraper", "--size", "5", "--clues", "4", "--list", "--json", "--timeout", "50ms")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stderr, "csp: census: timed out after")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	var got map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &got), r.stdout)
	assert.Equal(t, map[string]any{"problem": "skyscraper", "size": 5.0, "clues": 4.0, "status": "unknown", "stopped": "time limit",
		"jobs": got["jobs"], "time": got["time"]}, got)
	assert.NotContains(t, got, "unique")
}

func TestCensusHuman(t *testing.T) {
	r := runCSP(t, "", "census", "skyscraper", "--size", "4", "--clues", "5", "--jobs", "2")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stderr, "no progress bar off a terminal")
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		assert.True(t, strings.HasPrefix(line, "% "), line)
	}
	for _, want := range []string{"size 4, 5 clues anywhere on the 16 edge positions", " 4368  (546 up to symmetry)",
		" 4472832 ", " 173152  (21644 up to symmetry", "576 Latin squares of order 4", "with 2 jobs"} {
		assert.Contains(t, r.stdout, want)
	}
}

// TestCensusListReadsBack reads the listed IDs back, solves each with the
// engine (exactly one solution), and counts them against the summary; the
// whole output also goes through csp count.
func TestCensusListReadsBack(t *testing.T) {
	for _, args := range [][]string{
		{"--size", "4", "--clues", "3"},
		{"--size", "4", "--clues", "4", "--one-side"},
		{"--size", "3", "--clues", "12", "--jobs", "1"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := runCSP(t, "", append([]string{"census", "skyscraper", "--list", "--json"}, args...)...)
			require.Equal(t, 0, r.code, r.stderr)
			lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
			var summary struct{ Unique int64 }
			require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &summary), "the summary comes last")
			ids := lines[:len(lines)-1]
			require.EqualValues(t, summary.Unique, len(ids))
			require.NotEmpty(t, ids)

			sky, ok := catalog.Lookup("skyscraper")
			require.True(t, ok)
			s := catalog.NewSettings(sky)
			s.Limit = 2
			seen := map[string]bool{}
			n := 0
			for it := range sky.Read(strings.NewReader(strings.Join(ids, "\n")), false) {
				require.NoError(t, it.Err)
				id := ids[it.Index-1]
				assert.False(t, seen[id], "%s listed twice", id)
				seen[id] = true
				res, err := sky.Count(context.Background(), it.Value, s, &catalog.Cache{})
				require.NoError(t, err)
				assert.Equal(t, int64(1), res.Solutions, id)
				n++
			}
			require.Equal(t, len(ids), n)

			// Without --json the summary lines start with %, so the
			// output is a puzzle file as it stands.
			human := runCSP(t, "", append([]string{"census", "skyscraper", "--list"}, args...)...)
			require.Equal(t, 0, human.code)
			counted := runCSP(t, human.stdout, "count", "skyscraper", "-", "--limit", "2", "--json")
			require.Equal(t, 0, counted.code, counted.stderr)
			recs := decodeLines(t, counted.stdout)
			require.Len(t, recs, len(ids))
			for _, rec := range recs {
				assert.EqualValues(t, 1, rec["count"], rec)
			}

			// --canonical: one of each class, each listed in full too.
			c := runCSP(t, "", append([]string{"census", "skyscraper", "--list", "--canonical", "--json"}, args...)...)
			require.Equal(t, 0, c.code, c.stderr)
			lines = strings.Split(strings.TrimSpace(c.stdout), "\n")
			var classes struct {
				UniqueUpToSymmetry int64 `json:"unique_up_to_symmetry"`
			}
			require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &classes))
			require.EqualValues(t, classes.UniqueUpToSymmetry, len(lines)-1)
			for _, id := range lines[:len(lines)-1] {
				assert.True(t, seen[id], "%s is one of the full list", id)
			}
		})
	}
}

func TestCensusUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"census"}, "census: missing PROBLEM"},
		{[]string{"census", "sudoku", "--size", "4", "--clues", "3"}, "sudoku has no census (want skyscraper)"},
		{[]string{"census", "skyscraper", "--clues", "3"}, "--size is required"},
		{[]string{"census", "skyscraper", "--size", "4"}, "--clues is required"},
		{[]string{"census", "skyscraper", "--size", "4", "--clues", "3", "extra"}, `unexpected argument "extra"`},
		{[]string{"census", "skyscraper", "--size", "6", "--clues", "3"}, "size 6, want 1..5"},
		{[]string{"census", "skyscraper", "--size", "0", "--clues", "3"}, "flag -size: want a whole number >= 1"},
		{[]string{"census", "skyscraper", "--size", "4", "--clues", "17"}, "17 clues, want 0..16"},
		{[]string{"census", "skyscraper", "--size", "4", "--clues", "5", "--one-side"}, "5 clues, want 0..4 on one side"},
		{[]string{"census", "skyscraper", "--size", "4", "--clues", "-1"}, "flag -clues: want a whole number >= 0"},
		{[]string{"census", "skyscraper", "--size", "4", "--clues", "3", "--canonical"}, "--canonical goes with --list"},
		{[]string{"census", "skyscraper", "--size", "4", "--clues", "3", "--jobs", "0"}, "flag -jobs: want a whole number from 1 to 256"},
		{[]string{"census", "skyscraper", "--size", "4", "--clues", "3", "--limit", "2"}, "flag provided but not defined: -limit"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCSP(t, "", tc.args...)
			assert.Equal(t, 2, r.code)
			assert.Contains(t, r.stderr, tc.want)
			assert.Empty(t, r.stdout)
		})
	}
}
