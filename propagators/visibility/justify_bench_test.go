package visibility_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/visibility"
)

// BenchmarkJustify times the reasons of the facts a clue's propagator
// made true above the root on a 9-cell line with heights 1..9 and clues
// 3 and 4 (both on one Line; one GAC per clue), after random removals
// with a propagation each, and reports their mean length.
func BenchmarkJustify(b *testing.B) {
	for _, st := range []visibility.Strength{visibility.Bounds, visibility.GAC, visibility.Line} {
		b.Run(st.String(), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(9, 9))
			var s *csp.Space
			var todo []int
			for len(todo) < 5 {
				m := csp.NewModel()
				line := make([]csp.Var, 9)
				for i := range line {
					line[i] = m.NewIntVar(1, 9, fmt.Sprint(i))
				}
				if st == visibility.Line {
					require.NoError(b, visibility.PostLine(m, line, 9, 3, 4))
				} else {
					rev := []csp.Var{line[8], line[7], line[6], line[5], line[4], line[3], line[2], line[1], line[0]}
					require.NoError(b, visibility.Post(m, line, 9, 3, st))
					require.NoError(b, visibility.Post(m, rev, 9, 4, st))
				}
				s = csp.NewSpace(m, csp.Trailing)
				require.NoError(b, s.TrackFacts())
				require.True(b, s.Propagate())
				for k := 0; k < 12; k++ {
					x := line[rng.IntN(9)]
					if s.Size(x) < 2 {
						continue
					}
					vals := s.Dom(x).AppendValues(nil)
					s.Push()
					if !s.Remove(x, vals[rng.IntN(len(vals))]) || !s.Propagate() {
						s.Pop()
					}
				}
				todo = todo[:0]
				for i := range s.Facts() {
					if s.FactLevel(i) > 0 && s.Cause(i) >= 0 {
						todo = append(todo, i)
					}
				}
			}
			length := 0
			for _, i := range todo {
				length += len(s.Reason(i, nil))
			}
			var out []csp.Fact
			b.ReportAllocs()
			for b.Loop() {
				for _, i := range todo {
					out = s.Reason(i, out[:0])
				}
			}
			n := float64(len(todo))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/(float64(b.N)*n), "ns/reason")
			b.ReportMetric(float64(length)/n, "facts/reason")
		})
	}
}
