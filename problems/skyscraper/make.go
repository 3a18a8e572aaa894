package skyscraper

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/cspgo/csp/internal/latinsquare"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/internal/author"
)

// MakeRequest asks for a puzzle for people: of size N, graded at Level
// (an index of Ladder.Levels, or len(Ladder.Levels) for one that needs
// search), with one solution, minimal unless NoMinimize, and with edge
// clues alone when NoGivens.
type MakeRequest struct {
	Size, Level int
	NoMinimize  bool
	NoGivens    bool
	Seed        uint64
	Limit       time.Duration // the time allowed (0: none)
	Attempts    int           // the most full grids tried (0: no cap)
}

// Make generates a puzzle as asked: from the clues of a random Latin
// square (with givens added until it has one solution; with NoGivens, a
// square whose clues leave several solutions is dropped instead), clues
// and givens are taken out in a random order while the rules up to the
// level still solve it (or, for search, while it stays unique); the result
// is kept when its grade is exactly the level and, unless NoMinimize, no
// clue or given can go without losing uniqueness; otherwise another square
// is tried. It returns the puzzle, its solution and what it took; same
// seed, same puzzle.
func Make(ctx context.Context, req MakeRequest) (*Puzzle, [][]int, author.Stats, error) {
	n := req.Size
	if n < 1 || n > 9 {
		return nil, nil, author.Stats{}, fmt.Errorf("%w: size %d, the generator makes 1..9", ErrSize, n)
	}
	if req.Level < 0 || req.Level > len(Ladder.Levels) {
		return nil, nil, author.Stats{}, fmt.Errorf("skyscraper: level %d outside 0..%d", req.Level, len(Ladder.Levels))
	}
	rng := rand.New(rand.NewPCG(req.Seed, 0x70e5))
	var sol [][]int
	mk, st, err := author.Make(ctx, rng, author.Request{Level: req.Level, Levels: len(Ladder.Levels), Minimize: !req.NoMinimize, Limit: req.Limit, Attempts: req.Attempts},
		func(rng *rand.Rand) (*making, error) {
			sol = latinsquare.Random(n, rng)
			return newMaking(ctx, sol, rng, !req.NoGivens), nil
		})
	if err != nil {
		return nil, nil, st, err
	}
	return mk.cur, sol, st, nil
}

// making is a puzzle being made: items 0..4N-1 are the clues in clockwise
// order, the others givens.
type making struct {
	ctx    context.Context
	cur    *Puzzle
	cw     []int // the full clockwise clues
	givens [][2]int
	sol    [][]int
}

// newMaking starts from every clue of sol and, when givens is set, as
// many givens (in a random order) as it takes to make the puzzle unique.
func newMaking(ctx context.Context, sol [][]int, rng *rand.Rand, givens bool) *making {
	n := len(sol)
	m := &making{ctx: ctx, cur: FromGrid(sol), sol: sol}
	m.cw = m.cur.Clockwise()
	if !givens {
		return m
	}
	for _, i := range rng.Perm(n * n) {
		if m.Unique() {
			break
		}
		if m.cur.Givens == nil {
			m.cur.Givens = make([][]int, n)
			for r := range m.cur.Givens {
				m.cur.Givens[r] = make([]int, n)
			}
		}
		r, c := i/n, i%n
		m.cur.Givens[r][c] = sol[r][c]
		m.givens = append(m.givens, [2]int{r, c})
	}
	return m
}

func (m *making) Items() int { return len(m.cw) + len(m.givens) }

func (m *making) Set(i int, present bool) {
	if i < len(m.cw) {
		cw := m.cur.Clockwise()
		cw[i] = 0
		if present {
			cw[i] = m.cw[i]
		}
		m.cur.SetClockwise(cw)
		return
	}
	g := m.givens[i-len(m.cw)]
	m.cur.Givens[g[0]][g[1]] = 0
	if present {
		m.cur.Givens[g[0]][g[1]] = m.sol[g[0]][g[1]]
	}
}

var solvesAt, gradeOf = catalog.Grader(Reason, len(Ladder.Levels))

func (m *making) Solves(level int) bool { return solvesAt(m.cur, level) }

func (m *making) Unique() bool {
	u, err := unique(m.ctx, m.cur)
	return err == nil && u
}

func (m *making) Grade() int { return gradeOf(m.cur) }

// clueCount counts p's edge clues.
func clueCount(p *Puzzle) int {
	k := 0
	for _, c := range p.Clockwise() {
		if c != 0 {
			k++
		}
	}
	return k
}

// givenCount counts p's givens.
func givenCount(p *Puzzle) int {
	k := 0
	for _, row := range p.Givens {
		for _, v := range row {
			if v != 0 {
				k++
			}
		}
	}
	return k
}
