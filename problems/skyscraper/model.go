package skyscraper

import (
	"context"
	"fmt"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

// Options choose how the model propagates. The zero value is value-strength
// all-different and edge-rule clues; the command line uses GAC and Line.
// The strengths form a ladder: Bounds and GAC clues come with the Edge
// rules too, and Line filters a whole row or column with both its clues.
type Options struct {
	AllDiff    alldiff.Strength
	Visibility visibility.Strength
}

// Model is a skyscraper puzzle as constraints.
type Model struct {
	*csp.Model
	N     int
	Board *grid.Grid // the cells, row by row, each ranging over 1..N
}

// Build makes the model of p: one variable per cell (givens fixed, pencil
// marks applied), every row and column all different, one visibility
// propagator per clue. At the Line strength a row or column with a clue at
// either end gets one propagator for the whole line (all-different and
// both clues at once), and its own all-different is the cheap one (see
// lineAllDiff). A large board takes a while to post: Build looks at ctx
// after each row and column and returns context.Cause(ctx) once it is
// done.
func Build(ctx context.Context, p *Puzzle, opt Options) (*Model, error) {
	n := p.N
	m := &Model{Model: csp.NewModel(), N: n}
	m.Board = grid.New(m.Model, n, n, 1, n)
	if err := m.Board.Narrow(flatGivens(p), p.Marks); err != nil {
		return nil, err
	}
	for i := range n {
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		row, col := m.Board.Row(i), m.Board.Col(i)
		if err := alldiff.Post(m.Model, row, lineAllDiff(opt, n, p.Left[i], p.Right[i])); err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		if err := alldiff.Post(m.Model, col, lineAllDiff(opt, n, p.Top[i], p.Bottom[i])); err != nil {
			return nil, fmt.Errorf("column %d: %w", i+1, err)
		}
		if err := postLine(m.Model, row, n, p.Left[i], p.Right[i], opt.Visibility); err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		if err := postLine(m.Model, col, n, p.Top[i], p.Bottom[i], opt.Visibility); err != nil {
			return nil, fmt.Errorf("column %d: %w", i+1, err)
		}
	}
	for _, in := range p.Interior {
		line := in.line(m.Board)
		s := opt.Visibility
		if s == visibility.Line {
			s = visibility.GAC // a part of a line: the clue alone
		}
		if err := visibility.Post(m.Model, line, n, in.Count, s); err != nil {
			return nil, fmt.Errorf("interior clue at r%dc%d: %w", in.Row+1, in.Col+1, err)
		}
	}
	return m, nil
}

// lineAllDiff is the all-different strength of a row or column of n cells
// with clues front and back. At the Line strength a clued line of at most
// visibility.MaxLine cells is all different through its Line propagator
// already, so the line's own all-different is only a cheap forerunner: at
// most Hidden, which removes an assigned height from the rest of the line
// at once and leaves the matching to the Line propagator. The fixpoint is
// the same, and the search faster on Tatham's 9×9 unreasonable puzzles,
// in the median and in the worst case (dom/wdeg weighs failures by
// propagator, so the trees differ too; measured in docs/BENCHMARKS.md,
// section "Skyscraper: Hidden beside the Line propagator"). Above
// MaxLine, where the clues fall back to GAC, the strength stays: there
// dom/wdeg searched much longer with Hidden on full-clue 20×20 boards.
func lineAllDiff(opt Options, n, front, back int) alldiff.Strength {
	if opt.Visibility == visibility.Line && front+back > 0 && n <= visibility.MaxLine {
		return min(opt.AllDiff, alldiff.Hidden)
	}
	return opt.AllDiff
}

// postLine posts the clues at both ends of a full row or column.
func postLine(m *csp.Model, line []csp.Var, n, front, back int, s visibility.Strength) error {
	if front == 0 && back == 0 {
		return nil
	}
	if s == visibility.Line {
		return visibility.PostLine(m, line, n, front, back)
	}
	for _, c := range []struct {
		line []csp.Var
		clue int
	}{{line, front}, {reversed(line), back}} {
		if c.clue == 0 {
			continue
		}
		// The edge rules need the line to be a permutation, which the
		// clue-only Bounds and GAC filtering does not know: post them too.
		if s != visibility.Edge {
			if err := visibility.Post(m, c.line, n, c.clue, visibility.Edge); err != nil {
				return err
			}
		}
		if err := visibility.Post(m, c.line, n, c.clue, s); err != nil {
			return err
		}
	}
	return nil
}

func reversed(xs []csp.Var) []csp.Var {
	out := make([]csp.Var, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}

// Grid reads a solution (values indexed by Var) as rows.
func (m *Model) Grid(values []int) [][]int { return m.Board.Values(values) }

// line returns the cells the interior clue sees along, its own first.
func (in Interior) line(g *grid.Grid) []csp.Var {
	dr, dc := in.Look.step()
	var line []csp.Var
	for r, c := in.Row, in.Col; r >= 0 && r < g.Rows && c >= 0 && c < g.Cols; r, c = r+dr, c+dc {
		line = append(line, g.At(r, c))
	}
	return line
}

// flatGivens returns p's givens row by row, as grid.Narrow takes them
// (nil for none).
func flatGivens(p *Puzzle) []int {
	if p.Givens == nil {
		return nil
	}
	return slices.Concat(p.Givens...)
}

// DefaultSearch is the search of `csp solve skyscraper` at the Line (the
// default), GAC and Bounds visibility levels: counting-based search
// (csp.MaxDensity) on the all-different densities of the rows and columns, the line
// propagators doing the rest, with Luby restarts, the last conflict's
// variable branched on again, and nogoods kept across restarts (maxSD has
// nothing to learn from a restart, so without nogoods a restart replays
// the same tree). Against dom/wdeg it needs far fewer nodes on Tatham's
// 9x9 unreasonable puzzles (testdata/tatham-dev.tsv and
// testdata/tatham-9du-100.txt), with a shorter tail, and on full-clue
// 20x20 boards from random Latin squares. The command line uses it at the
// Line, GAC and Bounds levels (at GAC and Bounds its worst cases on
// Tatham's 9x9 puzzles are several times shorter than dom/wdeg's); with
// the Edge rules alone it keeps dom/wdeg, which was faster there. The
// figures are in docs/BENCHMARKS.md, sections "Skyscraper: counting-based
// search against dom/wdeg", "Skyscraper: a fresh sample of 9x9
// unreasonable puzzles" and "Skyscraper: large boards".
var DefaultSearch = csp.Options{Var: csp.MaxDensity, Val: csp.ValMin, Restarts: csp.Luby, RandomTies: true, Seed: 1,
	LastConflict: true, Nogoods: true}

// Solve finds a solution of p, checks it with Check, and returns it with
// the search result. The grid is nil when none was found.
func Solve(ctx context.Context, p *Puzzle, opt Options, search csp.Options) ([][]int, csp.Result, error) {
	m, err := Build(ctx, p, opt)
	if err != nil {
		return nil, csp.Result{}, err
	}
	return grid.Solve(ctx, m.Model, search, m.Grid, func(g [][]int) error { return Check(p, g) })
}

// Count counts the solutions of p up to limit (0: no cap).
func Count(ctx context.Context, p *Puzzle, opt Options, search csp.Options, limit int64) (csp.Result, error) {
	m, err := Build(ctx, p, opt)
	if err != nil {
		return csp.Result{}, err
	}
	return csp.Count(ctx, m.Model, search, limit), nil
}
