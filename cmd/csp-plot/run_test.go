package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/internal/textio"
)

// Two configurations as csp bench --json writes them: a solves both
// instances, b one of them.
const twoConfigs = `{"config":"a","status":"solved","time":0.002,"propagators":[{"kind":"alldiff/gac","runs":40},{"kind":"visibility/line","runs":7}]}
{"config":"a","status":"solved","time":0.0005,"propagators":[{"kind":"alldiff/gac","runs":12}]}

{"config":"b","status":"unknown","time":10,"propagators":[{"kind":"alldiff/gac","runs":900}]}
{"config":"b","status":"solved","time":0.001,"propagators":[{"kind":"neq","runs":3}]}
`

func TestReadRuns(t *testing.T) {
	configs, runs, err := readRuns(strings.NewReader(twoConfigs))
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b"}, configs)
	require.Len(t, runs, 4)
	assert.Equal(t, benchRun{config: 0, solved: true, time: 2_000_000,
		kinds: []kindRuns{{"alldiff/gac", 40}, {"visibility/line", 7}}}, runs[0])
	assert.Equal(t, benchRun{config: 1, solved: false, time: 10_000_000_000, kinds: []kindRuns{{"alldiff/gac", 900}}}, runs[2])
}

func TestReadRunsRejects(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		line        int
		want        string
	}{
		{"not JSON", `{"config":"a","status":"solved","time":1}` + "\nruns.csv\n", 2, "invalid character"},
		{"cut short", `{"config":"a","status":"solved"`, 1, "unexpected end of JSON input"},
		{"wrong type", `{"config":"a","status":"solved","time":"fast"}`, 1, "time: found string, want a number"},
		{"no config", `{"status":"solved","time":1}`, 1, "want a config, a status and a time"},
		{"no status", `{"config":"a","time":1}`, 1, "want a config, a status and a time"},
		{"negative time", `{"config":"a","status":"solved","time":-1}`, 1, "want a config, a status and a time"},
		{"a CSV file", "config,problem,file\n", 1, "invalid character"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := readRuns(strings.NewReader(tc.input))
			var pe *textio.ParseError
			require.True(t, errors.As(err, &pe), "%v", err)
			assert.Equal(t, tc.line, pe.Line)
			assert.ErrorIs(t, err, errRecord)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// wellFormed fails the test unless svg parses as XML.
func wellFormed(t *testing.T, svg []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		require.NoError(t, err, "the SVG must parse as XML")
	}
}

func TestRunDrawsBothCharts(t *testing.T) {
	file := filepath.Join(t.TempDir(), "runs.json")
	require.NoError(t, os.WriteFile(file, []byte(twoConfigs), 0o644))
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
	}{
		{"standard input", nil, twoConfigs},
		{"dash", []string{"-"}, twoConfigs},
		{"file", []string{file}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			require.Equal(t, 0, run(tc.args, strings.NewReader(tc.stdin), &out, &errOut), errOut.String())
			assert.Empty(t, errOut.String())
			wellFormed(t, out.Bytes())
			svg := out.String()
			for _, want := range []string{"Instances solved against time", "Propagator runs by kind",
				">a<", ">b<", "alldiff/gac", "visibility/line", "neq"} {
				assert.Contains(t, svg, want)
			}
			assert.NotContains(t, svg, "none solved")
		})
	}
}

// Runs none of which solved, or none at all, still make a plot that says
// so rather than a log axis without a range.
func TestRunNoneSolved(t *testing.T) {
	for _, input := range []string{"", `{"config":"a","status":"unknown","time":10}` + "\n"} {
		var out, errOut bytes.Buffer
		require.Equal(t, 0, run(nil, strings.NewReader(input), &out, &errOut), errOut.String())
		wellFormed(t, out.Bytes())
		assert.Contains(t, out.String(), "Instances solved against time (none solved)")
	}
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stderr string
	}{
		{"two files", []string{"a", "b"}, "", 2, `csp-plot: want at most one FILE (- for standard input), got ["a" "b"]` + "\n" + usage},
		{"a flag", []string{"--svg"}, "", 2, `csp-plot: want at most one FILE (- for standard input), got ["--svg"]` + "\n" + usage},
		{"no such file", []string{filepath.Join(dir, "none.json")}, "", 1,
			"csp-plot: open " + filepath.Join(dir, "none.json") + ": no such file or directory\n"},
		{"a folder", []string{dir}, "", 1, "csp-plot: " + dir + ": line 1: read " + dir + ": is a directory\n"},
		{"bad line", nil, "{}\n", 1,
			"csp-plot: standard input: line 1: csp-plot: not a csp bench --json record: want a config, a status and a time of at least 0 seconds\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			assert.Equal(t, tc.code, run(tc.args, strings.NewReader(tc.stdin), &out, &errOut))
			assert.Equal(t, tc.stderr, errOut.String())
			assert.Empty(t, out.String(), "no plot")
		})
	}
	var errOut bytes.Buffer
	assert.Equal(t, 1, run(nil, strings.NewReader(twoConfigs), failingWriter{}, &errOut))
	assert.Equal(t, "csp-plot: writing the plot: disk full\n", errOut.String())

	var out bytes.Buffer
	assert.Equal(t, 0, run([]string{"-h"}, strings.NewReader(""), &out, io.Discard))
	assert.Equal(t, usage, out.String())
}

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
