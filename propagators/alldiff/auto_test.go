package alldiff_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
)

// autoLatin is an order-n Latin square, rows and columns all different
// at strength st, with the givens of a random square but for a fraction
// holes of the cells (seed picks both); it returns the model, its cells
// by rows and the givens (0 for a hole).
func autoLatin(t testing.TB, n int, holes float64, seed uint64, st alldiff.Strength) (*csp.Model, [][]csp.Var, [][]int) {
	m := csp.NewModel()
	cells := proptest.Grid(m, n)
	for i := range n {
		row, col := make([]csp.Var, n), make([]csp.Var, n)
		for j := range n {
			row[j], col[j] = cells[i][j], cells[j][i]
		}
		require.NoError(t, alldiff.Post(m, row, st))
		require.NoError(t, alldiff.Post(m, col, st))
	}
	rng := rand.New(rand.NewPCG(seed, seed^7))
	pr, pc, ps := rng.Perm(n), rng.Perm(n), rng.Perm(n)
	givens := make([][]int, n)
	for r := range n {
		givens[r] = make([]int, n)
		for c := range n {
			if rng.Float64() >= holes {
				givens[r][c] = ps[(pr[r]+pc[c])%n] + 1
			}
		}
	}
	return m, cells, givens
}

// pose narrows the root of s to the givens; false when that fails.
func pose(s *csp.Space, cells [][]csp.Var, givens [][]int) bool {
	for r, row := range givens {
		for c, v := range row {
			if v > 0 && !s.Assign(cells[r][c], v) {
				return false
			}
		}
	}
	return true
}

// latinOK reports whether a solution is a Latin square that keeps the
// givens (an independent check).
func latinOK(sol []int, cells [][]csp.Var, givens [][]int) error {
	n := len(cells)
	for i := range n {
		row, col := map[int]bool{}, map[int]bool{}
		for j := range n {
			a, b := sol[cells[i][j]], sol[cells[j][i]]
			if row[a] || col[b] || a < 1 || a > n {
				return fmt.Errorf("line %d repeats a symbol", i)
			}
			row[a], col[b] = true, true
			if g := givens[i][j]; g > 0 && g != a {
				return fmt.Errorf("cell (%d,%d) lost its given", i, j)
			}
		}
	}
	return nil
}

// TestAutoLearnAfterSearch: with learning held back (csp.Options
// LearnAfter), Auto searches exactly as GAC until the switch; after it,
// the solutions it finds are Latin squares that keep the givens, an
// unsatisfiable instance stays so, and a search reused for another
// instance (Reset, the instance posted at the root) runs as a new search
// does, its all-differents back at GAC.
func TestAutoLearnAfterSearch(t *testing.T) {
	ctx := context.Background()
	total := 0
	defer func() { assert.Positive(t, total, "no instance switched to learning") }()
	for _, n := range []int{10, 13, 16} {
		for _, after := range []int64{1, 5, 30} {
			for _, mode := range []csp.SaveMode{csp.Copying, csp.Trailing} {
				name := fmt.Sprintf("order %d/after %d/%s", n, after, mode)
				t.Run(name, func(t *testing.T) {
					o := csp.Options{Var: csp.LiteralActivity, Restarts: csp.Luby, RestartBase: 2, RandomTies: true, Seed: 1,
						SaveMode: mode, Learn: csp.LearnClauses, LearnAfter: after}
					m, cells, _ := autoLatin(t, n, 0, 1, alldiff.Auto)
					reused := csp.NewSearch(m, o)
					switched := 0
					for seed := range uint64(6) {
						_, _, givens := autoLatin(t, n, 0.72, seed, alldiff.Auto)
						if seed%2 == 1 { // a random extra given: maybe no solution
							givens[seed%uint64(n)][(seed*5)%uint64(n)] = int(seed)%n + 1
						}
						// Before the switch: Auto is GAC, node for node.
						mg, cg, _ := autoLatin(t, n, 0, 1, alldiff.GAC)
						held := o
						held.FailLimit = after
						g := csp.NewSearch(mg, held)
						a := csp.NewSearch(m, held)
						require.Equal(t, pose(g.Space(), cg, givens), pose(a.Space(), cells, givens))
						rg, ra := g.Run(ctx, 1, nil), a.Run(ctx, 1, nil)
						assert.Equal(t, rg.Stats.Nodes, ra.Stats.Nodes, "seed %d: Auto is GAC before the switch", seed)
						assert.Equal(t, rg.Solution, ra.Solution)

						// A fresh search, and the reused one.
						fresh := csp.NewSearch(m, o)
						okf := pose(fresh.Space(), cells, givens)
						reused.Reset()
						require.False(t, reused.Space().Tracking())
						okr := pose(reused.Space(), cells, givens)
						require.Equal(t, okf, okr)
						rf, rr := fresh.Run(ctx, 1, nil), reused.Run(ctx, 1, nil)
						if rf.Stats.Conflicts > 0 {
							switched++
						}
						for _, r := range []csp.Result{rf, rr} {
							if r.Solutions > 0 {
								assert.NoError(t, latinOK(r.Solution, cells, givens), "seed %d", seed)
							} else {
								assert.True(t, r.Complete, "seed %d", seed)
							}
						}
						assert.Equal(t, rf.Solution, rr.Solution, "seed %d: a reused search runs as a new one", seed)
						assert.Equal(t, rf.Stats.Nodes, rr.Stats.Nodes, "seed %d", seed)
						assert.Equal(t, rf.Stats.Conflicts, rr.Stats.Conflicts, "seed %d", seed)
					}
					t.Logf("%d of 6 instances switched", switched)
					total += switched
				})
			}
		}
	}
}
