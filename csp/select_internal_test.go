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

// TestOpenDecisionsFollowTheRoot: the scans' list of the variables open
// at the root serves below the root it was made at, and only there: after
// Reset (a wider root) or below a root that was never scanned, a variable
// assigned at the old root must be found again; at the root itself the list
// is made anew.
func TestOpenDecisionsFollowTheRoot(t *testing.T) {
	for _, sel := range []VarSelect{InputOrder, MinDomain, DomWDeg, Activity} {
		for _, oneWord := range []bool{true, false} {
			m := NewModel()
			a := m.NewVar(domains.Range(0, 2), "a")
			b := m.NewVar(domains.Range(0, 2), "b")
			e := NewSearch(m, Options{Var: sel})
			sp := e.space
			sp.oneWord = sp.oneWord && oneWord
			require.True(t, sp.Assign(a, 1))
			require.Equal(t, b, e.selectVar(), "%v: only b is open at the root", sel)
			listed := sel != MinDomain || !sp.oneWord // minDomainOneWord scans them all
			if listed {
				require.Equal(t, []Var{b}, e.open)
			}
			sp.Push()
			require.Equal(t, b, e.selectVar())
			require.True(t, sp.Assign(b, 0))
			require.Equal(t, Var(-1), e.selectVar(), "%v: all assigned", sel)
			sp.Pop()

			e.Reset() // a is open again at the root
			sp.Push()
			require.True(t, sp.Assign(b, 2))
			require.Equal(t, a, e.selectVar(), "%v oneWord %v: a list of an old root hid a", sel, oneWord)
			sp.Pop()
			require.Equal(t, a, e.selectVar(), "%v: the root scanned anew", sel)
			if listed {
				require.Len(t, e.open, 2)
			}
		}
	}
}
