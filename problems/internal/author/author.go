// Package author is the puzzle maker the generators of the problems share:
// from a full set of clues and givens, it takes items out in a random
// order while the puzzle stays solvable at the difficulty asked, then
// checks that the grade is exactly that difficulty and that no item can
// go without losing uniqueness.
package author

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Puzzle is a puzzle being made, seen through its items (clues and
// givens), all present at the start.
type Puzzle interface {
	// Items returns how many clues and givens the full puzzle has.
	Items() int
	// Set puts item i back in (present) or takes it out.
	Set(i int, present bool)
	// Solves reports whether the rules of the levels up to level solve the
	// puzzle with no search (which makes it unique).
	Solves(level int) bool
	// Unique reports whether the puzzle has exactly one solution.
	Unique() bool
	// Grade returns the weakest level that solves the puzzle with no
	// search; levels (the ladder's length) when search is needed.
	Grade() int
}

// Errors of Make when it gives up; both wrap ErrNotMade.
var (
	// ErrNotMade says Make gave up within its limits: the request was
	// sound but no puzzle of the level came out in time.
	ErrNotMade = errors.New("no puzzle made")
	// ErrTimeLimit says the time limit passed before a puzzle was made.
	ErrTimeLimit = fmt.Errorf("%w within the time limit", ErrNotMade)
	// ErrAttempts says the cap on attempts was reached first.
	ErrAttempts = fmt.Errorf("%w within the cap on attempts", ErrNotMade)
)

// Request is what to make.
type Request struct {
	Level    int  // 0..Levels-1 a ladder level; Levels for "search"
	Levels   int  // the ladder's length
	Minimize bool // reject a puzzle with an item that can go keeping uniqueness
	// Limit is the time allowed (0: none); ctx may stop it sooner.
	Limit time.Duration
	// Attempts caps the full puzzles tried (0: no cap): a bound that,
	// unlike time, gives the same answer on any machine.
	Attempts int
}

// Stats says what making a puzzle took.
type Stats struct {
	Attempts int            // full puzzles tried
	Rejected map[string]int // why attempts failed: "easier", "harder", "not minimal", "stopped"
	Elapsed  time.Duration
}

// Make tries full puzzles from next (called with a fresh source each
// time; it returns a full puzzle, with every item present, that should
// have one solution: one that has several is rejected, "not unique")
// until one yields a puzzle of the level asked; it returns that puzzle,
// with its items set, and what it took. Same source, same puzzle.
func Make[P Puzzle](ctx context.Context, rng *rand.Rand, req Request, next func(rng *rand.Rand) (P, error)) (P, Stats, error) {
	st := Stats{Rejected: map[string]int{}}
	start := time.Now()
	if req.Limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, req.Limit)
		defer cancel()
	}
	var zero P
	for {
		if ctx.Err() != nil {
			st.Elapsed = time.Since(start)
			return zero, st, fmt.Errorf("%w (%v): %s", ErrTimeLimit, req.Limit, st.why())
		}
		if req.Attempts > 0 && st.Attempts >= req.Attempts {
			st.Elapsed = time.Since(start)
			return zero, st, fmt.Errorf("%w: %s", ErrAttempts, st.why())
		}
		st.Attempts++
		p, err := next(rng)
		if err != nil {
			return zero, st, err
		}
		if why := shape(ctx, p, rng, req); why != "" {
			st.Rejected[why]++
			continue
		}
		st.Elapsed = time.Since(start)
		return p, st, nil
	}
}

// why says in words how many attempts (full grids) were made and why
// they failed, the commonest reason first.
func (st Stats) why() string {
	words := map[string]string{
		"easier":      "came out easier than asked",
		"harder":      "came out harder than asked",
		"not minimal": "kept a removable clue",
		"not unique":  "had several solutions",
		"stopped":     "was cut short by the limit",
	}
	reasons := slices.Collect(maps.Keys(st.Rejected))
	slices.SortFunc(reasons, func(a, b string) int {
		if c := cmp.Compare(st.Rejected[b], st.Rejected[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(reasons))
	for i, r := range reasons {
		w, ok := words[r]
		if !ok {
			w = r
		}
		parts[i] = fmt.Sprintf("%d %s", st.Rejected[r], w)
	}
	s := st.Tries()
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

// shape takes items out of p and says why the result is not what req
// asks ("" when it is).
func shape(ctx context.Context, p Puzzle, rng *rand.Rand, req Request) string {
	ok := func() bool {
		if req.Level < req.Levels {
			return p.Solves(req.Level)
		}
		return p.Unique()
	}
	if !ok() {
		if !p.Unique() {
			return "not unique"
		}
		return "harder"
	}
	present := make([]bool, p.Items())
	for _, i := range rng.Perm(p.Items()) {
		if ctx.Err() != nil {
			return "stopped"
		}
		p.Set(i, false)
		if !ok() {
			p.Set(i, true)
			present[i] = true
		}
	}
	switch g := p.Grade(); {
	case g < req.Level:
		return "easier"
	case g > req.Level:
		return "harder"
	}
	if req.Minimize {
		for i := range p.Items() {
			if !present[i] {
				continue
			}
			p.Set(i, false)
			u := p.Unique()
			p.Set(i, true)
			if u {
				return "not minimal"
			}
		}
	}
	return ""
}

// Cells is a Puzzle whose items are the givens of a grid: all of a
// solution's cells at the start, holes as they go. The functions see the
// current cells, row by row, 0 for a hole.
type Cells struct {
	Solution, Cur []int
	SolvesAt      func(cells []int, level int) bool
	IsUnique      func(cells []int) bool
	GradeOf       func(cells []int) int
}

// NewCells starts from every cell of solution given.
func NewCells(solution []int, solves func([]int, int) bool, unique func([]int) bool, grade func([]int) int) *Cells {
	return &Cells{Solution: solution, Cur: append([]int(nil), solution...), SolvesAt: solves, IsUnique: unique, GradeOf: grade}
}

// Items is the number of cells.
func (c *Cells) Items() int { return len(c.Solution) }

// Set gives cell i or makes it a hole.
func (c *Cells) Set(i int, present bool) {
	c.Cur[i] = 0
	if present {
		c.Cur[i] = c.Solution[i]
	}
}

// Solves reports whether the rules up to level solve the current cells.
func (c *Cells) Solves(level int) bool { return c.SolvesAt(c.Cur, level) }

// Unique reports whether the current cells have one solution.
func (c *Cells) Unique() bool { return c.IsUnique(c.Cur) }

// Grade grades the current cells.
func (c *Cells) Grade() int { return c.GradeOf(c.Cur) }

// Tries words the attempts: "1 attempt", "12 attempts".
func (st Stats) Tries() string {
	if st.Attempts == 1 {
		return "1 attempt"
	}
	return fmt.Sprintf("%d attempts", st.Attempts)
}
