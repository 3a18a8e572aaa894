package sudoku

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRandomGridsAreValidAndSolved makes a blanked grid of every size the
// issue names, checks the grid it came from, and solves it.
func TestRandomGridsAreValidAndSolved(t *testing.T) {
	for _, sh := range [][3]int{{2, 2, 10}, {2, 3, 24}, {2, 4, 40}, {3, 3, 55}, {3, 4, 90}, {4, 4, 160}, {5, 5, 300}} {
		for seed := range uint64(3) {
			p, grid, err := Random(sh[0], sh[1], sh[2], seed)
			require.NoError(t, err)
			require.NoError(t, CheckCells(p, grid), "%v seed %d: the generated grid", sh, seed)
			holes := 0
			for _, v := range p.Cells {
				if v == 0 {
					holes++
				}
			}
			assert.Equal(t, sh[2], holes)
			sol, res, err := Solve(context.Background(), p, DefaultOptions, DefaultSearch)
			require.NoError(t, err)
			require.NotNil(t, sol, "%v seed %d: %+v", sh, seed, res)
		}
	}
	_, _, err := Random(1, 4, 0, 1)
	assert.ErrorIs(t, err, ErrShape)
	_, _, err = Random(3, 3, 82, 1)
	assert.Error(t, err)
}
