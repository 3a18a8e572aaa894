package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cspgo/csp/cmd/internal/cli"
	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/benchrec"
	"github.com/cspgo/csp/problems/catalog"
)

// The bench page's side of the server: a matrix on embedded suites run in
// the background, one at a time, with its progress as server-sent events;
// and the report of an uploaded bench --json document.

// Bounds of a bench request (docs/API.md). The matrix's dimensions are
// bench's list flags.
const (
	benchKept            = 4                // finished runs kept for their report
	benchMaxConfigs      = 16               // configurations of the matrix
	benchMaxRuns         = 5000             // configurations x instances x repeats
	benchMaxInstances    = 500              // instances per suite
	benchDefInstances    = 50               // when the request names none
	benchMaxTimeout      = 10 * time.Second // per instance
	benchDefTimeout      = 2 * time.Second
	benchMaxRepeat       = 5
	benchMaxUploadRecord = 200_000 // records of an uploaded document
)

// benchRequest is the body of POST /api/bench.
type benchRequest struct {
	Suites       []string            `json:"suites"`
	Matrix       map[string][]string `json:"matrix"`
	TimeoutMS    int64               `json:"timeout_ms"`
	Repeat       int64               `json:"repeat"`
	MaxInstances int                 `json:"max_instances"`
	Shuffle      *int64              `json:"shuffle"`
}

// benchReport is what a bench run shows: the table's rows, the paired
// ratios against the first configuration, the cactus plot's points and
// its SVG, and the records of bench --json.
type benchReport struct {
	Running bool              `json:"running"`
	Done    int               `json:"done"`
	Total   int               `json:"total"`
	Files   []string          `json:"files"`
	Rows    []cli.BenchRow    `json:"rows"`
	Ratios  []ratioRow        `json:"ratios"`
	Cactus  []cactusLine      `json:"cactus"`
	Records []benchrec.Record `json:"records"`
	SVG     string            `json:"svg,omitempty"`
}

// ratioRow is the paired ratios of a configuration against another.
type ratioRow struct {
	Config  string `json:"config"`
	Against string `json:"against"`
	cli.Ratios
}

// cactusLine is a configuration's line of the cactus plot: the times of
// the instances it solved, sorted (the points are (k+1, Times[k])).
type cactusLine struct {
	Config string    `json:"config"`
	Times  []float64 `json:"times"`
}

// reportOf sums up a bench run: the same figures the command line's table,
// --json and --plot give.
func reportOf(configs []cli.Configuration, files []cli.BenchFile, results []cli.BenchRun) benchReport {
	rep := benchReport{Files: []string{}, Rows: []cli.BenchRow{}, Ratios: []ratioRow{}, Cactus: []cactusLine{}, Records: []benchrec.Record{}}
	for _, f := range files {
		if f.Err == nil {
			rep.Files = append(rep.Files, fmt.Sprintf("%s (%s, %d)", f.Name, f.Problem.Name, len(f.Items)))
		}
	}
	for ci, cf := range configs {
		rep.Rows = append(rep.Rows, cli.RowOf(results, ci, cf.Name))
		line := cactusLine{Config: cf.Name, Times: []float64{}}
		for _, t := range cli.SolvedTimes(results, ci) {
			line.Times = append(line.Times, t.Seconds())
		}
		rep.Cactus = append(rep.Cactus, line)
		if ci > 0 {
			if rs, ok := cli.RatioSummary(results, 0, ci); ok {
				rep.Ratios = append(rep.Ratios, ratioRow{Config: cf.Name, Against: configs[0].Name, Ratios: rs})
			}
		}
	}
	for _, r := range results {
		if r.Status != "" {
			rep.Records = append(rep.Records, cli.BenchRecordOf(configs[r.Config], files[r.File], r))
		}
	}
	// The SVG comes from csp-plot when it is installed (see plot.go);
	// without it the report has the cactus lines but no drawing.
	var svg bytes.Buffer
	if plotter, err := cli.FindPlotter(); err == nil {
		if err := cli.WriteBenchPlot(&svg, plotter, configs, files, results); err == nil {
			rep.SVG = svg.String()
		}
	}
	return rep
}

// benchState is a bench run of the server: its progress, then its report.
type benchState struct {
	id       string
	cancel   context.CancelFunc
	finished chan struct{} // closed when the report is ready
	mu       sync.Mutex
	done     int
	total    int
	report   benchReport
}

func (b *benchState) progress() (done, total int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.done, b.total
}

// snapshot is the run's report, or its progress while it runs.
func (b *benchState) snapshot() benchReport {
	select {
	case <-b.finished:
		return b.report
	default:
	}
	done, total := b.progress()
	return benchReport{Running: true, Done: done, Total: total, Files: []string{}, Rows: []cli.BenchRow{}, Ratios: []ratioRow{},
		Cactus: []cactusLine{}, Records: []benchrec.Record{}}
}

// benches are the server's bench runs: the one running and the last
// finished ones.
type benches struct {
	mu    sync.Mutex
	next  int
	runs  map[string]*benchState
	order []string // ids, oldest first
	wg    sync.WaitGroup
}

// startBench checks a bench request and starts it in the background.
func (s *server) startBench(w http.ResponseWriter, r *http.Request) {
	var req benchRequest
	if err := decode(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	b, configs, loaded, err := s.planBench(req)
	if err != nil {
		fail(w, err)
		return
	}
	settings, err := cli.BenchSettings(b, configs, loaded)
	if err != nil {
		fail(w, badRequest("matrix: %v", err))
		return
	}
	jobs := cli.BenchJobs(b, configs, loaded)
	if n := int64(len(jobs)) * b.Repeat; n > benchMaxRuns {
		fail(w, badRequest("%d runs (configurations x instances x repeat): at most %d", n, benchMaxRuns))
		return
	}
	s.bench.mu.Lock()
	defer s.bench.mu.Unlock()
	for _, st := range s.bench.runs {
		select {
		case <-st.finished:
		default:
			fail(w, &httpError{http.StatusConflict, fmt.Errorf("bench run %s is under way: one at a time (DELETE /api/bench/%s stops it)", st.id, st.id)})
			return
		}
	}
	s.bench.next++
	ctx, cancel := context.WithCancel(s.ctx)
	st := &benchState{id: "b" + strconv.Itoa(s.bench.next), cancel: cancel, finished: make(chan struct{}), total: len(jobs)}
	if s.bench.runs == nil {
		s.bench.runs = map[string]*benchState{}
	}
	s.bench.runs[st.id] = st
	s.bench.order = append(s.bench.order, st.id)
	for len(s.bench.order) > benchKept {
		old := s.bench.order[0]
		s.bench.order = s.bench.order[1:]
		delete(s.bench.runs, old)
	}
	s.bench.wg.Add(1)
	go func() {
		defer s.bench.wg.Done()
		defer cancel()
		results := make([]cli.BenchRun, len(jobs))
		select {
		case s.searches <- struct{}{}: // the run takes one search token: one worker
			results = cli.RunBench(ctx, b, configs, loaded, jobs, settings, func() {
				st.mu.Lock()
				st.done++
				st.mu.Unlock()
			})
			<-s.searches
		case <-ctx.Done():
		}
		st.report = reportOf(configs, loaded, results)
		st.report.Done, st.report.Total = st.progress()
		close(st.finished)
	}()
	writeJSONStatus(w, http.StatusAccepted, map[string]any{"id": st.id, "total": len(jobs)})
}

// planBench makes a bench request's configuration with bench's own flags,
// and reads its suites (the embedded ones only).
func (s *server) planBench(req benchRequest) (*cli.BenchConfig, []cli.Configuration, []cli.BenchFile, error) {
	b := &cli.BenchConfig{Shuffle: -1, Jobs: 1, Memory: s.memPerSearch, Repeat: 1, Timeout: benchDefTimeout, Warmup: true,
		MaxInstances: cli.DefaultMaxInstances, MaxBytes: cli.DefaultMaxBytes}
	switch {
	case len(req.Suites) == 0:
		return nil, nil, nil, badRequest("suites: name one or more of %s", strings.Join(cli.SuiteProblems(), ", "))
	case req.TimeoutMS < 0 || req.TimeoutMS > benchMaxTimeout.Milliseconds():
		return nil, nil, nil, badRequest("timeout_ms: %d, want 1..%d", req.TimeoutMS, benchMaxTimeout.Milliseconds())
	case req.Repeat < 0 || req.Repeat > benchMaxRepeat:
		return nil, nil, nil, badRequest("repeat: %d, want 1..%d", req.Repeat, benchMaxRepeat)
	case req.MaxInstances < 0 || req.MaxInstances > benchMaxInstances:
		return nil, nil, nil, badRequest("max_instances: %d, want 1..%d", req.MaxInstances, benchMaxInstances)
	}
	if req.TimeoutMS > 0 {
		b.Timeout = time.Duration(req.TimeoutMS) * time.Millisecond
	}
	if req.Repeat > 0 {
		b.Repeat = req.Repeat
	}
	if req.Shuffle != nil {
		b.Shuffle = max(*req.Shuffle, 0)
	}
	fs := flag.NewFlagSet("csp bench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cli.BenchFlags(fs, b)
	var args []string
	for _, name := range slices.Sorted(maps.Keys(req.Matrix)) {
		// The dimensions are bench's list flags: not its files, outputs
		// or bounds.
		if f := fs.Lookup(name); f == nil || !isList(f) {
			return nil, nil, nil, badRequest("matrix: %q is not a dimension of bench's matrix (its list flags: model, var, val, restarts, ..., a problem's own flags)", name)
		}
		if len(req.Matrix[name]) == 0 {
			return nil, nil, nil, badRequest("matrix: %s has no value", name)
		}
		args = append(args, "-"+name+"="+strings.Join(req.Matrix[name], ","))
	}
	if err := fs.Parse(args); err != nil {
		return nil, nil, nil, badRequest("matrix: %v", err)
	}
	configs := b.Matrix()
	if len(configs) > benchMaxConfigs {
		return nil, nil, nil, badRequest("matrix: %d configurations, at most %d", len(configs), benchMaxConfigs)
	}
	for _, name := range req.Suites {
		if p, ok := catalog.Lookup(name); !ok || p.Suite == "" {
			return nil, nil, nil, badRequest("suites: no embedded suite %q (want %s)", name, strings.Join(cli.SuiteProblems(), ", "))
		}
	}
	loaded := cli.LoadFiles(cli.SuiteInputs(req.Suites), nil, &cli.ReadBudget{Instances: b.MaxInstances, Bytes: b.MaxBytes,
		MaxInstances: b.MaxInstances, MaxBytes: b.MaxBytes})
	keep := req.MaxInstances
	if keep == 0 {
		keep = benchDefInstances
	}
	for i := range loaded {
		if loaded[i].Err != nil {
			return nil, nil, nil, fmt.Errorf("internal error: the embedded suite %s: %w", loaded[i].Name, loaded[i].Err)
		}
		loaded[i].Items = loaded[i].Items[:min(len(loaded[i].Items), keep)]
	}
	return b, configs, loaded, nil
}

// isList reports whether f is one of bench's list flags.
func isList(f *flag.Flag) bool {
	_, ok := f.Value.(cli.ListFlag)
	return ok
}

// benchOf finds the run the path names.
func (s *server) benchOf(w http.ResponseWriter, r *http.Request) (*benchState, bool) {
	s.bench.mu.Lock()
	st, ok := s.bench.runs[r.PathValue("id")]
	s.bench.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Errorf("no bench run %q (the server keeps the last %d)", r.PathValue("id"), benchKept))
	}
	return st, ok
}

// benchStatus answers a run's report, or its progress while it runs.
func (s *server) benchStatus(w http.ResponseWriter, r *http.Request) {
	if st, ok := s.benchOf(w, r); ok {
		writeJSONStatus(w, http.StatusOK, st.snapshot())
	}
}

// stopBench stops a run: what it did is its report.
func (s *server) stopBench(w http.ResponseWriter, r *http.Request) {
	if st, ok := s.benchOf(w, r); ok {
		st.cancel()
		<-st.finished
		writeJSONStatus(w, http.StatusOK, st.snapshot())
	}
}

// benchEvents streams a run's progress as server-sent events ("progress",
// at most four a second, when it moved), then its report ("report"), and
// ends.
func (s *server) benchEvents(w http.ResponseWriter, r *http.Request) {
	st, ok := s.benchOf(w, r)
	if !ok {
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, errors.New("internal error: the connection cannot stream"))
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	send := func(event string, v any) bool {
		b, err := json.Marshal(v)
		if err != nil {
			return false
		}
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return false
		}
		flusher.Flush()
		return true
	}
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	last := -1
	for {
		select {
		case <-st.finished:
			send("report", st.snapshot())
			return
		case <-r.Context().Done():
			return
		case <-tick.C:
		}
		if done, total := st.progress(); done != last {
			last = done
			if !send("progress", map[string]int{"done": done, "total": total}) {
				return
			}
		}
	}
}

// benchUpload answers the report of a bench --json document, the body
// (at most maxBenchBody bytes, benchMaxUploadRecord records), sent as
// application/x-ndjson (or application/json).
func (s *server) benchUpload(w http.ResponseWriter, r *http.Request) {
	if err := jsonBody(r, "application/x-ndjson", "application/json"); err != nil {
		fail(w, err)
		return
	}
	configs, files, results, err := readBenchJSON(w, http.MaxBytesReader(w, r.Body, maxBenchBody))
	if err != nil {
		fail(w, err)
		return
	}
	rep := reportOf(configs, files, results)
	rep.Done, rep.Total = len(results), len(results)
	writeJSONStatus(w, http.StatusOK, rep)
}

// readBenchJSON reads bench --json records back into the run they
// describe: the configurations and files in the order they first appear.
// A malformed line is a 400 naming it.
func readBenchJSON(w http.ResponseWriter, r io.Reader) ([]cli.Configuration, []cli.BenchFile, []cli.BenchRun, error) {
	var configs []cli.Configuration
	var files []cli.BenchFile
	var results []cli.BenchRun
	configAt, fileAt := map[string]int{}, map[[2]string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxBenchBody+1) // the body's bound comes first
	line := 0
	for sc.Scan() {
		line++
		if be := bodyError(w, sc.Err()); be != nil {
			return nil, nil, nil, be // the line is what came before the read failed
		}
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		if len(results) == benchMaxUploadRecord {
			return nil, nil, nil, badRequest("line %d: more than %d records", line, benchMaxUploadRecord)
		}
		var rec benchrec.Record
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rec); err != nil {
			return nil, nil, nil, &httpError{http.StatusBadRequest, &catalog.ParseError{Line: line, Err: errBenchRecord, Detail: err.Error()}}
		}
		p, ok := catalog.Lookup(rec.Problem)
		switch {
		case rec.Config == "":
			return nil, nil, nil, benchLineError(line, "no config")
		case !ok:
			return nil, nil, nil, benchLineError(line, fmt.Sprintf("unknown problem %q", rec.Problem))
		case !slices.Contains([]string{cli.Solved, cli.Unsatisfiable, cli.Unknown, cli.Failed}, rec.Status):
			return nil, nil, nil, benchLineError(line, fmt.Sprintf("status %q, want solved, unsatisfiable, unknown or error", rec.Status))
		case math.IsNaN(rec.Time) || rec.Time < 0 || rec.Time > 1e9:
			return nil, nil, nil, benchLineError(line, fmt.Sprintf("time %v, want seconds, 0..1e9", rec.Time))
		}
		ci, ok := configAt[rec.Config]
		if !ok {
			ci = len(configs)
			configAt[rec.Config] = ci
			configs = append(configs, cli.Configuration{Name: rec.Config, Values: rec.Settings})
		}
		key := [2]string{rec.File, rec.Problem}
		fi, ok := fileAt[key]
		if !ok {
			fi = len(files)
			fileAt[key] = fi
			files = append(files, cli.BenchFile{Name: rec.File, Problem: p})
		}
		run := cli.BenchRun{Config: ci, File: fi, Item: catalog.Item[any]{Index: rec.Instance, Line: rec.Line}, Status: rec.Status,
			Time: time.Duration(math.Round(rec.Time * float64(time.Second)))}
		run.Res.Stats = csp.Stats{Nodes: rec.Nodes, Failures: rec.Failures, Propagations: rec.Propagations, PeakDepth: rec.PeakDepth,
			Restarts: rec.Restarts, Solutions: rec.Solutions, Propagators: rec.Propagators}
		if rec.Error != "" {
			run.Err = errors.New(rec.Error)
		}
		results = append(results, run)
	}
	if err := sc.Err(); err != nil {
		if be := bodyError(w, err); be != nil {
			return nil, nil, nil, be
		}
		return nil, nil, nil, badRequest("line %d: %v", line+1, err)
	}
	if len(results) == 0 {
		return nil, nil, nil, badRequest("no bench record in the document")
	}
	for i := range files {
		files[i].Items = make([]catalog.Item[any], 0)
		for _, r := range results {
			if r.File == i && r.Config == 0 {
				files[i].Items = append(files[i].Items, r.Item)
			}
		}
	}
	return configs, files, results, nil
}

// errBenchRecord is the sentinel of a malformed line of a bench document.
var errBenchRecord = errors.New("bench: bad record")

func benchLineError(line int, detail string) error {
	return &httpError{http.StatusBadRequest, &catalog.ParseError{Line: line, Err: errBenchRecord, Detail: detail}}
}
