package latinsquare

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// isLatin reports whether sq is a Latin square of order n.
func isLatin(sq [][]int, n int) bool {
	if len(sq) != n {
		return false
	}
	for i := range n {
		row, col := make([]bool, n+1), make([]bool, n+1)
		for j := range n {
			if len(sq[i]) != n || sq[i][j] < 1 || sq[i][j] > n || sq[j][i] < 1 || sq[j][i] > n || row[sq[i][j]] || col[sq[j][i]] {
				return false
			}
			row[sq[i][j]], col[sq[j][i]] = true, true
		}
	}
	return true
}

// TestAll: the known counts of Latin squares (OEIS A002860), each a Latin
// square, none twice, in order.
func TestAll(t *testing.T) {
	for n, want := range []int{0, 1, 2, 12, 576, 161280} {
		t.Run(fmt.Sprint("order", n), func(t *testing.T) {
			all := All(n)
			assert.Len(t, all, want)
			for i, sq := range all {
				assert.True(t, isLatin(sq, n), "%v", sq)
				if i > 0 {
					assert.Negative(t, slices.CompareFunc(all[i-1], sq, slices.Compare[[]int]), "%v before %v", all[i-1], sq)
				}
			}
		})
	}
}

func TestRandomIsLatin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 10 {
		assert.True(t, isLatin(Random(n, rng), n) || n == 0, "order %d", n)
	}
}
