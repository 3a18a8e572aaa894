package alldiff_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
)

func TestAgainstBruteForce(t *testing.T) {
	shapes := []struct {
		name         string
		vars, lo, hi int
	}{
		{"3 vars over 4 values", 3, 1, 4},
		{"4 vars over 4 values", 4, 1, 4},
		{"5 vars over 5 values", 5, 0, 4},
		{"5 vars over 6 values", 5, 1, 6},
		{"4 vars across a word boundary", 4, 61, 66},
		{"6 vars over 6 values", 6, 1, 6},
	}
	for _, st := range []alldiff.Strength{alldiff.Value, alldiff.Hidden, alldiff.GAC, alldiff.Auto} {
		for i, sh := range shapes {
			t.Run(fmt.Sprintf("%v/%s", st, sh.name), func(t *testing.T) {
				proptest.Check(t, proptest.Case{
					Vars: sh.vars, MinVal: sh.lo, MaxVal: sh.hi,
					Post:     func(m *csp.Model, vars []csp.Var) { require.NoError(t, alldiff.Post(m, vars, st)) },
					Holds:    proptest.Distinct,
					Complete: st >= alldiff.GAC, // Auto is GAC in a space that does not track facts
					Seed:     uint64(i),
				})
			})
		}
	}
}

func TestParseStrength(t *testing.T) {
	for _, st := range []alldiff.Strength{alldiff.Value, alldiff.Hidden, alldiff.GAC, alldiff.Auto} {
		got, err := alldiff.ParseStrength(st.String())
		require.NoError(t, err)
		assert.Equal(t, st, got)
	}
	_, err := alldiff.ParseStrength("strong")
	assert.ErrorIs(t, err, alldiff.ErrStrength)
	assert.ErrorContains(t, err, `"strong" (want value, hidden, gac or auto)`)
}

func TestPostBadArguments(t *testing.T) {
	cases := []struct {
		name     string
		vars     []csp.Var
		strength alldiff.Strength
		want     error
		msg      string
	}{
		{"unknown strength", []csp.Var{0, 1, 2}, alldiff.Auto + 1, alldiff.ErrStrength, "Strength(4)"},
		{"unknown strength on two variables", []csp.Var{0, 1}, 7, alldiff.ErrStrength, "Strength(7)"},
		{"variable not in the model", []csp.Var{0, 1, 9}, alldiff.Value, alldiff.ErrVars, "variable 9 at position 2"},
		{"negative variable", []csp.Var{-1, 0, 1}, alldiff.Hidden, alldiff.ErrVars, "variable -1 at position 0"},
		{"one variable, not in the model", []csp.Var{3}, alldiff.GAC, alldiff.ErrVars, "variable 3 at position 0"},
		{"two variables, one not in the model", []csp.Var{0, 5}, alldiff.GAC, alldiff.ErrVars, "variable 5"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			for i := range 3 {
				m.NewIntVar(1, 3, fmt.Sprint("x", i))
			}
			err := alldiff.Post(m, c.vars, c.strength)
			require.ErrorIs(t, err, c.want)
			assert.ErrorContains(t, err, c.msg)
			assert.Zero(t, m.NumPropagators(), "nothing posted")
		})
	}
}

func TestPostPermutationMatrixBadArguments(t *testing.T) {
	cases := []struct {
		name  string
		cells [][]csp.Var
		v     int
		msg   string
	}{
		{"ragged grid", [][]csp.Var{{0, 1}, {2}}, 1, "row 2 has 1 cells in a grid of 2 rows"},
		{"wide grid", [][]csp.Var{{0, 1, 2}, {3, 0, 1}}, 1, "row 1 has 3 cells"},
		{"negative value", [][]csp.Var{{0, 1}, {2, 3}}, -1, "value -1 outside 0..65535"},
		{"value above MaxValue", [][]csp.Var{{0, 1}, {2, 3}}, 1 << 20, "outside 0..65535"},
		{"cell not in the model", [][]csp.Var{{0, 1}, {2, 4}}, 1, "variable 4 at position 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			for i := range 4 {
				m.NewIntVar(1, 2, fmt.Sprint("x", i))
			}
			err := alldiff.PostPermutationMatrix(m, c.cells, c.v)
			require.ErrorIs(t, err, alldiff.ErrVars)
			assert.ErrorContains(t, err, c.msg)
			assert.Zero(t, m.NumPropagators(), "nothing posted")
		})
	}
}

// TestRepeatedVariable: a variable listed twice can never differ from
// itself; GAC must stay sound and fail once things are assigned, next to
// a second group over the same variables that narrows them.
func TestRepeatedVariable(t *testing.T) {
	proptest.Check(t, proptest.Case{
		Vars: 4, MinVal: 1, MaxVal: 5,
		Post: func(m *csp.Model, v []csp.Var) {
			require.NoError(t, alldiff.Post(m, []csp.Var{v[0], v[1], v[0], v[2]}, alldiff.GAC))
			require.NoError(t, alldiff.Post(m, v, alldiff.GAC))
		},
		Holds: func([]int) bool { return false },
		Steps: 10,
		Seed:  9,
	})
}

// TestRefusesOffsetDomains: all-different reads domain words as values,
// so a variable with negative values (an offset domain) or an interval is
// refused with csp.ErrWords, naming it, and nothing is posted.
func TestRefusesOffsetDomains(t *testing.T) {
	for _, c := range []struct{ lo, hi int }{{-2, 3}, {0, 1 << 20}} {
		m := csp.NewModel()
		x := m.NewIntVar(c.lo, c.hi, "neg")
		y := m.NewIntVar(0, 3, "y")
		err := alldiff.Post(m, []csp.Var{y, x}, alldiff.GAC)
		require.ErrorIs(t, err, csp.ErrWords)
		assert.ErrorContains(t, err, "neg has values")
		assert.Equal(t, 0, m.NumPropagators())
	}
}

// TestAutoFiltersAsHiddenWhileTracking: Auto removes what GAC removes in
// a space that does not track facts, and only what Hidden removes in one
// that does (a search learning clauses), from the same domains: the
// hidden singles of a group that is a permutation of its values, and
// only the assigned values (Value) in one that has more values than
// variables.
func TestAutoFiltersAsHiddenWhileTracking(t *testing.T) {
	for _, perm := range []bool{true, false} {
		m := csp.NewModel()
		top := 4 // a, b hold 1, 2; c, d the rest, 3 and 4, or 3 to 5
		if !perm {
			top = 5
		}
		x := []csp.Var{m.NewIntVar(1, 2, "a"), m.NewIntVar(1, 2, "b"), m.NewIntVar(1, top, "c"), m.NewIntVar(1, top, "d")}
		require.NoError(t, alldiff.Post(m, x, alldiff.Auto))
		for _, tracking := range []bool{false, true} {
			where := fmt.Sprintf("permutation=%v tracking=%v", perm, tracking)
			s := csp.NewSpace(m, csp.Copying)
			if tracking {
				require.NoError(t, s.TrackFacts())
			}
			require.True(t, s.Propagate())
			if tracking { // Hidden: no value with one place, nothing assigned
				assert.Equal(t, top, s.Size(x[2]), where)
			} else { // GAC: {a, b} hold 1 and 2 between them
				assert.Equal(t, top-2, s.Size(x[2]), where)
			}
			s.Push()
			require.True(t, s.Assign(x[2], 3))
			require.True(t, s.Propagate())
			assert.False(t, s.Contains(x[3], 3), "%s: the assigned value stays in d", where)
			// GAC assigns d = 4 in the permutation, and so does Hidden
			// (4 has one place left); past it, only GAC narrows d.
			assert.Equal(t, perm, s.Assigned(x[3]), where)
			want := 2
			if tracking {
				want = top - 1
			}
			if !perm {
				assert.Equal(t, want, s.Size(x[3]), where)
			}
		}
	}
}
