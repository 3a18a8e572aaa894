package csp

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/domains"
)

// TestSelectVarOneWord: on one-word domains, selectVar picks what the
// general scan picks, drawing the same random numbers, for every order
// it serves that way (the one-word scan without random ties has no branch
// on assigned variables: it must still never pick one, and pick -1 when
// all are).
func TestSelectVarOneWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 9))
	for trial := range 300 {
		m := NewModel()
		n := 1 + rng.IntN(40)
		for range n {
			var vals []int
			for v := range 1 + rng.IntN(64) {
				if rng.IntN(3) == 0 {
					vals = append(vals, v)
				}
			}
			if len(vals) == 0 || trial%7 == 6 { // some models with every variable assigned
				vals = []int{rng.IntN(64)}
			}
			m.NewVar(domains.Of(vals...), "x")
		}
		order := []VarSelect{DomWDeg, MaxDensity}[trial%2]
		opts := Options{Var: order, RandomTies: trial%3 != 0, Seed: uint64(trial)}
		fast, slow := NewSearch(m, opts), NewSearch(m, opts)
		for i := range fast.space.wdeg {
			w := int64(rng.IntN(4))
			if trial%5 == 4 {
				w = rng.Int64N(1 << 40) // long runs: weights far above 64
			}
			fast.space.wdeg[i], slow.space.wdeg[i] = w, w
		}
		require.True(t, fast.space.oneWord)
		slow.space.oneWord = false
		for range 5 {
			require.Equal(t, slow.selectVar(), fast.selectVar(), "trial %d", trial)
		}
	}
}
