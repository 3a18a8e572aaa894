package visibility

import (
	"fmt"

	"github.com/cspgo/csp/csp"
)

// The rules of a clue, one per strength, as the explainers name them.
const (
	RuleEdge   = "edge rule"      // Edge: what the clue alone forbids near the edge
	RuleBounds = "clue bounds"    // Bounds: too few or too many buildings would be seen
	RuleGAC    = "clue filtering" // GAC: no arrangement meeting the clue uses the value
	RuleLine   = "whole line"     // Line: no arrangement of the line meeting both clues does
)

// Explain returns the explainer of one clue at strength s (Edge, Bounds
// or GAC), on the line ordered from the clue's side, as Post takes it;
// label names the clue in reasons ("clue 4 above column 2"). Each run of
// the strength's propagator is one deduction, worded by its rule.
func Explain(line []csp.Var, n, clue int, s Strength, label string) (csp.Explainer, error) {
	xs := append([]csp.Var(nil), line...)
	if clue < 1 || clue > len(xs) || len(xs) == 0 || n < len(xs) || n > MaxHeight {
		return nil, fmt.Errorf("%w: clue %d on a line of %d cells, heights 1..%d", ErrClue, clue, len(xs), n)
	}
	switch s {
	case Edge:
		why := edgeWhy(len(xs), n, clue)
		return csp.WithScope(csp.Trial(newEdge(xs, n, clue), RuleEdge, func(sp *csp.Space, rm []csp.Lit) string {
			if rm == nil {
				return fmt.Sprintf("%s: %s (edge rule), which the heights left cannot meet", label, why)
			}
			return fmt.Sprintf("%s: %s (edge rule): %s", label, why, csp.Removals(sp.Model(), rm))
		}), xs, label), nil
	case Bounds:
		return csp.WithScope(csp.Trial(newBounds(xs, n, clue), RuleBounds, func(sp *csp.Space, rm []csp.Lit) string {
			if rm == nil {
				return fmt.Sprintf("%s: the heights left cannot show %s (clue bounds)", label, buildings(clue))
			}
			return fmt.Sprintf("%s: these heights would let too few or too many of the buildings be seen (clue bounds): %s",
				label, csp.Removals(sp.Model(), rm))
		}), xs, label), nil
	case GAC:
		return csp.WithScope(csp.Trial(&gacProp{t: newTable(xs, n, clue)}, RuleGAC, func(sp *csp.Space, rm []csp.Lit) string {
			if rm == nil {
				return fmt.Sprintf("%s: no arrangement of the heights left shows %s (clue filtering)", label, buildings(clue))
			}
			return fmt.Sprintf("%s: no arrangement of the heights left that shows %s puts these values there (clue filtering): %s",
				label, buildings(clue), csp.Removals(sp.Model(), rm))
		}), xs, label), nil
	}
	return nil, fmt.Errorf("%w: %v has no clue explainer (use ExplainLine for Line)", ErrStrength, s)
}

// ExplainLine returns the explainer of a full line with both its clues
// (0: absent) and its heights all different, as PostLine's propagator
// filters it (n <= MaxLine); label names the line ("row 3").
func ExplainLine(line []csp.Var, n, front, back int, label string) (csp.Explainer, error) {
	if len(line) != n || n > MaxLine || front < 0 || front > n || back < 0 || back > n || front+back == 0 {
		return nil, fmt.Errorf("%w: a whole line needs n cells (n <= %d) and a clue", ErrClue, MaxLine)
	}
	xs := append([]csp.Var(nil), line...)
	return csp.WithScope(csp.Trial(newLine(xs, &Clues{Front: front, Back: back}), RuleLine, func(sp *csp.Space, rm []csp.Lit) string {
		if rm == nil {
			return fmt.Sprintf("%s: no arrangement of the heights left meets its clues (whole line)", label)
		}
		return fmt.Sprintf("%s: no arrangement of the whole line, all different and meeting its clues, uses these values (whole line): %s",
			label, csp.Removals(sp.Model(), rm))
	}), xs, label), nil
}

// edgeWhy words the edge rule of a clue c on a line of L cells.
func edgeWhy(L, n, c int) string {
	switch {
	case c == 1 && L == n:
		return fmt.Sprintf("only the first building is seen, so it is the tallest, %d", n)
	case c == 1:
		return "only the first building is seen"
	case c == L && L == n:
		return fmt.Sprintf("every building is seen, so they rise from 1 to %d", n)
	}
	return fmt.Sprintf("%d buildings are seen, so the cell at distance d from the clue (counting from 0) is below %d + d", c, n-c+2)
}

// buildings words a count of buildings: "1 building", "3 buildings".
func buildings(k int) string {
	if k == 1 {
		return "1 building"
	}
	return fmt.Sprintf("%d buildings", k)
}
