package alldiff_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/channel"
)

// latinConflict builds an order-n Latin square completion with holes
// (a random square, each cell given with probability given), as
// problems/latin models it (cells; all-different GAC on rows and columns;
// with symbols, a permutation matrix per value, else the channelled
// view: ColOf and RowOf, each linked to the cells by Inverse, with
// all-different on ColOf's columns), then dives from the root with
// random assignments of the smallest domains until propagation fails: a
// state conflict analysis would explain. It returns the space and its
// propagators, by index.
func latinConflict(tb testing.TB, n int, given float64, symbols bool, seed uint64) (*csp.Space, []posted) {
	rng := rand.New(rand.NewPCG(seed, 20))
	rows, cols, syms := rng.Perm(n), rng.Perm(n), rng.Perm(n)
	m := csp.NewModel()
	var props []posted
	post := func(kind string, err error, vars ...[]csp.Var) {
		require.NoError(tb, err)
		p := posted{kind, map[csp.Var]bool{}}
		for _, vs := range vars {
			for _, x := range vs {
				p.vars[x] = true
			}
		}
		props = append(props, p)
	}
	newGrid := func(name string) [][]csp.Var {
		g := make([][]csp.Var, n)
		for r := range g {
			g[r] = make([]csp.Var, n)
			for c := range g[r] {
				g[r][c] = m.NewIntVar(1, n, fmt.Sprintf("%s%d,%d", name, r, c))
			}
		}
		return g
	}
	column := func(g [][]csp.Var, c int) []csp.Var {
		out := make([]csp.Var, n)
		for r := range out {
			out[r] = g[r][c]
		}
		return out
	}
	cells := newGrid("x")
	for r := range n {
		for c := range n {
			if rng.Float64() < given {
				v := 1 + syms[(rows[r]+cols[c])%n]
				d := domains.Of(v)
				require.NoError(tb, m.Restrict(cells[r][c], d.Words()))
			}
		}
	}
	for i := range n {
		post("alldiff/gac", alldiff.Post(m, cells[i], alldiff.GAC), cells[i])
		post("alldiff/gac", alldiff.Post(m, column(cells, i), alldiff.GAC), column(cells, i))
	}
	if symbols {
		for v := 1; v <= n; v++ {
			post("permutation-matrix", alldiff.PostPermutationMatrix(m, cells, v), cells...)
		}
	} else {
		colOf, rowOf := newGrid("c"), newGrid("r")
		for i := range n {
			post("channel/inverse", channel.Inverse(m, cells[i], colOf[i], 1), cells[i], colOf[i])
			post("channel/inverse", channel.Inverse(m, column(cells, i), rowOf[i], 1), column(cells, i), rowOf[i])
			post("alldiff/gac", alldiff.Post(m, column(colOf, i), alldiff.GAC), column(colOf, i))
		}
	}
	s := csp.NewSpace(m, csp.Trailing)
	require.NoError(tb, s.TrackFacts())
	require.True(tb, s.Propagate(), "the root of a square with holes")
	for range 1000 {
		for {
			best, size := csp.Var(-1), n+1
			for x := range csp.Var(n * n) {
				if k := s.Size(x); k > 1 && k < size {
					best, size = x, k
				}
			}
			if best < 0 {
				break // a solution: dive again
			}
			vals := s.Dom(best).AppendValues(nil)
			s.Push()
			s.SetCause(csp.CauseDecision)
			s.Assign(best, vals[rng.IntN(len(vals))])
			s.SetCause(0)
			if !s.Propagate() {
				return s, props
			}
		}
		for s.Level() > 0 {
			s.Pop()
		}
	}
	tb.Fatal("no dive failed")
	return nil, nil
}

// BenchmarkJustifyLatin times the reasons of every fact a propagator made
// true above the root in conflict states of order-20 Latin square
// completions (about 42% of the cells given, the hardness peak), and
// reports the mean reason length against the generic reason's (every
// fact about the propagator's variables above the root before it), and
// the facts of the reasons that held at the root already (dropped by
// conflict analysis).
func BenchmarkJustifyLatin(b *testing.B) {
	for _, symbols := range []bool{false, true} {
		model := "channeled"
		if symbols {
			model = "symbols"
		}
		s, props := latinConflict(b, 20, 0.42, symbols, 1)
		facts := s.Facts()
		first := len(facts)
		for i := range facts {
			if s.FactLevel(i) > 0 {
				first = i
				break
			}
		}
		todo := map[string][]int{}
		for i := first; i < len(facts); i++ {
			if c := s.Cause(i); c >= 0 {
				todo[props[c].kind] = append(todo[props[c].kind], i)
			}
		}
		b.Logf("%s: %d facts above the root at level %d", model, len(facts)-first, s.Level())
		for _, kind := range slices.Sorted(maps.Keys(todo)) {
			b.Run(model+"/"+kind, func(b *testing.B) {
				var length, atRoot, generic int
				for _, i := range todo[kind] {
					r := s.Reason(i, nil)
					length += len(r)
					for _, f := range r {
						if s.HeldBefore(f, first) {
							atRoot++
						}
					}
					for _, f := range facts[first:i] {
						if props[s.Cause(i)].vars[f.X] {
							generic++
						}
					}
				}
				n := float64(len(todo[kind]))
				b.Logf("%d facts, mean reason %.2f facts (%.2f held at the root), generic %.2f",
					len(todo[kind]), float64(length)/n, float64(atRoot)/n, float64(generic)/n)
				var out []csp.Fact
				b.ReportAllocs()
				for b.Loop() {
					for _, i := range todo[kind] {
						out = s.Reason(i, out[:0])
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/(float64(b.N)*n), "ns/reason")
				b.ReportMetric(float64(length)/n, "facts/reason")
			})
		}
	}
}

// posted is a propagator of latinConflict's model: its kind and its
// variables.
type posted struct {
	kind string
	vars map[csp.Var]bool
}
