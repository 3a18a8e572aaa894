package flatzinc

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// Settings are what MiniZinc's standard flags ask of a run; the zero
// value asks one solution with the annotations' search. They are the
// catalog's, so the command line can ask them without importing this
// package.
type Settings = catalog.SolveSettings

// Report is how a run ended.
type Report = catalog.SolveReport

// Options returns the engine options a run uses under s.
func (p *Problem) Options(s Settings) csp.Options {
	opts := p.Search
	if s.Free {
		opts = FreeSearch // every variable, the engine's choices
	}
	if s.Seed != 0 {
		opts.Seed = s.Seed
	}
	opts.TimeLimit = s.TimeLimit
	if s.Learn != csp.LearnNone {
		opts.Learn = s.Learn
	}
	if s.LearnAfter > 0 {
		opts.LearnAfter = s.LearnAfter
	}
	if s.Adjust != nil {
		opts = s.Adjust(opts)
	}
	return opts
}

// Solve runs the search under s and calls each with every solution to
// print, in order, after Check has accepted it (values are indexed by
// csp.Var and valid during the call only). each returning false stops the
// run. A solution the checker refuses ends the run with that error: a bug
// of the engine or of Build, never printed.
//
// A satisfaction model gives its first solution, the first
// Settings.Solutions, or all with All. An optimisation model is solved by
// branch and bound (csp.Optimize): each solution found is better than the
// last; each sees every one with All or Intermediate, the best only (at
// the end) otherwise; Solutions stops after that many. Report.Complete
// then says the last is optimal (or, with none, that there is none).
func Solve(ctx context.Context, p *Problem, s Settings, each func(values []int) bool) (Report, error) {
	opts := p.Options(s)
	var checkErr error
	var out time.Duration
	// accept checks a solution, then hands it to each.
	accept := func(values []int) bool {
		start := time.Now()
		defer func() { out += time.Since(start) }()
		if checkErr = p.Verify(values); checkErr != nil {
			return false
		}
		return each(values)
	}
	var res csp.Result
	if p.Goal != Satisfy {
		return optimize(ctx, p, s, opts, accept, &checkErr, &out)
	}
	limit := int64(1)
	switch {
	case s.Solutions > 0:
		limit = s.Solutions
	case s.All:
		limit = 0
	}
	var buf []int
	if limit == 1 && s.Workers > 1 {
		opts.Workers = s.Workers
		res = csp.Solve(ctx, p.Model, opts)
		if res.Solution != nil {
			accept(res.Solution)
		}
	} else {
		res = csp.NewSearch(p.Model, opts).Run(ctx, limit, func(sp *csp.Space) bool {
			buf = sp.Values(buf)
			return accept(buf)
		})
		res.Stats.SolveTime = searchOnly(res.Stats.SolveTime, out)
	}
	rep := Report{Solutions: res.Solutions, Complete: res.Complete, Stopped: res.Stopped, Stats: res.Stats, OutputTime: out}
	return rep, checkErr
}

// optimize is Solve's branch and bound.
func optimize(ctx context.Context, p *Problem, s Settings, opts csp.Options, accept func([]int) bool, checkErr *error, out *time.Duration) (Report, error) {
	obj := p.Objective.Var
	if s.Workers > 1 {
		opts.Workers = s.Workers
	}
	every := s.All || s.Intermediate
	// The plain branch and bound calls back from inside its search, whose
	// clock counts the callback; with Workers or a Portfolio it calls back
	// between its searches, outside their clocks (csp.Optimize).
	inside := opts.Workers == 0 && len(opts.Portfolio) == 0
	var best []int
	var found int64
	var bestValue int64
	res, err := csp.Optimize(ctx, p.Model, opts, csp.Objective{Var: obj, Maximize: p.Goal == Maximize}, func(values []int) bool {
		found++
		bestValue = int64(values[obj])
		if every {
			if !accept(values) {
				return false
			}
		} else {
			start := time.Now()
			best = append(best[:0], values...)
			*out += time.Since(start)
		}
		return s.Solutions == 0 || found < s.Solutions
	})
	if err != nil {
		return Report{}, errAt(p.FZN.Solve.Pos, ErrUnsupported, "%v", err)
	}
	if inside {
		res.Stats.SolveTime = searchOnly(res.Stats.SolveTime, *out)
	}
	// The best solution is checked and printed after the search: its time
	// is output time, and none of the search's.
	if !every && best != nil && *checkErr == nil {
		accept(best)
	}
	rep := Report{Solutions: res.Solutions, Complete: res.Complete, Stopped: res.Stopped, Stats: res.Stats, OutputTime: *out, Objective: bestValue}
	return rep, *checkErr
}

// searchOnly returns a search's own time: its clock's solve time less
// out, the time its callbacks took inside it (checking and printing
// solutions). out is part of solve, measured inside it on the same
// monotonic clock; the floor at zero only guards that invariant.
func searchOnly(solve, out time.Duration) time.Duration {
	return max(solve-out, 0)
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
