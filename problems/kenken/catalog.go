package kenken

import (
	"context"
	_ "embed"
	"errors"
	"io"
	"iter"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/internal/square"
	"github.com/cspgo/csp/propagators/alldiff"
)

func init() { catalog.Register[*Puzzle, settings](problem{}) }

// problem is KenKen as the catalog serves it.
type problem struct{}

var _ catalog.Suiter = problem{}

var _ catalog.Modeler[*Puzzle, settings] = problem{}

// settings are the options the command line's flags make: --model picks
// the cage model, --alldiff the strength on the rows and columns.
type settings struct {
	Options
}

// models are the names --model takes, the default first.
var models = []string{Table.String(), Linear.String()}

func (problem) Info() catalog.Info {
	return catalog.Info{
		Name:   "kenken",
		Doc:    "KenKen (Tatham's Keen): one per line, a Keen game ID (N:layout,clues) or a JSON object; or a drawn board",
		Models: models,
		Flags:  []catalog.Flag{square.AllDiffFlag(alldiff.GAC)},
	}
}

// Options reads --model and --alldiff; a bad value of either is a
// *catalog.FlagError.
func (problem) Options(s *catalog.Settings) (settings, error) {
	var o settings
	var errs [2]error
	var cages int
	cages, errs[0] = catalog.ParseModel(s, models)
	o.Cages = Cages(cages)
	o.AllDiff, errs[1] = square.ParseAllDiff(s)
	return o, errors.Join(errs[:]...)
}

func (problem) Read(r io.Reader) iter.Seq[Item] { return Read(r) }

func (problem) Solve(ctx context.Context, p *Puzzle, o settings, run catalog.Run) ([][]int, csp.Result, error) {
	o.Tables = tablesOf(run)
	g, res, err := Solve(ctx, p, o.Options, run.Search)
	return g, res, unsatisfiable(err)
}

// Count is Count on the catalog's model (a cage out of reach makes it
// unsatisfiable), so that run.Each sees the solutions. Solve and Count
// keep the cages' tables in the worker's cache (Tables).
func (pr problem) Count(ctx context.Context, p *Puzzle, o settings, run catalog.Run) (csp.Result, error) {
	o.Tables = tablesOf(run)
	m, rows, err := pr.Model(ctx, p, o)
	if err != nil {
		return csp.Result{}, err
	}
	return run.CountModel(ctx, m, run.Search, rows), nil
}

func (problem) Check(p *Puzzle, grid [][]int) error { return Check(p, grid) }

func (problem) Write(w io.Writer, p *Puzzle, grid [][]int) error {
	_, err := io.WriteString(w, Format(p, grid))
	return err
}

func (problem) Model(ctx context.Context, p *Puzzle, o settings) (*csp.Model, func([]int) [][]int, error) {
	m, err := Build(ctx, p, o.Options)
	if err != nil {
		return nil, nil, unsatisfiable(err)
	}
	return m.Model, m.Board.Values, nil
}

// tablesKey names the worker's Tables in its catalog.Cache.
type tablesKey struct{}

// tablesOf returns the worker's Tables, kept in run.Cache from one
// instance to the next.
func tablesOf(run catalog.Run) *Tables {
	t, _ := catalog.Get(run.Cache, tablesKey{}, func() (*Tables, error) { return &Tables{}, nil })
	return t
}

// unsatisfiable tells the command line that a cage out of reach makes the
// puzzle unsatisfiable.
func unsatisfiable(err error) error {
	if errors.Is(err, ErrUnreachable) {
		return catalog.Unsatisfiable{Reason: err}
	}
	return err
}

// suite is the benchmark suite csp bench runs for kenken.
//
//go:embed suite.txt
var suite string

// Suite returns the benchmark suite.
func (problem) Suite() string { return suite }
