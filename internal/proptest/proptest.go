// Package proptest checks propagators against brute force.
//
// Check builds a model with small random domains, posts the propagator under
// test, and compares what propagation leaves with the supports found by
// enumerating every assignment: it must never remove a value some solution
// uses (soundness), must fail or keep checking when no solution is left,
// and, for propagators that claim domain consistency, must remove every value
// no solution uses (completeness). It then narrows domains at random, with
// pushes and pops, so that incremental state (a kept matching, say) is
// exercised after changes and after backtracking.
package proptest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// Case describes the constraint under test.
type Case struct {
	Vars     int                                // number of variables (keep (MaxVal+1)^Vars small)
	MinVal   int                                // smallest initial value
	MaxVal   int                                // largest initial value
	Post     func(m *csp.Model, vars []csp.Var) // posts the propagator(s) under test
	Holds    func(vals []int) bool              // the constraint, on a full assignment
	Complete bool                               // the propagator claims domain consistency
	Trials   int                                // random models (default 200)
	Steps    int                                // narrowings per model (default 6)
	Seed     uint64
}

// Check runs the case and reports every disagreement with brute force.
func Check(t testing.TB, c Case) {
	t.Helper()
	if c.Trials == 0 {
		c.Trials = 200
	}
	if c.Steps == 0 {
		c.Steps = 6
	}
	rng := rand.New(rand.NewPCG(c.Seed, 7))
	for trial := range c.Trials {
		m := csp.NewModel()
		vars := make([]csp.Var, c.Vars)
		for i := range vars {
			var vals []int
			density := 0.3 + 0.7*rng.Float64()
			for v := c.MinVal; v <= c.MaxVal; v++ {
				if rng.Float64() < density {
					vals = append(vals, v)
				}
			}
			if len(vals) == 0 {
				vals = append(vals, c.MinVal+rng.IntN(c.MaxVal-c.MinVal+1))
			}
			vars[i] = m.NewVar(domains.Of(vals...), fmt.Sprintf("x%d", i))
		}
		c.Post(m, vars)
		s := csp.NewSpace(m, csp.Copying)
		for step := 0; step <= c.Steps; step++ {
			before := snapshot(s, vars)
			ok := s.Propagate()
			where := fmt.Sprintf("trial %d step %d, domains before %v", trial, step, before)
			if !c.compare(t, s, vars, before, ok, where) || !ok {
				break
			}
			// Narrow: usually deeper, sometimes back up first.
			if s.Level() > 0 && rng.IntN(4) == 0 {
				s.Pop()
				continue
			}
			x := vars[rng.IntN(len(vars))]
			if s.Assigned(x) {
				continue
			}
			s.Push()
			vals := s.Dom(x).AppendValues(nil)
			v := vals[rng.IntN(len(vals))]
			if rng.IntN(3) == 0 {
				s.Assign(x, v)
			} else {
				s.Remove(x, v)
			}
		}
	}
}

// compare checks one propagation against brute force over the domains it
// started from.
func (c Case) compare(t testing.TB, s *csp.Space, vars []csp.Var, before [][]int, ok bool, where string) bool {
	t.Helper()
	support := make([]map[int]bool, len(vars))
	for i := range support {
		support[i] = map[int]bool{}
	}
	vals := make([]int, len(vars))
	solutions := 0
	var walk func(i int)
	walk = func(i int) {
		if i == len(vars) {
			if c.Holds(vals) {
				solutions++
				for j, v := range vals {
					support[j][v] = true
				}
			}
			return
		}
		for _, v := range before[i] {
			vals[i] = v
			walk(i + 1)
		}
	}
	walk(0)
	if solutions == 0 {
		if ok && c.Complete {
			t.Errorf("%s: no solution, but propagation did not fail (left %v)", where, snapshot(s, vars))
			return false
		}
		if ok && allAssigned(s, vars) {
			t.Errorf("%s: accepted a full assignment that breaks the constraint: %v", where, snapshot(s, vars))
			return false
		}
		return true
	}
	if !ok {
		t.Errorf("%s: failed although %d solutions exist", where, solutions)
		return false
	}
	good := true
	for i, x := range vars {
		for v := range support[i] {
			if !s.Contains(x, v) {
				t.Errorf("%s: unsound: removed %d from x%d, used by a solution", where, v, i)
				good = false
			}
		}
		if c.Complete {
			for v := range s.Dom(x).Values() {
				if !support[i][v] {
					t.Errorf("%s: incomplete: kept %d in x%d, used by no solution", where, v, i)
					good = false
				}
			}
		}
	}
	return good
}

func snapshot(s *csp.Space, vars []csp.Var) [][]int {
	out := make([][]int, len(vars))
	for i, x := range vars {
		out[i] = s.Dom(x).AppendValues(nil)
	}
	return out
}

func allAssigned(s *csp.Space, vars []csp.Var) bool {
	for _, x := range vars {
		if !s.Assigned(x) {
			return false
		}
	}
	return true
}
