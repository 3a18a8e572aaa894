package latin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/enum"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/problems/internal/square"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/channel"
)

// View says which views of the square the model holds.
type View uint8

// The models, weakest first.
const (
	// Channeled (the default) adds two dual views as variables: for every
	// row and symbol, the column holding it, and for every column and
	// symbol, the row holding it, linked to the cells by inverse
	// channelling, with all-different on each symbol's columns. Search then
	// branches on whichever view has the smallest domain ("bichannelling",
	// Dotú, del Val and Cebrián, CP 2003): a symbol with two places left in a
	// row is as good a choice as a cell with two values.
	Channeled View = iota
	// RowCol is the plain model: cells, rows and columns all different.
	RowCol
	// Symbols is RowCol plus, for every symbol, a permutation-matrix
	// constraint (one per row and column) filtered at GAC: the third view's
	// propagation without its variables. Search branches on cells only.
	Symbols
)

var viewNames = enum.Names{"channeled", "rowcol", "symbols"}

// String names the view: channeled, rowcol or symbols.
func (v View) String() string { return viewNames.Name("View", int(v)) }

// ParseView reads a view by name.
func ParseView(name string) (View, error) {
	if i, ok := viewNames.Parse(name); ok {
		return View(i), nil
	}
	return 0, fmt.Errorf("latin: unknown model %q (want %s)", name, viewNames.List())
}

// DefaultSearch is the search the command line gives Latin squares where
// its flags leave the choice (with DefaultOptions: a staged solve, the
// all-different at alldiff.Auto): dom/wdeg, GAC and Luby restarts
// without learning on the Channeled model for the first LearnAfter
// failures, within which most easy instances are solved, then, on RowCol,
// clause learning with the Hidden all-different, choosing a cell's value
// by the activity of its literal and deciding it in that literal's phase
// (csp.LiteralActivity: [x = v] or [x != v], as a SAT solver decides a
// Boolean of the direct encoding), which solves the hard instances at
// the hardness peak that the plain search leaves for minutes, and
// Gomes's hard instances that a choice of variables (csp.Activity) does
// not (docs/BENCHMARKS.md, sections "Issue 18: one fact per Boolean",
// "Issue 18: a plain start on the channeled model" and "Issue 18:
// decisions in the literal's phase").
var DefaultSearch = csp.Options{Var: csp.LiteralActivity, Val: csp.ValMin, Restarts: csp.Luby, RandomTies: true, Seed: 1,
	Learn: csp.LearnClauses, LearnAfter: 3000}

// DefaultOptions is the model the command line gives DefaultSearch: a
// staged solve (Options.Staged), the plain start on Channeled, the
// learning on RowCol, with the Auto all-different. A search that learns
// clauses books every change as facts, and each value of a cell is then
// one fact, as each Boolean of a SAT solver's direct encoding is one
// literal, where the Channeled model's dual views book it three times,
// under three names: learning runs many more conflicts a second on RowCol
// with Hidden's hidden singles, and the views' better branching does not
// make up for it. Without learning the views' branching wins, and the
// plain start has it. A search without learning gets Channeled alone.
var DefaultOptions = Options{AllDiff: alldiff.Auto, View: RowCol, Staged: true, Local: true}

// Options choose the model. The zero value is the channeled model with
// value-strength all-different (alldiff.Value, the zero Strength); the
// command line and the benchmarks use alldiff.Auto (GAC, and Hidden once
// DefaultSearch learns), on RowCol when the search learns clauses
// (DefaultOptions) and on Channeled when it does not.
type Options struct {
	AllDiff alldiff.Strength
	View    View
	// Staged, for a search that learns clauses after a plain start
	// (csp.Options.LearnAfter > 0) and has no Portfolio (whose members
	// choose their own learning), gives the plain start a model of its
	// own: Solve searches the Channeled model without learning for the
	// first LearnAfter failures, where the dual views' branching solves
	// most instances soonest, and only when that does not answer, View
	// with learning from its first failure (one model cannot do both
	// well: see DefaultOptions); with Workers, the plain start is one
	// search and the learning stage the Workers copies csp.Solve runs
	// (with Local and Workers 2: one search, beside the local search).
	// Build, Count and any other search ignore it.
	Staged bool
	// Local has Solve run a LocalSearch by turns with a search for one
	// solution (no Portfolio), depth first, on an instance without pencil
	// marks: the search for a slice of nodes, then the local search for
	// moves in proportion (see solveLocal), so that it has a share of the
	// time, the same from run to run. In a staged solve both stages take
	// turns with one local search. On large squares with many holes it
	// finds a completion where the search runs for minutes; it never
	// proves that none exists, which the search does. With Workers 2 the
	// search is one search, on one core, and each turn of the local search
	// runs on the other beside the search's next slice: the answer of one
	// core, sooner. With more Workers the search has every core, and no
	// local search runs.
	Local bool
}

// Model is a Latin-square completion problem as constraints.
type Model struct {
	*csp.Model
	Order int
	Board *grid.Grid // the cells, Board.At(r, c) ranging over 1..Order
	// With the Channeled view: ColOf[r][v-1] is the column (1-based) of
	// symbol v in row r; RowOf[c][v-1] the row (1-based) of v in column c.
	ColOf, RowOf [][]csp.Var
	givens       []int // Pose's buffer
}

// Build makes the model of inst: one variable per cell (a grid.Grid, as
// the explainer's), the givens and pencil marks narrowing the cells,
// every row and column all different, plus the views opt asks for. It
// returns an error, and no model, when the givens and marks leave a cell
// no symbol: such an instance has no solution. A large order takes a while
// to post: Build looks at ctx after each row and column and returns
// context.Cause(ctx) when it is done.
func Build(ctx context.Context, inst *Instance, opt Options) (*Model, error) {
	m, err := BuildShape(ctx, inst.Order, opt)
	if err != nil {
		return nil, err
	}
	if err := m.Board.Narrow(slices.Concat(inst.Grid...), inst.Marks); err != nil {
		return nil, fmt.Errorf("latin: %w", err)
	}
	return m, nil
}

// BuildShape makes the model of every instance of order n under opt, with
// no givens: Build is BuildShape and the instance's givens and marks in
// the model's domains, Pose the same in a space of it, so that one model
// serves a batch of instances of one order (see problems/catalog.Reuse).
func BuildShape(ctx context.Context, n int, opt Options) (*Model, error) {
	m := &Model{Model: csp.NewModel(), Order: n}
	if opt.View == Channeled {
		m.Model.Grow(3 * n * n) // the cells, ColOf and RowOf, in one allocation
	}
	g, err := grid.NewContext(ctx, m.Model, n, n, 1, n)
	if err != nil {
		return nil, err
	}
	m.Board = g
	for _, unit := range g.Lines() {
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		if err := alldiff.Post(m.Model, unit, opt.AllDiff); err != nil {
			return nil, err
		}
	}
	switch opt.View {
	case Symbols:
		if n > 2 {
			for v := 1; v <= n; v++ {
				if ctx.Err() != nil {
					return nil, context.Cause(ctx)
				}
				if err := alldiff.PostPermutationMatrix(m.Model, g.AllRows(), v); err != nil {
					return nil, err
				}
			}
		}
	case Channeled:
		var ok bool
		if m.ColOf, ok = m.grid(ctx, "col(r", ",s", n); !ok {
			return nil, context.Cause(ctx)
		}
		if m.RowOf, ok = m.grid(ctx, "row(c", ",s", n); !ok {
			return nil, context.Cause(ctx)
		}
		for i := range n {
			if ctx.Err() != nil {
				return nil, context.Cause(ctx)
			}
			// Symbol v's columns differ from row to row. (The channel
			// between ColOf and RowOf is implied by the two through the
			// cells, so it is not posted.)
			err := errors.Join(
				channel.Inverse(m.Model, g.Row(i), m.ColOf[i], 1),
				channel.Inverse(m.Model, g.Col(i), m.RowOf[i], 1),
				alldiff.Post(m.Model, column(m.ColOf, i), opt.AllDiff))
			if err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// Pose puts inst's givens and pencil marks into sp, a space of a model
// BuildShape made for inst's order, at its root (after
// csp.Search.Reset). A cell they leave empty gives grid.NarrowSpace's
// error, wrapped as Build wraps it.
func (m *Model) Pose(sp *csp.Space, inst *Instance) error {
	if inst.Order != m.Order {
		return fmt.Errorf("latin: an instance of order %d posed on a model of order %d", inst.Order, m.Order)
	}
	if err := m.Board.NarrowSpace(sp, grid.Flat(&m.givens, inst.Grid), inst.Marks); err != nil {
		return fmt.Errorf("latin: %w", err)
	}
	return nil
}

// grid adds n×n variables over 1..n named prefix+i+sep+j+")" with 1-based
// indices ("col(r3,s7)"); it looks at ctx after each row and reports false
// once it is done.
func (m *Model) grid(ctx context.Context, prefix, sep string, n int) ([][]csp.Var, bool) {
	g := make([][]csp.Var, n)
	vars := make([]csp.Var, n*n)
	m.Grow(n * n)
	var name []byte
	for i := range n {
		if ctx.Err() != nil {
			return nil, false
		}
		g[i] = vars[i*n : (i+1)*n : (i+1)*n]
		for j := range n {
			name = append(strconv.AppendInt(append(name[:0], prefix...), int64(i+1), 10), sep...)
			name = append(strconv.AppendInt(name, int64(j+1), 10), ')')
			g[i][j] = m.NewIntVar(1, n, string(name))
		}
	}
	return g, true
}

func column(g [][]csp.Var, c int) []csp.Var {
	col := make([]csp.Var, len(g))
	for r := range g {
		col[r] = g[r][c]
	}
	return col
}

// Grid reads a solution (values indexed by Var) as rows.
func (m *Model) Grid(values []int) [][]int {
	return m.Board.Values(values)
}

// Clash reports givens that repeat in a row or column, naming the two
// cells (an error wrapping ErrClash): such an instance has no solution,
// and the command line says so without search. nil when none repeat.
func (inst *Instance) Clash() error {
	if c := square.Clash(inst.Grid); c != "" {
		return fmt.Errorf("%w: %s", ErrClash, c)
	}
	return nil
}

// ErrInvalid is what Check returns (wrapped) for a grid that is not a
// completion of the instance.
var ErrInvalid = errors.New("latin: not a valid completion")

// Check verifies, independently of the model and its propagators, that
// grid completes inst: the right shape, every row and column a permutation
// of 1..N, every given kept.
func Check(inst *Instance, grid [][]int) error {
	n := inst.Order
	if err := square.Check(grid, n, inst.Grid, ErrInvalid); err != nil {
		return err
	}
	if line, i, v, ok := square.Repeat(grid); ok {
		return fmt.Errorf("%w: %d twice in %s %d", ErrInvalid, v, line, i+1)
	}
	return nil
}

// Solve finds a completion of inst, checks it, and returns it with the
// search result; a staged solve (Options.Staged) runs its two stages. The
// grid is nil when none was found; the error is Build's, as a
// catalog.Unsatisfiable, when the instance has none for want of a symbol
// in a cell.
func Solve(ctx context.Context, inst *Instance, opt Options, search csp.Options) ([][]int, csp.Result, error) {
	return solveStaged(ctx, inst, settings{Options: opt}, catalog.Run{Search: search}, false)
}
