// Package sudoku is sudoku with boxes of any shape (4x4 with 2x2 boxes up
// to 25x25 with 5x5), and its variants, built from generic propagators: its
// formats, its model and solver, its checker and renderer.
//
// # Symbols
//
// A grid of side N (at most MaxN = 35) holds the values 1..N, written as
// one character each: '1'..'9' for 1..9, then 'A'..'Z' for 10..35 (read in
// either case, written in upper case). An empty cell is '.' or '0' (written
// as '.'). A 16x16 grid uses 1-9 and A-G, a 25x25 grid 1-9 and A-P.
//
// # Box shapes
//
// Boxes are BoxRows rows by BoxCols columns, N = BoxRows*BoxCols, both at
// least 2. A puzzle read from one line gets the default shape of its side
// (Shape): 4 -> 2x2, 6 -> 2x3, 9 -> 3x3, 12 -> 3x4, 16 -> 4x4, 25 -> 5x5. A
// prime side has no shape and is refused.
//
// # Variants
//
// Three optional rules, in any combination, extend the classic puzzle:
//   - jigsaw: Regions gives every cell a region label; the N regions of N
//     cells replace the boxes (a jigsaw of prime side, say 7x7, is fine;
//     BoxRows*BoxCols still gives N, and the readers set 1xN);
//   - X: Diagonals makes both main diagonals hold each value once;
//   - killer: each of the Cages holds different values summing to its Sum.
//
// The model posts regions and diagonals as more units of the same units
// propagator (units.Post) as the rows and columns, and each cage with
// linear.PostDistinctSum; Check and Clash check every rule.
//
// # Formats
//
// Read takes a batch of puzzles in four forms, mixed freely. The first is
// one line per puzzle, the form of the public benchmark sets: exactly N*N
// cell characters, row by row, then optionally whitespace and a comment.
// The second is a ruled grid, as FormatGrid prints it, its box shape taken
// from the rules ('|' between boxes, a rule line between bands of boxes):
//
//	1 . | . 4
//	. . | 2 .
//	----+----
//	. 1 | . .
//	4 . | . 1
//
// The third is a game ID of Simon Tatham's Solo, which holds every variant
// (see ParseSolo), for instance the X sudoku
//
//	3x3x:c1i6_5b1b4e9b6_5b2a4i1a8b9_6b3e1b2b4_1i7c
//
// The fourth is a JSON object on one line (see ParseJSON):
//
//	{"size":4,"givens":["....","3...","...2","...4"],"diagonals":true}
//
// Blank lines and lines starting with '#' or '%' are skipped.
package sudoku

import "fmt"

// MaxN is the largest side the readers accept: the symbols run out at 35
// ('Z'), and a hostile input cannot ask for more.
const MaxN = 35

// Puzzle is a sudoku grid: N = BoxRows*BoxCols rows and columns, boxes of
// BoxRows rows by BoxCols columns, and the givens; optionally jigsaw
// regions in place of the boxes, the X diagonals, and killer cages. The
// zero values of the optional fields give the classic puzzle.
type Puzzle struct {
	BoxRows, BoxCols int
	// Cells holds the N*N cells row by row: 1..N for a given, 0 for empty.
	Cells []int
	// Ruled says the puzzle was read as a ruled grid; it is written back
	// the same way.
	Ruled bool
	// Regions, when not nil, replaces the boxes (jigsaw sudoku): one label
	// per cell, row by row; the cells sharing a label form a region, and
	// there are N regions of N cells. Region k (1-based, in messages) is
	// the k-th label met in reading order. The box shape then only gives
	// N: it may be 1xN.
	Regions []int
	// Diagonals makes the main diagonal (r1c1 to rNcN) and the
	// anti-diagonal (r1cN to rNc1) hold each value once (sudoku X).
	Diagonals bool
	// Cages are killer cages: no cell in two cages, and cages need not
	// cover the grid.
	Cages []Cage
	// Form is the form the puzzle was read in; Format writes it back in
	// the same form.
	Form Form
	// Marks, when not nil, are a person's pencil marks: the candidates of
	// each cell, row by row, as bits (bit v for value v). Solving and
	// explaining start from them.
	Marks []uint64
}

// Cage is a killer cage: its cells, as indices r*N+c row by row (0-based),
// hold different values that add up to Sum.
type Cage struct {
	Cells []int
	Sum   int
}

// Form is the text form of a puzzle.
type Form uint8

// The forms Read takes (see the package documentation).
const (
	// FormPlain is one line of cells, or a ruled grid when Puzzle.Ruled is
	// set. It holds no variant: Format writes a variant read in this form
	// (or built in Go) as JSON.
	FormPlain Form = iota
	// FormSolo is a game ID of Simon Tatham's Solo (ParseSolo).
	FormSolo
	// FormJSON is a JSON object (ParseJSON).
	FormJSON
)

// Variant reports whether p has a rule beyond rows, columns and boxes:
// regions, diagonals or cages.
func (p *Puzzle) Variant() bool {
	return p.Regions != nil || p.Diagonals || len(p.Cages) > 0
}

// N returns the side of the grid (and the number of symbols).
func (p *Puzzle) N() int { return p.BoxRows * p.BoxCols }

// Shape returns the default box shape for a grid of side n: rows is the
// largest divisor of n whose square is at most n, cols = n/rows (4 -> 2x2,
// 6 -> 2x3, 8 -> 2x4, 10 -> 2x5, 12 -> 3x4). A side below 4, above MaxN,
// or prime (whose only shape would be 1xN) is an error wrapping ErrShape.
func Shape(n int) (rows, cols int, err error) {
	if n < 4 || n > MaxN {
		return 0, 0, fmt.Errorf("%w: side %d, want 4..%d", ErrShape, n, MaxN)
	}
	r := 1
	for r*r <= n {
		r++
	}
	for r--; r >= 2; r-- {
		if n%r == 0 {
			return r, n / r, nil
		}
	}
	return 0, 0, fmt.Errorf("%w: side %d is prime, so its only boxes would be whole rows", ErrShape, n)
}

// Validate reports whether p is a well-formed puzzle: N at most MaxN and
// N*N cells, each 0..N; boxes at least 2x2, or, with Regions, any
// BoxRows, BoxCols of at least 1 making N of at least 2 and N*N labels
// forming N regions of N cells; cages of 1..N cells on the grid, no cell
// in two cages, each Sum at least 1. The error wraps ErrShape, ErrLength,
// ErrSymbol, ErrRegions or ErrCage. It does not look for repeated givens
// or sums out of reach: see Clash. Every puzzle Read returns passes it; it
// is meant for puzzles built in Go. It takes O(N*N) time.
func (p *Puzzle) Validate() error {
	if p == nil {
		return fmt.Errorf("%w: no puzzle", ErrShape)
	}
	least := 2
	if p.Regions != nil {
		least = 1
	}
	if p.BoxRows < least || p.BoxCols < least || p.BoxRows > MaxN || p.BoxCols > MaxN {
		if p.Regions != nil {
			return fmt.Errorf("%w: boxes of %dx%d, want both sides at least 1 (with regions, boxes only give the side)", ErrShape, p.BoxRows, p.BoxCols)
		}
		return fmt.Errorf("%w: boxes of %dx%d, want both sides at least 2", ErrShape, p.BoxRows, p.BoxCols)
	}
	n := p.N()
	if n > MaxN {
		return fmt.Errorf("%w: boxes of %dx%d make side %d, want at most %d", ErrShape, p.BoxRows, p.BoxCols, n, MaxN)
	}
	if n < 2 {
		return fmt.Errorf("%w: side %d, want at least 2", ErrShape, n)
	}
	if len(p.Cells) != n*n {
		return fmt.Errorf("%w: %d cells, want %d for a %dx%d grid", ErrLength, len(p.Cells), n*n, n, n)
	}
	for i, v := range p.Cells {
		if v < 0 || v > n {
			return fmt.Errorf("%w: %s holds %d, want 0..%d", ErrSymbol, cellName(n, i), v, n)
		}
	}
	if p.Regions != nil {
		if _, why := regionIndex(n, p.Regions); why != "" {
			return fmt.Errorf("%w: %s", ErrRegions, why)
		}
	}
	return validCages(n, p.Cages)
}

// regionIndex numbers the regions of labels by first appearance in
// reading order: out[i] is cell i's region, 0..n-1. Unless there are n*n
// labels forming n regions of n cells, it says why not in why.
func regionIndex(n int, labels []int) (out []int, why string) {
	if len(labels) != n*n {
		return nil, fmt.Sprintf("%d labels, want one per cell (%d)", len(labels), n*n)
	}
	index := make(map[int]int, n)
	size := make([]int, 0, n)
	out = make([]int, n*n)
	for i, l := range labels {
		k, ok := index[l]
		if !ok {
			k = len(size)
			if k == n {
				return nil, fmt.Sprintf("%s starts region %d, want %d regions of %d cells", cellName(n, i), k+1, n, n)
			}
			index[l] = k
			size = append(size, 0)
		}
		size[k]++
		if size[k] > n {
			return nil, fmt.Sprintf("region %d reaches %d cells at %s, want %d", k+1, size[k], cellName(n, i), n)
		}
		out[i] = k
	}
	if len(size) < n {
		return nil, fmt.Sprintf("%d regions, want %d of %d cells", len(size), n, n)
	}
	return out, ""
}

// validCages checks the cages of a grid of side n: 1..n cells each, on
// the grid, no cell in two cages, sums at least 1.
func validCages(n int, cages []Cage) error {
	if len(cages) == 0 {
		return nil
	}
	owner := make([]int, n*n) // 1 + the cage holding the cell, or 0
	for k, c := range cages {
		if len(c.Cells) < 1 || len(c.Cells) > n {
			return fmt.Errorf("%w: cage %d has %d cells, want 1..%d", ErrCage, k+1, len(c.Cells), n)
		}
		for _, i := range c.Cells {
			if i < 0 || i >= n*n {
				return fmt.Errorf("%w: cage %d has cell %d, want 0..%d", ErrCage, k+1, i, n*n-1)
			}
			if o := owner[i]; o != 0 {
				if o == k+1 {
					return fmt.Errorf("%w: cage %d has %s twice", ErrCage, k+1, cellName(n, i))
				}
				return fmt.Errorf("%w: %s is in cages %d and %d, want each cell in at most one", ErrCage, cellName(n, i), o, k+1)
			}
			owner[i] = k + 1
		}
		if c.Sum < 1 {
			return fmt.Errorf("%w: cage %d sums to %d, want at least 1", ErrCage, k+1, c.Sum)
		}
	}
	return nil
}

// cellName names cell i of a grid of side n as rXcY, 1-based.
func cellName(n, i int) string {
	return fmt.Sprintf("r%dc%d", i/n+1, i%n+1)
}

// value decodes a cell character: 0 for empty, 1..35 for a symbol; ok is
// false outside the alphabet.
func value(c byte) (v int, ok bool) {
	switch {
	case c == '.' || c == '0':
		return 0, true
	case c >= '1' && c <= '9':
		return int(c - '0'), true
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10, true
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10, true
	}
	return 0, false
}

// symbol encodes a cell value: '.' for 0, '?' outside 0..MaxN.
func symbol(v int) byte {
	switch {
	case v == 0:
		return '.'
	case v >= 1 && v <= 9:
		return byte('0' + v)
	case v >= 10 && v <= MaxN:
		return byte('A' + v - 10)
	}
	return '?'
}

// alphabet describes the characters a grid of side n may hold (n = 0: any
// side).
func alphabet(n int) string {
	switch {
	case n == 0:
		return "'1'-'9', 'A'-'Z', '.' or '0'"
	case n <= 9:
		return fmt.Sprintf("'1'-'%c', '.' or '0'", symbol(n))
	case n == 10:
		return "'1'-'9', 'A', '.' or '0'"
	}
	return fmt.Sprintf("'1'-'9', 'A'-'%c', '.' or '0'", symbol(n))
}
