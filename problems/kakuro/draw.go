package kakuro

import "github.com/cspgo/csp/problems/catalog"

var _ catalog.Drawer[*Puzzle] = problem{}

// Board draws p: the grid (clue row and column included), its black
// cells with their sums, and the givens of the white ones.
func (problem) Board(p *Puzzle) catalog.Board {
	b := catalog.Board{Rows: p.rows, Cols: p.cols, Values: 9, Givens: make([][]int, p.rows)}
	for r := range p.rows {
		b.Givens[r] = make([]int, p.cols)
		for c := range p.cols {
			cell := p.cells[r*p.cols+c]
			if cell.Black {
				b.Blocks = append(b.Blocks, catalog.Block{Cell: [2]int{r, c}, Across: cell.Across, Down: cell.Down})
				continue
			}
			b.Givens[r][c] = cell.Given
		}
	}
	return b
}
