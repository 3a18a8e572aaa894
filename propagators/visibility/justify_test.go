package visibility_test

import (
	"fmt"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/visibility"
)

// justifyCases are one clue on a short line at the strengths that
// explain (Bounds, GAC), heights 1..n and values around them.
func justifyCases() []proptest.NamedExplaining {
	type jc = proptest.NamedExplaining
	var cases []jc
	for _, st := range []visibility.Strength{visibility.Bounds, visibility.GAC} {
		for _, sh := range []struct{ L, n, clue int }{{3, 3, 2}, {4, 4, 2}, {4, 4, 3}, {4, 5, 1}, {5, 5, 3}, {3, 5, 2}} {
			cases = append(cases, jc{Name: fmt.Sprintf("%v, %d cells, heights 1..%d, clue %d", st, sh.L, sh.n, sh.clue), Explaining: proptest.Explaining{
				Sizes: []int{sh.L}, MinVal: 0, MaxVal: sh.n + 1, Density: 0.5,
				Post:  func(m *csp.Model, v []csp.Var) error { return visibility.Post(m, v, sh.n, sh.clue, st) },
				Holds: func(vals []int) bool { return inRange(vals, sh.n) && seen(vals) == sh.clue },
			}})
		}
	}
	for _, sh := range []struct{ n, front, back int }{{3, 2, 2}, {4, 2, 0}, {4, 1, 2}, {4, 3, 2}, {5, 2, 3}, {5, 0, 4}} {
		cases = append(cases, jc{Name: fmt.Sprintf("line, %d cells, clues %d and %d", sh.n, sh.front, sh.back), Explaining: proptest.Explaining{
			Sizes: []int{sh.n}, MinVal: 0, MaxVal: sh.n + 1, Density: 0.5,
			Post: func(m *csp.Model, v []csp.Var) error { return visibility.PostLine(m, v, sh.n, sh.front, sh.back) },
			Holds: func(vals []int) bool {
				return inRange(vals, sh.n) && proptest.Distinct(vals) &&
					(sh.front == 0 || seen(vals) == sh.front) && (sh.back == 0 || seen(reversed(vals)) == sh.back)
			},
		}})
	}
	return cases
}

// TestJustify: every removal and failure of Bounds, GAC and Line is
// explained by removals that held before it and imply it, by brute force
// (proptest.CheckJustify).
func TestJustify(t *testing.T) { proptest.JustifyTable(t, justifyCases()) }

// FuzzJustify drives CheckJustify from the fuzzer's seeds.
func FuzzJustify(f *testing.F) { proptest.FuzzJustify(f, justifyCases()) }
