package latin

import (
	"context"
	"os"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

func loadInstance(tb testing.TB, path string) *Instance {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	inst, err := Parse(string(b))
	if err != nil {
		tb.Fatal(err)
	}
	return inst
}

// mustBuild is Build for an instance that has a model.
func mustBuild(tb testing.TB, inst *Instance, opt Options) *Model {
	tb.Helper()
	m, err := Build(context.Background(), inst, opt)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// BenchmarkSolve solves fixed instances with the plain configuration
// (GAC, each view, dom/wdeg, Luby restarts, seed 1), and with the command
// line's (DefaultOptions and DefaultSearch: the staged solve).
func BenchmarkSolve(b *testing.B) {
	for _, name := range []string{"qwh-o30-h0312-s000801", "bqwh-o30-h0378-s001200", "bqwh-o35-h0515-s001250"} {
		inst := loadInstance(b, "testdata/generated/"+name+".txt")
		b.Run(name+"/default", func(b *testing.B) { benchSolve(b, inst, DefaultOptions, DefaultSearch) })
		for _, view := range []View{Channeled, RowCol, Symbols} {
			b.Run(name+"/"+view.String(), func(b *testing.B) {
				benchSolve(b, inst, Options{AllDiff: alldiff.GAC, View: view},
					csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby, RandomTies: true, Seed: 1})
			})
		}
	}
}

// benchSolve solves inst b.N times, reporting the search nodes per solve.
func benchSolve(b *testing.B, inst *Instance, opt Options, search csp.Options) {
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		g, res, err := Solve(context.Background(), inst, opt, search)
		if err != nil || g == nil {
			b.Fatalf("not solved: %v", err)
		}
		nodes += res.Stats.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkNode runs the search b.N nodes into a hard instance and reports
// time and allocations per node: after warm-up (saved states for each depth
// are allocated once) a node must allocate nothing.
func BenchmarkNode(b *testing.B) {
	inst := loadInstance(b, "testdata/generated/qwh-o35-h0396-s000851.txt")
	for _, view := range []View{Channeled, RowCol} {
		for _, mode := range []csp.SaveMode{csp.Copying, csp.Trailing} {
			name := view.String() + "/copying"
			if mode == csp.Trailing {
				name = view.String() + "/trailing"
			}
			b.Run(name, func(b *testing.B) {
				m := mustBuild(b, inst, Options{AllDiff: alldiff.GAC, View: view})
				e := csp.NewSearch(m.Model, csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby, RandomTies: true, Seed: 1,
					SaveMode: mode, NodeLimit: int64(b.N)})
				b.ReportAllocs()
				b.ResetTimer()
				res := e.Run(context.Background(), 1, func(*csp.Space) bool { return true })
				if res.Stats.Nodes < int64(b.N) && res.Solutions == 0 {
					b.Fatalf("stopped after %d nodes", res.Stats.Nodes)
				}
			})
		}
	}
}

// BenchmarkPropagate measures one propagation to fixpoint in steady state:
// save, remove a value from a cell, propagate, restore.
func BenchmarkPropagate(b *testing.B) {
	inst := loadInstance(b, "testdata/generated/bqwh-o35-h0515-s001250.txt")
	m := mustBuild(b, inst, Options{AllDiff: alldiff.GAC, View: RowCol})
	s := csp.NewSpace(m.Model, csp.Copying)
	if !s.Propagate() {
		b.Fatal("root failed")
	}
	var cells []csp.Var
	for _, x := range m.Board.Vars {
		if !s.Assigned(x) {
			cells = append(cells, x)
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		x := cells[i%len(cells)]
		i++
		s.Push()
		s.Remove(x, s.Min(x))
		s.Propagate()
		s.Pop()
	}
}

// BenchmarkLocalSearch times the local search's moves on Gomes's
// order-33 square, which takes it millions of moves to solve: each op is
// 1,000 moves of one long run (the moves are the same from run to run).
func BenchmarkLocalSearch(b *testing.B) {
	inst := loadInstance(b, "testdata/gomes/qwh.order33.holes381.txt")
	l, err := NewLocalSearch(inst, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if l.Run(context.Background(), 1000) {
			b.StopTimer()
			if l, err = NewLocalSearch(inst, uint64(l.Moves())); err != nil { // solved: start another
				b.Fatal(err)
			}
			b.StartTimer()
		}
	}
}
