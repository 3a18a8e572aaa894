package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tiny is the bench tests' suite: a few instances of each problem.
var tiny = []string{"testdata/bench/sudoku.txt", "testdata/bench/towers.txt", "latin:testdata/bench/latin.txt"}

func TestBenchWritesTableCSVJSONAndPlot(t *testing.T) {
	dir := t.TempDir()
	csvPath, jsonPath, svgPath := filepath.Join(dir, "b.csv"), filepath.Join(dir, "b.json"), filepath.Join(dir, "b.svg")
	args := append([]string{"bench", "--alldiff", "hidden,gac", "--var", "mindom,domwdeg", "--repeat", "2",
		"--csv", csvPath, "--json", jsonPath, "--plot", svgPath}, tiny...)
	r := runCSP(t, "", args...)
	require.Equal(t, 0, r.code, r.stderr)

	// The table: one line per configuration, and the paired ratios.
	for _, want := range []string{"testdata/bench/sudoku.txt (sudoku, 5)", "testdata/bench/towers.txt (skyscraper, 8)",
		"testdata/bench/latin.txt (latin, 1)", "alldiff=hidden var=mindom", "alldiff=gac var=domwdeg",
		`paired time ratio against "alldiff=hidden var=mindom"`} {
		assert.Contains(t, r.stdout, want)
	}
	assert.Equal(t, 4, strings.Count(r.stdout, " 14/14 "), "4 configurations, each solving all 14:\n%s", r.stdout)

	// CSV: a header and 4 x 14 rows that parse.
	f, err := os.Open(csvPath)
	require.NoError(t, err)
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	require.NoError(t, err)
	require.Len(t, rows, 1+4*14)
	assert.Equal(t, []string{"config", "problem", "file", "instance", "line", "status", "time", "nodes", "failures",
		"propagations", "peakDepth", "restarts", "solutions", "error"}, rows[0])

	// NDJSON: one record per run, MiniZinc's statistic names.
	data, err := os.ReadFile(jsonPath)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Len(t, lines, 4*14)
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	for _, k := range []string{"config", "settings", "problem", "file", "instance", "status", "time", "nodes", "failures",
		"propagations", "peakDepth", "restarts", "solutions", "propagators"} {
		assert.Contains(t, rec, k)
	}
	kinds := rec["propagators"].([]any)
	assert.Contains(t, kinds[0], "runs")

	// The plot is well-formed SVG with both charts.
	svg, err := os.ReadFile(svgPath)
	require.NoError(t, err)
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the SVG must parse as XML")
	}
	assert.Contains(t, string(svg), "Instances solved against time")
	assert.Contains(t, string(svg), "Propagator runs by kind")
}

func TestBenchBadInput(t *testing.T) {
	// Unknown names in the matrix: a usage error naming the value.
	r := runCSP(t, "", "bench", "--alldiff", "hidden,strong", tiny[0])
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `invalid value "hidden,strong" for flag -alldiff: "strong" is not one of value, hidden or gac`)
	r = runCSP(t, "", "bench", "--var", "fastest", tiny[0])
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `invalid value "fastest" for flag -var: want input, mindom, domwdeg or maxsd`)
	r = runCSP(t, "", "bench", "--visibility", "psychic", tiny[0])
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `"psychic"`)

	// A missing file and an instance that does not parse: named, the rest
	// runs, and the summary counts them.
	r = runCSP(t, "", "bench", "testdata/bench/no-such-file.txt", "testdata/bench/bad-sudoku.txt", tiny[0])
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "testdata/bench/no-such-file.txt")
	assert.Contains(t, r.stdout, "1 file could not be read")
	assert.Regexp(t, `default\s+6/7\s+0\s+0\s+1\s`, r.stdout, "6 of 7 sudoku solved, 1 error:\n%s", r.stdout)
}

func TestBenchNamedSuiteAndShuffle(t *testing.T) {
	a := runCSP(t, "", "bench", "--json", filepath.Join(t.TempDir(), "a.json"), "--shuffle", "3", "--warmup=false", "sudoku")
	require.Equal(t, 0, a.code, a.stderr)
	assert.Contains(t, a.stdout, "suite/sudoku.txt (sudoku, 300)")
	assert.Contains(t, a.stdout, "300/300")
}

// TestBenchSearchSwitches: --nogoods, --last-conflict and --restart-base
// are dimensions of the matrix too, and reach the search: on two 9×9
// unreasonable Towers puzzles restarting after every failure, nogoods
// change the guesses.
func TestBenchSearchSwitches(t *testing.T) {
	f, err := os.ReadFile("../../problems/skyscraper/testdata/tatham-9du-100.txt")
	require.NoError(t, err)
	var two []string
	for _, l := range strings.Split(string(f), "\n") {
		if l != "" && l[0] != '#' && len(two) < 2 {
			two = append(two, l)
		}
	}
	path := filepath.Join(t.TempDir(), "two.txt")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(two, "\n")+"\n"), 0o644))
	r := runCSP(t, "", "bench", "--nogoods", "true,false", "--last-conflict", "true", "--restart-base", "1", path)
	require.Equal(t, 0, r.code, r.stderr)
	guesses := map[string]string{}
	for _, line := range strings.Split(r.stdout, "\n") {
		for _, label := range []string{"nogoods=true last-conflict=true restart-base=1", "nogoods=false last-conflict=true restart-base=1"} {
			if strings.HasPrefix(line, label+" ") {
				fields := strings.Fields(line)
				guesses[label] = fields[len(fields)-2]
			}
		}
	}
	require.Len(t, guesses, 2, r.stdout)
	assert.NotEqual(t, guesses["nogoods=true last-conflict=true restart-base=1"], guesses["nogoods=false last-conflict=true restart-base=1"])
	// - is standard output, after the table.
	out := runCSP(t, "", "bench", "--csv", "-", "testdata/bench/towers.txt")
	require.Equal(t, 0, out.code, out.stderr)
	assert.Regexp(t, `(?s)configuration .*\n.*default,skyscraper,testdata/bench/towers.txt,1,`, out.stdout)
	_, err = os.Stat("-")
	assert.True(t, os.IsNotExist(err), "no file named -")
	bad := runCSP(t, "", "bench", "--nogoods", "maybe", "testdata/bench/towers.txt")
	assert.Equal(t, 2, bad.code)
	assert.Contains(t, bad.stderr, `invalid value "maybe" for flag -nogoods: want true or false`)
	bad = runCSP(t, "", "bench", "--restart-base", "0", "testdata/bench/towers.txt")
	assert.Equal(t, 2, bad.code)
}
