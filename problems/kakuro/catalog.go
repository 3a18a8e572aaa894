package kakuro

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/linear"
)

func init() { catalog.Register[*Puzzle, settings](problem{}) }

// problem is Kakuro as the catalog serves it: the core, a generator, the
// model for csp check, and a benchmark suite. It has no Cluer (csp
// diagnose): a clue and its run are one unit of a Kakuro, so a puzzle
// with a clue taken away is no Kakuro (New refuses it, Format cannot
// write it); nor a Preparer: every puzzle's model is its own, with
// nothing to reuse from one to the next.
type problem struct{}

var (
	_ catalog.Generator[settings]        = problem{}
	_ catalog.Modeler[*Puzzle, settings] = problem{}
	_ catalog.Clasher[*Puzzle]           = problem{}
	_ catalog.Suiter                     = problem{}
)

// settings are the options the command line's flags make: --model picks
// how the runs are posted.
type settings struct {
	Options
}

// models are the names --model takes, the default first.
var models = []string{DistinctSum.String(), Split.String()}

func (problem) Info() catalog.Info {
	return catalog.Info{
		Name:   "kakuro",
		Doc:    "Kakuro (cross sums): a grid, a row per line: # black, D\\R clues down\\across, . white, 1-9 given; blank line between",
		Models: models,
	}
}

// Options reads --model; a name it does not know is a *catalog.FlagError.
// Kakuro's search is the command line's default (DefaultSearch).
func (problem) Options(s *catalog.Settings) (settings, error) {
	k, err := catalog.ParseModel(s, models)
	return settings{Options{Model: Posting(k)}}, err
}

func (problem) Read(r io.Reader) iter.Seq[Item] { return Read(r) }

func (problem) Solve(ctx context.Context, p *Puzzle, o settings, run catalog.Run) ([][]int, csp.Result, error) {
	o.Sums = sumsOf(run)
	return Solve(ctx, p, o.Options, run.Search)
}

// Count is Count on the catalog's model, so that run.Each sees the
// solutions. Solve and Count share the runs' value tables through the
// worker's cache (linear.DistinctSums).
func (pr problem) Count(ctx context.Context, p *Puzzle, o settings, run catalog.Run) (csp.Result, error) {
	o.Sums = sumsOf(run)
	m, rows, err := pr.Model(ctx, p, o)
	if err != nil {
		return csp.Result{}, err
	}
	return run.CountModel(ctx, m, run.Search, rows), nil
}

// sumsKey names the worker's linear.DistinctSums in its catalog.Cache.
type sumsKey struct{}

// sumsOf returns the worker's linear.DistinctSums, kept in run.Cache from
// one instance to the next.
func sumsOf(run catalog.Run) *linear.DistinctSums {
	c, _ := catalog.Get(run.Cache, sumsKey{}, func() (*linear.DistinctSums, error) { return &linear.DistinctSums{}, nil })
	return c
}

func (problem) Check(p *Puzzle, grid [][]int) error { return Check(p, grid) }

// Clash reports givens that repeat in a run or put its clue out of reach
// (Puzzle.Clash).
func (problem) Clash(p *Puzzle) error { return p.Clash() }

// Write prints the solved grid as FormatSolution does, then a blank line:
// a comment does not end a Kakuro, so the blank line keeps the next
// solution (and csp's status line before it) apart when the output is
// read back.
func (problem) Write(w io.Writer, p *Puzzle, grid [][]int) error {
	_, err := io.WriteString(w, FormatSolution(p, grid)+"\n")
	return err
}

func (problem) Model(_ context.Context, p *Puzzle, o settings) (*csp.Model, func([]int) [][]int, error) {
	m, err := Build(p, o.Options)
	if err != nil {
		return nil, nil, err
	}
	return m.Model, m.Values, nil
}

// Generate writes a size×size puzzle with one solution (Generate, for
// g.Seed), headed by a comment and followed by a blank line. A size
// outside MinGenerate..MaxSize, or --holes (the generator gives a digit
// only where uniqueness needs it), is a bad request; a generator that
// gives up wraps catalog.ErrNotMade.
func (problem) Generate(w io.Writer, _ settings, g catalog.Gen) error {
	switch {
	case g.Size < MinGenerate || g.Size > MaxSize:
		return fmt.Errorf("kakuro: size %d, want %d..%d", g.Size, MinGenerate, MaxSize)
	case g.Holes >= 0:
		return errors.New("kakuro: --holes does not apply: the generator gives a digit only where one solution needs it")
	}
	p, err := Generate(g.Context(), g.Size, g.Seed)
	if err != nil {
		return fmt.Errorf("%w: %w", catalog.ErrNotMade, err)
	}
	_, err = fmt.Fprintf(w, "%% kakuro %dx%d, seed %d, %d white cells, %d of them given, made by kakuro.Generate\n%s\n",
		g.Size, g.Size, g.Seed, p.White(), p.Givens(), Format(p))
	return err
}

// suite is the benchmark suite csp bench runs for kakuro: the first
// puzzles of each corpus in testdata (see TestSuite).
//
//go:embed suite.txt
var suite string

// Suite returns the benchmark suite.
func (problem) Suite() string { return suite }
