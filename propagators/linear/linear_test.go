package linear_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/linear"
)

// sums are the linear expressions every relation is checked on: positions
// index the case's variables, so a position may repeat.
var sums = []struct {
	coeffs []int
	pos    []int
	c      int
}{
	{[]int{1, 1, 1}, []int{0, 1, 2}, 6},
	{[]int{2, -3, 1}, []int{0, 1, 2}, 1},
	{[]int{3, 5}, []int{0, 1}, 7},
	{[]int{1, -1}, []int{0, 1}, 0},
	{[]int{-2, -1, 4}, []int{0, 1, 2}, 3},
	{[]int{1, 2, -1}, []int{0, 1, 0}, 4},   // x repeated: 2y = 4
	{[]int{1, 0, 3}, []int{0, 1, 2}, 9},    // a zero coefficient
	{[]int{2, -2}, []int{0, 0}, 1},         // no term left: 0 rel 1
	{[]int{7}, []int{0}, 21},               // one term
	{[]int{1, 1, 1}, []int{0, 1, 2}, 1000}, // out of reach
	{[]int{1, 1}, []int{0, 1}, -3},         // out of reach
}

func eval(coeffs, pos, vals []int) int {
	sum := 0
	for i, a := range coeffs {
		sum += a * vals[pos[i]]
	}
	return sum
}

func vars(v []csp.Var, pos []int) []csp.Var {
	out := make([]csp.Var, len(pos))
	for i, p := range pos {
		out[i] = v[p]
	}
	return out
}

func TestAgainstBruteForce(t *testing.T) {
	for _, rel := range []linear.Rel{linear.Eq, linear.Leq, linear.Geq, linear.Neq} {
		for i, sc := range sums {
			for _, lo := range []int{0, -3} { // from 0, and an offset domain
				t.Run(fmt.Sprintf("%v%v%v%d/from%d", sc.coeffs, sc.pos, rel, sc.c, lo), func(t *testing.T) {
					proptest.Check(t, proptest.Case{
						Vars: 3, MinVal: lo, MaxVal: lo + 6,
						Post: func(m *csp.Model, v []csp.Var) {
							require.NoError(t, linear.Post(m, sc.coeffs, vars(v, sc.pos), rel, sc.c))
						},
						Holds: func(v []int) bool {
							s := eval(sc.coeffs, sc.pos, v)
							switch rel {
							case linear.Eq:
								return s == sc.c
							case linear.Leq:
								return s <= sc.c
							case linear.Geq:
								return s >= sc.c
							}
							return s != sc.c
						},
						Complete: rel != linear.Eq,
						Seed:     uint64(i),
					})
				})
			}
		}
	}
}

// TestEqBoundsConsistent checks Eq's claim: at fixpoint, each bound of each
// variable fits a real-valued choice of the others within their bounds.
func TestEqBoundsConsistent(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 500 {
		n := 2 + rng.IntN(4)
		m := csp.NewModel()
		xs := make([]csp.Var, n)
		coeffs := make([]int, n)
		for i := range xs {
			vals := []int{rng.IntN(20)}
			for range rng.IntN(6) {
				vals = append(vals, rng.IntN(20))
			}
			xs[i] = m.NewVar(domains.Of(vals...), fmt.Sprintf("x%d", i))
			for coeffs[i] == 0 {
				coeffs[i] = rng.IntN(11) - 5
			}
		}
		c := rng.IntN(60) - 20
		require.NoError(t, linear.Post(m, coeffs, xs, linear.Eq, c))
		s := csp.NewSpace(m, csp.Copying)
		if !s.Propagate() {
			continue
		}
		for i, x := range xs {
			lo, hi := 0, 0 // range of the other terms
			for j, y := range xs {
				if j != i {
					a, b := coeffs[j]*s.Min(y), coeffs[j]*s.Max(y)
					lo, hi = lo+min(a, b), hi+max(a, b)
				}
			}
			for _, v := range []int{s.Min(x), s.Max(x)} {
				r := c - coeffs[i]*v
				assert.True(t, lo <= r && r <= hi, "trial %d: %v·x%d = %v has no real support (others %d..%d)", trial, coeffs[i], i, v, lo, hi)
			}
		}
	}
}

func total(vals []int) int {
	s := 0
	for _, v := range vals {
		s += v
	}
	return s
}

func TestDistinctSumAgainstBruteForce(t *testing.T) {
	shapes := []struct {
		name         string
		vars, lo, hi int
		sum          int
	}{
		{"2 cells of 1..9 sum 10", 2, 1, 9, 10},
		{"3 cells of 1..9 sum 7", 3, 1, 9, 7},
		{"3 cells of 1..9 sum 15", 3, 1, 9, 15},
		{"4 cells of 1..7 sum 16", 4, 1, 7, 16},
		{"4 cells of 0..6 sum 9", 4, 0, 6, 9},
		{"5 cells of 1..6 sum 18", 5, 1, 6, 18},
		{"4 cells of 60..67 sum 254", 4, 60, 67, 254},
		{"3 cells of 1..4 sum 12 (none)", 3, 1, 4, 12},
		{"5 cells of 1..4 (too many cells)", 5, 1, 4, 10},
		{"3 cells of 0..19 sum 30 (above the limit)", 3, 0, 19, 30},
	}
	var sums linear.DistinctSums // one for every model of the test
	posts := []struct {
		name string
		post func(*csp.Model, []csp.Var, int, linear.Strength) error
	}{
		{"", linear.PostDistinctSum},
		{"/shared", sums.Post},
	}
	for _, st := range []linear.Strength{linear.Bounds, linear.GAC} {
		for i, sh := range shapes {
			for _, via := range posts {
				t.Run(fmt.Sprintf("%v/%s%s", st, sh.name, via.name), func(t *testing.T) {
					proptest.Check(t, proptest.Case{
						Vars: sh.vars, MinVal: sh.lo, MaxVal: sh.hi,
						Post: func(m *csp.Model, v []csp.Var) {
							require.NoError(t, via.post(m, v, sh.sum, st))
						},
						Holds: func(v []int) bool { return proptest.Distinct(v) && total(v) == sh.sum },
						// Above MaxDistinctValues GAC is Bounds, which is not complete.
						Complete: st == linear.GAC && sh.hi-sh.lo < linear.MaxDistinctValues,
						Seed:     uint64(i),
					})
				})
			}
		}
	}
	for _, via := range posts {
		t.Run("repeated variable"+via.name, func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: 2, MinVal: 1, MaxVal: 5,
				Post: func(m *csp.Model, v []csp.Var) {
					require.NoError(t, via.post(m, []csp.Var{v[0], v[1], v[0]}, 7, linear.GAC))
				},
				Holds:    func([]int) bool { return false },
				Complete: true,
			})
		})
	}
	assert.Positive(t, sums.Len())
}

// TestDistinctSumsBounded posts groups over more distinct sets of values
// than a DistinctSums keeps, and checks it keeps no more; models sharing
// it are counted from two goroutines at once (run with -race).
func TestDistinctSumsBounded(t *testing.T) {
	var sums linear.DistinctSums
	for v := range linear.MaxDistinctSets + 100 {
		m := csp.NewModel()
		x, y := m.NewIntVar(v, v+2, "x"), m.NewIntVar(v, v+2, "y")
		require.NoError(t, sums.Post(m, []csp.Var{x, y}, 2*v+1, linear.GAC))
		require.LessOrEqual(t, sums.Len(), linear.MaxDistinctSets)
	}
	assert.Equal(t, linear.MaxDistinctSets, sums.Len())
	m := csp.NewModel()
	g := proptest.Grid(m, 4)
	for _, row := range g {
		require.NoError(t, sums.Post(m, row, 10, linear.GAC))
	}
	proptest.CountConcurrently(t, m)
	var none *linear.DistinctSums // nil: PostDistinctSum
	assert.ErrorIs(t, none.Post(m, []csp.Var{99}, 1, linear.GAC), linear.ErrLinear)
	assert.ErrorIs(t, sums.Post(m, []csp.Var{99}, 1, linear.GAC), linear.ErrLinear)
	assert.ErrorIs(t, sums.Post(m, g[0], 1, linear.Strength(7)), linear.ErrStrength)
}

func TestErrors(t *testing.T) {
	m := csp.NewModel()
	x, y := m.NewIntVar(0, 9, "x"), m.NewIntVar(0, domains.MaxValue, "y")
	for _, tc := range []struct {
		name string
		post func() error
		want error
	}{
		{"lengths differ", func() error { return linear.Post(m, []int{1}, []csp.Var{x, y}, linear.Eq, 3) }, linear.ErrLinear},
		{"variable not in model", func() error { return linear.PostSum(m, []csp.Var{x, 7}, linear.Eq, 3) }, linear.ErrLinear},
		{"negative variable", func() error { return linear.PostSum(m, []csp.Var{-1}, linear.Leq, 3) }, linear.ErrLinear},
		{"unknown relation", func() error { return linear.PostSum(m, []csp.Var{x}, linear.Rel(9), 3) }, linear.ErrLinear},
		{"coefficient too large", func() error { return linear.Post(m, []int{1 << 50, 1}, []csp.Var{y, x}, linear.Eq, 3) }, linear.ErrLinear},
		{"sum too large", func() error {
			return linear.Post(m, []int{1 << 44, 1 << 44, 1 << 44}, []csp.Var{y, y, y}, linear.Eq, 3)
		}, linear.ErrLinear},
		{"merged coefficients overflow", func() error {
			return linear.Post(m, []int{1 << 62, 1 << 62}, []csp.Var{x, x}, linear.Eq, 3)
		}, linear.ErrLinear},
		{"distinct: variable not in model", func() error { return linear.PostDistinctSum(m, []csp.Var{x, 9}, 3, linear.GAC) }, linear.ErrLinear},
		{"distinct: unknown strength", func() error { return linear.PostDistinctSum(m, []csp.Var{x, y}, 3, linear.Strength(5)) }, linear.ErrStrength},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := m.NumPropagators()
			assert.ErrorIs(t, tc.post(), tc.want)
			assert.Equal(t, before, m.NumPropagators(), "nothing posted on error")
		})
	}
}

func TestNames(t *testing.T) {
	for _, r := range []linear.Rel{linear.Eq, linear.Leq, linear.Geq, linear.Neq} {
		got, err := linear.ParseRel(r.String())
		require.NoError(t, err)
		assert.Equal(t, r, got)
	}
	_, err := linear.ParseRel("<>")
	assert.ErrorIs(t, err, linear.ErrLinear)
	for _, st := range []linear.Strength{linear.Bounds, linear.GAC} {
		got, err := linear.ParseStrength(st.String())
		require.NoError(t, err)
		assert.Equal(t, st, got)
	}
	_, err = linear.ParseStrength("dc")
	assert.ErrorIs(t, err, linear.ErrStrength)
	assert.Equal(t, "Strength(7)", linear.Strength(7).String())
}

// TestHugeConstant checks that a constant far outside the sum's range means
// what it says.
func TestHugeConstant(t *testing.T) {
	for _, tc := range []struct {
		rel  linear.Rel
		c    int
		want bool
	}{
		{linear.Leq, 1 << 62, true}, {linear.Leq, -1 << 62, false},
		{linear.Geq, -1 << 62, true}, {linear.Geq, 1 << 62, false},
		{linear.Eq, 1 << 62, false}, {linear.Neq, 1 << 62, true},
	} {
		m := csp.NewModel()
		x, y := m.NewIntVar(0, 9, "x"), m.NewIntVar(0, 9, "y")
		require.NoError(t, linear.Post(m, []int{3, -5}, []csp.Var{x, y}, tc.rel, tc.c))
		assert.Equal(t, tc.want, csp.NewSpace(m, csp.Copying).Propagate(), "%v %d", tc.rel, tc.c)
	}
}

// A Killer sudoku cage of three cells summing to 7 can only hold 1, 2 and
// 4: the GAC level finds it, the Bounds level (all-different and the sum
// apart) only caps the cells at 5 (7 - 1 - 1).
func ExamplePostDistinctSum() {
	for _, st := range []linear.Strength{linear.Bounds, linear.GAC} {
		m := csp.NewModel()
		cage := []csp.Var{m.NewIntVar(1, 9, "a"), m.NewIntVar(1, 9, "b"), m.NewIntVar(1, 9, "c")}
		if err := linear.PostDistinctSum(m, cage, 7, st); err != nil {
			fmt.Println(err)
			return
		}
		s := csp.NewSpace(m, csp.Copying)
		fmt.Printf("%-6v %v %v %v %v\n", st, s.Propagate(), s.Dom(cage[0]), s.Dom(cage[1]), s.Dom(cage[2]))
	}
	// Output:
	// bounds true {1..5} {1..5} {1..5}
	// gac    true {1,2,4} {1,2,4} {1,2,4}
}

// BenchmarkEq times a node on Σ aᵢxᵢ = c over n variables of 0..9 with
// coefficients 1..5 of alternating sign: removing a bound of the first
// variable.
func BenchmarkEq(b *testing.B) {
	for _, n := range []int{4, 16, 64} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			m := csp.NewModel()
			xs := make([]csp.Var, n)
			coeffs := make([]int, n)
			for i := range xs {
				xs[i] = m.NewIntVar(0, 9, fmt.Sprintf("x%d", i))
				coeffs[i] = (1 + i%5) * (1 - 2*(i%2))
			}
			require.NoError(b, linear.Post(m, coeffs, xs, linear.Eq, 3))
			s := csp.NewSpace(m, csp.Copying)
			require.True(b, s.Propagate())
			proptest.RunNode(b, s, xs[0], s.Max(xs[0]))
		})
	}
}

// BenchmarkDistinctSum times a node on one cage per strength: Killer sudoku
// cages of 1..9 and 16×16 ones of 1..16, removing the largest value of
// the first free cell. The first cells of a cage may be given (16, 15, 14,
// ...), as deeper in a search.
func BenchmarkDistinctSum(b *testing.B) {
	for _, cage := range []struct{ cells, n, sum, given int }{
		{2, 9, 10, 0}, {3, 9, 15, 0}, {5, 9, 25, 0}, {9, 9, 45, 0},
		{4, 16, 34, 0}, {6, 16, 51, 0}, {8, 16, 68, 0}, {8, 16, 68, 3},
	} {
		for _, st := range []linear.Strength{linear.Bounds, linear.GAC} {
			name := fmt.Sprintf("cells=%d/n=%d/sum=%d/given=%d/%v", cage.cells, cage.n, cage.sum, cage.given, st)
			b.Run(name, func(b *testing.B) {
				m := csp.NewModel()
				xs := make([]csp.Var, cage.cells)
				for i := range xs {
					lo, hi := 1, cage.n
					if i < cage.given {
						lo, hi = cage.n-i, cage.n-i
					}
					xs[i] = m.NewIntVar(lo, hi, fmt.Sprintf("x%d", i))
				}
				require.NoError(b, linear.PostDistinctSum(m, xs, cage.sum, st))
				s := csp.NewSpace(m, csp.Copying)
				require.True(b, s.Propagate())
				x := xs[cage.given]
				proptest.RunNode(b, s, x, s.Max(x))
			})
		}
	}
}
