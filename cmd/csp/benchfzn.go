package main

// csp bench on FlatZinc files: each file is one instance, built onto the
// engine once per run and searched under the configuration's options
// (docs/FLATZINC.md, "Benchmarking FlatZinc").

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/flatzinc"
	"github.com/cspgo/csp/propagators/alldiff"
)

// fznKind is the name bench gives FlatZinc inputs: the prefix of
// fzn:PATH and the problem of their records.
const fznKind = "fzn"

// fznInput reports whether the argument a of bench names FlatZinc: fzn:PATH
// (a file, a directory of *.fzn files, or - for standard input), or a
// path ending in .fzn; path is what it names.
func fznInput(a string) (path string, ok bool) {
	if rest, ok := strings.CutPrefix(a, fznKind+":"); ok {
		return rest, true
	}
	return a, strings.EqualFold(filepath.Ext(a), ".fzn")
}

// loadFzn reads a FlatZinc input: one instance per file, the *.fzn files
// of a directory in name order, each parsed whole and kept (the model, not
// the text). A file that cannot be opened or parsed is that instance's
// error and the others are read; a directory or file that cannot be
// listed or opened is the input's error, and so is a bound broken, as for
// the other inputs (readItems).
func loadFzn(in benchInput, stdin io.Reader, budget *readBudget) benchFile {
	bf := benchFile{name: in.name, fzn: true}
	paths := []string{in.path}
	if in.path != "-" {
		info, err := os.Stat(in.path)
		if err != nil {
			bf.err = err
			return bf
		}
		if info.IsDir() {
			if paths, err = fznFiles(in.path); err != nil {
				bf.err = err
				return bf
			}
		} else if f, err := openFile(in.path); err != nil { // a file that does not open fails the input, as for puzzles
			bf.err = err
			return bf
		} else {
			_ = f.Close() // only opened: nothing to lose
		}
	}
	var spent int64
	giveBack := func() {
		budget.instances += int64(len(bf.items))
		budget.bytes += spent
		bf.items, bf.paths = nil, nil
	}
	for i, path := range paths {
		where := path + ": " // which file of a directory broke a bound
		if path == in.path {
			where = ""
		}
		if budget.instances <= 0 {
			giveBack()
			bf.err = fmt.Errorf("%smore than %d instances in all (--max-instances raises the bound)", where, budget.maxInstances)
			return bf
		}
		budget.instances--
		it := catalog.Item[any]{Index: i + 1, Line: 1}
		br, model, err := readFzn(path, stdin, budget)
		spent += br.read
		if br.over {
			bf.items = append(bf.items, it)
			giveBack()
			bf.err = fmt.Errorf("%s%w", where, budget.readError(br, errOverBudget, 0))
			return bf
		}
		if err != nil {
			it.Err = pathless(err)
		} else {
			it.Value = model
		}
		bf.items = append(bf.items, it)
		bf.paths = append(bf.paths, path)
	}
	return bf
}

// fznFiles lists the *.fzn files of dir, sorted by name: regular files,
// or links to one (a pipe or a device of the name would block or never
// end).
func fznFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if !strings.EqualFold(filepath.Ext(e.Name()), ".fzn") {
			continue
		}
		if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
			out = append(out, path)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no *.fzn file in this directory")
	}
	return out, nil
}

// readFzn parses the FlatZinc file at path (- is stdin) through the
// budget; the reader says what it took.
func readFzn(path string, stdin io.Reader, budget *readBudget) (*budgetReader, *flatzinc.Model, error) {
	br := &budgetReader{r: stdin, b: budget}
	if path != "-" {
		f, err := openFile(path)
		if err != nil {
			return br, nil, err
		}
		defer func() { _ = f.Close() }() // only read: a failed Close loses nothing
		br.r = f
	}
	m, err := flatzinc.Read(br)
	return br, m, err
}

// fznSettings are a configuration's settings for FlatZinc instances: the
// all-different strength Build uses, the search flags the configuration
// gives (the others stay as the file says, see options), and the limits
// of every run.
type fznSettings struct {
	build  flatzinc.BuildOptions
	search csp.Options // the configuration's values, read where given says
	ties   string
	given  map[string]bool
	// Limits: bench's --timeout, --nodes and the search's share of
	// --max-memory.
	timeout   time.Duration
	nodes     int64
	maxMemory int64
}

// fznSettingsFor reads configuration cf for FlatZinc instances: --alldiff
// and the search flags apply, --model and the problems' own flags do not
// (as a flag of another problem does not).
func fznSettingsFor(cf configuration, b *benchConfig) (*fznSettings, error) {
	c := newConfig()
	s := &fznSettings{given: map[string]bool{}, timeout: b.timeout, nodes: b.nodes,
		maxMemory: searchShare(b.memory, b.jobs, 0, 0)}
	for flagName, v := range cf.values {
		isSearch, err := setSearchDim(c, flagName, v)
		if flagName == "alldiff" {
			var st alldiff.Strength
			st, err = alldiff.ParseStrength(v)
			s.build.AllDiff = &st
		} else if !isSearch {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s, %s: -%s: %w", cf.name, fznKind, flagName, err)
		}
		s.given[flagName] = v != annotated
	}
	s.search, s.ties = c.search, c.ties
	return s, nil
}

// options is the search of a run on p: the file's own (its annotations'
// phases and restarts, flatzinc.FreeSearch without annotations); when the
// configuration gives --var or --val, the engine's free search over every
// variable instead (flatzinc.FreeSearch, as csp fzn -f) with the choices
// given; then every other search flag given replaces the field it sets.
// bench's limits apply to all.
func (s *fznSettings) options(p *flatzinc.Problem) csp.Options {
	o := p.Search
	if s.given["var"] || s.given["val"] {
		o = flatzinc.FreeSearch
		if s.given["var"] {
			o.Var = s.search.Var
		}
		if s.given["val"] {
			o.Val = s.search.Val
		}
	}
	for _, f := range []struct {
		flag string
		set  func()
	}{
		{"restarts", func() { o.Restarts = s.search.Restarts }},
		{"restart-base", func() { o.RestartBase = s.search.RestartBase }},
		{"save", func() { o.SaveMode = s.search.SaveMode }},
		{"ties", func() { o.RandomTies = s.ties == "random" }},
		{"last-conflict", func() { o.LastConflict = s.search.LastConflict }},
		{"nogoods", func() { o.Nogoods = s.search.Nogoods }},
		{"seed", func() { o.Seed = s.search.Seed }},
	} {
		if s.given[f.flag] {
			f.set()
		}
	}
	o.TimeLimit, o.NodeLimit, o.MaxMemory = s.timeout, s.nodes, s.maxMemory
	return o
}

// fznAttempt builds the FlatZinc model of it under s and solves it repeat
// times: the first solution of a satisfaction model, the proved optimum of
// an optimisation one (branch and bound, csp.Optimize), each solution
// verified by flatzinc.Check (a refused one is the run's error). Building
// is not timed, as reading is not; the time is the search's (the root
// propagation and the check included), the median of the repeats. An
// optimisation run is solved only when optimality is proved; stopped by a
// limit with a solution it is unknown, with the objective found.
func fznAttempt(ctx context.Context, it catalog.Item[any], s *fznSettings, repeat int64) benchRun {
	r := benchRun{item: it, status: failed, err: it.Err}
	if it.Err != nil {
		return r
	}
	if ctx.Err() != nil {
		r.status, r.err = "", nil
		return r
	}
	model, _ := it.Value.(*flatzinc.Model)
	if model == nil {
		r.err = fmt.Errorf("internal error: instance %d holds no FlatZinc model", it.Index)
		return r
	}
	p, err := flatzinc.BuildWith(ctx, model, s.build)
	if err != nil {
		if ctx.Err() != nil {
			r.status, r.err = "", nil // interrupted
			return r
		}
		r.err = err
		return r
	}
	p.Search = s.options(p)
	r.goal = p.Goal
	optimise := p.Goal != flatzinc.Satisfy
	var times []time.Duration
	for range repeat {
		start := time.Now()
		ictx, cancel := instanceContext(ctx, s.timeout)
		rep, err := flatzinc.Solve(ictx, p, flatzinc.Settings{TimeLimit: s.timeout}, func([]int) bool { return true })
		times = append(times, time.Since(start))
		stop := stoppedBy(ictx, err)
		cancel()
		if stop != csp.NotStopped && err != nil {
			err, rep.Stopped = nil, stop
		}
		r.err, r.objective = err, nil
		r.res = csp.Result{Solutions: rep.Solutions, Complete: rep.Complete, Stopped: rep.Stopped, Stats: rep.Stats}
		if optimise && rep.Solutions > 0 {
			obj := rep.Objective
			r.objective = &obj
		}
		switch {
		case err != nil:
			r.status = failed
		case rep.Complete && rep.Solutions == 0:
			r.status = unsatisfiable
		case rep.Solutions > 0 && (!optimise || rep.Complete):
			r.status = solved
		default:
			r.status = unknown
		}
		if r.status == failed || ctx.Err() != nil {
			break
		}
	}
	slices.Sort(times)
	r.time = times[len(times)/2]
	return r
}

// usesAllDiff reports whether m posts the engine's all-different, which
// --alldiff sets: a model compiled with csp's library (csp_all_different_int).
func usesAllDiff(m *flatzinc.Model) bool {
	return slices.ContainsFunc(m.Constraints, func(c flatzinc.Constraint) bool { return c.Name == "csp_all_different_int" })
}

// warnAllDiff warns, when the matrix sets --alldiff, of the FlatZinc
// inputs where it changes nothing for some instance: those compiled
// without csp's library, whose all-differents are decompositions.
func warnAllDiff(b *benchConfig, loaded []benchFile, warn func(string)) {
	if !slices.ContainsFunc(b.dims, func(d dim) bool { return d.flag == "alldiff" }) {
		return
	}
	for _, f := range loaded {
		if !f.fzn || f.err != nil {
			continue
		}
		with, models := 0, 0
		for _, it := range f.items {
			if m, ok := it.Value.(*flatzinc.Model); ok {
				models++
				if usesAllDiff(m) {
					with++
				}
			}
		}
		if with < models {
			warn(fmt.Sprintf("%s: --alldiff applies to %d of its %d FlatZinc %s: those compiled with csp's library (minizinc --solver csp) post the engine's all-different",
				f.name, with, models, plural(models, "model")))
		}
	}
}

// reportFznErrors writes, once each, the errors of the FlatZinc instances
// that failed (to parse, to build, or a solution the checker refused),
// named by their file: the records say them per run, the table counts
// them.
func reportFznErrors(loaded []benchFile, results []benchRun, warn func(string)) {
	seen := map[string]bool{}
	for _, r := range results {
		f := loaded[r.file]
		if !f.fzn || r.status != failed || r.err == nil {
			continue
		}
		msg := fmt.Sprintf("%s: %v", f.instanceName(r.item.Index), r.err)
		if !seen[msg] {
			seen[msg] = true
			warn(msg)
		}
	}
}

// writeOptimisation adds to bench's table, when the run has optimisation
// models, a line per configuration: on how many it proved the optimum, and
// on how many it found the best objective any configuration found (the
// quality of what a time limit stopped).
func writeOptimisation(w *output, configs []configuration, results []benchRun, width int) {
	type key struct{ file, index int }
	best := map[key]*int64{} // per optimisation model run: the best objective found (nil: none)
	for _, r := range results {
		if r.goal == flatzinc.Satisfy || r.status == "" {
			continue
		}
		k := key{r.file, r.item.Index}
		b := best[k]
		if r.objective != nil && (b == nil || r.goal == flatzinc.Minimize && *r.objective < *b ||
			r.goal == flatzinc.Maximize && *r.objective > *b) {
			b = r.objective
		}
		best[k] = b
	}
	if len(best) == 0 {
		return
	}
	w.printf("\noptimisation, %d %s (proved: the optimum proved; best: the best objective of the run found):\n", len(best), plural(len(best), "model"))
	for ci, cf := range configs {
		proved, found := 0, 0
		for _, r := range results {
			if r.config != ci || r.goal == flatzinc.Satisfy || r.status == "" {
				continue
			}
			if r.status == solved {
				proved++
			}
			if b := best[key{r.file, r.item.Index}]; r.objective != nil && *r.objective == *b {
				found++
			}
		}
		w.printf("  %-*s proved %d/%d, best %d/%d\n", width, cf.name, proved, len(best), found, len(best))
	}
}
