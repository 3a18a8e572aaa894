package skyscraper

import (
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

// Ladder is the grading ladder of skyscraper puzzles, weakest first: the
// strengths of the visibility propagator as a person's deductions.
//
//  0. edge rules and singles: what each clue alone forbids near its edge
//     (the Edge strength), a height placed leaves its row and column, a
//     height with one place left in a line goes there;
//  1. clue bounds: a height that would let too few or too many buildings
//     be seen goes (Bounds);
//  2. clue filtering: a height that no arrangement meeting the clue puts
//     there goes (GAC);
//  3. whole lines: a height no arrangement of the whole line, all
//     different and meeting both its clues, puts there goes (Line), and
//     naked and hidden subsets of up to four cells in any line;
//  4. assumptions: each value of a cell is assumed in turn, with the
//     levels below and no guess: a value that leads to a contradiction
//     goes, and so does a value of another cell that every assumption
//     removes (forcing; Tatham's forcing chains are of this kind).
//
// A puzzle no level solves needs search.
var Ladder = csp.Ladder{
	Levels: []string{"edge rules and singles", "clue bounds", "clue filtering", "whole lines", "assumptions"},
	Rules: map[string]int{
		visibility.RuleEdge: 0, alldiff.RuleNakedSingle: 0, alldiff.RuleHiddenSingle: 0,
		visibility.RuleBounds: 1,
		visibility.RuleGAC:    2,
		visibility.RuleLine:   3, alldiff.RuleNakedSubset: 3, alldiff.RuleHiddenSubset: 3,
		csp.RuleTrial: 4, csp.RuleForcing: 4,
	},
}

// Literature maps the rules of Ladder to the names a skyscraper write-up
// gives the same deductions (krnsk0, "Solving Every Skyscraper Puzzle",
// 2019), which explain and hint print beside the project's:
//
//   - the edge rule is its edge clue rule (edge clue initialization): what
//     a clue alone says before any candidate is crossed out, a 1 placing
//     the tallest next to it, N the rising line, any other clue the heights
//     too tall near the edge;
//   - a naked single here is a resolved cell: a cell with one height left
//     takes it out of its row and column;
//   - a hidden single is its process of elimination: a height with one
//     place left in a line goes there;
//   - clue bounds and clue filtering are its clue elimination (done by
//     sequence filtration): a clue, with the candidates left, rules out
//     heights no arrangement meeting it puts there; bounds is the cheap
//     part of it, filtering all of it.
//
// Whole lines, subsets and assumptions have no name there.
var Literature = map[string]string{
	visibility.RuleEdge:      "edge clue rule",
	alldiff.RuleNakedSingle:  "resolved cell",
	alldiff.RuleHiddenSingle: "process of elimination",
	visibility.RuleBounds:    "clue elimination",
	visibility.RuleGAC:       "clue elimination",
}

// ClueUses says which clues the clue rules of Ladder use, for a program
// that draws a step: the edge rule, bounds and filtering one clue, whose
// explainer's scope is its line from the clue's side; a whole line both
// clues of a row or column, whose scope is the line in its natural order.
var ClueUses = map[string]catalog.ClueUse{
	visibility.RuleEdge:   catalog.LineClue,
	visibility.RuleBounds: catalog.LineClue,
	visibility.RuleGAC:    catalog.LineClue,
	visibility.RuleLine:   catalog.LineEnds,
}

// Reason readies p for grading and explaining: its cells (givens and
// pencil marks applied) and the explainers of every rule of Ladder. Whole
// lines need N <= visibility.MaxLine; above it that level adds nothing.
func Reason(p *Puzzle) (*catalog.Reasoning, error) {
	n := p.N
	m := csp.NewModel()
	g := grid.New(m, n, n, 1, n)
	if err := g.Narrow(grid.Flat(nil, p.Givens), p.Marks); err != nil {
		return nil, err
	}
	cells := g.AllRows()
	var rules []csp.Explainer
	add := func(e csp.Explainer, err error) error {
		if err == nil {
			rules = append(rules, e)
		}
		return err
	}
	for i := range n {
		rules = append(rules, alldiff.Explain(g.Row(i), fmt.Sprintf("row %d", i+1)),
			alldiff.Explain(g.Col(i), fmt.Sprintf("column %d", i+1)))
	}
	for i := range n {
		row, col := g.Row(i), g.Col(i)
		for _, c := range []struct {
			line        []csp.Var
			clue        int
			where, name string
		}{
			{col, p.Top[i], "above", fmt.Sprintf("column %d", i+1)},
			{reversed(col), p.Bottom[i], "below", fmt.Sprintf("column %d", i+1)},
			{row, p.Left[i], "left of", fmt.Sprintf("row %d", i+1)},
			{reversed(row), p.Right[i], "right of", fmt.Sprintf("row %d", i+1)},
		} {
			if c.clue == 0 {
				continue
			}
			label := fmt.Sprintf("clue %d %s %s", c.clue, c.where, c.name)
			for _, s := range []visibility.Strength{visibility.Edge, visibility.Bounds, visibility.GAC} {
				if err := add(visibility.Explain(c.line, n, c.clue, s, label)); err != nil {
					return nil, fmt.Errorf("%s: %w", label, err)
				}
			}
		}
		if n <= visibility.MaxLine {
			for _, l := range []struct {
				line        []csp.Var
				front, back int
				name        string
			}{{row, p.Left[i], p.Right[i], fmt.Sprintf("row %d", i+1)}, {col, p.Top[i], p.Bottom[i], fmt.Sprintf("column %d", i+1)}} {
				if l.front+l.back > 0 {
					if err := add(visibility.ExplainLine(l.line, n, l.front, l.back, l.name)); err != nil {
						return nil, fmt.Errorf("%s: %w", l.name, err)
					}
				}
			}
		}
	}
	for _, in := range p.Interior {
		line := in.line(g)
		label := fmt.Sprintf("clue %d at r%dc%d looking %s", in.Count, in.Row+1, in.Col+1, in.Look)
		for _, s := range []visibility.Strength{visibility.Edge, visibility.Bounds, visibility.GAC} {
			if err := add(visibility.Explain(line, n, in.Count, s, label)); err != nil {
				return nil, fmt.Errorf("%s: %w", label, err)
			}
		}
	}
	rs := &csp.Reasoner{Ladder: Ladder}
	rs.Rules = append(rules, rs.Trials(g.Vars, len(Ladder.Levels)-2))
	return &catalog.Reasoning{
		Space:    csp.NewSpace(m, csp.Copying),
		Reasoner: rs,
		Cells:    cells,
		Check:    func(gr [][]int) error { return Check(p, gr) },
		Aka:      Literature,
		Clues:    ClueUses,
	}, nil
}
