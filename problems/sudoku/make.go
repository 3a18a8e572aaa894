package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/internal/author"
)

// MakeRequest asks for a puzzle for people: boxes of BoxRows x BoxCols,
// graded at Level (an index of Ladder.Levels, or len(Ladder.Levels) for
// one that needs search), one solution, and minimal unless NoMinimize.
type MakeRequest struct {
	BoxRows, BoxCols, Level int
	NoMinimize              bool
	Seed                    uint64
	Limit                   time.Duration // the time allowed (0: none)
	Attempts                int           // the most full grids tried (0: no cap)
}

// Make generates a classic puzzle as asked: from a random full grid
// (fullGrid: any valid grid can come out, not only the shuffles of one
// pattern), givens are taken out in a random order
// while the rules up to the level still solve it (for search: while it
// stays unique); the result is kept when its grade is exactly the level
// and, unless NoMinimize, no given can go without losing uniqueness;
// otherwise another grid is tried. Same seed, same puzzle.
func Make(ctx context.Context, req MakeRequest) (*Puzzle, []int, author.Stats, error) {
	if req.Level < 0 || req.Level > len(Ladder.Levels) {
		return nil, nil, author.Stats{}, fmt.Errorf("sudoku: level %d outside 0..%d", req.Level, len(Ladder.Levels))
	}
	if _, _, err := Random(req.BoxRows, req.BoxCols, 0, 0); err != nil {
		return nil, nil, author.Stats{}, err
	}
	solver, err := NewSolver(req.BoxRows, req.BoxCols, DefaultOptions,
		csp.Options{Var: csp.MinDomain, Val: csp.ValMin})
	if err != nil {
		return nil, nil, author.Stats{}, err
	}
	at := func(cells []int) *Puzzle { return &Puzzle{BoxRows: req.BoxRows, BoxCols: req.BoxCols, Cells: cells} }
	unique := func(cells []int) bool {
		res, err := solver.Count(ctx, at(cells), 2)
		return err == nil && res.Complete && res.Solutions == 1
	}
	solvesP, gradeP := gradeFuncs()
	solves := func(cells []int, level int) bool { return solvesP(at(cells), level) }
	grade := func(cells []int) int { return gradeP(at(cells)) }
	rng := rand.New(rand.NewPCG(req.Seed, 0x5d0d))
	mk, st, err := author.Make(ctx, rng, author.Request{Level: req.Level, Levels: len(Ladder.Levels), Minimize: !req.NoMinimize, Limit: req.Limit, Attempts: req.Attempts},
		func(rng *rand.Rand) (*author.Cells, error) {
			sol, err := fullGrid(ctx, req.BoxRows, req.BoxCols, rng.Uint64())
			if err != nil {
				return nil, err
			}
			return author.NewCells(sol, solves, unique, grade), nil
		})
	if err != nil {
		return nil, nil, st, err
	}
	return at(append([]int(nil), mk.Cur...)), mk.Solution, st, nil
}

// Givens counts p's givens.
func (p *Puzzle) Givens() int {
	k := 0
	for _, v := range p.Cells {
		if v != 0 {
			k++
		}
	}
	return k
}

// gradeFuncs are the ladder's questions a generator asks of a puzzle.
func gradeFuncs() (solves func(*Puzzle, int) bool, grade func(*Puzzle) int) {
	return catalog.Grader(Reason, len(Ladder.Levels))
}

// fullGrid returns a random full grid with boxes of rows x cols: the
// first solution of the empty grid under a search that picks values at
// random (seeded, so the same seed gives the same grid), with restarts.
func fullGrid(ctx context.Context, rows, cols int, seed uint64) ([]int, error) {
	s, err := NewSolver(rows, cols, DefaultOptions, csp.Options{Var: csp.MinDomain, Val: csp.ValRandom, RandomTies: true,
		Restarts: csp.Luby, RestartBase: 100, Seed: seed})
	if err != nil {
		return nil, err
	}
	n := rows * cols
	sol, _, err := s.Solve(ctx, &Puzzle{BoxRows: rows, BoxCols: cols, Cells: make([]int, n*n)})
	if err != nil {
		return nil, err
	}
	if sol == nil {
		return nil, fmt.Errorf("sudoku: no full grid found (stopped)")
	}
	return append([]int(nil), sol...), nil
}
