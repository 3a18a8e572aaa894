package main

import (
	"slices"

	"github.com/cspgo/csp/cmd/internal/cli"
	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// cellVal is a cell and a value.
type cellVal struct {
	Cell  [2]int `json:"cell"`
	Value int    `json:"value"`
}

// cellVals is a cell and values.
type cellVals struct {
	Cell   [2]int `json:"cell"`
	Values []int  `json:"values"`
}

// apiStep is a step as /api/explain and /api/hint answer it: explain's
// --json record, with the cells it touches placed on the board.
type apiStep struct {
	cli.StepRecord
	RuleName     string     `json:"rule_name"`               // the rule in words, with the literature's name
	RemovedCells []cellVals `json:"removed_cells,omitempty"` // the values removed, by cell
	Set          []cellVal  `json:"set,omitempty"`           // the cells the step leaves with one value
	Scope        [][2]int   `json:"scope,omitempty"`         // the cells of the unit or clue used, in its order
	Unit         string     `json:"unit,omitempty"`          // that unit or clue in words
	Clue         *clueRef   `json:"clue,omitempty"`          // a clue rule's clue on the board
	Clues        []clueRef  `json:"clues,omitempty"`         // every clue the step used: Clue, or a whole line's two
	Cases        []apiCase  `json:"cases,omitempty"`         // a deduction by assumption
}

// clueRef is where a clue stands: on an edge (Side, Index) or in a cell.
type clueRef struct {
	Side  string  `json:"side,omitempty"`
	Index *int    `json:"index,omitempty"`
	Cell  *[2]int `json:"cell,omitempty"`
}

// apiCase is one assumption of a deduction and its steps.
type apiCase struct {
	Cell   string    `json:"cell"`
	CellRC [2]int    `json:"cell_rc"`
	Value  int       `json:"value"`
	Steps  []apiStep `json:"steps"`
}

// placer places the steps of one reasoning on its board: it finds each
// variable's cell once for all the steps.
type placer struct {
	r     *catalog.Reasoning
	b     catalog.Board
	where map[csp.Var][2]int
}

func newPlacer(r *catalog.Reasoning, b catalog.Board) *placer {
	where := map[csp.Var][2]int{}
	for i, row := range r.Cells {
		for j, x := range row {
			where[x] = [2]int{i, j}
		}
	}
	return &placer{r: r, b: b, where: where}
}

// step is the apiStep of st, the step numbered n of it's reasoning.
func (p *placer) step(it catalog.Item[any], n int, st csp.Step) apiStep {
	return p.placed(cli.ToRecord(p.r, it, n, bare(st)), st)
}

// bare is st without its cases: placed makes their records, with their
// cells, so its record need not.
func bare(st csp.Step) csp.Step {
	st.Cases = nil
	return st
}

// placed is the apiStep of st, whose record without cases is rec.
func (p *placer) placed(rec cli.StepRecord, st csp.Step) apiStep {
	r, b, where := p.r, p.b, p.where
	out := apiStep{StepRecord: rec, RuleName: r.RuleName(st.Rule), Unit: st.Unit}
	for _, x := range st.Scope {
		if rc, ok := where[x]; ok {
			out.Scope = append(out.Scope, rc)
		}
	}
	switch r.ClueUse(st.Rule) {
	case catalog.LineClue:
		out.Clue = clueAt(b, out.Scope)
		if out.Clue != nil {
			out.Clues = []clueRef{*out.Clue}
		}
	case catalog.LineEnds:
		out.Clues = lineClues(b, out.Scope)
	}
	removed := map[csp.Var][]int{}
	var order []csp.Var
	for _, l := range st.Removed {
		if _, ok := removed[l.Var]; !ok {
			order = append(order, l.Var)
		}
		removed[l.Var] = append(removed[l.Var], l.Val)
	}
	for _, x := range order {
		rc, ok := where[x]
		if !ok {
			continue // not a cell: an auxiliary variable of the model
		}
		out.RemovedCells = append(out.RemovedCells, cellVals{Cell: rc, Values: removed[x]})
		// What is left once the step's values go (whether or not the
		// step has been applied yet).
		var left []int
		for _, v := range r.Space.Dom(x).AppendValues(nil) {
			if !slices.Contains(removed[x], v) {
				left = append(left, v)
			}
		}
		if len(left) == 1 {
			out.Set = append(out.Set, cellVal{Cell: rc, Value: left[0]})
		}
	}
	m := r.Space.Model()
	for _, c := range st.Cases {
		ac := apiCase{Cell: m.Name(c.Assumed.Var), CellRC: where[c.Assumed.Var], Value: c.Assumed.Val, Steps: []apiStep{}}
		for k, s := range c.Steps {
			ac.Steps = append(ac.Steps, p.placed(cli.StepRecord{Instance: rec.Instance, Step: k + 1, RuleRecord: cli.ToRule(r, bare(s))}, s))
		}
		out.Cases = append(out.Cases, ac)
	}
	return out
}

// place is where on the board a clue or given of the puzzle stands: a
// given's cell, an edge clue's side and index, an interior clue's cell, a
// cage's index in Board.Cages, a sign, a kakuro block.
type place struct {
	Kind  string        `json:"kind"` // given, edge, interior, cage, sign, block
	Cell  *[2]int       `json:"cell,omitempty"`
	Side  string        `json:"side,omitempty"`
	Index *int          `json:"index,omitempty"`
	Sign  *catalog.Sign `json:"sign,omitempty"`
}

// placesOf finds where the clue numbered i of inst (in the order of its
// Clues) stands: what the board loses when the puzzle loses that clue
// alone (Keep). Nil when the problem cannot draw.
func placesOf(p *catalog.Entry, inst any, i int) []place {
	whole, err := p.Board(inst)
	if err != nil {
		return nil
	}
	kept := make([]bool, len(p.Clues(inst)))
	for k := range kept {
		kept[k] = k != i
	}
	less, err := p.Board(p.Keep(inst, kept))
	if err != nil {
		return nil
	}
	return boardLoss(whole, less)
}

// boardLoss lists what board a has and b, the same puzzle with fewer
// clues, has not.
func boardLoss(a, b catalog.Board) []place {
	out := []place{}
	for r := range a.Givens {
		for c := range a.Givens[r] {
			if a.Givens[r][c] != 0 && (b.Givens == nil || b.Givens[r][c] != a.Givens[r][c]) {
				out = append(out, place{Kind: "given", Cell: &[2]int{r, c}})
			}
		}
	}
	if a.Edges != nil {
		for _, side := range []struct {
			name string
			a, b []int
		}{{"top", a.Edges.Top, edge(b, 0)}, {"bottom", a.Edges.Bottom, edge(b, 1)}, {"left", a.Edges.Left, edge(b, 2)}, {"right", a.Edges.Right, edge(b, 3)}} {
			for i, v := range side.a {
				if v != 0 && (i >= len(side.b) || side.b[i] != v) {
					out = append(out, place{Kind: "edge", Side: side.name, Index: &i})
				}
			}
		}
	}
	for _, in := range a.Interior {
		if !slices.Contains(b.Interior, in) {
			out = append(out, place{Kind: "interior", Cell: &in.Cell})
		}
	}
	for i, cg := range a.Cages {
		if !slices.ContainsFunc(b.Cages, func(o catalog.CageClue) bool {
			return o.Label == cg.Label && slices.Equal(o.Cells, cg.Cells)
		}) {
			out = append(out, place{Kind: "cage", Index: &i})
		}
	}
	for _, sg := range a.Signs {
		if !slices.Contains(b.Signs, sg) {
			out = append(out, place{Kind: "sign", Sign: &sg})
		}
	}
	for _, bl := range a.Blocks {
		if !slices.Contains(b.Blocks, bl) {
			out = append(out, place{Kind: "block", Cell: &bl.Cell})
		}
	}
	return out
}

// edge returns side k (top, bottom, left, right) of b's edge clues.
func edge(b catalog.Board, k int) []int {
	if b.Edges == nil {
		return nil
	}
	return [][]int{b.Edges.Top, b.Edges.Bottom, b.Edges.Left, b.Edges.Right}[k]
}

// clueAt finds the clue of a step of a rule that uses one clue looking
// along a line (catalog.LineClue: a skyscraper clue's edge rule, bounds
// or filtering), whose scope is the clue's line from the clue's side:
// the edge clue before the line's first cell when the line runs from an
// edge across the grid and the board has a clue there, else the interior
// clue in its first cell looking along it. Nil when there is none.
func clueAt(b catalog.Board, scope [][2]int) *clueRef {
	if len(scope) < 2 {
		return nil
	}
	first, second := scope[0], scope[1]
	dr, dc := second[0]-first[0], second[1]-first[1]
	if e := b.Edges; e != nil {
		for _, side := range []struct {
			name     string
			at       bool // the line starts on this edge, running inwards
			clues    []int
			index, n int
		}{
			{"top", dr == 1 && first[0] == 0, e.Top, first[1], b.Rows},
			{"bottom", dr == -1 && first[0] == b.Rows-1, e.Bottom, first[1], b.Rows},
			{"left", dc == 1 && first[1] == 0, e.Left, first[0], b.Cols},
			{"right", dc == -1 && first[1] == b.Cols-1, e.Right, first[0], b.Cols},
		} {
			if side.at && len(scope) == side.n && side.index < len(side.clues) && side.clues[side.index] != 0 {
				return &clueRef{Side: side.name, Index: &side.index}
			}
		}
	}
	look := map[[2]int]string{{-1, 0}: "up", {1, 0}: "down", {0, -1}: "left", {0, 1}: "right"}[[2]int{dr, dc}]
	for _, in := range b.Interior {
		if in.Cell == first && in.Look == look {
			return &clueRef{Cell: &in.Cell}
		}
	}
	return nil
}

// lineClues finds the edge clues of a whole line's step (catalog.LineEnds),
// whose scope is a row or a column of the board in its natural order:
// those at both its ends that the board has.
func lineClues(b catalog.Board, scope [][2]int) []clueRef {
	e := b.Edges
	if e == nil || len(scope) < 2 {
		return nil
	}
	first, last := scope[0], scope[len(scope)-1]
	var out []clueRef
	add := func(side string, clues []int, i int) {
		if i < len(clues) && clues[i] != 0 {
			out = append(out, clueRef{Side: side, Index: &i})
		}
	}
	switch {
	case first[0] == last[0] && first[1] == 0 && last[1] == b.Cols-1 && len(scope) == b.Cols:
		add("left", e.Left, first[0])
		add("right", e.Right, first[0])
	case first[1] == last[1] && first[0] == 0 && last[0] == b.Rows-1 && len(scope) == b.Rows:
		add("top", e.Top, first[1])
		add("bottom", e.Bottom, first[1])
	}
	return out
}
