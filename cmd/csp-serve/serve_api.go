package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"mime"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cspgo/csp/cmd/internal/cli"
	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// secure sets the headers every response carries: no sniffing, a content
// security policy that allows only the server itself, no referrer, and no
// caching of the API's answers.
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
		hd.Set("Referrer-Policy", "no-referrer")
		if strings.HasPrefix(r.URL.Path, "/api/") {
			hd.Set("Cache-Control", "no-store")
		}
		h.ServeHTTP(w, r)
	})
}

// writeJSONStatus answers v as JSON with status code.
func writeJSONStatus(w http.ResponseWriter, code int, v any) {
	b, ok := v.(encoded)
	if !ok {
		var err error
		if b, err = json.Marshal(v); err != nil { // the records always marshal; say so if one does not
			code, b = http.StatusInternalServerError, []byte(`{"error":"internal error: encoding the answer"}`)
		}
		b = append(b, '\n')
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	_, _ = w.Write(b) // the client went away: nothing to do
}

// apiError is the body of every error answer.
type apiError struct {
	Error string `json:"error"`
	Line  int    `json:"line,omitempty"`  // a parse error's line in the puzzle
	Field int    `json:"field,omitempty"` // and field on it (0: the line)
}

// writeError answers err with status code; a parse error gives its
// place.
func writeError(w http.ResponseWriter, code int, err error) {
	body := apiError{Error: err.Error()}
	var pe *catalog.ParseError
	if errors.As(err, &pe) {
		body.Line, body.Field = pe.Line, pe.Field
	}
	writeJSONStatus(w, code, body)
}

// httpError is an error with the status it answers.
type httpError struct {
	code int
	err  error
}

func (e *httpError) Error() string { return e.err.Error() }
func (e *httpError) Unwrap() error { return e.err }

func badRequest(format string, args ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Errorf(format, args...)}
}

// fail answers err: its status when it is an *httpError, 413 for a body
// over the limit, 500 for an internal error (a bug: a solution the
// checker refuses, say; the message says so), else 400: the instance
// cannot be served as asked (a killer sudoku has no reasoning rules, a
// cage's table would be too large).
func fail(w http.ResponseWriter, err error) {
	var he *httpError
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &mb):
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Errorf("the body is over the limit of %d bytes", mb.Limit))
	case errors.As(err, &he):
		if he.code == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "1")
		}
		writeError(w, he.code, he.err)
	case strings.Contains(err.Error(), "internal error"):
		writeError(w, http.StatusInternalServerError, err)
	default:
		writeError(w, http.StatusBadRequest, err)
	}
}

// problemInfo is a problem as /api/problems lists it.
type problemInfo struct {
	Name   string   `json:"name"`
	Doc    string   `json:"doc"`
	Models []string `json:"models,omitempty"`
	// ModelDefault says how the default model is chosen where the first
	// of Models is not always it (catalog.Info.ModelDefault).
	ModelDefault string          `json:"model_default,omitempty"`
	Flags        []flagInfo      `json:"flags"`
	Levels       []string        `json:"levels,omitempty"`
	Can          map[string]bool `json:"can"`
	Suite        bool            `json:"suite"`
}

type flagInfo struct {
	Name     string   `json:"name"`
	Usage    string   `json:"usage"`
	Default  string   `json:"default"`
	Bool     bool     `json:"bool"`
	Generate bool     `json:"generate"`
	Choices  []string `json:"choices,omitempty"`
}

func (s *server) problems(w http.ResponseWriter, r *http.Request) {
	var out []problemInfo
	for _, name := range catalog.Names() {
		p, _ := catalog.Lookup(name)
		pi := problemInfo{Name: p.Name, Doc: p.Doc, Models: p.Models, ModelDefault: p.ModelDefault, Levels: p.Levels, Flags: []flagInfo{}, Suite: p.Suite != "",
			Can: map[string]bool{"generate": p.CanGenerate, "reason": p.CanReason, "marks": p.CanMark, "model": p.CanModel,
				"clues": p.CanClue, "diagnose": p.CanModel && p.CanClue, "draw": p.CanDraw}}
		for _, f := range p.Flags {
			pi.Flags = append(pi.Flags, flagInfo{Name: f.Name, Usage: f.Usage, Default: f.Default, Bool: f.Bool, Generate: f.Generate, Choices: f.Choices})
		}
		out = append(out, pi)
	}
	writeJSONStatus(w, http.StatusOK, map[string]any{"problems": out})
}

// suiteInstance is one instance of an embedded suite, with its text.
type suiteInstance struct {
	Index  int    `json:"index"`
	Line   int    `json:"line"`
	Puzzle string `json:"puzzle"`
}

func (s *server) suites(w http.ResponseWriter, r *http.Request) {
	type suite struct {
		Name      string          `json:"name"`
		Problem   string          `json:"problem"`
		Instances []suiteInstance `json:"instances"`
	}
	out := []suite{}
	for _, name := range cli.SuiteProblems() {
		p, _ := catalog.Lookup(name)
		out = append(out, suite{Name: name, Problem: name, Instances: suiteTexts(p)})
	}
	writeJSONStatus(w, http.StatusOK, map[string]any{"suites": out})
}

// suiteTexts cuts p's suite into its well-formed instances' texts: each
// runs from its first line to the line before the next instance's, with
// the blank lines at its end left out (the comments before the next one
// stay: the readers skip them).
func suiteTexts(p *catalog.Entry) []suiteInstance {
	lines := strings.SplitAfter(p.Suite, "\n")
	var items []catalog.Item[any]
	for it := range p.Read(strings.NewReader(p.Suite), false) {
		items = append(items, it)
	}
	var out []suiteInstance
	for i, it := range items {
		if it.Err != nil {
			continue
		}
		end := len(lines)
		if i+1 < len(items) {
			end = items[i+1].Line - 1
		}
		text := lines[it.Line-1 : end]
		for len(text) > 0 {
			if strings.TrimSpace(text[len(text)-1]) != "" {
				break
			}
			text = text[:len(text)-1]
		}
		out = append(out, suiteInstance{Index: it.Index, Line: it.Line, Puzzle: strings.Join(text, "")})
	}
	return out
}

// apiRequest is the body of every request that takes a puzzle (and of
// generate): docs/API.md describes the fields.
type apiRequest struct {
	Problem   string            `json:"problem"`
	Puzzle    string            `json:"puzzle"`
	Marks     bool              `json:"marks"`
	Model     string            `json:"model"`
	Flags     map[string]string `json:"flags"`
	UpTo      string            `json:"up_to"`
	TimeoutMS int64             `json:"timeout_ms"`
	// Candidates, when set, start the puzzle's cells from a person's
	// board (see withCandidates).
	Candidates [][][]int `json:"candidates"`
	// generate
	Size       int     `json:"size"`
	Difficulty string  `json:"difficulty"`
	Seed       *uint64 `json:"seed"`
	Holes      *int    `json:"holes"`
}

// call is one request under way: its problem, its settings made by the
// command line's own flags, its instance, and its context, whose deadline
// is the request's time limit.
type call struct {
	req apiRequest
	p   *catalog.Entry
	c   *cli.Config
	it  catalog.Item[any]
	ctx context.Context
}

// bodyTimeout bounds the reading of a request's body: a client that
// sends its headers and then trickles the body, or stops, is answered
// 408 (or whatever its request gets) and its connection closed, instead
// of holding it for ever.
var bodyTimeout = 30 * time.Second

// bodyDeadline sets the read deadline of every request that has a body,
// before anything answers it (a 403, 404, 405 or 415 too: the server
// reads what is left of a body before it answers), and lifts it once the
// body is read to its end: left in place, a deadline that passes while
// the handler works would cancel the request's context. A body that
// stops arriving fails its read at the deadline, which bodyError makes a
// 408, and the server gives up reading the rest and answers.
func bodyDeadline(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			rc := http.NewResponseController(w)
			if rc.SetReadDeadline(time.Now().Add(bodyTimeout)) == nil {
				r.Body = &liftAtEOF{ReadCloser: r.Body, lift: func() { _ = rc.SetReadDeadline(time.Time{}) }}
			}
		}
		h.ServeHTTP(w, r)
	})
}

// liftAtEOF calls lift once, when the body it wraps is read to its end.
type liftAtEOF struct {
	io.ReadCloser
	lift func()
}

func (b *liftAtEOF) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && b.lift != nil {
		b.lift()
		b.lift = nil
	}
	return n, err
}

// bodyError is the answer to a body that could not be read: 413 over its
// size, 408 past bodyTimeout (the connection closed after it), else nil
// (the caller's 400).
func bodyError(w http.ResponseWriter, err error) error {
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return err
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		w.Header().Set("Connection", "close")
		return &httpError{http.StatusRequestTimeout, fmt.Errorf("the body did not arrive within %v", bodyTimeout)}
	}
	return nil
}

// decode reads the request's body (at most maxBody bytes, within
// bodyTimeout: see bodyDeadline) into req: one JSON object with no
// unknown field, and nothing after it.
func decode(w http.ResponseWriter, r *http.Request, req any) error {
	if err := jsonBody(r, "application/json"); err != nil {
		return err
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(req); err != nil {
		if be := bodyError(w, err); be != nil {
			return be
		}
		return badRequest("the body is not the JSON object wanted: %v", err)
	}
	if dec.More() {
		return badRequest("the body holds more than one JSON value")
	}
	// Read to the end: a body that stalls after its object is a 408,
	// and anything else after it a 400.
	if _, err := dec.Token(); err != io.EOF {
		if be := bodyError(w, err); be != nil {
			return be
		}
		return badRequest("the body holds more than one JSON value")
	}
	return nil
}

// jsonBody checks that the request's body says it is one of the types
// wanted: a form or a text/plain post from another site's page (which a
// browser sends without asking) is refused with 415.
func jsonBody(r *http.Request, types ...string) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || !slices.Contains(types, mt) {
		return &httpError{http.StatusUnsupportedMediaType, fmt.Errorf("Content-Type %q, want %s", r.Header.Get("Content-Type"), strings.Join(types, " or "))}
	}
	return nil
}

// settle makes the settings of a request for p with the flags of the
// command cmd, as the command line would for the same flags: model,
// the problem's own flags (only those of p, of the kind generating
// says), up_to, marks, and more args. A bad value is a 400 with the
// flag parser's message.
func (s *server) settle(p *catalog.Entry, cmd string, req apiRequest, generating bool, more ...string) (*cli.Config, error) {
	var args []string
	if req.Model != "" {
		args = append(args, "-model="+req.Model)
	}
	for _, name := range slices.Sorted(maps.Keys(req.Flags)) {
		i := slices.IndexFunc(p.Flags, func(f catalog.Flag) bool { return f.Name == name })
		if i < 0 || p.Flags[i].Generate != generating || name == "time-limit" {
			return nil, badRequest("flags: %q is not a flag of %s here", name, p.Name)
		}
		args = append(args, "-"+name+"="+req.Flags[name])
	}
	if req.UpTo != "" {
		args = append(args, "-up-to="+req.UpTo)
	}
	if req.Marks {
		args = append(args, "-marks")
	}
	args = append(args, more...)
	c := cli.NewConfig()
	c.MaxMemory = s.memPerSearch
	fs := flag.NewFlagSet("csp "+cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cli.Commands[cmd].Flags(fs, c)
	if err := fs.Parse(args); err != nil {
		return nil, badRequest("%v", err)
	}
	if err := c.SettleFor(p, fs); err != nil {
		return nil, badRequest("%v", err)
	}
	return c, nil
}

// timeout is the request's time limit: the server's, or less when the
// request asks for less.
func (s *server) timeout(req apiRequest) time.Duration {
	d := s.cfg.timeout
	if req.TimeoutMS > 0 && req.TimeoutMS < d.Milliseconds() { // compared as numbers: no overflow
		d = time.Duration(req.TimeoutMS) * time.Millisecond
	}
	return d
}

// begin reads a request for the command cmd: its body, its problem, its
// settings and its one instance. need says what the problem must have
// (nil: nothing).
func (s *server) begin(w http.ResponseWriter, r *http.Request, cmd string, need func(p *catalog.Entry) error) (*call, error) {
	var req apiRequest
	if err := decode(w, r, &req); err != nil {
		return nil, err
	}
	p, ok := catalog.Lookup(req.Problem)
	if !ok {
		return nil, badRequest("problem: unknown problem %q (want %s)", req.Problem, cli.ProblemNames())
	}
	if need != nil {
		if err := need(p); err != nil {
			return nil, &httpError{http.StatusBadRequest, err}
		}
	}
	if req.Marks && !p.CanMark {
		return nil, badRequest("marks: %s has no pencil-mark form", p.Name)
	}
	if req.UpTo != "" && p.Levels != nil && cli.LevelIndex(p.Levels, req.UpTo) == -2 {
		return nil, badRequest("up_to: %s", cli.WantLevel(p.Name, p.Levels))
	}
	if req.TimeoutMS < 0 {
		return nil, badRequest("timeout_ms: %d, want a positive number of milliseconds", req.TimeoutMS)
	}
	c, err := s.settle(p, cmd, req, false)
	if err != nil {
		return nil, err
	}
	it, err := one(p, req.Puzzle, req.Marks)
	if err != nil {
		return nil, err
	}
	if req.Candidates != nil {
		if req.Marks {
			return nil, badRequest("candidates: the puzzle is in the pencil-mark form already (marks): send one or the other")
		}
		if it, err = withCandidates(p, it, req.Candidates); err != nil {
			return nil, err
		}
	}
	return &call{req: req, p: p, c: c, it: it}, nil
}

// one reads the one instance of text.
func one(p *catalog.Entry, text string, marks bool) (catalog.Item[any], error) {
	var first catalog.Item[any]
	n := 0
	for it := range p.Read(strings.NewReader(text), marks) {
		n++
		if n == 1 {
			first = it
			if it.Err != nil {
				return it, &httpError{http.StatusBadRequest, it.Err}
			}
			continue
		}
		return first, badRequest("puzzle: more than one instance (the second starts on line %d): send one at a time", it.Line)
	}
	if n == 0 {
		return first, badRequest("puzzle: no instance in the text")
	}
	return first, nil
}

// search runs do under the request's time limit, once a search token is
// free: a request that finds none within its limit is answered 503. The
// work runs on the request's goroutine, so it is over when the handler
// returns: its context ends with the limit or when the client goes away,
// and the engine stops within milliseconds of it.
func (s *server) search(w http.ResponseWriter, r *http.Request, c *call, do func(ctx context.Context) (any, error)) {
	ctx, cancel := cli.InstanceContext(r.Context(), s.timeout(c.req))
	defer cancel()
	select {
	case s.searches <- struct{}{}:
		defer func() { <-s.searches }()
	case <-ctx.Done():
		if r.Context().Err() != nil {
			return // the client went away: nobody to answer
		}
		fail(w, &httpError{http.StatusServiceUnavailable, fmt.Errorf("busy: %d searches running and none ended within the time limit", cap(s.searches))})
		return
	}
	c.ctx = ctx
	v, err := do(ctx)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSONStatus(w, http.StatusOK, v)
}

// handle serves an endpoint that takes a puzzle: begin, then search.
func (s *server) handle(cmd string, need func(p *catalog.Entry) error, do func(c *call) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := s.begin(w, r, cmd, need)
		if err != nil {
			fail(w, err)
			return
		}
		s.search(w, r, c, func(context.Context) (any, error) { return do(c) })
	}
}

// Needs of the endpoints.
func needModel(p *catalog.Entry) error {
	if !p.CanModel {
		return fmt.Errorf("%s has no model to count with", p.Name)
	}
	return nil
}

func needLadderOf(p *catalog.Entry) error {
	if !p.CanReason {
		return fmt.Errorf("%s has no reasoning rules (they serve %s)", p.Name, cli.LadderProblems())
	}
	return nil
}

func needMarks(p *catalog.Entry) error {
	if err := needLadderOf(p); err != nil {
		return err
	}
	if !p.CanMark {
		return fmt.Errorf("%s has no pencil-mark form", p.Name)
	}
	return nil
}

func needDraw(p *catalog.Entry) error {
	if !p.CanDraw {
		return fmt.Errorf("%s has no board to draw", p.Name)
	}
	return nil
}

func needDiagnose(p *catalog.Entry) error {
	if !p.CanModel || !p.CanClue {
		return fmt.Errorf("%s has no diagnostics", p.Name)
	}
	return nil
}

// parsed is /api/parse's answer.
type parsed struct {
	Problem string        `json:"problem"`
	Line    int           `json:"line"`
	Board   catalog.Board `json:"board"`
	Marks   [][][]int     `json:"marks,omitempty"`
	Export  string        `json:"export"`
}

func (s *server) parse(c *call) (any, error) {
	b, err := c.p.Board(c.it.Value)
	if err != nil {
		return nil, err
	}
	ex, err := export(c.p, c.it.Value)
	if err != nil {
		return nil, err
	}
	out := parsed{Problem: c.p.Name, Line: c.it.Line, Board: b, Export: ex}
	if c.req.Marks {
		r, err := c.p.Reason(c.it.Value)
		if err != nil {
			return nil, &httpError{http.StatusBadRequest, err}
		}
		out.Marks = r.Candidates()
	}
	return out, nil
}

// export writes inst back in its input form: the problem's Write of its
// givens (of nothing, for a problem whose puzzle has none to fill in).
func export(p *catalog.Entry, inst any) (string, error) {
	var b bytes.Buffer
	if err := p.Write(&b, inst, p.Givens(inst)); err != nil {
		return "", fmt.Errorf("writing the puzzle: %w", err)
	}
	return b.String(), nil
}

func (s *server) solve(c *call) (any, error) {
	// The search reads the clock against the request's limit too (every
	// 16 nodes), as the command line's --timeout has it do: the context
	// ends by a runtime timer, which a busy process fires late
	// (docs/BENCHMARKS.md, "csp serve under load"), while a running
	// search reads the clock within milliseconds of the limit.
	// Its answer says so as the context's end would: unknown, stopped by
	// the time limit. (The other endpoints tell a stop from an error by
	// the context's end, so they wait for it.)
	if dl, ok := c.ctx.Deadline(); ok {
		c.c.Settings.Search.TimeLimit = max(time.Until(dl), time.Nanosecond)
	}
	o := cli.Attempt(c.ctx, c.p, c.it, c.c.Settings, &catalog.Cache{}, false)
	if o.Err != nil {
		return nil, o.Err // a bug: the checker refused a solution, say
	}
	return cli.RecordOf(&o, false), nil
}

func (s *server) count(c *call) (any, error) {
	v, err := cli.CheckOne(c.ctx, c.p, c.it.Value, cli.CheckSettings(c.c.Settings))
	if err != nil {
		return nil, err
	}
	rec := v.Record(c.it)
	if v.Verdict == "multiple" {
		rec["differ_cells"] = cli.DifferCells(v.Sols[0], v.Sols[1])
	}
	return rec, nil
}

func (s *server) grade(c *call) (any, error) {
	g, err := cli.GradeOne(c.ctx, c.p, c.c, c.it)
	if err != nil {
		return unsatOr(c, err)
	}
	return g, nil
}

// unsatOr answers an Unsatisfiable error as the record the command line
// prints for it (givens that clash: none, with the reason); any other
// error is the request's.
func unsatOr(c *call, err error) (any, error) {
	var unsat catalog.Unsatisfiable
	if errors.As(err, &unsat) {
		return map[string]any{"instance": c.it.Index, "line": c.it.Line, "status": cli.Unsatisfiable, "verdict": "none", "reason": unsat.Reason.Error()}, nil
	}
	return nil, err
}

// maxExplainBytes bounds the steps of an explanation's answer, in JSON:
// past it the list stops and says so (truncated). The hardest 9x9 Towers
// of problems/skyscraper/testdata/tatham-9du-100.txt explains in 2.7 MB.
// A variable: the tests lower it.
var maxExplainBytes = 8 << 20

// stepList is /api/explain's answer, its steps encoded as the reasoning
// finds them: once the time limit passes, what is left to do is closing
// the list and encoding the outcome, not encoding a list that may hold
// megabytes. A step found before the limit but not placed by then is left
// out, as is every step past maxExplainBytes: the list is then truncated,
// a beginning of the explanation.
type stepList struct {
	buf       []byte // {"steps":[ and the steps, with commas
	n         int    // the steps in buf
	truncated bool
}

const stepsHead = `{"steps":[`

// add places and encodes the step numbered n of it, unless ctx is done
// or the list is full.
func (l *stepList) add(ctx context.Context, p *placer, it catalog.Item[any], n int, st csp.Step) error {
	if l.truncated || ctx.Err() != nil {
		l.truncated = true
		return nil
	}
	b, err := json.Marshal(p.step(it, n, st))
	if err != nil {
		return err
	}
	if len(l.buf)+len(b)+1 > len(stepsHead)+maxExplainBytes {
		l.truncated = true
		return nil
	}
	if l.n == 0 {
		l.buf = append(l.buf[:0], stepsHead...)
	} else {
		l.buf = append(l.buf, ',')
	}
	l.buf = append(l.buf, b...)
	l.n++
	return nil
}

// answer ends the list and the answer: {"steps": [...], "truncated":
// true, "final": {...}, "candidates": [...]}, truncated only when true.
func (l *stepList) answer(final map[string]any, candidates [][][]int) (encoded, error) {
	f, err := json.Marshal(final)
	if err != nil {
		return nil, err
	}
	c, err := json.Marshal(candidates)
	if err != nil {
		return nil, err
	}
	// One copy at most of the steps, into room for the rest.
	out := slices.Grow(l.buf, len(`],"truncated":true,"final":,"candidates":}`)+len(f)+len(c)+1)
	if l.n == 0 {
		out = append(out[:0], stepsHead...)
	}
	out = append(out, ']')
	if l.truncated {
		out = append(out, `,"truncated":true`...)
	}
	out = append(out, `,"final":`...)
	out = append(out, f...)
	out = append(out, `,"candidates":`...)
	out = append(out, c...)
	return append(out, "}\n"...), nil
}

// encoded is an answer in JSON already, with its closing newline:
// writeJSONStatus writes it as it is.
type encoded []byte

func (s *server) explain(c *call) (any, error) {
	start, _, err := cli.Reasoning(c.p, c.c, c.it)
	if err != nil {
		return unsatOr(c, err)
	}
	board, _ := c.p.Board(c.it.Value) // without one, no clue is placed
	var (
		p      *placer
		steps  stepList
		encErr error
	)
	x, err := cli.ExplainOne(c.ctx, c.p, c.c, c.it, func(r *catalog.Reasoning, n int, st csp.Step) {
		if p == nil {
			p = newPlacer(r, board)
		}
		if err := steps.add(c.ctx, p, c.it, n, st); err != nil && encErr == nil {
			encErr = err
		}
	})
	if err != nil {
		return unsatOr(c, err)
	}
	if encErr != nil {
		return nil, fmt.Errorf("internal error: encoding a step: %w", encErr)
	}
	return steps.answer(x.Final, start.Candidates())
}

func (s *server) hint(c *call) (any, error) {
	h, err := cli.HintOne(c.ctx, c.p, c.c, c.it)
	if err != nil {
		return unsatOr(c, err)
	}
	if h.Found && h.Stop == csp.NotStopped && !h.Solved {
		board, _ := c.p.Board(c.it.Value) // without one, no clue is placed
		return map[string]any{"step": newPlacer(h.Reasoning, board).step(c.it, 1, h.Step)}, nil
	}
	return h.Record(c.it), nil
}

func (s *server) marks(c *call) (any, error) {
	cands, _, stop, err := cli.MarksOne(c.ctx, c.p, c.c, c.it)
	switch {
	case errors.Is(err, cli.ErrContradiction):
		return map[string]any{"instance": c.it.Index, "line": c.it.Line, "status": cli.Unsatisfiable, "reason": err.Error()}, nil
	case err != nil:
		return unsatOr(c, err)
	case stop != csp.NotStopped:
		return map[string]any{"instance": c.it.Index, "line": c.it.Line, "status": cli.Unknown, "stopped": stop.String()}, nil
	}
	var b bytes.Buffer
	if err := c.p.WriteMarks(&b, c.it.Value, cands); err != nil {
		return nil, err
	}
	return map[string]any{"instance": c.it.Index, "line": c.it.Line, "candidates": cands, "text": b.String()}, nil
}

// diagnosed is /api/diagnose's answer: diagnose's record, and the places
// of what it names.
type diagnosed struct {
	cli.Diagnosis
	CorePlaces [][]place `json:"core_places,omitempty"`
	AddCells   []cellVal `json:"add_cells,omitempty"`
	Reason     string    `json:"reason,omitempty"`
}

func (s *server) diagnose(c *call) (any, error) {
	d, err := cli.DiagnoseAt(c.ctx, c.p, cli.CheckSettings(c.c.Settings), c.it)
	var unsat catalog.Unsatisfiable
	if errors.As(err, &unsat) {
		// Givens that clash: the core is found by removing items, as
		// for any puzzle with no solution; the clash is the reason.
		return diagnosed{Diagnosis: cli.Diagnosis{Instance: c.it.Index, Line: c.it.Line, Verdict: "none"}, Reason: unsat.Reason.Error()}, nil
	}
	if err != nil {
		return nil, err
	}
	out := diagnosed{Diagnosis: d}
	for _, i := range d.CoreAt {
		out.CorePlaces = append(out.CorePlaces, placesOf(c.p, c.it.Value, i))
	}
	for _, k := range cli.SortedCells(d.AddAt) {
		out.AddCells = append(out.AddCells, cellVal{Cell: k, Value: d.AddAt[k]})
	}
	return out, nil
}

func (s *server) export(c *call) (any, error) {
	ex, err := export(c.p, c.it.Value)
	if err != nil {
		return nil, err
	}
	return map[string]any{"puzzle": ex}, nil
}

// maxGenerateSize bounds the size a request may ask generate for.
const maxGenerateSize = 25

func (s *server) generate(w http.ResponseWriter, r *http.Request) {
	var req apiRequest
	if err := decode(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	c, err := s.generating(req)
	if err != nil {
		fail(w, err)
		return
	}
	s.search(w, r, c, func(ctx context.Context) (any, error) {
		var b bytes.Buffer
		if err := c.p.Generate(ctx, &b, c.c.Settings, 0); err != nil {
			if errors.Is(err, catalog.ErrNotMade) {
				return map[string]any{"status": cli.Unknown, "error": err.Error()}, nil
			}
			return nil, &httpError{http.StatusBadRequest, err}
		}
		it, err := one(c.p, b.String(), false)
		if err != nil {
			return nil, fmt.Errorf("internal error: the puzzle made does not read back: %w", err)
		}
		board, err := c.p.Board(it.Value)
		if err != nil {
			return nil, err
		}
		return map[string]any{"puzzle": b.String(), "board": board}, nil
	})
}

// generating checks a generate request and makes its settings: the
// generator's own time limit is the request's.
func (s *server) generating(req apiRequest) (*call, error) {
	p, ok := catalog.Lookup(req.Problem)
	switch {
	case !ok:
		return nil, badRequest("problem: unknown problem %q (want %s)", req.Problem, cli.ProblemNames())
	case !p.CanGenerate:
		return nil, badRequest("problem: %s has no generator (want %s)", p.Name, cli.Generators())
	case req.Size < 1 || req.Size > maxGenerateSize:
		return nil, badRequest("size: %d, want 1..%d", req.Size, maxGenerateSize)
	case req.Puzzle != "" || req.Marks || req.UpTo != "":
		return nil, badRequest("generate takes problem, size, difficulty, seed, holes, flags and timeout_ms")
	case req.TimeoutMS < 0:
		return nil, badRequest("timeout_ms: %d, want a positive number of milliseconds", req.TimeoutMS)
	}
	more := []string{"-size=" + strconv.Itoa(req.Size)}
	if req.Seed != nil {
		more = append(more, "-seed="+strconv.FormatUint(*req.Seed, 10))
	}
	if req.Holes != nil {
		if *req.Holes < 0 {
			return nil, badRequest("holes: %d, want a whole number >= 0", *req.Holes)
		}
		more = append(more, "-holes="+strconv.Itoa(*req.Holes))
	}
	if req.Difficulty != "" {
		if !slices.ContainsFunc(p.Flags, func(f catalog.Flag) bool { return f.Name == "difficulty" }) {
			return nil, badRequest("difficulty: %s's generator takes none (want holes); these do: %s", p.Name, cli.Makers())
		}
		more = append(more, "-difficulty="+req.Difficulty)
	}
	if slices.ContainsFunc(p.Flags, func(f catalog.Flag) bool { return f.Name == "time-limit" }) {
		more = append(more, "-time-limit="+s.timeout(req).String())
	}
	c, err := s.settle(p, "generate", req, true, more...)
	if err != nil {
		return nil, err
	}
	return &call{req: req, p: p, c: c}, nil
}
