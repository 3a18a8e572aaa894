package latin

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/problems/internal/square"
)

// LocalSearch completes a Latin square by local search: incomplete (it
// never proves that no completion exists, and may miss one that does), but
// on large squares with many holes it finds a completion where the
// complete search, learning or not, runs for minutes (docs/BENCHMARKS.md,
// "Issue 18: local search beside the learning search").
//
// It keeps every row a permutation of its symbols, the givens in place
// and the row's missing symbols on its holes, so that only columns can
// clash, and counts the clashes: the pairs of cells of a column that hold
// the same symbol. A move swaps the symbols of two holes of a row, one of
// them clashing; each step makes the move that removes the most clashes,
// ties broken by the fewest holes holding a symbol already given in their
// row or column, and at random after that. A tabu list (Glover; as in
// Galinier and Hao's TabuCol) keeps a hole from getting back the symbol it
// just gave up for a number of steps that grows with the clashes left,
// unless that makes the best grid yet; when the grid has drifted more
// than a few clashes above the best, the search goes back to the best and
// forgets the list; and after a long run without a completion
// (localRestart moves) it makes a first grid again and starts afresh,
// keeping the nearest grid of all its starts. It follows the tabu
// searches of Jin and Hao ("Solving the Latin square completion problem
// by memetic graph coloring", IEEE TEC 2019) and Xie et al. ("A swap
// relaxation-based local search for the Latin square completion
// problem", IJCAI 2024), without the former's population and crossover,
// and without the candidates' reduction by propagation that both make
// first.
//
// The search is deterministic: the same instance, seed and budgets give
// the same moves. Run continues where the last Run stopped.
type LocalSearch struct {
	n      int
	stride int     // n+1: symbols are 1..n
	slot   []int32 // cell -> its index among the holes (-1 for a given)
	cand   []bool  // slot*stride + v: v is not given in the hole's row or column
	val    []int   // the current grid, row-major
	cnt    []int32 // column*stride + v: how many cells of the column hold v
	sym    []int32 // v*n + column: cnt again, symbol by symbol
	// The holes by slot (numbered row by row, so that a row's holes are
	// the slots rowLo[r] to rowLo[r+1]-1): column, cell, symbol held and
	// that symbol's count in the column, kept so that the move evaluation
	// reads them in order.
	rowLo    []int32
	hcol     []int32
	hcell    []int32
	hval     []int32
	own      []int32
	colHoles [][]int32 // column -> its holes' slots, top to bottom
	tabu     []int32   // slot*stride + v: the value of since until which v is tabu there
	clash    []int     // the holes whose symbol clashes in their column
	at       []int32   // cell -> its index in clash, -1 when not there
	best     []int
	rng      *rand.Rand
	missing  [][]int // each row's symbols not given in it, for a first grid
	// The nearest grid of every start (Clashes, Grid), the latest among
	// equals as best is: best is only the current start's, and is the
	// nearest while topHere (top is then not kept up to date).
	top     []int
	topE    int
	topHere bool
	began   int64 // the value of moves when the current start was made
	every   int64 // moves from a start before the search starts afresh (localRestart)

	e, d         int // clashes (pairs), and holes holding a non-candidate
	bestE, bestD int
	moves        int64 // moves made, over every Run
	since        int32 // moves since the tabu list was last cleared
	drift        int   // how far above the best the grid may drift
	returns      int
}

// localDrift is how many clashes above the best the search may drift
// before it goes back to the best grid; it grows by one every
// localDriftEvery returns, up to localDriftMax, so that a search stuck
// near one grid ranges a little wider.
const (
	localForget     = 1 << 29 // moves after which the tabu list starts afresh, its stamps kept in 32 bits
	localDrift      = 10
	localDriftMax   = 15
	localDriftEvery = 1000
)

// localRestart is how many moves the search makes from one first grid
// before it makes another (the random choices going on) and starts
// afresh. On the hardest balanced square measured, fresh starts cut there
// completed it several times where the long runs' moves past that point
// never did; on squares where the moves to a completion are memoryless,
// a cut this long neither helps nor hurts; and every square the search
// was measured to complete it completed within one start, by the same
// moves as before the cut existed (docs/BENCHMARKS.md, "Issue 18: the
// local search starts afresh").
const localRestart = 250_000_000

// errLocalShape is what NewLocalSearch's error wraps for a grid of the
// wrong shape or with a symbol out of range.
var errLocalShape = errors.New("latin: local search")

// NewLocalSearch returns a local search of inst with its random choices
// drawn from seed, its first grid already made: each row's missing symbols
// placed greedily on its holes, every hole taking, among the symbols left,
// one that clashes least. Its pencil marks, if any, are not read. An
// instance whose grid is not Order rows of Order symbols in 0..Order, or
// whose givens repeat in a row or column (Instance.Clash), has no local
// search: the error says where.
func NewLocalSearch(inst *Instance, seed uint64) (*LocalSearch, error) {
	n := inst.Order
	if err := square.Shape(inst.Grid, n, 0, errLocalShape); err != nil {
		return nil, err
	}
	if err := inst.Clash(); err != nil {
		return nil, err
	}
	l := &LocalSearch{n: n, stride: n + 1, rng: rand.New(rand.NewPCG(seed, 0x1a71))}
	l.val = make([]int, n*n)
	l.slot = make([]int32, n*n)
	l.at = make([]int32, n*n)
	open := make([][]int, n) // each row's holes, left to right
	rowHas := make([]bool, n*l.stride)
	colHas := make([]bool, n*l.stride)
	holes := 0
	for r, row := range inst.Grid {
		for c, v := range row {
			k := r*n + c
			l.val[k] = v
			l.slot[k] = -1
			l.at[k] = -1
			if v == 0 {
				l.slot[k] = int32(holes)
				holes++
				open[r] = append(open[r], k)
				continue
			}
			rowHas[r*l.stride+v] = true
			colHas[c*l.stride+v] = true
		}
	}
	l.cand = make([]bool, holes*l.stride)
	for r := range n {
		for _, k := range open[r] {
			s := int(l.slot[k]) * l.stride
			for v := 1; v <= n; v++ {
				l.cand[s+v] = !rowHas[r*l.stride+v] && !colHas[k%n*l.stride+v]
			}
		}
	}
	l.cnt = make([]int32, n*l.stride)
	l.sym = make([]int32, l.stride*n)
	l.rowLo = make([]int32, n+1)
	l.hcol, l.hcell = make([]int32, holes), make([]int32, holes)
	l.hval, l.own = make([]int32, holes), make([]int32, holes)
	l.colHoles = make([][]int32, n)
	for r := range n {
		l.rowLo[r+1] = l.rowLo[r] + int32(len(open[r]))
		for _, k := range open[r] {
			j := l.slot[k]
			l.hcol[j], l.hcell[j] = int32(k%n), int32(k)
			l.colHoles[k%n] = append(l.colHoles[k%n], j)
		}
	}
	l.tabu = make([]int32, holes*l.stride)
	l.clash = make([]int, 0, holes)
	l.missing = make([][]int, n)
	for r := range n {
		for v := 1; v <= n; v++ {
			if !rowHas[r*l.stride+v] {
				l.missing[r] = append(l.missing[r], v)
			}
		}
	}
	l.best = make([]int, n*n)
	l.top = make([]int, n*n)
	l.topE = -1
	l.every = localRestart
	l.start()
	return l, nil
}

// start makes a first grid and starts the search from it, its tabu list
// and drift as new: each row's missing symbols placed greedily on its
// holes, taken in a random order, every hole taking, among the symbols
// left, one that clashes least in its column.
func (l *LocalSearch) start() {
	n := l.n
	if l.topHere {
		copy(l.top, l.best)
		l.topHere = false
	}
	for _, k := range l.hcell {
		l.val[k] = 0
	}
	clear(l.cnt)
	for k, v := range l.val { // the givens, holes 0
		if v != 0 {
			l.cnt[k%n*l.stride+v]++
		}
	}
	missing := make([]int, 0, n)
	order := make([]int, 0, n)
	for r := range n {
		missing = append(missing[:0], l.missing[r]...)
		order = order[:0]
		for j := l.rowLo[r]; j < l.rowLo[r+1]; j++ {
			order = append(order, int(l.hcell[j]))
		}
		l.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, k := range order {
			// The symbol left that clashes least in k's column, a
			// non-candidate last among equals, ties at random.
			bi, bs, ties := -1, 0, 0
			for i, v := range missing {
				s := 2 * int(l.cnt[k%n*l.stride+v])
				if !l.isCand(k, v) {
					s++
				}
				switch {
				case bi < 0 || s < bs:
					bi, bs, ties = i, s, 1
				case s == bs:
					ties++
					if l.rng.IntN(ties) == 0 {
						bi = i
					}
				}
			}
			v := missing[bi]
			missing[bi] = missing[len(missing)-1]
			missing = missing[:len(missing)-1]
			l.val[k] = v
			l.cnt[k%n*l.stride+v]++
		}
	}
	copy(l.best, l.val)
	l.recount()
	l.bestE, l.bestD = l.e, l.d
	l.keep()
	clear(l.tabu)
	l.since = 0
	l.drift = localDrift
	l.returns = 0
	l.began = l.moves
}

// keep makes the current start's best grid the nearest of every start
// when it has as few clashes.
func (l *LocalSearch) keep() {
	if l.topE < 0 || l.bestE <= l.topE {
		l.topE, l.topHere = l.bestE, true
	}
}

// isCand reports whether symbol v is a candidate of hole k: given neither
// in its row nor in its column.
func (l *LocalSearch) isCand(k, v int) bool { return l.cand[int(l.slot[k])*l.stride+v] }

// score counts the current grid's clashes and non-candidates.
func (l *LocalSearch) score() (e, d int) {
	for _, x := range l.cnt {
		e += int(x) * int(x-1) / 2
	}
	for _, k := range l.hcell {
		if !l.isCand(int(k), l.val[k]) {
			d++
		}
	}
	return e, d
}

// recount makes the counts, the holes' mirrors, the clashes, the
// non-candidates and the clash list again from the grid.
func (l *LocalSearch) recount() {
	n, w := l.n, l.stride
	clear(l.cnt)
	clear(l.sym)
	for k, v := range l.val {
		l.cnt[k%n*w+v]++
		l.sym[v*n+k%n]++
	}
	l.e, l.d = l.score()
	l.clash = l.clash[:0]
	for j, k := range l.hcell {
		v := l.val[k]
		l.hval[j] = int32(v)
		l.own[j] = l.cnt[int(l.hcol[j])*w+v]
		l.at[k] = -1
		if l.own[j] > 1 {
			l.at[k] = int32(len(l.clash))
			l.clash = append(l.clash, int(k))
		}
	}
}

// updateColumn brings the clash list up to date on column c's holes after
// a swap of symbols x and y: only the holes holding one of them can have
// changed (no other count of the column moved), so the others are passed
// over.
func (l *LocalSearch) updateColumn(c int, x, y int32) {
	col := l.cnt[c*l.stride : (c+1)*l.stride]
	for _, j := range l.colHoles[c] {
		v := l.hval[j]
		if v != x && v != y {
			continue
		}
		k := int(l.hcell[j])
		o := col[v]
		l.own[j] = o
		in := o > 1
		switch {
		case in && l.at[k] < 0:
			l.at[k] = int32(len(l.clash))
			l.clash = append(l.clash, k)
		case !in && l.at[k] >= 0:
			last := l.clash[len(l.clash)-1]
			l.clash[l.at[k]] = last
			l.at[last] = l.at[k]
			l.clash = l.clash[:len(l.clash)-1]
			l.at[k] = -1
		}
	}
}

// Solved reports whether the current grid is a completion of the instance.
func (l *LocalSearch) Solved() bool { return l.e == 0 }

// Clashes returns the fewest clashes (pairs of cells of a column with the
// same symbol) of any grid the search has made: 0 once it has solved the
// instance.
func (l *LocalSearch) Clashes() int { return l.topE }

// Moves returns the moves made over every Run.
func (l *LocalSearch) Moves() int64 { return l.moves }

// Grid returns the best grid made so far as rows (a completion when
// Clashes is 0), a copy the caller may keep.
func (l *LocalSearch) Grid() [][]int {
	src := l.top
	if l.topHere {
		src = l.best
	}
	if l.e == 0 {
		src = l.val
	}
	g := make([][]int, l.n)
	for r := range g {
		g[r] = append([]int(nil), src[r*l.n:(r+1)*l.n]...)
	}
	return g
}

// Run makes up to moves more moves, fewer when it solves the instance or
// ctx is done (looked at every 1,024 moves), and reports whether the
// instance is solved.
func (l *LocalSearch) Run(ctx context.Context, moves int64) bool {
	n, w := l.n, l.stride
	done := ctx.Done()
	for step := int64(0); step < moves && l.e > 0; step++ {
		if step%csp.Every == csp.Every-1 && done != nil {
			select {
			case <-done:
				return false
			default:
			}
		}
		l.moves++
		if l.since == localForget {
			clear(l.tabu) // every tenure has long run out
			l.since = 0
		}
		l.since++
		now := l.since
		be, bd, ba, bb, ties := 0, 0, -1, -1, 0
		for _, a := range l.clash {
			ja := int(l.slot[a])
			x, r := int(l.hval[ja]), a/n
			sa := ja * w
			// A swap of a and b (holding y, in column cb) changes the
			// clashes by colA[y] - colA[x] + symX[cb] - own[b] + 2.
			colA := l.cnt[int(l.hcol[ja])*w : int(l.hcol[ja]+1)*w]
			symX := l.sym[x*n : (x+1)*n]
			base := int(colA[x]) - 2
			candA, tabuA := l.cand[sa:sa+w], l.tabu[sa:sa+w]
			nonA := b2i(!candA[x])
			lo, hi := int(l.rowLo[r]), int(l.rowLo[r+1])
			hval, hcol, own := l.hval[lo:hi], l.hcol[lo:hi], l.own[lo:hi]
			hcol = hcol[:len(hval)]
			own = own[:len(hval)]
			for i, y := range hval {
				jb := lo + i
				if jb == ja {
					continue
				}
				de := int(colA[y]) - base + int(symX[hcol[i]]) - int(own[i])
				if ba >= 0 && de > be {
					continue
				}
				sb := jb * w
				if (tabuA[y] > now || l.tabu[sb+x] > now) && l.e+de >= l.bestE {
					continue // tabu, and not a new best
				}
				dd := b2i(!candA[y]) + b2i(!l.cand[sb+x]) - nonA - b2i(!l.cand[sb+int(y)])
				b := int(l.hcell[jb])
				switch {
				case ba < 0 || de < be || dd < bd:
					be, bd, ba, bb, ties = de, dd, a, b, 1
				case dd == bd:
					ties++
					if l.rng.IntN(ties) == 0 {
						ba, bb = a, b
					}
				}
			}
		}
		if ba < 0 {
			continue // every move tabu: wait for one to be freed
		}
		l.swap(ba, bb, be, bd, now)
		if l.e < l.bestE || l.e == l.bestE && l.d <= l.bestD {
			l.bestE, l.bestD = l.e, l.d
			copy(l.best, l.val)
			l.keep()
		}
		if l.e-l.bestE > l.drift {
			l.back()
		}
		if l.e > 0 && l.moves-l.began >= l.every {
			l.start()
		}
	}
	return l.e == 0
}

// swap exchanges the symbols of holes a and b of one row, which changes
// the clashes by de and the non-candidates by dd, and makes a's old
// symbol tabu at a (and b's at b, when it clashed) for a tenure of 0.4
// times the clashes plus 1 to 10 moves, as TabuCol's.
func (l *LocalSearch) swap(a, b, de, dd int, now int32) {
	n, w := l.n, l.stride
	x, y := l.val[a], l.val[b]
	ca, cb := a%n, b%n
	bClashed := l.cnt[cb*w+y] > 1
	l.cnt[ca*w+x]--
	l.cnt[ca*w+y]++
	l.cnt[cb*w+y]--
	l.cnt[cb*w+x]++
	l.sym[x*n+ca]--
	l.sym[y*n+ca]++
	l.sym[y*n+cb]--
	l.sym[x*n+cb]++
	l.val[a], l.val[b] = y, x
	l.hval[l.slot[a]], l.hval[l.slot[b]] = int32(y), int32(x)
	tenure := now + int32(min(2*l.e/5, localForget)) + 1
	l.tabu[int(l.slot[a])*w+x] = tenure + int32(l.rng.IntN(10))
	if bClashed {
		l.tabu[int(l.slot[b])*w+y] = tenure + int32(l.rng.IntN(10))
	}
	l.e += de
	l.d += dd
	l.updateColumn(ca, int32(x), int32(y))
	l.updateColumn(cb, int32(x), int32(y))
}

// back returns to the best grid and clears the tabu list.
func (l *LocalSearch) back() {
	copy(l.val, l.best)
	l.recount()
	clear(l.tabu)
	l.since = 0
	l.returns++
	if l.drift < localDriftMax && l.returns%localDriftEvery == 0 {
		l.drift++
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// localFor reports whether Solve runs the local search beside search
// (Options.Local): one search for one solution, depth first, on an
// instance without pencil marks (which the local search does not read),
// on one core, or on two (Workers 2: the search on one, the local search
// on the other). More workers and portfolios keep their cores to the
// search.
func localFor(inst *Instance, o Options, search csp.Options) bool {
	return o.Local && inst.Marks == nil && search.Workers <= 2 && len(search.Portfolio) == 0 &&
		search.Order == csp.DepthFirst
}

// The interleaving of solveLocal: the search runs localSlice nodes, then
// the local search localMoves moves, by turns. At first that is n/localRate
// moves a node of the search on a square of order n (at least
// localMinRate): a node of the learning search costs as much as 70 to
// 200 moves on orders 30-50, so the local search takes an eighth to a
// quarter of the time, which the instances at the hardness peak, answered
// by the search in seconds, can spare. The longer the search goes without an
// answer, the larger the local search's share: its moves a node grow by
// the first rate every localGrow nodes, up to localGrowMax times it (about
// half the time), since an instance that has kept the search busy that
// long is more often one that only the local search finishes (the
// balanced squares of order 50 and 60) than one to refute; a refutation
// then takes up to twice its time alone. Counting nodes and moves, not
// time, keeps the answer the same from run to run (docs/BENCHMARKS.md,
// "Issue 18: local search beside the learning search").
const (
	localSlice   = 512
	localRate    = 2
	localMinRate = 8
	localGrow    = 1 << 18
	localGrowMax = 4
)

// localMoves returns the moves of the local search's turn on a square of
// order n after a slice of the search that ended nodes nodes into it.
func localMoves(n int, nodes int64) int64 {
	return localSlice * max(int64(n/localRate), localMinRate) * min(1+nodes/localGrow, localGrowMax)
}

// localRun is the local search of one Solve, made at the end of its
// first slice and carried from stage to stage, with the caller's Workers,
// which decide for both stages whether and how it runs (the plain start
// of a staged solve is one search whatever the caller's Workers).
type localRun struct {
	ls      *LocalSearch
	workers int
}

// solveSearch solves inst with run.Search, beside loc's local search when
// localFor says so for the caller's Workers (solveLocal: on a core of its
// own with two), else as solveModel does.
func solveSearch(ctx context.Context, inst *Instance, o settings, run catalog.Run, reusable bool, loc *localRun) ([][]int, csp.Result, error) {
	caller := run.Search
	caller.Workers = loc.workers
	if !localFor(inst, o.Options, caller) {
		return solveModel(ctx, inst, o, run, reusable)
	}
	beside := loc.workers == 2
	run.Search.Workers = 0
	return solveLocal(ctx, inst, o, run, reusable, loc, beside)
}

// solveLocal is solveModel with the search run in slices of localSlice
// nodes and loc's LocalSearch run between them (made, seeded with the
// search's Seed, when the first slice ends without an answer), until
// either answers or a limit of the search stops both: the time limit as
// one clock for the two, the node and failure limits the search's. An
// instance the search answers within its first slice costs what it costs
// without the local search (on the worker's reused model, no allocation).
// The grid either finds is checked before it is returned; the result's
// statistics are the search's, with the local search's moves made in this
// call, the fewest clashes it has reached and, when it found the grid,
// LocalSolved.
//
// With beside, each turn of the local search runs on a core of its own
// while the search runs its next slice, and the two wait for each other
// before the next pair: the turn comes first, so that a grid it finds is
// the answer even when the slice beside it finds one too (the turn then
// cuts the slice short). The answer is the one solveLocal gives on one
// core, in the time of the longer of each pair; the statistics count what
// the slice beside the turn that answers had searched.
func solveLocal(ctx context.Context, inst *Instance, o settings, run catalog.Run, reusable bool, loc *localRun, beside bool) ([][]int, csp.Result, error) {
	start := time.Now()
	check := func(g [][]int) error { return Check(inst, g) }
	var r *catalog.Reused[*Model]
	var m *Model
	var e *csp.Search
	var err error
	if reusable && run.Reusable() {
		if r, err = reuse(ctx, inst, o, run); err != nil {
			return nil, csp.Result{}, err
		}
		// The worker's search goes back to its own limit for whatever
		// instance comes next (one with pencil marks takes solveModel).
		defer r.Search.SetNodeLimit(run.Search.NodeLimit)
	} else {
		if m, err = build(ctx, inst, o); err != nil {
			return nil, csp.Result{}, err
		}
		if e, err = csp.NewSearchContext(ctx, m.Model, run.Search); err != nil {
			return nil, csp.Result{Stopped: csp.StopOf(ctx), Stats: csp.Stats{SolveTime: time.Since(start)}}, nil
		}
	}
	own := run.Search.NodeLimit
	var before int64 // the local search's moves before this call
	if loc.ls != nil {
		before = loc.ls.Moves()
	}
	clocked := false
	var nodes int64
	var turn chan bool // the turn running beside the slice, with beside
	// The slice beside a turn runs under sliceCtx, which the turn cancels
	// when it solves the instance: its grid is the answer, and the slice
	// need not finish. Should the caller's context end while a turn runs
	// beside, the turn sees it within 1,024 moves; no return leaves it
	// running.
	var sliceCtx context.Context
	var cancelSlice context.CancelFunc
	for {
		stop := nodes + localSlice
		if own > 0 {
			stop = min(stop, own)
		}
		sctx := ctx
		if turn != nil {
			sctx = sliceCtx
		}
		var g [][]int
		var res csp.Result
		if r != nil {
			r.Search.SetNodeLimit(stop)
			g, res, err = r.SolveRows(sctx, r.Model.Board.ValuesInto, check)
		} else {
			e.SetNodeLimit(stop)
			g, res, err = grid.Checked(e.Run(sctx, 1, nil), m.Grid, check)
		}
		nodes = res.Stats.Nodes
		found := false
		if turn != nil {
			found, turn = <-turn, nil
			cancelSlice()
		}
		if loc.ls != nil {
			res.Stats.LocalMoves, res.Stats.LocalClashes = loc.ls.Moves()-before, loc.ls.Clashes()
			res.Stats.SolveTime = time.Since(start)
		}
		if found { // before the slice, whatever the slice did
			return localAnswer(inst, loc.ls, res, before, start)
		}
		if err != nil || res.Stopped != csp.NodeLimit || own > 0 && nodes >= own {
			return g, res, err
		}
		if !clocked && run.Search.TimeLimit > 0 {
			// From here on a Run's own clock, which starts again at each
			// slice, no longer bounds the search: ctx's is the one for
			// both searches.
			// (At least a nanosecond: a limit already spent must end
			// ctx at once, not leave it without a deadline.)
			var cancel context.CancelFunc
			ctx, cancel = csp.WithTimeLimit(ctx, max(run.Search.TimeLimit-time.Since(start), 1))
			defer cancel()
		}
		clocked = true
		if loc.ls == nil {
			if loc.ls, err = NewLocalSearch(inst, run.Search.Seed); err != nil {
				return nil, res, err // not for an instance the catalog let through (Clash)
			}
		}
		moves := localMoves(inst.Order, nodes)
		if beside {
			turn = make(chan bool, 1)
			sliceCtx, cancelSlice = context.WithCancel(ctx)
			go func(ctx context.Context, ls *LocalSearch, solved context.CancelFunc, done chan<- bool) {
				ok := ls.Run(ctx, moves)
				if ok {
					solved()
				}
				done <- ok
			}(ctx, loc.ls, cancelSlice, turn)
			continue // the next slice, beside the turn
		}
		if !loc.ls.Run(ctx, moves) {
			continue // the next slice of the search, or ctx's end, which it reports
		}
		return localAnswer(inst, loc.ls, res, before, start)
	}
}

// localAnswer returns the grid ls has solved inst with, checked, and res,
// the search's result, made the answer's: one solution, the local search's
// moves since before, LocalSolved, the time since start.
func localAnswer(inst *Instance, ls *LocalSearch, res csp.Result, before int64, start time.Time) ([][]int, csp.Result, error) {
	g := ls.Grid()
	if err := Check(inst, g); err != nil {
		return nil, res, fmt.Errorf("internal error: the local search's grid fails the checker: %w", err)
	}
	res.Stopped, res.Solutions, res.Solution = csp.NotStopped, 1, nil
	res.Stats.Solutions = 1 // the search's none (or, its slice beside the turn, one not taken)
	res.Stats.LocalMoves, res.Stats.LocalSolved, res.Stats.LocalClashes = ls.Moves()-before, true, 0
	res.Stats.SolveTime = time.Since(start)
	return g, res, nil
}
