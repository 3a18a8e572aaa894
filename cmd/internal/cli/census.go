package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"
	"weak"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// csp census skyscraper --size N --clues K [--one-side] [--json] [--list
// [--canonical]] [--interior] [--jobs J]: how many of the clue sets with exactly K edge clues have
// exactly one solution, in full and up to the symmetries of the square
// (skyscraper.RunCensus); with --interior, also how many of those with
// several solutions agree on every interior clue.

// censusOptions is what the flags of census set.
type censusOptions struct {
	size, clues, Jobs int64
	oneSide, json     bool
	list, progress    bool
	canonical         bool          // with list: one puzzle per symmetry class
	interior          bool          // also: do the solutions agree on every interior clue?
	Timeout           time.Duration // wall time of the whole census (0: none)
}

// censusFlagsOf holds each invocation's census flags, keyed by its config
// (the one value the flags and run functions share) and dropped when the
// config is collected, so concurrent runs keep theirs apart.
var censusFlagsOf sync.Map // weak.Pointer[config] -> *censusOptions

func init() {
	Commands["census"] = command{
		Flags: func(fs *flag.FlagSet, c *Config) {
			o := &censusOptions{size: -1, clues: -1, Jobs: int64(runtime.GOMAXPROCS(0)), progress: true}
			fs.Var(intFlag{&o.size, 1}, "size", "")
			fs.Var(intFlag{&o.size, 1}, "order", "")
			fs.Var(intFlag{&o.clues, 0}, "clues", "")
			fs.Var(jobsFlag{&o.Jobs}, "jobs", "")
			fs.BoolVar(&o.oneSide, "one-side", false, "")
			fs.BoolVar(&o.json, "json", false, "")
			fs.BoolVar(&o.list, "list", false, "")
			fs.BoolVar(&o.canonical, "canonical", false, "")
			fs.BoolVar(&o.interior, "interior", false, "")
			fs.BoolVar(&o.progress, "progress", true, "")
			fs.Var(durationFlag{&o.Timeout}, "timeout", "")
			key := weak.Make(c)
			censusFlagsOf.Store(key, o)
			runtime.AddCleanup(c, func(k weak.Pointer[Config]) { censusFlagsOf.Delete(k) }, key)
		},
		run: func(e env, p *catalog.Entry, args []string, c *Config) int {
			o, _ := censusFlagsOf.LoadAndDelete(weak.Make(c))
			return census(e, p, args, o.(*censusOptions))
		},
	}
}

// census runs the problem's census and prints it: the unique puzzles
// first with --list (one a line), then the summary as % lines or, with
// --json, one JSON object: the problem's record with the problem's name,
// the jobs and the wall time in seconds.
func census(e env, p *catalog.Entry, args []string, o *censusOptions) int {
	switch {
	case !p.CanCensus:
		return UsageError(e.stderr, "census: %s has no census (want %s)", p.Name, censusProblems())
	case len(args) > 0:
		return UsageError(e.stderr, "census: unexpected argument %q", args[0])
	case o.size < 0:
		return UsageError(e.stderr, "census: --size is required")
	case o.clues < 0:
		return UsageError(e.stderr, "census: --clues is required")
	case o.canonical && !o.list:
		return UsageError(e.stderr, "census: --canonical goes with --list")
	}
	base, cancel := Interrupts()
	defer cancel()
	ctx, cancelTimeout := InstanceContext(base, o.Timeout)
	defer cancelTimeout()
	// A long --list goes through a buffer; its Flush, checked at the
	// end, returns the first error of the writes under it (which is also
	// e.stdout's, reported by run).
	bw := bufio.NewWriter(e.stdout)
	out := NewOutput(bw)
	req := catalog.CensusRequest{Size: int(o.size), Clues: int(o.clues), OneSide: o.oneSide, Jobs: int(o.Jobs), Canonical: o.canonical, Interior: o.interior}
	var list func(string)
	if o.list {
		list = func(line string) { out.Printf("%s\n", line) }
	}
	bar := newProgress(e.stderr, 0, o.progress)
	start := time.Now()
	res, err := p.Census(ctx, req, list, func(done, total int64) {
		bar.total = int(total) // calls come one at a time: add is not running
		bar.Add()
	})
	elapsed := time.Since(start)
	bar.done()
	status := 0
	switch {
	case errors.Is(err, catalog.ErrBadRequest):
		return UsageError(e.stderr, "census: %v", err)
	case stoppedBy(ctx, err) != csp.NotStopped:
		// What was listed before is still printed; the counts are not.
		stop := csp.StopOf(ctx)
		msg := fmt.Sprintf("%s after %s: no count", stopWord(stop), roundDuration(elapsed))
		e.stderr.Printf("csp: census: %s\n", msg)
		if o.json {
			// The record a reader of the stream waits for, with no count.
			writeLine(out, map[string]any{"problem": p.Name, "size": req.Size, "clues": req.Clues,
				"status": Unknown, "stopped": stop.String(), "jobs": req.Jobs, "time": elapsed.Seconds()})
		} else {
			out.Printf("%% census %s\n", msg)
		}
		status = 1
	case err != nil:
		e.stderr.Printf("csp: census: %v\n", err)
		status = 1 // what was listed before the error is still printed
	case o.json:
		b, err := censusJSON(p.Name, res.Record, req.Jobs, elapsed)
		if err != nil {
			e.stderr.Printf("csp: census: %v\n", err)
			status = 1
			break
		}
		out.write(append(b, '\n'))
	default:
		for i, line := range res.Summary {
			if i == len(res.Summary)-1 {
				line = fmt.Sprintf("%s; %s with %d %s", line, roundDuration(elapsed), req.Jobs, plural(req.Jobs, "job"))
			}
			out.Printf("%% %s\n", line)
		}
	}
	if err := bw.Flush(); err != nil {
		return 1 // standard output failed: run reports it
	}
	return status
}

// censusJSON is the --json record: "problem" first, the census's own
// fields, then "jobs" and "time" (seconds, wall).
func censusJSON(problem string, record any, jobs int, elapsed time.Duration) ([]byte, error) {
	body, err := json.Marshal(record)
	if err != nil {
		return nil, err
	}
	if len(body) < 2 || body[0] != '{' {
		return nil, fmt.Errorf("census record %T is not a JSON object", record)
	}
	head, err := json.Marshal(map[string]string{"problem": problem})
	if err != nil {
		return nil, err
	}
	tail, err := json.Marshal(struct {
		Jobs int     `json:"jobs"`
		Time float64 `json:"time"`
	}{jobs, elapsed.Seconds()})
	if err != nil {
		return nil, err
	}
	// problem, the record's fields in their order, jobs, time.
	out := append([]byte{}, head[:len(head)-1]...)
	if inner := body[1 : len(body)-1]; len(inner) > 0 {
		out = append(append(out, ','), inner...)
	}
	out = append(append(out, ','), tail[1:]...)
	return out, nil
}

// censusProblems names the problems with a census.
func censusProblems() string {
	var names []string
	for _, n := range catalog.Names() {
		if p, _ := catalog.Lookup(n); p.CanCensus {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}
