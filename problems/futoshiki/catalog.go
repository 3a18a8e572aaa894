package futoshiki

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/internal/square"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/units"
)

func init() { catalog.Register[*Puzzle, settings](problem{}) }

// problem is futoshiki as the catalog serves it.
type problem struct{}

var (
	_ catalog.Generator[settings]        = problem{}
	_ catalog.Modeler[*Puzzle, settings] = problem{}
	_ catalog.Clasher[*Puzzle]           = problem{}
	_ catalog.Suiter                     = problem{}
)

// settings are the options the command line's flags make.
type settings struct {
	Options
	gen  generate // generate: the benchmark board asked for
	gave gave     // the search flags the command line gave
}

// generate is what the generate flags ask for.
type generate struct {
	adjacent bool // the adjacent variant, every bar shown
	signs    int  // percentage of the 2N(N-1) signs of Futoshiki kept
}

// gave records the search flags the command line gave: the search is
// chosen per puzzle (see search), so Options cannot fill in the others.
type gave struct{ v, lastConflict, nogoods bool }

// models are the names --model takes, the default first, and the Lines
// each one posts.
var (
	models     = []string{Auto.String(), AllDiff.String(), Units.String(), Line.String()}
	modelLines = []Lines{Auto, AllDiff, Units, Line}
)

func (problem) Info() catalog.Info {
	return catalog.Info{
		Name:   "futoshiki",
		Doc:    "Futoshiki and its adjacent variant: an Unequal game ID (N:... or Na:...), a JSON object, or a grid with < > ^ v (| - bars)",
		Models: models,
		Flags: []catalog.Flag{
			square.AllDiffFlag(alldiff.GAC),
			{Name: "adjacent", Bool: true, Default: "false", Generate: true, Usage: "the adjacent variant (every bar shown)"},
			{Name: "signs", Default: "30", Generate: true, Usage: "percentage of the 2N(N-1) inequality signs kept (0..100)"},
		},
	}
}

// Options reads the flags: --model auto (the default) posts chains where
// they pay and the other lines at --alldiff (see Auto); --model alldiff
// posts the lines at --alldiff; --model units at the hidden level
// (singles with --alldiff value); --model line as chains (see Line). It
// notes which search flags were given, for the search of each puzzle
// (see search).
func (problem) Options(s *catalog.Settings) (settings, error) {
	var o settings
	var errs [4]error
	var model int
	model, errs[0] = catalog.ParseModel(s, models)
	o.Lines = modelLines[model]
	o.AllDiff, errs[1] = square.ParseAllDiff(s)
	o.Level = units.Hidden
	if o.AllDiff == alldiff.Value {
		o.Level = units.Singles
	}
	o.gen.adjacent, errs[2] = catalog.ParseFlag(s, "adjacent", catalog.ParseBool)
	o.gen.signs, errs[3] = catalog.ParseFlag(s, "signs", catalog.ParseRange(0, 100))
	o.gave = gave{v: s.Gave("var"), lastConflict: s.Gave("last-conflict"), nogoods: s.Gave("nogoods")}
	return o, errors.Join(errs[:]...)
}

// search returns the search for p: run's with the heuristic of
// SearchFor(p) when the command line named none, and with counting-based
// search, by default or asked for, last conflict and nogoods unless the
// command line set them (--last-conflict=false and --nogoods=false turn
// them off). The choice depends on the puzzle, so it is made here rather
// than in Options.
func (o settings) search(p *Puzzle, run catalog.Run) csp.Options {
	s := run.Search
	if !o.gave.v {
		s.Var = SearchFor(p).Var
	}
	if s.Var == csp.MaxDensity {
		if !o.gave.lastConflict {
			s.LastConflict = CountingSearch.LastConflict
		}
		if !o.gave.nogoods {
			s.Nogoods = CountingSearch.Nogoods
		}
	}
	return s
}

func (problem) Read(r io.Reader) iter.Seq[Item] { return Read(r) }

// Solve solves p on the worker's model of its shape when there is one to
// reuse (see reuse), else on a model of its own.
func (problem) Solve(ctx context.Context, p *Puzzle, o settings, run catalog.Run) ([][]int, csp.Result, error) {
	run.Search = o.search(p, run)
	r, err := reuse(ctx, p, o, run)
	switch {
	case err != nil:
		return nil, csp.Result{}, err
	case r == nil:
		return Solve(ctx, p, o.Options, run.Search)
	}
	return r.SolveRows(ctx, r.Model.Board.ValuesInto, func(g [][]int) error { return Check(p, g) })
}

// Count counts on the worker's model of p's shape when there is one to
// reuse, else on the catalog's model; run.Each sees the solutions either
// way.
func (pr problem) Count(ctx context.Context, p *Puzzle, o settings, run catalog.Run) (csp.Result, error) {
	run.Search = o.search(p, run)
	r, err := reuse(ctx, p, o, run)
	switch {
	case err != nil:
		return csp.Result{}, err
	case r != nil:
		return r.Count(ctx, run, r.Model.Board.Values), nil
	}
	m, rows, err := pr.Model(ctx, p, o)
	if err != nil {
		return csp.Result{}, err
	}
	return run.CountModel(ctx, m, run.Search, rows), nil
}

// reuse returns the worker's model of p's shape (built on first use) with
// p posed in it, ready to search under run.Search, when p and run allow
// one (a shape, see ShapeOf, and one depth-first search); nil, nil when
// they do not: plain Futoshiki builds a model per puzzle (which lines
// get a chain, which cells a window and which pairs a binary constraint
// follow the positions of its signs, and so do the dom/wdeg weights).
// The key is the shape alone: the search settings give a puzzle depends
// on the puzzle only through SearchFor, which gives every adjacent one
// the same.
func reuse(ctx context.Context, p *Puzzle, o settings, run catalog.Run) (*catalog.Reused[*Model], error) {
	if !run.Reusable() || p.Validate() != nil {
		return nil, nil
	}
	sh, ok := ShapeOf(p, o.Options)
	if !ok {
		return nil, nil
	}
	r, err := catalog.Reuse(ctx, run, sh, func() (*Model, *csp.Model, error) {
		m, err := BuildShape(ctx, sh)
		if err != nil {
			return nil, nil, err
		}
		return m, m.Model, nil
	})
	if err != nil {
		return nil, err
	}
	if err := r.Model.Pose(r.Search.Space(), p); err != nil {
		return nil, err
	}
	return r, nil
}

func (problem) Check(p *Puzzle, grid [][]int) error { return Check(p, grid) }

// Clash reports givens that repeat, or that break a sign (Puzzle.Clash).
func (problem) Clash(p *Puzzle) error { return p.Clash() }

func (problem) Write(w io.Writer, p *Puzzle, grid [][]int) error {
	_, err := io.WriteString(w, Format(p, grid))
	return err
}

func (problem) Model(ctx context.Context, p *Puzzle, o settings) (*csp.Model, func([]int) [][]int, error) {
	m, err := Build(ctx, p, o.Options)
	if err != nil {
		return nil, nil, err
	}
	return m.Model, m.Board.Values, nil
}

// Generate makes a benchmark board from a random Latin square (see
// Random): solvable, not necessarily unique; every cell a hole when
// g.Holes is not given.
func (problem) Generate(w io.Writer, o settings, g catalog.Gen) error {
	holes := g.Holes
	if holes < 0 {
		holes = g.Size * g.Size
	}
	p, _, err := Random(g.Size, o.gen.adjacent, float64(o.gen.signs)/100, holes, g.Seed)
	if err != nil {
		return err
	}
	what := fmt.Sprintf("%d%% of the signs", o.gen.signs)
	if o.gen.adjacent {
		what = "adjacent, every bar"
	}
	_, err = fmt.Fprintf(w, "# futoshiki size %d, %s, %d holes, from a random Latin square, seed %d\n%s\n",
		g.Size, what, holes, g.Seed, FormatUnequal(p))
	return err
}

// suite is the benchmark suite csp bench runs for futoshiki.
//
//go:embed suite.txt
var suite string

// Suite returns the benchmark suite.
func (problem) Suite() string { return suite }
