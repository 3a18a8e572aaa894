package csp

import "slices"

// Densities is implemented by propagators that can estimate how the
// solutions of their constraint share out among the values of their
// variables, on the current domains: the solution densities of
// counting-based search (Pesant, Quimper, Zanarini, "Counting-based
// search: branching heuristics for constraint satisfaction problems", JAIR
// 43, 2012). Only the MaxDensity and ValDensity heuristics ask for them; a
// propagator without them is simply not asked.
type Densities interface {
	// Densities calls yield(i, v, d) for every unassigned variable of the
	// propagator (i its position in the order it was posted with) and
	// every value v of its domain, d in [0, 1] the estimated share of the
	// constraint's solutions that give it v; the shares of one variable's
	// values sum to 1, or are all 0 when the constraint has no solution
	// left.
	Densities(s *Space, yield func(i, v int, d float64))
}

// densityScan is the state of one densityPick, kept in the Search with
// its yield function (made once, so that a choice allocates nothing).
type densityScan struct {
	only  Var   // the variable to pick a value for, or -1 for any
	vars  []Var // the variables of the propagator being asked, as posted
	x     Var   // the best so far, -1 for none
	v     int
	top   float64
	ties  int
	yield func(i, v int, d float64)
}

// densityPick is the choice of maxSD: the variable and value with the
// highest density over the propagators that estimate densities (when only
// is at least 0, over the values of that variable alone), ties to the
// first found or at random. It reports x = -1 when no propagator gave a
// density for a decision variable.
func (e *Search) densityPick(only Var) (x Var, v int) {
	sp := e.space
	sc := &e.dscan
	if sc.yield == nil {
		for p, pr := range sp.props {
			if _, ok := pr.(Densities); ok {
				e.densProps = append(e.densProps, int32(p))
			}
		}
		e.isDecision = make([]bool, len(sp.doms))
		for _, y := range e.decisions {
			e.isDecision[y] = true
		}
		sc.yield = func(i, val int, d float64) {
			y := sc.vars[i]
			if (sc.only >= 0 && y != sc.only) || !e.isDecision[y] || d < sc.top ||
				e.space.doms[y].Size() < 2 || !e.space.doms[y].Contains(val) {
				return // not for this pick, or a density for no choice at all
			}
			if d > sc.top {
				sc.x, sc.v, sc.top, sc.ties = y, val, d, 1
				return
			}
			if e.opts.RandomTies {
				sc.ties++
				if e.rng.IntN(sc.ties) == 0 {
					sc.x, sc.v = y, val
				}
			}
		}
	}
	sc.only, sc.x, sc.v, sc.top, sc.ties = only, -1, 0, -1, 0
	for _, p := range e.densProps {
		if !sp.active[p] {
			continue
		}
		sc.vars = sp.posts[p].vars
		if only >= 0 && !slices.Contains(sc.vars, only) {
			continue
		}
		sp.props[p].(Densities).Densities(sp, sc.yield)
	}
	return sc.x, sc.v
}
