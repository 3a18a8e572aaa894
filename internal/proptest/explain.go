package proptest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

// The shared brute-force check of explainers (csp.Explainer): what
// every explainer test of the propagators runs.

// Supports enumerates every assignment of doms: the values some solution
// (an assignment holds accepts) uses, per variable, and the number of
// solutions.
func Supports(doms [][]int, holds func([]int) bool) ([]map[int]bool, int) {
	sup := make([]map[int]bool, len(doms))
	for i := range sup {
		sup[i] = map[int]bool{}
	}
	vals := make([]int, len(doms))
	n := 0
	var walk func(i int)
	walk = func(i int) {
		if i == len(doms) {
			if holds(vals) {
				n++
				for j, v := range vals {
					sup[j][v] = true
				}
			}
			return
		}
		for _, v := range doms[i] {
			vals[i] = v
			walk(i + 1)
		}
	}
	walk(0)
	return sup, n
}

// DeduceSteps applies e's deductions to s one at a time, a random one of
// those offered each time, until none is left or one fails, checking every
// deduction offered on the way against brute force over vars (the
// constraint's variables, holds the constraint): a deduction removes only
// values of the current domains that no solution uses, it fails only when
// there is no solution, it has a reason, and offering it changes nothing.
// It returns whether the run ended in a contradiction.
func DeduceSteps(t testing.TB, rng *rand.Rand, s *csp.Space, vars []csp.Var, e csp.Explainer, holds func([]int) bool, where string) bool {
	t.Helper()
	for step := 0; ; step++ {
		before := Snapshot(s, vars)
		sup, n := Supports(before, holds)
		var ds []csp.Deduction
		e.Deduce(s, func(string) bool { return true }, func(d csp.Deduction) bool {
			ds = append(ds, d)
			return true
		})
		at := fmt.Sprintf("%s, step %d, domains %v", where, step, before)
		require.Equal(t, before, Snapshot(s, vars), "%s: Deduce changed the state", at)
		var useful []csp.Deduction
		for _, d := range ds {
			assert.NotEmpty(t, d.Why, "%s: %s without a reason", at, d.Rule)
			if d.Fails {
				assert.Empty(t, d.Removed, "%s: a failing deduction removes nothing", at)
				if !assert.Zero(t, n, "%s: %s fails though %d solutions exist: %s", at, d.Rule, n, d.Why) {
					return false
				}
				useful = append(useful, d)
				continue
			}
			for _, l := range d.Removed {
				i := slices.Index(vars, l.Var)
				require.GreaterOrEqual(t, i, 0, "%s: %s removes from a variable outside the constraint", at, d.Rule)
				assert.True(t, s.Contains(l.Var, l.Val), "%s: %s removes %d from x%d, already gone: %s", at, d.Rule, l.Val, i, d.Why)
				if !assert.False(t, sup[i][l.Val], "%s: %s removes %d from x%d, used by a solution: %s", at, d.Rule, l.Val, i, d.Why) {
					return false
				}
			}
			if len(d.Removed) > 0 {
				useful = append(useful, d)
			}
		}
		if len(useful) == 0 {
			return false
		}
		if !csp.Apply(s, csp.Step{Deduction: useful[rng.IntN(len(useful))]}) {
			assert.Zero(t, n, "%s: a contradiction though %d solutions exist", at, n)
			return true
		}
	}
}

// RandomDomains draws k domains over lo..hi, each value kept with a
// density drawn per domain; never empty.
func RandomDomains(rng *rand.Rand, k, lo, hi int) [][]int {
	return randomDomains(rng, k, lo, hi, 0.3)
}

// randomDomains is RandomDomains with densities drawn from least..1.
func randomDomains(rng *rand.Rand, k, lo, hi int, least float64) [][]int {
	out := make([][]int, k)
	for i := range out {
		density := least + (1-least)*rng.Float64()
		for v := lo; v <= hi; v++ {
			if rng.Float64() < density {
				out[i] = append(out[i], v)
			}
		}
		if out[i] == nil {
			out[i] = []int{lo + rng.IntN(hi-lo+1)}
		}
	}
	return out
}
