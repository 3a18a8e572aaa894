package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"time"
	"weak"

	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/skyscraper"
)

// csp census skyscraper --size N --clues K [--one-side] [--json] [--list
// [--canonical]] [--jobs J]: how many of the clue sets with exactly K edge clues have
// exactly one solution, in full and up to the symmetries of the square
// (skyscraper.RunCensus).

// censusOptions is what the flags of census set.
type censusOptions struct {
	size, clues, jobs int64
	oneSide, json     bool
	list, progress    bool
	canonical         bool // with list: one puzzle per symmetry class
}

// censusFlagsOf holds each invocation's census flags, keyed by its config
// (the one value the flags and run functions share) and dropped when the
// config is collected, so concurrent runs keep theirs apart.
var censusFlagsOf sync.Map // weak.Pointer[config] -> *censusOptions

func init() {
	commands["census"] = command{
		flags: func(fs *flag.FlagSet, c *config) {
			o := &censusOptions{size: -1, clues: -1, jobs: int64(runtime.GOMAXPROCS(0)), progress: true}
			fs.Var(intFlag{&o.size, 1}, "size", "")
			fs.Var(intFlag{&o.size, 1}, "order", "")
			fs.Var(intFlag{&o.clues, 0}, "clues", "")
			fs.Var(intFlag{&o.jobs, 1}, "jobs", "")
			fs.BoolVar(&o.oneSide, "one-side", false, "")
			fs.BoolVar(&o.json, "json", false, "")
			fs.BoolVar(&o.list, "list", false, "")
			fs.BoolVar(&o.canonical, "canonical", false, "")
			fs.BoolVar(&o.progress, "progress", true, "")
			key := weak.Make(c)
			censusFlagsOf.Store(key, o)
			runtime.AddCleanup(c, func(k weak.Pointer[config]) { censusFlagsOf.Delete(k) }, key)
		},
		run: func(e env, p catalog.Problem, args []string, c *config) int {
			o, _ := censusFlagsOf.LoadAndDelete(weak.Make(c))
			return census(e, p, args, o.(*censusOptions))
		},
	}
}

// censusRecord is the --json output.
type censusRecord struct {
	Problem string `json:"problem"`
	skyscraper.Census
	Jobs int     `json:"jobs"`
	Time float64 `json:"time"` // seconds, wall
}

// census runs the census and prints it: the unique puzzles first with
// --list (one Towers ID a line), then the summary as % lines or, with
// --json, one JSON object.
func census(e env, p catalog.Problem, args []string, o *censusOptions) int {
	switch {
	case p.Name != "skyscraper":
		return usageError(e.stderr, "census: only skyscraper has a census, not %s", p.Name)
	case len(args) > 0:
		return usageError(e.stderr, "census: unexpected argument %q", args[0])
	case o.size < 0:
		return usageError(e.stderr, "census: --size is required")
	case o.clues < 0:
		return usageError(e.stderr, "census: --clues is required")
	case o.canonical && !o.list:
		return usageError(e.stderr, "census: --canonical goes with --list")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	out := bufio.NewWriter(e.stdout)
	opt := skyscraper.CensusOptions{Size: int(o.size), Clues: int(o.clues), OneSide: o.oneSide, Jobs: int(o.jobs)}
	if o.list {
		opt.List = func(q *skyscraper.Puzzle) {
			if o.canonical && !skyscraper.Canonical(q) {
				return
			}
			out.WriteString(skyscraper.FormatTowers(q))
			out.WriteByte('\n')
		}
	}
	bar := newProgress(e.stderr, 0, o.progress)
	start := time.Now()
	res, err := skyscraper.RunCensus(ctx, opt, func(done, total int64) {
		bar.total = int(total) // calls come one at a time: add is not running
		bar.add()
	})
	elapsed := time.Since(start)
	bar.done()
	switch {
	case errors.Is(err, skyscraper.ErrCensus):
		return usageError(e.stderr, "census: %v", err)
	case err != nil:
		out.Flush()
		fmt.Fprintf(e.stderr, "csp: census: %v\n", err)
		return 1
	}
	if o.json {
		b, _ := json.Marshal(censusRecord{Problem: p.Name, Census: res, Jobs: opt.Jobs, Time: elapsed.Seconds()})
		out.Write(append(b, '\n'))
	} else {
		writeCensus(out, res, opt.Jobs, elapsed)
	}
	out.Flush()
	return 0
}

// writeCensus prints the human summary, every line starting with % so that
// a --list output reads back as puzzles.
func writeCensus(w *bufio.Writer, c skyscraper.Census, jobs int, elapsed time.Duration) {
	where := fmt.Sprintf("anywhere on the %d edge positions", 4*c.Size)
	if c.OneSide {
		where = "all on one side"
	}
	share := 0.0
	if c.Puzzles > 0 {
		share = 100 * float64(c.Unique) / float64(c.Puzzles)
	}
	fmt.Fprintf(w, "%% skyscraper census: size %d, %d %s %s\n", c.Size, c.Clues, plural(c.Clues, "clue"), where)
	fmt.Fprintf(w, "%% position sets  %14d  (%d up to symmetry)\n", c.Sets, c.SetsUpToSymmetry)
	fmt.Fprintf(w, "%% clue sets      %14d  (every value 1..%d on every position)\n", c.Puzzles, c.Size)
	fmt.Fprintf(w, "%% unique         %14d  (%d up to symmetry; %.3g%% of the clue sets)\n", c.Unique, c.UniqueUpToSymmetry, share)
	fmt.Fprintf(w, "%% %d Latin squares of order %d; %s with %d %s\n", c.Squares, c.Size, roundDuration(elapsed), jobs, plural(jobs, "job"))
}
