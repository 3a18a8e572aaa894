package lex_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/lex"
)

// lessLex is the ordering on full assignments, as MiniZinc defines it
// for arrays of any lengths.
func lessLex(x, y []int, strict lex.Strictness) bool {
	for i := range min(len(x), len(y)) {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return len(x) < len(y) || len(x) == len(y) && strict == lex.LessEq
}

func TestAgainstBruteForce(t *testing.T) {
	cases := []struct {
		nx, ny int
		lo, hi int
	}{
		{1, 1, 0, 3},
		{2, 2, 0, 3},
		{3, 3, 0, 2},
		{3, 3, -2, 1},        // offset domains
		{2, 2, 70000, 70003}, // offset past MaxValue
		{2, 3, 0, 2},         // x shorter
		{3, 2, 0, 2},         // y shorter
		{0, 2, 0, 2},         // empty x
		{2, 0, 0, 2},         // empty y
	}
	for _, strict := range []lex.Strictness{lex.LessEq, lex.Less} {
		for i, c := range cases {
			name := fmt.Sprintf("strict=%d/%dx%d/%d..%d", strict, c.nx, c.ny, c.lo, c.hi)
			t.Run(name, func(t *testing.T) {
				proptest.Check(t, proptest.Case{
					Vars: c.nx + c.ny, MinVal: c.lo, MaxVal: c.hi,
					Post: func(m *csp.Model, v []csp.Var) {
						require.NoError(t, lex.Post(m, v[:c.nx], v[c.nx:], strict))
					},
					Holds:    func(v []int) bool { return lessLex(v[:c.nx], v[c.nx:], strict) },
					Complete: true,
					Seed:     uint64(i),
				})
			})
		}
	}
}

// TestIntervalsAgainstBruteForce runs the propagator on bounds-only
// domains (an interval), where it reads Min and Max only.
func TestIntervalsAgainstBruteForce(t *testing.T) {
	for _, strict := range []lex.Strictness{lex.LessEq, lex.Less} {
		proptest.Check(t, proptest.Case{
			Vars: 4, MinVal: 0, MaxVal: 3,
			Post: func(m *csp.Model, v []csp.Var) {
				// Wide partners force the interval representation on the
				// copies the constraint is posted on.
				xs := make([]csp.Var, len(v))
				for i, x := range v {
					xs[i] = m.NewIntVar(-1_000_000, 1_000_000, fmt.Sprintf("w%d", i))
					require.NoError(t, lex.Post(m, []csp.Var{xs[i]}, []csp.Var{x}, lex.LessEq))
					require.NoError(t, lex.Post(m, []csp.Var{x}, []csp.Var{xs[i]}, lex.LessEq))
				}
				require.NoError(t, lex.Post(m, xs[:2], xs[2:], strict))
			},
			Holds: func(v []int) bool { return lessLex(v[:2], v[2:], strict) },
			Seed:  uint64(strict),
		})
	}
}

// TestSharedVariablesSound checks that a variable on both sides (at
// different positions, or the same one) never loses a value some
// solution uses.
func TestSharedVariablesSound(t *testing.T) {
	cases := []struct {
		name string
		x, y []int // positions in the case's variables
	}{
		{"swap", []int{0, 1}, []int{1, 0}},
		{"same position", []int{0, 1}, []int{0, 2}},
		{"repeat in x", []int{0, 0, 1}, []int{2, 1, 0}},
	}
	for _, strict := range []lex.Strictness{lex.LessEq, lex.Less} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/strict=%d", c.name, strict), func(t *testing.T) {
				pick := func(v []csp.Var, idx []int) []csp.Var {
					out := make([]csp.Var, len(idx))
					for i, k := range idx {
						out[i] = v[k]
					}
					return out
				}
				pickVals := func(v []int, idx []int) []int {
					out := make([]int, len(idx))
					for i, k := range idx {
						out[i] = v[k]
					}
					return out
				}
				proptest.Check(t, proptest.Case{
					Vars: 3, MinVal: 0, MaxVal: 3,
					Post: func(m *csp.Model, v []csp.Var) {
						require.NoError(t, lex.Post(m, pick(v, c.x), pick(v, c.y), strict))
					},
					Holds: func(v []int) bool { return lessLex(pickVals(v, c.x), pickVals(v, c.y), strict) },
				})
			})
		}
	}
}

func TestPostBadVariable(t *testing.T) {
	m := csp.NewModel()
	a := m.NewIntVar(0, 3, "a")
	err := lex.Post(m, []csp.Var{a}, []csp.Var{7}, lex.Less)
	assert.ErrorIs(t, err, lex.ErrVar)
	assert.Zero(t, m.NumPropagators(), "nothing posted")
}

// TestRowsInOrder counts the 3x2 0/1 matrices whose rows are in
// strictly increasing order: choose 3 of the 4 distinct rows.
func TestRowsInOrder(t *testing.T) {
	m := csp.NewModel()
	rows := make([][]csp.Var, 3)
	for r := range rows {
		rows[r] = []csp.Var{m.NewIntVar(0, 1, ""), m.NewIntVar(0, 1, "")}
	}
	for r := 1; r < len(rows); r++ {
		require.NoError(t, lex.Post(m, rows[r-1], rows[r], lex.Less))
	}
	res := csp.Count(t.Context(), m, csp.Options{}, 0)
	assert.Equal(t, int64(4), res.Solutions)
}
