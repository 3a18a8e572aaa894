package cli

// csp bench on FlatZinc files: each file is one instance, built onto the
// engine once per run and searched under the configuration's options
// (docs/FLATZINC.md, "Benchmarking FlatZinc").

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// languageInput reports whether the argument a of bench names models of a
// registered modelling language: NAME:PATH (fzn:PATH: a file, a directory
// of its files, or - for standard input), or a path ending in the
// language's extension (.fzn); path is what it names.
func languageInput(a string) (lang *catalog.LanguageEntry, path string, ok bool) {
	for _, name := range catalog.Languages() {
		l, _ := catalog.LookupLanguage(name)
		if rest, ok := strings.CutPrefix(a, l.Name+":"); ok {
			return l, rest, true
		}
		if strings.EqualFold(filepath.Ext(a), l.Ext) {
			return l, a, true
		}
	}
	return nil, a, false
}

// languageHint says how bench runs the models of a directory: "fzn:DIR
// runs the FlatZinc files in it", for a directory named without a prefix.
func languageHint(dir string) string {
	var hints []string
	for _, name := range catalog.Languages() {
		l, _ := catalog.LookupLanguage(name)
		hints = append(hints, fmt.Sprintf("%s:%s runs the %s files in it", l.Name, dir, l.Title))
	}
	return strings.Join(hints, "; ")
}

// loadModels reads a modelling language's input (FlatZinc's): one
// instance per file, the files of a directory with the language's
// extension (*.fzn) in name order, each read whole and kept (the model,
// not the text). A file that cannot be opened or parsed is that instance's
// error and the others are read; a directory or file that cannot be
// listed or opened is the input's error, and so is a bound broken, as for
// the other inputs (readItems).
func loadModels(in benchInput, stdin io.Reader, budget *ReadBudget) BenchFile {
	bf := BenchFile{Name: in.Name, lang: in.lang}
	paths := []string{in.path}
	if in.path != "-" {
		info, err := os.Stat(in.path)
		if err != nil {
			bf.Err = err
			return bf
		}
		if info.IsDir() {
			if paths, err = modelFiles(in.path, in.lang.Ext); err != nil {
				bf.Err = err
				return bf
			}
		} else if f, err := openFile(in.path); err != nil { // a file that does not open fails the input, as for puzzles
			bf.Err = err
			return bf
		} else {
			_ = f.Close() // only opened: nothing to lose
		}
	}
	var spent int64
	giveBack := func() {
		budget.Instances += int64(len(bf.Items))
		budget.Bytes += spent
		bf.Items, bf.models, bf.paths = nil, nil, nil
	}
	for i, path := range paths {
		where := path + ": " // which file of a directory broke a bound
		if path == in.path {
			where = ""
		}
		if budget.Instances <= 0 {
			giveBack()
			bf.Err = fmt.Errorf("%smore than %d instances in all (--max-instances raises the bound)", where, budget.MaxInstances)
			return bf
		}
		budget.Instances--
		it := catalog.Item[any]{Index: i + 1, Line: 1}
		br, model, err := readModel(in.lang, path, stdin, budget)
		spent += br.read
		if br.over {
			bf.Items = append(bf.Items, it)
			giveBack()
			bf.Err = fmt.Errorf("%s%w", where, budget.readError(br, errOverBudget, 0))
			return bf
		}
		if err != nil {
			it.Err = pathless(err)
		}
		bf.Items = append(bf.Items, it)
		bf.models = append(bf.models, model)
		bf.paths = append(bf.paths, path)
	}
	return bf
}

// modelFiles lists the files of dir with extension ext (*.fzn), sorted by
// name: regular files, or links to one (a pipe or a device of the name
// would block or never end).
func modelFiles(dir, ext string) ([]string, error) {
	entries, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if !strings.EqualFold(filepath.Ext(e.Name()), ext) {
			continue
		}
		if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
			out = append(out, path)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no *%s file in this directory", ext)
	}
	return out, nil
}

// readModel reads the model of lang at path (- is stdin) through the
// budget; the reader says what it took.
func readModel(lang *catalog.LanguageEntry, path string, stdin io.Reader, budget *ReadBudget) (*budgetReader, *catalog.Source, error) {
	br := &budgetReader{r: stdin, b: budget}
	if path != "-" {
		f, err := openFile(path)
		if err != nil {
			return br, nil, err
		}
		defer func() { _ = f.Close() }() // only read: a failed Close loses nothing
		br.r = f
	}
	m, err := lang.Read(br)
	return br, m, err
}

// fznSettings are a configuration's settings for a language's models
// (FlatZinc's): the language's build flags it gives (--alldiff), parsed
// once, the search flags it gives (the others stay as the model says, see
// adjust), and the limits of every run.
type fznSettings struct {
	build  *catalog.Settings // configured: the options of every build
	search csp.Options       // the configuration's values, read where given says
	ties   string
	given  map[string]bool
	// Limits: bench's --timeout, --nodes and the search's share of
	// --max-memory.
	Timeout   time.Duration
	nodes     int64
	MaxMemory int64
}

// fznSettingsFor reads configuration cf for the models of lang: its own
// flags (--alldiff) and the search flags apply, --model and the problems'
// own flags do not (as a flag of another problem does not).
func fznSettingsFor(cf Configuration, b *BenchConfig, lang *catalog.LanguageEntry) (*fznSettings, error) {
	c := NewConfig()
	s := &fznSettings{build: catalog.NewLanguageSettings(lang), given: map[string]bool{}, Timeout: b.Timeout, nodes: b.nodes,
		MaxMemory: searchShare(b.Memory, b.Jobs, 0, 0)}
	for flagName, v := range cf.Values {
		isSearch, err := setSearchDim(c, flagName, v)
		if err != nil {
			return nil, fmt.Errorf("%s, %s: -%s: %w", cf.Name, lang.Name, flagName, err)
		}
		if slices.ContainsFunc(lang.Flags, func(f catalog.Flag) bool { return f.Name == flagName }) {
			s.build.SetFlag(flagName, v)
		} else if !isSearch {
			continue
		}
		s.given[flagName] = v != annotated
	}
	if err := lang.Configure(s.build); err != nil {
		return nil, fmt.Errorf("%s, %s: %w", cf.Name, lang.Name, err)
	}
	s.search, s.ties = c.search, c.ties
	return s, nil
}

// solveSettings are the settings of a run: the model's own search (its
// annotations' phases and restarts; the free search without annotations);
// when the configuration gives --var or --val, the engine's free search
// over every variable instead (Free, as csp fzn -f) with the choices
// given; then every other search flag given replaces the field it sets
// (adjust). bench's limits apply to all.
func (s *fznSettings) solveSettings() catalog.SolveSettings {
	return catalog.SolveSettings{Free: s.given["var"] || s.given["val"], TimeLimit: s.Timeout, Adjust: s.adjust}
}

// adjust sets, in the options o of a run, the search flags the
// configuration gives and bench's limits.
func (s *fznSettings) adjust(o csp.Options) csp.Options {
	for _, f := range []struct {
		flag string
		set  func()
	}{
		{"var", func() { o.Var = s.search.Var }},
		{"val", func() { o.Val = s.search.Val }},
		{"restarts", func() { o.Restarts = s.search.Restarts }},
		{"restart-base", func() { o.RestartBase = s.search.RestartBase }},
		{"save", func() { o.SaveMode = s.search.SaveMode }},
		{"ties", func() { o.RandomTies = s.ties == "random" }},
		{"last-conflict", func() { o.LastConflict = s.search.LastConflict }},
		{"nogoods", func() { o.Nogoods = s.search.Nogoods }},
		{"learn", func() { o.Learn = s.search.Learn }},
		{"learn-after", func() { o.LearnAfter = s.search.LearnAfter }},
		{"seed", func() { o.Seed = s.search.Seed }},
	} {
		if s.given[f.flag] {
			f.set()
		}
	}
	o.TimeLimit, o.NodeLimit, o.MaxMemory = s.Timeout, s.nodes, s.MaxMemory
	return o
}

// fznAttempt builds model, the model of item it, under s and solves it
// repeat times: the first solution of a satisfaction model, the proved
// optimum of an optimisation one (branch and bound), each solution
// verified by the language's checker (a refused one is the run's error). Building
// is not timed, as reading is not; the time is the search's (the root
// propagation and the check included), the median of the repeats. An
// optimisation run is solved only when optimality is proved; stopped by a
// limit with a solution it is unknown, with the objective found.
func fznAttempt(ctx context.Context, it catalog.Item[any], model *catalog.Source, s *fznSettings, repeat int64) BenchRun {
	r := BenchRun{Item: it, Status: Failed, Err: it.Err}
	if it.Err != nil {
		return r
	}
	if ctx.Err() != nil {
		r.Status, r.Err = "", nil
		return r
	}
	if model == nil {
		r.Err = fmt.Errorf("internal error: instance %d holds no model", it.Index)
		return r
	}
	p, err := model.Build(ctx, s.build)
	if err != nil {
		if ctx.Err() != nil {
			r.Status, r.Err = "", nil // interrupted
			return r
		}
		r.Err = err
		return r
	}
	r.goal = p.Goal()
	optimise := r.goal != catalog.Satisfy
	var times []time.Duration
	for range repeat {
		start := time.Now()
		ictx, cancel := InstanceContext(ctx, s.Timeout)
		rep, err := p.Solve(ictx, nil, s.solveSettings())
		times = append(times, time.Since(start))
		stop := stoppedBy(ictx, err)
		cancel()
		if stop != csp.NotStopped && err != nil {
			err, rep.Stopped = nil, stop
		}
		r.Err, r.objective = err, nil
		r.Res = csp.Result{Solutions: rep.Solutions, Complete: rep.Complete, Stopped: rep.Stopped, Stats: rep.Stats}
		if optimise && rep.Solutions > 0 {
			obj := rep.Objective
			r.objective = &obj
		}
		switch {
		case err != nil:
			r.Status = Failed
		case rep.Complete && rep.Solutions == 0:
			r.Status = Unsatisfiable
		case rep.Solutions > 0 && (!optimise || rep.Complete):
			r.Status = Solved
		default:
			r.Status = Unknown
		}
		if r.Status == Failed || ctx.Err() != nil {
			break
		}
	}
	slices.Sort(times)
	r.Time = times[len(times)/2]
	return r
}

// warnScope warns, for each flag of a language that the matrix sets, of
// the inputs of that language where it changes nothing for some model
// (see catalog.Scoper): --alldiff changes only the FlatZinc models
// compiled with csp's library, the others' all-differents being
// decompositions.
func warnScope(b *BenchConfig, loaded []BenchFile, warn func(string)) {
	for _, f := range loaded {
		if f.lang == nil || f.Err != nil {
			continue
		}
		for _, fl := range f.lang.Flags {
			if !slices.ContainsFunc(b.dims, func(d dim) bool { return d.flag == fl.Name }) {
				continue
			}
			with, models := 0, 0
			for _, m := range f.models {
				if m != nil {
					models++
					if m.Applies(fl.Name) {
						with++
					}
				}
			}
			if with < models {
				warn(fmt.Sprintf("%s: --%s applies to %d of its %d %s %s: %s",
					f.Name, fl.Name, with, models, f.lang.Title, plural(models, "model"), f.lang.Scope(fl.Name)))
			}
		}
	}
}

// reportInstanceErrors writes, once per instance, the errors of the
// instances that failed (malformed, a model that could not be built, a
// solution the checker refused), named by their file and instance (a
// FlatZinc model by its own path): the records say them per run, the
// table only counts them.
func reportInstanceErrors(loaded []BenchFile, results []BenchRun, warn func(string)) {
	seen := map[string]bool{}
	for _, r := range results {
		f := loaded[r.File]
		if r.Status != Failed || r.Err == nil {
			continue
		}
		msg := fmt.Sprintf("%s: %v", f.instanceName(r.Item.Index), r.Err)
		if f.lang == nil {
			msg = f.Name + ": " + instanceError(r.Err, r.Item.Index, r.Item.Line)
		}
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
func writeOptimisation(w *Output, configs []Configuration, results []BenchRun, width int) {
	type key struct{ file, index int }
	best := map[key]*int64{} // per optimisation model run: the best objective found (nil: none)
	for _, r := range results {
		if r.goal == catalog.Satisfy || r.Status == "" {
			continue
		}
		k := key{r.File, r.Item.Index}
		b := best[k]
		if r.objective != nil && (b == nil || r.goal == catalog.Minimize && *r.objective < *b ||
			r.goal == catalog.Maximize && *r.objective > *b) {
			b = r.objective
		}
		best[k] = b
	}
	if len(best) == 0 {
		return
	}
	w.Printf("\noptimisation, %d %s (proved: the optimum proved; best: the best objective of the run found):\n", len(best), plural(len(best), "model"))
	for ci, cf := range configs {
		proved, found := 0, 0
		for _, r := range results {
			if r.Config != ci || r.goal == catalog.Satisfy || r.Status == "" {
				continue
			}
			if r.Status == Solved {
				proved++
			}
			if b := best[key{r.File, r.Item.Index}]; r.objective != nil && *r.objective == *b {
				found++
			}
		}
		w.Printf("  %-*s proved %d/%d, best %d/%d\n", width, cf.Name, proved, len(best), found, len(best))
	}
}
