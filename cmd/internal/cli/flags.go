package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// Config is everything the flags set: the settings handed to the problem
// (shared flags, then the problem's own), and the command's own.
type Config struct {
	// Shared model and search flags; settings is made from them once the
	// problem is known.
	model     string // problem-specific model name ("" for the default)
	search    csp.Options
	ties      string     // "first", "random", or "" for the default
	portfolio [][]string // --portfolio: each member's search flags
	limit     int64      // count: solution cap (0: none)
	size      int64      // generate
	holes     int64
	Settings  *catalog.Settings
	// The problems' own flags as given, by name.
	problemFlags map[string]string
	// Output and batch.
	json, stats bool
	quiet       bool // print only failures and the summary
	Jobs, n     int64
	verbose     bool // generate: the time each puzzle took, on standard error
	// maxMemory is --max-memory in bytes: 0 for none, -1 (not given) for
	// DefaultMaxMemory.
	MaxMemory int64
	// The authors' tools: FILE holds pencil marks; the highest level of
	// the ladder used ("" for all).
	marks bool
	upTo  string
	// solve --all and --solutions (all.go).
	all allConfig
	// A command's own options, made by its flags function (clues).
	own any
}

// NewConfig returns the configuration every command starts from: the
// defaults of every flag.
func NewConfig() *Config {
	return &Config{
		search:       csp.Options{Var: csp.DomWDeg, Val: csp.ValMin, Restarts: csp.Luby, Seed: 1},
		Jobs:         1,
		holes:        -1, // "not given"
		n:            1,
		MaxMemory:    -1,
		problemFlags: map[string]string{},
	}
}

// settle makes the settings for problem p from the flags: the shared
// values, the derived defaults, the problem's flags as given, then has the
// problem parse its flags into its options (with its own defaults for
// what the command line left out): a bad value is the error, before
// anything runs.
func (c *Config) settle(p *catalog.Entry, given func(string) bool) error {
	if err := c.settleOrder(given); err != nil {
		return err
	}
	if err := c.settleAll(given); err != nil {
		return err
	}
	if c.ties == "" {
		c.search.RandomTies = c.search.Restarts != csp.NoRestarts
	} else {
		c.search.RandomTies = c.ties == "random"
	}
	c.search.MaxMemory = searchShare(c.memoryLimit(), c.Jobs, c.search.Workers, len(c.portfolio))
	s := catalog.NewSettings(p)
	s.Model, s.Search, s.Limit = c.model, c.search, c.limit
	s.Size, s.Holes, s.Given = c.size, c.holes, given
	for name, v := range c.problemFlags {
		s.SetFlag(name, v)
	}
	if err := p.Configure(s); err != nil {
		return err
	}
	for _, args := range c.portfolio {
		o, err := portfolioMember(s.Search, c.search.LearnAfter, args)
		if err != nil {
			return err
		}
		s.Search.Portfolio = append(s.Search.Portfolio, o)
	}
	c.Settings = s
	return nil
}

// settleOrder checks the search order against the other search flags:
// breadth-first search does not restart, learn nogoods or run in
// parallel, so --order bfs refuses those flags given (and turns off the
// default restarts), and --frontier needs --order bfs.
func (c *Config) settleOrder(given func(string) bool) error {
	if c.search.Order != csp.BreadthFirst {
		if given("frontier") {
			return fmt.Errorf("--frontier applies to --order bfs only")
		}
		return nil
	}
	for _, clash := range []struct {
		on   bool
		flag string
	}{
		{c.search.Restarts != csp.NoRestarts && given("restarts"), "--restarts " + c.search.Restarts.String()},
		{c.search.Nogoods, "--nogoods"},
		{c.search.Learn != csp.LearnNone, "--learn " + c.search.Learn.String()},
		{c.search.Workers > 0, "--workers"},
		{len(c.portfolio) > 0, "--portfolio"},
	} {
		if clash.on {
			return fmt.Errorf("--order bfs does not combine with %s (restarts, learning, --workers and --portfolio are depth-first only)", clash.flag)
		}
	}
	c.search.Restarts = csp.NoRestarts
	return nil
}

// orderFlags adds the search order to a command's flags: --order dfs|bfs
// and --frontier N, the cap on the open nodes of a breadth-first search
// (solve and count only: the authors' tools search depth-first).
func orderFlags(declare func(fs *flag.FlagSet, c *Config)) func(fs *flag.FlagSet, c *Config) {
	return func(fs *flag.FlagSet, c *Config) {
		declare(fs, c)
		fs.Var(namedFlag[csp.Order]{&c.search.Order, csp.ParseOrder, len(csp.OrderNames())}, "order", "")
		fs.Var(intFlag{&c.search.MaxFrontier, 1}, "frontier", "")
	}
}

// memoryLimit is the bound of --max-memory in bytes (0: none), its
// default when it was not given.
func (c *Config) memoryLimit() int64 {
	if c.MaxMemory < 0 {
		c.MaxMemory = DefaultMaxMemory()
	}
	return c.MaxMemory
}

// problemFlags declares every registered problem's own flags of one kind
// (generate, or solve and count) on fs; run checks afterwards that those
// given belong to the problem named.
func declareProblemFlags(fs *flag.FlagSet, c *Config, generating bool) {
	for _, name := range catalog.Names() {
		p, _ := catalog.Lookup(name)
		for _, f := range p.Flags {
			if f.Generate != generating || fs.Lookup(f.Name) != nil {
				continue
			}
			fs.Var(problemFlag{Name: f.Name, into: c.problemFlags, isBool: f.Bool}, f.Name, "")
		}
	}
}

// problemFlag keeps the text of a problem's flag; the problem checks it.
type problemFlag struct {
	Name   string
	into   map[string]string
	isBool bool
}

func (f problemFlag) Set(v string) error {
	f.into[f.Name] = v
	return nil
}

func (f problemFlag) String() string {
	if f.into == nil {
		return ""
	}
	return f.into[f.Name]
}

func (f problemFlag) IsBoolFlag() bool { return f.isBool }

// batchFlags returns the flag definitions of solve, or of count.
func batchFlags(counting bool) func(fs *flag.FlagSet, c *Config) {
	return func(fs *flag.FlagSet, c *Config) {
		fs.StringVar(&c.model, "model", "", "")
		searchFlags(fs, &c.search, &c.ties)
		fs.Var(namedFlag[csp.SaveMode]{&c.search.SaveMode, csp.ParseSaveMode, len(csp.SaveModeNames())}, "save", "")
		fs.Var(portfolioFlag{&c.portfolio}, "portfolio", "")
		fs.Var(durationFlag{&c.search.TimeLimit}, "timeout", "")
		fs.Var(intFlag{&c.search.NodeLimit, 0}, "nodes", "")
		fs.Var(intFlag{&c.search.FailLimit, 0}, "fails", "")
		fs.BoolVar(&c.stats, "stats", false, "")
		fs.BoolVar(&c.json, "json", false, "")
		fs.BoolVar(&c.quiet, "quiet", false, "")
		fs.Var(jobsFlag{&c.Jobs}, "jobs", "")
		fs.Var(workersFlag{&c.search.Workers}, "workers", "")
		fs.Var(sizeFlag{&c.MaxMemory, true}, "max-memory", "")
		if counting {
			fs.Var(intFlag{&c.limit, 0}, "limit", "")
		} else {
			allFlags(fs, c)
		}
		fs.BoolVar(&c.marks, "marks", false, "")
		declareProblemFlags(fs, c, false)
	}
}

func generateFlags(fs *flag.FlagSet, c *Config) {
	fs.Var(intFlag{&c.size, 1}, "order", "")
	fs.Var(intFlag{&c.size, 1}, "size", "")
	fs.Var(intFlag{&c.holes, 0}, "holes", "")
	fs.Var(seedFlag{&c.search.Seed}, "seed", "")
	fs.Var(intFlag{&c.n, 1}, "n", "")
	fs.BoolVar(&c.verbose, "verbose", false, "")
	declareProblemFlags(fs, c, true)
}

// tiesNames are the values of --ties, the command line's spelling of
// csp.Options.RandomTies (unset: the default that depends on restarts).
var tiesNames = []string{"first", "random"}

// searchFlags declares the flags of the search heuristics, into o and
// ties: the command line's, and each portfolio member's. The names they
// take are csp's (csp.VarSelectNames and the like), listed nowhere else.
func searchFlags(fs *flag.FlagSet, o *csp.Options, ties *string) {
	fs.Var(namedFlag[csp.VarSelect]{&o.Var, csp.ParseVarSelect, len(csp.VarSelectNames())}, "var", "")
	fs.Var(namedFlag[csp.ValSelect]{&o.Val, csp.ParseValSelect, len(csp.ValSelectNames())}, "val", "")
	fs.Var(namedFlag[csp.Restart]{&o.Restarts, csp.ParseRestart, len(csp.RestartNames())}, "restarts", "")
	fs.Var(enumFlag[string]{ties, tiesNames, tiesNames}, "ties", "")
	fs.Var(intFlag{&o.RestartBase, 1}, "restart-base", "")
	fs.BoolVar(&o.LastConflict, "last-conflict", o.LastConflict, "")
	fs.BoolVar(&o.Nogoods, "nogoods", o.Nogoods, "")
	fs.Var(namedFlag[csp.Learn]{&o.Learn, csp.ParseLearn, len(csp.LearnNames())}, "learn", "")
	fs.Var(intFlag{&o.LearnAfter, 0}, "learn-after", "")
	fs.Var(seedFlag{&o.Seed}, "seed", "")
}

// portfolioFlag holds the members of --portfolio: members separated by
// ';', each a list of search flags separated by ',' or spaces, with or
// without their dashes ("var=maxsd,nogoods; var=domwdeg,seed=2"). Set
// checks them against a throwaway member; settle applies them to the
// command line's search (portfolioMember).
type portfolioFlag struct{ p *[][]string }

func (f portfolioFlag) Set(spec string) error {
	var members [][]string
	for i, m := range strings.Split(spec, ";") {
		var args []string
		for _, item := range strings.FieldsFunc(m, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			args = append(args, "--"+strings.TrimLeft(item, "-"))
		}
		if len(args) == 0 {
			return fmt.Errorf("member %d is empty (members are separated by ';')", i+1)
		}
		if _, err := portfolioMember(csp.Options{}, 0, args); err != nil {
			return fmt.Errorf("member %d: %v", i+1, err)
		}
		members = append(members, args)
	}
	*f.p = members
	return nil
}

func (f portfolioFlag) String() string {
	if f.p == nil {
		return ""
	}
	var parts []string
	for _, m := range *f.p {
		parts = append(parts, strings.Join(m, " "))
	}
	return strings.Join(parts, "; ")
}

// portfolioMember is base with a member's flags applied: its heuristics
// as given, everything else (limits, save mode, and the heuristics it
// does not name) as base has it. A member that names --learn without
// --learn-after takes learnAfter, the command line's own --learn-after,
// as the command line's --learn does (a problem's default budget goes
// with its default learning, not with a --learn given).
func portfolioMember(base csp.Options, learnAfter int64, args []string) (csp.Options, error) {
	o := base
	o.Portfolio, o.Workers = nil, 0
	ties := ""
	fs := flag.NewFlagSet("portfolio", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	searchFlags(fs, &o, &ties)
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected %q", fs.Arg(0))
	}
	if ties != "" {
		o.RandomTies = ties == "random"
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["learn"] && !set["learn-after"] {
		o.LearnAfter = learnAfter
	}
	return o, nil
}

// enumFlag is a flag taking one of a few names.
type enumFlag[T comparable] struct {
	p      *T
	names  []string
	Values []T
}

func (f enumFlag[T]) Set(s string) error {
	i := slices.Index(f.names, s)
	if i < 0 {
		return fmt.Errorf("want %s", catalog.List(f.names))
	}
	*f.p = f.Values[i]
	return nil
}

func (f enumFlag[T]) String() string {
	if f.p != nil {
		if i := slices.Index(f.Values, *f.p); i >= 0 {
			return f.names[i]
		}
	}
	return ""
}

// namedFlag is a flag over an enumeration whose package names it: String
// and a parse function, values 0..count-1.
type namedFlag[T interface {
	~uint8
	String() string
}] struct {
	p     *T
	parse func(string) (T, error)
	count int
}

func (f namedFlag[T]) Set(s string) error {
	v, err := f.parse(s)
	if err != nil {
		names := make([]string, f.count)
		for i := range names {
			names[i] = T(i).String()
		}
		return fmt.Errorf("want %s", catalog.List(names))
	}
	*f.p = v
	return nil
}

func (f namedFlag[T]) String() string {
	if f.p == nil {
		return ""
	}
	return (*f.p).String()
}

// intFlag is a whole number of at least min.
type intFlag struct {
	p   *int64
	min int64
}

func (f intFlag) Set(s string) error {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < f.min {
		return fmt.Errorf("want a whole number >= %d", f.min)
	}
	*f.p = v
	return nil
}

func (f intFlag) String() string {
	if f.p == nil {
		return ""
	}
	return strconv.FormatInt(*f.p, 10)
}

// maxJobs bounds --jobs. Instances are solved by CPU-bound goroutines, so
// jobs beyond the processors add no speed, only memory: each holds a
// space, a model cache and up to 4 chunks of instances in flight, and
// splits the searches' share of --max-memory further. 256 is beyond the
// hardware threads of most machines, and keeps a mistyped value (an extra
// zero or three) from making millions of goroutines.
const maxJobs = 256

// jobsFlag is the number of instances solved in parallel, 1 to maxJobs.
type jobsFlag struct{ p *int64 }

func (f jobsFlag) Set(s string) error {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 1 || v > maxJobs {
		return fmt.Errorf("want a whole number from 1 to %d", maxJobs)
	}
	*f.p = v
	return nil
}

func (f jobsFlag) String() string { return intFlag{p: f.p}.String() }

// workersFlag is the number of goroutines of a parallel search on each
// instance (0: the plain search).
type workersFlag struct{ p *int }

func (f workersFlag) Set(s string) error {
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 || v > 1024 {
		return fmt.Errorf("want a whole number from 0 to 1024")
	}
	*f.p = v
	return nil
}

func (f workersFlag) String() string {
	if f.p == nil {
		return ""
	}
	return strconv.Itoa(*f.p)
}

// seedFlag is a random seed, any unsigned 64-bit number.
type seedFlag struct{ p *uint64 }

func (f seedFlag) Set(s string) error {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return fmt.Errorf("want a whole number from 0 to %d", uint64(1<<64-1))
	}
	*f.p = v
	return nil
}

func (f seedFlag) String() string {
	if f.p == nil {
		return ""
	}
	return strconv.FormatUint(*f.p, 10)
}

// durationFlag is a duration of at least zero (0: no limit).
type durationFlag struct{ p *time.Duration }

func (f durationFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return fmt.Errorf("want a duration such as 500ms, 10s or 1m30s (0: none)")
	}
	*f.p = d
	return nil
}

func (f durationFlag) String() string {
	if f.p == nil {
		return ""
	}
	return f.p.String()
}
