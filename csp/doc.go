// Package csp is the engine: a Model of variables and propagators, a
// Space that holds the current domains and runs propagators to a
// fixpoint, and a Search over spaces.
//
//	m := csp.NewModel()
//	x, y := m.NewIntVar(1, 3, "x"), m.NewIntVar(1, 3, "y")
//	m.Post(myPropagator, domains.EventDomain, x, y)
//	res := csp.Solve(ctx, m, csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby})
//
// A propagator needs one method, Propagate. Optional interfaces add what
// some of them can give, and cost nothing to those that do not:
// Prioritized (run cheap ones first), Named (a kind for the statistics),
// Cloner (state of its own per space), Advisor (which variable changed),
// Explainer (its deductions as reasons, for the authors' tools) and
// Densities (how its solutions share out among its variables' values, for
// counting-based search, Options.Var = MaxDensity).
//
// Search branches x = v / x != v (or x <= v / x > v), picks variables by
// input order, smallest domain, dom/wdeg or maximum solution density, and
// values by min, max, median, split, reverse split, random or density; it
// restarts (Luby,
// geometric), remembers nogoods across restarts, follows the last
// conflict, stops at limits on nodes, failures, time, saved memory
// (Options.MaxMemory) or a context.Context, and counts or enumerates
// solutions (Count, All), in
// parallel too (ParallelSolve, ParallelCount). BFS expands the same tree
// breadth first, level by level, its frontier capped (Options.Order,
// Options.MaxFrontier). A space undoes branches by copying its domain
// words, down to the depth its copy budget allows, and by trailing below
// (SaveMode, Options.CopyBudget). Optimize minimises or maximises a
// variable by branch and bound, reporting every improving solution.
//
// Variables range over any integers in domains.MinInt..MaxInt: bitset
// domains from 0 for the puzzles, from an offset for negative or large
// values, intervals (bounds only) for wide ranges (docs/ENGINE.md).
package csp
