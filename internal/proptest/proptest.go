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
	"context"
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
			before := Snapshot(s, vars)
			ok := s.Propagate()
			where := fmt.Sprintf("trial %d step %d", trial, step)
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
			Narrow(rng, s, x)
		}
	}
}

// Narrow takes one random value of x's domain and, one time in three,
// assigns it to x, else removes it: the random step of a search the
// oracle checks a propagator along.
func Narrow(rng *rand.Rand, s *csp.Space, x csp.Var) {
	vals := s.Dom(x).AppendValues(nil)
	v := vals[rng.IntN(len(vals))]
	if rng.IntN(3) == 0 {
		s.Assign(x, v)
	} else {
		s.Remove(x, v)
	}
}

// compare checks one propagation against brute force over the domains it
// started from.
func (c Case) compare(t testing.TB, s *csp.Space, vars []csp.Var, before [][]int, ok bool, where string) bool {
	t.Helper()
	return CheckOnce(t, s, vars, before, ok, c.Holds, c.Complete, where)
}

// CheckOnce compares one propagation of s (ok its result) with brute force
// over the domains before it started from (before[i] the values of vars[i]),
// holds being the constraint on a full assignment; it reports every
// disagreement on t and whether there was none. The propagation must keep
// every value some solution uses, must fail or leave some variable
// unassigned when there is no solution, and, if complete, must fail when
// there is no solution and remove every value no solution uses. where, if
// not empty, starts every message (the domains before follow it).
func CheckOnce(t testing.TB, s *csp.Space, vars []csp.Var, before [][]int, ok bool, holds func(vals []int) bool, complete bool, where string) bool {
	t.Helper()
	if where != "" {
		where += ", "
	}
	where += fmt.Sprintf("domains before %v", before)
	support := make([]map[int]bool, len(vars))
	for i := range support {
		support[i] = map[int]bool{}
	}
	vals := make([]int, len(vars))
	solutions := 0
	var walk func(i int)
	walk = func(i int) {
		if i == len(vars) {
			if holds(vals) {
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
		if ok && complete {
			t.Errorf("%s: no solution, but propagation did not fail (left %v)", where, Snapshot(s, vars))
			return false
		}
		if ok && allAssigned(s, vars) {
			t.Errorf("%s: accepted a full assignment that breaks the constraint: %v", where, Snapshot(s, vars))
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
		if complete {
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

// Snapshot returns the values left in the domains of vars, in order.
func Snapshot(s *csp.Space, vars []csp.Var) [][]int {
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

// Distinct reports whether no two of vals are equal.
func Distinct(vals []int) bool {
	seen := map[int]bool{}
	for _, v := range vals {
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

// RunNode times one search node in a benchmark: save, remove v from x,
// propagate, restore. v must be in x's domain and propagation must succeed.
func RunNode(b *testing.B, s *csp.Space, x csp.Var, v int) {
	b.Helper()
	if !s.Contains(x, v) {
		b.Fatalf("RunNode: %d is not in the domain of variable %d", v, x)
	}
	b.ReportAllocs()
	ok := true
	for b.Loop() {
		s.Push()
		s.Remove(x, v)
		ok = s.Propagate() && ok
		s.Pop()
	}
	if !ok {
		b.Fatal("RunNode: propagation failed")
	}
}

// MaskValues returns the values 0..width-1 whose bit is set in mask, or
// just fallback when none is: a domain drawn from fuzz input.
func MaskValues(mask, width, fallback int) []int {
	var vals []int
	for v := range width {
		if mask&(1<<v) != 0 {
			vals = append(vals, v)
		}
	}
	if vals == nil {
		vals = []int{fallback}
	}
	return vals
}

// Grid adds an n×n grid of variables over 1..n to m, named r<row>c<col>
// from 0, and returns it by rows.
func Grid(m *csp.Model, n int) [][]csp.Var {
	grid := make([][]csp.Var, n)
	for r := range grid {
		grid[r] = make([]csp.Var, n)
		for c := range grid[r] {
			grid[r][c] = m.NewIntVar(1, n, fmt.Sprintf("r%dc%d", r, c))
		}
	}
	return grid
}

// CountConcurrently counts m's solutions from two goroutines at once and
// checks that both counts agree and are positive: run with -race, it shows
// that every Space keeps its own propagator state.
func CountConcurrently(t testing.TB, m *csp.Model) {
	t.Helper()
	results := make(chan int64, 2)
	for range 2 {
		go func() {
			results <- csp.Count(context.Background(), m, csp.Options{Var: csp.MinDomain}, 0).Solutions
		}()
	}
	a, b := <-results, <-results
	if a != b {
		t.Errorf("two searches at once counted %d and %d solutions", a, b)
	}
	if a <= 0 {
		t.Errorf("counted %d solutions, want some", a)
	}
}

// RestrictBool narrows x's initial domain to its values among 0 and 1,
// for a case whose first variables are Booleans while the others range
// over MinVal..MaxVal (an empty domain is left empty: a model with no
// solution, which the oracle checks too).
func RestrictBool(m *csp.Model, x csp.Var) {
	var keep []uint64
	for v := range 2 {
		if i := v - m.Base(x); i >= 0 {
			for len(keep) <= i/64 {
				keep = append(keep, 0)
			}
			keep[i/64] |= 1 << (i % 64)
		}
	}
	_ = m.Restrict(x, keep) // an empty domain is a case like any other
}
