package skyscraper

import (
	"context"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

// Options choose how the model propagates. The zero value is value-strength
// all-different and edge-rule clues; the command line uses GAC and Line.
// The strengths form a ladder: Bounds and GAC clues come with the Edge
// rules too, and Line filters a whole row or column with both its clues.
// At Line, up to visibility.MaxLine, the lines' all-different is the
// Line propagator's and AllDiff is not read (see forerunner).
type Options struct {
	AllDiff    alldiff.Strength
	Visibility visibility.Strength
}

// Model is a skyscraper puzzle as constraints.
type Model struct {
	*csp.Model
	N     int
	Board *grid.Grid // the cells, row by row, each ranging over 1..N
	// clues are the clues the Line propagators read, rows first (front:
	// left, back: right), then columns (top, bottom), when the model has
	// them in slots (see slotted); nil otherwise. Pose sets them.
	clues  []visibility.Clues
	givens []int // Pose's buffer
	// edge are the edge rules' heights (visibility.EdgeMasks) per clue
	// 0..N and distance from the clue, which Pose applies at the root.
	edge [][]uint64
}

// slotted reports whether a model of size n under opt reads its edge
// clues from slots (visibility.PostClues), so that one model serves every
// puzzle of that size: at the Line strength, up to visibility.MaxLine.
func slotted(n int, opt Options) bool {
	return opt.Visibility == visibility.Line && n <= visibility.MaxLine
}

// forerunner is the all-different strength posted beside each Line
// propagator, whatever Options.AllDiff says: the Line propagator keeps
// the values some permutation meeting the line's clues uses (alldiff.GAC's
// values, for a line without clues), so the all-different before it adds
// nothing to the fixpoint, only an earlier, cheaper step to it. Value
// (an assigned height leaves the rest of the line, on assignments only)
// costs least on Tatham's easy puzzles, where Hidden's runs on every
// removal were most of the time, and searches the same trees; Hidden was
// a few percent faster on his 9×9 extreme and unreasonable ones (measured
// in docs/BENCHMARKS.md, section "Issue 19: small instances").
const forerunner = alldiff.Value

// buildShape makes the model of every puzzle of size n under opt, at a
// slotted strength: the cells, and per row and column the all-different
// and the Line propagator, with no clue yet (all zero) and no givens.
// Pose puts a puzzle in.
func buildShape(ctx context.Context, n int, opt Options) (*Model, error) {
	m := &Model{Model: csp.NewModel(), N: n, clues: make([]visibility.Clues, 2*n), edge: make([][]uint64, n+1)}
	for c := range m.edge {
		m.edge[c] = visibility.EdgeMasks(n, c)
	}
	m.Board = grid.New(m.Model, n, n, 1, n)
	for i := range n {
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		for k, line := range [2][]csp.Var{m.Board.Row(i), m.Board.Col(i)} {
			what := [2]string{"row", "column"}[k]
			if err := alldiff.Post(m.Model, line, forerunner); err != nil {
				return nil, fmt.Errorf("%s %d: %w", what, i+1, err)
			}
			if err := visibility.PostClues(m.Model, line, n, &m.clues[k*n+i]); err != nil {
				return nil, fmt.Errorf("%s %d: %w", what, i+1, err)
			}
		}
	}
	return m, nil
}

// setClues puts p's edge clues in the model's slots; p is of the model's
// size.
func (m *Model) setClues(p *Puzzle) {
	n := m.N
	for i := range n {
		m.clues[i] = visibility.Clues{Front: p.Left[i], Back: p.Right[i]}
		m.clues[n+i] = visibility.Clues{Front: p.Top[i], Back: p.Bottom[i]}
	}
}

// Pose puts p into sp, a space of a slotted model of p's size at its
// root (after csp.Search.Reset): its edge clues into the model's slots,
// its givens and pencil marks into sp's domains. A cell they leave empty
// gives grid.NarrowSpace's error.
func (m *Model) Pose(sp *csp.Space, p *Puzzle) error {
	if m.clues == nil || p.N != m.N || len(p.Interior) > 0 {
		return fmt.Errorf("skyscraper: a %dx%d puzzle (%d interior clues) posed on a model of size %d without slots for it", p.N, p.N, len(p.Interior), m.N)
	}
	m.setClues(p)
	if err := m.Board.NarrowSpace(sp, grid.Flat(&m.givens, p.Givens), p.Marks); err != nil {
		return err
	}
	m.narrowEdges(sp, p)
	return nil
}

// narrowEdges applies the edge rules of p's clues to sp's root domains,
// one mask a cell (edgeMask): the cheapest reasoning, done before the
// search's first propagation, so that the all-different and the singles
// it makes run before any Line program. The Line propagators remove the
// same heights, so the root's fixpoint, and the search, are the same. A
// cell the rules leave empty (clues no line meets) fails sp, which the
// search then finds without a solution, as it would have by propagation.
func (m *Model) narrowEdges(sp *csp.Space, p *Puzzle) {
	for r := range m.N {
		for c := range m.N {
			if !sp.KeepMask(m.Board.At(r, c), m.edgeMask(p, r, c)) {
				return
			}
		}
	}
}

// edgeMask returns the heights the edge rules of p's four clues on the
// row and column of cell (r, c) leave it.
func (m *Model) edgeMask(p *Puzzle, r, c int) uint64 {
	n := m.N
	at := func(cs []int, i, d int) uint64 {
		if k := cs[i]; k >= 0 && k < len(m.edge) {
			return m.edge[k][d]
		}
		return m.edge[0][d]
	}
	return at(p.Left, r, c) & at(p.Right, r, n-1-c) & at(p.Top, c, r) & at(p.Bottom, c, n-1-r)
}

// Build makes the model of p: one variable per cell (givens fixed, pencil
// marks applied), every row and column all different, one visibility
// propagator per clue. At the Line strength, up to visibility.MaxLine,
// it is the model of p's size (buildShape) with p's clues in its slots:
// each row and column one propagator for the whole line (all-different
// and both clues at once) beside the cheapest all-different. A large
// board takes a while to post: Build looks at ctx after each row and
// column and returns context.Cause(ctx) once it is done.
func Build(ctx context.Context, p *Puzzle, opt Options) (*Model, error) {
	n := p.N
	if slotted(n, opt) {
		m, err := buildShape(ctx, n, opt)
		if err != nil {
			return nil, err
		}
		m.setClues(p)
		if err := m.Board.Narrow(grid.Flat(nil, p.Givens), p.Marks); err != nil {
			return nil, err
		}
		if err := m.postInterior(p, opt); err != nil {
			return nil, err
		}
		// The edge rules at the root, as Pose applies them: a cell they
		// leave empty makes a model with no solution, which its search
		// finds.
		for i, x := range m.Board.Vars {
			if m.Model.Restrict(x, []uint64{m.edgeMask(p, i/n, i%n)}) != nil {
				break
			}
		}
		return m, nil
	}
	m := &Model{Model: csp.NewModel(), N: n}
	m.Board = grid.New(m.Model, n, n, 1, n)
	if err := m.Board.Narrow(grid.Flat(nil, p.Givens), p.Marks); err != nil {
		return nil, err
	}
	for i := range n {
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		row, col := m.Board.Row(i), m.Board.Col(i)
		if err := alldiff.Post(m.Model, row, opt.AllDiff); err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		if err := alldiff.Post(m.Model, col, opt.AllDiff); err != nil {
			return nil, fmt.Errorf("column %d: %w", i+1, err)
		}
		if err := postLine(m.Model, row, n, p.Left[i], p.Right[i], opt.Visibility); err != nil {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		if err := postLine(m.Model, col, n, p.Top[i], p.Bottom[i], opt.Visibility); err != nil {
			return nil, fmt.Errorf("column %d: %w", i+1, err)
		}
	}
	if err := m.postInterior(p, opt); err != nil {
		return nil, err
	}
	return m, nil
}

// postInterior posts p's interior clues.
func (m *Model) postInterior(p *Puzzle, opt Options) error {
	for _, in := range p.Interior {
		line := in.line(m.Board)
		s := opt.Visibility
		if s == visibility.Line {
			s = visibility.GAC // a part of a line: the clue alone
		}
		if err := visibility.Post(m.Model, line, m.N, in.Count, s); err != nil {
			return fmt.Errorf("interior clue at r%dc%d: %w", in.Row+1, in.Col+1, err)
		}
	}
	return nil
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
