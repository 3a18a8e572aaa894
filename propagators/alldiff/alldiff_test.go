package alldiff_test

import (
	"fmt"
	"testing"

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
	for _, st := range []alldiff.Strength{alldiff.Value, alldiff.Hidden, alldiff.GAC} {
		for i, sh := range shapes {
			t.Run(fmt.Sprintf("%v/%s", st, sh.name), func(t *testing.T) {
				proptest.Check(t, proptest.Case{
					Vars: sh.vars, MinVal: sh.lo, MaxVal: sh.hi,
					Post:     func(m *csp.Model, vars []csp.Var) { alldiff.Post(m, vars, st) },
					Holds:    proptest.Distinct,
					Complete: st == alldiff.GAC,
					Seed:     uint64(i),
				})
			})
		}
	}
}

func TestParseStrength(t *testing.T) {
	for _, st := range []alldiff.Strength{alldiff.Value, alldiff.Hidden, alldiff.GAC} {
		got, err := alldiff.ParseStrength(st.String())
		if err != nil || got != st {
			t.Errorf("round trip of %v gave %v, %v", st, got, err)
		}
	}
	if _, err := alldiff.ParseStrength("strong"); err == nil {
		t.Error("unknown strength accepted")
	}
}

// TestRepeatedVariable: a variable listed twice can never differ from
// itself; GAC must stay sound and fail once things are assigned, next to
// a second group over the same variables that narrows them.
func TestRepeatedVariable(t *testing.T) {
	proptest.Check(t, proptest.Case{
		Vars: 4, MinVal: 1, MaxVal: 5,
		Post: func(m *csp.Model, v []csp.Var) {
			alldiff.Post(m, []csp.Var{v[0], v[1], v[0], v[2]}, alldiff.GAC)
			alldiff.Post(m, v, alldiff.GAC)
		},
		Holds: func([]int) bool { return false },
		Steps: 10,
		Seed:  9,
	})
}
