package sudoku

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/internal/square"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/linear"
)

func init() {
	catalog.Register(catalog.Problem{
		Name:   "sudoku",
		Doc:    "sudoku of any box shape, jigsaw, X, killer: one per line (N*N cells, . or 0 empty), a Solo game ID or a JSON object; or a ruled grid",
		Models: []string{Units.String(), Generic.String()},
		Flags: append([]catalog.Flag{
			{Name: "boxline", Bool: true, Default: "true", Usage: "box-line reduction (pointing and claiming)",
				Check: func(v string) error {
					if _, err := strconv.ParseBool(v); err != nil {
						return fmt.Errorf("want true or false")
					}
					return nil
				}},
			{Name: "cages", Default: linear.GAC.String(), Usage: "killer cage strength: gac (distinct and sum as one) or bounds",
				Check: func(v string) error {
					if _, err := linear.ParseStrength(v); err != nil {
						return fmt.Errorf("want gac or bounds")
					}
					return nil
				}},
		}, catalog.MakeFlags(Ladder.Levels)...),
		Quick: true,
		// Sudoku's own search defaults (DefaultSearch, see README), with
		// hidden singles.
		Defaults: func(s *catalog.Settings) {
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
			if !s.Gave("alldiff") {
				s.AllDiff = alldiff.Hidden
			}
		},
		Read: func(r io.Reader) iter.Seq[catalog.Item] {
			return catalog.Items(Read(r), func(it Item) catalog.Item {
				return catalog.Item{Index: it.Index, Line: it.Line, Inst: it.Puzzle, Err: it.Err}
			})
		},
		Prepare: func(inst any, s *catalog.Settings, c *catalog.Cache) { cachedSolver(c, inst.(*Puzzle), s) },
		Solve: func(ctx context.Context, inst any, s *catalog.Settings, c *catalog.Cache) ([][]int, csp.Result, error) {
			p := inst.(*Puzzle)
			if err := p.Clash(); err != nil {
				return nil, csp.Result{}, catalog.Unsatisfiable{Reason: err}
			}
			if several(s) {
				m, rows, err := givenModel(p, s)
				if err != nil {
					return nil, csp.Result{}, err
				}
				res := csp.Solve(ctx, m, s.Search)
				if res.Solution == nil {
					return nil, res, nil
				}
				g := rows(res.Solution)
				return g, res, Check(p, slices.Concat(g...))
			}
			sol, res, err := cachedSolver(c, p, s).Solve(ctx, p)
			if err == nil && sol != nil {
				err = Check(p, sol)
			}
			return catalog.Rows(sol, p.N()), res, err
		},
		Count: func(ctx context.Context, inst any, s *catalog.Settings, c *catalog.Cache) (csp.Result, error) {
			p := inst.(*Puzzle)
			if err := p.Clash(); err != nil {
				return csp.Result{}, catalog.Unsatisfiable{Reason: err}
			}
			if several(s) {
				m, _, err := givenModel(p, s)
				if err != nil {
					return csp.Result{}, err
				}
				return csp.Count(ctx, m, s.Search, s.Limit), nil
			}
			return cachedSolver(c, p, s).Count(ctx, p, s.Limit)
		},
		Model: func(inst any, s *catalog.Settings) (*csp.Model, func([]int) [][]int, error) {
			return givenModel(inst.(*Puzzle), s)
		},
		Check: func(inst any, grid [][]int) error {
			return Check(inst.(*Puzzle), slices.Concat(grid...))
		},
		WriteMarks: func(w io.Writer, inst any, cands [][][]int) error {
			_, err := io.WriteString(w, FormatMarks(inst.(*Puzzle), cands))
			return err
		},
		ReadMarks: func(r io.Reader) iter.Seq[catalog.Item] {
			return catalog.Items(ReadMarks(r), func(it Item) catalog.Item {
				return catalog.Item{Index: it.Index, Line: it.Line, Inst: it.Puzzle, Err: it.Err}
			})
		},
		Reason: func(inst any) (*catalog.Reasoning, error) { return Reason(inst.(*Puzzle)) },
		Levels: Ladder.Levels,
		Clues: func(inst any) []string {
			p := inst.(*Puzzle)
			return square.GivenNames(p.Cells, p.N())
		},
		Keep: func(inst any, kept []bool) any {
			q := *inst.(*Puzzle)
			q.Cells = square.KeepGivens(q.Cells, kept)
			return &q
		},
		Give: func(inst any, g map[[2]int]int) any {
			q := *inst.(*Puzzle)
			q.Cells = square.AddGivens(q.Cells, q.N(), g)
			return &q
		},
		Write: func(w io.Writer, inst any, grid [][]int) error {
			_, err := io.WriteString(w, Format(inst.(*Puzzle), slices.Concat(grid...)))
			return err
		},
		Generate: func(w io.Writer, s *catalog.Settings, i int) error {
			rows, cols, err := Shape(int(s.Size))
			if err != nil {
				return err
			}
			if mr, ok := catalog.MakeSettings(s, Ladder.Levels); ok {
				seed := s.Search.Seed + uint64(i)
				p, _, st, err := Make(context.Background(), MakeRequest{BoxRows: rows, BoxCols: cols, Level: mr.Level, NoMinimize: !mr.Minimize, Seed: seed, Limit: mr.Limit, Attempts: mr.Attempts})
				if err != nil {
					return err
				}
				_, err = fmt.Fprintf(w, "%s # sudoku %dx%d, %s, seed %d, %d givens, made in %v (%s)\n",
					FormatLine(p, nil), s.Size, s.Size, catalog.LevelName(Ladder.Levels, mr.Level), seed, p.Givens(), st.Elapsed.Round(time.Millisecond), st.Tries())
				return err
			}
			if s.Holes < 0 {
				return fmt.Errorf("--holes is required")
			}
			seed := s.Search.Seed + uint64(i)
			p, _, err := Random(rows, cols, int(s.Holes), seed)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(w, "%s # sudoku %dx%d, %d holes in a random grid, seed %d\n",
				FormatLine(p, nil), s.Size, s.Size, s.Holes, seed)
			return err
		},
	})
}

// shape keys a worker's solvers of the puzzles whose rules the shape
// gives: classic, or with diagonals.
type shape struct {
	rows, cols int
	diagonals  bool
}

// slot keeps a worker's solver for the last puzzle with regions or cages,
// whose model is its own.
type slot struct {
	p      *Puzzle
	solver *Solver
}

// cachedSolver returns the worker's solver for p: one per box shape (and
// diagonals) kept for the whole batch, or, for a puzzle with regions or
// cages, one built for it (by Prepare, before the clock starts) and kept
// until the next such puzzle.
func cachedSolver(c *catalog.Cache, p *Puzzle, s *catalog.Settings) *Solver {
	if p.Regions == nil && len(p.Cages) == 0 {
		return c.Get(shape{p.BoxRows, p.BoxCols, p.Diagonals}, func() any {
			sv, err := NewSolverFor(p, settingsOptions(s), s.Search)
			if err != nil {
				panic(err) // Read gives valid puzzles
			}
			return sv
		}).(*Solver)
	}
	sl := c.Get(slot{}, func() any { return &slot{} }).(*slot)
	if sl.p != p {
		sv, err := NewSolverFor(p, settingsOptions(s), s.Search)
		if err != nil {
			panic(err) // Read gives valid puzzles
		}
		sl.p, sl.solver = p, sv
	}
	return sl.solver
}

// settingsOptions reads the model settings the command line gave.
func settingsOptions(s *catalog.Settings) Options {
	o := Options{AllDiff: s.AllDiff, BoxLine: s.Flag("boxline") != "false", CageBounds: s.Flag("cages") == linear.Bounds.String()}
	if v, err := ParseView(s.Model); err == nil {
		o.View = v
	}
	return o
}

// several reports whether s asks for several searches at once (--workers
// or --portfolio): the one search a Solver reuses cannot run them, so
// those go through a model of their own with the givens in its domains.
func several(s *catalog.Settings) bool {
	return s.Search.Workers > 0 || len(s.Search.Portfolio) > 0
}

// givenModel builds p's model under s with the givens and pencil marks as
// initial domains, and the reader of its solutions as rows.
func givenModel(p *Puzzle, s *catalog.Settings) (*csp.Model, func([]int) [][]int, error) {
	m, err := BuildPuzzle(p, settingsOptions(s))
	if err != nil {
		return nil, nil, err
	}
	for i, x := range m.Cells {
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
		g := make([]int, len(m.Cells))
		for i, x := range m.Cells {
			g[i] = values[x]
		}
		return catalog.Rows(g, p.N())
	}, nil
}
