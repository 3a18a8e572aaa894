package sudoku

import (
	"context"
	"testing"
	"time"

	"github.com/cspgo/csp/problems/internal/author"
	"github.com/stretchr/testify/require"
)

// TestMakeGradedUnique checks what Make promises on a sample of seeds:
// one solution, the grade asked exactly, minimal, same seed same puzzle.
func TestMakeGradedUnique(t *testing.T) {
	// Each case is made within its attempts (a cap, not a time, so the
	// test gives the same answer on any machine); the harder levels of
	// small grids are rare, and 9x9 puzzles that need assumptions take
	// seconds to make.
	cases := []struct {
		rows, cols, level int
		short             bool // run with -short too
	}{
		{2, 2, 0, true}, {2, 3, 0, true}, {2, 3, 1, true}, {2, 3, 2, true}, {2, 3, 4, false},
		{3, 3, 0, false}, {3, 3, 1, false}, {3, 3, 2, false}, {3, 3, 3, false},
	}
	for _, tc := range cases {
		if testing.Short() && !tc.short {
			continue
		}
		solver, err := NewSolver(tc.rows, tc.cols, DefaultOptions, DefaultSearch)
		require.NoError(t, err)
		count := func(p *Puzzle) int64 {
			res, err := solver.Count(context.Background(), p, 2)
			require.NoError(t, err)
			return res.Solutions
		}
		_, grade := gradeFuncs()
		req := MakeRequest{BoxRows: tc.rows, BoxCols: tc.cols, Level: tc.level, Seed: 3, Attempts: 200}
		p, sol, _, err := Make(context.Background(), req)
		require.NoError(t, err, "%dx%d level %d", tc.rows, tc.cols, tc.level)
		require.NoError(t, CheckCells(p, sol))
		require.Equal(t, int64(1), count(p))
		require.Equal(t, tc.level, grade(p), FormatLine(p, nil))
		for i, v := range p.Cells {
			if v == 0 {
				continue
			}
			p.Cells[i] = 0
			require.Equal(t, int64(2), count(p), "given %d of %s can go", i, FormatLine(p, nil))
			p.Cells[i] = v
		}
		again, _, _, err := Make(context.Background(), req)
		require.NoError(t, err)
		require.Equal(t, p.Cells, again.Cells)
	}
}

// TestMakeGivesUp: a request that cannot be met stops at its cap of
// attempts, or at its time limit, saying what it tried.
func TestMakeGivesUp(t *testing.T) {
	_, _, st, err := Make(context.Background(), MakeRequest{BoxRows: 2, BoxCols: 2, Level: 3, Attempts: 20})
	require.ErrorIs(t, err, author.ErrAttempts)
	require.ErrorIs(t, err, author.ErrNotMade)
	require.ErrorContains(t, err, "20 attempts: 20 came out")
	require.Equal(t, 20, st.Attempts)
	_, _, _, err = Make(context.Background(), MakeRequest{BoxRows: 2, BoxCols: 2, Level: 3, Limit: 50 * time.Millisecond})
	require.ErrorIs(t, err, author.ErrTimeLimit)
}
