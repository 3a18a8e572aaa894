package channel_test

import (
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/channel"
)

func TestInverseAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		n       int
		alldiff bool
	}{{2, false}, {3, false}, {3, true}, {4, true}} {
		n := c.n
		proptest.Check(t, proptest.Case{
			Vars: 2 * n, MinVal: 0, MaxVal: n + 1,
			Post: func(m *csp.Model, v []csp.Var) {
				channel.Inverse(m, v[:n], v[n:], 1)
				if c.alldiff {
					alldiff.Post(m, v[:n], alldiff.GAC)
				}
			},
			Holds: func(v []int) bool {
				for i := range n {
					for j := range n {
						if (v[i] == j+1) != (v[n+j] == i+1) {
							return false
						}
					}
					if v[i] < 1 || v[i] > n || v[n+i] < 1 || v[n+i] > n {
						return false
					}
				}
				return true
			},
			Complete: c.alldiff,
			Seed:     uint64(n),
		})
	}
}
