package table_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/table"
)

// cageHolds is the cage's rule, written out independently of Cage.
func cageHolds(op table.Op, target int, vals []int) bool {
	if len(vals) == 1 {
		return vals[0] == target
	}
	sum, prod, hi := 0, 1, 0
	for _, v := range vals {
		sum, prod, hi = sum+v, prod*v, max(hi, v)
	}
	switch op {
	case table.Add:
		return sum == target
	case table.Mul:
		return prod == target
	case table.Sub:
		return hi-(sum-hi) == target
	}
	others := prod / hi
	return hi%others == 0 && hi/others == target
}

// bruteCage lists every tuple of 1..n that meets the rule and the pairs.
func bruteCage(op table.Op, target, n, cells int, differ [][2]int) [][]int {
	var out [][]int
	t := make([]int, cells)
	var walk func(i int)
	walk = func(i int) {
		if i == cells {
			for _, p := range differ {
				if t[p[0]] == t[p[1]] {
					return
				}
			}
			if cageHolds(op, target, t) {
				out = append(out, slices.Clone(t))
			}
			return
		}
		for v := 1; v <= n; v++ {
			t[i] = v
			walk(i + 1)
		}
	}
	walk(0)
	return out
}

func TestCageAgainstBruteForce(t *testing.T) {
	shapes := []struct {
		name   string
		n      int
		cells  int
		differ [][2]int
	}{
		{"1 cell", 5, 1, nil},
		{"2 cells in a row", 6, 2, [][2]int{{0, 1}}},
		{"2 cells", 4, 2, nil},
		{"3 cells in a row", 4, 3, [][2]int{{0, 1}, {1, 2}, {0, 2}}},
		{"3 cells in an L", 5, 3, [][2]int{{0, 1}, {2, 1}}},
		{"4 cells in a square", 4, 4, [][2]int{{0, 1}, {2, 3}, {0, 2}, {1, 3}}},
		{"4 free cells", 3, 4, nil},
	}
	for _, sh := range shapes {
		for _, op := range []table.Op{table.Add, table.Sub, table.Mul, table.Div} {
			t.Run(fmt.Sprintf("%s/%v", sh.name, op), func(t *testing.T) {
				maxTarget := sh.n * sh.cells
				if op == table.Mul {
					maxTarget = 1
					for range sh.cells {
						maxTarget *= sh.n
					}
				}
				for target := -sh.n * sh.cells; target <= maxTarget+1; target++ {
					got, err := table.Cage(context.Background(), op, target, sh.n, sh.cells, sh.differ)
					require.NoError(t, err)
					assert.Equal(t, bruteCage(op, target, sh.n, sh.cells, sh.differ), got, "target %d", target)
				}
			})
		}
	}
}

// TestCageLarge: a cage of thousands of tuples (they are gathered in
// blocks of growing size) lists what brute force finds, each tuple a
// slice of its own length and capacity, so that appending to one leaves
// the next alone.
func TestCageLarge(t *testing.T) {
	got, err := table.Cage(context.Background(), table.Add, 30, 9, 6, nil)
	require.NoError(t, err)
	want := bruteCage(table.Add, 30, 9, 6, nil)
	require.Greater(t, len(want), 4096+2048, "past the largest block")
	assert.Equal(t, want, got)
	for i, tup := range got {
		require.Equal(t, len(tup), cap(tup), "tuple %d", i)
	}
	_ = append(got[0], 99)
	assert.Equal(t, want[1], got[1])
}

func TestCageErrors(t *testing.T) {
	for _, tc := range []struct {
		name          string
		op            table.Op
		target, n, ce int
		differ        [][2]int
		want          error
	}{
		{"unknown operation", table.Op(7), 3, 4, 2, nil, table.ErrCage},
		{"size 0", table.Add, 3, 0, 2, nil, table.ErrCage},
		{"size too large", table.Add, 3, 1 << 20, 2, nil, table.ErrCage},
		{"no cell", table.Add, 3, 4, 0, nil, table.ErrCage},
		{"too many cells", table.Add, 3, 4, table.MaxCageCells + 1, nil, table.ErrCage},
		{"pair outside", table.Add, 3, 4, 2, [][2]int{{0, 2}}, table.ErrCage},
		{"negative pair", table.Add, 3, 4, 2, [][2]int{{-1, 1}}, table.ErrCage},
		{"pair of one cell", table.Add, 3, 4, 2, [][2]int{{1, 1}}, table.ErrCage},
		// Sound cages past the solver's limits: not invalid.
		{"too many tuples", table.Add, 40, 9, 9, nil, table.ErrTooLarge},
		{"too long to enumerate", table.Sub, -20, 9, 12, nil, table.ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := table.Cage(context.Background(), tc.op, tc.target, tc.n, tc.ce, tc.differ)
			assert.ErrorIs(t, err, tc.want)
			if tc.want == table.ErrTooLarge {
				assert.NotErrorIs(t, err, table.ErrCage)
			}
		})
	}
	m := csp.NewModel()
	x := m.NewIntVar(1, 4, "x")
	assert.ErrorIs(t, table.PostCage(context.Background(), m, []csp.Var{x, 3}, table.Add, 5, 4, nil), table.ErrTable)
	assert.ErrorIs(t, table.PostCage(context.Background(), m, []csp.Var{x}, table.Add, 5, 0, nil), table.ErrCage)
	assert.Zero(t, m.NumPropagators())
}

// A done context stops the enumeration and the indexing of a large
// table, with the context's cause, and nothing is posted.
func TestCageStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("stop")
	cancel(stop)
	_, err := table.Cage(ctx, table.Add, 40, 9, 9, nil)
	assert.ErrorIs(t, err, stop)

	tuples, err := table.Cage(context.Background(), table.Add, 25, 9, 5, nil)
	require.NoError(t, err)
	require.Greater(t, len(tuples), csp.Every, "a table long enough to be looked at while indexed")
	m := csp.NewModel()
	xs := []csp.Var{m.NewIntVar(1, 9, "a"), m.NewIntVar(1, 9, "b"), m.NewIntVar(1, 9, "c"), m.NewIntVar(1, 9, "d"), m.NewIntVar(1, 9, "e")}
	assert.ErrorIs(t, table.Post(ctx, m, xs, tuples), stop)
	assert.ErrorIs(t, table.PostCage(ctx, m, xs, table.Add, 25, 9, nil), stop)
	assert.Zero(t, m.NumPropagators())
}

func TestParseOp(t *testing.T) {
	for _, op := range []table.Op{table.Add, table.Sub, table.Mul, table.Div} {
		got, err := table.ParseOp(op.String())
		require.NoError(t, err)
		assert.Equal(t, op, got)
	}
	for s, want := range map[string]table.Op{"x": table.Mul, "×": table.Mul, "÷": table.Div, "−": table.Sub} {
		got, err := table.ParseOp(s)
		require.NoError(t, err)
		assert.Equal(t, want, got, s)
	}
	_, err := table.ParseOp("%")
	assert.ErrorIs(t, err, table.ErrCage)
	assert.Equal(t, "Op(9)", table.Op(9).String())
}

// A 4×4 KenKen: every row and column holds 1..4 once, and each cage's
// cells reach its target by its operation.
func ExamplePostCage() {
	type cage struct {
		op     table.Op
		target int
		cells  [][2]int // row, column
	}
	cages := []cage{
		{table.Mul, 6, [][2]int{{0, 0}, {0, 1}, {1, 0}}},
		{table.Mul, 12, [][2]int{{0, 2}, {0, 3}}},
		{table.Sub, 3, [][2]int{{1, 1}, {1, 2}}},
		{table.Add, 6, [][2]int{{1, 3}, {2, 3}, {3, 3}}},
		{table.Div, 4, [][2]int{{2, 0}, {2, 1}}},
		{table.Div, 2, [][2]int{{2, 2}, {3, 2}}},
		{table.Add, 5, [][2]int{{3, 0}, {3, 1}}},
	}
	m := csp.NewModel()
	var grid [4][4]csp.Var
	for r := range 4 {
		for c := range 4 {
			grid[r][c] = m.NewIntVar(1, 4, fmt.Sprintf("r%dc%d", r+1, c+1))
		}
	}
	for i := range 4 {
		var row, col []csp.Var
		for j := range 4 {
			row, col = append(row, grid[i][j]), append(col, grid[j][i])
		}
		if err := errors.Join(alldiff.Post(m, row, alldiff.GAC), alldiff.Post(m, col, alldiff.GAC)); err != nil {
			fmt.Println(err)
			return
		}
	}
	for _, cg := range cages {
		var vars []csp.Var
		var differ [][2]int // cells of the cage in one row or column
		for i, a := range cg.cells {
			vars = append(vars, grid[a[0]][a[1]])
			for j, b := range cg.cells[:i] {
				if a[0] == b[0] || a[1] == b[1] {
					differ = append(differ, [2]int{j, i})
				}
			}
		}
		if err := table.PostCage(context.Background(), m, vars, cg.op, cg.target, 4, differ); err != nil {
			fmt.Println(err)
			return
		}
	}
	n := csp.Count(context.Background(), m, csp.Options{}, 2)
	res := csp.Solve(context.Background(), m, csp.Options{Var: csp.MinDomain})
	fmt.Println("solutions:", n.Solutions)
	for r := range 4 {
		var row []int
		for c := range 4 {
			row = append(row, res.Solution[grid[r][c]])
		}
		fmt.Println(row)
	}
	// Output:
	// solutions: 1
	// [1 2 3 4]
	// [3 4 1 2]
	// [4 1 2 3]
	// [2 3 4 1]
}
