package chain

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
)

// holds is the constraint on a full assignment, written independently of
// the tables: distinct values, every neighbouring pair in its relation.
func holds(rels []Rel) func(vals []int) bool {
	return func(vals []int) bool {
		if !proptest.Distinct(vals) {
			return false
		}
		for i, r := range rels {
			a, b := vals[i], vals[i+1]
			var ok bool
			switch r {
			case Any:
				ok = true
			case Less:
				ok = a < b
			case Greater:
				ok = b < a
			case Adjacent:
				ok = a == b+1 || b == a+1
			case NotAdjacent:
				ok = a != b+1 && b != a+1
			}
			if !ok {
				return false
			}
		}
		return true
	}
}

// Lines of 3..6 cells with random relations, as permutations (values
// 1..n) and with spare values (1..n+2): sound, complete, checking, after
// random narrowings and backtracks.
func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 3; n <= 6; n++ {
		for _, spare := range []int{0, 2} {
			for trial := range 12 {
				rels := make([]Rel, n-1)
				for i := range rels {
					rels[i] = Rel(rng.IntN(int(numRels)))
				}
				name := fmt.Sprintf("n=%d/values=%d/%v", n, n+spare, rels)
				t.Run(name, func(t *testing.T) {
					checkChain(t, rels, n+spare, 40, 0, uint64(n*100+spare*10+trial))
				})
			}
		}
	}
}

// With values spread over more than MaxValues, Post falls back to the
// decomposition (alldiff.GAC and binary relations): sound and checking,
// not complete.
func TestFallback(t *testing.T) {
	rels := []Rel{Less, Adjacent}
	proptest.Check(t, proptest.Case{
		Vars: 3, MinVal: 0, MaxVal: 17,
		Post: func(m *csp.Model, v []csp.Var) {
			require.NoError(t, Post(m, v, rels))
		},
		Holds:  holds(rels),
		Trials: 60,
		Seed:   3,
	})
	m := csp.NewModel()
	line := []csp.Var{m.NewIntVar(0, 40, "x"), m.NewIntVar(0, 40, "y"), m.NewIntVar(0, 40, "z")}
	require.NoError(t, Post(m, line, rels))
	assert.Equal(t, 3, m.NumPropagators(), "alldiff and two relations")
}

// The package example: two bars around b force b = 2, which neither the
// bars nor the all-different see alone.
func TestBarsForceTheMiddle(t *testing.T) {
	m := csp.NewModel()
	line := []csp.Var{m.NewIntVar(1, 3, "a"), m.NewIntVar(1, 3, "b"), m.NewIntVar(1, 3, "c")}
	require.NoError(t, Post(m, line, []Rel{Adjacent, Adjacent}))
	s := csp.NewSpace(m, csp.Copying)
	require.True(t, s.Propagate())
	v, ok := s.Value(line[1])
	assert.True(t, ok)
	assert.Equal(t, 2, v)
	assert.Equal(t, []int{1, 3}, s.Dom(line[0]).AppendValues(nil))
}

func TestPostRejects(t *testing.T) {
	m := csp.NewModel()
	x, y := m.NewIntVar(1, 3, "x"), m.NewIntVar(1, 3, "y")
	for name, c := range map[string]struct {
		line []csp.Var
		rels []Rel
	}{
		"empty":    {nil, nil},
		"too few":  {[]csp.Var{x, y}, nil},
		"unknown":  {[]csp.Var{x, y}, []Rel{numRels}},
		"not in m": {[]csp.Var{x, 7}, []Rel{Any}},
		"too many": {[]csp.Var{x, y}, []Rel{Any, Any}},
		"negative": {[]csp.Var{-1, y}, []Rel{Less}},
	} {
		assert.ErrorIs(t, Post(m, c.line, c.rels), ErrLine, name)
	}
	assert.Zero(t, m.NumPropagators())
}

func TestRelString(t *testing.T) {
	assert.Equal(t, "<", Less.String())
	assert.Equal(t, "Rel(9)", Rel(9).String())
	assert.True(t, NotAdjacent.Holds(1, 3))
	assert.False(t, Rel(9).Holds(1, 2))
}

// BenchmarkRun times one search node (remove a value, propagate, undo) on
// a line of n cells over 1..n with every value still possible, as at the
// root: the worst case of the dynamic program (line) and of the windows.
// Relations: none (the all-different alone), a Futoshiki row (a few
// signs) and the adjacent variant (a relation on every pair).
func BenchmarkRun(b *testing.B) {
	for _, n := range []int{5, 7, 9, 12} {
		for _, kind := range []string{"none", "signs", "adjacent"} {
			b.Run(fmt.Sprintf("n=%d/%s", n, kind), func(b *testing.B) {
				rels := make([]Rel, n-1)
				for i := range rels {
					switch kind {
					case "signs":
						if i%3 == 0 {
							rels[i] = Less
						}
					case "adjacent":
						rels[i] = NotAdjacent
						if i%3 == 1 {
							rels[i] = Adjacent
						}
					}
				}
				for _, strength := range []struct {
					name string
					post func(*csp.Model, []csp.Var, []Rel) error
				}{{"line", Post}, {"windows", PostWindows}} {
					b.Run(strength.name, func(b *testing.B) {
						m := csp.NewModel()
						line := make([]csp.Var, n)
						for i := range line {
							line[i] = m.NewIntVar(1, n, fmt.Sprintf("x%d", i))
						}
						require.NoError(b, strength.post(m, line, rels))
						s := csp.NewSpace(m, csp.Copying)
						require.True(b, s.Propagate())
						x := line[n-1]
						proptest.RunNode(b, s, x, s.Max(x))
					})
				}
			})
		}
	}
}

// windowsHold is the conjunction PostWindows filters: per window with two
// relations, its three values different and both relations holding.
func windowsHold(rels []Rel) func(vals []int) bool {
	return func(vals []int) bool {
		for i := 1; i+1 < len(vals); i++ {
			if rels[i-1] == Any || rels[i] == Any {
				continue
			}
			w := vals[i-1 : i+2]
			if !holds(rels[i-1 : i+1])(w) {
				return false
			}
		}
		return true
	}
}

// The windows alone against brute force, on lines of 3..6 cells: sound,
// and domain consistent when the line has at most one window (each window
// is domain consistent on its own cells, so with two or more only
// soundness is claimed).
func TestWindowsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 3; n <= 6; n++ {
		for _, spare := range []int{0, 2} {
			for trial := range 12 {
				rels := make([]Rel, n-1)
				for i := range rels {
					rels[i] = Rel(rng.IntN(int(numRels)))
				}
				windows := 0
				for i := 1; i < len(rels); i++ {
					if rels[i-1] != Any && rels[i] != Any {
						windows++
					}
				}
				name := fmt.Sprintf("n=%d/values=%d/%v", n, n+spare, rels)
				t.Run(name, func(t *testing.T) {
					proptest.Check(t, proptest.Case{
						Vars: n, MinVal: 1, MaxVal: n + spare,
						Post: func(m *csp.Model, v []csp.Var) {
							require.NoError(t, PostWindows(m, v, rels))
						},
						Holds:    windowsHold(rels),
						Complete: windows <= 1,
						Trials:   40,
						Seed:     uint64(n*100 + spare*10 + trial),
					})
				})
			}
		}
	}
}

// A cell between two bars is neither 1 nor N, and a cell above both its
// neighbours is at least 3: deductions of the window that neither
// relation makes alone.
func TestWindowDeductions(t *testing.T) {
	for _, c := range []struct {
		rels []Rel
		want []int // the middle cell's values after propagation
	}{
		{[]Rel{Adjacent, Adjacent}, []int{2, 3, 4}},
		{[]Rel{Greater, Less}, []int{1, 2, 3}},
		{[]Rel{Less, Greater}, []int{3, 4, 5}},
		{[]Rel{Less, Less}, []int{2, 3, 4}},
	} {
		m := csp.NewModel()
		line := []csp.Var{m.NewIntVar(1, 5, "a"), m.NewIntVar(1, 5, "b"), m.NewIntVar(1, 5, "c")}
		require.NoError(t, PostWindows(m, line, c.rels))
		s := csp.NewSpace(m, csp.Copying)
		require.True(t, s.Propagate())
		assert.Equal(t, c.want, s.Dom(line[1]).AppendValues(nil), "%v", c.rels)
	}
	m := csp.NewModel()
	big := []csp.Var{m.NewIntVar(1, 64, "a"), m.NewIntVar(1, 3, "b"), m.NewIntVar(1, 3, "c")}
	assert.ErrorIs(t, PostWindows(m, big, []Rel{Less, Less}), ErrLine, "value 64")
	assert.ErrorIs(t, PostWindows(m, big[:2], []Rel{Less, Less}), ErrLine, "two relations for two cells")
	assert.Zero(t, m.NumPropagators())
}

// Lines of 7 cells against brute force, with longer walks of narrowings
// and backtracks than TestAgainstBruteForce: the witnesses a propagator
// keeps from run to run, and the searches for new ones, are exercised on
// lines long enough for them to matter.
func TestLongLinesAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	trials := 4
	if testing.Short() {
		trials = 1
	}
	for _, spare := range []int{0, 1} {
		for trial := range trials {
			n := 7
			rels := make([]Rel, n-1)
			for i := range rels {
				if rng.IntN(2) == 0 {
					rels[i] = Rel(rng.IntN(int(numRels)))
				}
			}
			t.Run(fmt.Sprintf("values=%d/%v", n+spare, rels), func(t *testing.T) {
				checkChain(t, rels, n+spare, 15, 16, uint64(spare*10+trial))
			})
		}
	}
}

// checkChain runs the brute-force oracle (soundness and completeness) on a
// chain of len(rels)+1 cells over 1..values: trials random cases, each
// of steps narrowings (0: the oracle's default), from seed.
func checkChain(t *testing.T, rels []Rel, values, trials, steps int, seed uint64) {
	t.Helper()
	proptest.Check(t, proptest.Case{
		Vars: len(rels) + 1, MinVal: 1, MaxVal: values,
		Post: func(m *csp.Model, v []csp.Var) {
			require.NoError(t, Post(m, v, rels))
		},
		Holds:    holds(rels),
		Complete: true,
		Trials:   trials,
		Steps:    steps,
		Seed:     seed,
	})
}
