package latin

import "github.com/cspgo/csp/problems/catalog"

var _ catalog.Drawer[*Instance] = problem{}

// Board draws inst: a square of its order with the givens.
func (problem) Board(inst *Instance) catalog.Board {
	return catalog.Board{Rows: inst.Order, Cols: inst.Order, Values: inst.Order, Givens: problem{}.Givens(inst)}
}
