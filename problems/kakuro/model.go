package kakuro

import (
	"context"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/enum"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/linear"
)

// Posting is how the model posts a run.
type Posting uint8

// The ways to post a run.
const (
	// DistinctSum posts each run as one linear.PostDistinctSum at
	// linear.GAC: domain consistent on "distinct and summing to the
	// clue" together, which is what a Kakuro solver reasons with (the
	// combinations of a sum: 16 in two cells is 7+9, so neither cell can
	// hold 8).
	DistinctSum Posting = iota
	// Split posts each run as an all-different (alldiff.GAC) and a
	// bounds-consistent sum, two propagators that do not see each other
	// (linear.PostDistinctSum at linear.Bounds): the textbook
	// decomposition, kept to measure what the combined propagator saves.
	Split
)

var postingNames = enum.Names{"distinctsum", "split"}

// String returns the name: distinctsum or split.
func (k Posting) String() string { return postingNames.Name("Posting", int(k)) }

// ParsePosting reads a way to post the runs by the name String gives it;
// an unknown name is an error listing the choices.
func ParsePosting(name string) (Posting, error) {
	if i, ok := postingNames.Parse(name); ok {
		return Posting(i), nil
	}
	return 0, fmt.Errorf("kakuro: unknown model %q (want %s)", name, postingNames.List())
}

// Options choose how the model propagates. The zero value is the
// command line's default: every run one domain-consistent distinct sum.
type Options struct {
	Model Posting // how each run is posted
	// Sums, when set, shares what the runs' propagators build from their
	// values between the models built with it (linear.DistinctSums): the
	// same model, built in less time. Nil builds everything anew.
	Sums *linear.DistinctSums
}

// NoVar stands in Model.Cells for a black cell, which has no variable.
const NoVar csp.Var = -1

// Model is a Kakuro as constraints.
type Model struct {
	*csp.Model
	// Cells[r][c] is the variable of the white cell at row r, column c
	// (ranging over 1..9, or fixed to its given), NoVar for a black cell.
	Cells [][]csp.Var
}

// Build makes the model of p: one variable per white cell, 1..9 or its
// given, and per run one distinct-sum constraint posted as opt.Model
// says. An error is an unknown Options.Model, or a propagator refusing
// its arguments (a bug: New has checked the runs). It takes
// O(rows × cols) time and space, and the propagators' tables (at most
// 2^9 sets per run).
func Build(p *Puzzle, opt Options) (*Model, error) {
	var strength linear.Strength
	switch opt.Model {
	case DistinctSum:
		strength = linear.GAC
	case Split:
		strength = linear.Bounds
	default:
		return nil, fmt.Errorf("kakuro: unknown model %v", opt.Model)
	}
	m := csp.NewModel()
	names := grid.CellNames(p.rows, p.cols)
	vars := make([]csp.Var, len(p.cells))
	cells := make([][]csp.Var, p.rows)
	for i, c := range p.cells {
		vars[i] = NoVar
		if !c.Black {
			lo, hi := 1, 9
			if c.Given != 0 {
				lo, hi = c.Given, c.Given
			}
			vars[i] = m.NewIntVar(lo, hi, names[i])
		}
	}
	for r := range cells {
		cells[r] = vars[r*p.cols : (r+1)*p.cols : (r+1)*p.cols]
	}
	for _, run := range p.runs {
		xs := make([]csp.Var, len(run.Cells))
		for k, i := range run.Cells {
			xs[k] = vars[i]
		}
		if err := opt.Sums.Post(m, xs, run.Sum, strength); err != nil {
			return nil, fmt.Errorf("kakuro: run of clue r%dc%d: %w", run.Clue/p.cols+1, run.Clue%p.cols+1, err)
		}
	}
	return &Model{Model: m, Cells: cells}, nil
}

// Values returns a solution of the model (values indexed by variable, as
// csp.Result.Solution holds them) as rows of digits, 0 for black cells:
// the layout Check, FormatSolution and every puzzle of the repository
// take.
func (m *Model) Values(solution []int) [][]int {
	out := make([][]int, len(m.Cells))
	for r, row := range m.Cells {
		out[r] = make([]int, len(row))
		for c, x := range row {
			if x != NoVar {
				out[r][c] = solution[x]
			}
		}
	}
	return out
}

// DefaultSearch is the command line's search for Kakuro, as for the other
// puzzles: dom/wdeg with Luby restarts and random ties (seed 1).
var DefaultSearch = csp.Options{Var: csp.DomWDeg, Val: csp.ValMin, Restarts: csp.Luby, RandomTies: true, Seed: 1}

// Solve finds a solution of p, has Check verify it, and returns it as
// rows of digits (0 for black cells) with the search result; the grid is
// nil when none was found (an unsatisfiable puzzle, or a limit of search
// reached: see the result). An error is Build's, or a solution the
// checker refuses (a bug in the model or the engine).
func Solve(ctx context.Context, p *Puzzle, opt Options, search csp.Options) ([][]int, csp.Result, error) {
	m, err := Build(p, opt)
	if err != nil {
		return nil, csp.Result{}, err
	}
	return grid.Solve(ctx, m.Model, search, m.Values, func(g [][]int) error { return Check(p, g) })
}

// Count counts the solutions of p up to limit (0: no cap); a limit of 2
// answers "is it unique?" (Result.Solutions == 1 with Result.Complete).
// An error is Build's.
func Count(ctx context.Context, p *Puzzle, opt Options, search csp.Options, limit int64) (csp.Result, error) {
	m, err := Build(p, opt)
	if err != nil {
		return csp.Result{}, err
	}
	return csp.Count(ctx, m.Model, search, limit), nil
}
