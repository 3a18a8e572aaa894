package kakuro

import (
	"context"
	"strings"
	"testing"

	"github.com/cspgo/csp/propagators/linear"
)

// BenchmarkCorpus solves each committed corpus (one op: every puzzle of
// it once) under each model, with DefaultSearch; the puzzles are read
// once, outside the loop, and every solution is checked after it.
func BenchmarkCorpus(b *testing.B) {
	for _, c := range corpora {
		ps := corpus(b, c.file)
		for _, model := range []Posting{DistinctSum, Split} {
			b.Run(model.String()+"/"+c.file, func(b *testing.B) {
				b.ReportAllocs()
				var grids [][][]int
				var nodes int64
				for b.Loop() {
					grids, nodes = grids[:0], 0
					for _, p := range ps {
						g, res, err := Solve(context.Background(), p, Options{Model: model}, DefaultSearch)
						if err != nil {
							b.Fatal(err)
						}
						grids = append(grids, g)
						nodes += res.Stats.Nodes
					}
				}
				for i, g := range grids {
					if err := Check(ps[i], g); err != nil {
						b.Fatalf("puzzle %d: %v", i+1, err)
					}
				}
				k := float64(len(ps))
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/k/1e3, "µs/puzzle")
				b.ReportMetric(float64(nodes)/k, "nodes/puzzle")
			})
		}
	}
}

// BenchmarkSuite builds (build) or builds and solves (solve) every puzzle
// of the embedded bench suite once per op, with the command line's
// options, each model on its own (fresh) or sharing a
// linear.DistinctSums from op to op (sums, as a worker of csp bench
// does), and reports the time, allocations and nodes per puzzle.
func BenchmarkSuite(b *testing.B) {
	ps := suitePuzzles(b)
	for _, cache := range []string{"fresh", "sums"} {
		for _, solve := range []bool{false, true} {
			name := cache + "/build"
			if solve {
				name = cache + "/solve"
			}
			b.Run(name, func(b *testing.B) {
				var opt Options
				if cache == "sums" {
					opt.Sums = &linear.DistinctSums{}
				}
				b.ReportAllocs()
				var nodes int64
				for b.Loop() {
					nodes = 0
					for _, p := range ps {
						if !solve {
							if _, err := Build(p, opt); err != nil {
								b.Fatal(err)
							}
							continue
						}
						_, res, err := Solve(context.Background(), p, opt, DefaultSearch)
						if err != nil {
							b.Fatal(err)
						}
						nodes += res.Stats.Nodes
					}
				}
				k := float64(len(ps))
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/k/1e3, "µs/puzzle")
				b.ReportMetric(float64(nodes)/k, "nodes/puzzle")
			})
		}
	}
}

// suitePuzzles reads the embedded bench suite.
func suitePuzzles(tb testing.TB) []*Puzzle {
	tb.Helper()
	var ps []*Puzzle
	for it := range Read(strings.NewReader(suite)) {
		if it.Err != nil {
			tb.Fatal(it.Err)
		}
		ps = append(ps, it.Value)
	}
	return ps
}
