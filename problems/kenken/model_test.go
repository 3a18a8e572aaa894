package kenken

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/latinsquare"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/table"
)

// search is the command line's default search.
var search = csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby, RandomTies: true, Seed: 1}

// ladder is every model choice, weakest first.
var ladder = []Options{
	{AllDiff: alldiff.Value, Cages: Table},
	{AllDiff: alldiff.Hidden, Cages: Table},
	{AllDiff: alldiff.GAC, Cages: Table},
	{AllDiff: alldiff.Value, Cages: Linear},
	{AllDiff: alldiff.Hidden, Cages: Linear},
	{AllDiff: alldiff.GAC, Cages: Linear},
}

func TestTathamPuzzlesSolvedAndUnique(t *testing.T) {
	for _, r := range tathamRows(t) {
		t.Run(r.seed, func(t *testing.T) {
			p, err := ParseTatham(r.id, 1)
			require.NoError(t, err)
			for _, opt := range ladder {
				res, err := Count(context.Background(), p, opt, search, 2)
				require.NoError(t, err)
				require.True(t, res.Complete, "%+v", opt)
				assert.Equal(t, int64(1), res.Solutions, "unique under %v/%v", opt.AllDiff, opt.Cages)
				g, sres, err := Solve(context.Background(), p, opt, search)
				require.NoError(t, err)
				require.NotNil(t, g, sres.Status())
				require.NoError(t, Check(p, g))
				assert.Equal(t, r.solution, g, "Keen's solution")
			}
		})
	}
}

func TestCheckRejects(t *testing.T) {
	for _, r := range tathamRows(t) {
		p, err := ParseTatham(r.id, 1)
		require.NoError(t, err)
		// Swapping two rows keeps a Latin square; the puzzle being
		// unique, some cage must notice.
		g := append([][]int(nil), r.solution...)
		g[0], g[1] = g[1], g[0]
		err = Check(p, g)
		require.ErrorIs(t, err, ErrInvalid)
		assert.Contains(t, err.Error(), "cage", r.id)
		// Changing one cell breaks its row and column.
		g = [][]int{append([]int(nil), r.solution[0]...)}
		g = append(g, r.solution[1:]...)
		g[0][0] = g[0][1]
		assert.ErrorIs(t, Check(p, g), ErrInvalid)
	}
	p, _ := ParseTatham("2:d,a6", 1)
	assert.ErrorIs(t, Check(p, [][]int{{1, 2}}), ErrInvalid, "shape")
	assert.ErrorIs(t, Check(p, [][]int{{1, 3}, {3, 1}}), ErrInvalid, "range")
	assert.NoError(t, Check(p, [][]int{{1, 2}, {2, 1}}))
}

// latinSquares returns every Latin square of order n, by plain
// backtracking.
func latinSquares(n int) [][][]int {
	var out [][][]int
	g := make([][]int, n)
	for r := range g {
		g[r] = make([]int, n)
	}
	var place func(i int)
	place = func(i int) {
		if i == n*n {
			c := make([][]int, n)
			for r := range g {
				c[r] = append([]int(nil), g[r]...)
			}
			out = append(out, c)
			return
		}
		r, c := i/n, i%n
	next:
		for v := 1; v <= n; v++ {
			for k := range c {
				if g[r][k] == v {
					continue next
				}
			}
			for k := range r {
				if g[k][c] == v {
					continue next
				}
			}
			g[r][c] = v
			place(i + 1)
			g[r][c] = 0
		}
	}
	place(0)
	return out
}

// randomPuzzle cuts a random Latin square of order n into random
// connected cages of up to maxCage cells and gives each an operation its
// values allow; the clues hold for the square, so the puzzle is
// satisfiable, not necessarily unique.
func randomPuzzle(n, maxCage int, rng *rand.Rand) (*Puzzle, [][]int) {
	sq := latinsquare.Random(n, rng)
	owner := make([]int, n*n)
	for i := range owner {
		owner[i] = -1
	}
	p := &Puzzle{N: n}
	for _, start := range rng.Perm(n * n) {
		if owner[start] >= 0 {
			continue
		}
		k := len(p.Cages)
		cells := []int{start}
		owner[start] = k
		size := 1 + rng.IntN(maxCage)
		for len(cells) < size {
			var free []int
			for _, i := range cells {
				r, c := i/n, i%n
				for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					rr, cc := r+d[0], c+d[1]
					if rr >= 0 && rr < n && cc >= 0 && cc < n && owner[rr*n+cc] < 0 {
						free = append(free, rr*n+cc)
					}
				}
			}
			if len(free) == 0 {
				break
			}
			j := free[rng.IntN(len(free))]
			owner[j] = k
			cells = append(cells, j)
		}
		cage := Cage{}
		vals := make([]int, len(cells))
		for i, j := range cells {
			cage.Cells = append(cage.Cells, [2]int{j / n, j % n})
			vals[i] = sq[j/n][j%n]
		}
		sum, prod := 0, 1
		for _, v := range vals {
			sum, prod = sum+v, prod*v
		}
		ops := []table.Op{table.Add, table.Mul}
		if len(vals) == 2 {
			ops = append(ops, table.Sub)
			if hi, lo := max(vals[0], vals[1]), min(vals[0], vals[1]); hi%lo == 0 && hi != lo {
				ops = append(ops, table.Div)
			}
		}
		switch cage.Op = ops[rng.IntN(len(ops))]; {
		case len(vals) == 1:
			cage.Op, cage.Target = table.Add, vals[0]
		case cage.Op == table.Add:
			cage.Target = sum
		case cage.Op == table.Mul:
			cage.Target = prod
		case cage.Op == table.Sub:
			cage.Target = max(vals[0], vals[1]) - min(vals[0], vals[1])
		default:
			cage.Target = max(vals[0], vals[1]) / min(vals[0], vals[1])
		}
		p.Cages = append(p.Cages, cage)
	}
	p.normalize()
	return p, sq
}

func TestModelsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	for _, n := range []int{3, 4} {
		squares := latinSquares(n)
		for i := range 40 {
			p, sq := randomPuzzle(n, 4, rng)
			require.NoError(t, Validate(p))
			require.NoError(t, Check(p, sq))
			want := int64(0)
			for _, g := range squares {
				if Check(p, g) == nil {
					want++
				}
			}
			for _, opt := range ladder {
				res, err := Count(context.Background(), p, opt, search, 0)
				require.NoError(t, err)
				require.True(t, res.Complete)
				assert.Equal(t, want, res.Solutions, "n=%d #%d %v/%v %s", n, i, opt.AllDiff, opt.Cages, FormatTatham(p))
			}
		}
	}
}

func TestUnreachable(t *testing.T) {
	for _, in := range []string{
		"2:d,a9", // four cells of 1..2 sum to 4..8
		"2:d,m3", // no 3 in 1..2
		`{"size":2,"cages":[{"cells":[[0,0],[0,1]],"op":"+","target":3},{"cells":[[1,0]],"target":3},{"cells":[[1,1]],"target":1}]}`,
		// Two cells of one row of 1..2 cannot sum to 4: the tables know at
		// build time, the linear model by search.
		`{"size":2,"cages":[{"cells":[[0,0],[0,1]],"op":"+","target":3},{"cells":[[1,0],[1,1]],"op":"+","target":4}]}`,
	} {
		p, err := Parse(in)
		require.NoError(t, err, in)
		for _, opt := range ladder {
			_, err := Build(p, opt)
			if err == nil {
				// Not every unreachable cage is known at build time: the
				// search must then prove it.
				res, err := Count(context.Background(), p, opt, search, 0)
				require.NoError(t, err)
				assert.True(t, res.Complete)
				assert.Zero(t, res.Solutions, in)
				continue
			}
			assert.ErrorIs(t, err, ErrUnreachable, in)
			assert.Contains(t, err.Error(), "cage ")
		}
	}
	kk, ok := catalog.Lookup("kenken")
	require.True(t, ok)
	p, err := Parse("2:d,a9")
	require.NoError(t, err)
	_, _, err = kk.Solve(context.Background(), p, catalog.NewSettings(kk), &catalog.Cache{})
	var u catalog.Unsatisfiable
	require.True(t, errors.As(err, &u), "%v", err)
	assert.ErrorIs(t, u.Reason, ErrUnreachable)
}

func TestCatalogRoundTrip(t *testing.T) {
	kk, ok := catalog.Lookup("kenken")
	require.True(t, ok)
	assert.Equal(t, []string{"table", "linear"}, kk.Models)
	var in strings.Builder
	for _, r := range tathamRows(t) {
		in.WriteString(r.id + "\n")
	}
	for _, model := range kk.Models {
		s := catalog.NewSettings(kk)
		s.AllDiff, s.Model, s.Search = alldiff.GAC, model, search
		var out strings.Builder
		n := 0
		for it := range kk.Read(strings.NewReader(in.String())) {
			require.NoError(t, it.Err)
			g, res, err := kk.Solve(context.Background(), it.Inst, s, &catalog.Cache{})
			require.NoError(t, err)
			require.NotNil(t, g, res.Status())
			require.NoError(t, kk.Write(&out, it.Inst, g))
			fmt.Fprintf(&out, "%% instance %d: solved\n", it.Index)
			s.Limit = 2
			cres, err := kk.Count(context.Background(), it.Inst, s, &catalog.Cache{})
			require.NoError(t, err)
			assert.Equal(t, int64(1), cres.Solutions)
			n++
		}
		// The printed boards read back, each with its solution.
		back := 0
		for it := range Read(strings.NewReader(out.String())) {
			require.NoError(t, it.Err)
			require.NotNil(t, it.Puzzle.Solution)
			assert.NoError(t, Check(it.Puzzle, it.Puzzle.Solution))
			back++
		}
		assert.Equal(t, n, back, model)
	}
}

func TestLargeBoards(t *testing.T) {
	sizes := []int{10, 12, 14}
	if testing.Short() {
		sizes = sizes[:2]
	}
	rng := rand.New(rand.NewPCG(12, 3))
	for _, n := range sizes {
		p, sq := randomPuzzle(n, 5, rng)
		require.NoError(t, Check(p, sq))
		for _, opt := range []Options{{AllDiff: alldiff.GAC, Cages: Table}, {AllDiff: alldiff.GAC, Cages: Linear}} {
			o := search
			o.TimeLimit = 30 * time.Second
			g, res, err := Solve(context.Background(), p, opt, o)
			require.NoError(t, err)
			require.NotNil(t, g, "size %d %v: %s", n, opt.Cages, res.Status())
			t.Logf("size %d, %d cages, %v: %v, %d nodes", n, len(p.Cages), opt.Cages, res.Stats.SolveTime, res.Stats.Nodes)
		}
	}
}

func TestHugeSumCageFallsBackToSum(t *testing.T) {
	// A 9x9 whose first three rows are one + cage: far more tuples than a
	// table may hold, so the Table model posts it as a sum.
	n := 9
	p := &Puzzle{N: n}
	var big [][2]int
	for r := range 3 {
		for c := range n {
			big = append(big, [2]int{r, c})
		}
	}
	p.Cages = append(p.Cages, Cage{Op: table.Add, Target: 135, Cells: big})
	rng := rand.New(rand.NewPCG(1, 2))
	sq := latinsquare.Random(n, rng)
	for r := 3; r < n; r++ {
		for c := range n {
			p.Cages = append(p.Cages, Cage{Target: sq[r][c], Cells: [][2]int{{r, c}}})
		}
	}
	require.NoError(t, Validate(p))
	g, res, err := Solve(context.Background(), p, Options{AllDiff: alldiff.GAC}, search)
	require.NoError(t, err)
	require.NotNil(t, g, res.Status())
	assert.NoError(t, Check(p, g))
}
