package sudoku

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// ladder is every strength of the tables in docs/BENCHMARKS.md (section
// "Sudoku: the public sets, every strength, beside qqwing"), with both
// views.
var ladder = []Options{
	{View: Units, AllDiff: alldiff.Value},
	{View: Units, AllDiff: alldiff.Hidden},
	{View: Units, AllDiff: alldiff.Hidden, BoxLine: true},
	{View: Units, AllDiff: alldiff.GAC, BoxLine: true},
	{View: Generic, AllDiff: alldiff.Value},
	{View: Generic, AllDiff: alldiff.Hidden, BoxLine: true},
	{View: Generic, AllDiff: alldiff.GAC, BoxLine: true},
	{View: Units, AllDiff: alldiff.Hidden, BoxLine: true, Chutes: true},
}

func (o Options) String() string {
	s := o.View.String() + "/" + o.AllDiff.String()
	if o.BoxLine {
		s += "+boxline"
	}
	if o.CageBounds {
		s += "+cagebounds"
	}
	if o.Chutes {
		s += "+chutes"
	}
	return s
}

// samples returns the sample puzzles of a set and their solutions (nil
// for serg_benchmark, whose puzzles have several).
func samples(t testing.TB, name string) (ps []*Puzzle, sols [][]int) {
	t.Helper()
	ps = readPuzzles(t, filepath.Join("testdata", "samples", name+".txt"))
	if _, err := os.Stat(filepath.Join("testdata", "samples", name+".sol.txt")); err == nil {
		for _, s := range readPuzzles(t, filepath.Join("testdata", "samples", name+".sol.txt")) {
			sols = append(sols, s.Cells)
		}
	}
	return ps, sols
}

var sets = []string{"17_clue", "magictour_top1465", "forum_hardest_1905_11plus", "forum_hardest_1106", "norvig_top95", "norvig_hardest", "serg_benchmark"}

// TestSamplesEveryStrength solves the samples of every public set under
// every strength and view, reusing one solver per configuration: each
// answer is the known solution (or, for serg_benchmark, a valid one), and
// counting to 2 says unique (serg: multiple).
func TestSamplesEveryStrength(t *testing.T) {
	for _, o := range ladder {
		s, err := NewSolver(3, 3, o, DefaultSearch)
		require.NoError(t, err)
		for _, set := range sets {
			ps, sols := samples(t, set)
			for k, p := range ps {
				sol, res, err := s.Solve(context.Background(), p)
				require.NoError(t, err)
				require.NotNil(t, sol, "%v %s #%d: %+v", o, set, k+1, res)
				require.NoError(t, CheckCells(p, sol), "%v %s #%d", o, set, k+1)
				if sols != nil {
					assert.Equal(t, sols[k], sol, "%v %s #%d", o, set, k+1)
				}
				c, err := s.Count(context.Background(), p, 2)
				require.NoError(t, err)
				want := int64(1)
				if sols == nil {
					want = 2
				}
				assert.Equal(t, want, c.Solutions, "%v %s #%d", o, set, k+1)
			}
		}
	}
}

// TestStrengthLadder: a stronger level never needs more search nodes on
// the same puzzle than a weaker one, with the same search (mindom, ties to
// the first, which sees the same domains when the levels deduce the same).
// Both views of one strength deduce the same and search the same tree.
func TestStrengthLadder(t *testing.T) {
	ps, _ := samples(t, "forum_hardest_1905_11plus")
	nodes := func(o Options) []int64 {
		s, err := NewSolver(3, 3, o, csp.Options{Var: csp.MinDomain})
		require.NoError(t, err)
		var out []int64
		for _, p := range ps {
			res, err := s.Count(context.Background(), p, 0)
			require.NoError(t, err)
			require.EqualValues(t, 1, res.Solutions)
			out = append(out, res.Stats.Nodes)
		}
		return out
	}
	value := nodes(ladder[0])
	hidden := nodes(ladder[1])
	boxline := nodes(ladder[2])
	chutes := nodes(ladder[7])
	total := func(xs []int64) (s int64) {
		for _, x := range xs {
			s += x
		}
		return s
	}
	assert.Greater(t, total(value), total(hidden))
	assert.Greater(t, total(hidden), total(boxline))
	assert.Greater(t, total(boxline), total(chutes))
	assert.Equal(t, value, nodes(ladder[4]), "units and generic at value strength")
	assert.Equal(t, boxline, nodes(ladder[5]), "units and generic at hidden+boxline")
	assert.Equal(t, nodes(ladder[3]), nodes(ladder[6]), "units and generic at gac+boxline")
}

func TestSolverRejectsOtherShapes(t *testing.T) {
	s, err := NewSolver(3, 3, DefaultOptions, DefaultSearch)
	require.NoError(t, err)
	p, _, err := Random(2, 2, 4, 1)
	require.NoError(t, err)
	_, _, err = s.Solve(context.Background(), p)
	assert.ErrorContains(t, err, "a 4x4 puzzle given to a solver of 3x3 boxes")
}

// TestSolveInto: SolveInto answers as Solve, in the arrays of the result
// handed back, puzzle after puzzle.
func TestSolveInto(t *testing.T) {
	s, err := NewSolver(3, 3, DefaultOptions, DefaultSearch)
	require.NoError(t, err)
	var res csp.Result
	var first *int
	for seed := range uint64(4) {
		p, _, err := Random(3, 3, 50, seed)
		require.NoError(t, err)
		want, wantRes, err := Solve(context.Background(), p, DefaultOptions, DefaultSearch)
		require.NoError(t, err)
		got, err := s.SolveInto(context.Background(), p, &res)
		require.NoError(t, err)
		require.Equal(t, "solved", res.Status())
		assert.Equal(t, want, got, "seed %d", seed)
		assert.Equal(t, wantRes.Stats.Nodes, res.Stats.Nodes)
		assert.Equal(t, wantRes.Stats.Propagators, res.Stats.Propagators)
		if first == nil {
			first = &got[0]
		}
		assert.Same(t, first, &got[0], "seed %d: the solution is not in the result's array", seed)

		wantCount, err := s.Count(context.Background(), p, 2)
		require.NoError(t, err)
		require.NoError(t, s.CountInto(context.Background(), p, 2, &res))
		assert.Equal(t, wantCount.Solutions, res.Solutions)
		assert.Equal(t, wantCount.Solution, res.Solution)
		assert.Same(t, first, &res.Solution[0], "seed %d: the count's first solution is not in the result's array", seed)
	}
}

func TestUnsatisfiableAtTheRoot(t *testing.T) {
	// Givens that do not clash, but leave r1c9 with no value.
	p, err := Parse("12345678.........9" + strings.Repeat(".", 63))
	require.NoError(t, err)
	require.NoError(t, p.Clash())
	sol, res, err := Solve(context.Background(), p, DefaultOptions, DefaultSearch)
	require.NoError(t, err)
	assert.Nil(t, sol)
	assert.Equal(t, "unsatisfiable", res.Status())
	assert.Zero(t, res.Stats.Nodes)
}

// TestPublicSets solves every puzzle of every public set in
// ../shared/data/sudoku and compares it with the known solution; the
// puzzles of serg_benchmark must have several solutions. It skips where
// the folder is absent, and in -short mode.
func TestPublicSets(t *testing.T) {
	if testing.Short() {
		t.Skip("about 15 s: run without -short")
	}
	dir := filepath.Join("..", "..", "..", "shared", "data", "sudoku")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no public sets at " + dir)
	}
	s, err := NewSolver(3, 3, DefaultOptions, DefaultSearch)
	require.NoError(t, err)
	for _, set := range sets {
		ps := readPuzzles(t, filepath.Join(dir, set+".txt"))
		var sols []*Puzzle
		if set != "serg_benchmark" {
			sols = readPuzzles(t, filepath.Join(dir, "solutions", set+".sol.txt"))
			require.Len(t, sols, len(ps))
		}
		for k, p := range ps {
			if sols == nil {
				res, err := s.Count(context.Background(), p, 2)
				require.NoError(t, err)
				require.EqualValues(t, 2, res.Solutions, "%s line %d", set, k+1)
				require.NoError(t, CheckCells(p, s.cellsOf(res.Solution)))
				continue
			}
			sol, _, err := s.Solve(context.Background(), p)
			require.NoError(t, err)
			require.Equal(t, sols[k].Cells, sol, "%s line %d", set, k+1)
		}
		t.Logf("%s: %d puzzles solved and checked", set, len(ps))
	}
}

// BenchmarkSolve is one puzzle per op, first solution, cycling through the
// samples of a set (go test -bench Solve ./problems/sudoku). For figures on
// whole sets, use csp solve sudoku --quiet (docs/BENCHMARKS.md, section
// "A batch summary").
func BenchmarkSolve(b *testing.B) {
	for _, set := range sets[:3] {
		for _, o := range []Options{DefaultOptions, ladder[3]} {
			b.Run(fmt.Sprintf("%s/%v", set, o), func(b *testing.B) {
				ps, _ := samples(b, set)
				s, err := NewSolver(3, 3, o, DefaultSearch)
				require.NoError(b, err)
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					s.Solve(context.Background(), ps[i%len(ps)])
				}
			})
		}
	}
}

// BenchmarkUnique proves uniqueness: count to 2.
func BenchmarkUnique(b *testing.B) {
	for _, set := range sets[:3] {
		b.Run(set, func(b *testing.B) {
			ps, _ := samples(b, set)
			s, err := NewSolver(3, 3, DefaultOptions, csp.Options{Var: csp.MinDomain})
			require.NoError(b, err)
			for i := 0; b.Loop(); i++ {
				s.Count(context.Background(), ps[i%len(ps)], 2)
			}
		})
	}
}

// BenchmarkPublicSets is one puzzle per op over the whole public sets in
// ../shared/data/sudoku (skipped where absent), cycling in file order:
// first solution and count to 2 with the defaults, reporting search
// nodes, failures and propagator runs per puzzle beside the time, the
// figures that say whether a change bought fewer guesses or cheaper
// ones, and on Linux the CPU time of the benchmark's thread per puzzle
// (cpu-ns/op), which a loaded machine distorts less than wall time.
// SUDOKU_SETS narrows the sets (space-separated names); SUDOKU_FILE
// names one file instead.
func BenchmarkPublicSets(b *testing.B) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "sudoku")
	names := []string{"17_clue", "forum_hardest_1905_11plus"}
	if s := os.Getenv("SUDOKU_SETS"); s != "" {
		names = strings.Fields(s)
	}
	paths := map[string]string{}
	for _, set := range names {
		paths[set] = filepath.Join(dir, set+".txt")
	}
	if f := os.Getenv("SUDOKU_FILE"); f != "" {
		names = []string{strings.TrimSuffix(filepath.Base(f), ".txt")}
		paths = map[string]string{names[0]: f}
	}
	for _, set := range names {
		path := paths[set]
		if _, err := os.Stat(path); err != nil {
			b.Logf("no %s: skipped", path)
			continue
		}
		ps := readPuzzles(b, path)
		for _, mode := range []struct {
			name  string
			limit int64
		}{{"first", 1}, {"unique", 2}} {
			b.Run(set+"/"+mode.name, func(b *testing.B) {
				s, err := NewSolver(3, 3, DefaultOptions, DefaultSearch)
				require.NoError(b, err)
				var nodes, fails, props int64
				b.ReportAllocs()
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				cpu := threadCPU()
				var res csp.Result
				for i := 0; b.Loop(); i++ {
					// Into one result, reused (as tdoku fills its
					// caller's grid).
					var err error
					if mode.limit == 1 {
						_, err = s.SolveInto(context.Background(), ps[i%len(ps)], &res)
					} else {
						err = s.CountInto(context.Background(), ps[i%len(ps)], mode.limit, &res)
					}
					if err != nil || res.Solutions == 0 {
						b.Fatalf("%s line %d: %v %+v", set, i%len(ps)+1, err, res)
					}
					nodes += res.Stats.Nodes
					fails += res.Stats.Failures
					props += res.Stats.Propagations
				}
				n := float64(b.N)
				if cpu > 0 {
					b.ReportMetric(float64(threadCPU()-cpu)/n, "cpu-ns/op")
				}
				b.ReportMetric(float64(nodes)/n, "nodes/op")
				b.ReportMetric(float64(fails)/n, "fails/op")
				b.ReportMetric(float64(props)/n, "props/op")
			})
		}
	}
}
