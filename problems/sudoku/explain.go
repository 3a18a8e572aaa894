package sudoku

import (
	"errors"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/units"
)

// Ladder is the grading ladder of sudoku, weakest first, as puzzle books
// grade:
//
//  0. singles: a value placed leaves its row, column and box (naked
//     singles; a cell with one candidate left is then placed);
//  1. hidden singles: a value with one place left in a unit goes there;
//  2. box-line: a value confined to the cells a box shares with a line
//     leaves the rest of the other (pointing and claiming);
//  3. subsets: naked and hidden pairs, triples and quads in a unit;
//  4. assumptions: each value of a cell is assumed in turn, with the
//     levels below and no guess: a value that leads to a contradiction
//     goes, and so does a value of another cell that every assumption
//     removes (forcing; Tatham's forcing chains are of this kind).
//
// A puzzle no level solves needs search. Jigsaw regions and the X
// diagonals are units like the others; killer cages have no rules yet.
var Ladder = csp.Ladder{
	Levels: []string{"singles", "hidden singles", "box-line", "subsets", "assumptions"},
	Rules: map[string]int{
		alldiff.RuleNakedSingle: 0, alldiff.RuleHiddenSingle: 1, units.RuleBoxLine: 2,
		alldiff.RuleNakedSubset: 3, alldiff.RuleHiddenSubset: 3, csp.RuleTrial: 4, csp.RuleForcing: 4,
	},
}

// ErrNoRules says a puzzle has constraints the reasoning rules do not
// cover (killer cages).
var ErrNoRules = errors.New("sudoku: no reasoning rules for killer cages yet")

// Reason readies p for grading and explaining: its cells (givens and
// pencil marks applied) and the explainers of every rule of Ladder.
func Reason(p *Puzzle) (*catalog.Reasoning, error) {
	if len(p.Cages) > 0 {
		return nil, ErrNoRules
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.N()
	m := csp.NewModel()
	g := grid.New(m, n, n, 1, n)
	if err := g.Narrow(p.Cells, p.Marks); err != nil {
		return nil, err
	}
	us := unitsOf(g, p)
	var lines []unit
	for i := range us.rows {
		lines = append(lines, us.rows[i], us.cols[i])
	}
	boxes, diagonals := us.boxes, us.diagonals
	var rules []csp.Explainer
	for _, us := range [][]unit{lines, boxes, diagonals} {
		for _, u := range us {
			rules = append(rules, alldiff.Explain(u.vars, u.name))
		}
	}
	for _, b := range boxes {
		for _, l := range append(lines, diagonals...) {
			rules = append(rules, units.ExplainBoxLine(b.vars, l.vars, b.name, l.name))
		}
	}
	rs := &csp.Reasoner{Ladder: Ladder}
	rs.Rules = append(rules, rs.Trials(g.Vars, len(Ladder.Levels)-2))
	cells := make([][]csp.Var, n)
	for r := range n {
		cells[r] = g.Row(r)
	}
	return &catalog.Reasoning{
		Space:    csp.NewSpace(m, csp.Copying),
		Reasoner: rs,
		Cells:    cells,
		Check: func(gr [][]int) error {
			flat := make([]int, 0, n*n)
			for _, row := range gr {
				flat = append(flat, row...)
			}
			return CheckCells(p, flat)
		},
	}, nil
}
