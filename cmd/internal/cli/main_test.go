package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/latin"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// result is what one run of the command produced.
type result struct {
	code           int
	stdout, stderr string
}

// runCSP runs the command with args and stdin.
func runCSP(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(args, strings.NewReader(stdin), &out, &errOut)
	return result{code, out.String(), errOut.String()}
}

var (
	// A duration after "in" or "after", as roundDuration prints it.
	durationRE = regexp.MustCompile(`\b(in|after) [0-9][0-9.]*[a-zµ][0-9.a-zµ]*`)
	// Search counters, which change whenever propagation or search does.
	countersRE = regexp.MustCompile(`\(\d+ nodes?, \d+ failures?\)`)
	statRE     = regexp.MustCompile(`(?m)^(%%%mzn-stat: [a-zA-Z]+)=.*$`)
	// The batch summary's timing line.
	timesRE = regexp.MustCompile(`(?m)^% time per instance: .*$`)
)

// normalise makes human output independent of timing and of the search's
// effort, so the goldens change only when the answers or the format do.
func normalise(s string) string {
	s = durationRE.ReplaceAllString(s, "$1 TIME")
	s = countersRE.ReplaceAllString(s, "(N nodes, F failures)")
	s = statRE.ReplaceAllString(s, "$1=X")
	s = timesRE.ReplaceAllString(s, "% time per instance: TIMES")
	return s
}

// golden compares r with testdata/name.golden, or rewrites it with -update.
func golden(t *testing.T, name string, r result) {
	t.Helper()
	got := fmt.Sprintf("exit %d\n-- stdout --\n%s-- stderr --\n%s", r.code, normalise(r.stdout), normalise(r.stderr))
	path := filepath.Join("testdata", name+".golden")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./cmd/internal/cli -update to create it")
	assert.Equal(t, string(want), got, "golden %s (go test ./cmd/internal/cli -update rewrites it)", path)
}

func TestSolveBatchGolden(t *testing.T) {
	r := runCSP(t, "", "solve", "latin", "testdata/batch.txt")
	assert.Equal(t, 1, r.code, "unsatisfiable and malformed instances make the status 1")
	golden(t, "solve_batch", r)

	// The malformed instances are on stderr, naming instance, line and field.
	assert.Contains(t, r.stderr, "instance 3, line 22, field 4: latin: wrong count of numbers")
	assert.Contains(t, r.stderr, "instance 4, line 29, field 2: latin: symbol out of range")
	assert.Contains(t, r.stderr, "instance 6, line 40, field 1: latin: bad order")
	// Givens that clash: unsatisfiable, the clash named.
	assert.Contains(t, r.stdout, "% instance 5 (line 33): unsatisfiable: latin: givens clash: r1c1 and r1c3 both hold 1 (row 1)\n")
	assert.Contains(t, r.stdout, "% 8 instances: 3 solved, 2 unsatisfiable, 0 unknown, 3 errors\n")
}

func TestSolveOutputReadsBack(t *testing.T) {
	// Status and statistics lines are comments: the output is a batch of
	// complete squares.
	r := runCSP(t, "", "solve", "latin", "testdata/batch.txt", "--stats")
	items := slices.Collect(latin.Read(strings.NewReader(r.stdout)))
	require.Len(t, items, 3)
	for _, it := range items {
		require.NoError(t, it.Err)
		require.NoError(t, latin.Check(it.Value, it.Value.Grid), "a printed solution is a Latin square")
	}
	assert.Contains(t, r.stdout, "%%%mzn-stat: nodes=")
	assert.Contains(t, r.stdout, "%%%mzn-stat-end\n")
}

// Every problem's printed solutions read back as its input: solving the
// output of solving its embedded suite solves as many instances again,
// each already complete, with no error.
func TestEveryOutputReadsBack(t *testing.T) {
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			p, _ := catalog.Lookup(name)
			require.NotEmpty(t, p.Suite, "every problem embeds a suite")
			first := runCSP(t, p.Suite, "solve", name, "-", "--timeout", "100ms")
			solved := strings.Count(first.stdout, ": solved in ")
			require.Positive(t, solved)
			again := runCSP(t, first.stdout, "solve", name, "-")
			assert.Equal(t, 0, again.code, again.stderr)
			assert.Equal(t, solved, strings.Count(again.stdout, ": solved in "), again.stdout)
			assert.Contains(t, again.stdout, "0 errors")
		})
	}
}

// decodeLines parses JSON lines output, one record per line.
func decodeLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var recs []map[string]any
	for line := range strings.Lines(out) {
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &rec), "line %q", line)
		recs = append(recs, rec)
	}
	return recs
}

// grid reads a JSON solution back as rows.
func grid(t *testing.T, v any) [][]int {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	var g [][]int
	require.NoError(t, json.Unmarshal(b, &g))
	return g
}

func TestSolveJSON(t *testing.T) {
	f, err := os.ReadFile("testdata/batch.txt")
	require.NoError(t, err)
	items := slices.Collect(latin.Read(bytes.NewReader(f)))

	r := runCSP(t, "", "solve", "latin", "--json", "testdata/batch.txt")
	assert.Equal(t, 1, r.code)
	recs := decodeLines(t, r.stdout)
	require.Len(t, recs, len(items))
	wantStatus := []string{"solved", "unsatisfiable", "error", "error", "unsatisfiable", "error", "solved", "solved"}
	for i, rec := range recs {
		t.Run(fmt.Sprint(i+1), func(t *testing.T) {
			assert.EqualValues(t, i+1, rec["instance"])
			assert.EqualValues(t, items[i].Line, rec["line"])
			assert.Equal(t, wantStatus[i], rec["status"])
			assert.Contains(t, rec, "time")
			if rec["status"] == "error" {
				assert.Contains(t, rec["error"], "latin: ")
				assert.NotContains(t, rec, "stats", "nothing was searched")
				assert.NotContains(t, rec, "solution")
				return
			}
			assert.NotContains(t, rec, "error")
			require.Contains(t, rec, "stats")
			assert.Contains(t, rec["stats"], "nodes")
			if rec["status"] == "solved" {
				assert.NoError(t, latin.Check(items[i].Value, grid(t, rec["solution"])))
			} else {
				assert.NotContains(t, rec, "solution")
			}
		})
	}
	assert.Equal(t, 3, strings.Count(r.stderr, "\n"), "one message per malformed instance")
}

func TestCount(t *testing.T) {
	empty := func(n int) string {
		return fmt.Sprintf("%d\n%s", n, strings.Repeat(strings.Repeat("0 ", n)+"\n", n))
	}
	for _, tc := range []struct {
		name     string
		input    string
		args     []string
		count    int64
		complete bool
		status   string
		code     int
		human    string
	}{
		{"empty 4x4", empty(4), nil, 576, true, "solved", 0, "576 solutions (multiple), complete"},
		// The plain model counts the 5x5 squares fastest.
		{"empty 5x5", empty(5), []string{"--alldiff", "gac", "--model", "rowcol"}, 161280, true, "solved", 0, "161280 solutions (multiple), complete"},
		// The cap answers the question asked: the status is 0.
		{"unique?", empty(4), []string{"--limit", "2"}, 2, false, "unknown", 0, "at least 2 solutions (multiple): stopped at --limit 2"},
		{"unique", "2\n1 2\n0 0\n", []string{"--limit", "2"}, 1, true, "solved", 0, "1 solution (unique), complete"},
		{"none", "2\n1 0\n0 2\n", []string{"--limit", "2"}, 0, true, "unsatisfiable", 1, "unsatisfiable: 0 solutions (none), complete"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			args := append([]string{"count", "latin", "-"}, tc.args...)
			r := runCSP(t, tc.input, append(args, "--json")...)
			assert.Equal(t, tc.code, r.code, r.stderr)
			recs := decodeLines(t, r.stdout)
			require.Len(t, recs, 1)
			assert.EqualValues(t, tc.count, recs[0]["count"])
			assert.Equal(t, tc.complete, recs[0]["complete"])
			assert.Equal(t, tc.status, recs[0]["status"])
			assert.NotContains(t, recs[0], "solution", "count prints no grid")

			r = runCSP(t, tc.input, args...)
			assert.Contains(t, r.stdout, tc.human)
			if d := time.Since(start); d > 3*time.Second {
				t.Logf("slow: %v", d)
			}
		})
	}
}

func TestCountGolden(t *testing.T) {
	golden(t, "count_limit", runCSP(t, "", "count", "latin", "testdata/count.txt", "--limit", "2"))
}

func TestGenerateRoundTrip(t *testing.T) {
	for _, balanced := range []bool{false, true} {
		t.Run(fmt.Sprintf("balanced=%v", balanced), func(t *testing.T) {
			args := []string{"generate", "latin", "--order", "10", "--holes", "40", "--seed", "7", "-n", "3"}
			if balanced {
				args = append(args, "--balanced")
			}
			gen := runCSP(t, "", args...)
			require.Equal(t, 0, gen.code, gen.stderr)
			assert.Equal(t, gen.stdout, runCSP(t, "", args...).stdout, "the same seed gives the same bytes")

			items := slices.Collect(latin.Read(strings.NewReader(gen.stdout)))
			require.Len(t, items, 3)
			for _, it := range items {
				require.NoError(t, it.Err)
				holes := 0
				for _, row := range it.Value.Grid {
					for _, v := range row {
						if v == 0 {
							holes++
						}
					}
				}
				assert.Equal(t, 40, holes)
			}

			r := runCSP(t, gen.stdout, "solve", "latin", "-", "--json")
			assert.Equal(t, 0, r.code, r.stderr)
			recs := decodeLines(t, r.stdout)
			require.Len(t, recs, 3)
			for i, rec := range recs {
				assert.Equal(t, "solved", rec["status"])
				assert.NoError(t, latin.Check(items[i].Value, grid(t, rec["solution"])))
			}
		})
	}
	a := runCSP(t, "", "generate", "latin", "--order", "10", "--holes", "40", "--seed", "7")
	b := runCSP(t, "", "generate", "latin", "--order", "10", "--holes", "40", "--seed", "8")
	assert.NotEqual(t, a.stdout, b.stdout, "another seed, another instance")
}

// TestGenerateSameSeedSameBytes: every generator, random and by
// difficulty, writes the same bytes for the same seed (no timing in its
// output), and other bytes for another seed; --verbose adds the times on
// standard error only.
func TestGenerateSameSeedSameBytes(t *testing.T) {
	// One request per generator; a new generator must join the table.
	requests := map[string][]string{
		"futoshiki":  {"--size", "5"},
		"kakuro":     {"--size", "4"},
		"latin":      {"--order", "6", "--holes", "15"},
		"skyscraper": {"--size", "5"},
		"sudoku":     {"--size", "4", "--holes", "8"},
	}
	var cases [][]string
	for _, name := range catalog.Names() {
		p, _ := catalog.Lookup(name)
		if !p.CanGenerate {
			continue
		}
		req, ok := requests[name]
		require.True(t, ok, "no request for %s's generator in this test", name)
		cases = append(cases, append([]string{"generate", name}, req...))
		if slices.ContainsFunc(p.Flags, func(f catalog.Flag) bool { return f.Name == "difficulty" }) {
			cases = append(cases, []string{"generate", name, "--size", "4", "--difficulty", "1", "--attempts", "200"})
		}
	}
	for _, args := range cases {
		t.Run(strings.Join(args[1:], " "), func(t *testing.T) {
			gen := func(seed string, more ...string) result {
				r := runCSP(t, "", append(append(args, "--seed", seed, "-n", "3"), more...)...)
				require.Equal(t, 0, r.code, r.stderr)
				return r
			}
			a := gen("5")
			assert.Equal(t, a.stdout, gen("5").stdout)
			assert.NotContains(t, a.stdout, "made in", "no timing in the output")
			assert.NotEqual(t, a.stdout, gen("6").stdout, "another seed, other puzzles")
			v := gen("5", "--verbose")
			assert.Equal(t, a.stdout, v.stdout)
			assert.Empty(t, a.stderr)
			assert.Regexp(t, `^(csp: generate: puzzle [1-3] of 3 made in `+dur+`\n){3}$`, v.stderr)
		})
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in stderr
	}{
		{nil, "Usage:"},
		{[]string{"frobnicate"}, `unknown subcommand "frobnicate"`},
		{[]string{"--json", "solve", "latin", "x"}, "the subcommand comes before the flags"},
		{[]string{"solve"}, "missing PROBLEM (want " + strings.Join(catalog.Names(), ", ") + ")"},
		{[]string{"solve", "sudokuu", "x"}, `unknown problem "sudokuu" (want ` + strings.Join(catalog.Names(), ", ") + ")"},
		{[]string{"solve", "latin"}, "solve: missing FILE"},
		{[]string{"solve", "latin", "a", "b"}, `unexpected argument "b"`},
		{[]string{"solve", "latin", "x", "--frob"}, "flag provided but not defined: -frob"},
		{[]string{"solve", "latin", "x", "--portfolio", "var=fast"}, `member 1: invalid value "fast" for flag -var`},
		{[]string{"solve", "latin", "x", "--portfolio", "var=maxsd;"}, "member 2 is empty"},
		{[]string{"solve", "latin", "x", "--portfolio", "nogoods timeout=1s"}, "member 1: flag provided but not defined: -timeout"},
		{[]string{"solve", "latin", "x", "--limit", "2"}, "flag provided but not defined: -limit"},
		{[]string{"solve", "latin", "x", "--alldiff", "strong"}, `invalid value "strong" for flag -alldiff: want value, hidden, gac or auto`},
		{[]string{"solve", "latin", "x", "--var", "first"}, "want input, mindom, domwdeg, maxsd, activity or literal"},
		{[]string{"solve", "latin", "x", "--val", "mid"}, "want min, max, split, random, density, median or reverse-split"},
		{[]string{"solve", "latin", "x", "--restarts", "always"}, "want none, luby, geometric or glucose"},
		{[]string{"solve", "latin", "x", "--restarts", "none", "--nogoods"}, "--restarts none leaves nothing for nogoods to do"},
		{[]string{"solve", "latin", "x", "--learn", "nogoods", "--restarts", "none"}, "--restarts none leaves nothing for nogoods to do"},
		{[]string{"solve", "latin", "x", "--ties", "last"}, "want first or random"},
		{[]string{"solve", "latin", "x", "--model", "cube"}, "want channeled, rowcol or symbols"},
		{[]string{"solve", "latin", "x", "--symbols=maybe"}, "want true or false"},
		{[]string{"solve", "sudoku", "x", "--visibility", "gac"}, "flag -visibility does not apply to sudoku"},
		{[]string{"solve", "skyscraper", "x", "--boxline=false"}, "flag -boxline does not apply to skyscraper"},
		{[]string{"solve", "skyscraper", "x", "--visibility", "strong"}, `invalid value "strong" for flag -visibility`},
		{[]string{"solve", "skyscraper", "x", "--model", "units"}, "skyscraper has one model: no -model"},
		{[]string{"generate", "skyscraper", "--size", "4", "--clues", "101"}, "flag -clues: want a whole number from 0 to 100"},
		{[]string{"generate", "sudoku", "--size", "9", "--holes", "3", "--balanced"}, "flag -balanced does not apply to sudoku"},
		{[]string{"solve", "latin", "x", "--timeout", "10"}, "flag -timeout: want a duration"},
		{[]string{"solve", "latin", "x", "--timeout", "-1s"}, "flag -timeout: want a duration"},
		{[]string{"solve", "latin", "x", "--nodes", "-1"}, "flag -nodes: want a whole number >= 0"},
		{[]string{"solve", "latin", "x", "--jobs", "0"}, `invalid value "0" for flag -jobs: want a whole number from 1 to 256`},
		{[]string{"solve", "latin", "x", "--jobs", "10000000"}, `invalid value "10000000" for flag -jobs: want a whole number from 1 to 256`},
		{[]string{"count", "latin", "x", "--jobs", "257"}, "flag -jobs: want a whole number from 1 to 256"},
		{[]string{"bench", "--jobs", "1000"}, "bench: invalid value \"1000\" for flag -jobs: want a whole number from 1 to 256"},
		{[]string{"census", "skyscraper", "--size", "4", "--clues", "2", "--jobs", "300"}, "flag -jobs: want a whole number from 1 to 256"},
		{[]string{"solve", "latin", "x", "--max-memory", "lots"}, `invalid value "lots" for flag -max-memory: want a size in bytes, such as 1000000, 512M or 2G (0: none)`},
		{[]string{"solve", "latin", "x", "--max-memory", "-1G"}, "flag -max-memory: want a size in bytes"},
		{[]string{"bench", "--max-memory", "2XB"}, "bench: invalid value \"2XB\" for flag -max-memory: want a size in bytes"},
		{[]string{"solve", "latin", "x", "--seed", "-1"}, "flag -seed: want a whole number"},
		{[]string{"count", "latin", "x", "--limit", "two"}, "flag -limit: want a whole number >= 0"},
		{[]string{"count", "latin", "x", "--order", "wide"}, `invalid value "wide" for flag -order: want dfs or bfs`},
		{[]string{"count", "latin", "x", "--order", "bfs", "--frontier", "0"}, "flag -frontier: want a whole number >= 1"},
		{[]string{"count", "latin", "x", "--frontier", "10"}, "--frontier applies to --order bfs only"},
		{[]string{"solve", "latin", "x", "--order", "bfs", "--restarts", "geometric"}, "--order bfs does not combine with --restarts geometric"},
		{[]string{"solve", "latin", "x", "--order", "bfs", "--nogoods"}, "--order bfs does not combine with --nogoods"},
		{[]string{"solve", "latin", "x", "--order", "bfs", "--workers", "1"}, "--order bfs does not combine with --workers"},
		{[]string{"solve", "latin", "x", "--order", "bfs", "--portfolio", "var=maxsd"}, "--order bfs does not combine with --portfolio"},
		{[]string{"grade", "latin", "x", "--order", "bfs"}, "flag provided but not defined: -order"},
		{[]string{"generate", "latin", "--holes", "3"}, "--order (or --size) is required"},
		{[]string{"generate", "latin", "--order", "3"}, "--holes is required"},
		{[]string{"generate", "latin", "--order", "3", "--holes", "10"}, "latin: 10 holes, want 0..9"},
		{[]string{"generate", "latin", "--order", "201", "--holes", "0"}, "latin: order 201"},
		{[]string{"generate", "latin", "--order", "3", "--holes", "1", "extra"}, `unexpected argument "extra"`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCSP(t, "", tc.args...)
			assert.Equal(t, 2, r.code)
			assert.Contains(t, r.stderr, tc.want)
			assert.Empty(t, r.stdout)
		})
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"solve", "-h"}} {
		r := runCSP(t, "", args...)
		assert.Equal(t, 0, r.code, args)
		assert.Contains(t, r.stdout, "csp solve PROBLEM FILE|-", args)
		assert.Empty(t, r.stderr)
	}
}

func TestFileErrors(t *testing.T) {
	r := runCSP(t, "", "solve", "latin", "testdata/no-such-file.txt")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "testdata/no-such-file.txt")

	r = runCSP(t, "# nothing but a comment\n", "solve", "latin", "-")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "no instance")
}

func TestFlagsAnywhere(t *testing.T) {
	const in = "3\n1 0 0\n0 0 0\n0 0 0\n"
	want := runCSP(t, in, "solve", "latin", "-", "--json", "--var", "mindom", "--restarts", "none")
	require.Equal(t, 0, want.code, want.stderr)
	for _, args := range [][]string{
		{"solve", "--json", "latin", "--var=mindom", "-", "--restarts", "none"},
		{"solve", "--json", "--var", "mindom", "--restarts", "none", "latin", "-"},
		{"solve", "latin", "--json", "--var", "mindom", "--restarts=none", "--", "-"},
	} {
		r := runCSP(t, in, args...)
		assert.Equal(t, 0, r.code, r.stderr)
		assert.Equal(t, withoutTimes(t, want.stdout), withoutTimes(t, r.stdout), args)
	}
}

func TestLimits(t *testing.T) {
	const empty6 = "6\n" + "0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n"
	r := runCSP(t, empty6, "solve", "latin", "-", "--nodes", "1", "--model", "rowcol", "--alldiff", "value")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stdout, "% instance 1 (line 1): unknown (node limit) after ")
	assert.NotContains(t, r.stdout, "6\n", "no grid for an unknown instance")

	r = runCSP(t, empty6, "count", "latin", "-", "--json", "--fails", "1", "--model", "rowcol", "--alldiff", "value")
	assert.Equal(t, 1, r.code)
	recs := decodeLines(t, r.stdout)
	require.Len(t, recs, 1)
	assert.Equal(t, "unknown", recs[0]["status"])
	assert.Equal(t, "failure limit", recs[0]["stopped"])
	assert.Equal(t, false, recs[0]["complete"])
}

// withoutTimes drops the timing-dependent fields of JSON lines.
func withoutTimes(t *testing.T, out string) []map[string]any {
	t.Helper()
	recs := decodeLines(t, out)
	for _, rec := range recs {
		delete(rec, "time")
		delete(rec, "stats")
	}
	return recs
}

func TestJobsKeepOrder(t *testing.T) {
	gen := runCSP(t, "", "generate", "latin", "--order", "12", "--holes", "70", "-n", "12", "--seed", "3")
	require.Equal(t, 0, gen.code, gen.stderr)
	in := gen.stdout + "2\n1 1\n0 0\n" + gen.stdout // a bad instance in the middle
	one := runCSP(t, in, "solve", "latin", "-", "--json", "--jobs", "1")
	four := runCSP(t, in, "solve", "latin", "-", "--json", "--jobs", "4")
	assert.Equal(t, 1, one.code)
	assert.Equal(t, 1, four.code)
	assert.Equal(t, withoutTimes(t, one.stdout), withoutTimes(t, four.stdout))
	assert.Equal(t, one.stderr, four.stderr)
	assert.Len(t, decodeLines(t, four.stdout), 25)

	two := runCSP(t, in, "solve", "latin", "-", "--json", "--jobs", "2")
	assert.Equal(t, withoutTimes(t, one.stdout), withoutTimes(t, two.stdout))
}

func TestRoundDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                       "0s",
		999:                     "999ns",
		12345 * time.Nanosecond: "12.3µs",
		12345678:                "12.3ms",
		1234567890:              "1.23s",
		90 * time.Minute:        "1h30m0s",
		1<<63 - 1:               "2561111h6m40s", // no overflow
	} {
		assert.Equal(t, want, roundDuration(d).String(), "%d", d)
	}
}

// FuzzSolve feeds arbitrary input to solve and count: no panic, a status
// line or JSON record per instance, and only 0 or 1 as exit status.
func FuzzSolve(f *testing.F) {
	for _, name := range []string{"testdata/batch.txt", "testdata/count.txt"} {
		b, err := os.ReadFile(name)
		require.NoError(f, err)
		f.Add(string(b))
	}
	f.Add("2\n1 2\n2 x\n")
	f.Add("-3\n\n\n4 4\n")
	f.Fuzz(func(t *testing.T, in string) {
		limits := []string{"--nodes", "200", "--timeout", "1s"}
		n := len(slices.Collect(latin.Read(strings.NewReader(in))))
		r := runCSP(t, in, append([]string{"solve", "latin", "-", "--json", "--jobs", "2"}, limits...)...)
		require.Contains(t, []int{0, 1}, r.code, r.stderr)
		if n > 0 {
			assert.Len(t, decodeLines(t, r.stdout), n)
		}
		r = runCSP(t, in, append([]string{"count", "latin", "-", "--limit", "2"}, limits...)...)
		require.Contains(t, []int{0, 1}, r.code, r.stderr)
	})
}

func TestSkyscraperBatchGolden(t *testing.T) {
	r := runCSP(t, "", "solve", "skyscraper", "testdata/skyscraper_batch.txt")
	assert.Equal(t, 1, r.code, "bad and unsatisfiable puzzles make the status 1")
	golden(t, "skyscraper_batch", r)
	// Every good puzzle is solved, whatever its format; the bad ones name
	// their line and field; the impossible one is unsatisfiable.
	assert.Equal(t, 4, strings.Count(r.stdout, ": solved in"))
	assert.Contains(t, r.stdout, "(line 10): unsatisfiable")
	// Givens that clash: unsatisfiable, the reason named, no error.
	assert.Contains(t, r.stdout, "(line 8): unsatisfiable: skyscraper: givens clash: r1c1 and r1c2 both hold 1 (row 1)")
	for _, want := range []string{
		"line 5: skyscraper: wrong count of fields: 5 clues, want 4N",
		"line 6, field 2: skyscraper: clue out of range",
		"line 7, field 2: skyscraper: wrong count of fields",
		"line 9, field 18: skyscraper: wrong count of givens: 26 cells or more",
	} {
		assert.Contains(t, r.stderr, want)
	}
	// The JSON form: one record per puzzle, in order.
	j := runCSP(t, "", "solve", "skyscraper", "--json", "--visibility", "gac", "testdata/skyscraper_batch.txt")
	lines := strings.Split(strings.TrimSpace(j.stdout), "\n")
	require.Len(t, lines, 10)
	var first struct {
		Status   string  `json:"status"`
		Solution [][]int `json:"solution"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
	assert.Equal(t, "solved", first.Status)
	assert.Len(t, first.Solution, 4)
}

func TestSudokuBatchGolden(t *testing.T) {
	r := runCSP(t, "", "solve", "sudoku", "testdata/sudoku_batch.txt")
	assert.Equal(t, 1, r.code, "bad and unsatisfiable puzzles make the status 1")
	golden(t, "sudoku_batch", r)
	assert.Equal(t, 5, strings.Count(r.stdout, ": solved in"))
	for _, want := range []string{
		"(line 5): unsatisfiable: sudoku: givens clash: r1c1 and r1c5 both hold 5 (row 1)",
		"(line 9): unsatisfiable: sudoku: givens clash: r1c1 and r9c1 both hold 1 (column 1)",
		"(line 10): unsatisfiable: sudoku: givens clash: r1c1 and r2c2 both hold 2 (box 1)",
		"% 10 instances: 5 solved, 3 unsatisfiable, 0 unknown, 2 errors",
	} {
		assert.Contains(t, r.stdout, want)
	}
	for _, want := range []string{
		"instance 6, line 7: sudoku: wrong count of cells: found 80 cells",
		"instance 7, line 8, field 40: sudoku: bad symbol: found 'x'",
	} {
		assert.Contains(t, r.stderr, want)
	}

	// JSON: a record per puzzle in order; a clash says why.
	j := runCSP(t, "", "solve", "sudoku", "--json", "--jobs", "2", "testdata/sudoku_batch.txt")
	recs := decodeLines(t, j.stdout)
	require.Len(t, recs, 10)
	assert.Equal(t, "unsatisfiable", recs[3]["status"])
	assert.Equal(t, "sudoku: givens clash: r1c1 and r1c5 both hold 5 (row 1)", recs[3]["reason"])
	assert.Equal(t, "error", recs[5]["status"])
	for i, rec := range recs {
		assert.EqualValues(t, i+1, rec["instance"])
	}

	// --quiet keeps the failures and the summary only.
	q := runCSP(t, "", "solve", "sudoku", "--quiet", "testdata/sudoku_batch.txt")
	assert.NotContains(t, q.stdout, ": solved in")
	assert.Contains(t, q.stdout, "(line 5): unsatisfiable")
	assert.Contains(t, q.stdout, "% 10 instances: 5 solved")
}

func TestSudokuCountSaysMultiple(t *testing.T) {
	r := runCSP(t, "", "count", "sudoku", "--limit", "2", "testdata/sudoku_multiple.txt")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, 3, strings.Count(r.stdout, "at least 2 solutions (multiple)"), r.stdout)
	// The first of them, counted completely, has a handful.
	head := strings.SplitN(readFile(t, "testdata/sudoku_multiple.txt"), "\n", 2)[0]
	all := runCSP(t, head, "count", "sudoku", "-")
	assert.Equal(t, 0, all.code)
	assert.Regexp(t, `: \d+ solutions \(multiple\), complete`, all.stdout)
	one := runCSP(t, "3..4.4....4..2.3", "count", "sudoku", "-")
	assert.Contains(t, one.stdout, ": 1 solution (unique), complete", "a 4x4 with one solution")
}

func TestSudokuModelsAgree(t *testing.T) {
	var outs []string
	for _, args := range [][]string{
		{},
		{"--model", "generic"},
		{"--model", "generic", "--alldiff", "gac"},
		{"--alldiff", "value", "--boxline=false"},
		{"--alldiff", "gac"},
		{"--var", "domwdeg", "--restarts", "luby"},
	} {
		r := runCSP(t, "", append([]string{"solve", "sudoku", "--json", "testdata/sudoku_batch.txt"}, args...)...)
		var statuses []string
		for _, rec := range decodeLines(t, r.stdout) {
			statuses = append(statuses, fmt.Sprint(rec["status"]))
		}
		outs = append(outs, strings.Join(statuses, " "))
	}
	for _, o := range outs[1:] {
		assert.Equal(t, outs[0], o)
	}
}

func TestGenerateSudoku(t *testing.T) {
	r := runCSP(t, "", "generate", "sudoku", "--size", "16", "--holes", "150", "-n", "3", "--seed", "4")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, 3, strings.Count(r.stdout, "# sudoku 16x16, 150 holes"))
	s := runCSP(t, r.stdout, "solve", "sudoku", "-", "--quiet")
	assert.Equal(t, 0, s.code, s.stdout)
	assert.Contains(t, s.stdout, "% 3 instances: 3 solved")
	bad := runCSP(t, "", "generate", "sudoku", "--size", "7", "--holes", "3")
	assert.Equal(t, 2, bad.code)
	assert.Contains(t, bad.stderr, "prime")
}

// TestBatchStreams: the pipeline reads ahead a bounded number of chunks,
// however long the input, so memory stays constant.
func TestBatchStreams(t *testing.T) {
	c := NewConfig()
	c.Jobs = 2
	var yielded atomic.Int64
	items := func(yield func(catalog.Item[any]) bool) {
		for i := range 1_000_000 {
			yielded.Add(1)
			if !yield(catalog.Item[any]{Index: i + 1, Err: fmt.Errorf("x")}) {
				return
			}
		}
	}
	p, _ := catalog.Lookup("sudoku")
	first := true
	for range pipeline(context.Background(), p, items, c, false, new(atomic.Bool)) {
		if first {
			first = false
			time.Sleep(50 * time.Millisecond) // let the reader run ahead if it would
			limit := int64((4*c.Jobs + c.Jobs + 2) * maxChunk)
			assert.LessOrEqual(t, yielded.Load(), limit)
			break
		}
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	require.NoError(t, err)
	return string(b)
}

// TestWorkersGiveTheSameAnswer: a parallel search answers the same with 1
// and 2 workers (counts, and the solution printed).
func TestWorkersGiveTheSameAnswer(t *testing.T) {
	in := readFile(t, "../../../problems/latin/testdata/generated/qwh-o20-h0166-s000700.txt")
	one := runCSP(t, in, "solve", "latin", "-", "--workers", "1")
	two := runCSP(t, in, "solve", "latin", "-", "--workers", "2")
	require.Equal(t, 0, one.code, one.stderr)
	assert.Equal(t, normalise(one.stdout), normalise(two.stdout))
	empty := "5\n" + strings.Repeat("0 0 0 0 0\n", 5)
	c1 := runCSP(t, empty, "count", "latin", "-", "--workers", "1", "--var", "input", "--restarts", "none")
	c2 := runCSP(t, empty, "count", "latin", "-", "--workers", "2", "--var", "input", "--restarts", "none")
	assert.Contains(t, c1.stdout, "161280 solutions")
	assert.Equal(t, normalise(c1.stdout), normalise(c2.stdout))
	bad := runCSP(t, in, "solve", "latin", "-", "--workers", "-2")
	assert.Equal(t, 2, bad.code)
}

// TestPortfolio: a portfolio's answer is checked like any other and says
// which member gave it; the members keep the command line's limits.
func TestPortfolio(t *testing.T) {
	in := readFile(t, "../../../problems/latin/testdata/generated/qwh-o20-h0166-s000700.txt")
	r := runCSP(t, in, "solve", "latin", "-", "--json", "--portfolio", "var=maxsd,nogoods; var=input, val=max, seed=3")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, `"status":"solved"`)
	assert.Regexp(t, `"member":[012][,}]`, r.stdout)
	h := runCSP(t, in, "solve", "latin", "-", "--portfolio", "--var=maxsd")
	require.Equal(t, 0, h.code, h.stderr)
	assert.Regexp(t, `solved in .* by portfolio member [01]\n`, h.stdout)
	empty := "5\n" + strings.Repeat("0 0 0 0 0\n", 5)
	c := runCSP(t, empty, "count", "latin", "-", "--portfolio", "var=maxsd")
	assert.Contains(t, c.stdout, "161280 solutions")
	// Every member stops at --nodes: none answers, and the status says so.
	u := runCSP(t, in, "solve", "latin", "-", "--nodes", "1", "--json", "--portfolio", "var=maxsd")
	assert.Contains(t, u.stdout, `"status":"unknown"`)
	assert.Contains(t, u.stdout, `"member":0`)
}

// TestPortfolioSameSeedSameAnswer: the same --portfolio with the same
// seeds gives the same output, solutions, members and node counts, on
// every one of 10 runs, though its members each find other solutions.
func TestPortfolioSameSeedSameAnswer(t *testing.T) {
	gen := runCSP(t, "", "generate", "latin", "--order", "25", "--holes", "330", "--balanced", "--seed", "7", "-n", "3")
	require.Equal(t, 0, gen.code, gen.stderr)
	const members = "seed=2; seed=3; val=random,seed=4"
	// Without the times, the JSON records are the whole answer.
	untimed := regexp.MustCompile(`"(time|solveTime)":[0-9.e+-]+`)
	solve := func(args ...string) string {
		r := runCSP(t, gen.stdout, append([]string{"solve", "latin", "-", "--json", "--seed", "1"}, args...)...)
		require.Equal(t, 0, r.code, r.stderr)
		return untimed.ReplaceAllString(r.stdout, "")
	}
	// The members alone disagree.
	alone := map[string]bool{solve(): true}
	for _, m := range strings.Split(members, ";") {
		var args []string
		for _, f := range strings.Split(m, ",") {
			args = append(args, "--"+strings.TrimSpace(f))
		}
		alone[solve(args...)] = true
	}
	require.Greater(t, len(alone), 2, "the members find different solutions")

	first := solve("--portfolio", members)
	for run := range 10 {
		assert.Equal(t, first, solve("--portfolio", members), "run %d", run+1)
	}
}

// TestSudokuSeveralSearches: sudoku honours --portfolio and --workers
// (through a model of its own per puzzle): the same statuses and counts
// as its one reused search, every solution checked.
func TestSudokuSeveralSearches(t *testing.T) {
	const file = "../../../problems/sudoku/testdata/batch.txt"
	statuses := func(args ...string) []string {
		r := runCSP(t, "", append([]string{"count", "sudoku", file, "--json", "--limit", "2"}, args...)...)
		var out []string
		for _, rec := range decodeLines(t, r.stdout) {
			out = append(out, fmt.Sprint(rec["status"], " ", rec["count"]))
		}
		return out
	}
	plain := statuses()
	require.NotEmpty(t, plain)
	assert.Equal(t, plain, statuses("--workers", "2"))
	assert.Equal(t, plain, statuses("--portfolio", "seed=2; var=domwdeg"))
	assert.Equal(t, plain, statuses("--order", "bfs"))
	r := runCSP(t, "", "solve", "sudoku", file, "--json", "--portfolio", "seed=2")
	assert.Regexp(t, `"status":"solved".*"member":[01][,}]`, r.stdout)
}

// TestOrder: --order bfs counts as depth-first search does, with or
// without --restarts none, and its statistics show the frontier.
func TestOrder(t *testing.T) {
	in := readFile(t, "testdata/count.txt")
	counts := func(args ...string) []string {
		r := runCSP(t, in, append([]string{"count", "latin", "-", "--json"}, args...)...)
		require.Equal(t, 1, r.code, "the last square has no completion: %s", r.stderr)
		var out []string
		for _, rec := range decodeLines(t, r.stdout) {
			out = append(out, fmt.Sprint(rec["status"], " ", rec["count"], " ", rec["complete"]))
		}
		return out
	}
	dfs := counts()
	require.Equal(t, []string{"solved 576 true", "solved 1 true", "unsatisfiable 0 true"}, dfs)
	assert.Equal(t, dfs, counts("--order", "bfs"))
	assert.Equal(t, dfs, counts("--order", "bfs", "--restarts", "none", "--var", "mindom"))
	assert.Equal(t, dfs, counts("--order", "dfs", "--restarts", "none"))
	r := runCSP(t, in, "count", "latin", "-", "--order", "bfs", "--stats")
	assert.Contains(t, r.stdout, "%%%mzn-stat: widths=1,")
	assert.Contains(t, r.stdout, "%%%mzn-stat: restarts=0")
}

func TestChunkSize(t *testing.T) {
	us := int64(time.Microsecond)
	for _, c := range []struct {
		prev  int
		pace  int64
		limit int
		want  int
	}{
		{1, 0, maxChunk, 1},                 // nothing measured yet: one at a time
		{8, 0, maxChunk, 1},                 //
		{1, 1 * us, maxChunk, 2},            // fast: doubles
		{32, 1 * us, maxChunk, maxChunk},    // up to the cap
		{64, 1 * us, maxChunk, maxChunk},    //
		{64, 1 * us, maxChunkParallel, 4},   // several workers: the smaller cap
		{2, 1 * us, maxChunkParallel, 4},    //
		{64, 100 * us, maxChunk, 5},         // about chunkWork of work
		{64, 400 * us, maxChunk, 1},         // hard ones: one at a time
		{1, 10_000 * us, maxChunk, 1},       //
		{3, 50 * us, maxChunk, 6},           // at most twice the last
		{64, int64(time.Hour), maxChunk, 1}, //
	} {
		assert.Equal(t, c.want, chunkSize(c.prev, c.pace, c.limit), "prev %d, pace %v, limit %d", c.prev, time.Duration(c.pace), c.limit)
	}
}

// writeLog records the length of every write it is given.
type writeLog struct{ lens []int }

func (w *writeLog) Write(p []byte) (int, error) {
	w.lens = append(w.lens, len(p))
	return len(p), nil
}

// A --quiet batch writes its summary and nothing per instance: no empty
// writes (each is a system call on a file), whatever the chunks.
func TestQuietBatchWritesOnlyTheSummary(t *testing.T) {
	ids := strings.Repeat("4:2/////////3/2///2//,j1e\n4:/1//////2//2///2///2\n", 100)
	for _, jobs := range []string{"1", "2"} {
		var out, errOut writeLog
		code := Run([]string{"solve", "skyscraper", "-", "--quiet", "--jobs", jobs}, strings.NewReader(ids), &out, &errOut)
		require.Equal(t, 0, code)
		assert.NotContains(t, out.lens, 0, "jobs %s: an empty write to stdout", jobs)
		assert.Empty(t, errOut.lens, "jobs %s: nothing on stderr", jobs)
		assert.LessOrEqual(t, len(out.lens), 2, "jobs %s: the summary's two lines at most", jobs)
	}
}

// Hard instances after many easy ones, with several workers (chunks sized
// by the easy ones, capped): the output keeps the input's order.
func TestChunksKeepOrderWithWorkers(t *testing.T) {
	easy := runCSP(t, "", "generate", "latin", "--order", "5", "--holes", "10", "-n", "300", "--seed", "3")
	require.Equal(t, 0, easy.code, easy.stderr)
	hard := runCSP(t, "", "generate", "latin", "--order", "30", "--holes", "500", "-n", "6", "--seed", "9")
	require.Equal(t, 0, hard.code, hard.stderr)
	in := easy.stdout + hard.stdout + easy.stdout
	// The hard ones may or may not finish within the limit: compare the
	// order of the instances' status lines and the easy ones' answers.
	order := regexp.MustCompile(`(?m)^% instance (\d+) \(line \d+\)`)
	for _, jobs := range []string{"1", "3"} {
		r := runCSP(t, in, "solve", "latin", "-", "--jobs", jobs, "--timeout", "20ms")
		got := order.FindAllStringSubmatch(r.stdout, -1)
		require.Len(t, got, 606, "jobs %s", jobs)
		for i, m := range got {
			require.Equal(t, strconv.Itoa(i+1), m[1], "jobs %s: the %dth status line", jobs, i+1)
		}
		assert.Contains(t, r.stdout, "% 606 instances:", "jobs %s", jobs)
	}
}
