package kenken

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/cspgo/csp/problems/internal/square"
	"github.com/cspgo/csp/propagators/table"
)

// MaxSize is the largest board the readers accept: a cell's values are one
// bitset word (below 64), as the units propagator of the rows and columns
// needs, and a hostile input cannot ask for more.
const MaxSize = 63

// MaxTarget is the largest target the readers accept: the product of six
// cells of 1..63 stays below it, and sums and products of a cage's values
// checked against it cannot overflow.
const MaxTarget = 1 << 40

// Cage is a group of cells whose values reach Target by Op (see table.Op
// for what - and / mean). A one-cell cage holds Target; its Op is Add.
type Cage struct {
	Op     table.Op
	Target int
	Cells  [][2]int // (row, column), 0-based, in reading order
}

// Clue returns the cage's clue as a puzzle book prints it: the target,
// then the operation's sign (+, -, x or /), or the target alone for a
// one-cell cage.
func (c Cage) Clue() string {
	t := strconv.Itoa(c.Target)
	if len(c.Cells) == 1 {
		return t
	}
	return t + sign(c.Op)
}

// sign is the operation's sign on a board: x for multiplication, as
// puzzle books print it, else table's own sign.
func sign(op table.Op) string {
	if op == table.Mul {
		return "x"
	}
	return op.String()
}

// Puzzle is an N×N KenKen: every row and column a permutation of 1..N,
// every cage reaching its target. The readers give cages in reading order
// of their first cell.
type Puzzle struct {
	N     int
	Cages []Cage
	// Solution is a filled grid the input carried (a board or the JSON
	// form written with one), or nil. Read checks its values are in
	// 1..N, not that it solves the puzzle: see Check.
	Solution [][]int
	Line     int // input line where the puzzle starts
}

// Sentinel errors of the puzzle's rules, wrapped by Validate and by the
// readers' *ParseError.
var (
	ErrSize  = errors.New("kenken: size out of range")
	ErrCage  = errors.New("kenken: bad cage")
	ErrClue  = errors.New("kenken: bad clue")
	ErrCover = errors.New("kenken: cages do not cover the board")
)

// ErrUnreachable is wrapped by Build's error when a cage's target cannot
// be reached by values 1..N (with the cage's cells in one row or column
// different): the puzzle has no solution, known without search.
var ErrUnreachable = errors.New("kenken: no values reach the cage's target")

// ErrTooLarge is wrapped by Build's error when a cage's table would pass
// the limits of table.Cage: the puzzle may well be sound, but the solver
// does not take it (a limit of the solver, not a bad cage).
var ErrTooLarge = errors.New("kenken: cage too large")

// ErrInvalid is what Check returns (wrapped) for a grid that does not
// solve the puzzle.
var ErrInvalid = errors.New("kenken: not a solution")

// name is how errors name a cage: its number and first cell, with its
// clue.
func (c Cage) name(k int) string {
	if len(c.Cells) == 0 {
		return fmt.Sprintf("cage %d", k+1)
	}
	return fmt.Sprintf("cage %d at r%dc%d (%s)", k+1, c.Cells[0][0]+1, c.Cells[0][1]+1, c.Clue())
}

// normalize puts every cage's cells in reading order, the cages in
// reading order of their first cell, and Add on one-cell cages.
func (p *Puzzle) normalize() {
	less := func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	}
	for k := range p.Cages {
		slices.SortFunc(p.Cages[k].Cells, less)
		if len(p.Cages[k].Cells) == 1 {
			p.Cages[k].Op = table.Add
		}
	}
	slices.SortStableFunc(p.Cages, func(a, b Cage) int {
		switch {
		case len(a.Cells) == 0 || len(b.Cells) == 0:
			return len(a.Cells) - len(b.Cells)
		}
		return less(a.Cells[0], b.Cells[0])
	})
}

// cages returns p's cages in reading order of their first cell, as the
// Tatham and board forms list them.
func cages(p *Puzzle) []Cage {
	q := &Puzzle{N: p.N, Cages: append([]Cage(nil), p.Cages...)}
	for k := range q.Cages {
		q.Cages[k].Cells = append([][2]int(nil), q.Cages[k].Cells...)
	}
	q.normalize()
	return q.Cages
}

// Validate checks that p is a well-formed puzzle: a size in 1..MaxSize;
// cages that partition the board into connected groups of cells (sharing
// sides); known operations, with - and / on two cells as in KenKen;
// targets in 1..MaxTarget. Whether targets can be reached is the model's
// business (see ErrUnreachable). Errors wrap ErrSize, ErrCage, ErrClue or
// ErrCover and name the cage.
func Validate(p *Puzzle) error {
	n := p.N
	if n < 1 || n > MaxSize {
		return fmt.Errorf("%w: %d, want 1..%d", ErrSize, n, MaxSize)
	}
	owner := make([]int, n*n) // cage index + 1, 0 for none
	for k, c := range p.Cages {
		switch {
		case len(c.Cells) == 0:
			return fmt.Errorf("%w: cage %d has no cells", ErrCage, k+1)
		case c.Op > table.Div:
			return fmt.Errorf("%w: %s: unknown operation %d", ErrClue, c.name(k), c.Op)
		case (c.Op == table.Sub || c.Op == table.Div) && len(c.Cells) != 2:
			return fmt.Errorf("%w: %s: %s on %d cells, want 2", ErrClue, c.name(k), sign(c.Op), len(c.Cells))
		case c.Target < 1 || c.Target > MaxTarget:
			return fmt.Errorf("%w: %s: target %d, want 1..%d", ErrClue, c.name(k), c.Target, MaxTarget)
		}
		for _, rc := range c.Cells {
			r, col := rc[0], rc[1]
			if r < 0 || r >= n || col < 0 || col >= n {
				return fmt.Errorf("%w: %s: cell (%d,%d) outside the %dx%d board", ErrCage, c.name(k), r, col, n, n)
			}
			if o := owner[r*n+col]; o != 0 {
				return fmt.Errorf("%w: r%dc%d is in %s and %s", ErrCage, r+1, col+1, p.Cages[o-1].name(o-1), c.name(k))
			}
			owner[r*n+col] = k + 1
		}
	}
	for i, o := range owner {
		if o == 0 {
			return fmt.Errorf("%w: r%dc%d is in no cage", ErrCover, i/n+1, i%n+1)
		}
	}
	// Each cage connected: a walk from its first cell over its own cells
	// reaches them all.
	seen := make([]bool, n*n)
	var stack []int
	for k, c := range p.Cages {
		first := c.Cells[0][0]*n + c.Cells[0][1]
		seen[first] = true
		stack = append(stack[:0], first)
		reached := 1
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r, col := i/n, i%n
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := r+d[0], col+d[1]
				if rr < 0 || rr >= n || cc < 0 || cc >= n {
					continue
				}
				j := rr*n + cc
				if !seen[j] && owner[j] == k+1 {
					seen[j] = true
					reached++
					stack = append(stack, j)
				}
			}
		}
		if reached != len(c.Cells) {
			return fmt.Errorf("%w: %s is not connected (%d of its %d cells reachable from the first)", ErrCage, c.name(k), reached, len(c.Cells))
		}
	}
	return nil
}

// Check verifies, independently of the model and its propagators, that
// grid solves p: the right shape, every row and column a permutation of
// 1..N, every cage's values reaching its target. It does not re-check the
// puzzle (see Validate).
func Check(p *Puzzle, grid [][]int) error {
	n := p.N
	if err := square.Check(grid, n, nil, ErrInvalid); err != nil {
		return err
	}
	if line, i, v, ok := square.Repeat(grid); ok {
		return fmt.Errorf("%w: %s %d holds %d twice", ErrInvalid, line, i+1, v)
	}
	for k, c := range p.Cages {
		vals := make([]int, len(c.Cells))
		for i, rc := range c.Cells {
			if rc[0] < 0 || rc[0] >= n || rc[1] < 0 || rc[1] >= n {
				return fmt.Errorf("%w: %s: cell (%d,%d) outside the board", ErrInvalid, c.name(k), rc[0], rc[1])
			}
			vals[i] = grid[rc[0]][rc[1]]
		}
		if !holds(c.Op, c.Target, vals) {
			return fmt.Errorf("%w: %s holds %v", ErrInvalid, c.name(k), vals)
		}
	}
	return nil
}

// holds reports whether vals (each 1..63) reach target by op: a sum, a
// product, the largest minus the others, the largest divided by the
// product of the others; one value must equal the target.
func holds(op table.Op, target int, vals []int) bool {
	if len(vals) == 1 {
		return vals[0] == target
	}
	largest, sum, prod := 0, 0, 1
	for _, v := range vals {
		largest = max(largest, v)
		sum += v
		if prod <= MaxTarget { // past it no target matches; stop before overflow
			prod *= v
		}
	}
	switch op {
	case table.Add:
		return sum == target
	case table.Mul:
		return prod == target
	case table.Sub:
		return largest-(sum-largest) == target
	case table.Div:
		rest := 1
		skipped := false
		for _, v := range vals {
			if v == largest && !skipped {
				skipped = true
				continue
			}
			rest *= v
			if rest > largest {
				return false
			}
		}
		return largest == target*rest
	}
	return false
}
