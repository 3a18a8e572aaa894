package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cspgo/csp/csp"
)

// Reasoning is a puzzle readied for the authors' tools: a space over its
// cells holding what is known (givens, pencil marks), and the reasoner of
// the problem's ladder. Its levels are the grades; "search" comes after
// the last.
type Reasoning struct {
	Space    *csp.Space
	Reasoner *csp.Reasoner
	Cells    [][]csp.Var // the cells, row by row
	// Check is the problem's independent checker, on a full grid.
	Check func(grid [][]int) error
	// Aka gives, for some rules, the name the problem's own literature
	// uses for the same deduction ("hidden single" -> "process of
	// elimination"), so that a reader of it can match the steps; nil
	// when the project's names are the literature's.
	Aka map[string]string
	// Clues says which of the puzzle's clues the steps of a rule use,
	// for the rules that use some (absent: none), so that a program that
	// draws a step (csp serve's page) can show them: see ClueUse.
	Clues map[string]ClueUse
}

// ClueUse says which clues of the puzzle a step of a rule uses, in terms
// a program that draws the step can follow: where those clues stand on
// the Board relative to the step's scope (csp.Step's Scope, the cells of
// the constraint in its own order).
type ClueUse uint8

// The ways a rule's step uses clues.
const (
	// NoClue: the rule uses no clue of the puzzle (a unit's rule, an
	// assumption).
	NoClue ClueUse = iota
	// LineClue: the step uses one clue that looks along a line of cells,
	// and its scope is that line from the clue's side: the clue is the
	// edge clue before the scope's first cell when the scope crosses the
	// whole grid from an edge, else the interior clue in its first cell
	// looking along it (a skyscraper clue's edge rule, bounds, filtering).
	LineClue
	// LineEnds: the step uses a whole row or column with both its edge
	// clues, and its scope is that line in its natural order (left to
	// right, top to bottom): the clues are the edge clues at its two
	// ends that the board has (a skyscraper's whole line).
	LineEnds
)

// ClueUse says which clues the steps of rule use (NoClue when Clues does
// not name it).
func (r *Reasoning) ClueUse(rule string) ClueUse { return r.Clues[rule] }

// RuleName names a rule for people: the project's name, with the
// literature's beside it when Aka has one ("hidden single (process of
// elimination)").
func (r *Reasoning) RuleName(rule string) string {
	if aka := r.Aka[rule]; aka != "" {
		return rule + " (" + aka + ")"
	}
	return rule
}

// Candidates returns the values left in every cell, row by row.
func (r *Reasoning) Candidates() [][][]int {
	out := make([][][]int, len(r.Cells))
	for i, row := range r.Cells {
		out[i] = make([][]int, len(row))
		for j, x := range row {
			out[i][j] = r.Space.Dom(x).AppendValues(nil)
		}
	}
	return out
}

// Solved reports whether every cell has one value left.
func (r *Reasoning) Solved() bool {
	for _, row := range r.Cells {
		for _, x := range row {
			if !r.Space.Assigned(x) {
				return false
			}
		}
	}
	return true
}

// Grid returns the cells with one value left, 0 for the others.
func (r *Reasoning) Grid() [][]int {
	out := make([][]int, len(r.Cells))
	for i, row := range r.Cells {
		out[i] = make([]int, len(row))
		for j, x := range row {
			if v, ok := r.Space.Value(x); ok {
				out[i][j] = v
			}
		}
	}
	return out
}

// ParseLevel finds a level of a ladder by name, by number from 1, or
// "search" (len(levels)).
func ParseLevel(levels []string, v string) (int, error) {
	if i := slices.Index(levels, v); i >= 0 {
		return i, nil
	}
	if v == "search" {
		return len(levels), nil
	}
	if k, err := strconv.Atoi(v); err == nil && k >= 1 && k <= len(levels)+1 {
		return k - 1, nil
	}
	return 0, fmt.Errorf("unknown level %q: want %s, search, or 1..%d", v, strings.Join(levels, ", "), len(levels)+1)
}

// SolvesAt reports whether the rules of the levels up to level solve the
// puzzle with no search (which proves it has one solution). It changes
// the space.
func (r *Reasoning) SolvesAt(level int) bool {
	out, _ := r.Reasoner.Run(r.Space, level, nil)
	return out == csp.Solved
}

// Grade runs the whole ladder: it returns the weakest level that solves
// the puzzle with no search, len(levels) when none does. It changes the
// space.
func (r *Reasoning) Grade() int {
	levels := len(r.Reasoner.Ladder.Levels)
	out, top := r.Reasoner.Run(r.Space, levels-1, nil)
	if out != csp.Solved {
		return levels
	}
	return max(top, 0)
}

// Grader turns a problem's Reason into the two questions a generator
// asks of a puzzle: does the ladder up to a level solve it, and what is
// its grade (levels, the ladder's length, for search).
func Grader[P any](reason func(P) (*Reasoning, error), levels int) (solves func(P, int) bool, grade func(P) int) {
	solves = func(p P, level int) bool {
		r, err := reason(p)
		return err == nil && r.SolvesAt(level)
	}
	grade = func(p P) int {
		r, err := reason(p)
		if err != nil {
			return levels
		}
		return r.Grade()
	}
	return solves, grade
}

// LevelName names level i of a ladder; len(levels) is "search".
func LevelName(levels []string, i int) string {
	if i >= 0 && i < len(levels) {
		return levels[i]
	}
	return "search"
}
