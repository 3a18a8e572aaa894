package futoshiki

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/units"
)

// BenchmarkTatham solves the committed Unequal puzzles of each size and
// variant (one op: every puzzle of the group once), under each way of
// posting the lines, with the command line's search (dom/wdeg, Luby
// restarts).
func BenchmarkTatham(b *testing.B) {
	groups := map[string][]*Puzzle{}
	var names []string
	for _, row := range tathamRows(b) {
		p, err := ParseUnequal(row.id, 1)
		if err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("size=%02d", p.N)
		if p.Adjacent {
			name += "a"
		}
		if groups[name] == nil {
			names = append(names, name)
		}
		groups[name] = append(groups[name], p)
	}
	slices.Sort(names)
	search := csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby, Seed: 1}
	for _, model := range []struct {
		name string
		opt  Options
	}{{"alldiff", strong}, {"units", Options{Lines: Units, Level: units.Hidden}}, {"line", Options{Lines: Line}}} {
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
