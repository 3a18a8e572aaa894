package futoshiki

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/units"
)

// BenchmarkTatham solves the committed Unequal puzzles of each size,
// variant and level (one op: every puzzle of the group once, e.g. the
// three of 08adr), under each way of posting the lines, with the command
// line's search (dom/wdeg, Luby restarts, random ties, seed 1).
func BenchmarkTatham(b *testing.B) {
	groups := map[string][]*Puzzle{}
	var names []string
	for _, row := range tathamRows(b) {
		p, err := ParseUnequal(row.id, 1)
		if err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("%02d%s", p.N, strings.TrimLeft(row.params, "0123456789"))
		if groups[name] == nil {
			names = append(names, name)
		}
		groups[name] = append(groups[name], p)
	}
	slices.Sort(names)
	search := csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby, RandomTies: true, Seed: 1}
	for _, model := range []struct {
		name string
		opt  Options
	}{{"auto", Options{Lines: Auto, AllDiff: alldiff.GAC}}, {"alldiff", strong}, {"units", Options{Lines: Units, Level: units.Hidden}}, {"line", Options{Lines: Line}}} {
		for _, name := range names {
			b.Run(model.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				var solved int
				var nodes int64
				for b.Loop() {
					solved, nodes = 0, 0
					for _, p := range groups[name] {
						g, res, err := Solve(context.Background(), p, model.opt, search)
						if err != nil {
							b.Fatal(err)
						}
						if g != nil {
							solved++
						}
						nodes += res.Stats.Nodes
					}
				}
				if solved != len(groups[name]) {
					b.Fatalf("solved %d of %d", solved, len(groups[name]))
				}
				k := float64(len(groups[name]))
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/k/1e3, "µs/puzzle")
				b.ReportMetric(float64(nodes)/k, "nodes/puzzle")
			})
		}
	}
}

// BenchmarkReuse solves the committed adjacent Unequal puzzles (one op:
// each of them once, sizes 5 to 10) under the command line's default
// model and search, on a model per puzzle (fresh) and through the
// catalog on one model per shape kept from op to op (reused, see
// ShapeOf): the difference is the model's building, the search is the
// same (equal nodes per puzzle).
func BenchmarkReuse(b *testing.B) {
	var puzzles []*Puzzle
	for _, row := range tathamRows(b) {
		p, err := ParseUnequal(row.id, 1)
		if err != nil {
			b.Fatal(err)
		}
		if p.Adjacent {
			puzzles = append(puzzles, p)
		}
	}
	o := settings{Options: Options{Lines: Auto, AllDiff: alldiff.GAC}}
	for _, mode := range []string{"fresh", "reused"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			run := catalog.Run{Cache: &catalog.Cache{}, Search: DomWDegSearch}
			var nodes int64
			for b.Loop() {
				nodes = 0
				for _, p := range puzzles {
					var g [][]int
					var res csp.Result
					var err error
					if mode == "fresh" {
						g, res, err = Solve(context.Background(), p, o.Options, o.search(p, run))
					} else {
						g, res, err = problem{}.Solve(context.Background(), p, o, run)
					}
					if err != nil || g == nil {
						b.Fatal(p.Line, err, res.Status())
					}
					nodes += res.Stats.Nodes
				}
			}
			k := float64(len(puzzles))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/k/1e3, "µs/puzzle")
			b.ReportMetric(float64(nodes)/k, "nodes/puzzle")
		})
	}
}
