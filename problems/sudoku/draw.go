package sudoku

import (
	"strconv"

	"github.com/cspgo/csp/problems/catalog"
)

var _ catalog.Drawer[*Puzzle] = problem{}

// Board draws p: its boxes (or jigsaw regions), diagonals, givens and
// killer cages (labelled with their sums).
func (problem) Board(p *Puzzle) catalog.Board {
	n := p.N()
	b := catalog.Board{Rows: n, Cols: n, Values: n, Diagonals: p.Diagonals,
		Givens: catalog.Rows(append([]int(nil), p.Cells...), n), Regions: make([][]int, n)}
	number := map[int]int{} // a jigsaw label -> its region, in reading order
	for r := range n {
		b.Regions[r] = make([]int, n)
		for c := range n {
			if p.Regions == nil {
				b.Regions[r][c] = r/p.BoxRows*(n/p.BoxCols) + c/p.BoxCols
				continue
			}
			label := p.Regions[r*n+c]
			if _, ok := number[label]; !ok {
				number[label] = len(number)
			}
			b.Regions[r][c] = number[label]
		}
	}
	for _, cg := range p.Cages {
		cc := catalog.CageClue{Op: "+", Target: cg.Sum, Label: strconv.Itoa(cg.Sum)}
		for _, i := range cg.Cells {
			cc.Cells = append(cc.Cells, [2]int{i / n, i % n})
		}
		b.Cages = append(b.Cages, cc)
	}
	return b
}
