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
			_, err := Build(context.Background(), p, opt)
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
	s := catalog.NewSettings(kk)
	o, err := problem{}.Options(s)
	require.NoError(t, err)
	p, err := Parse("2:d,a9")
	require.NoError(t, err)
	_, _, err = problem{}.Solve(context.Background(), p, o, s.Run(nil))
	var u catalog.Unsatisfiable
	require.True(t, errors.As(err, &u), "%v", err)
	assert.ErrorIs(t, u.Reason, ErrUnreachable)
	_, err = problem{}.Count(context.Background(), p, o, s.Run(nil))
	require.True(t, errors.As(err, &u), "%v", err)
	_, _, err = problem{}.Model(context.Background(), p, o)
	require.True(t, errors.As(err, &u), "%v", err)
}

func TestCatalogRoundTrip(t *testing.T) {
	kk, ok := catalog.Lookup("kenken")
	require.True(t, ok)
	pr := problem{}
	assert.Equal(t, []string{"table", "linear"}, kk.Models)
	assert.Equal(t, pr.Info().Models, kk.Models)
	var in strings.Builder
	for _, r := range tathamRows(t) {
		in.WriteString(r.id + "\n")
	}
	for i, model := range kk.Models {
		s := catalog.NewSettings(kk)
		s.Model, s.Search = model, search
		o, err := pr.Options(s)
		require.NoError(t, err)
		assert.Equal(t, Options{AllDiff: alldiff.GAC, Cages: Cages(i)}, o.Options, "the flags' defaults")
		run := s.Run(&catalog.Cache{})
		var out strings.Builder
		n := 0
		for it := range pr.Read(strings.NewReader(in.String())) {
			require.NoError(t, it.Err)
			p := it.Value
			g, res, err := pr.Solve(context.Background(), p, o, run)
			require.NoError(t, err)
			require.NotNil(t, g, res.Status())
			require.NoError(t, pr.Check(p, g))
			require.NoError(t, pr.Write(&out, p, g))
			fmt.Fprintf(&out, "%% instance %d: solved\n", it.Index)
			run.Limit = 2
			cres, err := pr.Count(context.Background(), p, o, run)
			run.Limit = 0
			require.NoError(t, err)
			assert.Equal(t, int64(1), cres.Solutions)
			m, rows, err := pr.Model(context.Background(), p, o)
			require.NoError(t, err)
			mres := csp.Solve(context.Background(), m, search)
			require.NotNil(t, mres.Solution)
			assert.NoError(t, Check(p, rows(mres.Solution)), "the model's rows")
			n++
		}
		// The printed boards read back, each with its solution.
		back := 0
		for it := range Read(strings.NewReader(out.String())) {
			require.NoError(t, it.Err)
			require.NotNil(t, it.Value.Solution)
			assert.NoError(t, Check(it.Value, it.Value.Solution))
			back++
		}
		assert.Equal(t, n, back, model)
	}
}

// TestBadFlags: a bad value of each of kenken's flags is a
// *catalog.FlagError naming the flag, the value and the choices, and
// every bad value is reported at once.
func TestBadFlags(t *testing.T) {
	kk, ok := catalog.Lookup("kenken")
	require.True(t, ok)
	for _, c := range []struct {
		flag, value, want string
		set               func(s *catalog.Settings, v string)
	}{
		{"model", "tabel", "table or linear", func(s *catalog.Settings, v string) { s.Model = v }},
		{"alldiff", "gca", "value, hidden, gac or auto", func(s *catalog.Settings, v string) { s.SetFlag("alldiff", v) }},
	} {
		t.Run(c.flag, func(t *testing.T) {
			s := catalog.NewSettings(kk)
			c.set(s, c.value)
			_, err := problem{}.Options(s)
			var fe *catalog.FlagError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, c.flag, fe.Flag)
			assert.Equal(t, c.value, fe.Value)
			assert.Equal(t, c.want, fe.Want)
			assert.Contains(t, err.Error(), c.flag)
			assert.Contains(t, err.Error(), `"`+c.value+`"`)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	s := catalog.NewSettings(kk)
	s.Model = "x"
	s.SetFlag("alldiff", "y")
	_, err := problem{}.Options(s)
	assert.ErrorContains(t, err, "-model")
	assert.ErrorContains(t, err, "-alldiff")

	// The flag lists its choices for the usage text.
	flags := problem{}.Info().Flags
	require.Len(t, flags, 1)
	assert.Equal(t, "alldiff", flags[0].Name)
	assert.Equal(t, "gac", flags[0].Default)
	assert.Equal(t, []string{"value", "hidden", "gac", "auto"}, flags[0].Choices)
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

// TestHugeSumCageFallsBackToSum: a + cage with more tuples than a table
// may hold (a 9x9's first three rows), or more cells (the whole 9x9, whose
// count of tuples passes 2^63 on the way), is posted as a sum by the Table
// model, and solved.
func TestHugeSumCageFallsBackToSum(t *testing.T) {
	const n = 9
	for _, rows := range []int{3, n} {
		t.Run(fmt.Sprintf("%d rows", rows), func(t *testing.T) {
			p := &Puzzle{N: n}
			var big [][2]int
			for r := range rows {
				for c := range n {
					big = append(big, [2]int{r, c})
				}
			}
			p.Cages = append(p.Cages, Cage{Op: table.Add, Target: 45 * rows, Cells: big})
			rng := rand.New(rand.NewPCG(1, 2))
			sq := latinsquare.Random(n, rng)
			for r := rows; r < n; r++ {
				for c := range n {
					p.Cages = append(p.Cages, Cage{Target: sq[r][c], Cells: [][2]int{{r, c}}})
				}
			}
			require.NoError(t, Validate(p))
			g, res, err := Solve(context.Background(), p, Options{AllDiff: alldiff.GAC}, search)
			require.NoError(t, err)
			require.NotNil(t, g, res.Status())
			assert.NoError(t, Check(p, g))
		})
	}
}

// TestSumTuplesSaturates: the count of a cage's tuples stops at 2^62
// instead of wrapping past 2^63.
func TestSumTuplesSaturates(t *testing.T) {
	assert.Equal(t, 1, sumTuples(3, 9, 3))
	assert.Equal(t, 6, sumTuples(2, 9, 7))
	assert.Equal(t, 1<<62, sumTuples(81, 9, 405))
	assert.Equal(t, 0, sumTuples(81, 9, 80))
}

// productBox is an n×n puzzle whose top-left b×b box is one product cage
// (the product of the cyclic Latin square's values there, (r+c) mod n + 1)
// and every other cell a given: a sound puzzle whose one cage has a large
// table.
func productBox(n, b int) *Puzzle {
	sq := make([][]int, n)
	for r := range sq {
		sq[r] = make([]int, n)
		for c := range sq[r] {
			sq[r][c] = (r+c)%n + 1
		}
	}
	p := &Puzzle{N: n}
	box := Cage{Op: table.Mul, Target: 1}
	for r := range b {
		for c := range b {
			box.Cells = append(box.Cells, [2]int{r, c})
			box.Target *= sq[r][c]
		}
	}
	p.Cages = append(p.Cages, box)
	for r := range n {
		for c := range n {
			if r >= b || c >= b {
				p.Cages = append(p.Cages, Cage{Target: sq[r][c], Cells: [][2]int{{r, c}}})
			}
		}
	}
	p.normalize()
	return p
}

// A product cage whose table passes the solver's limit is a solver limit,
// named with the cage and its cells, not an invalid cage.
func TestCageTooLarge(t *testing.T) {
	p := productBox(16, 4)
	require.NoError(t, Validate(p))
	_, err := Build(context.Background(), p, Options{AllDiff: alldiff.GAC})
	require.ErrorIs(t, err, ErrTooLarge)
	assert.ErrorIs(t, err, table.ErrTooLarge)
	assert.NotErrorIs(t, err, ErrCage)
	assert.NotErrorIs(t, err, table.ErrCage)
	msg := err.Error()
	assert.Contains(t, msg, "cage 1 at r1c1 (")
	assert.Contains(t, msg, "cells r1c1, r1c2, r1c3, r1c4, r2c1,")
	assert.Contains(t, msg, fmt.Sprintf("more than %d tuples", table.MaxCageTuples))
	assert.Contains(t, msg, "a solver limit, not a bad cage")
}

// A product cage of more cells than a table cage holds is a solver limit
// too, not an invalid cage.
func TestCageTooManyCells(t *testing.T) {
	p := &Puzzle{N: 9}
	box := Cage{Op: table.Mul, Target: 1}
	for i := range table.MaxCageCells + 1 {
		box.Cells = append(box.Cells, [2]int{i / 9, i % 9})
	}
	p.Cages = append(p.Cages, box)
	for i := table.MaxCageCells + 1; i < 81; i++ {
		p.Cages = append(p.Cages, Cage{Target: 1 + i%9, Cells: [][2]int{{i / 9, i % 9}}})
	}
	_, err := Build(context.Background(), p, Options{AllDiff: alldiff.GAC})
	require.ErrorIs(t, err, ErrTooLarge)
	assert.NotErrorIs(t, err, table.ErrCage)
	assert.Contains(t, err.Error(), fmt.Sprintf("%d cells, more than the %d of a table cage", table.MaxCageCells+1, table.MaxCageCells))
	assert.Contains(t, err.Error(), "a solver limit, not a bad cage")
}

// Building stops when its context is done, with the context's cause: a
// 9×9 whose 3×3 product cage lists hundreds of thousands of tuples.
func TestBuildStopsWithContext(t *testing.T) {
	p := productBox(9, 3)
	require.NoError(t, Validate(p))
	ctx, cancel := csp.WithTimeLimit(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	_, err := Build(ctx, p, Options{AllDiff: alldiff.GAC})
	assert.ErrorIs(t, err, csp.ErrTimeLimit)
	res, err := Count(ctx, p, Options{AllDiff: alldiff.GAC}, search, 0)
	assert.ErrorIs(t, err, csp.ErrTimeLimit)
	assert.False(t, res.Complete)
}
