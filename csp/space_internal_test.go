package csp

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFirsts: the position of each variable's first occurrence, in order,
// on short lists (scanned) and long ones (through a set).
func TestFirsts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		n := rng.IntN(70)
		vars := make([]Var, n)
		for i := range vars {
			vars[i] = Var(rng.IntN(n/2 + 1))
		}
		var want []int
		seen := map[Var]bool{}
		for k, x := range vars {
			if !seen[x] {
				seen[x] = true
				want = append(want, k)
			}
		}
		got := firsts(vars)
		if len(want) == 0 {
			require.Empty(t, got)
			continue
		}
		require.Equal(t, want, got, "%v", vars)
	}
}
