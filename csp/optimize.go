package csp

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// Objective names the variable an optimisation minimises, or maximises.
type Objective struct {
	Var      Var
	Maximize bool
}

// ErrObjective is wrapped by Optimize's error: an objective variable not
// in the model, or a breadth-first order (branch and bound is depth-first).
var ErrObjective = errors.New("csp: invalid objective")

// boundProp is the bound of branch and bound: once a solution of value
// best is known, the objective stays below it (above it when
// maximising). The bound only tightens, so it holds at every node of the
// search, and the search reschedules it after each backtrack (Search
// tighten).
type boundProp struct {
	x        Var
	maximize bool
	has      bool // a solution is known
	best     int  // its objective value
}

// Propagate moves the objective's bound past the best value.
func (p *boundProp) Propagate(s *Space) Status {
	if !p.has {
		return Fixpoint
	}
	if p.maximize {
		if !s.RemoveBelow(p.x, p.best+1) {
			return Failed
		}
	} else if !s.RemoveAbove(p.x, p.best-1) {
		return Failed
	}
	return Fixpoint
}

func (p *boundProp) Name() string       { return "objective" }
func (p *boundProp) Priority() Priority { return Unary }

// improve records a solution of objective value v.
func (p *boundProp) improve(v int) { p.has, p.best = true, v }

// Optimize searches m for the best value of obj by branch and bound: each
// solution found tightens the bound (obj <= best-1 when minimising, obj >=
// best+1 when maximising) for the rest of the search, so each one found is
// better than the last. onSolution (nil for none) is called with every
// improving solution, as values indexed by Var (the slice is reused: copy
// it to keep it); returning false stops the search. The Result's Solution
// is the best solution (nil if none), Solutions the number of improving
// solutions, and Complete says the search space under the last bound was
// exhausted: the best solution is optimal, or, with none, m has no
// solution.
//
// The plain search continues one tree, the bound rescheduled after every
// backtrack and restart (restarts apply, as with Solve; nogoods learnt
// under an older bound stay valid under a tighter one). With Workers or a
// Portfolio each improvement is one ParallelSolve (RunPortfolio; with
// Learn LearnClauses, Solve's portfolio of Workers copies) of m under the
// bound so far, from the root: each call's solution depends on the model,
// the options and the bound, never on timing (nor on Workers, except for
// the copies of a search that learns), so the sequence of solutions does
// not either (limits aside, as for those calls). Every limit of opts applies to the whole call: NodeLimit and
// FailLimit to the nodes and failures of all its searches, TimeLimit from
// its start, ctx throughout.
//
// When opts.Decisions does not list obj.Var, it is branched on after
// them, so that every solution fixes it.
//
// It returns an error wrapping ErrObjective, searching nothing, when
// obj.Var is not in m or opts.Order is BreadthFirst.
func Optimize(ctx context.Context, m *Model, opts Options, obj Objective, onSolution func(values []int) bool) (Result, error) {
	if !m.Has(obj.Var) {
		return Result{}, fmt.Errorf("%w: variable %d not in the model", ErrObjective, obj.Var)
	}
	if opts.Order == BreadthFirst {
		return Result{}, fmt.Errorf("%w: branch and bound needs a depth-first order", ErrObjective)
	}
	if onSolution == nil {
		onSolution = func([]int) bool { return true }
	}
	ctx, cancel := WithTimeLimit(ctx, opts.TimeLimit)
	defer cancel()
	opts.TimeLimit = 0
	opts.bound = &boundProp{x: obj.Var, maximize: obj.Maximize}
	if len(opts.Decisions) > 0 && !slices.Contains(opts.Decisions, obj.Var) {
		// A solution must fix the objective: branch on it last.
		opts.Decisions = append(slices.Clone(opts.Decisions), obj.Var)
	}
	if opts.Workers > 0 || len(opts.Portfolio) > 0 {
		return optimizeRepeated(ctx, m, opts, onSolution), nil
	}
	e := NewSearch(m, opts)
	var res Result
	var vals []int
	for {
		r := e.Run(ctx, 1, func(sp *Space) bool {
			v, _ := sp.Value(obj.Var)
			e.bound.improve(v)
			vals = sp.Values(vals)
			res.Solution = append(res.Solution[:0], vals...)
			return onSolution(vals)
		})
		res.Solutions += r.Solutions
		res.Stats, res.Complete, res.Stopped = r.Stats, r.Complete, r.Stopped
		if r.Stopped != SolutionLimit {
			return res, nil // exhausted, stopped by onSolution or a limit
		}
		res.Stopped = NotStopped
	}
}

// optimizeRepeated is Optimize with Workers or a Portfolio: one
// deterministic Solve per improvement, each under the bound so far.
func optimizeRepeated(ctx context.Context, m *Model, opts Options, onSolution func([]int) bool) Result {
	var res Result
	bound := *opts.bound
	var st Stats
	for {
		o := opts
		o.bound = &bound
		o.Portfolio = make([]Options, len(opts.Portfolio))
		for i, p := range opts.Portfolio {
			p.bound = &bound
			o.Portfolio[i] = p
		}
		if opts.NodeLimit > 0 {
			if o.NodeLimit = opts.NodeLimit - st.Nodes; o.NodeLimit <= 0 {
				res.Stopped = NodeLimit
				break
			}
		}
		if opts.FailLimit > 0 {
			if o.FailLimit = opts.FailLimit - st.Failures; o.FailLimit <= 0 {
				res.Stopped = FailLimit
				break
			}
		}
		r := Solve(ctx, m, o)
		st.add(r.Stats, 0)
		st.SolveTime += r.Stats.SolveTime
		res.Member = r.Member
		if r.Solutions == 0 {
			res.Complete, res.Stopped = r.Complete, r.Stopped
			break
		}
		res.Solutions++
		res.Solution = r.Solution
		bound.improve(r.Solution[bound.x])
		if !onSolution(r.Solution) {
			break
		}
		if r.Stopped != NotStopped && r.Stopped != SolutionLimit {
			res.Stopped = r.Stopped
			break
		}
	}
	res.Stats = st
	return res
}
