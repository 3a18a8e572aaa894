package channel

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cspgo/csp/csp"
)

// TestAliases: Inverse names n*n pairs of literals, each pair true
// together or false together in every pair of inverse permutations (all
// 4! of order 4, values from 1), and no pair twice.
func TestAliases(t *testing.T) {
	const n, base = 4, 1
	xs, ys := []csp.Var{0, 1, 2, 3}, []csp.Var{4, 5, 6, 7}
	p := newInverse(xs, ys, base)
	type lit struct {
		x csp.Var
		v int
	}
	var pairs [][2]lit
	seen := map[[2]lit]bool{}
	p.Aliases(func(x csp.Var, v int, y csp.Var, w int) {
		q := [2]lit{{x, v}, {y, w}}
		assert.False(t, seen[q], "%v twice", q)
		seen[q] = true
		pairs = append(pairs, q)
	})
	assert.Len(t, pairs, n*n)
	perms := 0
	var walk func(vals []int, used int)
	walk = func(vals []int, used int) {
		if len(vals) == n {
			perms++
			val := make(map[csp.Var]int, 2*n)
			for i, v := range vals {
				val[xs[i]] = v
				val[ys[v-base]] = i + base
			}
			for _, q := range pairs {
				assert.Equal(t, val[q[0].x] == q[0].v, val[q[1].x] == q[1].v, "%v in %v", q, vals)
			}
			return
		}
		for v := base; v < base+n; v++ {
			if used&(1<<v) == 0 {
				walk(append(vals, v), used|1<<v)
			}
		}
	}
	walk(nil, 0)
	assert.Equal(t, 24, perms)
}
