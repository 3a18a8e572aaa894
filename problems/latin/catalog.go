package latin

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
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/problems/internal/square"
	"github.com/cspgo/csp/propagators/alldiff"
)

func init() { catalog.Register[*Instance, settings](problem{}) }

// problem is Latin-square completion as the catalog serves it.
type problem struct{}

var (
	_ catalog.Generator[settings]          = problem{}
	_ catalog.Modeler[*Instance, settings] = problem{}
	_ catalog.Recycler[*Instance]          = problem{}
	_ catalog.Reasoner[*Instance]          = problem{}
	_ catalog.Marker[*Instance]            = problem{}
	_ catalog.Cluer[*Instance]             = problem{}
	_ catalog.Clasher[*Instance]           = problem{}
	_ catalog.Suiter                       = problem{}
)

// settings are the options the command line's flags make.
type settings struct {
	Options
	balanced bool                // generate: balanced holes
	make     catalog.MakeRequest // generate: a graded puzzle (--difficulty)
}

// models are the names --model takes, the default without learning
// first (with learning, DefaultOptions.View: see Options).
var models = []string{Channeled.String(), RowCol.String(), Symbols.String()}

func (problem) Info() catalog.Info {
	return catalog.Info{
		Name:         "latin",
		Doc:          "Latin-square completion: N, then N rows of N numbers, 0 = hole",
		Models:       models,
		ModelDefault: "solve: " + Channeled.String() + " for the first --learn-after failures, then " + RowCol.String() + " learning clauses; count, or learning from the start: " + RowCol.String() + "; without learning: " + Channeled.String(),
		Flags: append([]catalog.Flag{
			square.AllDiffFlag(alldiff.Auto),
			{Name: "symbols", Bool: true, Usage: "the older way to choose the model: true is --model channeled, false --model rowcol"},
			{Name: "balanced", Bool: true, Generate: true, Default: "false", Usage: "balanced holes per row and column"},
			{Name: "local", Bool: true, Default: "true", Usage: "solve: a local search by turns with the search, on one core, or with --workers 2 on a core of its own (false: the search alone)"},
		}, catalog.MakeFlags(Ladder.Levels)...),
	}
}

// Options reads the flags. --symbols, when given without --model, picks
// the model.
func (problem) Options(s *catalog.Settings) (settings, error) {
	var o settings
	var errs [6]error
	var view int
	view, errs[0] = catalog.ParseModel(s, models)
	o.View = View(view)
	o.AllDiff, errs[1] = square.ParseAllDiff(s)
	if s.Flag("symbols") != "" {
		var on bool
		on, errs[2] = catalog.ParseFlag(s, "symbols", catalog.ParseBool)
		if errs[2] == nil && s.Model == "" {
			o.View = RowCol
			if on {
				o.View = Channeled
			}
		}
	}
	o.balanced, errs[3] = catalog.ParseFlag(s, "balanced", catalog.ParseBool)
	o.make, errs[4] = catalog.ParseMake(s, Ladder.Levels)
	o.Local, errs[5] = catalog.ParseFlag(s, "local", catalog.ParseBool)
	if !s.Gave("learn") {
		s.Search.Learn = DefaultSearch.Learn
		if !s.Gave("learn-after") {
			s.Search.LearnAfter = DefaultSearch.LearnAfter
		}
	}
	if !s.Gave("var") {
		s.Search.Var = DefaultSearch.Var
	}
	if s.Model == "" && s.Flag("symbols") == "" && s.Search.Learn == csp.LearnClauses {
		// See DefaultOptions: one fact per cell value, after a plain start
		// on the channeled model.
		o.View, o.Staged = DefaultOptions.View, DefaultOptions.Staged
	}
	return o, errors.Join(errs[:]...)
}

func (problem) Read(r io.Reader) iter.Seq[Item] { return Read(r) }

func (problem) Recycle(inst *Instance) { Recycle(inst) }

// build is Build for the catalog: an instance whose marks leave a cell no
// symbol is unsatisfiable.
func build(ctx context.Context, inst *Instance, o settings) (*Model, error) {
	m, err := Build(ctx, inst, o.Options)
	if errors.Is(err, csp.ErrEmptyDomain) {
		return nil, catalog.Unsatisfiable{Reason: err}
	}
	return m, err
}

// Solve solves inst on the worker's model of its order when the search
// allows one (catalog.Run.Reusable), else on a model of its own; a staged
// solve (Options.Staged) as solveStaged does.
func (problem) Solve(ctx context.Context, inst *Instance, o settings, run catalog.Run) ([][]int, csp.Result, error) {
	return solveStaged(ctx, inst, o, run, true)
}

// solveModel solves inst on the model o says, the worker's model of
// inst's order when reusable and the search allows one
// (catalog.Run.Reusable), else a model of its own.
func solveModel(ctx context.Context, inst *Instance, o settings, run catalog.Run, reusable bool) ([][]int, csp.Result, error) {
	check := func(g [][]int) error { return Check(inst, g) }
	if reusable && run.Reusable() {
		r, err := reuse(ctx, inst, o, run)
		if err != nil {
			return nil, csp.Result{}, err
		}
		return r.SolveRows(ctx, r.Model.Board.ValuesInto, check)
	}
	m, err := build(ctx, inst, o)
	if err != nil {
		return nil, csp.Result{}, err
	}
	return grid.Solve(ctx, m.Model, run.Search, m.Grid, check)
}

func (problem) Count(ctx context.Context, inst *Instance, o settings, run catalog.Run) (csp.Result, error) {
	if run.Reusable() {
		r, err := reuse(ctx, inst, o, run)
		if err != nil {
			return csp.Result{}, err
		}
		return r.Count(ctx, run, r.Model.Grid), nil
	}
	m, err := build(ctx, inst, o)
	if err != nil {
		return csp.Result{}, err
	}
	return run.CountModel(ctx, m.Model, run.Search, m.Grid), nil
}

// shape keys the worker's reused models: one per order and options.
type shape struct {
	n   int
	opt Options
}

// reuse returns the worker's model of inst's order (built on first use)
// with inst posed in it, ready to search; marks that leave a cell empty
// make inst unsatisfiable, as in build.
func reuse(ctx context.Context, inst *Instance, o settings, run catalog.Run) (*catalog.Reused[*Model], error) {
	r, err := catalog.Reuse(ctx, run, shape{inst.Order, o.Options}, func() (*Model, *csp.Model, error) {
		m, err := BuildShape(ctx, inst.Order, o.Options)
		if err != nil {
			return nil, nil, err
		}
		return m, m.Model, nil
	})
	if err != nil {
		return nil, err
	}
	if err := r.Model.Pose(r.Search.Space(), inst); errors.Is(err, csp.ErrEmptyDomain) {
		return nil, catalog.Unsatisfiable{Reason: err}
	} else if err != nil {
		return nil, err
	}
	return r, nil
}

func (problem) Model(ctx context.Context, inst *Instance, o settings) (*csp.Model, func([]int) [][]int, error) {
	m, err := build(ctx, inst, o)
	if err != nil {
		return nil, nil, err
	}
	return m.Model, m.Grid, nil
}

func (problem) Check(inst *Instance, grid [][]int) error { return Check(inst, grid) }

// Clash reports givens that repeat in a row or column (Instance.Clash).
func (problem) Clash(inst *Instance) error { return inst.Clash() }

func (problem) Write(w io.Writer, _ *Instance, grid [][]int) error { return Write(w, grid) }

func (problem) Reason(inst *Instance) (*catalog.Reasoning, error) { return Reason(inst) }

func (problem) Levels() []string { return Ladder.Levels }

func (problem) WriteMarks(w io.Writer, inst *Instance, cands [][][]int) error {
	_, err := io.WriteString(w, FormatMarks(inst, cands))
	return err
}

func (problem) ReadMarks(r io.Reader) iter.Seq[Item] { return ReadMarks(r) }

func (problem) Clues(inst *Instance) []string {
	return square.GivenNames(slices.Concat(inst.Grid...), inst.Order)
}

func (problem) Keep(inst *Instance, kept []bool) *Instance {
	return inst.withCells(square.KeepGivens(slices.Concat(inst.Grid...), kept))
}

func (problem) Givens(inst *Instance) [][]int {
	return catalog.Rows(slices.Concat(inst.Grid...), inst.Order)
}

func (problem) Give(inst *Instance, g map[[2]int]int) *Instance {
	return inst.withCells(square.AddGivens(slices.Concat(inst.Grid...), inst.Order, g))
}

// Generate makes a puzzle graded at --difficulty, or else a
// quasigroup-with-holes instance: a random Latin square with g.Holes
// cells emptied, at random or (--balanced) evenly over rows and columns.
func (problem) Generate(w io.Writer, o settings, g catalog.Gen) error {
	if mr := o.make; mr.On {
		if g.Holes >= 0 {
			return errors.New("latin: --holes does not apply with --difficulty: the maker keeps the givens a unique, graded puzzle needs")
		}
		inst, _, st, err := Make(g.Context(), MakeRequest{Order: g.Size, Level: mr.Level, NoMinimize: !mr.Minimize, Seed: g.Seed, Limit: mr.Limit, Attempts: mr.Attempts})
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "%% latin order %d, %s, seed %d, %d givens (%s)\n",
			g.Size, catalog.LevelName(Ladder.Levels, mr.Level), g.Seed, givens(inst), st.Tries()); err != nil {
			return err
		}
		return Write(w, inst.Grid)
	}
	if g.Holes < 0 {
		return fmt.Errorf("--holes is required")
	}
	kind, name := RandomHoles, "random"
	if o.balanced {
		kind, name = BalancedHoles, "balanced"
	}
	inst, _, err := Generate(g.Size, g.Holes, kind, g.Seed)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "%% latin order %d, %d holes (%s), seed %d\n", g.Size, g.Holes, name, g.Seed); err != nil {
		return err
	}
	return Write(w, inst.Grid)
}

// givens counts the givens of inst.
func givens(inst *Instance) int {
	k := 0
	for _, row := range inst.Grid {
		for _, v := range row {
			if v != 0 {
				k++
			}
		}
	}
	return k
}

// withCells returns a copy of in with the cells (row by row) in place of
// its grid.
func (in *Instance) withCells(cells []int) *Instance {
	out := *in
	out.Grid = catalog.Rows(cells, in.Order)
	return &out
}

// suite is the benchmark suite csp bench runs for latin.
//
//go:embed suite.txt
var suite string

// Suite returns the benchmark suite.
func (problem) Suite() string { return suite }
