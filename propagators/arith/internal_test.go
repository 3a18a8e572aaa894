package arith

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
)

// TestShift compares the word shifts with shifting value by value.
func TestShift(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n, m := 1+rng.IntN(4), 1+rng.IntN(4)
		src := make([]uint64, m)
		for i := range src {
			src[i] = rng.Uint64() & rng.Uint64()
		}
		k := rng.IntN(400) - 200
		want := make([]uint64, n)
		for v := range values(src) {
			if u := v + k; u >= 0 && u < 64*n {
				want[u/64] |= 1 << (u % 64)
			}
		}
		got := make([]uint64, n)
		orShift(got, src, k)
		assert.Equal(t, want, got, "orShift by %d of %x", k, src)
		and := make([]uint64, n)
		for i := range and {
			and[i] = rng.Uint64()
		}
		wantAnd := make([]uint64, n)
		for i := range and {
			wantAnd[i] = and[i] & want[i]
		}
		andShift(and, src, k)
		assert.Equal(t, wantAnd, and, "andShift by %d of %x", k, src)
	}
}

// TestTimesBoundsSound checks the bounds path of Times for soundness.
func TestTimesBoundsSound(t *testing.T) {
	timesLimit = 0
	defer func() { timesLimit = TimesLimit }()
	proptest.Check(t, proptest.Case{
		Vars: 3, MinVal: 0, MaxVal: 12,
		Post:  func(m *csp.Model, v []csp.Var) { require.NoError(t, Times(m, v[0], v[1], v[2])) },
		Holds: func(v []int) bool { return v[0]*v[1] == v[2] },
	})
}
