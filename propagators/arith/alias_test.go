package arith_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/arith"
)

// aliasOp is one posting function of the package, over positions of
// arguments (x, y, z), with the constraint it stands for on values.
type aliasOp struct {
	name   string
	arity  int
	post   func(m *csp.Model, a []csp.Var) error
	holds  func(a []int) bool
	lo, hi int // the range random domains are drawn from
}

// aliasOps lists every posting function of the package (the orderings and
// differences for their two positions, the arrays with two elements and
// z).
var aliasOps = []aliasOp{
	{"mul", 3, func(m *csp.Model, a []csp.Var) error { return arith.Mul(m, a[0], a[1], a[2]) },
		func(a []int) bool { return a[0]*a[1] == a[2] }, -4, 4},
	{"times", 3, func(m *csp.Model, a []csp.Var) error { return arith.Times(m, a[0], a[1], a[2]) },
		func(a []int) bool { return a[0]*a[1] == a[2] }, 0, 6},
	{"div", 3, func(m *csp.Model, a []csp.Var) error { return arith.Div(m, a[0], a[1], a[2]) },
		func(a []int) bool { return a[1] != 0 && a[0]/a[1] == a[2] }, -4, 4},
	{"mod", 3, func(m *csp.Model, a []csp.Var) error { return arith.Mod(m, a[0], a[1], a[2]) },
		func(a []int) bool { return a[1] != 0 && a[0]%a[1] == a[2] }, -4, 4},
	{"pow", 3, func(m *csp.Model, a []csp.Var) error { return arith.Pow(m, a[0], a[1], a[2]) },
		func(a []int) bool {
			if a[1] < 0 { // FlatZinc's 1 div x^-y, none for x = 0
				return a[0] != 0 && a[2] == 1/ipow(a[0], -a[1])
			}
			r, fits := checkedPow(a[0], a[1])
			return fits && r == a[2] // a power beyond domains.MaxInt has no value
		}, -3, 4},
	{"min", 3, func(m *csp.Model, a []csp.Var) error { return arith.Min(m, a[0], a[1], a[2]) },
		func(a []int) bool { return min(a[0], a[1]) == a[2] }, -4, 4},
	{"max", 3, func(m *csp.Model, a []csp.Var) error { return arith.Max(m, a[0], a[1], a[2]) },
		func(a []int) bool { return max(a[0], a[1]) == a[2] }, -4, 4},
	{"array_min", 3, func(m *csp.Model, a []csp.Var) error { return arith.ArrayMin(m, a[:2], a[2]) },
		func(a []int) bool { return min(a[0], a[1]) == a[2] }, -4, 4},
	{"array_max", 3, func(m *csp.Model, a []csp.Var) error { return arith.ArrayMax(m, a[:2], a[2]) },
		func(a []int) bool { return max(a[0], a[1]) == a[2] }, -4, 4},
	{"abs", 2, func(m *csp.Model, a []csp.Var) error { return arith.Abs(m, a[0], a[1]) },
		func(a []int) bool { return abs(a[0]) == a[1] }, -4, 4},
	{"less", 2, func(m *csp.Model, a []csp.Var) error { return arith.Less(m, a[0], a[1]) },
		func(a []int) bool { return a[0] < a[1] }, -4, 4},
	{"lesseq+1", 2, func(m *csp.Model, a []csp.Var) error { return arith.LessEqPlus(m, a[0], a[1], 1) },
		func(a []int) bool { return a[0] <= a[1]+1 }, -4, 4},
	{"diff0", 2, func(m *csp.Model, a []csp.Var) error { return arith.Diff(m, a[0], a[1], 0) },
		func(a []int) bool { return a[0]-a[1] == 0 }, -4, 4},
	{"diff2", 2, func(m *csp.Model, a []csp.Var) error { return arith.Diff(m, a[0], a[1], 2) },
		func(a []int) bool { return a[0]-a[1] == 2 }, -4, 4},
	{"absdiff1", 2, func(m *csp.Model, a []csp.Var) error { return arith.AbsDiff(m, a[0], a[1], 1) },
		func(a []int) bool { return abs(a[0]-a[1]) == 1 }, -4, 4},
	{"diffnotin{0,2}", 2, func(m *csp.Model, a []csp.Var) error { return arith.DiffNotIn(m, a[0], a[1], []int{0, 2}) },
		func(a []int) bool { return a[0]-a[1] != 0 && a[0]-a[1] != 2 }, -4, 4},
	{"absdiffnotin{1}", 2, func(m *csp.Model, a []csp.Var) error { return arith.AbsDiffNotIn(m, a[0], a[1], []int{1}) },
		func(a []int) bool { return abs(a[0]-a[1]) != 1 }, -4, 4},
}

// checkedPow returns a^k (k >= 0), and false once a partial product is
// beyond domains.MaxInt in magnitude.
func checkedPow(a, k int) (int, bool) {
	r := 1
	for range k {
		if r *= a; r > domains.MaxInt || r < -domains.MaxInt {
			return 0, false
		}
	}
	return r, true
}

// aliasPatterns gives, for each arity, the ways the argument positions
// can share variables: position i takes variable pattern[i].
var aliasPatterns = map[int][]struct {
	name    string
	pattern []int
}{
	2: {{"x,y", []int{0, 1}}, {"x=y", []int{0, 0}}},
	3: {{"x,y,z", []int{0, 1, 2}}, {"x=y", []int{0, 0, 1}}, {"x=z", []int{0, 1, 0}},
		{"y=z", []int{0, 1, 1}}, {"x=y=z", []int{0, 0, 0}}},
}

// aliasDomains are fixed domains for the distinct variables, in order,
// among them those of the wrong answers found: Div(x, y, y) with x in
// -3..3 and y in {-4, -2, 3, 5}, Mod(x, x, x) on 60..61, Pow(y, x, y) with
// y in {1, 2, 4} and x in 0..4, and Div(x, x, x) on 0..4.
var aliasDomains = [][]domains.Domain{
	{domains.Range(-3, 3), domains.Of(-4, -2, 3, 5), domains.Range(-2, 2)},
	{domains.Of(-4, -2, 3, 5), domains.Range(-3, 3), domains.Of(-1, 0, 1)},
	{domains.Range(60, 61), domains.Range(0, 4), domains.Of(1, 2, 4)},
	{domains.Range(0, 4), domains.Of(1, 2, 4), domains.Range(0, 4)},
	{domains.Of(1, 2, 4), domains.Range(0, 4), domains.Range(0, 16)},
	{domains.Interval(-3, 3), domains.Interval(-2, 4), domains.Of(-4, 0, 4)},
	{domains.Of(-1, 0, 1), domains.Interval(-4, 4), domains.Interval(-1, 1)},
}

// aliasOptions are the searches every model is counted with.
var aliasOptions = []struct {
	name string
	opts csp.Options
}{
	{"default", csp.Options{}},
	{"learn", csp.Options{Learn: csp.LearnClauses}},
	{"split", csp.Options{Val: csp.ValSplit}},
	{"max", csp.Options{Val: csp.ValMax}},
	{"mindom", csp.Options{Var: csp.MinDomain}},
}

// TestOpsWithRepeatedVariables posts every operation of the package with
// every way its arguments can share a variable, over small domains with
// negative values, 0, holes and intervals, and compares a complete
// enumeration (csp.Count and the solutions listed, under a few searches,
// with the variables made in both orders)
// with brute force: the same number of solutions, each of which holds.
// A propagator that narrows one position and so assigns another (the
// same variable) must still check what it assigned.
func TestOpsWithRepeatedVariables(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 11))
	ctx := context.Background()
	for _, op := range aliasOps {
		for _, pat := range aliasPatterns[op.arity] {
			nvars := 0
			for _, v := range pat.pattern {
				nvars = max(nvars, v+1)
			}
			instances := append([][]domains.Domain(nil), aliasDomains...)
			for range 30 {
				ds := make([]domains.Domain, nvars)
				for i := range ds {
					ds[i] = randomDomain(rng, op.lo, op.hi)
				}
				instances = append(instances, ds)
			}
			t.Run(op.name+"/"+pat.name, func(t *testing.T) {
				posted := 0
				for k, ds := range instances {
					ds = ds[:nvars]
					want := bruteCount(ds, pat.pattern, op.holds)
					for run := range 2 * len(aliasOptions) {
						o, reversed := aliasOptions[run/2], run%2 == 1
						m, args, err := aliasModel(ds, pat.pattern, op.post, reversed)
						if errors.Is(err, csp.ErrWords) {
							break // Times and the differences refuse some representations
						}
						require.NoError(t, err)
						if run == 0 {
							posted++
						}
						where := fmt.Sprintf("instance %d %s, %s, reversed %v", k, domainsString(ds), o.name, reversed)
						r := csp.Count(ctx, m, o.opts, 0)
						require.True(t, r.Complete, where)
						assert.EqualValues(t, want, r.Solutions, "%s: count", where)
						listed := 0
						for sol := range csp.NewSearch(m, o.opts).All(ctx) {
							listed++
							vals := make([]int, len(args))
							for i, a := range args {
								vals[i] = sol[a]
							}
							assert.True(t, op.holds(vals), "%s: solution %v does not hold", where, vals)
						}
						assert.Equal(t, want, listed, "%s: solutions listed", where)
					}
				}
				assert.Greater(t, posted, 10, "too few instances accepted")
			})
		}
	}
}

// aliasModel makes a model of the distinct variables over ds (made in
// reverse order when reversed, so that the searches in input order branch
// on them the other way round) and posts the operation on the positions
// pattern maps to them.
func aliasModel(ds []domains.Domain, pattern []int, post func(*csp.Model, []csp.Var) error, reversed bool) (*csp.Model, []csp.Var, error) {
	m := csp.NewModel()
	vars := make([]csp.Var, len(ds))
	for j := range ds {
		i := j
		if reversed {
			i = len(ds) - 1 - j
		}
		vars[i] = m.NewVar(ds[i], fmt.Sprintf("v%d", i))
	}
	args := make([]csp.Var, len(pattern))
	for i, v := range pattern {
		args[i] = vars[v]
	}
	return m, args, post(m, args)
}

// bruteCount counts the assignments of the distinct variables (over ds)
// whose values, mapped to the positions by pattern, satisfy holds.
func bruteCount(ds []domains.Domain, pattern []int, holds func([]int) bool) int {
	vals := make([]int, len(ds))
	args := make([]int, len(pattern))
	n := 0
	var walk func(i int)
	walk = func(i int) {
		if i == len(ds) {
			for j, v := range pattern {
				args[j] = vals[v]
			}
			if holds(args) {
				n++
			}
			return
		}
		for v := ds[i].Min(); v <= ds[i].Max(); v++ {
			if ds[i].Contains(v) {
				vals[i] = v
				walk(i + 1)
			}
		}
	}
	walk(0)
	return n
}

// randomDomain draws a small domain over lo..hi: an interval one time in
// five, else a bitset with holes (never empty).
func randomDomain(rng *rand.Rand, lo, hi int) domains.Domain {
	if rng.IntN(5) == 0 {
		a, b := lo+rng.IntN(hi-lo+1), lo+rng.IntN(hi-lo+1)
		return domains.Interval(min(a, b), max(a, b))
	}
	var vals []int
	density := 0.3 + 0.7*rng.Float64()
	for v := lo; v <= hi; v++ {
		if rng.Float64() < density {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		vals = append(vals, lo+rng.IntN(hi-lo+1))
	}
	return domains.Of(vals...)
}

// domainsString shows the domains of an instance.
func domainsString(ds []domains.Domain) string {
	s := ""
	for i, d := range ds {
		if i > 0 {
			s += " "
		}
		s += d.String()
	}
	return s
}
