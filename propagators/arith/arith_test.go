package arith_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/arith"
)

func abs(v int) int { return max(v, -v) }

// ranges are the value ranges every binary case is checked on: one word,
// and across the boundary between two words.
var ranges = []struct {
	name   string
	lo, hi int
}{
	{"0..7", 0, 7},
	{"58..70", 58, 70},
	{"-5..2", -5, 2},               // an offset domain
	{"70000..70012", 70000, 70012}, // an offset domain past MaxValue
}

func TestOrderingsAgainstBruteForce(t *testing.T) {
	for _, c := range []int{-3, -1, 0, 2} {
		for i, r := range ranges {
			t.Run(fmt.Sprintf("x<=y%+d/%s", c, r.name), func(t *testing.T) {
				proptest.Check(t, proptest.Case{
					Vars: 2, MinVal: r.lo, MaxVal: r.hi,
					Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, arith.LessEqPlus(m, v[0], v[1], c)) },
					Holds:    func(v []int) bool { return v[0] <= v[1]+c },
					Complete: true,
					Seed:     uint64(i),
				})
			})
		}
		t.Run(fmt.Sprintf("x<=x%+d", c), func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: 1, MinVal: 0, MaxVal: 5,
				Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, arith.LessEqPlus(m, v[0], v[0], c)) },
				Holds:    func([]int) bool { return c >= 0 },
				Complete: true,
			})
		})
	}
	proptest.Check(t, proptest.Case{
		Vars: 2, MinVal: 0, MaxVal: 6,
		Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, arith.Less(m, v[0], v[1])) },
		Holds:    func(v []int) bool { return v[0] < v[1] },
		Complete: true,
	})
	proptest.Check(t, proptest.Case{
		Vars: 2, MinVal: 0, MaxVal: 6,
		Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, arith.LessEq(m, v[0], v[1])) },
		Holds:    func(v []int) bool { return v[0] <= v[1] },
		Complete: true,
	})
}

func TestDifferencesAgainstBruteForce(t *testing.T) {
	in := func(set []int, d int) bool { return slices.Contains(set, d) }
	cases := []struct {
		name  string
		post  func(m *csp.Model, x, y csp.Var) error
		holds func(x, y int) bool
	}{
		{"x-y=-2", func(m *csp.Model, x, y csp.Var) error { return arith.Diff(m, x, y, -2) }, func(x, y int) bool { return x-y == -2 }},
		{"x-y=0", func(m *csp.Model, x, y csp.Var) error { return arith.Diff(m, x, y, 0) }, func(x, y int) bool { return x == y }},
		{"x-y=3", func(m *csp.Model, x, y csp.Var) error { return arith.Diff(m, x, y, 3) }, func(x, y int) bool { return x-y == 3 }},
		{"x-y=70", func(m *csp.Model, x, y csp.Var) error { return arith.Diff(m, x, y, 70) }, func(x, y int) bool { return x-y == 70 }},
		{"|x-y|=0", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiff(m, x, y, 0) }, func(x, y int) bool { return x == y }},
		{"|x-y|=1", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiff(m, x, y, 1) }, func(x, y int) bool { return abs(x-y) == 1 }},
		{"|x-y|=2", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiff(m, x, y, 2) }, func(x, y int) bool { return abs(x-y) == 2 }},
		{"|x-y|=-1", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiff(m, x, y, -1) }, func(x, y int) bool { return false }},
		{"|x-y| in {1,3}", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffIn(m, x, y, []int{1, 3}) },
			func(x, y int) bool { return in([]int{1, 3}, abs(x-y)) }},
		{"|x-y| in {0,2,5,2}", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffIn(m, x, y, []int{0, 2, 5, 2}) },
			func(x, y int) bool { return in([]int{0, 2, 5}, abs(x-y)) }},
		{"|x-y| in {}", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffIn(m, x, y, nil) }, func(x, y int) bool { return false }},
		{"|x-y| not in {1}", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffNotIn(m, x, y, []int{1}) },
			func(x, y int) bool { return abs(x-y) != 1 }},
		{"|x-y| not in {0,1}", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffNotIn(m, x, y, []int{0, 1}) },
			func(x, y int) bool { return abs(x-y) > 1 }},
		{"|x-y| not in {0,2,3}", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffNotIn(m, x, y, []int{0, 2, 3}) },
			func(x, y int) bool { return !in([]int{0, 2, 3}, abs(x-y)) }},
		{"|x-y| not in {}", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffNotIn(m, x, y, nil) }, func(x, y int) bool { return true }},
		{"x-y in {-3,1,2}", func(m *csp.Model, x, y csp.Var) error { return arith.DiffIn(m, x, y, []int{-3, 1, 2}) },
			func(x, y int) bool { return in([]int{-3, 1, 2}, x-y) }},
		{"x-y in -9..9", func(m *csp.Model, x, y csp.Var) error { return arith.DiffIn(m, x, y, seq(-9, 9)) },
			func(x, y int) bool { return abs(x-y) <= 9 }},
		{"x-y in {-64,0,64,200000}", func(m *csp.Model, x, y csp.Var) error { return arith.DiffIn(m, x, y, []int{-64, 0, 64, 200000}) },
			func(x, y int) bool { return in([]int{-64, 0, 64}, x-y) }},
		{"x-y not in {0,2,-2}", func(m *csp.Model, x, y csp.Var) error { return arith.DiffNotIn(m, x, y, []int{0, 2, -2}) },
			func(x, y int) bool { return !in([]int{0, 2, -2}, x-y) }},
		{"x-y not in -4..3", func(m *csp.Model, x, y csp.Var) error { return arith.DiffNotIn(m, x, y, seq(-4, 3)) },
			func(x, y int) bool { return x-y < -4 || x-y > 3 }},
	}
	for _, tc := range cases {
		for i, r := range append(ranges, struct {
			name   string
			lo, hi int
		}{"0..130", 0, 130}) {
			t.Run(tc.name+"/"+r.name, func(t *testing.T) {
				proptest.Check(t, proptest.Case{
					Vars: 2, MinVal: r.lo, MaxVal: r.hi,
					Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, tc.post(m, v[0], v[1])) },
					Holds:    func(v []int) bool { return tc.holds(v[0], v[1]) },
					Complete: true,
					Seed:     uint64(i),
				})
			})
		}
		t.Run(tc.name+"/same variable", func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: 1, MinVal: 0, MaxVal: 5,
				Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, tc.post(m, v[0], v[0])) },
				Holds:    func(v []int) bool { return tc.holds(v[0], v[0]) },
				Complete: true,
			})
		})
	}
}

func seq(lo, hi int) []int {
	var out []int
	for v := lo; v <= hi; v++ {
		out = append(out, v)
	}
	return out
}

func TestTimesAgainstBruteForce(t *testing.T) {
	cases := []struct {
		name   string
		vars   int
		lo, hi int
		post   func(m *csp.Model, v []csp.Var) error
		holds  func(v []int) bool
	}{
		{"x*y=z 0..15", 3, 0, 15, func(m *csp.Model, v []csp.Var) error { return arith.Times(m, v[0], v[1], v[2]) },
			func(v []int) bool { return v[0]*v[1] == v[2] }},
		{"x*y=z 1..12", 3, 1, 12, func(m *csp.Model, v []csp.Var) error { return arith.Times(m, v[0], v[1], v[2]) },
			func(v []int) bool { return v[0]*v[1] == v[2] }},
		{"x*x=y", 2, 0, 16, func(m *csp.Model, v []csp.Var) error { return arith.Times(m, v[0], v[0], v[1]) },
			func(v []int) bool { return v[0]*v[0] == v[1] }},
		{"x*y=x", 2, 0, 6, func(m *csp.Model, v []csp.Var) error { return arith.Times(m, v[0], v[1], v[0]) },
			func(v []int) bool { return v[0]*v[1] == v[0] }},
		{"x*y=y", 2, 0, 6, func(m *csp.Model, v []csp.Var) error { return arith.Times(m, v[0], v[1], v[1]) },
			func(v []int) bool { return v[0]*v[1] == v[1] }},
		{"x*x=x", 1, 0, 6, func(m *csp.Model, v []csp.Var) error { return arith.Times(m, v[0], v[0], v[0]) },
			func(v []int) bool { return v[0]*v[0] == v[0] }},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: tc.vars, MinVal: tc.lo, MaxVal: tc.hi,
				Post:  func(m *csp.Model, v []csp.Var) { require.NoError(t, tc.post(m, v)) },
				Holds: tc.holds, Complete: true, Seed: uint64(i),
			})
		})
	}
}

// TestTimesBounds checks the bounds reasoning on domains too large to
// enumerate (301 × 299 pairs).
func TestTimesBounds(t *testing.T) {
	m := csp.NewModel()
	x, y, z := m.NewIntVar(0, 300, "x"), m.NewIntVar(2, 300, "y"), m.NewIntVar(1000, 60000, "z")
	require.NoError(t, arith.Times(m, x, y, z))
	s := csp.NewSpace(m, csp.Copying)
	require.True(t, s.Propagate())
	// x >= ceil(1000/300) = 4 and y alike; z >= 4·4.
	assert.Equal(t, []int{4, 300, 4, 300, 1000, 60000}, []int{s.Min(x), s.Max(x), s.Min(y), s.Max(y), s.Min(z), s.Max(z)})
	// A product below z's range fails.
	s.Push()
	require.True(t, s.Assign(x, 7))
	require.True(t, s.Assign(y, 100))
	assert.False(t, s.Propagate())
	s.Pop()
}

func TestLessEntailedAndExtremeOffsets(t *testing.T) {
	m := csp.NewModel()
	x, y := m.NewIntVar(0, 3, "x"), m.NewIntVar(5, 9, "y")
	require.NoError(t, arith.Less(m, x, y))
	require.NoError(t, arith.LessEqPlus(m, x, y, 1<<62))    // always true
	require.NoError(t, arith.LessEqPlus(m, y, x, -(1<<62))) // never true
	s := csp.NewSpace(m, csp.Copying)
	assert.False(t, s.Propagate())
}

// A row of a "Kropki" puzzle: four cells 1..4, all different, a white dot
// (consecutive values) between the first two, none between the others, and
// the first cell smaller than the last.
func Example() {
	m := csp.NewModel()
	row := make([]csp.Var, 4)
	for i := range row {
		row[i] = m.NewIntVar(1, 4, fmt.Sprintf("c%d", i+1))
	}
	err := errors.Join(
		alldiff.Post(m, row, alldiff.GAC),
		arith.AbsDiff(m, row[0], row[1], 1),
		arith.AbsDiffNotIn(m, row[1], row[2], []int{1}),
		arith.AbsDiffNotIn(m, row[2], row[3], []int{1}),
		arith.Less(m, row[0], row[3]),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	n := csp.Count(context.Background(), m, csp.Options{}, 0)
	res := csp.Solve(context.Background(), m, csp.Options{})
	fmt.Println(n.Solutions, "solution:", res.Solution)
	// Output:
	// 1 solution: [2 3 1 4]
}

// benchSpace propagates a model at the root and returns its space.
func benchSpace(b *testing.B, m *csp.Model) *csp.Space {
	b.Helper()
	s := csp.NewSpace(m, csp.Copying)
	require.True(b, s.Propagate())
	return s
}

// chain posts post between neighbours of n variables over lo..hi.
func chain(b *testing.B, n, lo, hi int, post func(m *csp.Model, x, y csp.Var) error) (*csp.Model, []csp.Var) {
	m := csp.NewModel()
	xs := make([]csp.Var, n)
	for i := range xs {
		xs[i] = m.NewVar(domains.Range(lo, hi), fmt.Sprintf("x%d", i))
	}
	for i := 1; i < n; i++ {
		require.NoError(b, post(m, xs[i-1], xs[i]))
	}
	return m, xs
}

// BenchmarkChain times one search node on a chain of 9 variables with a
// constraint between neighbours: removing the first variable's smallest
// value wakes the chain (for x0 < x1 < ... every link moves a bound).
func BenchmarkChain(b *testing.B) {
	for _, bc := range []struct {
		name   string
		lo, hi int
		post   func(m *csp.Model, x, y csp.Var) error
	}{
		{"less/0..20", 0, 20, func(m *csp.Model, x, y csp.Var) error { return arith.Less(m, x, y) }},
		{"absdiff/1..9", 1, 9, func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffIn(m, x, y, []int{1, 2}) }},
		{"absdiffnot/1..9", 1, 9, func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffNotIn(m, x, y, []int{1}) }},
		{"diffin/0..999", 0, 999, func(m *csp.Model, x, y csp.Var) error { return arith.DiffIn(m, x, y, []int{-1, 3}) }},
		{"absdiff/0..999", 0, 999, func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffIn(m, x, y, seq(100, 200)) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			m, xs := chain(b, 9, bc.lo, bc.hi, bc.post)
			s := benchSpace(b, m)
			proptest.RunNode(b, s, xs[0], s.Min(xs[0]))
		})
	}
}

// BenchmarkTimes times a node on x·y = z over 1..n, by enumeration and by
// bounds (n = 200 is above TimesLimit).
func BenchmarkTimes(b *testing.B) {
	for _, n := range []int{9, 64, 200} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			m := csp.NewModel()
			x, y, z := m.NewIntVar(1, n, "x"), m.NewIntVar(1, n, "y"), m.NewIntVar(1, n*n, "z")
			require.NoError(b, arith.Times(m, x, y, z))
			s := benchSpace(b, m)
			proptest.RunNode(b, s, x, s.Max(x))
		})
	}
}

func TestPostBadArguments(t *testing.T) {
	const bad = csp.Var(5)
	posts := []struct {
		name string
		post func(m *csp.Model, x, y csp.Var) error
	}{
		{"Less", func(m *csp.Model, x, y csp.Var) error { return arith.Less(m, x, y) }},
		{"LessEq", func(m *csp.Model, x, y csp.Var) error { return arith.LessEq(m, x, y) }},
		{"LessEqPlus", func(m *csp.Model, x, y csp.Var) error { return arith.LessEqPlus(m, x, y, 2) }},
		{"Diff", func(m *csp.Model, x, y csp.Var) error { return arith.Diff(m, x, y, 1) }},
		{"AbsDiff", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiff(m, x, y, 1) }},
		{"DiffIn", func(m *csp.Model, x, y csp.Var) error { return arith.DiffIn(m, x, y, []int{1, 2}) }},
		{"DiffIn empty", func(m *csp.Model, x, y csp.Var) error { return arith.DiffIn(m, x, y, nil) }},
		{"DiffNotIn", func(m *csp.Model, x, y csp.Var) error { return arith.DiffNotIn(m, x, y, []int{0}) }},
		{"AbsDiffIn", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffIn(m, x, y, []int{1}) }},
		{"AbsDiffNotIn", func(m *csp.Model, x, y csp.Var) error { return arith.AbsDiffNotIn(m, x, y, []int{1}) }},
		{"Times x", func(m *csp.Model, x, y csp.Var) error { return arith.Times(m, y, x, x) }},
		{"Times z", func(m *csp.Model, x, y csp.Var) error { return arith.Times(m, x, x, y) }},
	}
	for _, p := range posts {
		for _, c := range []struct {
			name string
			x, y csp.Var
		}{{"first", bad, 0}, {"second", 0, bad}, {"negative", 0, -1}} {
			t.Run(p.name+"/"+c.name, func(t *testing.T) {
				m := csp.NewModel()
				m.NewIntVar(0, 3, "x")
				err := p.post(m, c.x, c.y)
				require.ErrorIs(t, err, arith.ErrVar)
				assert.Zero(t, m.NumPropagators(), "nothing posted")
			})
		}
	}
}
