package latin

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/latinsquare"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/internal/author"
	"github.com/cspgo/csp/propagators/alldiff"
)

// MakeRequest asks for a completion puzzle for people: order N, graded at
// Level (an index of Ladder.Levels, or len(Ladder.Levels) for one that
// needs search), one solution, and minimal unless NoMinimize.
type MakeRequest struct {
	Order, Level int
	NoMinimize   bool
	Seed         uint64
	Limit        time.Duration // the time allowed (0: none)
	Attempts     int           // the most full grids tried (0: no cap)
}

// Make generates a puzzle as asked: from a random Latin square
// (Jacobson–Matthews), givens are taken out in a random order while the
// rules up to the level still solve it (for search: while it stays
// unique); the result is kept when its grade is exactly the level and,
// unless NoMinimize, no given can go without losing uniqueness; otherwise
// another square is tried. Same seed, same puzzle.
func Make(ctx context.Context, req MakeRequest) (*Instance, [][]int, author.Stats, error) {
	n := req.Order
	if n < 1 || n > MaxReasonOrder {
		return nil, nil, author.Stats{}, fmt.Errorf("latin: order %d, the generator makes 1..%d", n, MaxReasonOrder)
	}
	if req.Level < 0 || req.Level > len(Ladder.Levels) {
		return nil, nil, author.Stats{}, fmt.Errorf("latin: level %d outside 0..%d", req.Level, len(Ladder.Levels))
	}
	at := func(cells []int) *Instance {
		inst := &Instance{Order: n, Grid: make([][]int, n)}
		for r := range n {
			inst.Grid[r] = append([]int(nil), cells[r*n:(r+1)*n]...)
		}
		return inst
	}
	unique := func(cells []int) bool {
		m, err := Build(ctx, at(cells), Options{AllDiff: alldiff.GAC})
		if err != nil {
			return false
		}
		res := csp.Count(ctx, m.Model, csp.Options{Var: csp.DomWDeg, Val: csp.ValMin}, 2)
		return res.Complete && res.Solutions == 1
	}
	solvesP, gradeP := catalog.Grader(Reason, len(Ladder.Levels))
	solves := func(cells []int, level int) bool { return solvesP(at(cells), level) }
	grade := func(cells []int) int { return gradeP(at(cells)) }
	rng := rand.New(rand.NewPCG(req.Seed, 0x1a71))
	mk, st, err := author.Make(ctx, rng, author.Request{Level: req.Level, Levels: len(Ladder.Levels), Minimize: !req.NoMinimize, Limit: req.Limit, Attempts: req.Attempts},
		func(rng *rand.Rand) (*author.Cells, error) {
			var sol []int
			for _, row := range latinsquare.Random(n, rng) {
				sol = append(sol, row...)
			}
			return author.NewCells(sol, solves, unique, grade), nil
		})
	if err != nil {
		return nil, nil, st, err
	}
	return at(mk.Cur), at(mk.Solution).Grid, st, nil
}
