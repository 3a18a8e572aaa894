package kakuro

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/cspgo/csp/csp"
)

// MinGenerate is the smallest size Generate makes: a clue row and column
// and a 2×2 block of white cells.
const MinGenerate = 3

// ErrGenerate is what Generate returns (wrapped) when it gives up.
var ErrGenerate = errors.New("kakuro: no puzzle generated")

// Generate makes a size×size puzzle (its clue row and column included)
// with exactly one solution, the same for the same size and seed:
//
//  1. a random pattern of black cells, symmetric under a half turn of the
//     white area (the grid without its first row and column), repaired
//     until every run has 2..9 cells (a lone white cell turns black, a
//     run longer than 9 gets a black cell inside) and the white cells are
//     connected and at least half the area;
//  2. digits for the white cells, distinct within each run, by a
//     randomised depth-first search;
//  3. the clues those digits add up to;
//  4. a count of the solutions, capped at 2 (DefaultSearch, the
//     DistinctSum model). A unique puzzle is returned with no digit
//     given. Otherwise it tries another fill of the same pattern, and
//     after a few, another pattern; after the last try it keeps the last
//     puzzle that had another solution (or, when every search gave up
//     before deciding, as they do on large grids, the first of those)
//     and gives, one by one, a digit of its fill where another solution
//     differs (a cell not yet given when the search gave up), until the
//     solution is unique: so a puzzle has givens only when pure clues
//     would have cost too many tries.
//
// The result is checked by New, and its intended fill by Check. An error
// wraps ErrGenerate for a size outside MinGenerate..MaxSize, or is the
// context's error.
func Generate(ctx context.Context, size int, seed uint64) (*Puzzle, error) {
	if size < MinGenerate || size > MaxSize {
		return nil, fmt.Errorf("%w: size %d, want %d..%d", ErrGenerate, size, MinGenerate, MaxSize)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6b616b75726f)) // "kakuro"
	var last *Puzzle
	var lastFill []int
	for range genPatterns {
		black := pattern(rng, size)
		fill := fillDigits(rng, size, black)
		if fill == nil {
			continue // a pattern too hard to fill: take another
		}
		for range genChanges {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			p, err := fromFill(size, black, fill, nil)
			if err != nil {
				return nil, fmt.Errorf("%w: %v", ErrGenerate, err) // a bug: the pattern was repaired
			}
			other, done, err := otherSolution(ctx, p, fill)
			if err != nil {
				return nil, err
			}
			if done && other == nil {
				return p, nil
			}
			if other == nil {
				if last == nil { // the fall-back below gives digits until the search decides
					last, lastFill = p, slices.Clone(fill)
				}
				break // too hard to decide: take another pattern
			}
			last, lastFill = p, slices.Clone(fill)
			if !change(rng, size, black, fill, other) {
				break
			}
		}
	}
	if last == nil {
		return nil, fmt.Errorf("%w: no pattern of size %d could be filled", ErrGenerate, size)
	}
	return addGivens(ctx, rng, last, lastFill)
}

// change gives fill another digit at a cell where other (another
// solution) differs from it, a digit its runs do not hold yet: the clues
// of that cell's runs change, and other no longer fits them. It reports
// false when no differing cell can change.
func change(rng *rand.Rand, size int, black []bool, fill, other []int) bool {
	var diff []int
	for i := range fill {
		if !black[i] && other[i] != fill[i] {
			diff = append(diff, i)
		}
	}
	for _, k := range rng.Perm(len(diff)) {
		i := diff[k]
		used := 1 << fill[i]
		for _, step := range [2]int{1, size} {
			for _, j := range runAt(size, black, i, step) {
				used |= 1 << fill[j]
			}
		}
		// Of the digits the runs leave free, one that leaves the two
		// runs' sums the fewest combinations (ties at random): a sum
		// with fewer ways to make it pins its cells down.
		best, bestWays, ties := 0, 0, 0
		for d := 1; d <= 9; d++ {
			if used&(1<<d) != 0 {
				continue
			}
			old := fill[i]
			fill[i] = d
			ways := runWays(size, black, fill, i, 1) * runWays(size, black, fill, i, size)
			fill[i] = old
			switch {
			case best == 0 || ways < bestWays:
				best, bestWays, ties = d, ways, 1
			case ways == bestWays:
				ties++
				if rng.IntN(ties) == 0 {
					best = d
				}
			}
		}
		if best != 0 {
			fill[i] = best
			return true
		}
	}
	return false
}

// How many patterns Generate tries, and changes of a fill per pattern,
// before it settles for givens.
const (
	genPatterns = 10
	genChanges  = 150
)

// genNodes caps each uniqueness search of Generate: a puzzle that needs
// more is taken as not unique.
const genNodes = 20_000

// pattern returns a repaired black pattern of a size×size grid (true:
// black), row by row.
func pattern(rng *rand.Rand, size int) []bool {
	for {
		black := make([]bool, size*size)
		for i := range size {
			black[i], black[i*size] = true, true
		}
		// partner is the cell a half turn of the white area away.
		partner := func(i int) int { return (size-i/size)*size + size - i%size }
		for r := 1; r < size; r++ {
			for c := 1; c < size; c++ {
				i := r*size + c
				if i <= partner(i) && rng.Float64() < 0.22 {
					black[i], black[partner(i)] = true, true
				}
			}
		}
		if repair(rng, size, black, partner) {
			return black
		}
	}
}

// repair blackens lone white cells and breaks long runs until every run
// has 2..MaxRun cells, keeping the symmetry; it reports whether the white
// cells are then connected and at least half the white area.
func repair(rng *rand.Rand, size int, black []bool, partner func(int) int) bool {
	for changed := true; changed; {
		changed = false
		for i := range black {
			if black[i] {
				continue
			}
			for _, step := range [2]int{1, size} {
				run := runAt(size, black, i, step)
				switch {
				case len(run) == 1:
					black[i], black[partner(i)] = true, true
					changed = true
				case len(run) > MaxRun:
					// A black cell away from the ends, so that neither
					// part is a lone cell.
					k := run[2+rng.IntN(len(run)-4)]
					black[k], black[partner(k)] = true, true
					changed = true
				}
				if black[i] {
					break
				}
			}
		}
	}
	white := 0
	first := -1
	for i, b := range black {
		if !b {
			white++
			if first < 0 {
				first = i
			}
		}
	}
	if white*2 < (size-1)*(size-1) {
		return false
	}
	// Connected: a flood fill from the first white cell reaches them all.
	seen := make([]bool, len(black))
	stack := []int{first}
	seen[first] = true
	reached := 0
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		for _, j := range [4]int{i - 1, i + 1, i - size, i + size} {
			if j < 0 || j >= len(black) || black[j] || seen[j] || (j == i-1 || j == i+1) && j/size != i/size {
				continue
			}
			seen[j] = true
			stack = append(stack, j)
		}
	}
	return reached == white
}

// runWays returns how many sets of distinct digits make the sum of the
// run through cell i (across, step 1, or down, step size) under fill.
func runWays(size int, black []bool, fill []int, i, step int) int {
	run := runAt(size, black, i, step)
	sum := 0
	for _, j := range run {
		sum += fill[j]
	}
	return ways()[len(run)][sum]
}

// ways()[n][s] is the number of sets of n distinct digits 1..9 adding up
// to s: built on first use, so that only the generator pays for it, not
// every start of the command.
var ways = sync.OnceValue(func() (w *[MaxRun + 1][maxClue + 1]int) {
	w = new([MaxRun + 1][maxClue + 1]int)
	for set := range 1 << 9 {
		n, s := 0, 0
		for d := range 9 {
			if set&(1<<d) != 0 {
				n++
				s += d + 1
			}
		}
		w[n][s]++
	}
	return w
})

// runAt returns the white cells of the run through white cell i, across
// (step 1) or down (step size).
func runAt(size int, black []bool, i, step int) []int {
	start := i
	for start-step >= 0 && !black[start-step] && (step != 1 || (start-1)/size == i/size) {
		start -= step
	}
	var run []int
	for k := start; k < len(black) && !black[k] && (step != 1 || k/size == i/size); k += step {
		run = append(run, k)
	}
	return run
}

// fillNodes caps fillDigits' search.
const fillNodes = 100_000

// fillDigits gives every white cell a digit, distinct within each run, by
// a randomised depth-first search in reading order; nil when it gives up.
func fillDigits(rng *rand.Rand, size int, black []bool) []int {
	fill := make([]int, len(black))
	var whites []int
	for i, b := range black {
		if !b {
			whites = append(whites, i)
		}
	}
	nodes := 0
	var place func(k int) bool
	place = func(k int) bool {
		if k == len(whites) {
			return true
		}
		nodes++
		if nodes > fillNodes {
			return false
		}
		i := whites[k]
		used := 0
		for j := i - 1; j%size != size-1 && j >= 0 && !black[j]; j-- {
			used |= 1 << fill[j]
		}
		for j := i - size; j >= 0 && !black[j]; j -= size {
			used |= 1 << fill[j]
		}
		for _, d := range rng.Perm(9) {
			if used&(1<<(d+1)) != 0 {
				continue
			}
			fill[i] = d + 1
			if place(k + 1) {
				return true
			}
		}
		fill[i] = 0
		return false
	}
	if !place(0) {
		return nil
	}
	return fill
}

// fromFill makes the puzzle whose clues fill adds up to on the pattern,
// with the white cells of given (may be nil) given.
func fromFill(size int, black []bool, fill []int, given []bool) (*Puzzle, error) {
	rows := make([][]Cell, size)
	for r := range rows {
		rows[r] = make([]Cell, size)
		for c := range rows[r] {
			i := r*size + c
			if !black[i] {
				if given != nil && given[i] {
					rows[r][c].Given = fill[i]
				}
				continue
			}
			rows[r][c].Black = true
			for j := i + 1; j%size != 0 && !black[j]; j++ {
				rows[r][c].Across += fill[j]
			}
			for j := i + size; j < len(black) && !black[j]; j += size {
				rows[r][c].Down += fill[j]
			}
		}
	}
	return New(rows)
}

// otherSolution searches p for a solution other than fill (indexed by
// cell). It returns that solution (indexed by cell), or nil; done is false
// when the search hit genNodes first.
func otherSolution(ctx context.Context, p *Puzzle, fill []int) (other []int, done bool, err error) {
	m, err := Build(p, Options{})
	if err != nil {
		return nil, false, err
	}
	search := DefaultSearch
	search.NodeLimit = genNodes
	vars := slices.Concat(m.Cells...)
	e := csp.NewSearch(m.Model, search)
	res := e.Run(ctx, 0, func(s *csp.Space) bool {
		for i, x := range vars {
			if x == NoVar {
				continue
			}
			if v, _ := s.Value(x); v != fill[i] {
				other = make([]int, len(fill))
				for j, y := range vars {
					if y != NoVar {
						other[j], _ = s.Value(y)
					}
				}
				return false
			}
		}
		return true
	})
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	return other, other != nil || res.Complete, nil
}

// addGivens gives p, one by one, the digit of fill at a cell where another
// solution differs, until fill is its only solution.
func addGivens(ctx context.Context, rng *rand.Rand, p *Puzzle, fill []int) (*Puzzle, error) {
	black := make([]bool, len(p.cells))
	given := make([]bool, len(p.cells))
	for i, c := range p.cells {
		black[i] = c.Black
	}
	for range len(p.cells) {
		other, done, err := otherSolution(ctx, p, fill)
		if err != nil {
			return nil, err
		}
		if done && other == nil {
			return p, nil
		}
		// Give a cell where the other solution differs, or, when the
		// search gave up, a cell not yet given: the first one from a
		// random start, so that the givens spread.
		start := rng.IntN(len(fill))
		for k := range fill {
			i := (start + k) % len(fill)
			if !black[i] && !given[i] && (other == nil || other[i] != fill[i]) {
				given[i] = true
				break
			}
		}
		if p, err = fromFill(p.rows, black, fill, given); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrGenerate, err)
		}
	}
	return nil, fmt.Errorf("%w: could not make the solution unique", ErrGenerate)
}
