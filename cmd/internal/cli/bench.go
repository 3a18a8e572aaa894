package cli

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

// BenchConfig is what the flags of bench set.
type BenchConfig struct {
	// The matrix: each dimension's values, in the order given; a
	// configuration takes one value of each.
	dims []dim
	// Runs.
	Repeat   int64
	Timeout  time.Duration
	nodes    int64
	Shuffle  int64 // -1: input order; else the seed of a shuffle
	Jobs     int64
	Memory   int64 // --max-memory (see config.maxMemory)
	Warmup   bool
	progress bool // --progress=false silences the bar on a terminal
	// Inputs: the bounds on what is read (ReadBudget).
	MaxInstances, MaxBytes int64
	// Outputs: the files, and whether an existing one may be replaced.
	csvPath, jsonPath, plotPath string
	force                       bool
}

// dim is one dimension of the configuration matrix: a flag and the values
// it takes.
type dim struct {
	flag   string
	Values []string
}

// ListFlag collects a comma-separated list of values for one dimension,
// checked by check (nil: any).
type ListFlag struct {
	c     *BenchConfig
	Name  string
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

// Item is the error for v, one bad item of a longer list: the flag
// package names the whole list, this names the item.
func (e *wantError) Item(v string) error {
	if e.choices != nil {
		return fmt.Errorf("%q is not one of %s", v, catalog.List(e.choices))
	}
	return fmt.Errorf("%q is not %s", v, e.what)
}

// Set takes a comma list. A bad value alone is reported as solve reports
// it (the flag package names the value: "want a, b or c"); a bad item of
// a longer list is named once, after the list.
func (f ListFlag) Set(s string) error {
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
				return w.Item(v)
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
		if f.c.dims[i].flag == f.Name {
			f.c.dims[i].Values = vals
			return nil
		}
	}
	f.c.dims = append(f.c.dims, dim{f.Name, vals})
	return nil
}

func (f ListFlag) String() string { return "" }

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

// BenchFlags declares the flags of bench on fs.
func BenchFlags(fs *flag.FlagSet, b *BenchConfig) {
	list := func(name string, check func(string) *wantError) {
		fs.Var(ListFlag{b, name, check}, name, "")
	}
	list("alldiff", choice("value", "hidden", "gac", "auto"))
	list("model", nil) // checked per problem: a model name applies where the problem has it
	list("var", choice(slices.Concat(csp.VarSelectNames(), []string{annotated})...))
	list("val", choice(slices.Concat(csp.ValSelectNames(), []string{annotated})...))
	list("restarts", choice(slices.Concat(csp.RestartNames(), []string{annotated})...))
	list("ties", choice(tiesNames...))
	list("save", choice(csp.SaveModeNames()...))
	// atLeast checks a whole number from least on, as intFlag does.
	atLeast := func(least int64) func(string) *wantError {
		return func(v string) *wantError {
			if n, err := strconv.ParseInt(v, 10, 64); err != nil || n < least {
				return &wantError{what: fmt.Sprintf("a whole number >= %d", least)}
			}
			return nil
		}
	}
	list("restart-base", atLeast(1))
	list("last-conflict", choice("true", "false"))
	list("nogoods", choice("true", "false"))
	list("learn", choice(csp.LearnNames()...))
	list("learn-after", atLeast(0))
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
	fs.Var(intFlag{&b.Repeat, 1}, "repeat", "")
	fs.Var(durationFlag{&b.Timeout}, "timeout", "")
	fs.Var(intFlag{&b.nodes, 0}, "nodes", "")
	fs.Var(intFlag{&b.Shuffle, 0}, "shuffle", "")
	fs.Var(jobsFlag{&b.Jobs}, "jobs", "")
	fs.Var(sizeFlag{&b.Memory, true}, "max-memory", "")
	fs.BoolVar(&b.Warmup, "warmup", true, "")
	fs.BoolVar(&b.progress, "progress", true, "")
	fs.StringVar(&b.csvPath, "csv", "", "")
	fs.StringVar(&b.jsonPath, "json", "", "")
	fs.StringVar(&b.plotPath, "plot", "", "")
	fs.BoolVar(&b.force, "force", false, "")
	fs.Var(intFlag{&b.MaxInstances, 1}, "max-instances", "")
	fs.Var(sizeFlag{p: &b.MaxBytes}, "max-bytes", "")
}

// Configuration is one cell of the matrix: a value per dimension.
type Configuration struct {
	Name   string            // "alldiff=gac var=mindom", or "default"
	Values map[string]string // flag -> value
}

// Matrix expands the dimensions into every combination, the first
// dimension varying slowest.
func (b *BenchConfig) Matrix() []Configuration {
	out := []Configuration{{Values: map[string]string{}}}
	for _, d := range b.dims {
		var next []Configuration
		for _, c := range out {
			for _, v := range d.Values {
				vals := map[string]string{d.flag: v}
				for k, x := range c.Values {
					vals[k] = x
				}
				next = append(next, Configuration{Values: vals})
			}
		}
		out = next
	}
	for i := range out {
		var parts []string
		for _, d := range b.dims {
			parts = append(parts, d.flag+"="+out[i].Values[d.flag])
		}
		out[i].Name = strings.Join(parts, " ")
		if out[i].Name == "" {
			out[i].Name = "default"
		}
	}
	return out
}

// settingsFor builds the settings of problem p under configuration cf: the
// command's defaults, the configuration's values where they apply to p,
// then p's options and defaults for what the configuration leaves out. A
// value p does not take is the error. The flags of bench checked every
// value already (BenchFlags); the parses here check again, as settingsFor
// is called with other configurations too.
func settingsFor(p *catalog.Entry, cf Configuration, b *BenchConfig) (*catalog.Settings, error) {
	c := NewConfig()
	given := map[string]bool{}
	for flagName, v := range cf.Values {
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
			return nil, fmt.Errorf("%s, %s: -%s: %w", cf.Name, p.Name, flagName, err)
		}
		if v != annotated {
			given[flagName] = true
		}
	}
	c.search.TimeLimit = b.Timeout
	c.search.NodeLimit = b.nodes
	c.MaxMemory, c.Jobs = b.Memory, b.Jobs
	if err := c.settle(p, func(f string) bool { return given[f] }); err != nil {
		return nil, fmt.Errorf("%s, %s: %w", cf.Name, p.Name, err)
	}
	return c.Settings, nil
}

// annotated is the value of --var, --val and --restarts that keeps the
// instance's own choice: a FlatZinc file's search annotations, a puzzle's
// default (as when the flag is not given).
const annotated = "annotated"

// setSearchDim sets the search flag flagName of c to v, and reports
// whether flagName is one (else c is untouched); annotated leaves c as it
// is. The error is v's parse error.
func setSearchDim(c *Config, flagName, v string) (bool, error) {
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
	case flagName == "learn-after":
		c.search.LearnAfter, err = strconv.ParseInt(v, 10, 64)
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
	Name    string                 // as shown: the path, "standard input", or suite/NAME.txt
	path    string                 // the file, "-" for standard input; "" for a suite
	Problem *catalog.Entry         // nil: found by reading the file
	lang    *catalog.LanguageEntry // FlatZinc (a modelling language): a file, or a directory of them (see loadModels)
}

// benchInputs sorts out the arguments: PROBLEM:PATH, a PATH whose problem
// is found by reading it, the name of a problem with a suite of its own,
// default (every suite), or nothing (every suite); fzn:PATH or a PATH
// ending in .fzn is FlatZinc (see languageInput). A file of the name wins over
// a suite. - is standard input.
func benchInputs(args []string) []benchInput {
	if len(args) == 0 {
		return SuiteInputs(SuiteProblems())
	}
	var out []benchInput
	for _, a := range args {
		if _, err := os.Stat(a); err != nil {
			if a == "default" {
				out = append(out, SuiteInputs(SuiteProblems())...)
				continue
			}
			if p, ok := catalog.Lookup(a); ok && p.Suite != "" {
				out = append(out, SuiteInputs([]string{a})...)
				continue
			}
		}
		in := benchInput{path: a}
		if lang, path, ok := languageInput(a); ok {
			in.path, in.lang = path, lang
		} else if i := strings.Index(a, ":"); i > 0 {
			if p, ok := catalog.Lookup(a[:i]); ok {
				in.Problem, in.path = p, a[i+1:]
			}
		}
		in.Name = in.path
		if in.path == "-" {
			in.Name = "standard input"
		}
		out = append(out, in)
	}
	return out
}

// SuiteProblems names the problems with a benchmark suite: the default
// suite is all of theirs.
func SuiteProblems() []string {
	var names []string
	for _, n := range catalog.Names() {
		if p, _ := catalog.Lookup(n); p.Suite != "" {
			names = append(names, n)
		}
	}
	return names
}

// SuiteInputs are the embedded suites of the given problems.
func SuiteInputs(problems []string) []benchInput {
	var out []benchInput
	for _, name := range problems {
		p, _ := catalog.Lookup(name)
		out = append(out, benchInput{Name: "suite/" + name + ".txt", Problem: p})
	}
	return out
}

// BenchFile is one file of the benchmark with its problem.
type BenchFile struct {
	Name    string // as shown: the path, or suite/NAME
	Problem *catalog.Entry
	Items   []catalog.Item[any]
	Err     error // the file could not be read, or its problem found
	// lang: a modelling language's models (FlatZinc's; problem is nil),
	// one per item, read from paths, one a file: models[i] is item i+1's
	// (nil for an item in error).
	lang   *catalog.LanguageEntry
	models []*catalog.Source
	paths  []string
}

// kind names what the file holds: its problem, or its language (fzn).
func (f *BenchFile) kind() string {
	if f.lang != nil {
		return f.lang.Name
	}
	return f.Problem.Name
}

// model is the model of the item of index (from 1) of a language's file.
func (f *BenchFile) model(index int) *catalog.Source {
	if index < 1 || index > len(f.models) {
		return nil
	}
	return f.models[index-1]
}

// instanceName is the file an instance comes from: its own for FlatZinc,
// else the file's.
func (f *BenchFile) instanceName(index int) string {
	if f.lang != nil && index >= 1 && index <= len(f.paths) {
		if p := f.paths[index-1]; p != "-" {
			return p
		}
		return "standard input"
	}
	return f.Name
}

// Bounds on what bench reads. A benchmark runs each instance several
// times, so it keeps them all, parsed; the bounds keep that memory in
// check whatever the files hold, and end an endless input (/dev/zero, a
// generator piped in) with a message rather than the machine's memory or
// a hang.
const (
	// DefaultMaxInstances and DefaultMaxBytes are the defaults of
	// --max-instances and --max-bytes.
	DefaultMaxInstances = 100_000
	DefaultMaxBytes     = 64 << 20
	// maxBadRun is how many malformed instances in a row end the reading
	// of a file: past it, the file is not one of its problem's.
	maxBadRun = 1000
	// detectBytes is how much of a file whose problem is not named is
	// read to find it (every problem's reader tries it).
	detectBytes = 1 << 20
)

// ReadBudget is what is left of --max-instances and --max-bytes, shared by
// every file of a run: they bound what is kept, so a file given up gives
// back what it took.
type ReadBudget struct {
	Instances, Bytes       int64 // left
	MaxInstances, MaxBytes int64 // the flags, for messages
}

// budgetReader reads from r until the budget's bytes are spent; then it
// fails with errOverBudget (unless r is at its end), which ends the
// problem's reader at once, even in the middle of a line that never ends.
type budgetReader struct {
	r    io.Reader
	b    *ReadBudget
	read int64 // bytes read
	over bool  // the budget ran out before r's end
}

var errOverBudget = errors.New("over --max-bytes")

func (br *budgetReader) Read(p []byte) (int, error) {
	if br.b.Bytes <= 0 {
		// Spent: the input may still end here.
		var one [1]byte
		if n, err := br.r.Read(one[:]); n == 0 && err == io.EOF {
			return 0, io.EOF
		}
		br.over = true
		return 0, errOverBudget
	}
	if int64(len(p)) > br.b.Bytes {
		p = p[:br.b.Bytes]
	}
	n, err := br.r.Read(p)
	br.b.Bytes -= int64(n)
	br.read += int64(n)
	return n, err
}

// giveBack returns to the budget what br took, for a file given up.
func (br *budgetReader) giveBack() {
	br.b.Bytes += br.read
	br.read = 0
}

// LoadFiles reads every input (see loadFile) within the budget.
func LoadFiles(inputs []benchInput, stdin io.Reader, budget *ReadBudget) []BenchFile {
	out := make([]BenchFile, len(inputs))
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
func loadFile(in benchInput, stdin io.Reader, budget *ReadBudget) BenchFile {
	if in.lang != nil {
		return loadModels(in, stdin, budget)
	}
	bf := BenchFile{Name: in.Name, Problem: in.Problem}
	var r io.Reader
	switch in.path {
	case "":
		r = strings.NewReader(in.Problem.Suite)
	case "-":
		r = stdin
	default:
		f, err := openFile(in.path)
		if errors.Is(err, errDirectory) && in.Problem == nil {
			err = fmt.Errorf("%w (%s)", pathless(err), languageHint(in.path))
		}
		if err != nil {
			bf.Err = err
			return bf
		}
		defer func() { _ = f.Close() }() // only read: a failed Close loses nothing
		r = f
	}
	br := &budgetReader{r: r, b: budget}
	r = br
	if bf.Problem == nil {
		prefix, err := io.ReadAll(io.LimitReader(br, detectBytes))
		if err != nil {
			br.giveBack()
			bf.Err = budget.readError(br, err, 0)
			return bf
		}
		if bf.Problem = detect(prefix); bf.Problem == nil {
			where := "it"
			if len(prefix) == detectBytes {
				where = fmt.Sprintf("its first %s", byteSize(detectBytes))
			}
			br.giveBack()
			bf.Err = fmt.Errorf("no problem reads any instance in %s (name it: PROBLEM:%s, PROBLEM one of %s)", where, in.path, ProblemNames())
			return bf
		}
		r = io.MultiReader(bytes.NewReader(prefix), br)
	}
	bf.Items, bf.Err = readItems(bf.Problem, r, br, budget)
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
func readItems(p *catalog.Entry, r io.Reader, br *budgetReader, budget *ReadBudget) ([]catalog.Item[any], error) {
	var items []catalog.Item[any]
	bad, line := 0, 0
	fail := func(err error) ([]catalog.Item[any], error) {
		budget.Instances += int64(len(items))
		br.giveBack()
		return nil, err
	}
	for it := range p.Read(r, false) {
		if br.over {
			line = it.Line // the item is the read error errOverBudget caused
			break
		}
		if budget.Instances <= 0 {
			return fail(fmt.Errorf("line %d: more than %d instances in all (--max-instances raises the bound)", it.Line, budget.MaxInstances))
		}
		if it.Err != nil {
			bad++
			if bad == maxBadRun {
				return fail(fmt.Errorf("line %d: %d malformed instances in a row: stopped reading (not a %s file?)", it.Line, bad, p.Name))
			}
		} else {
			bad = 0
		}
		budget.Instances--
		items = append(items, it)
	}
	if br.over {
		return fail(budget.readError(br, errOverBudget, line))
	}
	return items, nil
}

// readError words an error met reading through br, at line when known
// (else 0): the byte bound, or the reader's own error.
func (b *ReadBudget) readError(br *budgetReader, err error, line int) error {
	if !br.over && !errors.Is(err, errOverBudget) {
		return err
	}
	at := ""
	if line > 0 {
		at = fmt.Sprintf("line %d: ", line)
	}
	return fmt.Errorf("%smore than %s of input in all: stopped reading (--max-bytes raises the bound)", at, byteSize(b.MaxBytes))
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

// BenchRun is one instance under one configuration.
type BenchRun struct {
	Config  int
	File    int
	Item    catalog.Item[any]
	Status  string
	Time    time.Duration // median of the repeats
	Res     csp.Result
	Err     error
	skipped bool // the configuration could not be set for the problem
	// FlatZinc: what the model asks, and the best objective found (nil:
	// none, or a satisfaction model).
	goal      catalog.Goal
	objective *int64
}

// bench runs the benchmark: every configuration of the matrix on every
// instance of every file.
func bench(stdin io.Reader, stdout, stderr *Output, args []string) int {
	b := &BenchConfig{Shuffle: -1, Jobs: 1, Memory: -1, Repeat: 1, Timeout: 10 * time.Second,
		MaxInstances: DefaultMaxInstances, MaxBytes: DefaultMaxBytes}
	fset := flag.NewFlagSet("csp bench", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	BenchFlags(fset, b)
	files, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		stdout.Print(usage())
		return 0
	case err != nil:
		return UsageError(stderr, "bench: %v", err)
	}
	configs := b.Matrix()
	inputs := benchInputs(files)
	var paths []string
	for i, in := range inputs {
		if in.path == "-" && slices.ContainsFunc(inputs[:i], func(o benchInput) bool { return o.path == "-" }) {
			return UsageError(stderr, "bench: standard input (-) named twice")
		}
		if in.path != "" {
			paths = append(paths, in.path)
		}
	}
	outs := []*outFile{{flag: "--csv", path: b.csvPath}, {flag: "--json", path: b.jsonPath}, {flag: "--plot", path: b.plotPath}}
	if err := checkOutputs(outs, paths, stdin, b.force); err != nil {
		return UsageError(stderr, "bench: %v", err)
	}
	var plotter string
	if b.plotPath != "" {
		if plotter, err = FindPlotter(); err != nil {
			return UsageError(stderr, "bench: --plot %v", err)
		}
	}
	loaded := LoadFiles(inputs, stdin, &ReadBudget{Instances: b.MaxInstances, Bytes: b.MaxBytes,
		MaxInstances: b.MaxInstances, MaxBytes: b.MaxBytes})

	badFiles := 0
	for _, f := range loaded {
		if f.Err != nil {
			stderr.Printf("csp: bench: %s: %v\n", f.Name, pathless(f.Err))
			badFiles++
		}
	}
	if badFiles == len(loaded) {
		stderr.Printf("csp: bench: no file could be read: nothing to run\n")
		return 1
	}
	jobs := BenchJobs(b, configs, loaded)

	ctx, stop := Interrupts()
	defer stop()
	if b.Memory < 0 {
		b.Memory = DefaultMaxMemory()
	}
	ctx, release := GuardMemory(ctx, b.Memory)
	defer release()
	settings, err := BenchSettings(b, configs, loaded)
	if err != nil {
		return UsageError(stderr, "bench: %v", err)
	}
	warn := func(msg string) { stderr.Printf("csp: bench: %s\n", msg) }
	warnScope(b, loaded, warn)
	bar := newProgress(stderr, len(jobs), b.progress)
	results := RunBench(ctx, b, configs, loaded, jobs, settings, bar.Add)
	bar.done()
	reportInstanceErrors(loaded, results, warn)

	status := 0
	if badFiles > 0 {
		status = 1
	}
	writeBenchTable(stdout, configs, loaded, results, badFiles)
	for _, r := range results {
		if r.Status == Failed || r.Status == Unknown || r.Status == "" {
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
		func(w io.Writer) error { return WriteBenchPlot(w, plotter, configs, loaded, results) },
	}
	for i, o := range outs {
		switch o.path {
		case "":
			continue
		case "-": // standard output, after the table
			if err := writers[i](stdout); err != nil && stdout.Err == nil {
				stderr.Printf("csp: bench: %v\n", err) // else run reports it
				status = 1
			}
			continue
		}
		wrote, err := o.write(writers[i], !interrupted)
		switch {
		case err != nil:
			stderr.Printf("csp: bench: %s %s: %v (the file is left as it was)\n", o.flag, o.path, err)
			status = 1
		case !wrote:
			stderr.Printf("csp: bench: interrupted: %s %s left as it was\n", o.flag, o.path)
		}
	}
	return status
}

// benchJob is one run of a benchmark: an instance under a
// configuration.
type benchJob struct {
	Config, File int
	Item         catalog.Item[any]
}

// BenchJobs lists the runs of the matrix: every configuration on every
// instance of the files read, in input order or a seeded shuffle
// (--shuffle), configuration by configuration.
func BenchJobs(b *BenchConfig, configs []Configuration, loaded []BenchFile) []benchJob {
	var instances []benchJob
	for fi, f := range loaded {
		if f.Err != nil {
			continue
		}
		for _, it := range f.Items {
			instances = append(instances, benchJob{File: fi, Item: it})
		}
	}
	if b.Shuffle >= 0 {
		rng := rand.New(rand.NewPCG(uint64(b.Shuffle), 11))
		rng.Shuffle(len(instances), func(i, j int) { instances[i], instances[j] = instances[j], instances[i] })
	}
	var jobs []benchJob
	for ci := range configs {
		for _, in := range instances {
			in.Config = ci
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

// BenchSettings makes the settings of every (configuration, file read);
// a value a problem does not take is the error.
func BenchSettings(b *BenchConfig, configs []Configuration, loaded []BenchFile) (map[[2]int]benchSetting, error) {
	if err := modelsApply(configs, loaded); err != nil {
		return nil, err
	}
	settings := map[[2]int]benchSetting{} // (config, file) -> settings
	for ci, cf := range configs {
		for fi, f := range loaded {
			if f.Err != nil {
				continue
			}
			var s benchSetting
			var err error
			if f.lang != nil {
				s.fzn, err = fznSettingsFor(cf, b, f.lang)
			} else {
				s.cat, err = settingsFor(f.Problem, cf, b)
			}
			if err != nil {
				return nil, err
			}
			settings[[2]int{ci, fi}] = s
		}
	}
	return settings, nil
}

// modelsApply checks that every --model value of the configurations is a
// model of at least one problem benchmarked: a value is ignored for a
// problem without that model (the benchmark may mix problems), so one
// that applies to none would run every configuration under the defaults
// while its name in the table said otherwise.
func modelsApply(configs []Configuration, loaded []BenchFile) error {
	var problems []*catalog.Entry // the problems benchmarked, once each
	languages := false            // a modelling language's file: no --model applies
	for _, f := range loaded {
		switch {
		case f.Err != nil:
		case f.Problem == nil:
			languages = true
		case !slices.Contains(problems, f.Problem):
			problems = append(problems, f.Problem)
		}
	}
	for _, cf := range configs {
		v, ok := cf.Values["model"]
		if !ok || slices.ContainsFunc(problems, func(p *catalog.Entry) bool { return slices.Contains(p.Models, v) }) {
			continue
		}
		if len(problems) == 0 {
			if languages {
				return fmt.Errorf("--model %s: the inputs are FlatZinc models, which it does not apply to (it names a puzzle problem's model)", v)
			}
			continue
		}
		have := make([]string, len(problems))
		for i, p := range problems {
			have[i] = p.Name + ": none"
			if len(p.Models) > 0 {
				have[i] = p.Name + ": " + strings.Join(p.Models, ", ")
			}
		}
		return fmt.Errorf("--model %s is a model of none of the problems benchmarked (%s)", v, strings.Join(have, "; "))
	}
	return nil
}

// RunBench runs the jobs with b.jobs workers, after a warm-up when
// b.warmup asks for one, calling done after each run. Once ctx is done no
// job starts: those not run keep an empty status.
func RunBench(ctx context.Context, b *BenchConfig, configs []Configuration, loaded []BenchFile, jobs []benchJob,
	settings map[[2]int]benchSetting, done func()) []BenchRun {
	if b.Warmup {
		// One untimed solve per (configuration, file): code paths, caches
		// and the allocator warm before the clock runs. Neither its answer
		// nor its error is kept: the timed runs of the instance meet the
		// same error, count it in the table's errors column (and --csv,
		// --json say it), and the command reports it once (see
		// reportInstanceErrors).
		for key, s := range settings {
			f := loaded[key[1]]
			for _, it := range f.Items {
				if it.Err == nil && f.lang != nil {
					warm := *s.fzn
					warm.Timeout = time.Second
					fznAttempt(ctx, it, f.model(it.Index), &warm, 1)
					break
				}
				if it.Err == nil {
					warm := *s.cat
					warm.Search.TimeLimit = min(max(s.cat.Search.TimeLimit, time.Second), time.Second)
					Attempt(ctx, f.Problem, it, &warm, &catalog.Cache{}, false)
					break
				}
			}
		}
	}
	results := make([]BenchRun, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range b.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			caches := map[[2]int]*catalog.Cache{}
			for i := range next {
				j := jobs[i]
				key := [2]int{j.Config, j.File}
				if caches[key] == nil {
					caches[key] = &catalog.Cache{}
				}
				if s := settings[key]; s.fzn != nil {
					results[i] = fznAttempt(ctx, j.Item, loaded[j.File].model(j.Item.Index), s.fzn, b.Repeat)
				} else {
					results[i] = runOne(ctx, loaded[j.File].Problem, s.cat, caches[key], j.Item, b.Repeat)
				}
				results[i].Config, results[i].File = j.Config, j.File
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
func runOne(ctx context.Context, p *catalog.Entry, s *catalog.Settings, c *catalog.Cache, it catalog.Item[any], repeat int64) BenchRun {
	r := BenchRun{Item: it}
	var times []time.Duration
	for range repeat {
		o := Attempt(ctx, p, it, s, c, false)
		if o.Status == notRun && len(times) == 0 {
			return r // interrupted before it started: not run, as a job never sent
		}
		r.Status, r.Res, r.Err = o.Status, o.Res, o.Err
		r.Res.Solution = nil // not reported: kept, it would cost the size of the model per run
		// The kinds' counts may be the cache's own array, written again by
		// the next instance (catalog.Reused.Solve): the run keeps a copy.
		r.Res.Stats.Propagators = slices.Clone(r.Res.Stats.Propagators)
		times = append(times, o.elapsed)
		if o.Status == Failed {
			break
		}
	}
	slices.Sort(times)
	r.Time = times[len(times)/2]
	return r
}

// configSummary is one configuration's line of the table.
type configSummary struct {
	runs, Solved, unsat, unknown, errors int
	notRun                               int // interrupted before they ran; not in runs
	noSearch                             int // solved with no node beyond the root
	times                                []time.Duration
	nodes                                int64
}

func summarise(results []BenchRun, config int) configSummary {
	var s configSummary
	for _, r := range results {
		if r.Config != config {
			continue
		}
		if r.Status == "" {
			s.notRun++
			continue
		}
		s.runs++
		switch r.Status {
		case Solved:
			s.Solved++
			if r.Res.Stats.Nodes == 0 {
				s.noSearch++
			}
		case Unsatisfiable:
			s.unsat++
		case Unknown:
			s.unknown++
		default:
			s.errors++
			continue
		}
		s.times = append(s.times, r.Time)
		s.nodes += r.Res.Stats.Nodes
	}
	slices.Sort(s.times)
	return s
}

// writeBenchTable prints the summary per configuration, then the paired
// ratios of every configuration against the first.
func writeBenchTable(w *Output, configs []Configuration, files []BenchFile, results []BenchRun, badFiles int) {
	var names []string
	for _, f := range files {
		if f.Err == nil {
			names = append(names, fmt.Sprintf("%s (%s, %d)", f.Name, f.kind(), len(f.Items)))
		}
	}
	w.Printf("files: %s\n", strings.Join(names, ", "))
	if badFiles > 0 {
		w.Printf("%d %s could not be read (see above)\n", badFiles, plural(badFiles, "file"))
	}
	width := len("configuration")
	for _, cf := range configs {
		width = max(width, len(cf.Name))
	}
	w.Printf("\n%-*s %7s %6s %7s %6s %9s %9s %9s %10s %9s %8s\n", width,
		"configuration", "solved", "unsat", "unknown", "errors", "median", "mean", "max", "µs/inst", "guesses", "no-search")
	for ci, cf := range configs {
		row := RowOf(results, ci, cf.Name)
		w.Printf("%-*s %3d/%-3d %6d %7d %6d %9s %9s %9s %10.1f %9.1f %7.0f%%\n", width,
			cf.Name, row.Solved, row.Runs, row.Unsat, row.Unknown, row.Errors, roundDuration(row.med), roundDuration(row.mean), roundDuration(row.mx),
			float64(row.mean)/1e3, row.Guesses, row.NoSearch)
	}
	writeOptimisation(w, configs, results, width)
	notRun := 0
	for ci := range configs {
		notRun += summarise(results, ci).notRun
	}
	if notRun > 0 {
		w.Printf("\ninterrupted: %d of %d %s not run (not counted above)\n", notRun, len(results), plural(len(results), "run"))
	}
	if len(configs) < 2 {
		return
	}
	w.Printf("\npaired time ratio against %q, per instance solved by both (median, p10-p90):\n", configs[0].Name)
	for ci := 1; ci < len(configs); ci++ {
		rs, ok := RatioSummary(results, 0, ci)
		if !ok {
			w.Printf("  %-*s no instance solved by both\n", width, configs[ci].Name)
			continue
		}
		w.Printf("  %-*s %.2fx  (%.2fx-%.2fx, %d %s)\n", width, configs[ci].Name,
			rs.Median, rs.P10, rs.P90, rs.Instances, plural(rs.Instances, "instance"))
	}
}

// Ratios is the summary of the paired time ratios of configuration b
// against a: median, 10th and 90th percentile, over the instances both
// solved.
type Ratios struct {
	Median    float64 `json:"median"`
	P10       float64 `json:"p10"`
	P90       float64 `json:"p90"`
	Instances int     `json:"instances"`
}

// RatioSummary summarises pairedRatios(results, a, b); false when no
// instance was solved by both.
func RatioSummary(results []BenchRun, a, b int) (Ratios, bool) {
	rs := pairedRatios(results, a, b)
	if len(rs) == 0 {
		return Ratios{}, false
	}
	sort.Float64s(rs)
	return Ratios{Median: rs[len(rs)/2], P10: rs[len(rs)/10], P90: rs[len(rs)*9/10], Instances: len(rs)}, true
}

// BenchRow is one configuration's line of the table: its runs by status,
// the median, mean and max time of the runs that ended (seconds in JSON),
// the guesses (search nodes) per run, and the share of the solved runs
// that needed no search, in percent.
type BenchRow struct {
	Config                               string
	Runs, Solved, Unsat, Unknown, Errors int
	NotRun                               int // interrupted before they ran; not in Runs
	Median, Mean, Max, Guesses, NoSearch float64
	med, mean, mx                        time.Duration
}

// MarshalJSON writes the row with snake-case names, times in seconds.
func (r BenchRow) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"config": r.Config, "runs": r.Runs, "solved": r.Solved, "unsat": r.Unsat,
		"unknown": r.Unknown, "errors": r.Errors, "not_run": r.NotRun, "median": r.Median, "mean": r.Mean, "max": r.Max,
		"guesses": r.Guesses, "no_search": r.NoSearch})
}

// RowOf sums up configuration ci's runs, named name.
func RowOf(results []BenchRun, ci int, name string) BenchRow {
	s := summarise(results, ci)
	med, mean, mx := quantiles(s.times)
	row := BenchRow{Config: name, Runs: s.runs, Solved: s.Solved, Unsat: s.unsat, Unknown: s.unknown, Errors: s.errors,
		NotRun: s.notRun, med: med, mean: mean, mx: mx, Median: med.Seconds(), Mean: mean.Seconds(), Max: mx.Seconds()}
	if len(s.times) > 0 {
		row.Guesses = float64(s.nodes) / float64(len(s.times))
	}
	if s.Solved > 0 {
		row.NoSearch = 100 * float64(s.noSearch) / float64(s.Solved)
	}
	return row
}

// pairedRatios returns time(b)/time(a) for every instance both solved.
func pairedRatios(results []BenchRun, a, b int) []float64 {
	type key struct{ file, index int }
	base := map[key]time.Duration{}
	for _, r := range results {
		if r.Config == a && r.Status == Solved {
			base[key{r.File, r.Item.Index}] = r.Time
		}
	}
	var out []float64
	for _, r := range results {
		if r.Config != b || r.Status != Solved {
			continue
		}
		if t, ok := base[key{r.File, r.Item.Index}]; ok && t > 0 {
			out = append(out, float64(r.Time)/float64(t))
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

// BenchRecordOf is run r of configuration cf on file f as a record of
// bench --json (internal/benchrec), the form csp-plot and the workbench read.
func BenchRecordOf(cf Configuration, f BenchFile, r BenchRun) benchrec.Record {
	rec := benchrec.Record{
		Config: cf.Name, Settings: cf.Values, Problem: f.kind(), File: f.instanceName(r.Item.Index),
		Instance: r.Item.Index, Line: r.Item.Line, Status: r.Status, Time: r.Time.Seconds(),
		Nodes: r.Res.Stats.Nodes, Failures: r.Res.Stats.Failures, Propagations: r.Res.Stats.Propagations,
		PeakDepth: r.Res.Stats.PeakDepth, Restarts: r.Res.Stats.Restarts, Solutions: r.Res.Stats.Solutions,
		Propagators: r.Res.Stats.Propagators,
	}
	if r.Err != nil {
		rec.Error = r.Err.Error()
	}
	if f.lang != nil {
		rec.Instance = 1
	}
	if r.goal != catalog.Satisfy {
		rec.Objective = r.objective
		proved := r.Status == Solved
		rec.Optimal = &proved
	}
	return rec
}

// writeBenchJSON writes one JSON object per run and line.
func writeBenchJSON(w io.Writer, configs []Configuration, files []BenchFile, results []BenchRun) error {
	enc := json.NewEncoder(w)
	for _, r := range results {
		if r.Status == "" {
			continue // not run (interrupted)
		}
		if err := enc.Encode(BenchRecordOf(configs[r.Config], files[r.File], r)); err != nil {
			return err
		}
	}
	return nil
}

// writeBenchCSV writes one row per run, with a header.
func writeBenchCSV(w io.Writer, configs []Configuration, files []BenchFile, results []BenchRun) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"config", "problem", "file", "instance", "line", "status", "time", "nodes", "failures",
		"propagations", "peakDepth", "restarts", "solutions", "error", "objective", "optimal"}); err != nil {
		return err
	}
	for _, r := range results {
		if r.Status == "" {
			continue
		}
		rec := BenchRecordOf(configs[r.Config], files[r.File], r)
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
	w          *Output
	on         bool
	total, n   int
	start, out time.Time
}

func newProgress(w *Output, total int, want bool) *progress {
	p := &progress{w: w, total: total, start: time.Now()}
	if f, ok := w.w.(*os.File); ok && want {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

// Add counts one more run done and redraws the bar.
func (p *progress) Add() {
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
	p.w.Printf("\r[%s%s] %d/%d runs, %s elapsed, ~%s left ", strings.Repeat("#", fill), strings.Repeat(".", width-fill),
		p.n, p.total, el.Round(time.Second), left.Round(time.Second))
}

func (p *progress) done() {
	if p.on {
		p.w.Printf("\r%s\r", strings.Repeat(" ", 80))
	}
}
