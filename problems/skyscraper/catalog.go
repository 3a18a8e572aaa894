package skyscraper

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
	"github.com/cspgo/csp/propagators/visibility"
)

func init() { catalog.Register[*Puzzle, settings](problem{}) }

// problem is skyscraper as the catalog serves it.
type problem struct{}

var (
	_ catalog.Generator[settings]        = problem{}
	_ catalog.Modeler[*Puzzle, settings] = problem{}
	_ catalog.Recycler[*Puzzle]          = problem{}
	_ catalog.Reasoner[*Puzzle]          = problem{}
	_ catalog.Marker[*Puzzle]            = problem{}
	_ catalog.Cluer[*Puzzle]             = problem{}
	_ catalog.Clasher[*Puzzle]           = problem{}
	_ catalog.Censuser                   = problem{}
	_ catalog.ClueFinder[*Puzzle]        = problem{}
	_ catalog.Deriver[*Puzzle]           = problem{}
	_ catalog.Suiter                     = problem{}
)

// settings are the options the command line's flags make.
type settings struct {
	Options
	clues    int                 // generate: the percentage of the 4N clues kept (--clues)
	make     catalog.MakeRequest // generate: a graded puzzle (--difficulty)
	noGivens bool                // generate --difficulty: clues only (--no-givens)
}

// Tatham are the words of Simon Tatham's Towers levels, which
// --difficulty takes for skyscraper: each stands for the ladder's level
// his puzzles of that level grade at in the median (the table, and how it
// was measured, are in docs/BENCHMARKS.md, "Grading Tatham's Towers
// puzzles").
var Tatham = []catalog.Alias{
	{Name: "easy", Level: tathamEasy},
	{Name: "hard", Level: tathamHard},
	{Name: "extreme", Level: tathamExtreme},
	{Name: "unreasonable", Level: tathamUnreasonable},
}

// The ladder's levels (indices of Ladder.Levels) of Tatham's words.
const (
	tathamEasy         = 2 // clue filtering
	tathamHard         = 3 // whole lines
	tathamExtreme      = 4 // assumptions
	tathamUnreasonable = 4 // assumptions
)

// visibilityNames are the clue strengths, weakest first (as
// visibility.Strength counts them).
var visibilityNames = []string{visibility.Edge.String(), visibility.Bounds.String(), visibility.GAC.String(), visibility.Line.String()}

func (problem) Info() catalog.Info {
	return catalog.Info{
		Name: "skyscraper",
		Doc: "skyscraper puzzles, one per line: a Towers game ID N:top/bottom/left/right[,givens] (each side left to right or top to bottom), " +
			"a clockwise list of 4N clues, bare or [bracketed] (top, right, bottom, left: clockwise from the top-left corner), a JSON object, or a clue-framed grid block",
		Flags: append([]catalog.Flag{
			square.AllDiffFlag(alldiff.GAC),
			{Name: "visibility", Default: visibility.Line.String(), Choices: visibilityNames,
				Usage: "clue strength: " + catalog.List(visibilityNames)},
			{Name: "clues", Default: "100", Generate: true, Usage: "percentage of the 4N clues kept"},
			{Name: "no-givens", Generate: true, Bool: true, Default: "false", Usage: "with --difficulty: clues only, no givens"},
		}, catalog.MakeFlags(Ladder.Levels, Tatham...)...),
	}
}

// Options reads the flags. At the line (the default), gac and bounds
// levels the search is DefaultSearch's counting-based search unless --var
// says otherwise (with the edge rules alone, the shared dom/wdeg);
// counting-based search, by default or asked for, comes with last-conflict
// and nogoods (--last-conflict=false and --nogoods=false turn them off).
func (problem) Options(s *catalog.Settings) (settings, error) {
	var o settings
	var errs [5]error
	var vis int
	o.AllDiff, errs[0] = square.ParseAllDiff(s)
	vis, errs[1] = catalog.ParseFlag(s, "visibility", catalog.ParseChoice(visibilityNames))
	o.Visibility = visibility.Strength(vis)
	o.clues, errs[2] = catalog.ParseFlag(s, "clues", catalog.ParseRange(0, 100))
	o.make, errs[3] = catalog.ParseMake(s, Ladder.Levels, Tatham...)
	o.noGivens, errs[4] = catalog.ParseFlag(s, "no-givens", catalog.ParseBool)
	if err := errors.Join(errs[:]...); err != nil {
		return o, err
	}
	if !s.Gave("var") && o.Visibility >= visibility.Bounds {
		s.Search.Var = DefaultSearch.Var
	}
	if s.Search.Var == csp.MaxDensity {
		if !s.Gave("last-conflict") {
			s.Search.LastConflict = DefaultSearch.LastConflict
		}
		if !s.Gave("nogoods") {
			s.Search.Nogoods = DefaultSearch.Nogoods
		}
	}
	return o, nil
}

func (problem) Read(r io.Reader) iter.Seq[Item] { return Read(r) }

func (problem) Recycle(p *Puzzle) { Recycle(p) }

// Solve solves p on the worker's model of its size when there is one to
// reuse (see reuse), else on a model of its own.
func (problem) Solve(ctx context.Context, p *Puzzle, o settings, run catalog.Run) ([][]int, csp.Result, error) {
	r, err := reuse(ctx, p, o, run)
	if r == nil || err != nil {
		if err == nil {
			return Solve(ctx, p, o.Options, run.Search)
		}
		return nil, csp.Result{}, err
	}
	return r.SolveRows(ctx, r.Model.Board.ValuesInto, func(g [][]int) error { return Check(p, g) })
}

// Count counts on the worker's model of p's size when there is one to
// reuse, else on the catalog's model; run.Each sees the solutions either
// way.
func (pr problem) Count(ctx context.Context, p *Puzzle, o settings, run catalog.Run) (csp.Result, error) {
	r, err := reuse(ctx, p, o, run)
	if err != nil {
		return csp.Result{}, err
	}
	if r != nil {
		return r.Count(ctx, run, r.Model.Grid), nil
	}
	m, rows, err := pr.Model(ctx, p, o)
	if err != nil {
		return csp.Result{}, err
	}
	return run.CountModel(ctx, m, run.Search, rows), nil
}

// shape keys the worker's reused models: one per size and options.
type shape struct {
	n   int
	opt Options
}

// reuse returns the worker's model of p's size (built on first use) with
// p posed in it, ready to search, when p and run allow one (a slotted
// strength, no interior clues, one depth-first search); nil, nil when
// they do not. Givens or marks that leave a cell empty make p
// unsatisfiable, as they do in a model of its own.
func reuse(ctx context.Context, p *Puzzle, o settings, run catalog.Run) (*catalog.Reused[*Model], error) {
	if !run.Reusable() || !slotted(p.N, o.Options) || len(p.Interior) > 0 {
		return nil, nil
	}
	r, err := catalog.Reuse(ctx, run, shape{p.N, o.Options}, func() (*Model, *csp.Model, error) {
		m, err := buildShape(ctx, p.N, o.Options)
		if err != nil {
			return nil, nil, err
		}
		return m, m.Model, nil
	})
	if err != nil {
		return nil, err
	}
	if err := r.Model.Pose(r.Search.Space(), p); errors.Is(err, csp.ErrEmptyDomain) {
		return nil, catalog.Unsatisfiable{Reason: err}
	} else if err != nil {
		return nil, err
	}
	return r, nil
}

func (problem) Check(p *Puzzle, grid [][]int) error { return Check(p, grid) }

// Clash reports givens that repeat in a row or column (Puzzle.Clash).
func (problem) Clash(p *Puzzle) error { return p.Clash() }

// Write prints the solution framed by the puzzle's clues (Format), a
// block Read takes back.
func (problem) Write(w io.Writer, p *Puzzle, grid [][]int) error {
	_, err := io.WriteString(w, Format(p, grid))
	return err
}

func (problem) Model(ctx context.Context, p *Puzzle, o settings) (*csp.Model, func([]int) [][]int, error) {
	m, err := Build(ctx, p, o.Options)
	if err != nil {
		return nil, nil, err
	}
	return m.Model, m.Grid, nil
}

func (problem) Reason(p *Puzzle) (*catalog.Reasoning, error) { return Reason(p) }

func (problem) Levels() []string { return Ladder.Levels }

func (problem) WriteMarks(w io.Writer, p *Puzzle, cands [][][]int) error {
	_, err := io.WriteString(w, FormatMarks(p, cands))
	return err
}

func (problem) ReadMarks(r io.Reader) iter.Seq[Item] { return ReadMarks(r) }

func (problem) Clues(p *Puzzle) []string { return Clues(p) }

func (problem) Keep(p *Puzzle, kept []bool) *Puzzle { return Keep(p, kept) }

func (problem) Give(p *Puzzle, g map[[2]int]int) *Puzzle { return Give(p, g) }

// Givens returns p's givens, an empty grid when it has none.
func (problem) Givens(p *Puzzle) [][]int {
	out := make([][]int, p.N)
	for r := range out {
		out[r] = make([]int, p.N)
		if r < len(p.Givens) {
			copy(out[r], p.Givens[r])
		}
	}
	return out
}

// Generate makes a puzzle graded at --difficulty, or else a benchmark
// board: the clues of a random Latin square, the share --clues of them
// kept; solvable, not necessarily unique.
func (problem) Generate(w io.Writer, o settings, g catalog.Gen) error {
	if g.Holes >= 0 {
		return errors.New("skyscraper: --holes does not apply: a puzzle is its clues (--clues, or --difficulty)")
	}
	if mr := o.make; mr.On {
		p, _, st, err := Make(g.Context(), MakeRequest{Size: g.Size, Level: mr.Level, NoMinimize: !mr.Minimize, NoGivens: o.noGivens,
			Seed: g.Seed, Limit: mr.Limit, Attempts: mr.Attempts})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "# skyscraper %dx%d, %s, seed %d, %d clues, %d givens (%s)\n%s\n",
			g.Size, g.Size, catalog.LevelName(Ladder.Levels, mr.Level), g.Seed, clueCount(p), givenCount(p), st.Tries(), FormatTowers(p))
		return err
	}
	p, _, err := Random(g.Size, float64(o.clues)/100, g.Seed)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "# skyscraper size %d, %d%% of the clues of a random Latin square, seed %d\n%s\n",
		g.Size, o.clues, g.Seed, FormatTowers(p))
	return err
}

// suite is the benchmark suite csp bench runs for skyscraper.
//
//go:embed suite.txt
var suite string

// Suite returns the benchmark suite.
func (problem) Suite() string { return suite }
