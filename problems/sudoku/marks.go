package sudoku

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"math/bits"
	"slices"
	"strings"

	"github.com/cspgo/csp/internal/textio"
	"github.com/cspgo/csp/problems/internal/square"
)

// Sentinel errors of the pencil-mark form (ReadMarks); its other errors
// unwrap to ErrLength, ErrSymbol, ErrShape and ErrTooLong.
var (
	ErrMarkRepeat = errors.New("sudoku: candidate repeats in a cell")
	ErrMarkEmpty  = errors.New("sudoku: cell with no candidate")
)

// FormatMarks writes pencil marks in the form ReadMarks reads: N lines of
// N tokens, one per cell, each the cell's candidates as symbols (1-9, then
// A-Z) in increasing order, run together at any size (1379, 19AC). Tokens
// are padded with spaces to the widest, so that the columns line up; '|'
// stands between boxes and a rule of '-' and '+' between bands of boxes,
// as in FormatGrid, so that ReadMarks takes the box shape back. Lines have
// no trailing space, and the block ends with a newline (put a blank line
// between two blocks of a batch). Regions, diagonals and cages are not
// written (a puzzle with Regions gets no rules).
//
// cands[r][c] lists the candidates of cell (r, c); nil cands takes them
// from p: its Marks, else its given, else every value. A cell with no
// candidate is written '-', and a cell missing from cands or holding a
// value outside 1..N '?': neither reads back.
func FormatMarks(p *Puzzle, cands [][][]int) string {
	if p.BoxRows <= 0 || p.BoxCols <= 0 || p.BoxRows > MaxN || p.BoxCols > MaxN || p.N() > MaxN {
		return ""
	}
	n := p.N()
	toks := make([]string, 0, n*n)
	width := 1
	for r := range n {
		for c := range n {
			vals, ok := square.Candidates(cands, p.Marks, n, r, c, p.given(r, c))
			t := markToken(vals, ok, n)
			width = max(width, len(t))
			toks = append(toks, t)
		}
	}
	boxes := p.Regions == nil && p.BoxRows >= 2 && p.BoxCols >= 2
	var rule string // a box is BoxCols tokens and the spaces between them
	if boxes {
		seg := strings.Repeat("-", p.BoxCols*(width+1)-1)
		rule = seg + strings.Repeat("-+-"+seg, n/p.BoxCols-1) + "\n"
	}
	var b strings.Builder
	for r := range n {
		if boxes && r > 0 && r%p.BoxRows == 0 {
			b.WriteString(rule)
		}
		for c := range n {
			t := toks[r*n+c]
			if c > 0 {
				b.WriteByte(' ')
				if boxes && c%p.BoxCols == 0 {
					b.WriteString("| ")
				}
			}
			b.WriteString(t)
			if c < n-1 {
				b.WriteString(strings.Repeat(" ", width-len(t)))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// given returns p's given at (r, c), 0 for none or a cell it lacks.
func (p *Puzzle) given(r, c int) int {
	if i := r*p.N() + c; i < len(p.Cells) {
		return p.Cells[i]
	}
	return 0
}

// markToken writes one cell's candidates for a grid of side n.
func markToken(vals []int, ok bool, n int) string {
	if !ok {
		return "?"
	}
	vals = slices.Compact(slices.Sorted(slices.Values(vals)))
	if len(vals) == 0 {
		return "-"
	}
	b := make([]byte, len(vals))
	for i, v := range vals {
		if v < 1 || v > n {
			return "?"
		}
		b[i] = symbol(v)
	}
	return string(b)
}

// ReadMarks streams a batch of pencil-mark grids as FormatMarks writes
// them: blocks separated by blank lines, each N lines (N = 4..35, a side
// with a box shape) of N tokens separated by spaces, one per cell, each
// the cell's candidates as symbols run together (1379, 19AC; letters in
// either case). Lines starting with '#' or '%' are skipped, inside a block
// too. '|' between tokens and rule lines (only the characters -=+.:'*|,
// with a '-' or '=', as FormatMarks and other programs draw them) are
// ignored, save that they give the box shape: '|' in the first row every
// w cells and rules every h rows (either, or both) make boxes h x w when
// that makes N with both sides at least 2; otherwise the shape is
// Shape(N).
//
// Each block gives a Puzzle (Ruled, so that Format writes its solution as
// a grid) whose Marks hold every cell's candidates, and whose Cells hold,
// as a given, the value of every cell with exactly one candidate (0
// elsewhere): a mark grid writes a placed value as a lone candidate.
// Givens that repeat are no parse error (see Clash). A malformed block
// becomes an Item with Err set, a *ParseError naming the instance, the
// line and the field (the 1-based character position) and wrapping
// ErrLength (a row of the wrong number of tokens, a block of the wrong
// number of rows), ErrShape (a side above MaxN or without a box shape),
// ErrSymbol (a character outside 1..N), ErrMarkRepeat (a candidate twice
// in a token), ErrMarkEmpty (a token '-') or ErrTooLong (a line over
// MaxLine, or a block over textio's bounds); reading goes on with the
// next block. A read error ends the batch with an item holding it.
// Memory stays bounded: one block at a time (textio.Blocks). Stopping
// the iteration early stops reading.
func ReadMarks(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		var batch textio.Batch[*Puzzle]
		for blk, err := range textio.Blocks(r, marksOptions) {
			var p *Puzzle
			if err == nil {
				b := marksBlock{start: blk.Start}
				for _, l := range blk.Lines {
					b.add(string(l.Text), l.No)
				}
				p, err = b.finish()
			}
			if !yield(batch.Item(blk.Start, p, err)) {
				return
			}
		}
	}
}

// marksOptions are how ReadMarks takes lines: as Read does, but a comment
// line is dropped, so that a block goes on across it.
var marksOptions = textio.Options{MaxLine: MaxLine, Comment: "#%", TooLong: ErrTooLong}

// marksBlock gathers a block of ReadMarks one line at a time.
type marksBlock struct {
	start    int         // first line
	err      *ParseError // the first error; later lines are skipped
	n        int         // side, from the first row (0 before it)
	rows     int         // rows read
	lastLine int         // the last line of the block
	bars     []int       // cells before each '|' of the first row
	rules    []int       // rows before each rule line
	marks    []uint64
}

func (b *marksBlock) fail(line, field int, err error, detail string, args ...any) {
	if b.err == nil {
		b.err = &ParseError{Line: line, Field: field, Err: err, Detail: fmt.Sprintf(detail, args...)}
	}
}

// isMarkRule reports whether t (trimmed) is a rule line: no spaces, only
// frame characters, and at least one '-' or '='.
func isMarkRule(t string) bool {
	return strings.Trim(t, "-=+.:'*|") == "" && strings.ContainsAny(t, "-=")
}

// add takes the next line of the block, s as read.
func (b *marksBlock) add(s string, line int) {
	b.lastLine = line
	if b.err != nil {
		return
	}
	if isMarkRule(strings.TrimSpace(s)) {
		b.rules = append(b.rules, b.rows)
		return
	}
	type token struct{ start, end int }
	var toks []token
	var bars []int
	start := -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '|' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			toks = append(toks, token{start, i})
			start = -1
		}
		if i < len(s) && s[i] == '|' {
			bars = append(bars, len(toks))
		}
	}
	if b.rows == 0 {
		n := len(toks)
		if _, _, err := Shape(n); err != nil {
			b.fail(line, 0, ErrShape, "a row of %d cells, %s", n, shapeDetail(n))
			return
		}
		b.n, b.bars = n, bars
		b.marks = make([]uint64, 0, n*n)
	}
	n := b.n
	if b.rows == n {
		b.fail(line, 0, ErrLength, "more than %d rows, want one per cell of a row (a blank line ends a block)", n)
		return
	}
	if len(toks) != n {
		field := 0
		if len(toks) > n {
			field = toks[n].start + 1
		}
		b.fail(line, field, ErrLength, "row %d has %d cells, want %d like the first", b.rows+1, len(toks), n)
		return
	}
	for _, tk := range toks {
		if s[tk.start:tk.end] == "-" {
			b.fail(line, tk.start+1, ErrMarkEmpty, "'-' marks a cell with no candidate")
			return
		}
		var mask uint64
		for i := tk.start; i < tk.end; i++ {
			v, ok := value(s[i])
			if !ok || v == 0 || v > n {
				b.fail(line, i+1, ErrSymbol, "found %s in %s, want %s in a %dx%d grid", badChar(s, i), textio.Quote(s[tk.start:tk.end]), markAlphabet(n), n, n)
				return
			}
			if mask>>v&1 == 1 {
				b.fail(line, i+1, ErrMarkRepeat, "%c twice in %s", symbol(v), textio.Quote(s[tk.start:tk.end]))
				return
			}
			mask |= 1 << v
		}
		b.marks = append(b.marks, mask)
	}
	b.rows++
}

// shapeDetail says why a side has no box shape.
func shapeDetail(n int) string {
	switch {
	case n < 4:
		return "want at least 4"
	case n > MaxN:
		return fmt.Sprintf("want at most %d", MaxN)
	}
	return fmt.Sprintf("and %d is prime, so it has no boxes", n)
}

// markAlphabet describes the symbols of a grid of side n.
func markAlphabet(n int) string {
	switch {
	case n <= 9:
		return fmt.Sprintf("'1'-'%c'", symbol(n))
	case n == 10:
		return "'1'-'9' or 'A'"
	}
	return fmt.Sprintf("'1'-'9' or 'A'-'%c'", symbol(n))
}

// finish checks the whole block and returns its puzzle.
func (b *marksBlock) finish() (*Puzzle, error) {
	if b.err != nil {
		return nil, b.err
	}
	if b.rows == 0 {
		return nil, &ParseError{Line: b.start, Err: ErrLength, Detail: "rule lines and no row"}
	}
	if b.rows != b.n {
		return nil, &ParseError{Line: b.start, Err: ErrLength,
			Detail: fmt.Sprintf("%d rows on lines %d-%d, want %d, one per cell of a row", b.rows, b.start, b.lastLine, b.n)}
	}
	n := b.n
	rows, cols, _ := Shape(n) // the first row checked that there is one
	h, w := every(b.rules, n), every(b.bars, n)
	switch {
	case h == 0 && w == 0:
	case h == 0 && n/w >= 2:
		rows, cols = n/w, w
	case w == 0 && n/h >= 2:
		rows, cols = h, n/h
	case h*w == n:
		rows, cols = h, w
	}
	p := &Puzzle{BoxRows: rows, BoxCols: cols, Ruled: true, Cells: make([]int, n*n), Marks: b.marks}
	for i, m := range b.marks {
		if m&(m-1) == 0 {
			p.Cells[i] = bits.TrailingZeros64(m)
		}
	}
	return p, nil
}

// every returns k when the positions strictly inside 0..n are exactly k,
// 2k, ..., n-k (the ends, where a frame is, and repeats ignored), k at
// least 2 and dividing n; else 0.
func every(pos []int, n int) int {
	var inner []int
	for _, x := range pos {
		if x > 0 && x < n && (len(inner) == 0 || inner[len(inner)-1] != x) {
			inner = append(inner, x)
		}
	}
	if len(inner) == 0 {
		return 0
	}
	k := inner[0]
	if k < 2 || n%k != 0 || len(inner) != n/k-1 {
		return 0
	}
	for i, x := range inner {
		if x != (i+1)*k {
			return 0
		}
	}
	return k
}
