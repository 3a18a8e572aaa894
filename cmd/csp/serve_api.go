package main

import (
	"encoding/json"
	"net/http"
	"strings"

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

// writeJSON answers v as JSON with status code.
func writeJSONStatus(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil { // the records always marshal; say so if one does not
		code, b = http.StatusInternalServerError, []byte(`{"error":"internal error: encoding the answer"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	_, _ = w.Write(append(b, '\n')) // the client went away: nothing to do
}

// apiError is the body of every error answer.
type apiError struct {
	Error string `json:"error"`
	Line  int    `json:"line,omitempty"`  // a parse error's line in the puzzle
	Field int    `json:"field,omitempty"` // and field on it (0: the line)
}

// writeError answers err with status code.
func writeError(w http.ResponseWriter, code int, err error) {
	writeJSONStatus(w, code, apiError{Error: err.Error()})
}

// problemInfo is a problem as /api/problems lists it.
type problemInfo struct {
	Name   string          `json:"name"`
	Doc    string          `json:"doc"`
	Models []string        `json:"models,omitempty"`
	Flags  []flagInfo      `json:"flags"`
	Levels []string        `json:"levels,omitempty"`
	Can    map[string]bool `json:"can"`
	Suite  bool            `json:"suite"`
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
		pi := problemInfo{Name: p.Name, Doc: p.Doc, Models: p.Models, Levels: p.Levels, Flags: []flagInfo{}, Suite: p.Suite != "",
			Can: map[string]bool{"generate": p.CanGenerate, "reason": p.CanReason, "marks": p.CanMark, "model": p.CanModel,
				"clues": p.CanClue, "diagnose": p.CanModel && p.CanClue}}
		for _, f := range p.Flags {
			pi.Flags = append(pi.Flags, flagInfo{Name: f.Name, Usage: f.Usage, Default: f.Default, Bool: f.Bool, Generate: f.Generate, Choices: f.Choices})
		}
		out = append(out, pi)
	}
	writeJSONStatus(w, http.StatusOK, map[string]any{"problems": out})
}

func (s *server) suites(w http.ResponseWriter, r *http.Request) {
	writeError(w, http.StatusNotImplemented, errorString("not implemented yet"))
}

type errorString string

func (e errorString) Error() string { return string(e) }
