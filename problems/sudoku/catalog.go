package sudoku

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/internal/square"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/linear"
)

func init() { catalog.Register[*Puzzle, settings](problem{}) }

// problem is sudoku as the catalog serves it.
type problem struct{}

var (
	_ catalog.Generator[settings]         = problem{}
	_ catalog.Preparer[*Puzzle, settings] = problem{}
	_ catalog.Modeler[*Puzzle, settings]  = problem{}
	_ catalog.Reasoner[*Puzzle]           = problem{}
	_ catalog.Marker[*Puzzle]             = problem{}
	_ catalog.Cluer[*Puzzle]              = problem{}
	_ catalog.Clasher[*Puzzle]            = problem{}
	_ catalog.Suiter                      = problem{}
	_ catalog.Recycler[*Puzzle]           = problem{}
)

// settings are the options the command line's flags make.
type settings struct {
	Options
	make catalog.MakeRequest
}

var cageNames = []string{linear.GAC.String(), linear.Bounds.String()}

func (problem) Info() catalog.Info {
	return catalog.Info{
		Name:   "sudoku",
		Doc:    "sudoku of any box shape, jigsaw, X, killer: one per line (N*N cells, . or 0 empty), a Solo game ID or a JSON object; or a ruled grid",
		Models: []string{Units.String(), Generic.String()},
		Flags: append([]catalog.Flag{
			square.AllDiffFlag(alldiff.Hidden),
			{Name: "boxline", Bool: true, Default: "true", Usage: "box-line reduction (pointing and claiming)"},
			{Name: "chutes", Bool: true, Default: "true", Usage: "with box-line, each band and stack as a whole (units model)"},
			{Name: "cages", Default: linear.GAC.String(), Choices: cageNames, Usage: "killer cage strength: gac (distinct and sum as one) or bounds"},
		}, catalog.MakeFlags(Ladder.Levels)...),
	}
}

// Options reads the flags, and gives sudoku's own search defaults
// (DefaultSearch) to the search flags not given.
func (problem) Options(s *catalog.Settings) (settings, error) {
	var o settings
	var errs [6]error
	var view, cages int
	view, errs[0] = catalog.ParseModel(s, []string{Units.String(), Generic.String()})
	o.View = View(view)
	o.AllDiff, errs[1] = square.ParseAllDiff(s)
	o.BoxLine, errs[2] = catalog.ParseFlag(s, "boxline", catalog.ParseBool)
	cages, errs[3] = catalog.ParseFlag(s, "cages", catalog.ParseChoice(cageNames))
	o.CageBounds = cages == 1
	o.make, errs[4] = catalog.ParseMake(s, Ladder.Levels)
	o.Chutes, errs[5] = catalog.ParseFlag(s, "chutes", catalog.ParseBool)
	if !s.Gave("var") {
		s.Search.Var = DefaultSearch.Var
	}
	if !s.Gave("restarts") {
		s.Search.Restarts = DefaultSearch.Restarts
	}
	if !s.Gave("restart-base") {
		s.Search.RestartBase = DefaultSearch.RestartBase
	}
	if !s.Gave("ties") {
		s.Search.RandomTies = DefaultSearch.RandomTies
	}
	if !s.Gave("last-conflict") {
		s.Search.LastConflict = DefaultSearch.LastConflict
	}
	return o, errors.Join(errs[:]...)
}

func (problem) Read(r io.Reader) iter.Seq[Item] { return Read(r) }

func (problem) Recycle(p *Puzzle) { Recycle(p) }

func (problem) Prepare(p *Puzzle, o settings, run catalog.Run) error {
	if !run.Reusable() {
		return nil
	}
	// Prepare has no deadline of its own (it runs before the instance's
	// clock starts); a sudoku's model is small enough to be made whole.
	_, err := reuse(context.Background(), run, p, o)
	return err
}

func (problem) Solve(ctx context.Context, p *Puzzle, o settings, run catalog.Run) ([][]int, csp.Result, error) {
	if !run.Reusable() {
		m, rows, err := givenModel(p, o)
		if err != nil {
			return nil, csp.Result{}, err
		}
		res := csp.Solve(ctx, m, run.Search)
		if res.Solution == nil {
			return nil, res, nil
		}
		g := rows(res.Solution)
		return g, res, Check(p, g)
	}
	r, err := reuse(ctx, run, p, o)
	if err != nil {
		return nil, csp.Result{}, err
	}
	var cells []int // the solution's cells, row by row, checked as they are
	return r.SolveRows(ctx, func(dst [][]int, sol []int) [][]int {
		cells = r.Model.cellsOf(sol)
		return catalog.RowsInto(dst, cells, p.N())
	}, func([][]int) error { return CheckCells(p, cells) })
}

func (problem) Count(ctx context.Context, p *Puzzle, o settings, run catalog.Run) (csp.Result, error) {
	if !run.Reusable() {
		m, rows, err := givenModel(p, o)
		if err != nil {
			return csp.Result{}, err
		}
		return run.CountModel(ctx, m, run.Search, rows), nil
	}
	r, err := reuse(ctx, run, p, o)
	if err != nil {
		return csp.Result{}, err
	}
	return r.Count(ctx, run, func(values []int) [][]int {
		return catalog.Rows(slices.Clone(r.Model.cellsOf(values)), p.N())
	}), nil
}

func (problem) Check(p *Puzzle, grid [][]int) error { return Check(p, grid) }

// Clash reports givens that repeat in a unit, or a cage out of reach of
// its cells (see Puzzle.Clash): the catalog makes such a puzzle
// unsatisfiable before any search.
func (problem) Clash(p *Puzzle) error { return p.Clash() }

func (problem) Write(w io.Writer, p *Puzzle, grid [][]int) error {
	_, err := io.WriteString(w, Format(p, slices.Concat(grid...)))
	return err
}

func (problem) Model(_ context.Context, p *Puzzle, o settings) (*csp.Model, func([]int) [][]int, error) {
	return givenModel(p, o)
}

func (problem) Reason(p *Puzzle) (*catalog.Reasoning, error) { return Reason(p) }

func (problem) Levels() []string { return Ladder.Levels }

func (problem) WriteMarks(w io.Writer, p *Puzzle, cands [][][]int) error {
	_, err := io.WriteString(w, FormatMarks(p, cands))
	return err
}

func (problem) ReadMarks(r io.Reader) iter.Seq[Item] { return ReadMarks(r) }

func (problem) Clues(p *Puzzle) []string { return square.GivenNames(p.Cells, p.N()) }

func (problem) Keep(p *Puzzle, kept []bool) *Puzzle {
	q := *p
	q.Cells = square.KeepGivens(q.Cells, kept)
	return &q
}

func (problem) Givens(p *Puzzle) [][]int { return catalog.Rows(slices.Clone(p.Cells), p.N()) }

func (problem) Give(p *Puzzle, g map[[2]int]int) *Puzzle {
	q := *p
	q.Cells = square.AddGivens(q.Cells, q.N(), g)
	return &q
}

// Generate makes a puzzle graded at --difficulty, or else a benchmark
// puzzle: a random full grid with g.Holes cells emptied.
func (problem) Generate(w io.Writer, o settings, g catalog.Gen) error {
	rows, cols, err := Shape(g.Size)
	if err != nil {
		return err
	}
	if mr := o.make; mr.On {
		if g.Holes >= 0 {
			return errors.New("sudoku: --holes does not apply with --difficulty: the maker keeps the givens a unique, graded puzzle needs")
		}
		p, _, st, err := Make(g.Context(), MakeRequest{BoxRows: rows, BoxCols: cols, Level: mr.Level, NoMinimize: !mr.Minimize, Seed: g.Seed, Limit: mr.Limit, Attempts: mr.Attempts})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s # sudoku %dx%d, %s, seed %d, %d givens (%s)\n",
			FormatLine(p, nil), g.Size, g.Size, catalog.LevelName(Ladder.Levels, mr.Level), g.Seed, p.Givens(), st.Tries())
		return err
	}
	if g.Holes < 0 {
		return fmt.Errorf("--holes is required")
	}
	p, _, err := Random(rows, cols, g.Holes, g.Seed)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s # sudoku %dx%d, %d holes in a random grid, seed %d\n",
		FormatLine(p, nil), g.Size, g.Size, g.Holes, g.Seed)
	return err
}

// shape keys a worker's models of the puzzles whose rules the shape
// gives: classic, or with diagonals.
type shape struct {
	rows, cols int
	diagonals  bool
}

// variant keys a worker's model of the last puzzle with regions or
// cages: its rules are its own, kept while the next puzzles share them.
type variant struct{}

// reuse returns the worker's model of p's shape and rules (see
// catalog.Reuse) with p posed in it, ready to search: one per box shape
// (and diagonals) kept for the whole batch; for a puzzle with regions or
// cages, one kept while the puzzles that follow have the same (built by
// Prepare, before the clock starts, when they differ). Call it only when
// run.Reusable(): other searches (--workers, --portfolio, --order bfs) go
// through a model of the puzzle's own, with the givens in its domains
// (givenModel).
func reuse(ctx context.Context, run catalog.Run, p *Puzzle, o settings) (*catalog.Reused[*shaped], error) {
	var r *catalog.Reused[*shaped]
	var err error
	if p.Regions == nil && len(p.Cages) == 0 {
		r, err = catalog.Reuse(ctx, run, shape{p.BoxRows, p.BoxCols, p.Diagonals}, func() (*shaped, *csp.Model, error) {
			if !p.Diagonals {
				m, err := Build(p.BoxRows, p.BoxCols, o.Options)
				if err != nil {
					return nil, nil, err
				}
				return &shaped{model: m}, m.Model, nil
			}
			return buildShaped(p, o)
		})
	} else {
		r, err = catalog.ReuseIf(ctx, run, variant{}, func(s *shaped) bool { return s.fits(p) }, func() (*shaped, *csp.Model, error) {
			return buildShaped(p, o)
		})
	}
	if err != nil {
		return nil, err
	}
	return r, r.Model.pose(r.Search.Space(), p)
}

// buildShaped is newShaped as catalog.Reuse builds.
func buildShaped(p *Puzzle, o settings) (*shaped, *csp.Model, error) {
	s, err := newShaped(p, o.Options)
	if err != nil {
		return nil, nil, err
	}
	return s, s.model.Model, nil
}

// givenModel builds p's model under o with the givens and pencil marks as
// initial domains, and the reader of its solutions as rows.
func givenModel(p *Puzzle, o settings) (*csp.Model, func([]int) [][]int, error) {
	m, err := BuildPuzzle(p, o.Options)
	if err != nil {
		return nil, nil, err
	}
	for i, x := range m.Board.Vars {
		// A given or marks that leave nothing: the model has no solution.
		var err error
		if v := p.Cells[i]; v != 0 {
			err = m.Model.Restrict(x, []uint64{1 << v})
		}
		if p.Marks != nil && err == nil {
			err = m.Model.Restrict(x, []uint64{p.Marks[i]})
		}
		if err != nil && !errors.Is(err, csp.ErrEmptyDomain) {
			return nil, nil, err
		}
	}
	return m.Model, func(values []int) [][]int {
		g := make([]int, len(m.Board.Vars))
		for i, x := range m.Board.Vars {
			g[i] = values[x]
		}
		return catalog.Rows(g, p.N())
	}, nil
}

// suite is the benchmark suite csp bench runs for sudoku.
//
//go:embed suite.txt
var suite string

// Suite returns the benchmark suite.
func (problem) Suite() string { return suite }
