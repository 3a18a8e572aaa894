package alldiff_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
)

// distinct reports whether vals (each 0..63) are pairwise different.
func distinct(vals []int) bool {
	seen := uint64(0)
	for _, v := range vals {
		if seen&(1<<v) != 0 {
			return false
		}
		seen |= 1 << v
	}
	return true
}

// permutationMatrix reports whether vals, an n×n grid by rows, holds v
// exactly once in every row and every column.
func permutationMatrix(n, v int) func(vals []int) bool {
	return func(vals []int) bool {
		for i := range n {
			inRow, inCol := 0, 0
			for k := range n {
				if vals[i*n+k] == v {
					inRow++
				}
				if vals[k*n+i] == v {
					inCol++
				}
			}
			if inRow != 1 || inCol != 1 {
				return false
			}
		}
		return true
	}
}

func justifyCases() []proptest.NamedExplaining {
	type jc = proptest.NamedExplaining
	var cases []jc
	for _, st := range []alldiff.Strength{alldiff.Value, alldiff.Hidden, alldiff.GAC, alldiff.Auto} {
		post := func(m *csp.Model, v []csp.Var) error { return alldiff.Post(m, v, st) }
		cases = append(cases,
			jc{Name: st.String() + ", 3 to 6 variables over 0..5", Explaining: proptest.Explaining{
				Sizes: []int{3, 4, 5, 6}, Post: post, Holds: distinct}},
			// As many values as variables: Hidden's hidden singles.
			jc{Name: st.String() + ", 4 variables over 0..3", Explaining: proptest.Explaining{
				Sizes: []int{4}, MaxVal: 3, Post: post, Holds: distinct}},
			jc{Name: st.String() + ", 5 variables over 1..5", Explaining: proptest.Explaining{
				Sizes: []int{5}, MinVal: 1, MaxVal: 5, Post: post, Holds: distinct}},
			// Values across a word boundary: the general path.
			jc{Name: st.String() + ", 5 variables over 60..64", Explaining: proptest.Explaining{
				Sizes: []int{5}, MinVal: 60, MaxVal: 64, Post: post, Holds: proptest.Distinct}},
			// A variable listed twice: no solution, every reason empty.
			jc{Name: st.String() + ", a variable twice", Explaining: proptest.Explaining{
				Sizes: []int{3, 4}, Trials: 50,
				Post:  func(m *csp.Model, v []csp.Var) error { return alldiff.Post(m, append(v, v[0]), st) },
				Holds: func([]int) bool { return false }}},
		)
	}
	for _, n := range []int{2, 3} {
		for _, v := range []int{0, 2} {
			cases = append(cases, jc{Name: fmt.Sprintf("permutation matrix %d×%d of %d", n, n, v), Explaining: proptest.Explaining{
				Sizes: []int{n * n}, MaxVal: 3, Trials: 300,
				Post: func(m *csp.Model, vars []csp.Var) error {
					grid := make([][]csp.Var, n)
					for r := range grid {
						grid[r] = vars[r*n : (r+1)*n]
					}
					return alldiff.PostPermutationMatrix(m, grid, v)
				},
				Holds: permutationMatrix(n, v)}})
		}
	}
	return cases
}

// TestJustify: every removal, hidden single and failure of every strength
// and of the permutation matrix is explained by facts that held before
// it and imply it, by brute force (proptest.CheckJustify); the cases
// meet failures without a wipe-out, and GAC's Hall sets of two variables
// or more.
func TestJustify(t *testing.T) {
	for name, st := range proptest.JustifyTable(t, justifyCases()) {
		twice, small := strings.HasSuffix(name, "twice"), strings.HasPrefix(name, "permutation matrix 2")
		if !twice && !small {
			assert.NotZero(t, st.Failures, "%s: no failure without a wipe-out explained", name)
		}
		if !twice && (strings.HasPrefix(name, "gac") || strings.HasPrefix(name, "permutation matrix 3")) {
			assert.NotZero(t, st.Long, "%s: no Hall set of two variables or more explained", name)
		}
	}
}

// FuzzJustify drives CheckJustify from the fuzzer's seeds.
func FuzzJustify(f *testing.F) { proptest.FuzzJustify(f, justifyCases()) }

// TestJustifyReasons: the exact reasons of a few removals, hidden singles
// and failures.
func TestJustifyReasons(t *testing.T) {
	f := func(x csp.Var, v int, eq bool) csp.Fact { return csp.Fact{X: x, V: int32(v), Eq: eq} }
	three := func(m *csp.Model) []csp.Var {
		return []csp.Var{m.NewIntVar(1, 3, "x0"), m.NewIntVar(1, 3, "x1"), m.NewIntVar(1, 4, "x2")}
	}
	group := func(st alldiff.Strength) func(m *csp.Model) ([]csp.Var, error) {
		return func(m *csp.Model) ([]csp.Var, error) {
			vars := three(m)
			return vars, alldiff.Post(m, vars, st)
		}
	}
	grid := func(m *csp.Model) ([]csp.Var, error) {
		vars := []csp.Var{m.NewIntVar(0, 1, "c00"), m.NewIntVar(0, 1, "c01"), m.NewIntVar(0, 1, "c10"), m.NewIntVar(0, 1, "c11")}
		return vars, alldiff.PostPermutationMatrix(m, [][]csp.Var{vars[:2], vars[2:]}, 1)
	}
	cases := []struct {
		name   string
		post   func(m *csp.Model) ([]csp.Var, error)
		narrow func(s *csp.Space, vars []csp.Var) bool
		fact   func(vars []csp.Var) csp.Fact // the fact explained; nil: the failure
		want   func(vars []csp.Var) []csp.Fact
	}{
		{"value: a naked single", group(alldiff.Value),
			func(s *csp.Space, v []csp.Var) bool { return s.Assign(v[0], 2) },
			func(v []csp.Var) csp.Fact { return f(v[2], 2, false) },
			func(v []csp.Var) []csp.Fact { return []csp.Fact{f(v[0], 2, true)} }},
		{"value: two variables on one value", group(alldiff.Value),
			func(s *csp.Space, v []csp.Var) bool { return s.Assign(v[0], 2) && s.Assign(v[1], 2) }, nil,
			func(v []csp.Var) []csp.Fact { return []csp.Fact{f(v[0], 2, true), f(v[1], 2, true)} }},
		{"hidden: a hidden single", func(m *csp.Model) ([]csp.Var, error) {
			vars := []csp.Var{m.NewIntVar(1, 3, "x0"), m.NewIntVar(1, 3, "x1"), m.NewIntVar(1, 3, "x2")}
			return vars, alldiff.Post(m, vars, alldiff.Hidden)
		},
			func(s *csp.Space, v []csp.Var) bool { return s.Remove(v[0], 3) && s.Remove(v[1], 3) },
			func(v []csp.Var) csp.Fact { return f(v[2], 3, true) },
			func(v []csp.Var) []csp.Fact { return []csp.Fact{f(v[0], 3, false), f(v[1], 3, false)} }},
		{"gac: a Hall pair", group(alldiff.GAC),
			func(s *csp.Space, v []csp.Var) bool { return s.Remove(v[0], 3) && s.Remove(v[1], 3) },
			func(v []csp.Var) csp.Fact { return f(v[2], 1, false) },
			func(v []csp.Var) []csp.Fact { return []csp.Fact{f(v[0], 3, false), f(v[1], 3, false)} }},
		{"gac: a pigeonhole", group(alldiff.GAC),
			func(s *csp.Space, v []csp.Var) bool {
				return s.Remove(v[0], 3) && s.Remove(v[1], 3) && s.Remove(v[2], 3) && s.Remove(v[2], 4)
			}, nil,
			func(v []csp.Var) []csp.Fact {
				return []csp.Fact{f(v[0], 3, false), f(v[1], 3, false), f(v[2], 3, false), f(v[2], 4, false)}
			}},
		{"permutation matrix: the other cell of a row", grid,
			func(s *csp.Space, v []csp.Var) bool { return s.Remove(v[0], 1) },
			func(v []csp.Var) csp.Fact { return f(v[3], 1, false) },
			func(v []csp.Var) []csp.Fact { return []csp.Fact{f(v[0], 1, false)} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			vars, err := c.post(m)
			require.NoError(t, err)
			s := csp.NewSpace(m, csp.Trailing)
			require.NoError(t, s.TrackFacts())
			require.True(t, s.Propagate())
			s.Push()
			require.True(t, c.narrow(s, vars))
			ok := s.Propagate()
			if c.fact == nil {
				require.False(t, ok, "propagation fails")
				assert.ElementsMatch(t, c.want(vars), s.FailureReason(0, nil))
				return
			}
			require.True(t, ok)
			i := slices.Index(s.Facts(), c.fact(vars))
			require.GreaterOrEqual(t, i, 0, "fact %v not booked in %v", c.fact(vars), s.Facts())
			assert.ElementsMatch(t, c.want(vars), s.Reason(i, nil))
		})
	}
}
