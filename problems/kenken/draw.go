package kenken

import "github.com/cspgo/csp/problems/catalog"

var _ catalog.Drawer[*Puzzle] = problem{}

// Board draws p: its cages, each with the clue a puzzle book prints.
func (problem) Board(p *Puzzle) catalog.Board {
	b := catalog.Board{Rows: p.N, Cols: p.N, Values: p.N}
	for _, cg := range p.Cages {
		op := sign(cg.Op)
		if len(cg.Cells) == 1 {
			op = ""
		}
		b.Cages = append(b.Cages, catalog.CageClue{Cells: append([][2]int(nil), cg.Cells...), Op: op, Target: cg.Target, Label: cg.Clue()})
	}
	return b
}
