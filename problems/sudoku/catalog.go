package sudoku

import (
	"context"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
)

func init() {
	catalog.Register(catalog.Problem{
		Name:   "sudoku",
		Doc:    "sudoku, boxes of any shape: one puzzle per line (N*N cells, . or 0 empty, 1-9 then A-Z), or a ruled grid",
		Models: []string{Units.String(), Generic.String()},
		Flags: []catalog.Flag{
			{Name: "boxline", Bool: true, Default: "true", Usage: "box-line reduction (pointing and claiming)",
				Check: func(v string) error {
					if _, err := strconv.ParseBool(v); err != nil {
						return fmt.Errorf("want true or false")
					}
					return nil
				}},
		},
		Quick: true,
		// Sudoku's own search defaults (DefaultSearch, see README), with
		// hidden singles.
		Defaults: func(s *catalog.Settings, given func(string) bool) {
			if !given("var") {
				s.Search.Var = DefaultSearch.Var
			}
			if !given("restarts") {
				s.Search.Restarts = DefaultSearch.Restarts
			}
			if !given("restart-base") {
				s.Search.RestartBase = DefaultSearch.RestartBase
			}
			if !given("ties") {
				s.Search.RandomTies = DefaultSearch.RandomTies
			}
			if !given("alldiff") {
				s.AllDiff = alldiff.Hidden
			}
		},
		Read: func(r io.Reader) iter.Seq[catalog.Item] {
			return func(yield func(catalog.Item) bool) {
				for it := range Read(r) {
					if !yield(catalog.Item{Index: it.Index, Line: it.Line, Inst: it.Puzzle, Err: it.Err}) {
						return
					}
				}
			}
		},
		Prepare: func(inst any, s *catalog.Settings, c *catalog.Cache) { cachedSolver(c, inst.(*Puzzle), s) },
		Solve: func(ctx context.Context, inst any, s *catalog.Settings, c *catalog.Cache) ([][]int, csp.Result, error) {
			p := inst.(*Puzzle)
			if err := p.Clash(); err != nil {
				return nil, csp.Result{}, catalog.Unsatisfiable{Reason: err}
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
			return cachedSolver(c, p, s).Count(ctx, p, s.Limit)
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

// shape keys a worker's solvers.
type shape struct{ rows, cols int }

// cachedSolver returns the worker's solver for p's box shape.
func cachedSolver(c *catalog.Cache, p *Puzzle, s *catalog.Settings) *Solver {
	return c.Get(shape{p.BoxRows, p.BoxCols}, func() any {
		return NewSolver(p.BoxRows, p.BoxCols, settingsOptions(s), s.Search)
	}).(*Solver)
}

// settingsOptions reads the model settings the command line gave.
func settingsOptions(s *catalog.Settings) Options {
	o := Options{AllDiff: s.AllDiff, BoxLine: s.Flag("boxline") != "false"}
	if v, err := ParseView(s.Model); err == nil {
		o.View = v
	}
	return o
}
