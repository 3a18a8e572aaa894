package skyscraper

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// cliSearch is the search `csp solve` runs by default.
var cliSearch = DefaultSearch

// tathamGroup reads the puzzles of one size and level (e, h, x or u) of
// testdata/tatham-dev.tsv.
func tathamGroup(tb testing.TB, size int, level string) []*Puzzle {
	tb.Helper()
	return tathamFrom(tb, size, level, "testdata/tatham-dev.tsv")
}

// tathamFrom reads the puzzles of one size and level of the files, in
// their order.
func tathamFrom(tb testing.TB, size int, level string, files ...string) []*Puzzle {
	tb.Helper()
	var ps []*Puzzle
	for _, name := range files {
		f, err := os.ReadFile(name)
		require.NoError(tb, err)
		for _, line := range strings.Split(string(f), "\n") {
			c := strings.Split(line, "\t")
			if len(c) < 4 || c[0] != fmt.Sprint(size) || c[1] != level {
				continue
			}
			p, err := ParseTowers(c[3], 1)
			require.NoError(tb, err)
			ps = append(ps, p)
		}
	}
	require.NotEmpty(tb, ps)
	return ps
}

// solveAll solves every puzzle of ps as the command line does by default
// (model built, solution checked) and returns the search nodes.
func solveAll(b *testing.B, ps []*Puzzle) int64 {
	var nodes int64
	for _, p := range ps {
		g, res, err := Solve(context.Background(), p, strong, cliSearch)
		if err != nil || g == nil {
			b.Fatalf("not solved: %v %v", err, res.Status())
		}
		nodes += res.Stats.Nodes
	}
	return nodes
}

// BenchmarkTatham solves the ten puzzles of each size and level of
// Tatham's (7 to 9) at the command line's defaults; one op is the ten.
// bench/skyscraper/tatham.sh times the same through the command line.
func BenchmarkTatham(b *testing.B) {
	for _, size := range []int{7, 8, 9} {
		for _, level := range []string{"e", "h", "x", "u"} {
			b.Run(fmt.Sprintf("%d%s", size, level), func(b *testing.B) {
				ps := tathamGroup(b, size, level)
				b.ReportAllocs()
				var nodes int64
				for b.Loop() {
					nodes = solveAll(b, ps)
				}
				b.ReportMetric(float64(nodes)/float64(len(ps)), "nodes/puzzle")
			})
		}
	}
}

// BenchmarkLarge solves boards made from random Latin squares (all the
// clues, or half: `csp generate skyscraper --size N --clues P --seed S`)
// at the command line's defaults; one op is one board.
func BenchmarkLarge(b *testing.B) {
	for _, n := range []int{12, 16} {
		for _, keep := range []float64{1, 0.5} {
			for seed := uint64(1); seed <= 3; seed++ {
				p, _, err := Random(n, keep, seed)
				require.NoError(b, err)
				b.Run(fmt.Sprintf("n=%d/clues=%.0f%%/seed=%d", n, keep*100, seed), func(b *testing.B) {
					var nodes int64
					for b.Loop() {
						nodes = solveAll(b, []*Puzzle{p})
					}
					b.ReportMetric(float64(nodes), "nodes")
				})
			}
		}
	}
}

// BenchmarkRoot times what a solve spends before its search on the ten 9×9
// unreasonable puzzles: building the model, then making a space, then
// propagating at the root (each stage includes the ones before); one op
// is the ten.
func BenchmarkRoot(b *testing.B) {
	ps := tathamGroup(b, 9, "u")
	for _, stage := range []string{"build", "space", "propagate"} {
		b.Run(stage, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, p := range ps {
					m, err := Build(context.Background(), p, strong)
					if err != nil {
						b.Fatal(err)
					}
					if stage == "build" {
						continue
					}
					s := csp.NewSpace(m.Model, csp.Copying)
					if stage == "propagate" && !s.Propagate() {
						b.Fatal("failed at the root")
					}
				}
			}
		})
	}
}

// BenchmarkBatch solves the ten puzzles of each size and level of
// Tatham's through the catalog, as a batch of `csp solve` does on one
// worker: the worker's model of each size is built once and reused, so
// an op (the ten) is their search, their clues and givens posed, and
// each solution checked. The first run of each size builds its model
// outside the timed loop.
func BenchmarkBatch(b *testing.B) {
	e, ok := catalog.Lookup("skyscraper")
	require.True(b, ok)
	for _, size := range []int{4, 5, 6, 7, 8, 9} {
		for _, level := range []string{"e", "h", "x", "u"} {
			b.Run(fmt.Sprintf("%d%s", size, level), func(b *testing.B) {
				ps := tathamGroup(b, size, level)
				s := catalog.NewSettings(e)
				s.Search = csp.Options{Var: csp.DomWDeg, Val: csp.ValMin, Restarts: csp.Luby, Seed: 1, RandomTies: true}
				require.NoError(b, e.Configure(s))
				var c catalog.Cache
				solve := func() int64 {
					var nodes int64
					for _, p := range ps {
						g, res, err := e.Solve(context.Background(), p, s, &c)
						if err != nil || g == nil {
							b.Fatalf("not solved: %v %v", err, res.Status())
						}
						nodes += res.Stats.Nodes
					}
					return nodes
				}
				solve()
				b.ReportAllocs()
				var nodes int64
				for b.Loop() {
					nodes = solve()
				}
				b.ReportMetric(float64(nodes)/float64(len(ps)), "nodes/puzzle")
			})
		}
	}
}

// tathamCell reads the puzzles of one size and level of both Tatham sets
// (testdata/tatham-dev.tsv and tatham-dev-more.tsv, 20 a cell), in the
// order bench/skyscraper/against-tatham.sh runs them.
func tathamCell(tb testing.TB, size int, level string) []*Puzzle {
	tb.Helper()
	return tathamFrom(tb, size, level, "testdata/tatham-dev.tsv", "testdata/tatham-dev-more.tsv")
}

// BenchmarkSmall solves the 20 puzzles of each of Tatham's smallest cells
// as `csp solve skyscraper` does at its defaults, on one worker's reused
// model (built outside the timed loop); one op is one puzzle, so that
// ns/op and allocs/op are an instance's fixed costs. BenchmarkSmallFirst
// is the same with a new worker's cache per op: the model's build and the
// first search on it.
func BenchmarkSmall(b *testing.B) {
	benchSmall(b, false)
}

func BenchmarkSmallFirst(b *testing.B) {
	benchSmall(b, true)
}

func benchSmall(b *testing.B, fresh bool) {
	e, ok := catalog.Lookup("skyscraper")
	require.True(b, ok)
	for _, cell := range []struct {
		size  int
		level string
	}{{4, "e"}, {4, "h"}, {4, "x"}, {5, "e"}} {
		b.Run(fmt.Sprintf("%d%s", cell.size, cell.level), func(b *testing.B) {
			ps := tathamCell(b, cell.size, cell.level)
			s := catalog.NewSettings(e)
			require.NoError(b, e.Configure(s))
			var c catalog.Cache
			solve := func(p *Puzzle) {
				g, res, err := e.Solve(context.Background(), p, s, &c)
				if err != nil || g == nil {
					b.Fatalf("not solved: %v %v", err, res.Status())
				}
			}
			solve(ps[0])
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if fresh {
					c = catalog.Cache{}
				}
				solve(ps[i%len(ps)])
				i++
			}
		})
	}
}
