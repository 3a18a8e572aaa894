package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/cmd/internal/clitest"
)

// events reads a server-sent event stream to its end.
func events(t *testing.T, resp *http.Response) (names []string, data []string) {
	t.Helper()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			names = append(names, strings.TrimPrefix(line, "event: "))
		case strings.HasPrefix(line, "data: "):
			data = append(data, strings.TrimPrefix(line, "data: "))
		}
	}
	require.NoError(t, sc.Err())
	return names, data
}

// A bench run: accepted, its events end with its report, whose rows,
// ratios, cactus lines and records agree with the matrix; its records
// uploaded give the same table.
func TestServeBench(t *testing.T) {
	clitest.OnPath(t, "csp-plot") // the report's svg
	s, ts := testServer(t, serveConfig{})
	code, out := post(t, ts, "/api/bench", map[string]any{"suites": []string{"skyscraper", "latin"},
		"matrix": map[string][]string{"var": {"domwdeg", "mindom"}}, "max_instances": 4, "timeout_ms": 2000})
	require.Equal(t, http.StatusAccepted, code, "%v", out)
	id := out["id"].(string)
	assert.EqualValues(t, 2*(4+4), out["total"])

	resp, err := ts.Client().Get(ts.URL + "/api/bench/" + id + "/events")
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	names, data := events(t, resp)
	require.NotEmpty(t, names)
	require.Equal(t, "report", names[len(names)-1])
	for _, n := range names[:len(names)-1] {
		assert.Equal(t, "progress", n)
	}
	var rep benchReport
	var raw map[string]any
	require.NoError(t, json.Unmarshal([]byte(data[len(data)-1]), &raw))
	assert.Equal(t, false, raw["running"])
	assert.EqualValues(t, 16, raw["done"])
	rows := raw["rows"].([]any)
	require.Len(t, rows, 2)
	cactus := raw["cactus"].([]any)
	require.Len(t, cactus, 2)
	for i, r := range rows {
		row := r.(map[string]any)
		assert.EqualValues(t, 8, row["runs"])
		// A loaded machine may time one out: solved or unknown.
		assert.EqualValues(t, 8, row["solved"].(float64)+row["unknown"].(float64))
		assert.Len(t, cactus[i].(map[string]any)["times"], int(row["solved"].(float64)))
	}
	ratios := raw["ratios"].([]any)
	require.Len(t, ratios, 1)
	assert.Equal(t, "var=domwdeg", ratios[0].(map[string]any)["against"])
	records := raw["records"].([]any)
	require.Len(t, records, 16)
	assert.Contains(t, raw["svg"], "<svg")
	require.NoError(t, json.Unmarshal([]byte(data[len(data)-1]), &rep))

	// Polling answers the same report.
	code, polled := getJSON(t, ts, "/api/bench/"+id)
	require.Equal(t, 200, code)
	assert.Equal(t, raw["rows"], polled["rows"])

	// The records, uploaded as a bench --json document.
	var doc strings.Builder
	for _, r := range records {
		b, err := json.Marshal(r)
		require.NoError(t, err)
		doc.Write(append(b, '\n'))
	}
	code, up := post(t, ts, "/api/bench/report", doc.String())
	require.Equal(t, 200, code, "%v", up)
	assert.Equal(t, raw["rows"], up["rows"])
	assert.Equal(t, raw["cactus"], up["cactus"])
	assert.Len(t, up["ratios"], 1)
	assert.Zero(t, len(s.searches))
}

func getJSON(t *testing.T, ts *httptest.Server, path string) (int, map[string]any) {
	t.Helper()
	resp, err := ts.Client().Get(ts.URL + path)
	require.NoError(t, err)
	defer resp.Body.Close()
	return resp.StatusCode, decodeBody(t, resp)
}

// One run at a time: a second is refused while the first runs; DELETE
// stops it, and its report says what it did.
func TestServeBenchOneAtATime(t *testing.T) {
	_, ts := testServer(t, serveConfig{})
	body := map[string]any{"suites": []string{"latin"}, "matrix": map[string][]string{"var": {"domwdeg", "mindom", "maxsd", "input"}, "val": {"min", "max"}},
		"max_instances": 100, "timeout_ms": 10000, "repeat": 5}
	code, out := post(t, ts, "/api/bench", body)
	require.Equal(t, http.StatusAccepted, code, "%v", out)
	id := out["id"].(string)
	code, _ = post(t, ts, "/api/bench", body)
	assert.Equal(t, http.StatusConflict, code)
	// Its events: progress while it runs, then the report once stopped.
	resp, err := ts.Client().Get(ts.URL + "/api/bench/" + id + "/events")
	require.NoError(t, err)
	defer resp.Body.Close()
	streamed := make(chan []string)
	go func() {
		names, _ := events(t, resp)
		streamed <- names
	}()
	require.Eventually(t, func() bool {
		_, st := getJSON(t, ts, "/api/bench/"+id)
		return st["running"] == true
	}, 5*time.Second, 10*time.Millisecond)
	time.Sleep(600 * time.Millisecond) // two ticks of the stream
	req, err := http.NewRequest(http.MethodDelete, ts.URL+"/api/bench/"+id, nil)
	require.NoError(t, err)
	start := time.Now()
	resp, err = ts.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	assert.Less(t, time.Since(start), 5*time.Second)
	rep := decodeBody(t, resp)
	assert.Equal(t, false, rep["running"])
	names := <-streamed
	require.GreaterOrEqual(t, len(names), 2)
	assert.Equal(t, "progress", names[0])
	assert.Equal(t, "report", names[len(names)-1])
	code, _ = getJSON(t, ts, "/api/bench/nope")
	assert.Equal(t, http.StatusNotFound, code)
}

// Bad bench requests and documents.
func TestServeBenchBad(t *testing.T) {
	_, ts := testServer(t, serveConfig{})
	for _, c := range []struct {
		name string
		body map[string]any
	}{
		{"no suite", map[string]any{}},
		{"a path", map[string]any{"suites": []string{"../../README.md"}}},
		{"not a dimension", map[string]any{"suites": []string{"sudoku"}, "matrix": map[string][]string{"json": {"/tmp/x"}}}},
		{"jobs", map[string]any{"suites": []string{"sudoku"}, "matrix": map[string][]string{"jobs": {"64"}}}},
		{"bad value", map[string]any{"suites": []string{"sudoku"}, "matrix": map[string][]string{"var": {"fastest"}}}},
		{"no value", map[string]any{"suites": []string{"sudoku"}, "matrix": map[string][]string{"var": {}}}},
		{"too many configurations", map[string]any{"suites": []string{"sudoku"}, "matrix": map[string][]string{
			"var": {"domwdeg", "mindom", "input", "maxsd"}, "val": {"min", "max"}, "nogoods": {"true", "false"}, "last-conflict": {"true", "false"}}}},
		{"timeout", map[string]any{"suites": []string{"sudoku"}, "timeout_ms": 60000}},
		{"timeout overflowing", map[string]any{"suites": []string{"sudoku"}, "timeout_ms": int64(1) << 62}},
		{"repeat", map[string]any{"suites": []string{"sudoku"}, "repeat": 100}},
		{"instances", map[string]any{"suites": []string{"sudoku"}, "max_instances": 100000}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out := post(t, ts, "/api/bench", c.body)
			assert.Equal(t, http.StatusBadRequest, code, "%v", out)
		})
	}
	for _, c := range []struct {
		name, doc  string
		code, line int
	}{
		{"empty", "", 400, 0},
		{"not json", "config,problem\n", 400, 1},
		{"unknown field", `{"config":"a","problem":"sudoku","status":"solved","time":1,"colour":1}` + "\n", 400, 1},
		{"bad status", `{"config":"a","problem":"sudoku","status":"fine","time":1}` + "\n", 400, 1},
		{"unknown problem", `{"config":"a","problem":"chess","status":"solved","time":1}` + "\n", 400, 1},
		{"negative time", `{"config":"a","problem":"sudoku","status":"solved","time":1}` + "\n" + `{"config":"a","problem":"sudoku","status":"solved","time":-1}` + "\n", 400, 2},
		{"oversized", strings.Repeat(" ", maxBenchBody+1), 413, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out := post(t, ts, "/api/bench/report", c.doc)
			assert.Equal(t, c.code, code, "%v", out)
			if c.line > 0 {
				assert.EqualValues(t, c.line, out["line"])
			}
		})
	}
}
