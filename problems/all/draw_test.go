package all_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// Every problem draws, and its board agrees with the problem's own
// solutions: the grid has the solution's shape, the values fit in
// 1..Values, every given is the solution's value there, every cage and
// sign holds of it and every kakuro block is a cell the solution leaves
// 0 (the checker, which shares no code with Board, has passed the
// solution).
func TestEveryProblemDraws(t *testing.T) {
	ctx := context.Background()
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			e, _ := catalog.Lookup(name)
			require.True(t, e.CanDraw, "%s has no Board", name)
			s := settings(t, e, csp.DepthFirst, 0)
			drawn := 0
			for where, inst := range instances(t, e, corpora[name]) {
				b, err := e.Board(inst)
				require.NoError(t, err, where)
				g, _, err := e.Solve(ctx, inst, s, &catalog.Cache{})
				if errors.As(err, new(catalog.Unsatisfiable)) || g == nil {
					continue
				}
				require.NoError(t, err, where)
				drawn++
				require.Len(t, g, b.Rows, where)
				for r, row := range g {
					require.Len(t, row, b.Cols, where)
					for c, v := range row {
						if b.Givens != nil && b.Givens[r][c] != 0 {
							assert.Equal(t, b.Givens[r][c], v, "%s: given r%dc%d", where, r+1, c+1)
						}
						assert.LessOrEqual(t, v, b.Values, "%s: r%dc%d", where, r+1, c+1)
					}
				}
				for _, bl := range b.Blocks {
					assert.Zero(t, g[bl.Cell[0]][bl.Cell[1]], "%s: block %v", where, bl.Cell)
				}
				for _, cg := range b.Cages {
					if cg.Op == "+" || cg.Op == "" && len(cg.Cells) > 1 {
						sum := 0
						for _, c := range cg.Cells {
							sum += g[c[0]][c[1]]
						}
						assert.Equal(t, cg.Target, sum, "%s: cage %s", where, cg.Label)
					}
					if len(cg.Cells) == 1 {
						assert.Equal(t, cg.Target, g[cg.Cells[0][0]][cg.Cells[0][1]], "%s: cage %s", where, cg.Label)
					}
				}
				for _, sg := range b.Signs {
					a, c := g[sg.A[0]][sg.A[1]], g[sg.B[0]][sg.B[1]]
					switch sg.Rel {
					case "<":
						assert.Less(t, a, c, "%s: sign %v", where, sg)
					case ">":
						assert.Greater(t, a, c, "%s: sign %v", where, sg)
					case "|":
						assert.Contains(t, []int{-1, 1}, a-c, "%s: bar %v", where, sg)
					}
				}
				if e := b.Edges; e != nil {
					for i := range b.Cols {
						col := make([]int, b.Rows)
						for r := range b.Rows {
							col[r] = g[r][i]
						}
						seen(t, e.Top[i], col, where, "top", i)
						seen(t, e.Bottom[i], reversed(col), where, "bottom", i)
					}
					for i := range b.Rows {
						seen(t, e.Left[i], g[i], where, "left", i)
						seen(t, e.Right[i], reversed(g[i]), where, "right", i)
					}
				}
				for _, in := range b.Interior {
					var line []int
					step := map[string][2]int{"up": {-1, 0}, "down": {1, 0}, "left": {0, -1}, "right": {0, 1}}[in.Look]
					dr, dc := step[0], step[1]
					for r, c := in.Cell[0], in.Cell[1]; r >= 0 && r < b.Rows && c >= 0 && c < b.Cols; r, c = r+dr, c+dc {
						line = append(line, g[r][c])
					}
					seen(t, in.Value, line, where, "interior "+in.Look, in.Cell[0]*b.Cols+in.Cell[1])
				}
				if b.Regions != nil {
					seen := map[[2]int]bool{} // (region, value)
					for r, row := range g {
						for c, v := range row {
							key := [2]int{b.Regions[r][c], v}
							assert.False(t, seen[key], "%s: value %d twice in region %d", where, v, key[0])
							seen[key] = true
						}
					}
				}
			}
			assert.Positive(t, drawn, "no instance of %s was drawn", name)
		})
	}
}

// seen checks that clue (0: none) buildings are visible along line.
func seen(t *testing.T, clue int, line []int, where, side string, i int) {
	t.Helper()
	if clue == 0 {
		return
	}
	n, top := 0, 0
	for _, h := range line {
		if h > top {
			n, top = n+1, h
		}
	}
	assert.Equal(t, clue, n, "%s: clue %s %d", where, side, i)
}

func reversed(xs []int) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}
