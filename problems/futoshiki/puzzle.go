package futoshiki

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/problems/internal/square"
)

// MaxSize is the largest board the readers accept: values are single
// bitset words up to 63, and a hostile input cannot ask for more.
const MaxSize = 63

// Sign is what stands between two neighbouring cells, read from the first
// cell (left, or above) to the second (right, or below).
type Sign uint8

// The signs. Less and Greater belong to Futoshiki, Bar to the adjacent
// variant; None is no sign at all.
const (
	// None: no constraint in Futoshiki; in the adjacent variant, the two
	// values are not consecutive (they differ by more than 1).
	None Sign = iota
	// Less: the first cell holds the smaller value ('<' across, '^' down).
	Less
	// Greater: the first cell holds the larger value ('>' across, 'v' down).
	Greater
	// Bar: adjacent variant only, the two values differ by exactly 1 ('|'
	// across, '-' down).
	Bar
)

// Puzzle is an N×N Futoshiki: values 1..N, every row and column a
// permutation, signs between neighbouring cells, optional givens. With
// Adjacent set it is the adjacent variant (Tatham's "Unequal" in adjacent
// mode): every pair of neighbours is marked (Bar, differ by exactly 1) or
// not (None, differ by more than 1), and Less and Greater do not occur.
type Puzzle struct {
	N        int
	Adjacent bool
	Givens   [][]int  // Givens[r][c]: a value 1..N, or 0 for an empty cell (N×N)
	Right    [][]Sign // Right[r][c]: between (r, c) and (r, c+1) (N rows of N-1)
	Down     [][]Sign // Down[r][c]: between (r, c) and (r+1, c) (N-1 rows of N)
	Line     int      // input line where the puzzle starts (0: not read)
}

// New returns an empty Futoshiki of size n (adjacent: the adjacent
// variant): no givens, no signs.
func New(n int, adjacent bool) *Puzzle {
	p := &Puzzle{N: n, Adjacent: adjacent, Givens: make([][]int, n), Right: make([][]Sign, n), Down: make([][]Sign, max(n-1, 0))}
	for r := range n {
		p.Givens[r] = make([]int, n)
		p.Right[r] = make([]Sign, max(n-1, 0))
		if r < n-1 {
			p.Down[r] = make([]Sign, n)
		}
	}
	return p
}

// Sentinel errors; a *ParseError unwraps to one of them, and Validate and
// Check wrap them too.
var (
	ErrFormat = errors.New("futoshiki: unrecognised puzzle")
	ErrSyntax = errors.New("futoshiki: bad syntax")
	ErrSize   = errors.New("futoshiki: size out of range")
	ErrCount  = errors.New("futoshiki: wrong count of cells")
	ErrGiven  = errors.New("futoshiki: given out of range")
	ErrSign   = errors.New("futoshiki: bad sign")
	// ErrClash is what Clash wraps: givens that repeat in a row or
	// column, or two neighbouring givens that break the sign between
	// them. Such a puzzle reads, and has no solution.
	ErrClash = errors.New("futoshiki: givens clash")
	ErrLong  = errors.New("futoshiki: line too long")
	// ErrInvalid is what Check returns (wrapped) for a grid that does not
	// solve the puzzle.
	ErrInvalid = errors.New("futoshiki: not a solution")
)

// Validate reports what makes p unusable: a size out of 1..MaxSize, slices
// of the wrong shape, a given out of range, a sign of the other variant.
// The readers return only puzzles that pass it. Givens that clash do not
// make a puzzle unusable, only unsatisfiable: Clash reports them.
func (p *Puzzle) Validate() error {
	n := p.N
	if n < 1 || n > MaxSize {
		return fmt.Errorf("%w: %d, want 1..%d", ErrSize, n, MaxSize)
	}
	if len(p.Givens) != n || len(p.Right) != n || len(p.Down) != n-1 {
		return fmt.Errorf("%w: %d rows of givens, %d of across signs, %d of down signs; want %d, %d, %d",
			ErrCount, len(p.Givens), len(p.Right), len(p.Down), n, n, n-1)
	}
	for r := range n {
		if len(p.Givens[r]) != n || len(p.Right[r]) != n-1 || r < n-1 && len(p.Down[r]) != n {
			return fmt.Errorf("%w: row %d has the wrong length", ErrCount, r+1)
		}
		for c, v := range p.Givens[r] {
			if v < 0 || v > n {
				return fmt.Errorf("%w: r%dc%d is %d, want 0..%d", ErrGiven, r+1, c+1, v, n)
			}
		}
	}
	for r := range n {
		for c := range n {
			for _, e := range p.edges(r, c) {
				if !p.fits(e.sign) {
					return fmt.Errorf("%w: %s between r%dc%d and r%dc%d in %s", ErrSign, e.sign, r+1, c+1, e.r+1, e.c+1, p.mode())
				}
			}
		}
	}
	return nil
}

// fits reports whether s belongs to p's variant.
func (p *Puzzle) fits(s Sign) bool {
	switch s {
	case None:
		return true
	case Bar:
		return p.Adjacent
	case Less, Greater:
		return !p.Adjacent
	}
	return false
}

// mode names p's variant.
func (p *Puzzle) mode() string {
	if p.Adjacent {
		return "the adjacent variant"
	}
	return "Futoshiki"
}

// String returns the sign's name.
func (s Sign) String() string {
	switch s {
	case None:
		return "no sign"
	case Less:
		return "'<'"
	case Greater:
		return "'>'"
	case Bar:
		return "a bar"
	}
	return fmt.Sprintf("sign %d", uint8(s))
}

// edge is the sign from a cell to its right or lower neighbour (r, c).
type edge struct {
	r, c int
	sign Sign
}

// edges returns the signs from (r, c) to its right and lower neighbours.
// (The slice of constant capacity stays on the caller's stack once edges
// is inlined: no allocation per cell.)
func (p *Puzzle) edges(r, c int) []edge {
	out := make([]edge, 0, 2)
	if c < p.N-1 {
		out = append(out, edge{r, c + 1, p.Right[r][c]})
	}
	if r < p.N-1 {
		out = append(out, edge{r + 1, c, p.Down[r][c]})
	}
	return out
}

// Clash reports givens that clash, as an error wrapping ErrClash: the
// first pair that repeats in a row or column (rows first, then columns),
// else the first two neighbouring givens, in reading order, that break
// the sign between them. Such a puzzle has no solution, and the command
// line says so without search. nil when none clash. p must be valid
// (Validate), as the readers' puzzles are.
func (p *Puzzle) Clash() error {
	if c := square.Clash(p.Givens); c != "" {
		return fmt.Errorf("%w: %s", ErrClash, c)
	}
	for r := range p.N {
		for c := range p.N {
			a := p.Givens[r][c]
			if a == 0 {
				continue
			}
			for _, e := range p.edges(r, c) {
				if b := p.Givens[e.r][e.c]; b != 0 && !p.holds(e.sign, a, b) {
					return fmt.Errorf("%w: r%dc%d = %d and r%dc%d = %d break %s", ErrClash, r+1, c+1, a, e.r+1, e.c+1, b, p.describe(e.sign))
				}
			}
		}
	}
	return nil
}

// holds reports whether values a (first cell) and b (second) keep sign s
// in p's variant.
func (p *Puzzle) holds(s Sign, a, b int) bool {
	d := a - b
	switch {
	case s == Less:
		return a < b
	case s == Greater:
		return a > b
	case s == Bar:
		return d == 1 || d == -1
	case p.Adjacent:
		return d != 1 && d != -1
	}
	return true
}

// describe says what s asks in p's variant.
func (p *Puzzle) describe(s Sign) string {
	if s == None && p.Adjacent {
		return "the missing bar (not consecutive)"
	}
	return s.String()
}

// Check verifies, independently of the model and its propagators, that
// grid solves p: the right shape, values 1..N, every row and column a
// permutation, every given kept, every sign kept (and, in the adjacent
// variant, no two unmarked neighbours consecutive).
func Check(p *Puzzle, grid [][]int) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("%w: the puzzle is invalid: %w", ErrInvalid, err)
	}
	n := p.N
	if err := square.Check(grid, n, p.Givens, ErrInvalid); err != nil {
		return err
	}
	if line, i, v, ok := square.Repeat(grid); ok {
		return fmt.Errorf("%w: %s %d holds %d twice", ErrInvalid, line, i+1, v)
	}
	for r := range n {
		for c := range n {
			for _, e := range p.edges(r, c) {
				a, b := grid[r][c], grid[e.r][e.c]
				if !p.holds(e.sign, a, b) {
					return fmt.Errorf("%w: r%dc%d = %d and r%dc%d = %d break %s", ErrInvalid, r+1, c+1, a, e.r+1, e.c+1, b, p.describe(e.sign))
				}
			}
		}
	}
	return nil
}
