package kenken

import (
	"context"
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/enum"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/linear"
	"github.com/cspgo/csp/propagators/table"
	"github.com/cspgo/csp/propagators/units"
)

// Cages says how the model posts the cages.
type Cages uint8

// The cage models.
const (
	// Table posts every cage as the table of its tuples (table.PostCage),
	// with the cage's cells that share a row or column kept different
	// inside the table, filtered to GAC by Compact-Table: the strongest
	// filtering of one cage.
	Table Cages = iota
	// Linear posts the + cages as sums instead: linear.PostDistinctSum at
	// GAC when the cells lie in one row or column, else linear.PostSum at
	// bounds consistency; the other cages as tables. It never enumerates a
	// + cage, however large.
	Linear
)

var cagesNames = enum.Names{"table", "linear"}

// String names the cage model: table or linear.
func (c Cages) String() string { return cagesNames.Name("Cages", int(c)) }

// ParseCages reads a cage model by name.
func ParseCages(name string) (Cages, error) {
	if i, ok := cagesNames.Parse(name); ok {
		return Cages(i), nil
	}
	return 0, fmt.Errorf("kenken: unknown model %q (want %s)", name, cagesNames.List())
}

// Options choose the model. The zero value is table cages with naked
// singles on the rows and columns; the command line uses alldiff.GAC.
type Options struct {
	// AllDiff is the strength on the rows and columns: Value is
	// units.Singles, Hidden is units.Hidden, GAC is units.Hidden plus
	// alldiff.GAC (Régin's matching) on every row and column.
	AllDiff alldiff.Strength
	Cages   Cages
	// Tables, when set, keeps the cages' tables from one Build to the
	// next (see Tables): the same model, built in less time. Nil lists
	// every cage's table anew.
	Tables *Tables
}

// Model is a KenKen as constraints.
type Model struct {
	*csp.Model
	Board *grid.Grid // the cells, 1..N
}

// Build makes the model of p (which must pass Validate): a board of
// variables 1..N, its rows and columns as permutation units, and one
// constraint per cage, its cells in one row or column told to differ.
// It returns an error wrapping ErrUnreachable, naming the cage, when a
// cage's target cannot be reached by any values (the puzzle has no
// solution); in the Table model a cage whose table would pass the table's
// limits (table.ErrTooLarge) is an error wrapping ErrTooLarge too, except
// a + cage, which is posted as a sum then. Listing a cage's table can take
// long: Build looks at ctx as it goes and returns context.Cause(ctx) when
// it is done.
func Build(ctx context.Context, p *Puzzle, opt Options) (*Model, error) {
	n := p.N
	m := csp.NewModel()
	g := grid.New(m, n, n, 1, n)
	level := units.Hidden
	if opt.AllDiff == alldiff.Value {
		level = units.Singles
	}
	if err := units.Post(m, g.Lines(), level); err != nil {
		return nil, err
	}
	if opt.AllDiff == alldiff.GAC || opt.AllDiff == alldiff.Auto {
		for _, line := range g.Lines() {
			if err := alldiff.Post(m, line, opt.AllDiff); err != nil {
				return nil, err
			}
		}
	}
	for k, c := range p.Cages {
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		vars := g.Cells(c.Cells)
		var differ [][2]int
		oneLine := true
		for i := range c.Cells {
			for j := i + 1; j < len(c.Cells); j++ {
				a, b := c.Cells[i], c.Cells[j]
				if a[0] == b[0] || a[1] == b[1] {
					differ = append(differ, [2]int{i, j})
				} else {
					oneLine = false
				}
			}
		}
		if opt.Cages == Linear && c.Op == table.Add && len(c.Cells) > 1 {
			if err := postSum(m, vars, c.Target, n, oneLine); err != nil {
				return nil, fmt.Errorf("%s: %w", c.name(k), err)
			}
			continue
		}
		if c.Op == table.Add && len(c.Cells) > 1 &&
			(len(c.Cells) > table.MaxCageCells || sumTuples(len(c.Cells), n, c.Target) > table.MaxCageTuples) {
			// Too many cells for a table, or too many tuples to list,
			// even before the Latin pairs thin them out much: the sum
			// needs none.
			if err := postSum(m, vars, c.Target, n, oneLine); err != nil {
				return nil, fmt.Errorf("%s: %w", c.name(k), err)
			}
			continue
		}
		if len(c.Cells) > table.MaxCageCells { // not a + cage (those are sums above)
			return nil, fmt.Errorf("%w: %s, cells %s: %d cells, more than the %d of a table cage (a solver limit, not a bad cage)",
				ErrTooLarge, c.name(k), cellNames(c.Cells), len(c.Cells), table.MaxCageCells)
		}
		count, post, err := opt.Tables.cage(ctx, m, vars, c.Op, c.Target, n, differ)
		switch {
		case errors.Is(err, table.ErrTooLarge) && c.Op == table.Add:
			// Too many tuples: the sum needs none.
			if err := postSum(m, vars, c.Target, n, oneLine); err != nil {
				return nil, fmt.Errorf("%s: %w", c.name(k), err)
			}
			continue
		case errors.Is(err, table.ErrTooLarge):
			return nil, fmt.Errorf("%w: %s, cells %s: %w (a solver limit, not a bad cage)", ErrTooLarge, c.name(k), cellNames(c.Cells), err)
		case err != nil && ctx.Err() != nil:
			return nil, err
		case err != nil:
			return nil, fmt.Errorf("%s: %w", c.name(k), err)
		case count == 0:
			return nil, fmt.Errorf("%w: %s", ErrUnreachable, c.name(k))
		}
		if err := post(); err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			return nil, fmt.Errorf("%s: %w", c.name(k), err)
		}
	}
	return &Model{Model: m, Board: g}, nil
}

// cellNames names cells r1c1 style: "r1c1, r1c2 and r2c1".
func cellNames(cells [][2]int) string {
	names := make([]string, len(cells))
	for i, rc := range cells {
		names[i] = fmt.Sprintf("r%dc%d", rc[0]+1, rc[1]+1)
	}
	return csp.List(names)
}

// sumTuples counts the ways k values of 1..n sum to target, in order,
// ignoring the Latin rule (an upper bound of a + cage's tuples), by
// dynamic programming over the cells; counts past 2^62 saturate there,
// and so does a cage too large to count in about 10^7 steps.
func sumTuples(k, n, target int) int {
	const big = 1 << 62
	switch {
	case target < k || target > k*n:
		return 0
	case k*n*target > 1e7:
		return big
	}
	ways := make([]int, target+1) // ways[s]: sequences so far summing to s
	ways[0] = 1
	for range k {
		next := make([]int, target+1)
		for s, w := range ways {
			if w == 0 {
				continue
			}
			for v := 1; v <= n && s+v <= target; v++ {
				next[s+v] += min(w, big-next[s+v]) // at most big: no overflow
			}
		}
		ways = next
	}
	return ways[target]
}

// postSum posts a + cage of more than one cell as a sum.
func postSum(m *csp.Model, vars []csp.Var, target, n int, oneLine bool) error {
	if k := len(vars); target < k || target > k*n {
		return fmt.Errorf("%w: %d cells of 1..%d sum to %d..%d", ErrUnreachable, k, n, k, k*n)
	}
	if oneLine {
		return linear.PostDistinctSum(m, vars, target, linear.GAC)
	}
	return linear.PostSum(m, vars, linear.Eq, target)
}

// Solve finds a solution of p, checks it with Check, and returns it with
// the search result; the grid is nil when none was found. Build's errors
// come back as they are (ErrUnreachable: no solution).
func Solve(ctx context.Context, p *Puzzle, opt Options, search csp.Options) ([][]int, csp.Result, error) {
	m, err := Build(ctx, p, opt)
	if err != nil {
		return nil, csp.Result{}, err
	}
	return grid.Solve(ctx, m.Model, search, m.Board.Values, func(g [][]int) error { return Check(p, g) })
}

// Count counts the solutions of p up to limit (0: no cap); a limit of 2
// answers "is it unique?". Build's errors come back as they are.
func Count(ctx context.Context, p *Puzzle, opt Options, search csp.Options, limit int64) (csp.Result, error) {
	m, err := Build(ctx, p, opt)
	if err != nil {
		return csp.Result{}, err
	}
	return csp.Count(ctx, m.Model, search, limit), nil
}
