package sudoku

import (
	"context"
	"fmt"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/enum"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/linear"
	"github.com/cspgo/csp/propagators/units"
)

// View is how the units are posted.
type View uint8

// The two models: the same deductions, fused or one constraint at a time.
const (
	// Units posts every row, column and box into one word-level units
	// propagator (units.Post): the fast path.
	Units View = iota
	// Generic posts one all-different per unit and one box-line
	// propagator per box and line that cross (units.PostBoxLine): the
	// textbook model, for comparing strategies one constraint at a time.
	Generic
)

var viewNames = enum.Names{"units", "generic"}

// String returns the model's name: units or generic.
func (v View) String() string { return viewNames.Name("View", int(v)) }

// ParseView reads a model by name.
func ParseView(name string) (View, error) {
	if i, ok := viewNames.Parse(name); ok {
		return View(i), nil
	}
	return 0, fmt.Errorf("sudoku: unknown model %q (want %s)", name, viewNames.List())
}

// Options choose the model and its propagation strength. The ladder, from
// weakest, is AllDiff value (naked singles), hidden (and hidden singles),
// hidden with BoxLine (and pointing/claiming), hidden with BoxLine and
// Chutes (and each band and stack as a whole), gac with BoxLine (and
// naked and hidden subsets of every size).
type Options struct {
	View    View
	AllDiff alldiff.Strength // per unit: value, hidden or gac
	BoxLine bool             // box-line reduction between each box (or region, or diagonal) and the units it crosses
	// CageBounds posts each killer cage at linear.Bounds (all-different
	// and a bounds-consistent sum, as two propagators) instead of the
	// default linear.GAC (domain consistent on distinct and sum at once).
	CageBounds bool
	// Chutes, in the Units view with BoxLine, reasons on every band and
	// stack as a whole (units.Chutes): a value's places in the boxes of a
	// band follow a permutation of the band's rows, and a mini-row of a
	// box left with as many values as cells holds those. The Generic
	// view, one constraint at a time, has no such constraint and ignores
	// it.
	Chutes bool
}

// DefaultOptions are the fastest on the public sets: the units propagator
// with hidden singles, box-line reduction and chutes (measured in
// docs/BENCHMARKS.md, sections "Sudoku: the public sets, every strength,
// beside qqwing" and "Issue 19: sudoku against tdoku").
var DefaultOptions = Options{View: Units, AllDiff: alldiff.Hidden, BoxLine: true, Chutes: true}

// DefaultSearch is the search the solver uses unless told otherwise:
// smallest domain first, ties broken at random (seeded, and reseeded for
// every puzzle, so a puzzle's search does not depend on its neighbours in
// a batch), smallest value first, Luby restarts every 1000 failures or so.
// Random ties search fewer nodes than ties to the first cell on the hard
// public sets (docs/BENCHMARKS.md, section "Sudoku: random ties"), and so
// does branching again on the cell of the last failed decision
// (LastConflict; section "Issue 19: sudoku against tdoku"); the
// restarts never fire on them (no 9x9 puzzle there needs 1000 failures)
// but cut the heavy tail of large grids with many holes (sections
// "Sudoku: the public sets, every strength, beside qqwing" and "Sudoku:
// other sizes").
var DefaultSearch = csp.Options{Var: csp.MinDomain, Val: csp.ValMin, RandomTies: true, Seed: 1,
	Restarts: csp.Luby, RestartBase: 1000, LastConflict: true}

// Model is a sudoku model of one box shape (and, built by BuildPuzzle,
// of one puzzle's regions, diagonals and cages), without givens:
// Cells[r*N+c] is the cell at row r, column c, ranging over 1..N.
type Model struct {
	BoxRows, BoxCols int
	Model            *csp.Model
	Board            *grid.Grid // the cells, each ranging over 1..N
}

// Build makes the model of an empty grid with boxes of boxRows x boxCols.
// Options out of range (an unknown all-different strength) give the
// propagators' error.
func Build(boxRows, boxCols int, o Options) (*Model, error) {
	return build(&Puzzle{BoxRows: boxRows, BoxCols: boxCols}, o)
}

// BuildPuzzle makes the model of p's rules, without its givens: rows,
// columns, and boxes or regions as units, the diagonals as two more units
// when p.Diagonals, and one linear.PostDistinctSum per cage. For a
// classic puzzle it is Build. A malformed p gives Validate's error.
func BuildPuzzle(p *Puzzle, o Options) (*Model, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return build(p, o)
}

// unit is one group of cells that holds every value once, with its name
// for explanations ("row 3", "box 5", "the main diagonal").
type unit struct {
	vars []csp.Var
	name string
}

// unitSet is a puzzle's units on its board, by kind.
type unitSet struct{ rows, cols, boxes, diagonals []unit }

// unitsOf returns p's units on the board g (p valid, or a classic shape):
// the model posts them and the explainer names them, from this one list.
func unitsOf(g *grid.Grid, p *Puzzle) unitSet {
	var us unitSet
	for i := range g.Rows {
		us.rows = append(us.rows, unit{g.Row(i), fmt.Sprintf("row %d", i+1)})
		us.cols = append(us.cols, unit{g.Col(i), fmt.Sprintf("column %d", i+1)})
	}
	if p.Regions != nil {
		for k, r := range g.Regions(p.Regions) {
			us.boxes = append(us.boxes, unit{r, fmt.Sprintf("region %d", k+1)})
		}
	} else {
		for k, b := range g.Boxes(p.BoxRows, p.BoxCols) {
			us.boxes = append(us.boxes, unit{b, fmt.Sprintf("box %d", k+1)})
		}
	}
	if p.Diagonals {
		main, anti := g.Diagonals()
		us.diagonals = []unit{{main, "the main diagonal"}, {anti, "the anti-diagonal"}}
	}
	return us
}

// vars returns the cells of each unit.
func vars(us []unit) [][]csp.Var {
	out := make([][]csp.Var, len(us))
	for i, u := range us {
		out[i] = u.vars
	}
	return out
}

// build makes the model of p's rules (its cells are not read); p is valid
// or a classic shape. Its errors are the propagators', for options out of
// range.
func build(p *Puzzle, o Options) (*Model, error) {
	boxRows, boxCols := p.BoxRows, p.BoxCols
	n := boxRows * boxCols
	m := csp.NewModel()
	g := grid.New(m, n, n, 1, n)
	cells := g.Vars
	us := unitsOf(g, p)
	var all [][]csp.Var
	for _, group := range [][]unit{us.rows, us.cols, us.boxes, us.diagonals} {
		for _, u := range group {
			all = append(all, u.vars)
		}
	}
	boxes, diagonals := vars(us.boxes), vars(us.diagonals)
	// crossing posts box-line reduction on every box and line, and every
	// diagonal and box.
	crossing := func() error {
		for _, box := range boxes {
			for _, line := range all[:2*n] {
				// PostBoxLine skips lines that do not cross.
				if err := units.PostBoxLine(m, box, line); err != nil {
					return err
				}
			}
		}
		// A diagonal crosses each line in one cell, and boxes or regions
		// in several.
		for _, d := range diagonals {
			for _, box := range boxes {
				if err := units.PostBoxLine(m, d, box); err != nil {
					return err
				}
			}
		}
		return nil
	}
	switch {
	case o.View == Units && o.AllDiff == alldiff.Value:
		if err := units.Post(m, all, units.Singles); err != nil {
			return nil, err
		}
		if o.BoxLine {
			if err := crossing(); err != nil {
				return nil, err
			}
		}
	case o.View == Units:
		level := units.Hidden
		if o.BoxLine {
			level = units.BoxLine
		}
		if o.BoxLine && o.Chutes {
			level = units.Chutes
		}
		if err := units.Post(m, all, level); err != nil {
			return nil, err
		}
		if o.AllDiff == alldiff.GAC || o.AllDiff == alldiff.Auto {
			for _, u := range all {
				if err := alldiff.Post(m, u, o.AllDiff); err != nil {
					return nil, err
				}
			}
		}
	default:
		for _, u := range all {
			if err := alldiff.Post(m, u, o.AllDiff); err != nil {
				return nil, err
			}
		}
		if o.BoxLine {
			if err := crossing(); err != nil {
				return nil, err
			}
		}
	}
	strength := linear.GAC
	if o.CageBounds {
		strength = linear.Bounds
	}
	for k, c := range p.Cages {
		vars := make([]csp.Var, len(c.Cells))
		for j, i := range c.Cells {
			vars[j] = cells[i]
		}
		if err := linear.PostDistinctSum(m, vars, c.Sum, strength); err != nil {
			return nil, fmt.Errorf("cage %d: %w", k+1, err)
		}
	}
	return &Model{BoxRows: boxRows, BoxCols: boxCols, Model: m, Board: g}, nil
}

// shaped is a model of one box shape and one set of variant rules, into
// which every puzzle of that shape and those rules is posed, its givens
// and pencil marks at the root of a search of the model: what a Solver
// keeps beside its search, and the handle of the catalog's reused model
// (problems/catalog.Reuse).
type shaped struct {
	model *Model
	rules *Puzzle // the variant rules, nil for the classic puzzle
}

// newShaped builds the model of p's shape and rules (regions, diagonals,
// cages; not its givens), or returns BuildPuzzle's error.
func newShaped(p *Puzzle, o Options) (*shaped, error) {
	m, err := BuildPuzzle(p, o)
	if err != nil {
		return nil, err
	}
	r := &shaped{model: m}
	if p.Variant() {
		r.rules = &Puzzle{BoxRows: p.BoxRows, BoxCols: p.BoxCols, Regions: slices.Clone(p.Regions), Diagonals: p.Diagonals}
		for _, c := range p.Cages {
			r.rules.Cages = append(r.rules.Cages, Cage{Cells: slices.Clone(c.Cells), Sum: c.Sum})
		}
	}
	return r, nil
}

// fits reports whether the model's shape and rules are p's.
func (r *shaped) fits(p *Puzzle) bool {
	if p.BoxRows != r.model.BoxRows || p.BoxCols != r.model.BoxCols {
		return false
	}
	if r.rules == nil || !p.Variant() {
		return r.rules == nil && !p.Variant()
	}
	return r.rules.Diagonals == p.Diagonals && slices.Equal(r.rules.Regions, p.Regions) &&
		slices.EqualFunc(r.rules.Cages, p.Cages, func(a, b Cage) bool { return a.Sum == b.Sum && slices.Equal(a.Cells, b.Cells) })
}

// pose puts p's givens and pencil marks into sp, a space of the model at
// its root; it returns an error when p does not fit the model. A given or
// marks that leave a cell empty fail sp: the search reports no solution.
func (r *shaped) pose(sp *csp.Space, p *Puzzle) error {
	if p.BoxRows != r.model.BoxRows || p.BoxCols != r.model.BoxCols {
		return fmt.Errorf("sudoku: a %dx%d puzzle given to a solver of %dx%d boxes",
			p.N(), p.N(), r.model.BoxRows, r.model.BoxCols)
	}
	if len(p.Cells) != len(r.model.Board.Vars) {
		return fmt.Errorf("sudoku: %d cells, want %d", len(p.Cells), len(r.model.Board.Vars))
	}
	if (r.rules != nil || p.Variant()) && !r.fits(p) {
		return fmt.Errorf("sudoku: a puzzle with other regions, diagonals or cages than the solver's")
	}
	for i, v := range p.Cells {
		if v != 0 && !sp.Assign(r.model.Board.Vars[i], v) {
			break // the root fails; Run reports it
		}
	}
	if p.Marks != nil {
		for i, mask := range p.Marks {
			if !sp.KeepMask(r.model.Board.Vars[i], mask) {
				break
			}
		}
	}
	return nil
}

// cellsOf returns the grid of a solution indexed by Var (nil for nil): the
// solution itself when the cells are the model's first variables in order,
// as Build makes them.
func (r *shaped) cellsOf(sol []int) []int {
	if sol == nil {
		return nil
	}
	vars := r.model.Board.Vars
	if len(sol) == len(vars) && vars[0] == 0 && vars[len(sol)-1] == csp.Var(len(sol)-1) {
		return sol
	}
	out := make([]int, len(vars))
	for i, x := range vars {
		out[i] = sol[x]
	}
	return out
}

// Solver solves puzzles of one box shape (and of one set of variant
// rules), reusing one model and one search from puzzle to puzzle: a
// puzzle costs its search only. A Solver is not safe for concurrent use;
// make one per goroutine. (The catalog keeps its models per worker
// through problems/catalog.Reuse, with the same posing.)
type Solver struct {
	*shaped
	search *csp.Search
}

// NewSolver returns a solver for puzzles with boxes of boxRows x boxCols,
// or Build's error.
func NewSolver(boxRows, boxCols int, o Options, search csp.Options) (*Solver, error) {
	m, err := Build(boxRows, boxCols, o)
	if err != nil {
		return nil, err
	}
	return &Solver{shaped: &shaped{model: m}, search: csp.NewSearch(m.Model, search)}, nil
}

// NewSolverFor returns a solver for the puzzles with p's shape and rules
// (regions, diagonals, cages; the givens may differ): for a classic p it
// is NewSolver. A malformed p gives Validate's error.
func NewSolverFor(p *Puzzle, o Options, search csp.Options) (*Solver, error) {
	r, err := newShaped(p, o)
	if err != nil {
		return nil, err
	}
	return &Solver{shaped: r, search: csp.NewSearch(r.model.Model, search)}, nil
}

// Fits reports whether the solver's shape and rules are p's, so that
// Solve and Count take p.
func (s *Solver) Fits(p *Puzzle) bool { return s.shaped.fits(p) }

// Model returns the solver's model.
func (s *Solver) Model() *Model { return s.shaped.model }

// start puts the search at the root of p.
func (s *Solver) start(p *Puzzle) error {
	s.search.Reset()
	return s.shaped.pose(s.search.Space(), p)
}

// Solve returns the first solution of p (row-major, nil if none) and
// what the search found and did.
func (s *Solver) Solve(ctx context.Context, p *Puzzle) ([]int, csp.Result, error) {
	var res csp.Result
	cells, err := s.SolveInto(ctx, p, &res)
	return cells, res, err
}

// SolveInto is Solve writing what the search found and did into *res
// (csp.Search.RunInto): the arrays res held are reused, and a loop that
// hands the same res back solves puzzle after puzzle without allocating,
// as a solver that fills its caller's grid does. The cells returned are
// res.Solution's array for a classic sudoku (the cells are the model's
// first variables), in an array of their own for a variant with more
// variables.
func (s *Solver) SolveInto(ctx context.Context, p *Puzzle, res *csp.Result) ([]int, error) {
	if err := s.CountInto(ctx, p, 1, res); err != nil {
		return nil, err
	}
	return s.shaped.cellsOf(res.Solution), nil
}

// Count counts the solutions of p up to limit (0: no cap); a limit of 2
// answers "is it unique?". The result's Solution is the first one found.
func (s *Solver) Count(ctx context.Context, p *Puzzle, limit int64) (csp.Result, error) {
	var res csp.Result
	err := s.CountInto(ctx, p, limit, &res)
	return res, err
}

// CountInto is Count writing into *res, reusing its arrays, as SolveInto
// does.
func (s *Solver) CountInto(ctx context.Context, p *Puzzle, limit int64, res *csp.Result) error {
	if err := s.start(p); err != nil {
		*res = csp.Result{}
		return err
	}
	s.search.RunInto(ctx, limit, func(*csp.Space) bool { return true }, res)
	return nil
}

// Solve solves one puzzle, of any variant, with a solver of its own
// (NewSolverFor), and checks the solution with Check; a failed check is
// an error (a bug, never a property of the puzzle), and so is a malformed
// p.
func Solve(ctx context.Context, p *Puzzle, o Options, search csp.Options) ([]int, csp.Result, error) {
	s, err := NewSolverFor(p, o, search)
	if err != nil {
		return nil, csp.Result{}, err
	}
	sol, res, err := s.Solve(ctx, p)
	if err == nil && sol != nil {
		err = CheckCells(p, sol)
	}
	return sol, res, err
}
