package main

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/enum"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

// config is everything the flags set.
type config struct {
	// Model.
	alldiff    alldiff.Strength
	visibility visibility.Strength // skyscraper clues
	model      string              // problem-specific model name ("" for the default)
	boxline    bool                // sudoku: box-line reduction
	// Search; Seed also seeds generate.
	search csp.Options
	ties   string // "first", "random", or "" for the default
	limit  int64  // count: solution cap (0: none)
	// Output.
	json, stats bool
	quiet       bool // print only failures and the summary
	jobs        int64
	// Generate.
	order, holes, n int64
	clues           int64 // skyscraper: percentage of the 4N clues kept
	balanced        bool
}

func newConfig() *config {
	return &config{
		alldiff:    alldiff.GAC,
		visibility: visibility.Line,
		search:     csp.Options{Var: csp.DomWDeg, Val: csp.ValMin, Restarts: csp.Luby, Seed: 1},
		jobs:       1,
		boxline:    true,
		holes:      -1, // required by latin
		clues:      100,
		n:          1,
	}
}

// finish derives what depends on several flags.
func (c *config) finish() {
	if c.ties == "" {
		c.search.RandomTies = c.search.Restarts != csp.NoRestarts
	} else {
		c.search.RandomTies = c.ties == "random"
	}
}

// batchFlags returns the flag definitions of solve, or of count.
func batchFlags(counting bool) func(fs *flag.FlagSet, c *config) {
	return func(fs *flag.FlagSet, c *config) {
		fs.Var(namedFlag[alldiff.Strength]{&c.alldiff, alldiff.ParseStrength, int(alldiff.GAC) + 1}, "alldiff", "")
		fs.StringVar(&c.model, "model", "", "")
		fs.Var(namedFlag[visibility.Strength]{&c.visibility, visibility.ParseStrength, int(visibility.Line) + 1}, "visibility", "")
		fs.Var(symbolsFlag{&c.model}, "symbols", "")
		fs.BoolVar(&c.boxline, "boxline", true, "")
		fs.Var(enumFlag[csp.VarSelect]{&c.search.Var, []string{"input", "mindom", "domwdeg"},
			[]csp.VarSelect{csp.InputOrder, csp.MinDomain, csp.DomWDeg}}, "var", "")
		fs.Var(enumFlag[csp.ValSelect]{&c.search.Val, []string{"min", "max", "split", "random"},
			[]csp.ValSelect{csp.ValMin, csp.ValMax, csp.ValSplit, csp.ValRandom}}, "val", "")
		fs.Var(enumFlag[csp.Restart]{&c.search.Restarts, []string{"none", "luby", "geometric"},
			[]csp.Restart{csp.NoRestarts, csp.Luby, csp.Geometric}}, "restarts", "")
		fs.Var(enumFlag[string]{&c.ties, []string{"first", "random"}, []string{"first", "random"}}, "ties", "")
		fs.Var(intFlag{&c.search.RestartBase, 1}, "restart-base", "")
		fs.BoolVar(&c.search.LastConflict, "last-conflict", false, "")
		fs.BoolVar(&c.search.Nogoods, "nogoods", false, "")
		fs.Var(enumFlag[csp.SaveMode]{&c.search.SaveMode, []string{"copying", "trailing"},
			[]csp.SaveMode{csp.Copying, csp.Trailing}}, "save", "")
		fs.Var(seedFlag{&c.search.Seed}, "seed", "")
		fs.Var(durationFlag{&c.search.TimeLimit}, "timeout", "")
		fs.Var(intFlag{&c.search.NodeLimit, 0}, "nodes", "")
		fs.Var(intFlag{&c.search.FailLimit, 0}, "fails", "")
		fs.BoolVar(&c.stats, "stats", false, "")
		fs.BoolVar(&c.json, "json", false, "")
		fs.BoolVar(&c.quiet, "quiet", false, "")
		fs.Var(intFlag{&c.jobs, 1}, "jobs", "")
		if counting {
			fs.Var(intFlag{&c.limit, 0}, "limit", "")
		}
	}
}

func generateFlags(fs *flag.FlagSet, c *config) {
	fs.Var(intFlag{&c.order, 1}, "order", "")
	fs.Var(intFlag{&c.order, 1}, "size", "")
	fs.Var(intFlag{&c.clues, 0}, "clues", "")
	fs.Var(intFlag{&c.holes, 0}, "holes", "")
	fs.BoolVar(&c.balanced, "balanced", false, "")
	fs.Var(seedFlag{&c.search.Seed}, "seed", "")
	fs.Var(intFlag{&c.n, 1}, "n", "")
}

// enumFlag is a flag taking one of a few names.
type enumFlag[T comparable] struct {
	p      *T
	names  []string
	values []T
}

func (f enumFlag[T]) Set(s string) error {
	i := slices.Index(f.names, s)
	if i < 0 {
		return fmt.Errorf("want %s", enum.Names(f.names).List())
	}
	*f.p = f.values[i]
	return nil
}

func (f enumFlag[T]) String() string {
	if f.p != nil {
		if i := slices.Index(f.values, *f.p); i >= 0 {
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
		names := make(enum.Names, f.count)
		for i := range names {
			names[i] = T(i).String()
		}
		return fmt.Errorf("want %s", names.List())
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

// symbolsFlag is the older way to choose the latin model: --symbols=false
// is --model rowcol, --symbols=true is --model channeled.
type symbolsFlag struct{ p *string }

func (f symbolsFlag) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	*f.p = "rowcol"
	if on {
		*f.p = "channeled"
	}
	return nil
}

func (f symbolsFlag) String() string   { return "" }
func (f symbolsFlag) IsBoolFlag() bool { return true }

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
