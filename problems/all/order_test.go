package all_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"

	_ "github.com/cspgo/csp/problems/all"
)

// corpus is a problem's small instances: files of its testdata (paths
// from problems/), read as puzzles or as pencil marks, and instances
// written here in its input form.
type corpus struct {
	files, marks []string
	inline       string
}

// corpora has one entry per registered problem (TestBreadthFirstCounts
// fails for a problem without one).
var corpora = map[string]corpus{
	"futoshiki": {
		files: []string{"futoshiki/testdata/batch.txt"},
		// Two signs on an empty 4x4 board: 144 solutions.
		inline: `{"size":4,"givens":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"less":[[0,0,0,1],[1,1,2,1]]}` + "\n",
	},
	"kakuro": {
		files: []string{"kakuro/testdata/small.txt"},
		// Four cells adding to 10 across and down: 8 solutions.
		inline: "  #  10\\ 10\\\n\\10   .   .\n\\10   .   .\n",
	},
	"kenken": {
		files: []string{"kenken/testdata/tatham-keen.txt"},
		// One cage a row, none of them binding: 576 solutions.
		inline: `{"size":4,"cages":[{"cells":[[0,0],[0,1],[0,2],[0,3]],"op":"+","target":10},` +
			`{"cells":[[1,0],[1,1],[1,2],[1,3]],"op":"+","target":10},{"cells":[[2,0],[2,1],[2,2],[2,3]],"op":"+","target":10},` +
			`{"cells":[[3,0],[3,1],[3,2],[3,3]],"op":"*","target":24}]}` + "\n",
	},
	"latin": {
		files: []string{"latin/testdata/gomes/qwh.order5.holes10.txt", "latin/testdata/gomes/qwh.order5.holes25.txt",
			"latin/testdata/gomes/qwh.order10.holes10.txt"},
		marks: []string{"latin/testdata/marks.txt"},
		// Empty squares of orders 1 to 4: 1, 2, 12 and 576 solutions.
		inline: "1\n0\n2\n0 0\n0 0\n3\n0 0 0\n0 0 0\n0 0 0\n4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
	},
	"skyscraper": {
		files: []string{"skyscraper/suite.txt"},
		marks: []string{"skyscraper/testdata/marks.txt"},
		// Issue 16's 24-solution puzzle, its split by an interior clue,
		// and an empty 4x4 board (576 solutions).
		inline: `{"size":4,"clues":[0,3,0,0,0,0,0,0,0,0,0,1,1,0,0,0]}
{"size":4,"clues":[0,3,0,0,0,0,0,0,0,0,0,1,1,0,0,0],"interior":[{"row":2,"col":2,"look":"down","count":1}]}
4:3/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3
4:///////////////
`,
	},
	"sudoku": {
		files: []string{"sudoku/testdata/batch.txt", "sudoku/testdata/samples/norvig_hardest.txt",
			"sudoku/testdata/solo/killer_x.txt", "sudoku/testdata/solo/jigsaw.txt", "../cmd/internal/cli/testdata/sudoku_multiple.txt"},
		marks: []string{"sudoku/testdata/marks.txt"},
		// An empty 4x4 grid: 288 solutions.
		inline: "................\n",
	},
}

// maxSolutions bounds the instances compared: more solutions than this (or
// a depth-first search longer than maxNodes) and an instance is skipped.
const (
	maxSolutions = 5000
	maxNodes     = 200_000
)

// instances yields the instances of c, with a name for messages.
func instances(t *testing.T, e *catalog.Entry, c corpus) func(yield func(string, any) bool) {
	return func(yield func(string, any) bool) {
		read := func(name string, r io.Reader, marks bool) bool {
			for it := range e.Read(r, marks) {
				if it.Err != nil {
					continue // the batch files hold malformed lines on purpose
				}
				if !yield(fmt.Sprintf("%s#%d", name, it.Index), it.Value) {
					return false
				}
			}
			return true
		}
		for _, marks := range []bool{false, true} {
			files := c.files
			if marks {
				files = c.marks
			}
			for _, name := range files {
				f, err := os.Open(filepath.Join("..", filepath.FromSlash(name)))
				require.NoError(t, err)
				ok := read(name, f, marks)
				require.NoError(t, f.Close())
				if !ok {
					return
				}
			}
		}
		read("inline", strings.NewReader(c.inline), false)
	}
}

// settings returns e's settings (its defaults, as the command line gives
// them when no flag is given) with the search order o.
func settings(t testing.TB, e *catalog.Entry, o csp.Order, limit int64) *catalog.Settings {
	s := catalog.NewSettings(e)
	s.Search = csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby, Seed: 1, Order: o, NodeLimit: maxNodes}
	s.Limit = limit
	require.NoError(t, e.Configure(s))
	return s
}

// Breadth-first search counts as depth-first search does on every
// problem's small corpus, and each of its solutions passes the problem's
// independent checker.
func TestBreadthFirstCounts(t *testing.T) {
	ctx := context.Background()
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			e, _ := catalog.Lookup(name)
			c, ok := corpora[name]
			require.True(t, ok, "no corpus for %s: add one to corpora", name)
			dfs := settings(t, e, csp.DepthFirst, maxSolutions+1)
			bfs := settings(t, e, csp.BreadthFirst, 0)
			compared, multiple, skipped := 0, 0, 0
			for where, inst := range instances(t, e, c) {
				want, err := e.Count(ctx, inst, dfs, &catalog.Cache{})
				var unsat catalog.Unsatisfiable
				if errors.As(err, &unsat) {
					_, err := e.Count(ctx, inst, bfs, &catalog.Cache{})
					assert.ErrorAs(t, err, &unsat, where)
					continue
				}
				require.NoError(t, err, where)
				if !want.Complete {
					skipped++ // too many solutions, or too long to search here
					continue
				}
				got, err := e.Count(ctx, inst, bfs, &catalog.Cache{})
				require.NoError(t, err, where)
				require.True(t, got.Complete, "%s: stopped by %v", where, got.Stopped)
				assert.Equal(t, want.Solutions, got.Solutions, where)
				assert.NotNil(t, got.Stats.Widths, "%s: the breadth-first search ran", where)

				// Every solution, from the problem's model, checked.
				m, rows, err := e.Model(ctx, inst, bfs)
				require.NoError(t, err, where)
				b := csp.NewBFS(m, bfs.Search)
				seen := map[string]bool{}
				for vals := range b.All(ctx) {
					g := rows(vals)
					require.NoError(t, e.Check(inst, g), "%s: solution %d", where, len(seen)+1)
					key := fmt.Sprint(g)
					assert.False(t, seen[key], "%s: solution %s twice", where, key)
					seen[key] = true
				}
				assert.Equal(t, want.Solutions, int64(len(seen)), where)

				// Solve takes the order too and checks what it finds.
				grid, res, err := e.Solve(ctx, inst, bfs, &catalog.Cache{})
				require.NoError(t, err, where)
				assert.Equal(t, want.Solutions > 0, grid != nil, where)
				assert.NotNil(t, res.Stats.Widths, where)
				compared++
				if want.Solutions > 1 {
					multiple++
				}
			}
			t.Logf("%s: %d instances compared, %d with several solutions; %d skipped", name, compared, multiple, skipped)
			assert.Positive(t, compared)
		})
	}
}

// BenchmarkOrder counts every solution of small puzzles depth first and
// breadth first, under each problem's default search (what csp count
// runs, with and without --order bfs): time, and the nodes, propagator
// runs and peak frontier per count.
func BenchmarkOrder(b *testing.B) {
	puzzles := []struct{ name, problem, text string }{
		{"skyscraper-24", "skyscraper", `{"size":4,"clues":[0,3,0,0,0,0,0,0,0,0,0,1,1,0,0,0]}`},
		{"latin-empty-4", "latin", "4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"},
		{"sudoku-empty-4", "sudoku", "................"},
		{"sudoku-forum-hardest-1", "sudoku", "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"},
		{"futoshiki-144", "futoshiki", corpora["futoshiki"].inline},
		{"kenken-576", "kenken", corpora["kenken"].inline},
		{"kakuro-8", "kakuro", corpora["kakuro"].inline},
	}
	for _, p := range puzzles {
		e, ok := catalog.Lookup(p.problem)
		require.True(b, ok)
		var inst any
		for it := range e.Read(strings.NewReader(p.text), false) {
			require.NoError(b, it.Err)
			inst = it.Value
		}
		for _, o := range []csp.Order{csp.DepthFirst, csp.BreadthFirst} {
			s := settings(b, e, o, 0)
			b.Run(p.name+"/"+o.String(), func(b *testing.B) {
				b.ReportAllocs()
				var res csp.Result
				var err error
				for b.Loop() {
					res, err = e.Count(context.Background(), inst, s, &catalog.Cache{})
				}
				require.NoError(b, err)
				require.True(b, res.Complete)
				b.ReportMetric(float64(res.Solutions), "solutions")
				b.ReportMetric(float64(res.Stats.Nodes), "nodes")
				b.ReportMetric(float64(res.Stats.Propagations), "propagations")
				b.ReportMetric(float64(res.Stats.PeakFrontier), "peak-frontier")
			})
		}
	}
}
