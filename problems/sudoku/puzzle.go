// Package sudoku is sudoku with boxes of any shape (4x4 with 2x2 boxes up
// to 25x25 with 5x5), built from generic propagators: its formats, its
// model and solver, its checker and renderer.
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
// # Formats
//
// Read takes a batch of puzzles in two forms, mixed freely. The first is
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
// Blank lines and lines starting with '#' or '%' are skipped.
package sudoku

import "fmt"

// MaxN is the largest side the readers accept: the symbols run out at 35
// ('Z'), and a hostile input cannot ask for more.
const MaxN = 35

// Puzzle is a sudoku grid: N = BoxRows*BoxCols rows and columns, boxes of
// BoxRows rows by BoxCols columns, and the givens.
type Puzzle struct {
	BoxRows, BoxCols int
	// Cells holds the N*N cells row by row: 1..N for a given, 0 for empty.
	Cells []int
	// Ruled says the puzzle was read as a ruled grid; it is written back
	// the same way.
	Ruled bool
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

// Validate reports whether p is a well-formed puzzle: boxes at least 2x2,
// N at most MaxN, N*N cells, each 0..N. The error wraps ErrShape,
// ErrLength or ErrSymbol. It does not look for repeated givens: see Clash.
// Every puzzle Read returns passes it; it is meant for puzzles built in Go.
func (p *Puzzle) Validate() error {
	if p == nil {
		return fmt.Errorf("%w: no puzzle", ErrShape)
	}
	if p.BoxRows < 2 || p.BoxCols < 2 || p.BoxRows > MaxN || p.BoxCols > MaxN {
		return fmt.Errorf("%w: boxes of %dx%d, want both sides at least 2", ErrShape, p.BoxRows, p.BoxCols)
	}
	n := p.N()
	if n > MaxN {
		return fmt.Errorf("%w: boxes of %dx%d make side %d, want at most %d", ErrShape, p.BoxRows, p.BoxCols, n, MaxN)
	}
	if len(p.Cells) != n*n {
		return fmt.Errorf("%w: %d cells, want %d for a %dx%d grid", ErrLength, len(p.Cells), n*n, n, n)
	}
	for i, v := range p.Cells {
		if v < 0 || v > n {
			return fmt.Errorf("%w: %s holds %d, want 0..%d", ErrSymbol, cellName(n, i), v, n)
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
