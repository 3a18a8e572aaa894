package visibility_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

// seen counts the heights visible from the front: the independent
// definition the propagators are judged by.
func seen(vals []int) int {
	tallest, k := 0, 0
	for _, v := range vals {
		if v > tallest {
			tallest, k = v, k+1
		}
	}
	return k
}

func inRange(vals []int, n int) bool {
	for _, v := range vals {
		if v < 1 || v > n {
			return false
		}
	}
	return true
}

func reversed(vals []int) []int {
	r := slices.Clone(vals)
	slices.Reverse(r)
	return r
}

func TestAgainstBruteForce(t *testing.T) {
	type shape struct{ L, n, lo, hi, trials int }
	var shapes []shape
	for L := 3; L <= 6; L++ {
		trials := map[int]int{3: 400, 4: 300, 5: 200, 6: 60}[L]
		shapes = append(shapes, shape{L, L, 1, L, trials})
		if L <= 5 {
			shapes = append(shapes, shape{L, L + 2, 1, L + 2, trials / 2})
		} else {
			shapes = append(shapes, shape{L, L + 1, 1, L + 1, trials / 2})
		}
	}
	shapes = append(shapes, shape{4, 5, 0, 7, 60}) // values outside 1..n
	for _, st := range []visibility.Strength{visibility.Edge, visibility.Bounds, visibility.GAC} {
		for _, sh := range shapes {
			for c := 1; c <= sh.L; c++ {
				name := fmt.Sprintf("%v/len=%d/n=%d/vals=%d..%d/clue=%d", st, sh.L, sh.n, sh.lo, sh.hi, c)
				t.Run(name, func(t *testing.T) {
					perm := st == visibility.Edge && sh.L == sh.n
					proptest.Check(t, proptest.Case{
						Vars: sh.L, MinVal: sh.lo, MaxVal: sh.hi,
						Post: func(m *csp.Model, vars []csp.Var) {
							require.NoError(t, visibility.Post(m, vars, sh.n, c, st))
						},
						Holds: func(vals []int) bool {
							return inRange(vals, sh.n) && seen(vals) == c && (!perm || proptest.Distinct(vals))
						},
						Complete: st == visibility.GAC,
						Trials:   sh.trials,
						Seed:     uint64(100*sh.L + 10*sh.n + c),
					})
				})
			}
		}
	}
}

func TestLineAgainstBruteForce(t *testing.T) {
	// Lines this short keep no witnesses by default: the second pass
	// makes every line keep them.
	for _, wmin := range []int{10, 1} {
		t.Run(fmt.Sprintf("witnessMin=%d", wmin), func(t *testing.T) {
			defer visibility.SetWitnessMin(wmin)()
			lineAgainstBruteForce(t)
		})
	}
}

// lineAgainstBruteForce is TestLineAgainstBruteForce at the current
// witnessMin.
func lineAgainstBruteForce(t *testing.T) {
	for n := 1; n <= 6; n++ {
		trials := map[int]int{1: 20, 2: 60, 3: 300, 4: 200, 5: 100, 6: 40}[n]
		for front := 0; front <= n; front++ {
			for back := 0; back <= n; back++ {
				t.Run(fmt.Sprintf("n=%d/front=%d/back=%d", n, front, back), func(t *testing.T) {
					proptest.Check(t, proptest.Case{
						Vars: n, MinVal: 1, MaxVal: n,
						Post: func(m *csp.Model, vars []csp.Var) {
							require.NoError(t, visibility.PostLine(m, vars, n, front, back))
						},
						Holds: func(vals []int) bool {
							return inRange(vals, n) && proptest.Distinct(vals) &&
								(front == 0 || seen(vals) == front) &&
								(back == 0 || seen(reversed(vals)) == back)
						},
						Complete: true,
						Trials:   trials,
						Seed:     uint64(100*n + 10*front + back),
					})
				})
			}
		}
	}
	t.Run("values outside 1..n", func(t *testing.T) {
		proptest.Check(t, proptest.Case{
			Vars: 4, MinVal: 0, MaxVal: 6,
			Post: func(m *csp.Model, vars []csp.Var) {
				require.NoError(t, visibility.PostLine(m, vars, 4, 2, 0))
			},
			Holds: func(vals []int) bool {
				return inRange(vals, 4) && proptest.Distinct(vals) && seen(vals) == 2
			},
			Complete: true,
			Trials:   60,
		})
	})
	t.Run("Post at Line strength", func(t *testing.T) {
		proptest.Check(t, proptest.Case{
			Vars: 5, MinVal: 1, MaxVal: 5,
			Post: func(m *csp.Model, vars []csp.Var) {
				require.NoError(t, visibility.Post(m, vars, 5, 3, visibility.Line))
			},
			Holds:    func(vals []int) bool { return proptest.Distinct(vals) && seen(vals) == 3 },
			Complete: true,
			Trials:   30,
		})
	})
}

// stirling returns the unsigned Stirling numbers of the first kind up to
// n: s[n][k] permutations of n heights show k left-to-right maxima.
func stirling(n int) [][]int64 {
	s := make([][]int64, n+1)
	for i := range s {
		s[i] = make([]int64, n+1)
	}
	s[0][0] = 1
	for i := 1; i <= n; i++ {
		for k := 1; k <= i; k++ {
			s[i][k] = s[i-1][k-1] + int64(i-1)*s[i-1][k]
		}
	}
	return s
}

func binom(n, k int) int64 {
	r := int64(1)
	for i := range k {
		r = r * int64(n-i) / int64(i+1)
	}
	return r
}

// permutations of n with front and back clues: n splits the line, and the
// a-1 + b-1 maxima on either side come from one permutation of n-1 with
// a+b-2 cycles, split between the sides (Rényi's bijection).
func withClues(s [][]int64, n, front, back int) int64 {
	switch {
	case front == 0 && back == 0:
		total := int64(1)
		for i := 2; i <= n; i++ {
			total *= int64(i)
		}
		return total
	case back == 0:
		return s[n][front]
	case front == 0:
		return s[n][back]
	case front+back-2 > n-1:
		return 0
	}
	return s[n-1][front+back-2] * binom(front+back-2, front-1)
}

// TestCountsOfPermutations counts full-row solutions by search and compares
// them with the closed forms, for every strength (Edge, Bounds and GAC with
// an all-different beside them).
func TestCountsOfPermutations(t *testing.T) {
	s := stirling(14)
	count := func(t *testing.T, n int, post func(m *csp.Model, row []csp.Var)) int64 {
		m := csp.NewModel()
		row := make([]csp.Var, n)
		for i := range row {
			row[i] = m.NewIntVar(1, n, fmt.Sprintf("x%d", i))
		}
		post(m, row)
		res := csp.Count(context.Background(), m, csp.Options{Var: csp.MinDomain}, 0)
		require.True(t, res.Complete)
		return res.Solutions
	}
	for _, n := range []int{5, 7} {
		for c := 1; c <= n; c++ {
			for _, st := range []visibility.Strength{visibility.Edge, visibility.Bounds, visibility.GAC, visibility.Line} {
				t.Run(fmt.Sprintf("n=%d/clue=%d/%v", n, c, st), func(t *testing.T) {
					got := count(t, n, func(m *csp.Model, row []csp.Var) {
						require.NoError(t, alldiff.Post(m, row, alldiff.Hidden))
						require.NoError(t, visibility.Post(m, row, n, c, st))
					})
					assert.Equal(t, s[n][c], got)
				})
			}
		}
	}
	for _, tc := range []struct{ n, front, back int }{
		{8, 3, 4}, {8, 0, 2}, {8, 5, 0}, {8, 4, 6}, {9, 1, 2}, {9, 2, 2}, {9, 5, 5}, {9, 0, 0},
		{13, 12, 2}, {13, 11, 2}, {13, 13, 1}, {13, 2, 13}, {14, 13, 2},
	} {
		t.Run(fmt.Sprintf("line n=%d/front=%d/back=%d", tc.n, tc.front, tc.back), func(t *testing.T) {
			want := withClues(s, tc.n, tc.front, tc.back)
			if want > 20000 {
				t.Skipf("%d solutions: too many to count here", want)
			}
			got := count(t, tc.n, func(m *csp.Model, row []csp.Var) {
				require.NoError(t, visibility.PostLine(m, row, tc.n, tc.front, tc.back))
			})
			assert.Equal(t, want, got)
		})
	}
}

// TestRootRules checks the domains Edge leaves at the root, and that
// Bounds, run at the root, finds the same ones except for the clue-1 rule
// of a full line (which needs the heights to differ).
func TestRootRules(t *testing.T) {
	r := func(lo, hi int) string { d := domains.Range(lo, hi); return d.String() }
	for _, tc := range []struct {
		name     string
		L, n, c  int
		lo, hi   int // initial domains
		want     []string
		bounds   []string // what Bounds leaves, when it differs from want
		wantFail bool
	}{
		{"clue 1 puts n first", 5, 5, 1, 1, 5, []string{"{5}", r(1, 5), r(1, 5), r(1, 5), r(1, 5)},
			[]string{r(1, 5), r(1, 5), r(1, 5), r(1, 5), r(1, 5)}, false},
		{"clue n fixes the line", 5, 5, 5, 1, 5, []string{"{1}", "{2}", "{3}", "{4}", "{5}"}, nil, false},
		{"clue 2", 5, 5, 2, 1, 5, []string{r(1, 4), r(1, 5), r(1, 5), r(1, 5), r(1, 5)}, nil, false},
		{"clue 3", 5, 5, 3, 1, 5, []string{r(1, 3), r(1, 4), r(1, 5), r(1, 5), r(1, 5)}, nil, false},
		{"clue 4", 5, 5, 4, 1, 5, []string{r(1, 2), r(1, 3), r(1, 4), r(1, 5), r(1, 5)}, nil, false},
		{"clue 4 of 6", 6, 6, 4, 1, 6, []string{r(1, 3), r(1, 4), r(1, 5), r(1, 6), r(1, 6), r(1, 6)}, nil, false},
		{"values outside 1..n go", 4, 4, 2, 0, 9, []string{r(1, 3), r(1, 4), r(1, 4), r(1, 4)}, nil, false},
		{"sub-line, clue 1: no rule", 3, 6, 1, 1, 6, []string{r(1, 6), r(1, 6), r(1, 6)}, nil, false},
		{"sub-line, all seen", 3, 6, 3, 1, 6, []string{r(1, 4), r(2, 5), r(3, 6)}, nil, false},
		{"sub-line, clue 2", 3, 6, 2, 1, 6, []string{r(1, 5), r(1, 6), r(1, 6)}, nil, false},
		{"clue n without room", 3, 3, 3, 2, 3, nil, nil, true},
	} {
		for _, st := range []visibility.Strength{visibility.Edge, visibility.Bounds} {
			t.Run(tc.name+"/"+st.String(), func(t *testing.T) {
				m := csp.NewModel()
				line := make([]csp.Var, tc.L)
				for i := range line {
					line[i] = m.NewIntVar(tc.lo, tc.hi, fmt.Sprintf("x%d", i))
				}
				require.NoError(t, visibility.Post(m, line, tc.n, tc.c, st))
				s := csp.NewSpace(m, csp.Copying)
				ok := s.Propagate()
				if tc.wantFail {
					assert.False(t, ok)
					return
				}
				require.True(t, ok)
				got := make([]string, tc.L)
				for i, x := range line {
					got[i] = s.Dom(x).String()
				}
				want := tc.want
				if st == visibility.Bounds && tc.bounds != nil {
					want = tc.bounds
				}
				assert.Equal(t, want, got)
			})
		}
	}
}

// TestBoundsRules checks the rules that fire below the root on narrowed
// domains.
func TestBoundsRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		n, c int
		doms []domains.Domain
		want []string
	}{
		{"fewest == clue: the others hide", 5, 2,
			[]domains.Domain{domains.Of(3), domains.Of(1, 2), domains.Of(4), domains.Range(1, 5)},
			[]string{"{3}", "{1,2}", "{4}", "{1..4}"}},
		{"most == clue: the may-cells are seen", 6, 3,
			[]domains.Domain{domains.Range(2, 6), domains.Of(1, 2), domains.Range(1, 6), domains.Range(1, 6)},
			[]string{"{2..4}", "{1,2}", "{3..5}", "{4..6}"}},
		{"room above, below the root", 6, 3,
			[]domains.Domain{domains.Of(1), domains.Range(1, 6), domains.Range(1, 6), domains.Range(1, 6)},
			[]string{"{1}", "{1..5}", "{1..6}", "{1..6}"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := csp.NewModel()
			line := make([]csp.Var, len(tc.doms))
			for i, d := range tc.doms {
				line[i] = m.NewVar(d, fmt.Sprintf("x%d", i))
			}
			require.NoError(t, visibility.Post(m, line, tc.n, tc.c, visibility.Bounds))
			s := csp.NewSpace(m, csp.Copying)
			require.True(t, s.Propagate())
			got := make([]string, len(line))
			for i, x := range line {
				got[i] = s.Dom(x).String()
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestEdgeChecks: below the root Edge does no filtering, but a full
// assignment with the wrong count fails.
func TestEdgeChecks(t *testing.T) {
	m := csp.NewModel()
	line := make([]csp.Var, 4)
	for i := range line {
		line[i] = m.NewIntVar(1, 4, fmt.Sprintf("x%d", i))
	}
	require.NoError(t, visibility.Post(m, line, 4, 2, visibility.Edge))
	s := csp.NewSpace(m, csp.Copying)
	require.True(t, s.Propagate())
	for _, tc := range []struct {
		vals []int
		ok   bool
	}{
		{[]int{3, 4, 1, 2}, true},
		{[]int{1, 2, 3, 4}, false},
		{[]int{3, 1, 2, 4}, true},
		{[]int{3, 3, 4, 4}, false}, // right count, but a full line must differ
	} {
		s.Push()
		for i, v := range tc.vals {
			if !s.Assign(line[i], v) {
				break
			}
		}
		assert.Equal(t, tc.ok, s.Propagate(), "%v", tc.vals)
		s.Pop()
	}
}

func TestPostErrors(t *testing.T) {
	m := csp.NewModel()
	line := make([]csp.Var, 4)
	for i := range line {
		line[i] = m.NewIntVar(1, 4, fmt.Sprintf("x%d", i))
	}
	for _, tc := range []struct {
		name string
		post func() error
		want error
	}{
		{"clue 0", func() error { return visibility.Post(m, line, 4, 0, visibility.GAC) }, visibility.ErrClue},
		{"clue above the length", func() error { return visibility.Post(m, line, 6, 5, visibility.GAC) }, visibility.ErrClue},
		{"n below the length", func() error { return visibility.Post(m, line, 3, 2, visibility.Bounds) }, visibility.ErrClue},
		{"n above MaxHeight", func() error { return visibility.Post(m, line, 64, 2, visibility.Edge) }, visibility.ErrClue},
		{"empty line", func() error { return visibility.Post(m, nil, 4, 1, visibility.Edge) }, visibility.ErrClue},
		{"variable not in the model", func() error {
			return visibility.Post(m, []csp.Var{line[0], 99}, 4, 1, visibility.GAC)
		}, visibility.ErrClue},
		{"negative variable", func() error { return visibility.Post(m, []csp.Var{-1}, 4, 1, visibility.GAC) }, visibility.ErrClue},
		{"unknown strength", func() error { return visibility.Post(m, line, 4, 2, visibility.Strength(9)) }, visibility.ErrStrength},
		{"line shorter than n", func() error { return visibility.PostLine(m, line[:3], 4, 1, 2) }, visibility.ErrClue},
		{"front clue above n", func() error { return visibility.PostLine(m, line, 4, 5, 0) }, visibility.ErrClue},
		{"negative back clue", func() error { return visibility.PostLine(m, line, 4, 1, -1) }, visibility.ErrClue},
		{"empty full line", func() error { return visibility.PostLine(m, nil, 0, 0, 0) }, visibility.ErrClue},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := m.NumPropagators()
			err := tc.post()
			assert.ErrorIs(t, err, tc.want)
			assert.Equal(t, before, m.NumPropagators(), "nothing posted on error")
		})
	}
}

func TestParseStrength(t *testing.T) {
	for _, st := range []visibility.Strength{visibility.Edge, visibility.Bounds, visibility.GAC, visibility.Line} {
		got, err := visibility.ParseStrength(st.String())
		require.NoError(t, err)
		assert.Equal(t, st, got)
	}
	_, err := visibility.ParseStrength("strong")
	assert.ErrorIs(t, err, visibility.ErrStrength)
	assert.Equal(t, "Strength(9)", visibility.Strength(9).String())
}

// A row of five heights with 5 given in the middle, clue 3 on the left and
// 2 on the right: what each strength deduces, beside an all-different on
// the row (Line holds its own).
func ExamplePost() {
	for _, st := range []visibility.Strength{visibility.Edge, visibility.Bounds, visibility.GAC, visibility.Line} {
		m := csp.NewModel()
		row := make([]csp.Var, 5)
		for i := range row {
			lo := 1
			if i == 2 {
				lo = 5 // given
			}
			row[i] = m.NewIntVar(lo, 5, fmt.Sprintf("c%d", i+1))
		}
		back := slices.Clone(row)
		slices.Reverse(back)
		var err error
		if st == visibility.Line {
			err = visibility.PostLine(m, row, 5, 3, 2)
		} else {
			err = errors.Join(alldiff.Post(m, row, alldiff.GAC),
				visibility.Post(m, row, 5, 3, st), visibility.Post(m, back, 5, 2, st))
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		s := csp.NewSpace(m, csp.Copying)
		fmt.Printf("%-6v %v", st, s.Propagate())
		for _, x := range row {
			fmt.Printf(" %v", s.Dom(x))
		}
		fmt.Println()
	}
	// Output:
	// edge   true {1..3} {1..4} {5} {1..4} {1..4}
	// bounds true {1..3} {2..4} {5} {1..4} {1..4}
	// gac    true {1..3} {2..4} {5} {1..4} {1..4}
	// line   true {1..3} {2..4} {5} {1..3} {2..4}
}

// benchLine builds a line of 9 heights with the given posting, runs the
// root propagation, and returns the space and the line.
func benchLine(b *testing.B, post func(m *csp.Model, row []csp.Var)) (*csp.Space, []csp.Var) {
	b.Helper()
	m := csp.NewModel()
	row := make([]csp.Var, 9)
	for i := range row {
		row[i] = m.NewIntVar(1, 9, fmt.Sprintf("x%d", i))
	}
	post(m, row)
	s := csp.NewSpace(m, csp.Copying)
	require.True(b, s.Propagate())
	return s, row
}

// BenchmarkGAC, BenchmarkBounds and BenchmarkLine time one search node on
// a line of 9 heights near the root, removing a value in the middle of the
// line (see proptest.RunNode); 0 allocs/op expected.
func BenchmarkGAC(b *testing.B) {
	for _, c := range []int{2, 5, 8} {
		b.Run(fmt.Sprintf("clue=%d", c), func(b *testing.B) {
			s, row := benchLine(b, func(m *csp.Model, row []csp.Var) {
				require.NoError(b, visibility.Post(m, row, 9, c, visibility.GAC))
			})
			proptest.RunNode(b, s, row[4], s.Min(row[4]))
		})
	}
}

func BenchmarkBounds(b *testing.B) {
	for _, c := range []int{2, 5, 8} {
		b.Run(fmt.Sprintf("clue=%d", c), func(b *testing.B) {
			s, row := benchLine(b, func(m *csp.Model, row []csp.Var) {
				require.NoError(b, visibility.Post(m, row, 9, c, visibility.Bounds))
			})
			proptest.RunNode(b, s, row[4], s.Min(row[4]))
		})
	}
}

func BenchmarkLine(b *testing.B) {
	for _, tc := range []struct{ front, back int }{{2, 3}, {4, 4}, {1, 0}, {0, 3}} {
		b.Run(fmt.Sprintf("front=%d/back=%d", tc.front, tc.back), func(b *testing.B) {
			s, row := benchLine(b, func(m *csp.Model, row []csp.Var) {
				require.NoError(b, visibility.PostLine(m, row, 9, tc.front, tc.back))
			})
			proptest.RunNode(b, s, row[4], s.Max(row[4]))
		})
	}
}

// BenchmarkLineSize measures one Line run by size, with clues near the
// middle (the most subsets stay reachable): "root" with every height still
// possible, the worst case, and "half" with each cell keeping about half
// the heights around a permutation whose own clues are posted, more like a
// state deep in a search. It is how MaxLine was chosen (the numbers in its
// documentation were taken with MaxLine raised to 16).
func BenchmarkLineSize(b *testing.B) {
	for n := 6; n <= visibility.MaxLine; n++ {
		b.Run(fmt.Sprintf("n=%d/root", n), func(b *testing.B) {
			m := csp.NewModel()
			row := make([]csp.Var, n)
			for i := range row {
				row[i] = m.NewIntVar(1, n, fmt.Sprintf("x%d", i))
			}
			require.NoError(b, visibility.PostLine(m, row, n, (n+1)/2, n/2))
			s := csp.NewSpace(m, csp.Copying)
			require.True(b, s.Propagate())
			proptest.RunNode(b, s, row[n/2], s.Max(row[n/2]))
		})
		b.Run(fmt.Sprintf("n=%d/half", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(n), 1))
			perm := rng.Perm(n)
			for i := range perm {
				perm[i]++
			}
			m := csp.NewModel()
			row := make([]csp.Var, n)
			for i := range row {
				vals := []int{perm[i]}
				for _, v := range rng.Perm(n)[:n/2] {
					vals = append(vals, v+1)
				}
				row[i] = m.NewVar(domains.Of(vals...), fmt.Sprintf("x%d", i))
			}
			require.NoError(b, visibility.PostLine(m, row, n, seen(perm), seen(reversed(perm))))
			s := csp.NewSpace(m, csp.Copying)
			require.True(b, s.Propagate())
			x := row[n/2]
			v := s.Max(x)
			if v == perm[n/2] {
				v = s.Min(x)
			}
			proptest.RunNode(b, s, x, v)
		})
	}
}

// FuzzClue compares one propagation with brute force on a line and domains
// drawn from the input: sound always, complete for GAC and Line.
func FuzzClue(f *testing.F) {
	f.Add([]byte{0, 0, 1, 2, 0, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{2, 2, 3, 0, 1, 0x0e, 0x3c, 0x22, 0x7f, 0x10})
	f.Add([]byte{1, 0, 0, 3, 2, 0x1e, 0x1e, 0x06, 0x18, 0x1e})
	f.Add([]byte{2, 1, 4, 1, 0, 0x41, 0x7e, 0x7e, 0x3c, 0x7e})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 10 {
			return
		}
		L := 3 + int(data[0]%3)
		st := visibility.Strength(data[3] % 4)
		n := L + int(data[1]%3)
		if st == visibility.Line {
			n = L
		}
		clue, front, back := 1+int(data[2])%L, int(data[2])%(n+1), int(data[4])%(n+1)
		m := csp.NewModel()
		line := make([]csp.Var, L)
		doms := make([][]int, L)
		for i := range line {
			doms[i] = proptest.MaskValues(int(data[5+i]), n+2, 1) // 0 and n+1 are outside the heights
			line[i] = m.NewVar(domains.Of(doms[i]...), fmt.Sprintf("x%d", i))
		}
		var holds func(vals []int) bool
		if st == visibility.Line {
			require.NoError(t, visibility.PostLine(m, line, n, front, back))
			holds = func(vals []int) bool {
				return inRange(vals, n) && proptest.Distinct(vals) &&
					(front == 0 || seen(vals) == front) && (back == 0 || seen(reversed(vals)) == back)
			}
		} else {
			require.NoError(t, visibility.Post(m, line, n, clue, st))
			perm := st == visibility.Edge && L == n
			holds = func(vals []int) bool {
				return inRange(vals, n) && seen(vals) == clue && (!perm || proptest.Distinct(vals))
			}
		}
		s := csp.NewSpace(m, csp.Copying)
		ok := s.Propagate()
		proptest.CheckOnce(t, s, line, doms, ok, holds, st == visibility.GAC || st == visibility.Line, "")
	})
}

// TestSpacesIndependent searches one model from two goroutines at once:
// every propagator's tables belong to its Space (run with -race).
func TestSpacesIndependent(t *testing.T) {
	const n = 7
	m := csp.NewModel()
	grid := proptest.Grid(m, n)
	// Clues taken from the square (r+2c) mod n + 1 (Latin for odd n), so
	// there is a solution.
	for i := range n {
		var row, col []csp.Var
		var rowVals, colVals []int
		for j := range n {
			row, col = append(row, grid[i][j]), append(col, grid[j][i])
			rowVals, colVals = append(rowVals, (i+2*j)%n+1), append(colVals, (j+2*i)%n+1)
		}
		require.NoError(t, alldiff.Post(m, row, alldiff.GAC))
		require.NoError(t, alldiff.Post(m, col, alldiff.GAC))
		require.NoError(t, visibility.PostLine(m, row, n, seen(rowVals), 0))
		require.NoError(t, visibility.Post(m, col, n, seen(colVals), visibility.Strength(i%3)))
	}
	proptest.CountConcurrently(t, m)
}

// TestEdgeMasks: the edge rules per cell of a full line, nearest the clue
// first, as bit sets of heights; no clue, or one out of range, leaves
// every height.
func TestEdgeMasks(t *testing.T) {
	const all = 1<<1 | 1<<2 | 1<<3 | 1<<4
	for _, c := range []struct {
		c    int
		want []uint64
	}{
		{0, []uint64{all, all, all, all}},
		{1, []uint64{1 << 4, all, all, all}},
		{2, []uint64{1<<1 | 1<<2 | 1<<3, all, all, all}},
		{3, []uint64{1<<1 | 1<<2, 1<<1 | 1<<2 | 1<<3, all, all}},
		{4, []uint64{1 << 1, 1 << 2, 1 << 3, 1 << 4}},
		{5, []uint64{all, all, all, all}},
		{-1, []uint64{all, all, all, all}},
	} {
		assert.Equal(t, c.want, visibility.EdgeMasks(4, c.c), "clue %d", c.c)
	}
}
