package latin

import (
	"context"
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// Options choose how the model propagates. The zero value posts GAC
// all-different on rows and columns.
type Options struct {
	AllDiff alldiff.Strength
	// NoSymbols drops the third view of the square. By default the model
	// also posts, for every symbol, that its cells form a permutation matrix
	// (one per row and column) at GAC strength: implied by the rows and
	// columns, but stronger in propagation (the "tri-channelled" model of
	// Dotú, del Val and Cebrián, CP 2003). It is only posted with GAC.
	NoSymbols bool
}

// Model is a Latin-square completion problem as constraints.
type Model struct {
	*csp.Model
	Order int
	Cells [][]csp.Var // Cells[r][c] ranges over 1..Order
}

// Build makes the model of inst: one variable per cell, the givens fixed,
// every row and column all different.
func Build(inst *Instance, opt Options) *Model {
	n := inst.Order
	m := &Model{Model: csp.NewModel(), Order: n, Cells: make([][]csp.Var, n)}
	for r := range n {
		m.Cells[r] = make([]csp.Var, n)
		for c := range n {
			name := fmt.Sprintf("r%dc%d", r+1, c+1)
			if v := inst.Grid[r][c]; v != 0 {
				m.Cells[r][c] = m.NewIntVar(v, v, name)
			} else {
				m.Cells[r][c] = m.NewIntVar(1, n, name)
			}
		}
	}
	for r := range n {
		alldiff.Post(m.Model, m.Cells[r], opt.AllDiff)
	}
	col := make([]csp.Var, n)
	for c := range n {
		for r := range n {
			col[r] = m.Cells[r][c]
		}
		alldiff.Post(m.Model, col, opt.AllDiff)
	}
	if opt.AllDiff == alldiff.GAC && !opt.NoSymbols && n > 2 {
		for v := 1; v <= n; v++ {
			alldiff.PostPermutationMatrix(m.Model, m.Cells, v)
		}
	}
	return m
}

// Grid reads a solution (values indexed by Var) as rows.
func (m *Model) Grid(values []int) [][]int {
	g := make([][]int, m.Order)
	for r := range g {
		g[r] = make([]int, m.Order)
		for c := range g[r] {
			g[r][c] = values[m.Cells[r][c]]
		}
	}
	return g
}

// ErrInvalid is what Check returns (wrapped) for a grid that is not a
// completion of the instance.
var ErrInvalid = errors.New("latin: not a valid completion")

// Check verifies, independently of the model and its propagators, that
// grid completes inst: the right shape, every row and column a permutation
// of 1..N, every given kept.
func Check(inst *Instance, grid [][]int) error {
	n := inst.Order
	if len(grid) != n {
		return fmt.Errorf("%w: %d rows, want %d", ErrInvalid, len(grid), n)
	}
	for r := range n {
		if len(grid[r]) != n {
			return fmt.Errorf("%w: row %d has %d cells, want %d", ErrInvalid, r+1, len(grid[r]), n)
		}
		for c := range n {
			v := grid[r][c]
			if v < 1 || v > n {
				return fmt.Errorf("%w: r%dc%d holds %d, want 1..%d", ErrInvalid, r+1, c+1, v, n)
			}
			if g := inst.Grid[r][c]; g != 0 && g != v {
				return fmt.Errorf("%w: r%dc%d holds %d, the given is %d", ErrInvalid, r+1, c+1, v, g)
			}
		}
	}
	for i := range n {
		row, col := make([]bool, n+1), make([]bool, n+1)
		for j := range n {
			if row[grid[i][j]] {
				return fmt.Errorf("%w: %d twice in row %d", ErrInvalid, grid[i][j], i+1)
			}
			if col[grid[j][i]] {
				return fmt.Errorf("%w: %d twice in column %d", ErrInvalid, grid[j][i], i+1)
			}
			row[grid[i][j]], col[grid[j][i]] = true, true
		}
	}
	return nil
}

// Solve finds a completion of inst, checks it, and returns it with the
// search result. The grid is nil when none was found.
func Solve(ctx context.Context, inst *Instance, opt Options, search csp.Options) ([][]int, csp.Result, error) {
	m := Build(inst, opt)
	res := csp.Solve(ctx, m.Model, search)
	if res.Solution == nil {
		return nil, res, nil
	}
	g := m.Grid(res.Solution)
	if err := Check(inst, g); err != nil {
		return nil, res, fmt.Errorf("internal error: the engine's solution fails the checker: %w", err)
	}
	return g, res, nil
}
