package latin

import (
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
)

// Ladder is the grading ladder of Latin-square completion, weakest first:
//
//  0. singles: a symbol placed leaves its row and column;
//  1. hidden singles: a symbol with one place left in a row or column goes
//     there;
//  2. subsets: naked and hidden pairs, triples and quads in a row or
//     column;
//  3. assumptions: each value of a cell is assumed in turn, with the
//     levels below and no guess: a value that leads to a contradiction
//     goes, and so does a value of another cell that every assumption
//     removes (forcing; Tatham's forcing chains are of this kind).
var Ladder = csp.Ladder{
	Levels: []string{"singles", "hidden singles", "subsets", "assumptions"},
	Rules: map[string]int{
		alldiff.RuleNakedSingle: 0, alldiff.RuleHiddenSingle: 1,
		alldiff.RuleNakedSubset: 2, alldiff.RuleHiddenSubset: 2, csp.RuleTrial: 3, csp.RuleForcing: 3,
	},
}

// MaxReasonOrder is the largest order the reasoning rules take (their
// candidate sets are single words).
const MaxReasonOrder = 63

// Reason readies inst for grading and explaining: its cells (givens and
// pencil marks applied) and the explainers of every rule of Ladder.
func Reason(inst *Instance) (*catalog.Reasoning, error) {
	n := inst.Order
	if n > MaxReasonOrder {
		return nil, fmt.Errorf("latin: order %d above %d, the largest the reasoning rules take", n, MaxReasonOrder)
	}
	m := csp.NewModel()
	g := grid.New(m, n, n, 1, n)
	givens := make([]int, 0, n*n)
	for _, row := range inst.Grid {
		givens = append(givens, row...)
	}
	if err := g.Narrow(givens, inst.Marks); err != nil {
		return nil, err
	}
	var rules []csp.Explainer
	cells := make([][]csp.Var, n)
	for i := range n {
		cells[i] = g.Row(i)
		rules = append(rules, alldiff.Explain(g.Row(i), fmt.Sprintf("row %d", i+1)), alldiff.Explain(g.Col(i), fmt.Sprintf("column %d", i+1)))
	}
	rs := &csp.Reasoner{Ladder: Ladder}
	rs.Rules = append(rules, rs.Trials(g.Vars, len(Ladder.Levels)-2))
	return &catalog.Reasoning{
		Space:    csp.NewSpace(m, csp.Copying),
		Reasoner: rs,
		Cells:    cells,
		Check:    func(gr [][]int) error { return Check(inst, gr) },
	}, nil
}
