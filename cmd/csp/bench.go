package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/benchrec"
	"github.com/cspgo/csp/problems/catalog"
)

// benchConfig is what the flags of bench set.
type benchConfig struct {
	// The matrix: each dimension's values, in the order given; a
	// configuration takes one value of each.
	dims []dim
	// Runs.
	repeat   int64
	timeout  time.Duration
	nodes    int64
	shuffle  int64 // -1: input order; else the seed of a shuffle
	jobs     int64
	memory   int64 // --max-memory (see config.maxMemory)
	warmup   bool
	progress bool // --progress=false silences the bar on a terminal
	// Inputs: the bounds on what is read (readBudget).
	maxInstances, maxBytes int64
	// Outputs: the files, and whether an existing one may be replaced.
	csvPath, jsonPath, plotPath string
	force                       bool
}

// dim is one dimension of the configuration matrix: a flag and the values
// it takes.
type dim struct {
	flag   string
	values []string
}

// listFlag collects a comma-separated list of values for one dimension,
// checked by check (nil: any).
type listFlag struct {
	c     *benchConfig
	name  string
	check func(string) *wantError
}

// wantError says what a value of a flag should have been: one of some
// choices, or what (a phrase: "a whole number").
type wantError struct {
	choices []string
	what    string // without choices
}

func (e *wantError) Error() string {
	if e.choices != nil {
		return "want " + catalog.List(e.choices)
	}
	return "want " + e.what
}

// item is the error for v, one bad item of a longer list: the flag
// package names the whole list, this names the item.
func (e *wantError) item(v string) error {
	if e.choices != nil {
		return fmt.Errorf("%q is not one of %s", v, catalog.List(e.choices))
	}
	return fmt.Errorf("%q is not %s", v, e.what)
}

// Set takes a comma list. A bad value alone is reported as solve reports
// it (the flag package names the value: "want a, b or c"); a bad item of
// a longer list is named once, after the list.
func (f listFlag) Set(s string) error {
	var vals []string
	items := strings.Split(s, ",")
	for _, v := range items {
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		if f.check != nil {
			if w := f.check(v); w != nil {
				if len(items) == 1 {
					return w
				}
				return w.item(v)
			}
		}
		if !slices.Contains(vals, v) {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return fmt.Errorf("want one value or more, separated by commas")
	}
	for i := range f.c.dims {
		if f.c.dims[i].flag == f.name {
			f.c.dims[i].values = vals
			return nil
		}
	}
	f.c.dims = append(f.c.dims, dim{f.name, vals})
	return nil
}

func (f listFlag) String() string { return "" }

// choice returns a check that accepts the names of an enumeration.
func choice(names ...string) func(string) *wantError {
	return func(v string) *wantError {
		if slices.Contains(names, v) {
			return nil
		}
		return &wantError{choices: names}
	}
}

// choiceOf checks a problem flag's values against its choices, when it
// lists them; the problem's Options checks every value again, per
// configuration, before anything runs.
func choiceOf(f catalog.Flag) func(string) *wantError {
	if f.Choices == nil {
		return nil
	}
	return choice(f.Choices...)
}

// benchFlags declares the flags of bench on fs.
func benchFlags(fs *flag.FlagSet, b *benchConfig) {
	list := func(name string, check func(string) *wantError) {
		fs.Var(listFlag{b, name, check}, name, "")
	}
	list("alldiff", choice("value", "hidden", "gac"))
	list("model", nil) // checked per problem: a model name applies where the problem has it
	list("var", choice(slices.Concat(csp.VarSelectNames(), []string{annotated})...))
	list("val", choice(slices.Concat(csp.ValSelectNames(), []string{annotated})...))
	list("restarts", choice(slices.Concat(csp.RestartNames(), []string{annotated})...))
	list("ties", choice(tiesNames...))
	list("save", choice(csp.SaveModeNames()...))
	list("restart-base", func(v string) *wantError {
		if n, err := strconv.ParseInt(v, 10, 64); err != nil || n < 1 {
			return &wantError{what: "a whole number >= 1"}
		}
		return nil
	})
	list("last-conflict", choice("true", "false"))
	list("nogoods", choice("true", "false"))
	list("learn", choice(csp.LearnNames()...))
	list("seed", func(v string) *wantError {
		if _, err := strconv.ParseUint(v, 10, 64); err != nil {
			return &wantError{what: "a whole number"}
		}
		return nil
	})
	for _, name := range catalog.Names() {
		p, _ := catalog.Lookup(name)
		for _, f := range p.Flags {
			if !f.Generate && fs.Lookup(f.Name) == nil {
				list(f.Name, choiceOf(f))
			}
		}
	}
	fs.Var(intFlag{&b.repeat, 1}, "repeat", "")
	fs.Var(durationFlag{&b.timeout}, "timeout", "")
	fs.Var(intFlag{&b.nodes, 0}, "nodes", "")
	fs.Var(intFlag{&b.shuffle, 0}, "shuffle", "")
	fs.Var(jobsFlag{&b.jobs}, "jobs", "")
	fs.Var(sizeFlag{&b.memory, true}, "max-memory", "")
	fs.BoolVar(&b.warmup, "warmup", true, "")
	fs.BoolVar(&b.progress, "progress", true, "")
	fs.StringVar(&b.csvPath, "csv", "", "")
	fs.StringVar(&b.jsonPath, "json", "", "")
	fs.StringVar(&b.plotPath, "plot", "", "")
	fs.BoolVar(&b.force, "force", false, "")
	fs.Var(intFlag{&b.maxInstances, 1}, "max-instances", "")
	fs.Var(sizeFlag{p: &b.maxBytes}, "max-bytes", "")
}

// configuration is one cell of the matrix: a value per dimension.
type configuration struct {
	name   string            // "alldiff=gac var=mindom", or "default"
	values map[string]string // flag -> value
}

// matrix expands the dimensions into every combination, the first
// dimension varying slowest.
func (b *benchConfig) matrix() []configuration {
	out := []configuration{{values: map[string]string{}}}
	for _, d := range b.dims {
		var next []configuration
		for _, c := range out {
			for _, v := range d.values {
				vals := map[string]string{d.flag: v}
				for k, x := range c.values {
					vals[k] = x
				}
				next = append(next, configuration{values: vals})
			}
		}
		out = next
	}
	for i := range out {
		var parts []string
		for _, d := range b.dims {
			parts = append(parts, d.flag+"="+out[i].values[d.flag])
		}
		out[i].name = strings.Join(parts, " ")
		if out[i].name == "" {
			out[i].name = "default"
		}
	}
	return out
}

// settingsFor builds the settings of problem p under configuration cf: the
// command's defaults, the configuration's values where they apply to p,
// then p's options and defaults for what the configuration leaves out. A
// value p does not take is the error. The flags of bench checked every
// value already (benchFlags); the parses here check again, as settingsFor
// is called with other configurations too.
func settingsFor(p *catalog.Entry, cf configuration, b *benchConfig) (*catalog.Settings, error) {
	c := newConfig()
	given := map[string]bool{}
	for flagName, v := range cf.values {
		isSearch, err := setSearchDim(c, flagName, v)
		switch {
		case isSearch:
		case flagName == "model":
			if !slices.Contains(p.Models, v) {
				continue // not a model of this problem: its default
			}
			c.model = v
		default:
			if !slices.ContainsFunc(p.Flags, func(f catalog.Flag) bool { return f.Name == flagName && !f.Generate }) {
				continue // another problem's flag
			}
			c.problemFlags[flagName] = v
		}
		if err != nil {
			return nil, fmt.Errorf("%s, %s: -%s: %w", cf.name, p.Name, flagName, err)
		}
		if v != annotated {
			given[flagName] = true
		}
	}
	c.search.TimeLimit = b.timeout
	c.search.NodeLimit = b.nodes
	c.maxMemory, c.jobs = b.memory, b.jobs
	if err := c.settle(p, func(f string) bool { return given[f] }); err != nil {
		return nil, fmt.Errorf("%s, %s: %w", cf.name, p.Name, err)
	}
	return c.settings, nil
}

// annotated is the value of --var, --val and --restarts that keeps the
// instance's own choice: a FlatZinc file's search annotations, a puzzle's
// default (as when the flag is not given).
const annotated = "annotated"

// setSearchDim sets the search flag flagName of c to v, and reports
// whether flagName is one (else c is untouched); annotated leaves c as it
// is. The error is v's parse error.
func setSearchDim(c *config, flagName, v string) (bool, error) {
	var err error
	switch {
	case v == annotated && (flagName == "var" || flagName == "val" || flagName == "restarts"):
	case flagName == "var":
		c.search.Var, err = csp.ParseVarSelect(v)
	case flagName == "val":
		c.search.Val, err = csp.ParseValSelect(v)
	case flagName == "restarts":
		c.search.Restarts, err = csp.ParseRestart(v)
	case flagName == "save":
		c.search.SaveMode, err = csp.ParseSaveMode(v)
	case flagName == "ties":
		c.ties = v
	case flagName == "restart-base":
		c.search.RestartBase, err = strconv.ParseInt(v, 10, 64)
	case flagName == "last-conflict":
		c.search.LastConflict, err = strconv.ParseBool(v)
	case flagName == "nogoods":
		c.search.Nogoods, err = strconv.ParseBool(v)
	case flagName == "learn":
		c.search.Learn, err = csp.ParseLearn(v)
	case flagName == "seed":
		c.search.Seed, err = strconv.ParseUint(v, 10, 64)
	default:
		return false, nil
	}
	return true, err
}

// benchInput is one argument of bench: a file, with its problem when
// named (PROBLEM:PATH), or an embedded suite.
type benchInput struct {
	name    string                 // as shown: the path, "standard input", or suite/NAME.txt
	path    string                 // the file, "-" for standard input; "" for a suite
	problem *catalog.Entry         // nil: found by reading the file
	lang    *catalog.LanguageEntry // FlatZinc (a modelling language): a file, or a directory of them (see loadModels)
}

// benchInputs sorts out the arguments: PROBLEM:PATH, a PATH whose problem
// is found by reading it, the name of a problem with a suite of its own,
// default (every suite), or nothing (every suite); fzn:PATH or a PATH
// ending in .fzn is FlatZinc (see languageInput). A file of the name wins over
// a suite. - is standard input.
func benchInputs(args []string) []benchInput {
	if len(args) == 0 {
		return suiteInputs(suiteProblems())
	}
	var out []benchInput
	for _, a := range args {
		if _, err := os.Stat(a); err != nil {
			if a == "default" {
				out = append(out, suiteInputs(suiteProblems())...)
				continue
			}
			if p, ok := catalog.Lookup(a); ok && p.Suite != "" {
				out = append(out, suiteInputs([]string{a})...)
				continue
			}
		}
		in := benchInput{path: a}
		if lang, path, ok := languageInput(a); ok {
			in.path, in.lang = path, lang
		} else if i := strings.Index(a, ":"); i > 0 {
			if p, ok := catalog.Lookup(a[:i]); ok {
				in.problem, in.path = p, a[i+1:]
			}
		}
		in.name = in.path
		if in.path == "-" {
			in.name = "standard input"
		}
		out = append(out, in)
	}
	return out
}

// suiteProblems names the problems with a benchmark suite: the default
// suite is all of theirs.
func suiteProblems() []string {
	var names []string
	for _, n := range catalog.Names() {
		if p, _ := catalog.Lookup(n); p.Suite != "" {
			names = append(names, n)
		}
	}
	return names
}

// suiteInputs are the embedded suites of the given problems.
func suiteInputs(problems []string) []benchInput {
	var out []benchInput
	for _, name := range problems {
		p, _ := catalog.Lookup(name)
		out = append(out, benchInput{name: "suite/" + name + ".txt", problem: p})
	}
	return out
}

// benchFile is one file of the benchmark with its problem.
type benchFile struct {
	name    string // as shown: the path, or suite/NAME
	problem *catalog.Entry
	items   []catalog.Item[any]
	err     error // the file could not be read, or its problem found
	// lang: a modelling language's models (FlatZinc's; problem is nil),
	// one per item, read from paths, one a file: models[i] is item i+1's
	// (nil for an item in error).
	lang   *catalog.LanguageEntry
	models []*catalog.Source
	paths  []string
}

// kind names what the file holds: its problem, or its language (fzn).
func (f *benchFile) kind() string {
	if f.lang != nil {
		return f.lang.Name
	}
	return f.problem.Name
}

// model is the model of the item of index (from 1) of a language's file.
func (f *benchFile) model(index int) *catalog.Source {
	if index < 1 || index > len(f.models) {
		return nil
	}
	return f.models[index-1]
}

// instanceName is the file an instance comes from: its own for FlatZinc,
// else the file's.
func (f *benchFile) instanceName(index int) string {
	if f.lang != nil && index >= 1 && index <= len(f.paths) {
		if p := f.paths[index-1]; p != "-" {
			return p
		}
		return "standard input"
	}
	return f.name
}

// Bounds on what bench reads. A benchmark runs each instance several
// times, so it keeps them all, parsed; the bounds keep that memory in
// check whatever the files hold, and end an endless input (/dev/zero, a
// generator piped in) with a message rather than the machine's memory or
// a hang.
const (
	// defaultMaxInstances and defaultMaxBytes are the defaults of
	// --max-instances and --max-bytes.
	defaultMaxInstances = 100_000
	defaultMaxBytes     = 64 << 20
	// maxBadRun is how many malformed instances in a row end the reading
	// of a file: past it, the file is not one of its problem's.
	maxBadRun = 1000
	// detectBytes is how much of a file whose problem is not named is
	// read to find it (every problem's reader tries it).
	detectBytes = 1 << 20
)

// readBudget is what is left of --max-instances and --max-bytes, shared by
// every file of a run: they bound what is kept, so a file given up gives
// back what it took.
type readBudget struct {
	instances, bytes       int64 // left
	maxInstances, maxBytes int64 // the flags, for messages
}

// budgetReader reads from r until the budget's bytes are spent; then it
// fails with errOverBudget (unless r is at its end), which ends the
// problem's reader at once, even in the middle of a line that never ends.
type budgetReader struct {
	r    io.Reader
	b    *readBudget
	read int64 // bytes read
	over bool  // the budget ran out before r's end
}

var errOverBudget = errors.New("over --max-bytes")

func (br *budgetReader) Read(p []byte) (int, error) {
	if br.b.bytes <= 0 {
		// Spent: the input may still end here.
		var one [1]byte
		if n, err := br.r.Read(one[:]); n == 0 && err == io.EOF {
			return 0, io.EOF
		}
		br.over = true
		return 0, errOverBudget
	}
	if int64(len(p)) > br.b.bytes {
		p = p[:br.b.bytes]
	}
	n, err := br.r.Read(p)
	br.b.bytes -= int64(n)
	br.read += int64(n)
	return n, err
}

// giveBack returns to the budget what br took, for a file given up.
func (br *budgetReader) giveBack() {
	br.b.bytes += br.read
	br.read = 0
}

// loadFiles reads every input (see loadFile) within the budget.
func loadFiles(inputs []benchInput, stdin io.Reader, budget *readBudget) []benchFile {
	out := make([]benchFile, len(inputs))
	for i, in := range inputs {
		out[i] = loadFile(in, stdin, budget)
	}
	return out
}

// loadFile reads one input, streaming it through its problem's reader:
// only the parsed instances are kept, never the text. A file whose
// problem is not named is found by its first detectBytes: the problem
// whose reader takes the most instances there, with the fewest errors.
// The file is an error when it cannot be opened, when no problem reads
// it, or when reading it breaks a bound (its instances are dropped then:
// a benchmark of part of a file would pass for the whole).
func loadFile(in benchInput, stdin io.Reader, budget *readBudget) benchFile {
	if in.lang != nil {
		return loadModels(in, stdin, budget)
	}
	bf := benchFile{name: in.name, problem: in.problem}
	var r io.Reader
	switch in.path {
	case "":
		r = strings.NewReader(in.problem.Suite)
	case "-":
		r = stdin
	default:
		f, err := openFile(in.path)
		if errors.Is(err, errDirectory) && in.problem == nil {
			err = fmt.Errorf("%w (%s)", pathless(err), languageHint(in.path))
		}
		if err != nil {
			bf.err = err
			return bf
		}
		defer func() { _ = f.Close() }() // only read: a failed Close loses nothing
		r = f
	}
	br := &budgetReader{r: r, b: budget}
	r = br
	if bf.problem == nil {
		prefix, err := io.ReadAll(io.LimitReader(br, detectBytes))
		if err != nil {
			br.giveBack()
			bf.err = budget.readError(br, err, 0)
			return bf
		}
		if bf.problem = detect(prefix); bf.problem == nil {
			where := "it"
			if len(prefix) == detectBytes {
				where = fmt.Sprintf("its first %s", byteSize(detectBytes))
			}
			br.giveBack()
			bf.err = fmt.Errorf("no problem reads any instance in %s (name it: PROBLEM:%s, PROBLEM one of %s)", where, in.path, problemNames())
			return bf
		}
		r = io.MultiReader(bytes.NewReader(prefix), br)
	}
	bf.items, bf.err = readItems(bf.problem, r, br, budget)
	return bf
}

// detect returns the problem whose reader takes the most instances in
// text, with the fewest errors; nil when none takes any.
func detect(text []byte) *catalog.Entry {
	var best *catalog.Entry
	bestGood, bestBad := 0, 0
	for _, n := range catalog.Names() {
		p, _ := catalog.Lookup(n)
		good, bad := 0, 0
		for it := range p.Read(bytes.NewReader(text), false) {
			if it.Err != nil {
				bad++
			} else {
				good++
			}
		}
		if good > bestGood || (good == bestGood && good > 0 && bad < bestBad) {
			best, bestGood, bestBad = p, good, bad
		}
	}
	return best
}

// readItems collects the instances p's reader finds in r (which reads
// through br), within the budget: more instances than are left, more
// bytes, or maxBadRun malformed instances in a row, and reading stops
// with an error saying where and which bound; the instances and bytes
// read are given back to the budget then.
func readItems(p *catalog.Entry, r io.Reader, br *budgetReader, budget *readBudget) ([]catalog.Item[any], error) {
	var items []catalog.Item[any]
	bad, line := 0, 0
	fail := func(err error) ([]catalog.Item[any], error) {
		budget.instances += int64(len(items))
		br.giveBack()
		return nil, err
	}
	for it := range p.Read(r, false) {
		if br.over {
			line = it.Line // the item is the read error errOverBudget caused
			break
		}
		if budget.instances <= 0 {
			return fail(fmt.Errorf("line %d: more than %d instances in all (--max-instances raises the bound)", it.Line, budget.maxInstances))
		}
		if it.Err != nil {
			bad++
			if bad == maxBadRun {
				return fail(fmt.Errorf("line %d: %d malformed instances in a row: stopped reading (not a %s file?)", it.Line, bad, p.Name))
			}
		} else {
			bad = 0
		}
		budget.instances--
		items = append(items, it)
	}
	if br.over {
		return fail(budget.readError(br, errOverBudget, line))
	}
	return items, nil
}

// readError words an error met reading through br, at line when known
// (else 0): the byte bound, or the reader's own error.
func (b *readBudget) readError(br *budgetReader, err error, line int) error {
	if !br.over && !errors.Is(err, errOverBudget) {
		return err
	}
	at := ""
	if line > 0 {
		at = fmt.Sprintf("line %d: ", line)
	}
	return fmt.Errorf("%smore than %s of input in all: stopped reading (--max-bytes raises the bound)", at, byteSize(b.maxBytes))
}

// byteSize words a number of bytes: "64 MiB", "1500 bytes".
func byteSize(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d %s", n, plural(n, "byte"))
}

// sizeFlag is a number of bytes, with an optional binary suffix: K, M or
// G (KiB, MiB, GiB; "64M" is 64 MiB), at least 1, or 0 too where none
// says it means no bound.
type sizeFlag struct {
	p    *int64
	none bool
}

func (f sizeFlag) Set(s string) error {
	t := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(strings.TrimSpace(s)), "B"), "I")
	mult := int64(1)
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		}
		if mult > 1 {
			t = t[:len(t)-1]
		}
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil || v < 0 || v == 0 && !f.none || v > math.MaxInt64/mult {
		if f.none {
			return errors.New("want a size in bytes, such as 1000000, 512M or 2G (0: none)")
		}
		return errors.New("want a size in bytes >= 1, such as 1000000, 512K, 64M or 2G")
	}
	*f.p = v * mult
	return nil
}

func (f sizeFlag) String() string {
	if f.p == nil || *f.p < 0 {
		return ""
	}
	return byteSize(*f.p)
}

// run is one instance under one configuration.
type benchRun struct {
	config  int
	file    int
	item    catalog.Item[any]
	status  string
	time    time.Duration // median of the repeats
	res     csp.Result
	err     error
	skipped bool // the configuration could not be set for the problem
	// FlatZinc: what the model asks, and the best objective found (nil:
	// none, or a satisfaction model).
	goal      catalog.Goal
	objective *int64
}

// bench runs the benchmark: every configuration of the matrix on every
// instance of every file.
func bench(stdin io.Reader, stdout, stderr *output, args []string) int {
	b := &benchConfig{shuffle: -1, jobs: 1, memory: -1, repeat: 1, timeout: 10 * time.Second,
		maxInstances: defaultMaxInstances, maxBytes: defaultMaxBytes}
	fset := flag.NewFlagSet("csp bench", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	benchFlags(fset, b)
	files, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		stdout.print(usage())
		return 0
	case err != nil:
		return usageError(stderr, "bench: %v", err)
	}
	configs := b.matrix()
	inputs := benchInputs(files)
	var paths []string
	for i, in := range inputs {
		if in.path == "-" && slices.ContainsFunc(inputs[:i], func(o benchInput) bool { return o.path == "-" }) {
			return usageError(stderr, "bench: standard input (-) named twice")
		}
		if in.path != "" {
			paths = append(paths, in.path)
		}
	}
	outs := []*outFile{{flag: "--csv", path: b.csvPath}, {flag: "--json", path: b.jsonPath}, {flag: "--plot", path: b.plotPath}}
	if err := checkOutputs(outs, paths, stdin, b.force); err != nil {
		return usageError(stderr, "bench: %v", err)
	}
	var plotter string
	if b.plotPath != "" {
		if plotter, err = findPlotter(); err != nil {
			return usageError(stderr, "bench: --plot %v", err)
		}
	}
	loaded := loadFiles(inputs, stdin, &readBudget{instances: b.maxInstances, bytes: b.maxBytes,
		maxInstances: b.maxInstances, maxBytes: b.maxBytes})

	badFiles := 0
	for _, f := range loaded {
		if f.err != nil {
			stderr.printf("csp: bench: %s: %v\n", f.name, pathless(f.err))
			badFiles++
		}
	}
	if badFiles == len(loaded) {
		stderr.printf("csp: bench: no file could be read: nothing to run\n")
		return 1
	}
	jobs := benchJobs(b, configs, loaded)

	ctx, stop := interrupts()
	defer stop()
	if b.memory < 0 {
		b.memory = defaultMaxMemory()
	}
	ctx, release := guardMemory(ctx, b.memory)
	defer release()
	settings, err := benchSettings(b, configs, loaded)
	if err != nil {
		return usageError(stderr, "bench: %v", err)
	}
	warn := func(msg string) { stderr.printf("csp: bench: %s\n", msg) }
	warnScope(b, loaded, warn)
	bar := newProgress(stderr, len(jobs), b.progress)
	results := runBench(ctx, b, configs, loaded, jobs, settings, warn, bar.add)
	bar.done()
	reportModelErrors(loaded, results, warn)

	status := 0
	if badFiles > 0 {
		status = 1
	}
	writeBenchTable(stdout, configs, loaded, results, badFiles)
	for _, r := range results {
		if r.status == failed || r.status == unknown || r.status == "" {
			status = 1
		}
	}
	// The files: an interrupted run writes what it did into new files but
	// leaves existing ones as they were (a partial run must not replace a
	// whole one).
	interrupted := ctx.Err() != nil
	writers := []func(io.Writer) error{
		func(w io.Writer) error { return writeBenchCSV(w, configs, loaded, results) },
		func(w io.Writer) error { return writeBenchJSON(w, configs, loaded, results) },
		func(w io.Writer) error { return writeBenchPlot(w, plotter, configs, loaded, results) },
	}
	for i, o := range outs {
		switch o.path {
		case "":
			continue
		case "-": // standard output, after the table
			if err := writers[i](stdout); err != nil && stdout.err == nil {
				stderr.printf("csp: bench: %v\n", err) // else run reports it
				status = 1
			}
			continue
		}
		wrote, err := o.write(writers[i], !interrupted)
		switch {
		case err != nil:
			stderr.printf("csp: bench: %s %s: %v (the file is left as it was)\n", o.flag, o.path, err)
			status = 1
		case !wrote:
			stderr.printf("csp: bench: interrupted: %s %s left as it was\n", o.flag, o.path)
		}
	}
	return status
}

// benchJob is one run of a benchmark: an instance under a
// configuration.
type benchJob struct {
	config, file int
	item         catalog.Item[any]
}

// benchJobs lists the runs of the matrix: every configuration on every
// instance of the files read, in input order or a seeded shuffle
// (--shuffle), configuration by configuration.
func benchJobs(b *benchConfig, configs []configuration, loaded []benchFile) []benchJob {
	var instances []benchJob
	for fi, f := range loaded {
		if f.err != nil {
			continue
		}
		for _, it := range f.items {
			instances = append(instances, benchJob{file: fi, item: it})
		}
	}
	if b.shuffle >= 0 {
		rng := rand.New(rand.NewPCG(uint64(b.shuffle), 11))
		rng.Shuffle(len(instances), func(i, j int) { instances[i], instances[j] = instances[j], instances[i] })
	}
	var jobs []benchJob
	for ci := range configs {
		for _, in := range instances {
			in.config = ci
			jobs = append(jobs, in)
		}
	}
	return jobs
}

// benchSetting is a configuration's settings for one file: a puzzle's, or
// FlatZinc's.
type benchSetting struct {
	cat *catalog.Settings
	fzn *fznSettings
}

// benchSettings makes the settings of every (configuration, file read);
// a value a problem does not take is the error.
func benchSettings(b *benchConfig, configs []configuration, loaded []benchFile) (map[[2]int]benchSetting, error) {
	settings := map[[2]int]benchSetting{} // (config, file) -> settings
	for ci, cf := range configs {
		for fi, f := range loaded {
			if f.err != nil {
				continue
			}
			var s benchSetting
			var err error
			if f.lang != nil {
				s.fzn, err = fznSettingsFor(cf, b, f.lang)
			} else {
				s.cat, err = settingsFor(f.problem, cf, b)
			}
			if err != nil {
				return nil, err
			}
			settings[[2]int{ci, fi}] = s
		}
	}
	return settings, nil
}

// runBench runs the jobs with b.jobs workers, after a warm-up when
// b.warmup asks for one (its errors go to warn), calling done after each
// run. Once ctx is done no job starts: those not run keep an empty
// status.
func runBench(ctx context.Context, b *benchConfig, configs []configuration, loaded []benchFile, jobs []benchJob,
	settings map[[2]int]benchSetting, warn func(string), done func()) []benchRun {
	if b.warmup {
		// One untimed solve per (configuration, file): code paths, caches
		// and the allocator warm before the clock runs. Its answer is not
		// kept, but an error is reported, as a warning: the timed runs of
		// the instance meet the same error and count it in the table's
		// errors column (and --csv, --json say it), but only here is its
		// message shown (FlatZinc's: see reportModelErrors).
		for key, s := range settings {
			f := loaded[key[1]]
			for _, it := range f.items {
				if it.Err == nil && f.lang != nil {
					warm := *s.fzn
					warm.timeout = time.Second
					fznAttempt(ctx, it, f.model(it.Index), &warm, 1)
					break
				}
				if it.Err == nil {
					warm := *s.cat
					warm.Search.TimeLimit = min(max(s.cat.Search.TimeLimit, time.Second), time.Second)
					if o := attempt(ctx, f.problem, it, &warm, &catalog.Cache{}, false); o.err != nil {
						warn(fmt.Sprintf("warm-up, %s, %s, instance %d: %v", configs[key[0]].name, f.name, it.Index, o.err))
					}
					break
				}
			}
		}
	}
	results := make([]benchRun, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range b.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			caches := map[[2]int]*catalog.Cache{}
			for i := range next {
				j := jobs[i]
				key := [2]int{j.config, j.file}
				if caches[key] == nil {
					caches[key] = &catalog.Cache{}
				}
				if s := settings[key]; s.fzn != nil {
					results[i] = fznAttempt(ctx, j.item, loaded[j.file].model(j.item.Index), s.fzn, b.repeat)
				} else {
					results[i] = runOne(ctx, loaded[j.file].problem, s.cat, caches[key], j.item, b.repeat)
				}
				results[i].config, results[i].file = j.config, j.file
				done()
			}
		}()
	}
	for i := range jobs {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

// pathless is err without the paths a *fs.PathError or an *os.LinkError
// repeats, for a
// message that names the file already.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// runOne solves one instance repeat times (as solve does, see attempt) and
// keeps the median time.
func runOne(ctx context.Context, p *catalog.Entry, s *catalog.Settings, c *catalog.Cache, it catalog.Item[any], repeat int64) benchRun {
	r := benchRun{item: it}
	var times []time.Duration
	for range repeat {
		o := attempt(ctx, p, it, s, c, false)
		if o.status == notRun && len(times) == 0 {
			return r // interrupted before it started: not run, as a job never sent
		}
		r.status, r.res, r.err = o.status, o.res, o.err
		r.res.Solution = nil // not reported: kept, it would cost the size of the model per run
		times = append(times, o.elapsed)
		if o.status == failed {
			break
		}
	}
	slices.Sort(times)
	r.time = times[len(times)/2]
	return r
}

// configSummary is one configuration's line of the table.
type configSummary struct {
	runs, solved, unsat, unknown, errors int
	notRun                               int // interrupted before they ran; not in runs
	noSearch                             int // solved with no node beyond the root
	times                                []time.Duration
	nodes                                int64
}

func summarise(results []benchRun, config int) configSummary {
	var s configSummary
	for _, r := range results {
		if r.config != config {
			continue
		}
		if r.status == "" {
			s.notRun++
			continue
		}
		s.runs++
		switch r.status {
		case solved:
			s.solved++
			if r.res.Stats.Nodes == 0 {
				s.noSearch++
			}
		case unsatisfiable:
			s.unsat++
		case unknown:
			s.unknown++
		default:
			s.errors++
			continue
		}
		s.times = append(s.times, r.time)
		s.nodes += r.res.Stats.Nodes
	}
	slices.Sort(s.times)
	return s
}

// writeBenchTable prints the summary per configuration, then the paired
// ratios of every configuration against the first.
func writeBenchTable(w *output, configs []configuration, files []benchFile, results []benchRun, badFiles int) {
	var names []string
	for _, f := range files {
		if f.err == nil {
			names = append(names, fmt.Sprintf("%s (%s, %d)", f.name, f.kind(), len(f.items)))
		}
	}
	w.printf("files: %s\n", strings.Join(names, ", "))
	if badFiles > 0 {
		w.printf("%d %s could not be read (see above)\n", badFiles, plural(badFiles, "file"))
	}
	width := len("configuration")
	for _, cf := range configs {
		width = max(width, len(cf.name))
	}
	w.printf("\n%-*s %7s %6s %7s %6s %9s %9s %9s %10s %9s %8s\n", width,
		"configuration", "solved", "unsat", "unknown", "errors", "median", "mean", "max", "µs/inst", "guesses", "no-search")
	for ci, cf := range configs {
		row := rowOf(results, ci, cf.name)
		w.printf("%-*s %3d/%-3d %6d %7d %6d %9s %9s %9s %10.1f %9.1f %7.0f%%\n", width,
			cf.name, row.Solved, row.Runs, row.Unsat, row.Unknown, row.Errors, roundDuration(row.med), roundDuration(row.mean), roundDuration(row.mx),
			float64(row.mean)/1e3, row.Guesses, row.NoSearch)
	}
	writeOptimisation(w, configs, results, width)
	notRun := 0
	for ci := range configs {
		notRun += summarise(results, ci).notRun
	}
	if notRun > 0 {
		w.printf("\ninterrupted: %d of %d %s not run (not counted above)\n", notRun, len(results), plural(len(results), "run"))
	}
	if len(configs) < 2 {
		return
	}
	w.printf("\npaired time ratio against %q, per instance solved by both (median, p10-p90):\n", configs[0].name)
	for ci := 1; ci < len(configs); ci++ {
		rs, ok := ratioSummary(results, 0, ci)
		if !ok {
			w.printf("  %-*s no instance solved by both\n", width, configs[ci].name)
			continue
		}
		w.printf("  %-*s %.2fx  (%.2fx-%.2fx, %d %s)\n", width, configs[ci].name,
			rs.Median, rs.P10, rs.P90, rs.Instances, plural(rs.Instances, "instance"))
	}
}

// ratios is the summary of the paired time ratios of configuration b
// against a: median, 10th and 90th percentile, over the instances both
// solved.
type ratios struct {
	Median    float64 `json:"median"`
	P10       float64 `json:"p10"`
	P90       float64 `json:"p90"`
	Instances int     `json:"instances"`
}

// ratioSummary summarises pairedRatios(results, a, b); false when no
// instance was solved by both.
func ratioSummary(results []benchRun, a, b int) (ratios, bool) {
	rs := pairedRatios(results, a, b)
	if len(rs) == 0 {
		return ratios{}, false
	}
	sort.Float64s(rs)
	return ratios{Median: rs[len(rs)/2], P10: rs[len(rs)/10], P90: rs[len(rs)*9/10], Instances: len(rs)}, true
}

// benchRow is one configuration's line of the table: its runs by status,
// the median, mean and max time of the runs that ended (seconds in JSON),
// the guesses (search nodes) per run, and the share of the solved runs
// that needed no search, in percent.
type benchRow struct {
	Config                               string
	Runs, Solved, Unsat, Unknown, Errors int
	NotRun                               int // interrupted before they ran; not in Runs
	Median, Mean, Max, Guesses, NoSearch float64
	med, mean, mx                        time.Duration
}

// MarshalJSON writes the row with snake-case names, times in seconds.
func (r benchRow) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"config": r.Config, "runs": r.Runs, "solved": r.Solved, "unsat": r.Unsat,
		"unknown": r.Unknown, "errors": r.Errors, "not_run": r.NotRun, "median": r.Median, "mean": r.Mean, "max": r.Max,
		"guesses": r.Guesses, "no_search": r.NoSearch})
}

// rowOf sums up configuration ci's runs, named name.
func rowOf(results []benchRun, ci int, name string) benchRow {
	s := summarise(results, ci)
	med, mean, mx := quantiles(s.times)
	row := benchRow{Config: name, Runs: s.runs, Solved: s.solved, Unsat: s.unsat, Unknown: s.unknown, Errors: s.errors,
		NotRun: s.notRun, med: med, mean: mean, mx: mx, Median: med.Seconds(), Mean: mean.Seconds(), Max: mx.Seconds()}
	if len(s.times) > 0 {
		row.Guesses = float64(s.nodes) / float64(len(s.times))
	}
	if s.solved > 0 {
		row.NoSearch = 100 * float64(s.noSearch) / float64(s.solved)
	}
	return row
}

// pairedRatios returns time(b)/time(a) for every instance both solved.
func pairedRatios(results []benchRun, a, b int) []float64 {
	type key struct{ file, index int }
	base := map[key]time.Duration{}
	for _, r := range results {
		if r.config == a && r.status == solved {
			base[key{r.file, r.item.Index}] = r.time
		}
	}
	var out []float64
	for _, r := range results {
		if r.config != b || r.status != solved {
			continue
		}
		if t, ok := base[key{r.file, r.item.Index}]; ok && t > 0 {
			out = append(out, float64(r.time)/float64(t))
		}
	}
	return out
}

// quantiles returns the median, mean and max of sorted times.
func quantiles(ts []time.Duration) (med, mean, mx time.Duration) {
	if len(ts) == 0 {
		return 0, 0, 0
	}
	var sum time.Duration
	for _, t := range ts {
		sum += t
	}
	return ts[len(ts)/2], sum / time.Duration(len(ts)), ts[len(ts)-1]
}

func benchRecordOf(cf configuration, f benchFile, r benchRun) benchrec.Record {
	rec := benchrec.Record{
		Config: cf.name, Settings: cf.values, Problem: f.kind(), File: f.instanceName(r.item.Index),
		Instance: r.item.Index, Line: r.item.Line, Status: r.status, Time: r.time.Seconds(),
		Nodes: r.res.Stats.Nodes, Failures: r.res.Stats.Failures, Propagations: r.res.Stats.Propagations,
		PeakDepth: r.res.Stats.PeakDepth, Restarts: r.res.Stats.Restarts, Solutions: r.res.Stats.Solutions,
		Propagators: r.res.Stats.Propagators,
	}
	if r.err != nil {
		rec.Error = r.err.Error()
	}
	if f.lang != nil {
		rec.Instance = 1
	}
	if r.goal != catalog.Satisfy {
		rec.Objective = r.objective
		proved := r.status == solved
		rec.Optimal = &proved
	}
	return rec
}

// writeBenchJSON writes one JSON object per run and line.
func writeBenchJSON(w io.Writer, configs []configuration, files []benchFile, results []benchRun) error {
	enc := json.NewEncoder(w)
	for _, r := range results {
		if r.status == "" {
			continue // not run (interrupted)
		}
		if err := enc.Encode(benchRecordOf(configs[r.config], files[r.file], r)); err != nil {
			return err
		}
	}
	return nil
}

// writeBenchCSV writes one row per run, with a header.
func writeBenchCSV(w io.Writer, configs []configuration, files []benchFile, results []benchRun) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"config", "problem", "file", "instance", "line", "status", "time", "nodes", "failures",
		"propagations", "peakDepth", "restarts", "solutions", "error", "objective", "optimal"}); err != nil {
		return err
	}
	for _, r := range results {
		if r.status == "" {
			continue
		}
		rec := benchRecordOf(configs[r.config], files[r.file], r)
		if err := cw.Write([]string{rec.Config, rec.Problem, rec.File, strconv.Itoa(rec.Instance), strconv.Itoa(rec.Line), rec.Status,
			strconv.FormatFloat(rec.Time, 'g', 6, 64), strconv.FormatInt(rec.Nodes, 10), strconv.FormatInt(rec.Failures, 10),
			strconv.FormatInt(rec.Propagations, 10), strconv.Itoa(rec.PeakDepth), strconv.FormatInt(rec.Restarts, 10),
			strconv.FormatInt(rec.Solutions, 10), rec.Error, optional(rec.Objective, func(v int64) string { return strconv.FormatInt(v, 10) }),
			optional(rec.Optimal, strconv.FormatBool)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// optional is a CSV field: v formatted, or empty when v is nil.
func optional[T any](v *T, format func(T) string) string {
	if v == nil {
		return ""
	}
	return format(*v)
}

// progress is a one-line progress report on a terminal: runs done,
// elapsed, estimated time left. It writes nothing unless w is a terminal.
type progress struct {
	mu         sync.Mutex
	w          *output
	on         bool
	total, n   int
	start, out time.Time
}

func newProgress(w *output, total int, want bool) *progress {
	p := &progress{w: w, total: total, start: time.Now()}
	if f, ok := w.w.(*os.File); ok && want {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

func (p *progress) add() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	if !p.on || (time.Since(p.out) < 200*time.Millisecond && p.n < p.total) {
		return
	}
	p.out = time.Now()
	el := time.Since(p.start)
	left := time.Duration(float64(el) / float64(p.n) * float64(p.total-p.n))
	width := 30
	fill := width * p.n / max(p.total, 1)
	p.w.printf("\r[%s%s] %d/%d runs, %s elapsed, ~%s left ", strings.Repeat("#", fill), strings.Repeat(".", width-fill),
		p.n, p.total, el.Round(time.Second), left.Round(time.Second))
}

func (p *progress) done() {
	if p.on {
		p.w.printf("\r%s\r", strings.Repeat(" ", 80))
	}
}
