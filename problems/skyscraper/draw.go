package skyscraper

import (
	"slices"

	"github.com/cspgo/csp/problems/catalog"
)

var _ catalog.Drawer[*Puzzle] = problem{}

// Board draws p: the clues round the edge, the givens and the interior
// clues.
func (problem) Board(p *Puzzle) catalog.Board {
	b := catalog.Board{Rows: p.N, Cols: p.N, Values: p.N, Givens: problem{}.Givens(p),
		Edges: &catalog.Edges{Top: slices.Clone(p.Top), Bottom: slices.Clone(p.Bottom), Left: slices.Clone(p.Left), Right: slices.Clone(p.Right)}}
	for _, in := range p.Interior {
		b.Interior = append(b.Interior, catalog.InteriorClue{Cell: [2]int{in.Row, in.Col}, Look: string(in.Look), Value: in.Count})
	}
	return b
}
