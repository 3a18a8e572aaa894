package futoshiki

import "github.com/cspgo/csp/problems/catalog"

var _ catalog.Drawer[*Puzzle] = problem{}

// rels are the signs as a board draws them: value(a) rel value(b).
var rels = [...]string{Less: "<", Greater: ">", Bar: "|"}

// Board draws p: its givens and the signs between neighbours.
func (problem) Board(p *Puzzle) catalog.Board {
	b := catalog.Board{Rows: p.N, Cols: p.N, Values: p.N, Givens: make([][]int, p.N)}
	for r := range p.N {
		b.Givens[r] = append([]int(nil), p.Givens[r]...)
	}
	add := func(s Sign, a, bb [2]int) {
		if s != None && int(s) < len(rels) {
			b.Signs = append(b.Signs, catalog.Sign{A: a, B: bb, Rel: rels[s]})
		}
	}
	for r, row := range p.Right {
		for c, s := range row {
			add(s, [2]int{r, c}, [2]int{r, c + 1})
		}
	}
	for r, row := range p.Down {
		for c, s := range row {
			add(s, [2]int{r, c}, [2]int{r + 1, c})
		}
	}
	return b
}
