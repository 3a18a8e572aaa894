package table

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/enum"
)

// Op is the arithmetic operation of a KenKen cage.
type Op uint8

// The operations.
const (
	// Add: the values sum to the target.
	Add Op = iota
	// Sub: the largest value minus all the others is the target; for two
	// cells, |a - b| = target.
	Sub
	// Mul: the values multiply to the target.
	Mul
	// Div: the largest value divided by the product of the others is the
	// target, exactly; for two cells, max(a, b) = target · min(a, b).
	Div
)

var opNames = enum.Names{"+", "-", "*", "/"}

// String returns the operation's sign: +, -, * or /.
func (o Op) String() string { return opNames.Name("Op", int(o)) }

// ParseOp reads an operation by its sign, as String writes it or as
// puzzles print it (x, ×, −, ÷). An unknown sign gives an error wrapping
// ErrCage.
func ParseOp(s string) (Op, error) {
	switch s {
	case "x", "X", "×":
		return Mul, nil
	case "−", "–":
		return Sub, nil
	case "÷", ":":
		return Div, nil
	}
	if i, ok := opNames.Parse(s); ok {
		return Op(i), nil
	}
	return 0, fmt.Errorf("%w: unknown operation %q (want %s)", ErrCage, s, opNames.List())
}

// ErrCage is wrapped by the errors of Cage and PostCage for a cage that
// is not one: an unknown operation, a size below 1 or above
// domains.MaxValue, a number of cells outside 1..MaxCageCells, a pair that
// names a cell outside the cage or a cell twice.
var ErrCage = errors.New("table: invalid cage")

// ErrTooLarge is wrapped by the errors of Cage and PostCage for a sound
// cage whose table would pass MaxCageTuples, or whose enumeration would
// pass MaxCageSteps: a limit of the solver, not a fault of the cage.
var ErrTooLarge = errors.New("table: too large to list")

// MaxCageTuples bounds a cage's tuples, and MaxCageSteps the partial
// tuples Cage may try before it gives up: a cage that would need more is
// refused (ErrTooLarge) rather than left to fill memory or run for
// minutes. A KenKen cage of 6 cells of 1..9 with all cells distinct has at
// most 60,480 tuples.
const (
	MaxCageTuples = 1 << 20
	MaxCageSteps  = 1 << 24
)

// MaxCageCells is the most cells Cage accepts.
const MaxCageCells = 64

// Cage returns the tuples of values 1..n for a cage of the given number of
// cells that reach target by op (see Op for Sub and Div on more than two
// cells; a one-cell cage holds target whatever op), with cells i and j
// different for each pair {i, j} in differ (cells of one row or column).
// Tuples come in increasing lexicographic order. The enumeration cuts
// partial tuples that cannot reach the target (a sum out of range, a
// product that does not divide it) and costs O(tuples · cells · n) for
// those; Sub and Div try every tuple, nᶜᵉˡˡˢ of them. It looks at ctx as
// it goes and returns context.Cause(ctx) when ctx is done first.
func Cage(ctx context.Context, op Op, target, n, cells int, differ [][2]int) ([][]int, error) {
	switch {
	case op > Div:
		return nil, fmt.Errorf("%w: unknown operation %v", ErrCage, op)
	case n < 1 || n > domains.MaxValue:
		return nil, fmt.Errorf("%w: size %d outside 1..%d", ErrCage, n, domains.MaxValue)
	case cells < 1 || cells > MaxCageCells:
		return nil, fmt.Errorf("%w: %d cells outside 1..%d", ErrCage, cells, MaxCageCells)
	}
	before := make([][]int, cells) // before[j]: the cells i < j that j must differ from
	for k, pr := range differ {
		i, j := min(pr[0], pr[1]), max(pr[0], pr[1])
		if i < 0 || j >= cells || i == j {
			return nil, fmt.Errorf("%w: pair %d (%d, %d) outside cells 0..%d", ErrCage, k+1, pr[0], pr[1], cells-1)
		}
		before[j] = append(before[j], i)
	}
	if cells == 1 {
		if target < 1 || target > n {
			return nil, nil
		}
		return [][]int{{target}}, nil
	}
	// Targets out of reach have no tuple (and would overflow the cuts).
	lo, hi := 1, math.MaxInt // Mul
	switch op {
	case Add:
		lo, hi = cells, cells*n
	case Sub:
		lo, hi = (2-cells)*n, n-cells+1
	case Div:
		hi = n
	}
	if target < lo || target > hi {
		return nil, nil
	}
	g := gen{ctx: ctx, op: op, target: target, n: n, before: before, vals: make([]int, cells)}
	if err := g.walk(0, initial(op)); err != nil {
		return nil, err
	}
	return g.tuples()
}

// PostCage posts a KenKen cage over cells: Cage's tuples for len(cells)
// cells, posted with Post. Pass the pairs of positions in cells that share
// a row or a column as differ, so that the table holds the cage's part of
// the Latin square's rule; the all-different constraints of the rows and
// columns are still needed. Errors wrap ErrCage, ErrTooLarge or ErrTable,
// or are ctx's cause when it is done first; nothing is posted then.
func PostCage(ctx context.Context, m *csp.Model, cells []csp.Var, op Op, target, n int, differ [][2]int) error {
	tuples, err := Cage(ctx, op, target, n, len(cells), differ)
	if err != nil {
		return err
	}
	return Post(ctx, m, cells, tuples)
}

// gen enumerates a cage's tuples depth first.
type gen struct {
	ctx       context.Context // looked at every csp.Every steps
	op        Op
	target, n int
	before    [][]int
	vals      []int
	blocks    [][]int // the tuples found, tupleBlock to a block, one after another
	count     int     // how many
	steps     int
}

// tupleBlock is how many tuples share a block of gen's, at most: the
// first blocks are smaller (16 tuples, then twice as many each time), so
// that a small cage takes no more room than its tuples.
const tupleBlock = 4096

// The tuples are gathered in blocks of ints, and their list made once
// they are all found: a list of slices grown tuple by tuple is copied
// whole at each growth, and while the collector marks, each of its slices
// goes through the write barrier in that copy, a long stretch with no look
// at the context on a large cage (docs/BENCHMARKS.md, "Issue 20:
// deadlines").

// add records the tuple in g.vals.
func (g *gen) add() {
	cells := len(g.vals)
	last := len(g.blocks) - 1
	if last < 0 || len(g.blocks[last]) == cap(g.blocks[last]) {
		size := 16
		if last >= 0 {
			size = min(2*cap(g.blocks[last])/cells, tupleBlock)
		}
		g.blocks = append(g.blocks, make([]int, 0, size*cells))
		last++
	}
	g.blocks[last] = append(g.blocks[last], g.vals...)
	g.count++
}

// tuples returns the tuples found, in order, each a slice of its block,
// looking at the context every csp.Every of them.
func (g *gen) tuples() ([][]int, error) {
	if g.count == 0 {
		return nil, nil
	}
	cells := len(g.vals)
	out := make([][]int, 0, g.count)
	for _, b := range g.blocks {
		for at := 0; at < len(b); at += cells {
			if len(out)%csp.Every == csp.Every-1 && g.ctx.Err() != nil {
				return nil, context.Cause(g.ctx)
			}
			out = append(out, b[at:at+cells:at+cells])
		}
	}
	return out, nil
}

// initial is the neutral partial result: the empty sum or product.
func initial(op Op) int {
	if op == Mul || op == Div {
		return 1
	}
	return 0
}

// walk places cell i, acc being the sum (Add, Sub) or product (Mul, Div)
// of the values before it.
func (g *gen) walk(i, acc int) error {
	if g.steps++; g.steps > MaxCageSteps {
		return fmt.Errorf("%w: more than %d partial tuples to try", ErrTooLarge, MaxCageSteps)
	}
	if g.steps%csp.Every == 0 && g.ctx.Err() != nil {
		return context.Cause(g.ctx)
	}
	cells := len(g.vals)
	if i == cells {
		if !g.reaches(acc) {
			return nil
		}
		if g.count == MaxCageTuples {
			return fmt.Errorf("%w: more than %d tuples", ErrTooLarge, MaxCageTuples)
		}
		g.add()
		return nil
	}
	rest := cells - i - 1
next:
	for v := 1; v <= g.n; v++ {
		for _, j := range g.before[i] {
			if g.vals[j] == v {
				continue next
			}
		}
		a := acc
		switch g.op {
		case Add:
			a += v
			if a+rest > g.target {
				break next // larger values only overshoot more
			}
			if a+rest*g.n < g.target {
				continue
			}
		case Mul:
			if g.target <= 0 || a > g.target/v {
				break next // the product overshoots, and more so for larger v
			}
			if a *= v; g.target%a != 0 {
				continue
			}
		case Sub:
			// largest - others = target, so the sum is 2·largest - target.
			if a += v; a+rest > 2*g.n-g.target {
				break next
			}
		case Div:
			// largest = target · others, so the product is largest²/target.
			if g.target <= 0 || a*v > g.n*g.n/g.target {
				break next
			}
			a *= v
		}
		g.vals[i] = v
		if err := g.walk(i+1, a); err != nil {
			return err
		}
	}
	return nil
}

// reaches reports whether a full tuple, acc its sum or product, meets the
// target.
func (g *gen) reaches(acc int) bool {
	hi := 0
	for _, v := range g.vals {
		hi = max(hi, v)
	}
	switch g.op {
	case Add, Mul:
		return acc == g.target
	case Sub:
		return hi-(acc-hi) == g.target
	}
	rest := acc / hi // the product of the others
	return hi == g.target*rest
}
