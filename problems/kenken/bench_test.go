package kenken

import (
	"context"
	"strings"
	"testing"

	"github.com/cspgo/csp/propagators/alldiff"
)

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

// BenchmarkSuite builds (build) or builds and solves (solve) every puzzle
// of the embedded bench suite once per op, with the command line's
// options, listing every cage's table (fresh) or keeping them in a Tables
// from op to op (tables, as a worker of csp bench does), and reports the
// time, allocations and nodes per puzzle.
func BenchmarkSuite(b *testing.B) {
	ps := suitePuzzles(b)
	for _, cache := range []string{"fresh", "tables"} {
		for _, solve := range []bool{false, true} {
			name := cache + "/build"
			if solve {
				name = cache + "/solve"
			}
			b.Run(name, func(b *testing.B) {
				opt := Options{AllDiff: alldiff.GAC}
				if cache == "tables" {
					opt.Tables = &Tables{}
				}
				b.ReportAllocs()
				var nodes int64
				for b.Loop() {
					nodes = 0
					for _, p := range ps {
						if !solve {
							if _, err := Build(context.Background(), p, opt); err != nil {
								b.Fatal(err)
							}
							continue
						}
						_, res, err := Solve(context.Background(), p, opt, search)
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
