package skyscraper

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

// Clue finders, for authors who start from a grid: the clue sets that
// make a full grid the one solution of a puzzle (MinimalClues,
// SmallestClues), and the clue sets whose one solution respects a board
// with some cells fixed (ClueSets, FewestClueSets, on the census's
// table). A full grid's clue set holds givens only when its clues alone
// leave another solution (most random grids of side 6 and more), unless
// ClueOptions.NoGivens; a board's clue sets are clues only.

// Errors of the clue finders.
var (
	// ErrNotDetermined says no set of the clues allowed singles the grid
	// out: even all of them leave another solution.
	ErrNotDetermined = errors.New("skyscraper: no set of the clues allowed singles the grid out")
	// ErrClueRequest is wrapped by the errors of a request out of range.
	ErrClueRequest = errors.New("skyscraper: bad clue request")
)

// ClueOptions say which clues a clue set may hold, and how to search.
type ClueOptions struct {
	// Interior allows the interior clues too (every cell and direction
	// that sees 2..N-1 cells); MinimalClues and SmallestClues only.
	Interior bool
	// OneSide puts every clue on one side of the square (as the census's
	// OneSide): the fewest over the four sides.
	OneSide bool
	// NoGivens keeps givens out: MinimalClues and SmallestClues add cells
	// of the grid as givens when the clues alone leave another solution,
	// unless NoGivens.
	NoGivens bool
	Seed     uint64 // MinimalClues: the order in which the clues are tried
	Jobs     int    // ClueSets: goroutines (0: GOMAXPROCS)
}

// The model and search of the uniqueness checks.
var (
	checkModel  = Options{AllDiff: alldiff.GAC, Visibility: visibility.Line}
	checkSearch = csp.Options{Var: csp.DomWDeg, Val: csp.ValMin}
)

// unique reports whether p has exactly one solution; a cancelled ctx is
// the error.
func unique(ctx context.Context, p *Puzzle) (bool, error) {
	res, err := Count(ctx, p, checkModel, checkSearch, 2)
	if err == nil {
		err = ctx.Err()
	}
	return err == nil && res.Complete && res.Solutions == 1, err
}

// solutionsUpTo returns up to limit solutions of p, and whether they are
// all of them; a cancelled ctx is the error.
func solutionsUpTo(ctx context.Context, p *Puzzle, limit int64) ([][][]int, bool, error) {
	m, err := Build(ctx, p, checkModel)
	if err != nil {
		return nil, false, err
	}
	var sols [][][]int
	res := csp.NewSearch(m.Model, checkSearch).Run(ctx, limit, func(sp *csp.Space) bool {
		sols = append(sols, m.Grid(sp.Values(nil)))
		return true
	})
	return sols, res.Complete, ctx.Err()
}

// Clue items number what a clue set may hold: the 4N edge positions (Top,
// Bottom, Left, Right), the interior sights, then the N² cells as givens,
// row by row; itemValues gives a grid's value of each.

// itemValues returns what grid shows at every item: Shown, then its cells.
func itemValues(grid [][]int) []int { return append(Shown(grid), slices.Concat(grid...)...) }

// clueItems returns the clue items a clue set may use: the edge positions
// (on side 0..3 only, when side >= 0), then with interior the interior
// ones.
func clueItems(n, side int, interior bool) []int {
	var items []int
	for pos := range 4 * n {
		if side < 0 || pos/n == side {
			items = append(items, pos)
		}
	}
	if interior {
		for i := range interiorSights(n) {
			items = append(items, 4*n+i)
		}
	}
	return items
}

// givenItems returns the items of the n² cells.
func givenItems(n int) []int {
	first := 4*n + len(interiorSights(n))
	items := make([]int, n*n)
	for i := range items {
		items[i] = first + i
	}
	return items
}

// puzzleOf returns the puzzle of the items of values (as itemValues gives
// them for a grid of side n).
func puzzleOf(n int, values []int, items []int) *Puzzle {
	p := New(n)
	sights := interiorSights(n)
	first := 4*n + len(sights)
	for _, it := range items {
		switch {
		case it < 4*n:
			*clueAt(p, it) = values[it]
		case it < first:
			s := sights[it-4*n]
			p.Interior = append(p.Interior, Interior{Row: s.r, Col: s.c, Look: s.look(), Count: values[it]})
		default:
			if p.Givens == nil {
				p.Givens = make([][]int, n)
				for r := range p.Givens {
					p.Givens[r] = make([]int, n)
				}
			}
			cell := it - first
			p.Givens[cell/n][cell%n] = values[it]
		}
	}
	return p
}

// FullGrid returns p's givens when they fill every cell, else nil.
func (p *Puzzle) FullGrid() [][]int {
	if p.Givens == nil {
		return nil
	}
	for _, row := range p.Givens {
		if slices.Contains(row, 0) {
			return nil
		}
	}
	return p.Givens
}

// sideNames name the sides of the square as the edge positions number
// them.
var sideNames = [4]string{"top", "bottom", "left", "right"}

// pools returns the sets of items a clue set may be drawn from, in the
// order to try them: all the edge clues (with opt.Interior the interior
// ones too), or with opt.OneSide those of each side in a random order;
// then, unless opt.NoGivens, the same with every cell as a given.
func pools(n int, opt ClueOptions, rng *rand.Rand) (clues, withGivens [][]int) {
	sides := []int{-1}
	if opt.OneSide {
		sides = rng.Perm(4)
	}
	for _, side := range sides {
		items := clueItems(n, side, opt.Interior)
		clues = append(clues, items)
		if !opt.NoGivens {
			withGivens = append(withGivens, append(slices.Clone(items), givenItems(n)...))
		}
	}
	return clues, withGivens
}

// MinimalClues returns a minimal set of grid's clues whose puzzle has grid
// as its one solution: from the edge clues (on one side with opt.OneSide:
// the first side, in a random order, whose clues single grid out), with
// opt.Interior the interior clues too, each in a random order (opt.Seed)
// goes when the rest still single grid out, so no clue left can go
// (taking clues away only adds solutions). When all those clues leave
// another solution, every cell joins them as a given, and the givens go
// first, then the clues, so that the puzzle keeps what givens it needs
// (unless opt.NoGivens: then the error wraps ErrNotDetermined). Each try
// is a count of solutions up to two; a cancelled ctx is the error.
func MinimalClues(ctx context.Context, grid [][]int, opt ClueOptions) (*Puzzle, error) {
	n := len(grid)
	values := itemValues(grid)
	rng := rand.New(rand.NewPCG(opt.Seed, 0xc1e5))
	clues, withGivens := pools(n, opt, rng)
	for _, items := range append(clues, withGivens...) {
		kept, err := greedy(ctx, n, values, items, rng)
		if err != nil {
			return nil, err
		}
		if kept != nil {
			return puzzleOf(n, values, kept), nil
		}
	}
	return nil, notDetermined(opt)
}

// notDetermined words ErrNotDetermined for the clues opt allows.
func notDetermined(opt ClueOptions) error {
	return fmt.Errorf("%w: %s", ErrNotDetermined, fallsShort(opt))
}

// fallsShort says that the clues opt allows leave another solution.
func fallsShort(opt ClueOptions) string {
	switch {
	case opt.OneSide:
		return "the edge clues of each side leave another solution"
	case opt.Interior:
		return "its edge and interior clues leave another solution"
	}
	return "its edge clues leave another solution"
}

// greedy takes items out while the rest single the grid out, the givens
// first, each part in a random order; nil when all of them do not single
// it out.
func greedy(ctx context.Context, n int, values, items []int, rng *rand.Rand) ([]int, error) {
	ok, err := unique(ctx, puzzleOf(n, values, items))
	if err != nil || !ok {
		return nil, err
	}
	first := 4*n + len(interiorSights(n))
	var order []int
	for _, givens := range []bool{true, false} {
		var part []int
		for _, it := range items {
			if it >= first == givens {
				part = append(part, it)
			}
		}
		for _, i := range rng.Perm(len(part)) {
			order = append(order, part[i])
		}
	}
	kept := slices.Clone(items)
	for _, it := range order {
		j := slices.Index(kept, it)
		rest := slices.Delete(slices.Clone(kept), j, j+1)
		ok, err := unique(ctx, puzzleOf(n, values, rest))
		if err != nil {
			return nil, err
		}
		if ok {
			kept = rest
		}
	}
	return kept, nil
}

// Smallest is what SmallestClues found.
type Smallest struct {
	Puzzle *Puzzle // the fewest clues found whose one solution is the grid
	Clues  int     // how many, givens included
	// Proved says no fewer clues do; else AtLeast is what is proved.
	Proved  bool
	AtLeast int
}

// counterexamples is how many other solutions each failed try adds.
const counterexamples = 32

// SmallestClues looks for the fewest of grid's clues (as MinimalClues
// allows them) whose puzzle has grid as its one solution, by implicit
// hitting sets: a set of clues singles grid out exactly when it holds,
// for every other Latin square, a clue on which the two differ. It keeps
// the sets of differing clues of the other solutions met so far, takes a
// smallest set of clues meeting all of them (iterative deepening, each
// size a branch and bound), and counts that puzzle's solutions: one, and
// it is the fewest (a smaller set would miss some set already met);
// several, and their sets of differing clues join the others. A minimal
// set (as MinimalClues finds) bounds it from above. With OneSide, the
// fewest over the sides whose clues single grid out. When no set of
// clues does, the cells join them as givens (unless opt.NoGivens, when
// the error wraps ErrNotDetermined), and it is the fewest clues and
// givens together. When ctx ends first (a time limit), it returns the
// best set found, not proved, with the lower bound reached; when it ends
// before any set is found, ctx's error.
func SmallestClues(ctx context.Context, grid [][]int, opt ClueOptions) (Smallest, error) {
	n := len(grid)
	values := itemValues(grid)
	rng := rand.New(rand.NewPCG(opt.Seed, 0xc1e5))
	clues, withGivens := pools(n, opt, rng)
	for _, family := range [][][]int{clues, withGivens} {
		var best Smallest
		found := false
		atLeast := -1 // the least lower bound over the pools that single grid out
		for _, items := range family {
			upper, err := greedy(ctx, n, values, items, rng)
			if err != nil {
				if ctx.Err() != nil && found {
					break
				}
				return best, err
			}
			if upper == nil {
				continue
			}
			set, lower, err := hittingClues(ctx, grid, values, items, upper, rng)
			if err != nil {
				return best, err
			}
			if atLeast < 0 || lower < atLeast {
				atLeast = lower
			}
			if !found || len(set) < best.Clues {
				best = Smallest{Puzzle: puzzleOf(n, values, set), Clues: len(set)}
				found = true
			}
		}
		if found {
			best.AtLeast = min(atLeast, best.Clues)
			best.Proved = best.AtLeast == best.Clues
			return best, nil
		}
	}
	return Smallest{}, notDetermined(opt)
}

// hittingClues returns the fewest items of values singling grid out, and
// the lower bound proved (len(set) when it is the fewest); upper is a set
// that does. It stops with what it has when ctx ends.
func hittingClues(ctx context.Context, grid [][]int, values, items, upper []int, rng *rand.Rand) (set []int, lower int, err error) {
	n := len(grid)
	h := &hitter{ctx: ctx, words: (len(items) + 63) / 64}
	best := slices.Clone(upper)
	maskOf := func(other []int) []uint64 {
		mask := make([]uint64, h.words)
		for j, it := range items {
			if other[it] != values[it] {
				mask[j/64] |= 1 << (j % 64)
			}
		}
		return mask
	}
	// check counts the solutions of the items picked: it books the sets
	// of differing clues of the other solutions, and the strongest one,
	// grown (see grow); it reports whether the grid was the only one.
	toItems := func(pick []int) []int {
		out := make([]int, len(pick))
		for i, j := range pick {
			out[i] = items[j]
		}
		return out
	}
	check := func(pick []int) (bool, error) {
		chosen := toItems(pick)
		sols, complete, err := solutionsUpTo(ctx, puzzleOf(n, values, chosen), counterexamples)
		if err != nil {
			return false, err
		}
		var other [][]int
		for _, g := range sols {
			if equalGrids(g, grid) {
				continue
			}
			other = g
			mask := maskOf(itemValues(g))
			if isEmpty(mask) {
				return false, fmt.Errorf("internal error: another solution shows every clue allowed, yet %d of them single the grid out", len(upper))
			}
			h.add(mask)
		}
		switch {
		case other == nil && complete:
			return true, nil
		case other == nil:
			return false, fmt.Errorf("internal error: the clue set %v found neither one solution nor another", chosen)
		}
		mask, err := grow(ctx, grid, values, items, pick, other, rng)
		if err == nil {
			h.add(mask)
		}
		return false, err
	}
	for {
		// Greedy hitting sets first, cheap, until one singles the grid
		// out: each failure adds a set of differing clues.
		for {
			pick := h.greedy()
			if len(pick) >= len(best) {
				break
			}
			ok, err := check(pick)
			if ctx.Err() != nil {
				return best, lower, nil
			}
			if err != nil {
				return nil, 0, err
			}
			if ok {
				best = toItems(pick)
				break
			}
		}
		// Then a smallest hitting set, which bounds the fewest from below.
		var pick []int
		found := false
		for k := lower; k < len(best) && !found; k++ {
			pick, found = h.smallest(k)
			if h.stop {
				return best, lower, nil
			}
			if !found {
				lower = k + 1
			}
		}
		if !found {
			return best, len(best), nil // no smaller set meets every difference
		}
		ok, err := check(pick)
		if ctx.Err() != nil {
			return best, lower, nil
		}
		if err != nil {
			return nil, 0, err
		}
		if ok {
			return toItems(pick), len(pick), nil // meets every difference: the fewest
		}
	}
}

// grow extends the items picked (indices into items), whose puzzle has
// the solution other besides grid, to a maximal such set: the items other
// shows as grid does join at no cost, each remaining item in a random
// order joins when the puzzle still has another solution (other then
// being that one). It returns the items left out, as a mask: every other
// solution of the maximal set differs from grid on each of them (with any
// one of them it has none), and other does, so it is a set of differing
// clues no smaller set of the same kind contains.
func grow(ctx context.Context, grid [][]int, values, items, picked []int, other [][]int, rng *rand.Rand) ([]uint64, error) {
	n := len(grid)
	in := make([]bool, len(items))
	for _, j := range picked {
		in[j] = true
	}
	shows := itemValues(other)
	set := func(extra int) []int {
		var out []int
		for i, it := range items {
			if in[i] || i == extra {
				out = append(out, it)
			}
		}
		return out
	}
	for _, j := range rng.Perm(len(items)) {
		for i, it := range items {
			in[i] = in[i] || shows[it] == values[it]
		}
		if in[j] {
			continue
		}
		sols, _, err := solutionsUpTo(ctx, puzzleOf(n, values, set(j)), 2)
		if err != nil {
			return nil, err
		}
		for _, g := range sols {
			if !equalGrids(g, grid) {
				in[j], shows = true, itemValues(g)
				break
			}
		}
	}
	mask := make([]uint64, (len(items)+63)/64)
	for j := range items {
		if !in[j] {
			mask[j/64] |= 1 << (j % 64)
		}
	}
	return mask, nil
}

// equalGrids reports whether a and b hold the same values.
func equalGrids(a, b [][]int) bool {
	return slices.EqualFunc(a, b, func(x, y []int) bool { return slices.Equal(x, y) })
}

func isEmpty(m []uint64) bool { return !slices.ContainsFunc(m, func(w uint64) bool { return w != 0 }) }

// subset reports whether every bit of a is in b.
func subset(a, b []uint64) bool {
	for i := range a {
		if a[i]&^b[i] != 0 {
			return false
		}
	}
	return true
}

// hitter finds smallest hitting sets of a family of sets of items (bit
// masks): sets of items that share an item with every set of the family.
// It keeps only the inclusion-minimal sets, the others being met with
// them.
type hitter struct {
	ctx   context.Context
	words int
	masks [][]uint64
	nodes int
	stop  bool
}

// add puts mask in the family.
func (h *hitter) add(mask []uint64) {
	for _, m := range h.masks {
		if subset(m, mask) {
			return
		}
	}
	h.masks = slices.DeleteFunc(h.masks, func(m []uint64) bool { return subset(mask, m) })
	h.masks = append(h.masks, mask)
}

// greedy returns a hitting set, not always a smallest: the item that
// meets the most unmet masks, again and again.
func (h *hitter) greedy() []int {
	chosen := make([]uint64, h.words)
	var set []int
	hits := make([]int, 64*h.words)
	for {
		clear(hits)
		open := false
		for _, m := range h.masks {
			if !disjoint(m, chosen) {
				continue
			}
			open = true
			for j := range hits {
				hits[j] += int(m[j/64] >> (j % 64) & 1)
			}
		}
		if !open {
			return set
		}
		best := 0
		for j, k := range hits {
			if k > hits[best] {
				best = j
			}
		}
		set = append(set, best)
		chosen[best/64] |= 1 << (best % 64)
	}
}

// smallest returns a hitting set of at most k items (their indices);
// false when there is none, or when ctx ended (h.stop).
func (h *hitter) smallest(k int) ([]int, bool) {
	return h.branch(make([]uint64, h.words), make([]uint64, h.words), nil, k)
}

// branch extends set (chosen, as a mask) by at most k items outside
// forbidden, branching on the items of the unmet mask with the fewest
// items allowed; a bound of pairwise disjoint unmet masks, each needing
// an item of its own, prunes.
func (h *hitter) branch(chosen, forbidden []uint64, set []int, k int) ([]int, bool) {
	if h.nodes++; h.nodes&0x3ff == 0 && h.ctx.Err() != nil {
		h.stop = true
	}
	if h.stop {
		return nil, false
	}
	var open []uint64
	fewest := -1
	for _, m := range h.masks {
		if !disjoint(m, chosen) {
			continue
		}
		allowed := count(m, forbidden)
		if allowed == 0 {
			return nil, false
		}
		if fewest < 0 || allowed < fewest {
			open, fewest = m, allowed
		}
	}
	if open == nil {
		return append([]int{}, set...), true
	}
	if k == 0 {
		return nil, false
	}
	// The bound: unmet masks whose allowed items are pairwise disjoint.
	used := make([]uint64, h.words)
	need := 0
	for _, m := range h.masks {
		if !disjoint(m, chosen) {
			continue
		}
		free := true
		for i := range m {
			if m[i]&^forbidden[i]&used[i] != 0 {
				free = false
				break
			}
		}
		if free {
			for i := range m {
				used[i] |= m[i] &^ forbidden[i]
			}
			if need++; need > k {
				return nil, false
			}
		}
	}
	forb := slices.Clone(forbidden)
	for j := range 64 * h.words {
		if open[j/64]>>(j%64)&1 == 0 || forb[j/64]>>(j%64)&1 != 0 {
			continue
		}
		chosen[j/64] |= 1 << (j % 64)
		got, ok := h.branch(chosen, forb, append(set, j), k-1)
		chosen[j/64] &^= 1 << (j % 64)
		if ok {
			return got, true
		}
		if h.stop {
			return nil, false
		}
		forb[j/64] |= 1 << (j % 64) // the later branches do without j
	}
	return nil, false
}

// disjoint reports whether a and b share no bit.
func disjoint(a, b []uint64) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return false
		}
	}
	return true
}

// count counts the bits of m outside forbidden.
func count(m, forbidden []uint64) int {
	k := 0
	for i := range m {
		k += bits.OnesCount64(m[i] &^ forbidden[i])
	}
	return k
}
