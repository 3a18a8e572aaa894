package latin

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

// checkLocalState recounts what the local search keeps up to date move by
// move: every row a permutation with its givens in place, the column
// counts, the clashes and non-candidates, and the list of clashing holes.
func checkLocalState(t *testing.T, inst *Instance, l *LocalSearch) {
	t.Helper()
	n := inst.Order
	for r := range n {
		seen := make([]bool, n+1)
		for c := range n {
			v := l.val[r*n+c]
			require.True(t, v >= 1 && v <= n && !seen[v], "row %d is not a permutation: %v", r, l.val[r*n:(r+1)*n])
			seen[v] = true
			if g := inst.Grid[r][c]; g != 0 {
				require.Equal(t, g, v, "given r%dc%d moved", r+1, c+1)
			}
		}
	}
	cnt := make([]int32, len(l.cnt))
	for k, v := range l.val {
		cnt[k%n*l.stride+v]++
	}
	require.Equal(t, cnt, l.cnt, "column counts")
	for c := range n {
		for v := 1; v <= n; v++ {
			require.Equal(t, cnt[c*l.stride+v], l.sym[v*n+c], "symbol %d's count in column %d", v, c+1)
		}
	}
	for j, k := range l.hcell {
		v := l.val[k]
		require.Equal(t, int32(v), l.hval[j], "slot %d's symbol", j)
		require.Equal(t, int(l.hcol[j]), int(k)%n, "slot %d's column", j)
		require.Equal(t, cnt[int(k)%n*l.stride+v], l.own[j], "slot %d's count", j)
		require.Equal(t, int32(j), l.slot[k], "slot %d's cell", j)
	}
	e, d := l.score()
	require.Equal(t, e, l.e, "clashes")
	require.Equal(t, d, l.d, "non-candidates")
	var want []int
	for k, v := range l.val {
		if inst.Grid[k/n][k%n] == 0 && cnt[k%n*l.stride+v] > 1 {
			want = append(want, k)
		}
	}
	got := slices.Clone(l.clash)
	slices.Sort(got)
	require.True(t, slices.Equal(want, got), "clashing holes: %v, listed %v", want, got)
	require.LessOrEqual(t, l.bestE, l.e, "the best is the least")
}

func TestLocalSearchKeepsItsCounts(t *testing.T) {
	// Gomes's order-33 square, which it takes millions of moves to solve,
	// so that the moves, the returns to the best and the drift all run.
	b, err := os.ReadFile("testdata/gomes/qwh.order33.holes381.txt")
	require.NoError(t, err)
	inst, err := Parse(string(b))
	require.NoError(t, err)
	returns := 0
	for seed := range uint64(3) {
		l, err := NewLocalSearch(inst, seed)
		require.NoError(t, err)
		l.drift = 2 // returns to the best grid every few hundred moves
		checkLocalState(t, inst, l)
		for range 60 {
			require.False(t, l.Run(context.Background(), 331))
			checkLocalState(t, inst, l)
		}
		returns += l.returns
	}
	require.Positive(t, returns, "no return to the best grid was checked")
}

func TestLocalSearchSolves(t *testing.T) {
	cases := []struct {
		n, holes int
		kind     Holes
	}{
		{5, 10, RandomHoles},
		{12, 100, RandomHoles},
		{30, 300, RandomHoles},
		{40, 560, RandomHoles},
		{50, 875, RandomHoles}, // 35% open: the search alone leaves such squares for minutes
		{30, 270, BalancedHoles},
	}
	for _, c := range cases {
		inst, _, err := Generate(c.n, c.holes, c.kind, 77)
		require.NoError(t, err)
		l, err := NewLocalSearch(inst, 1)
		require.NoError(t, err)
		require.True(t, l.Run(context.Background(), 20_000_000), "order %d, %d holes: %d clashes left", c.n, c.holes, l.Clashes())
		require.True(t, l.Solved())
		require.Zero(t, l.Clashes())
		require.NoError(t, Check(inst, l.Grid()), "order %d, %d holes", c.n, c.holes)
	}
}

func TestLocalSearchIsDeterministic(t *testing.T) {
	inst, _, err := Generate(25, 235, BalancedHoles, 5)
	require.NoError(t, err)
	a, err := NewLocalSearch(inst, 3)
	require.NoError(t, err)
	b, err := NewLocalSearch(inst, 3)
	require.NoError(t, err)
	a.Run(context.Background(), 5000)
	b.Run(context.Background(), 2000)
	b.Run(context.Background(), 3000)
	require.Equal(t, a.Moves(), b.Moves())
	require.Equal(t, a.Grid(), b.Grid(), "one Run or two of the same moves")
	require.Equal(t, a.Clashes(), b.Clashes())
}

func TestLocalSearchWithoutCompletion(t *testing.T) {
	// No clash among the givens, and no completion: the hole r1c2 can
	// only take 2, which column 2 already has.
	inst, err := Parse("2\n1 0\n0 2\n")
	require.NoError(t, err)
	l, err := NewLocalSearch(inst, 1)
	require.NoError(t, err)
	require.False(t, l.Run(context.Background(), 10_000))
	require.False(t, l.Solved())
	require.Positive(t, l.Clashes())
	require.Equal(t, [][]int{{1, 2}, {2, 2}}[0], l.Grid()[0])
}

func TestLocalSearchStopsWithItsContext(t *testing.T) {
	inst, _, err := Generate(30, 312, BalancedHoles, 11)
	require.NoError(t, err)
	l, err := NewLocalSearch(inst, 1)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l.Run(ctx, 1<<40)
	require.LessOrEqual(t, l.Moves(), int64(csp.Every), "a done context stops it at its first look")
}

// TestSolveLocal runs Solve with the local search on a square it solves
// first (many holes: the search alone takes minutes there), and with and
// without it on squares the search answers (the peak; no completion): a
// checked grid, the same answer twice, the same status either way,
// LocalSolved only when the local search found the grid.
func TestSolveLocal(t *testing.T) {
	many, _, err := Generate(50, 875, RandomHoles, 3)
	require.NoError(t, err)
	peak, _, err := Generate(30, 312, BalancedHoles, 12) // 1,001 nodes in two stages
	require.NoError(t, err)
	none, err := Parse("2\n1 0\n0 2\n")
	require.NoError(t, err)
	for _, c := range []struct {
		name   string
		inst   *Instance
		status string
		runs   []bool // Local, run by run
	}{
		{"many holes", many, "solved", []bool{true, true}},
		{"peak", peak, "solved", []bool{true, true, false}},
		{"no completion", none, "unsatisfiable", []bool{true, true, false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			search := DefaultSearch
			search.LearnAfter = 50 // both stages, on small squares too
			search.TimeLimit = time.Minute
			grids := make([][][]int, len(c.runs))
			stats := make([]csp.Stats, len(c.runs))
			for i, local := range c.runs {
				opt := DefaultOptions
				opt.Local = local
				g, res, err := Solve(context.Background(), c.inst, opt, search)
				require.NoError(t, err)
				require.Equal(t, c.status, res.Status())
				if g != nil {
					require.NoError(t, Check(c.inst, g))
				}
				grids[i], stats[i] = g, res.Stats
				if !local {
					require.Zero(t, res.Stats.LocalMoves)
					require.False(t, res.Stats.LocalSolved)
				}
			}
			require.Equal(t, grids[0], grids[1], "the same answer twice")
			require.Equal(t, stats[0].Nodes, stats[1].Nodes)
			require.Equal(t, stats[0].LocalMoves, stats[1].LocalMoves)
			// The fewest clashes reported are those of the same local
			// search, seeded alike, after as many moves in one run.
			if stats[0].LocalMoves > 0 {
				alone, err := NewLocalSearch(c.inst, search.Seed)
				require.NoError(t, err)
				alone.Run(context.Background(), stats[0].LocalMoves)
				require.Equal(t, alone.Clashes(), stats[0].LocalClashes)
				require.Equal(t, stats[0].LocalSolved, stats[0].LocalClashes == 0)
			}
			// On two cores, each turn beside the next slice: the answer
			// of one core, the moves the same, at most a slice more.
			two := search
			two.Workers = 2
			for range 2 {
				g, res, err := Solve(context.Background(), c.inst, DefaultOptions, two)
				require.NoError(t, err)
				require.Equal(t, c.status, res.Status())
				require.Equal(t, grids[0], g, "the answer on one core")
				require.Equal(t, stats[0].LocalMoves, res.Stats.LocalMoves)
				require.Equal(t, stats[0].LocalSolved, res.Stats.LocalSolved)
				require.Equal(t, stats[0].LocalClashes, res.Stats.LocalClashes)
				require.GreaterOrEqual(t, res.Stats.Nodes, stats[0].Nodes)
				require.LessOrEqual(t, res.Stats.Nodes, stats[0].Nodes+localSlice)
				require.EqualValues(t, b2i(g != nil), res.Stats.Solutions)
			}
			// With more workers the search has every core, in both stages
			// (the many holes are then beyond it: a short limit).
			three := search
			three.Workers = 3
			three.TimeLimit = 2 * time.Second
			g, res, err := Solve(context.Background(), c.inst, DefaultOptions, three)
			require.NoError(t, err)
			if c.name != "many holes" {
				require.Equal(t, c.status, res.Status())
			}
			if g != nil {
				require.NoError(t, Check(c.inst, g))
			}
			require.Zero(t, res.Stats.LocalMoves)
			require.False(t, res.Stats.LocalSolved)
			switch c.name {
			case "many holes":
				require.True(t, stats[0].LocalSolved, "the local search finds it first")
				require.Positive(t, stats[0].LocalMoves)
			case "peak":
				require.Positive(t, stats[0].LocalMoves, "the search needs more than a slice: the local search runs")
			}
		})
	}
}

func TestLocalMoves(t *testing.T) {
	for _, c := range []struct {
		n     int
		nodes int64
		want  int64
	}{
		{35, 512, 512 * 17},
		{10, 512, 512 * 8}, // at least localMinRate a node
		{50, localGrow - 1, 512 * 25},
		{50, localGrow, 512 * 25 * 2},
		{50, 3 * localGrow, 512 * 25 * 4},
		{50, 1 << 40, 512 * 25 * 4}, // up to localGrowMax times
	} {
		require.Equal(t, c.want, localMoves(c.n, c.nodes), "order %d after %d nodes", c.n, c.nodes)
	}
}

func TestLocalSearchRefusesBadInstances(t *testing.T) {
	for _, c := range []struct {
		name string
		inst *Instance
		want string
	}{
		{"rows", &Instance{Order: 3, Grid: [][]int{{0, 0, 0}, {0, 0, 0}}}, "local search: 2 rows, want 3"},
		{"cells", &Instance{Order: 2, Grid: [][]int{{0, 0}, {0}}}, "row 2 has 1 cells, want 2"},
		{"symbol", &Instance{Order: 2, Grid: [][]int{{0, 3}, {0, 0}}}, "r1c2 holds 3, want 0..2"},
		{"negative", &Instance{Order: 2, Grid: [][]int{{0, 0}, {-1, 0}}}, "r2c1 holds -1"},
		{"clash", &Instance{Order: 3, Grid: [][]int{{1, 0, 1}, {0, 0, 0}, {0, 0, 0}}}, "clash"},
	} {
		l, err := NewLocalSearch(c.inst, 1)
		require.Nil(t, l, c.name)
		require.ErrorContains(t, err, c.want, c.name)
	}
}

// TestSolveLocalTimeLimit: the time limit bounds the search and the local
// search together, staged or not.
func TestSolveLocalTimeLimit(t *testing.T) {
	b, err := os.ReadFile("testdata/gomes/qwh.order35.holes405.txt") // seconds for either
	require.NoError(t, err)
	inst, err := Parse(string(b))
	require.NoError(t, err)
	for _, learnAfter := range []int64{3000, 0} { // staged, and learning from the start
		for _, workers := range []int{0, 2} { // the local search by turns, or beside
			search := DefaultSearch
			search.LearnAfter = learnAfter
			search.Workers = workers
			search.TimeLimit = 300 * time.Millisecond
			start := time.Now()
			_, res, err := Solve(context.Background(), inst, DefaultOptions, search)
			require.NoError(t, err)
			require.Equal(t, "unknown", res.Status(), "learn after %d, workers %d", learnAfter, workers)
			require.Equal(t, csp.TimeLimit, res.Stopped)
			require.Less(t, time.Since(start), 5*time.Second, "learn after %d, workers %d", learnAfter, workers)
		}
	}
}

// gridClashes counts the pairs of cells of a column of g with the same
// symbol.
func gridClashes(g [][]int) int {
	e := 0
	for c := range g {
		seen := map[int]int{}
		for r := range g {
			e += seen[g[r][c]]
			seen[g[r][c]]++
		}
	}
	return e
}

func TestLocalSearchStartsAfresh(t *testing.T) {
	b, err := os.ReadFile("testdata/gomes/qwh.order33.holes381.txt")
	require.NoError(t, err)
	inst, err := Parse(string(b))
	require.NoError(t, err)
	const every = 5000
	l, err := NewLocalSearch(inst, 2)
	require.NoError(t, err)
	l.every = every
	plain, err := NewLocalSearch(inst, 2) // no restart within these moves
	require.NoError(t, err)

	// The first start makes the moves of a search without restarts.
	require.False(t, l.Run(context.Background(), every-1))
	require.False(t, plain.Run(context.Background(), every-1))
	require.Equal(t, plain.val, l.val)
	require.Equal(t, plain.Clashes(), l.Clashes())

	// The next move ends the first start: a first grid again, and the
	// tabu list, the drift and the returns as new; the nearest grid of
	// the first start is kept.
	near, nearGrid := l.Clashes(), l.Grid()
	require.False(t, l.Run(context.Background(), 1))
	require.Equal(t, int64(every), l.began)
	require.Equal(t, l.e, l.bestE, "a fresh start's best is its first grid")
	require.Greater(t, l.e, near, "the first grid of a start is far from the nearest")
	require.Equal(t, near, l.Clashes())
	require.Equal(t, nearGrid, l.Grid())
	require.Zero(t, l.since)
	require.Zero(t, l.returns)
	require.Equal(t, localDrift, l.drift)
	require.False(t, slices.ContainsFunc(l.tabu, func(x int32) bool { return x != 0 }), "the tabu list is cleared")
	checkLocalState(t, inst, l)

	// Over many starts the counts stay right, and Clashes and Grid give
	// the nearest grid of all of them.
	last := l.Clashes()
	for range 40 {
		require.False(t, l.Run(context.Background(), 1700))
		checkLocalState(t, inst, l)
		require.Less(t, l.moves-l.began, int64(every))
		require.LessOrEqual(t, l.Clashes(), last)
		last = l.Clashes()
		require.Equal(t, last, gridClashes(l.Grid()))
	}
	require.Greater(t, l.began, int64(10*every), "not many starts")

	// The same moves in one Run or in many.
	again, err := NewLocalSearch(inst, 2)
	require.NoError(t, err)
	again.every = every
	again.Run(context.Background(), l.Moves())
	require.Equal(t, l.val, again.val)
	require.Equal(t, l.Grid(), again.Grid())
}

func TestLocalSearchSolvesAfterStartingAfresh(t *testing.T) {
	// A balanced order-30 square the first start does not complete
	// within its first 2,000 moves: a later start finds it.
	inst, _, err := Generate(30, 300, BalancedHoles, 5)
	require.NoError(t, err)
	l, err := NewLocalSearch(inst, 1)
	require.NoError(t, err)
	l.every = 2000
	require.True(t, l.Run(context.Background(), 20_000_000), "%d clashes left", l.Clashes())
	require.Positive(t, l.began, "solved within the first start")
	require.Zero(t, l.Clashes())
	require.NoError(t, Check(inst, l.Grid()))
}
