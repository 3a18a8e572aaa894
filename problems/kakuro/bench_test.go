package kakuro

import (
	"context"
	"testing"
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
