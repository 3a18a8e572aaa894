package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cspgo/csp/csp"
)

// Statuses of an instance, as printed.
const (
	solved        = "solved"
	unsatisfiable = "unsatisfiable"
	unknown       = "unknown"
	failed        = "error"
)

// outcome is what became of one instance.
type outcome struct {
	item
	status  string
	ran     bool    // a search ran: res is meaningful
	capped  bool    // count: stopped at --limit, which answers the question asked
	grid    [][]int // solve: the checked solution
	res     csp.Result
	elapsed time.Duration
}

// ok reports whether the outcome leaves the exit status at 0.
func (o *outcome) ok() bool { return o.status == solved || o.capped }

// batch solves (or counts) every instance of the file named by args.
func batch(e env, p problem, args []string, c *config, counting bool) int {
	switch {
	case len(args) == 0:
		return usageError(e.stderr, "%s: missing FILE (- for standard input)", e.cmd)
	case len(args) > 1:
		return usageError(e.stderr, "%s: unexpected argument %q after FILE", e.cmd, args[1])
	}
	items, err := readBatch(e.stdin, args[0], p)
	if err != nil {
		fmt.Fprintf(e.stderr, "csp: %v\n", err)
		return 1
	}
	if len(items) == 0 {
		fmt.Fprintf(e.stderr, "csp: no instance in %s\n", args[0])
		return 1
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second interrupt ends the program at once
	}()

	tally := map[string]int{}
	capped, status := 0, 0
	for _, ch := range attemptAll(ctx, p, items, c, counting) {
		o := <-ch
		if c.json {
			writeJSON(e, &o, counting)
		} else {
			writeHuman(e, p, &o, c, counting)
		}
		tally[o.status]++
		if o.capped {
			capped++
		}
		if !o.ok() {
			status = 1
		}
	}
	if !c.json && len(items) > 1 {
		unk := fmt.Sprintf("%d unknown", tally[unknown])
		if capped > 0 {
			unk += fmt.Sprintf(" (%d at --limit %d)", capped, c.limit)
		}
		fmt.Fprintf(e.stdout, "%% %d instances: %d solved, %d unsatisfiable, %s, %d %s\n",
			len(items), tally[solved], tally[unsatisfiable], unk, tally[failed], plural(tally[failed], "error"))
	}
	return status
}

// readBatch reads every instance of the file at path (- for stdin).
func readBatch(stdin io.Reader, path string, p problem) ([]item, error) {
	if path == "-" {
		return p.read(stdin), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return p.read(f), nil
}

// attemptAll solves the items with c.jobs goroutines. The i-th channel
// delivers the outcome of items[i].
func attemptAll(ctx context.Context, p problem, items []item, c *config, counting bool) []chan outcome {
	done := make([]chan outcome, len(items))
	for i := range done {
		done[i] = make(chan outcome, 1)
	}
	var next atomic.Int64
	for range min(c.jobs, int64(len(items))) {
		go func() {
			for i := next.Add(1) - 1; i < int64(len(items)); i = next.Add(1) - 1 {
				done[i] <- attempt(ctx, p, items[i], c, counting)
			}
		}()
	}
	return done
}

// attempt solves or counts one instance.
func attempt(ctx context.Context, p problem, it item, c *config, counting bool) outcome {
	o := outcome{item: it, status: failed}
	if it.err != nil {
		return o
	}
	o.ran = true
	start := time.Now()
	if counting {
		o.res = p.count(ctx, it.inst, c)
		o.capped = o.res.Stopped == csp.SolutionLimit
	} else {
		o.grid, o.res, o.err = p.solve(ctx, it.inst, c)
	}
	o.elapsed = time.Since(start)
	switch {
	case o.err != nil:
		o.status = failed
	case o.res.Complete && o.res.Solutions == 0:
		o.status = unsatisfiable
	case counting && o.res.Complete, !counting && o.grid != nil:
		o.status = solved
	default:
		o.status = unknown
	}
	return o
}

// writeHuman prints an outcome for people: the solution, then a status
// line (a comment of the instance format), then the statistics.
func writeHuman(e env, p problem, o *outcome, c *config, counting bool) {
	head := fmt.Sprintf("%% instance %d (line %d): ", o.index, o.line)
	if o.err != nil {
		fmt.Fprintf(e.stderr, "csp: %v\n", o.err)
		fmt.Fprintf(e.stdout, "%serror: %v\n", head, o.err)
		if !o.ran {
			return
		}
	}
	if o.grid != nil {
		p.write(e.stdout, o.inst, o.grid)
	}
	cost := fmt.Sprintf("%s (%d %s, %d %s)", roundDuration(o.elapsed),
		o.res.Stats.Nodes, plural(o.res.Stats.Nodes, "node"), o.res.Stats.Failures, plural(o.res.Stats.Failures, "failure"))
	n := o.res.Solutions
	sols := fmt.Sprintf("%d %s", n, plural(n, "solution"))
	word := "multiple"
	switch n {
	case 0:
		word = "none"
	case 1:
		word = "unique"
	}
	switch {
	case o.err != nil:
		// Reported above; the statistics follow.
	case !counting && o.status == solved:
		fmt.Fprintf(e.stdout, "%ssolved in %s\n", head, cost)
	case !counting && o.status == unsatisfiable:
		fmt.Fprintf(e.stdout, "%sunsatisfiable in %s\n", head, cost)
	case o.status == unsatisfiable:
		fmt.Fprintf(e.stdout, "%sunsatisfiable: 0 solutions (none), complete, in %s\n", head, cost)
	case o.status == solved:
		fmt.Fprintf(e.stdout, "%s%s (%s), complete, in %s\n", head, sols, word, cost)
	case o.capped:
		fmt.Fprintf(e.stdout, "%sat least %s (%s): stopped at --limit %d after %s\n", head, sols, word, c.limit, cost)
	case counting && n >= 2:
		fmt.Fprintf(e.stdout, "%sunknown (%v): at least %s (%s) after %s\n", head, o.res.Stopped, sols, word, cost)
	case counting:
		fmt.Fprintf(e.stdout, "%sunknown (%v): at least %s after %s\n", head, o.res.Stopped, sols, cost)
	default:
		fmt.Fprintf(e.stdout, "%sunknown (%v) after %s\n", head, o.res.Stopped, cost)
	}
	if c.stats {
		for line := range strings.Lines(o.res.Stats.String()) {
			fmt.Fprintf(e.stdout, "%%%%%%mzn-stat: %s", line)
		}
		fmt.Fprintf(e.stdout, "%%%%%%mzn-stat-end\n")
	}
}

// record is the JSON form of an outcome.
type record struct {
	Instance int        `json:"instance"`
	Line     int        `json:"line"`
	Status   string     `json:"status"`
	Solution [][]int    `json:"solution,omitempty"`
	Count    *int64     `json:"count,omitempty"`
	Complete *bool      `json:"complete,omitempty"`
	Stopped  string     `json:"stopped,omitempty"` // the limit that ended the search
	Stats    *csp.Stats `json:"stats,omitempty"`
	Error    string     `json:"error,omitempty"`
	Time     float64    `json:"time"` // seconds
}

// writeJSON prints an outcome as one line of JSON; errors go to stderr as
// well.
func writeJSON(e env, o *outcome, counting bool) {
	r := record{Instance: o.index, Line: o.line, Status: o.status, Solution: o.grid, Time: o.elapsed.Seconds()}
	if o.err != nil {
		fmt.Fprintf(e.stderr, "csp: %v\n", o.err)
		r.Error = o.err.Error()
	}
	if o.ran {
		r.Stats = &o.res.Stats
		// A first-solution search always ends at its cap of one: only a
		// count's cap is news.
		if o.res.Stopped != csp.NotStopped && (counting || o.res.Stopped != csp.SolutionLimit) {
			r.Stopped = o.res.Stopped.String()
		}
		if counting {
			r.Count, r.Complete = &o.res.Solutions, &o.res.Complete
		}
	}
	b, err := json.Marshal(r)
	if err != nil { // cannot happen: every field marshals
		b = fmt.Appendf(nil, `{"instance":%d,"line":%d,"status":"error","error":%q}`, o.index, o.line, err.Error())
	}
	e.stdout.Write(append(b, '\n'))
}

// generate writes c.n instances of p.
func generate(e env, p problem, args []string, c *config) int {
	switch {
	case len(args) > 0:
		return usageError(e.stderr, "generate: unexpected argument %q", args[0])
	case p.generate == nil:
		return usageError(e.stderr, "generate: this problem has no generator")
	case c.order == 0:
		return usageError(e.stderr, "generate: --order (or --size) is required")
	}
	var buf bytes.Buffer
	for i := range int(c.n) {
		buf.Reset()
		if err := p.generate(&buf, c, i); err != nil {
			return usageError(e.stderr, "generate: %v", err)
		}
		e.stdout.Write(buf.Bytes())
	}
	return 0
}

// roundDuration keeps three significant digits.
func roundDuration(d time.Duration) time.Duration {
	r := time.Duration(1)
	for d/1000 >= r {
		r *= 10
	}
	return d.Round(r)
}

// plural gives word the plural s unless n is 1.
func plural[N int | int64](n N, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
