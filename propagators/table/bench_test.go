package table_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/table"
)

// BenchmarkTable times one search node on a table: save, remove a value
// of the first variable (its largest and smallest in turn, so that no node
// finds the domains of the one before, which the propagator's stack would
// answer at once), propagate, restore. KenKen cages
// over 1..9 (a product cage in a 2×2 square, a sum cage in an L of five
// cells) and random tables of five variables over 0..9 with 100 to 20,000
// tuples.
func BenchmarkTable(b *testing.B) {
	square := [][2]int{{0, 1}, {2, 3}, {0, 2}, {1, 3}}
	ell := [][2]int{{0, 1}, {0, 2}, {1, 2}, {2, 3}, {2, 4}, {3, 4}} // 0,1,2 in a column, 2,3,4 in a row
	benches := []struct {
		name   string
		arity  int
		tuples func() ([][]int, error)
	}{
		{"kenken/mul=144/4cells", 4, func() ([][]int, error) { return table.Cage(context.Background(), table.Mul, 144, 9, 4, square) }},
		{"kenken/add=25/5cells", 5, func() ([][]int, error) { return table.Cage(context.Background(), table.Add, 25, 9, 5, ell) }},
	}
	for _, n := range []int{100, 2000, 20000} {
		benches = append(benches, struct {
			name   string
			arity  int
			tuples func() ([][]int, error)
		}{fmt.Sprintf("random/%d", n), 5, func() ([][]int, error) {
			rng := rand.New(rand.NewPCG(uint64(n), 1))
			out := make([][]int, n)
			for i := range out {
				out[i] = []int{rng.IntN(10), rng.IntN(10), rng.IntN(10), rng.IntN(10), rng.IntN(10)}
			}
			return out, nil
		}})
	}
	for _, bc := range benches {
		for _, deep := range []bool{false, true} {
			name := bc.name + "/root"
			if deep {
				name = bc.name + "/deep"
			}
			b.Run(name, func(b *testing.B) {
				tuples, err := bc.tuples()
				require.NoError(b, err)
				m := csp.NewModel()
				xs := make([]csp.Var, bc.arity)
				for i := range xs {
					xs[i] = m.NewIntVar(0, 9, fmt.Sprintf("x%d", i))
				}
				require.NoError(b, table.Post(context.Background(), m, xs, tuples))
				s := csp.NewSpace(m, csp.Copying)
				require.True(b, s.Propagate())
				if deep {
					narrow(b, s, xs[1:])
				}
				x := xs[0]
				vals := [2]int{s.Max(x), s.Min(x)}
				b.ReportMetric(float64(len(tuples)), "tuples")
				b.ReportAllocs()
				ok, i := true, 0
				for b.Loop() {
					s.Push()
					s.Remove(x, vals[i&1])
					ok = s.Propagate() && ok
					s.Pop()
					i++
				}
				require.True(b, ok)
			})
		}
	}
}

// narrow takes a search path below the root: one node per variable, each
// removing the larger half of its values, as long as the first variable
// keeps three values and propagation succeeds.
func narrow(b *testing.B, s *csp.Space, xs []csp.Var) {
	b.Helper()
	for _, x := range xs {
		vals := s.Dom(x).AppendValues(nil)
		s.Push()
		for _, v := range vals[len(vals)/2:] {
			s.Remove(x, v)
		}
		if !s.Propagate() || s.Size(x) < 3 {
			s.Pop()
		}
	}
}
