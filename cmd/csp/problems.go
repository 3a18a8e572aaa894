package main

import (
	"context"
	"fmt"
	"io"
	"iter"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/latin"
	"github.com/cspgo/csp/problems/skyscraper"
	"github.com/cspgo/csp/problems/sudoku"
	"github.com/cspgo/csp/propagators/alldiff"
)

// A problem is what the command line needs of a problem package. Its
// instances travel as any: solve and count receive only what read made.
type problem struct {
	doc    string   // one line for the usage text
	models []string // names --model takes, the default first

	// read parses the instances of a batch as it goes; a malformed one is
	// an item with err set.
	read func(r io.Reader) iter.Seq[item]
	// solve finds a solution and has it checked by the problem's checker;
	// an unsatError says the instance has none without searching, any
	// other error is an internal error. ws keeps what a worker may reuse
	// from one instance to the next.
	solve func(ctx context.Context, inst any, c *config, ws *workspace) ([][]int, csp.Result, error)
	// count counts solutions up to c.limit (0: no cap); errors as for
	// solve.
	count func(ctx context.Context, inst any, c *config, ws *workspace) (csp.Result, error)
	// prepare, when set, readies what solve and count will reuse (a
	// solver for the instance's shape) before the clock starts, so an
	// instance's time is its own.
	prepare func(inst any, c *config, ws *workspace)
	// quick says instances take microseconds: the batch hands them to its
	// workers in chunks.
	quick bool
	// defaults sets the problem's own defaults for the flags the command
	// line did not set (set reports whether a flag was given).
	defaults func(c *config, set func(flag string) bool)
	// write prints a solution of inst, in a form the problem reads back.
	write func(w io.Writer, inst any, grid [][]int) error
	// generate writes the instance number i (from 0) of c's request; nil
	// when the problem has no generator.
	generate func(w io.Writer, c *config, i int) error
}

// item is one instance of a batch, or the error that spoilt it.
type item struct {
	index int // 1-based position in the batch
	line  int // line where it starts
	inst  any
	err   error
}

// problems is the table of problems, by the name used on the command line.
var problems = map[string]problem{
	"sudoku": {
		doc:    "sudoku, boxes of any shape: one puzzle per line (N*N cells, . or 0 empty, 1-9 then A-Z), or a ruled grid",
		models: []string{sudoku.Units.String(), sudoku.Generic.String()},
		quick:  true,
		prepare: func(inst any, c *config, ws *workspace) {
			sudokuSolver(ws, inst.(*sudoku.Puzzle), c)
		},
		read: func(r io.Reader) iter.Seq[item] {
			return func(yield func(item) bool) {
				for it := range sudoku.Read(r) {
					if !yield(item{index: it.Index, line: it.Line, inst: it.Puzzle, err: it.Err}) {
						return
					}
				}
			}
		},
		solve: func(ctx context.Context, inst any, c *config, ws *workspace) ([][]int, csp.Result, error) {
			p := inst.(*sudoku.Puzzle)
			if err := p.Clash(); err != nil {
				return nil, csp.Result{}, unsatError{err}
			}
			sol, res, err := sudokuSolver(ws, p, c).Solve(ctx, p)
			if err == nil && sol != nil {
				err = sudoku.Check(p, sol)
			}
			return rowsOf(sol, p.N()), res, err
		},
		count: func(ctx context.Context, inst any, c *config, ws *workspace) (csp.Result, error) {
			p := inst.(*sudoku.Puzzle)
			if err := p.Clash(); err != nil {
				return csp.Result{}, unsatError{err}
			}
			return sudokuSolver(ws, p, c).Count(ctx, p, c.limit)
		},
		write: func(w io.Writer, inst any, grid [][]int) error {
			_, err := io.WriteString(w, sudoku.Format(inst.(*sudoku.Puzzle), slices.Concat(grid...)))
			return err
		},
		generate: func(w io.Writer, c *config, i int) error {
			rows, cols, err := sudoku.Shape(int(c.order))
			if err != nil {
				return err
			}
			if c.holes < 0 {
				return fmt.Errorf("--holes is required")
			}
			seed := c.search.Seed + uint64(i)
			p, _, err := sudoku.Random(rows, cols, int(c.holes), seed)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(w, "%s # sudoku %dx%d, %d holes in a random grid, seed %d\n",
				sudoku.FormatLine(p, nil), c.order, c.order, c.holes, seed)
			return err
		},
		// Sudoku's own defaults (sudoku.DefaultSearch, see README), with
		// hidden singles and box-line.
		defaults: func(c *config, set func(string) bool) {
			if !set("var") {
				c.search.Var = sudoku.DefaultSearch.Var
			}
			if !set("restarts") {
				c.search.Restarts = sudoku.DefaultSearch.Restarts
			}
			if !set("restart-base") {
				c.search.RestartBase = sudoku.DefaultSearch.RestartBase
			}
			if !set("alldiff") {
				c.alldiff = alldiff.Hidden
			}
			if !set("ties") {
				c.ties = "random"
			}
		},
	},
	"skyscraper": {
		doc: "skyscraper puzzles, one per line: a Towers game ID, a clockwise clue list, a JSON object, or a clue-framed grid block",
		read: func(r io.Reader) iter.Seq[item] {
			return func(yield func(item) bool) {
				for _, it := range skyscraper.Read(r) {
					if !yield(item{index: it.Index, line: it.Line, inst: it.Puzzle, err: it.Err}) {
						return
					}
				}
			}
		},
		solve: func(ctx context.Context, inst any, c *config, _ *workspace) ([][]int, csp.Result, error) {
			return skyscraper.Solve(ctx, inst.(*skyscraper.Puzzle), skyscraperOptions(c), c.search)
		},
		count: func(ctx context.Context, inst any, c *config, _ *workspace) (csp.Result, error) {
			res, _ := skyscraper.Count(ctx, inst.(*skyscraper.Puzzle), skyscraperOptions(c), c.search, c.limit)
			return res, nil
		},
		write: func(w io.Writer, inst any, grid [][]int) error {
			_, err := io.WriteString(w, skyscraper.Format(inst.(*skyscraper.Puzzle), grid))
			return err
		},
		// Benchmark boards: the clues of a random Latin square, a share of
		// them kept; solvable, not necessarily unique.
		generate: func(w io.Writer, c *config, i int) error {
			if c.clues > 100 {
				return fmt.Errorf("--clues %d, want a percentage 0..100", c.clues)
			}
			seed := c.search.Seed + uint64(i)
			p, _, err := skyscraper.Random(int(c.order), float64(c.clues)/100, seed)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(w, "# skyscraper size %d, %d%% of the clues of a random Latin square, seed %d\n%s\n",
				c.order, c.clues, seed, skyscraper.FormatTowers(p))
			return err
		},
	},
	"latin": {
		doc:    "Latin-square completion: N, then N rows of N numbers, 0 = hole",
		models: []string{latin.Channeled.String(), latin.RowCol.String(), latin.Symbols.String()},
		read: func(r io.Reader) iter.Seq[item] {
			return func(yield func(item) bool) {
				for _, it := range latin.Read(r) {
					if !yield(item{index: it.Index, line: it.Line, inst: it.Inst, err: it.Err}) {
						return
					}
				}
			}
		},
		solve: func(ctx context.Context, inst any, c *config, _ *workspace) ([][]int, csp.Result, error) {
			return latin.Solve(ctx, inst.(*latin.Instance), latinOptions(c), c.search)
		},
		count: func(ctx context.Context, inst any, c *config, _ *workspace) (csp.Result, error) {
			return csp.Count(ctx, latin.Build(inst.(*latin.Instance), latinOptions(c)).Model, c.search, c.limit), nil
		},
		write: func(w io.Writer, _ any, grid [][]int) error { return latin.Write(w, grid) },
		generate: func(w io.Writer, c *config, i int) error {
			if c.holes < 0 {
				return fmt.Errorf("--holes is required")
			}
			kind, name := latin.RandomHoles, "random"
			if c.balanced {
				kind, name = latin.BalancedHoles, "balanced"
			}
			seed := c.search.Seed + uint64(i)
			inst, _, err := latin.Generate(int(c.order), int(c.holes), kind, seed)
			if err != nil {
				return err
			}
			if _, err := fmt.Fprintf(w, "%% latin order %d, %d holes (%s), seed %d\n", c.order, c.holes, name, seed); err != nil {
				return err
			}
			return latin.Write(w, inst.Grid)
		},
	},
}

// sudokuShape keys a worker's sudoku solvers.
type sudokuShape struct{ rows, cols int }

// sudokuSolver returns the worker's solver for p's box shape.
func sudokuSolver(ws *workspace, p *sudoku.Puzzle, c *config) *sudoku.Solver {
	return ws.get(sudokuShape{p.BoxRows, p.BoxCols}, func() any {
		return sudoku.NewSolver(p.BoxRows, p.BoxCols, sudokuOptions(c), c.search)
	}).(*sudoku.Solver)
}

// sudokuOptions reads the model settings of c; run has checked c.model.
func sudokuOptions(c *config) sudoku.Options {
	o := sudoku.Options{AllDiff: c.alldiff, BoxLine: c.boxline}
	if v, err := sudoku.ParseView(c.model); err == nil {
		o.View = v
	}
	return o
}

// rowsOf cuts a row-major grid of side n into rows (nil for nil).
func rowsOf(cells []int, n int) [][]int {
	if cells == nil {
		return nil
	}
	out := make([][]int, n)
	for r := range out {
		out[r] = cells[r*n : (r+1)*n : (r+1)*n]
	}
	return out
}

// skyscraperOptions reads the model settings of c.
func skyscraperOptions(c *config) skyscraper.Options {
	return skyscraper.Options{AllDiff: c.alldiff, Visibility: c.visibility}
}

// latinOptions reads the model settings of c; run has checked c.model.
func latinOptions(c *config) latin.Options {
	opt := latin.Options{AllDiff: c.alldiff}
	if v, err := latin.ParseView(c.model); err == nil {
		opt.View = v
	}
	return opt
}
