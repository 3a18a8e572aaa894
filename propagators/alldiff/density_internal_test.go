package alldiff

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
)

// mincDensities computes the densities of Densities from their definition:
// for x = v, the Brégman-Minc bound of the group with x fixed and v taken
// from every other domain, the product of (d!)^(1/d) (0 for d = 0), over
// the sum of those bounds over x's values.
func mincDensities(doms [][]int, x int) map[int]float64 {
	f := func(d int) float64 {
		if d == 0 {
			return 0
		}
		lg, _ := math.Lgamma(float64(d + 1))
		return math.Exp(lg / float64(d))
	}
	bound := map[int]float64{}
	sum := 0.0
	for _, v := range doms[x] {
		b := 1.0
		for y, d := range doms {
			if y == x {
				continue
			}
			left := 0
			for _, w := range d {
				if w != v {
					left++
				}
			}
			b *= f(left)
		}
		bound[v] = b
		sum += b
	}
	for v := range bound {
		if sum > 0 {
			bound[v] /= sum
		} else {
			bound[v] = 0
		}
	}
	return bound
}

func TestDensitiesMatchTheBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for round := range 300 {
		k := 2 + rng.IntN(6)
		hi := k + rng.IntN(3)
		if round%50 == 0 {
			hi = 70 // two words of values
		}
		doms := proptest.RandomDomains(rng, k, 1, hi)
		m := csp.NewModel()
		vars := make([]csp.Var, k)
		for i, d := range doms {
			vars[i] = m.NewVar(domains.Of(d...), "x")
		}
		s := csp.NewSpace(m, csp.Copying)
		g := newGroup(vars, domains.WordsFor(hi+1))
		got := map[[2]int]float64{}
		g.Densities(s, func(i, v int, d float64) {
			_, seen := got[[2]int{i, v}]
			require.False(t, seen, "round %d: x%d = %d yielded twice", round, i, v)
			got[[2]int{i, v}] = d
		})
		for i, d := range doms {
			if len(d) == 1 {
				for key := range got {
					require.NotEqual(t, i, key[0], "round %d: assigned x%d got densities", round, i)
				}
				continue
			}
			want := mincDensities(doms, i)
			total := 0.0
			for _, v := range d {
				dv, ok := got[[2]int{i, v}]
				require.True(t, ok, "round %d: no density for x%d = %d (domains %v)", round, i, v, doms)
				require.InDelta(t, want[v], dv, 1e-9, "round %d: x%d = %d, domains %v", round, i, v, doms)
				total += dv
			}
			if total > 0 {
				require.InDelta(t, 1, total, 1e-9, "round %d: x%d's densities", round, i)
			}
		}
	}
}

func TestDensitiesShapes(t *testing.T) {
	m := csp.NewModel()
	vars := []csp.Var{
		m.NewVar(domains.Of(1, 2, 3), "a"),
		m.NewVar(domains.Of(1, 2, 3), "b"),
		m.NewVar(domains.Of(3), "c"),
		m.NewVar(domains.Of(1, 2, 3, 4), "d"),
	}
	s := csp.NewSpace(m, csp.Copying)
	g := newGroup(vars, 1)
	got := map[[2]int]float64{}
	g.Densities(s, func(i, v int, d float64) { got[[2]int{i, v}] = d })
	// c holds 3: no other variable may take it.
	require.Zero(t, got[[2]int{0, 3}])
	require.Zero(t, got[[2]int{3, 3}])
	// a and b are alike: 1 and 2 share their solutions evenly.
	require.InDelta(t, 0.5, got[[2]int{0, 1}], 1e-12)
	require.InDelta(t, got[[2]int{0, 1}], got[[2]int{1, 2}], 1e-12)
	// 4 fits d alone: the value no other variable wants is d's likeliest.
	require.Greater(t, got[[2]int{3, 4}], got[[2]int{3, 1}])
}
