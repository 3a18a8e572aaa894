package flatzinc

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/cspgo/csp/csp"
)

// Settings are what MiniZinc's standard flags ask of a run. The zero
// value asks one solution with the annotations' search.
type Settings struct {
	All          bool          // -a: every solution (satisfaction); every improving one (optimisation)
	Solutions    int64         // -n: stop after this many solutions (0: one, or all with All)
	Intermediate bool          // -i: print improving solutions of an optimisation
	Free         bool          // -f: the engine's own search (FreeSearch), annotations ignored
	TimeLimit    time.Duration // -t (0: none)
	Workers      int           // -p: parallel search for one solution of a satisfaction model (0 or 1: sequential)
	Seed         uint64        // -r (0: the search's own)
}

// Report is how a run ended.
type Report struct {
	Solutions int64
	// Complete: the search space was exhausted: every solution was found
	// (satisfaction) or the last one is optimal (optimisation), or there
	// is none.
	Complete bool
	Stopped  csp.Stop
	// Stats are the search's; their SolveTime leaves out OutputTime.
	Stats csp.Stats
	// OutputTime is the time spent checking and printing solutions (in
	// each), which the search's clock would otherwise count.
	OutputTime time.Duration
}

// Options returns the engine options a run uses under s.
func (p *Problem) Options(s Settings) csp.Options {
	opts := p.Search
	if s.Free {
		decisions := opts.Decisions
		opts = FreeSearch
		opts.Decisions = decisions
	}
	if s.Seed != 0 {
		opts.Seed = s.Seed
	}
	opts.TimeLimit = s.TimeLimit
	return opts
}

// Solve runs the search under s and calls each with every solution to
// print, in order, after Check has accepted it (values are indexed by
// csp.Var and valid during the call only). each returning false stops the
// run. A solution the checker refuses ends the run with that error: a bug
// of the engine or of Build, never printed.
func Solve(ctx context.Context, p *Problem, s Settings, each func(values []int) bool) (Report, error) {
	if p.Goal != Satisfy {
		return Report{}, errAt(p.FZN.Solve.Pos, ErrUnsupported, "solve %s (needs branch and bound)", p.Goal)
	}
	opts := p.Options(s)
	limit := int64(1)
	switch {
	case s.Solutions > 0:
		limit = s.Solutions
	case s.All:
		limit = 0
	}
	var checkErr error
	var buf []int
	var res csp.Result
	var out time.Duration
	if limit == 1 && s.Workers > 1 {
		opts.Workers = s.Workers
		res = csp.Solve(ctx, p.Model, opts)
		if res.Solution != nil {
			start := time.Now()
			if checkErr = p.Verify(res.Solution); checkErr == nil {
				each(res.Solution)
			}
			out = time.Since(start)
		}
	} else {
		res = csp.NewSearch(p.Model, opts).Run(ctx, limit, func(sp *csp.Space) bool {
			start := time.Now()
			defer func() { out += time.Since(start) }()
			buf = sp.Values(buf)
			if checkErr = p.Verify(buf); checkErr != nil {
				return false
			}
			return each(buf)
		})
		res.Stats.SolveTime -= out
	}
	rep := Report{Solutions: res.Solutions, Complete: res.Complete, Stopped: res.Stopped, Stats: res.Stats, OutputTime: out}
	return rep, checkErr
}

// Verify checks a solution (values indexed by csp.Var) against the
// FlatZinc model with Check.
func (p *Problem) Verify(values []int) error {
	return Check(p.FZN, func(name string) (int64, bool) {
		x, ok := p.vars[name]
		if !ok || int(x) >= len(values) {
			return 0, false
		}
		return int64(values[x]), true
	})
}

// WriteSolution writes a solution's outputs as the FlatZinc specification
// says, one per line in declaration order: "x = 3;", "b = true;",
// "q = array1d(1..3, [1, 2, 3]);", "g = array2d(1..2, 1..2, [...]);".
// The caller writes the "----------" that ends it.
func (p *Problem) WriteSolution(w io.Writer, values []int) error {
	var b strings.Builder
	for _, o := range p.Outputs {
		b.WriteString(o.Name)
		b.WriteString(" = ")
		if o.Array {
			fmt.Fprintf(&b, "array%dd(", len(o.Dims))
			for _, r := range o.Dims {
				fmt.Fprintf(&b, "%d..%d, ", r.Lo, r.Hi)
			}
			b.WriteByte('[')
		}
		for i, e := range o.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			v := e.Const
			if e.IsVar {
				v = int64(values[e.Var])
			}
			if o.Bool {
				b.WriteString(strconv.FormatBool(v == 1))
			} else {
				b.WriteString(strconv.FormatInt(v, 10))
			}
		}
		if o.Array {
			b.WriteString("])")
		}
		b.WriteString(";\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
