package sudoku

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestMakeGradedUnique checks what Make promises on a sample of seeds:
// one solution, the grade asked exactly, minimal, same seed same puzzle.
func TestMakeGradedUnique(t *testing.T) {
	type shape struct{ rows, cols int }
	shapes := []shape{{2, 2}, {2, 3}}
	if !testing.Short() {
		shapes = append(shapes, shape{3, 3})
	}
	for _, sh := range shapes {
		solver := NewSolver(sh.rows, sh.cols, DefaultOptions, DefaultSearch)
		count := func(p *Puzzle) int64 {
			res, err := solver.Count(context.Background(), p, 2)
			require.NoError(t, err)
			return res.Solutions
		}
		_, grade := gradeFuncs()
		for level := 0; level <= len(Ladder.Levels); level++ {
			limit := time.Second
			if sh.rows*sh.cols == 9 {
				if level == 4 {
					continue // the contradiction level takes seconds to make
				}
				limit = time.Minute
			}
			req := MakeRequest{BoxRows: sh.rows, BoxCols: sh.cols, Level: level, Seed: 3, Limit: limit}
			p, sol, _, err := Make(context.Background(), req)
			if sh.rows*sh.cols < 9 && err != nil {
				continue // small grids lack the harder levels: the limit says so
			}
			require.NoError(t, err, "%v level %d", sh, level)
			require.NoError(t, Check(p, sol))
			require.Equal(t, int64(1), count(p))
			require.Equal(t, level, grade(p), FormatLine(p, nil))
			for i, v := range p.Cells {
				if v == 0 {
					continue
				}
				p.Cells[i] = 0
				require.Equal(t, int64(2), count(p), "given %d of %s can go", i, FormatLine(p, nil))
				p.Cells[i] = v
			}
			req.Limit = 0 // the same attempts again, however loaded the machine
			again, _, _, err := Make(context.Background(), req)
			require.NoError(t, err)
			require.Equal(t, p.Cells, again.Cells)
		}
	}
	_, _, _, err := Make(context.Background(), MakeRequest{BoxRows: 2, BoxCols: 2, Level: 3, Limit: 100 * time.Millisecond})
	require.ErrorContains(t, err, "attempts")
}
