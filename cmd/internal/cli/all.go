package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"iter"
	"sync/atomic"

	"github.com/cspgo/csp/problems/catalog"
)

// allConfig is what solve --all and --solutions K ask for: every solution
// of each instance (up to K), printed as the search finds it.
type allConfig struct {
	on        bool  // --all, or --solutions given
	solutions int64 // --solutions K: stop at K solutions (0: no cap)
}

// allFlags declares --all and --solutions on solve.
func allFlags(fs *flag.FlagSet, c *Config) {
	fs.BoolVar(&c.all.on, "all", false, "")
	fs.Var(intFlag{&c.all.solutions, 1}, "solutions", "")
}

// settleAll turns --solutions K into the cap on solutions and refuses
// what --all cannot do: its solutions come from one sequential search
// (no --workers or --portfolio), are printed as they are found, one
// instance after the other (no --jobs), and all of them (no --quiet).
func (c *Config) settleAll(given func(string) bool) error {
	if given("solutions") {
		c.all.on = true
	}
	if !c.all.on {
		return nil
	}
	for _, clash := range []struct {
		on        bool
		flag, why string
	}{
		{c.Jobs > 1, fmt.Sprintf("--jobs %d", c.Jobs), "it prints the solutions as they are found, one instance after the other"},
		{c.search.Workers > 0, "--workers", "it lists the solutions of one sequential search"},
		{len(c.portfolio) > 0, "--portfolio", "it lists the solutions of one sequential search"},
		{c.quiet, "--quiet", "it prints every solution; csp count counts them without printing"},
	} {
		if clash.on {
			return fmt.Errorf("--all and --solutions do not combine with %s (%s)", clash.flag, clash.why)
		}
	}
	c.limit = c.all.solutions
	return nil
}

// capFlag names the flag that capped a count, with its value, for the
// status lines and the summary.
func (c *Config) capFlag() string {
	if c.all.on {
		return fmt.Sprintf("--solutions %d", c.limit)
	}
	return fmt.Sprintf("--limit %d", c.limit)
}

// eachSolution is solve --all's pipeline: the instances one after the
// other, each solution written to e.stdout as soon as the search finds it
// (and the problem's checker passed it), then the instance's status line
// or record, as count prints it. Nothing of a solution is kept once it
// is written, so an instance with a million solutions runs in the memory
// of one. The chunks it yields carry the outcomes only: their output is
// already written.
func eachSolution(ctx context.Context, e env, p *catalog.Entry, items iter.Seq[catalog.Item[any]], c *Config, read *atomic.Bool) iter.Seq[*chunk] {
	return func(yield func(*chunk) bool) {
		ws := &catalog.Cache{}
		for it := range items {
			o := listSolutions(ctx, e, p, it, c, ws)
			if !yield(&chunk{outs: []outcome{o}}) || ctx.Err() != nil {
				return // interrupted: the rest is not read
			}
		}
		read.Store(true)
	}
}

// solutionRecord is the JSON form of one solution of solve --all: the
// instance record (with "status") follows the last one.
type solutionRecord struct {
	Instance int     `json:"instance"`
	Line     int     `json:"line"`
	Number   int64   `json:"number"` // from 1, in the order found
	Solution [][]int `json:"solution"`
}

// listSolutions searches one instance for every solution, writing each
// one as it comes: for people, a comment line "% instance I (line L):
// solution K", then the solution in the problem's output form; with
// --json, a solutionRecord. A solution the problem cannot write makes the
// instance an error and stops its search; so does a standard output that
// fails (the batch then stops).
func listSolutions(ctx context.Context, e env, p *catalog.Entry, it catalog.Item[any], c *Config, ws *catalog.Cache) outcome {
	var n int64
	var werr error
	var buf bytes.Buffer // one solution, written at once
	o := attemptEach(ctx, p, it, c.Settings, ws, true, func(grid [][]int) bool {
		n++
		buf.Reset()
		if c.json {
			// Encode cannot fail: every field marshals.
			_ = json.NewEncoder(&buf).Encode(solutionRecord{Instance: it.Index, Line: it.Line, Number: n, Solution: grid})
		} else {
			fmt.Fprintf(&buf, "%% instance %d (line %d): solution %d\n", it.Index, it.Line, n)
			if err := p.Write(&buf, it.Value, grid); err != nil {
				werr = fmt.Errorf("writing solution %d: %w", n, err)
				return false
			}
		}
		e.stdout.write(buf.Bytes())
		return e.stdout.Err == nil
	})
	if e.stdout.Err != nil {
		return o // nobody reads the answers: batch stops, run reports it
	}
	if werr != nil && o.Err == nil {
		o.Status, o.Err = Failed, werr
	}
	if c.json {
		writeJSON(e, &o, true)
	} else {
		writeHuman(e, p, &o, c, true)
	}
	reportFrontier(e, &o)
	return o
}
