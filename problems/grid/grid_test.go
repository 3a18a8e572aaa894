package grid_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
)

func TestShapes(t *testing.T) {
	g := grid.New(csp.NewModel(), 4, 4, 1, 4)
	name := func(xs []csp.Var) (out []string) {
		for _, x := range xs {
			out = append(out, g.Model.Name(x))
		}
		return out
	}
	assert.Equal(t, []string{"r2c1", "r2c2", "r2c3", "r2c4"}, name(g.Row(1)))
	assert.Equal(t, []string{"r1c3", "r2c3", "r3c3", "r4c3"}, name(g.Col(2)))
	boxes := g.Boxes(2, 2)
	assert.Len(t, boxes, 4)
	assert.Equal(t, []string{"r1c3", "r1c4", "r2c3", "r2c4"}, name(boxes[1]))
	main, anti := g.Diagonals()
	assert.Equal(t, []string{"r1c1", "r2c2", "r3c3", "r4c4"}, name(main))
	assert.Equal(t, []string{"r1c4", "r2c3", "r3c2", "r4c1"}, name(anti))
	regions := g.Regions([]int{
		7, 7, 3, 3,
		7, 7, 3, 3,
		5, 5, 9, 9,
		5, 9, 5, 9,
	})
	assert.Len(t, regions, 4)
	assert.Equal(t, []string{"r3c1", "r3c2", "r4c1", "r4c3"}, name(regions[2]))
	assert.Equal(t, []string{"r1c2", "r3c4"}, name(g.Cells([][2]int{{0, 1}, {2, 3}})))
	assert.Len(t, g.Lines(), 8)
	assert.Panics(t, func() { g.Boxes(3, 2) })
	assert.Panics(t, func() { g.Regions([]int{1}) })
	assert.Panics(t, func() { grid.New(csp.NewModel(), 2, 3, 1, 3).Diagonals() })
}

// Example models a 4x4 X-sudoku (a sudoku whose diagonals hold each value
// once too) and counts its solutions.
func Example() {
	m := csp.NewModel()
	g := grid.New(m, 4, 4, 1, 4)
	units := append(g.Lines(), g.Boxes(2, 2)...)
	main, anti := g.Diagonals()
	units = append(units, main, anti)
	for _, u := range units {
		if err := alldiff.Post(m, u, alldiff.GAC); err != nil {
			fmt.Println(err)
			return
		}
	}
	res := csp.Count(context.Background(), m, csp.Options{Var: csp.MinDomain}, 0)
	fmt.Println(res.Solutions, "X-sudoku grids of side 4")
	// Output: 48 X-sudoku grids of side 4
}

// TestCellNames: the names of a board's cells, row by row, made once per
// shape; grid.New names its variables with them.
func TestCellNames(t *testing.T) {
	names := grid.CellNames(2, 3)
	assert.Equal(t, []string{"r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3"}, names)
	assert.Same(t, &names[0], &grid.CellNames(2, 3)[0], "shared per shape")
	assert.Equal(t, []string{"r1c1", "r1c2", "r2c1", "r2c2", "r3c1", "r3c2"}, grid.CellNames(3, 2))
	m := csp.NewModel()
	g := grid.New(m, 2, 3, 1, 3)
	assert.Equal(t, "r2c3", m.Name(g.At(1, 2)))

	// Across the widths of the numbers.
	for i, name := range grid.CellNames(12, 105) {
		require.Equal(t, fmt.Sprintf("r%dc%d", i/105+1, i%105+1), name)
	}

	// A board past the cache's bound gets its names, not kept.
	big := grid.CellNames(600, 601)
	require.Len(t, big, 600*601)
	assert.Equal(t, "r1c1", big[0])
	assert.Equal(t, "r1c601", big[600])
	assert.Equal(t, "r600c601", big[len(big)-1])
	assert.NotSame(t, &big[0], &grid.CellNames(600, 601)[0], "too large to keep")
	assert.Same(t, &names[0], &grid.CellNames(2, 3)[0], "the small ones stay")
}

// TestNewContext: the board New makes, and none under a done context.
func TestNewContext(t *testing.T) {
	m := csp.NewModel()
	g, err := grid.NewContext(context.Background(), m, 3, 4, 1, 4)
	require.NoError(t, err)
	assert.Len(t, g.Vars, 12)
	assert.Equal(t, "r3c4", m.Name(g.At(2, 3)))

	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("stop")
	cancel(stop)
	g, err = grid.NewContext(ctx, csp.NewModel(), 200, 200, 1, 200)
	assert.Nil(t, g)
	assert.ErrorIs(t, err, stop)
}

// TestCellNamesConcurrent: goroutines asking for the same and for new
// shapes at once get the same names (run with -race).
func TestCellNamesConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	got := make([][]string, 8)
	for i := range got {
		wg.Go(func() {
			for n := 1; n <= 20; n++ {
				grid.CellNames(n, 100+n)
			}
			got[i] = grid.CellNames(7, 130)
		})
	}
	wg.Wait()
	for _, g := range got {
		assert.Same(t, &got[0][0], &g[0])
		assert.Equal(t, "r7c130", g[len(g)-1])
	}
}

func TestNarrow(t *testing.T) {
	m := csp.NewModel()
	g := grid.New(m, 2, 2, 1, 2)
	require.NoError(t, g.Narrow([]int{1, 0, 0, 0}, nil))
	d := m.InitialDomain(g.At(0, 0))
	assert.Equal(t, []int{1}, d.AppendValues(nil), "the given fixes its cell")

	// A mark that contradicts the given leaves nothing: an *EmptyCell that
	// says the puzzle has no solution.
	err := g.Narrow([]int{0, 2, 0, 0}, []uint64{1 << 1, 1 << 1, 1<<1 | 1<<2, 1<<1 | 1<<2})
	var e *grid.EmptyCell
	require.ErrorAs(t, err, &e)
	assert.Equal(t, grid.EmptyCell{Row: 0, Col: 1, Given: 2, Candidates: e.Candidates}, *e)
	assert.ErrorIs(t, err, csp.ErrEmptyDomain)
	assert.Contains(t, err.Error(), "r1c2: no value left (given 2")
}

// TestNarrowSpace: the givens and marks narrow a space as Narrow narrows
// the model, with the same error for a cell left empty.
func TestNarrowSpace(t *testing.T) {
	for _, c := range []struct {
		name   string
		givens []int
		marks  []uint64
		want   [][]int // each cell's values, or nil for the error
	}{
		{"nothing", nil, nil, [][]int{{1, 2}, {1, 2}, {1, 2}, {1, 2}}},
		{"a given", []int{1, 0, 0, 0}, nil, [][]int{{1}, {1, 2}, {1, 2}, {1, 2}}},
		{"marks", nil, []uint64{1 << 2, 1<<1 | 1<<2, 1 << 1, 1<<1 | 1<<2}, [][]int{{2}, {1, 2}, {1}, {1, 2}}},
		{"a given outside the range", []int{0, 0, 3, 0}, nil, nil},
		{"a mark against the given", []int{0, 2, 0, 0}, []uint64{1 << 1, 1 << 1, 1<<1 | 1<<2, 1<<1 | 1<<2}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			g := grid.New(m, 2, 2, 1, 2)
			sp := csp.NewSpace(m, csp.Copying)
			err := g.NarrowSpace(sp, c.givens, c.marks)
			// The model's own narrowing agrees.
			m2 := csp.NewModel()
			err2 := grid.New(m2, 2, 2, 1, 2).Narrow(c.givens, c.marks)
			if c.want == nil {
				var e, e2 *grid.EmptyCell
				require.ErrorAs(t, err, &e)
				require.ErrorAs(t, err2, &e2)
				assert.Equal(t, *e2, *e)
				assert.True(t, sp.Failed())
				return
			}
			require.NoError(t, err)
			require.NoError(t, err2)
			for i, x := range g.Vars {
				assert.Equal(t, c.want[i], sp.Dom(x).AppendValues(nil), "cell %d", i)
				d := m2.InitialDomain(x)
				assert.Equal(t, c.want[i], d.AppendValues(nil), "cell %d (Narrow)", i)
			}
		})
	}
}

// BenchmarkCellNames: the look-up of a shape's names, as every model's
// build makes it (9x9: a sudoku's), from one goroutine and from all; and
// grid.New of a 9x9 board, which makes it once.
func BenchmarkCellNames(b *testing.B) {
	grid.CellNames(9, 9)
	b.Run("lookup", func(b *testing.B) {
		for b.Loop() {
			grid.CellNames(9, 9)
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				grid.CellNames(9, 9)
			}
		})
	})
	b.Run("new9x9", func(b *testing.B) {
		for b.Loop() {
			grid.New(csp.NewModel(), 9, 9, 1, 9)
		}
	})
}
