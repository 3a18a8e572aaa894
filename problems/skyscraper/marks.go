package skyscraper

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"math/bits"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
	"github.com/cspgo/csp/problems/internal/square"
)

// Sentinel errors of the pencil-mark form (ReadMarks); its other errors
// unwrap to ErrSize, ErrCount, ErrNumber and ErrClue.
var (
	ErrMarkRange  = errors.New("skyscraper: candidate out of range")
	ErrMarkRepeat = errors.New("skyscraper: candidate repeats in a cell")
	ErrMarkEmpty  = errors.New("skyscraper: cell with no candidate")
)

// FormatMarks writes pencil marks in the form ReadMarks reads: the board
// framed by its clues as Format frames a solution (the top clues, each row
// between its left and right clues, the bottom clues; '.' for no clue),
// each cell a token of its candidate heights in increasing order,
// concatenated when N <= 9 (1379) and separated by commas above (1,12,15).
// Cell tokens, and the top and bottom clues above and below them, are
// padded with spaces to the widest token, so that the columns line up;
// lines have no trailing space, and the block ends with a newline (put a
// blank line between two blocks of a batch). Givens are not written apart:
// a given is a cell with one candidate. Interior clues follow the bottom
// clues, a line each, as Format writes them ("interior r3c3 down 1").
//
// cands[r][c] lists the candidates of cell (r, c); nil cands takes them
// from p: its Marks, else its given, else every height. A cell with no
// candidate is written '-', and a cell missing from cands or holding a
// value outside 1..N '?': neither reads back.
func FormatMarks(p *Puzzle, cands [][][]int) string {
	n := p.N
	if n < 1 {
		return ""
	}
	toks := make([]string, 0, n*n)
	width := 1
	for r := range n {
		for c := range n {
			vals, ok := square.Candidates(cands, p.Marks, n, r, c, p.given(r, c))
			t := square.MarkToken(vals, ok, n)
			width = max(width, len(t))
			toks = append(toks, t)
		}
	}
	clue := func(side []int, i int) string {
		switch {
		case i >= len(side) || side[i] == 0:
			return "."
		case side[i] < 0 || side[i] > n:
			return "?"
		}
		return strconv.Itoa(side[i])
	}
	cw := len(strconv.Itoa(n)) // the column of left clues
	var b strings.Builder
	cells := func(tok func(c int) string) {
		for c := range n {
			t := tok(c)
			b.WriteString(t)
			if c < n-1 {
				b.WriteString(strings.Repeat(" ", width-len(t)+1))
			}
		}
	}
	edge := func(side []int) {
		b.WriteString(strings.Repeat(" ", cw+1))
		cells(func(c int) string { return clue(side, c) })
		b.WriteByte('\n')
	}
	edge(p.Top)
	for r := range n {
		fmt.Fprintf(&b, "%*s ", cw, clue(p.Left, r))
		cells(func(c int) string { return toks[r*n+c] })
		b.WriteString(strings.Repeat(" ", width-len(toks[r*n+n-1])+1))
		b.WriteString(clue(p.Right, r))
		b.WriteByte('\n')
	}
	edge(p.Bottom)
	b.WriteString(formatInterior(p))
	return b.String()
}

// given returns p's given at (r, c), 0 for none or a cell it lacks.
func (p *Puzzle) given(r, c int) int {
	if r < len(p.Givens) && c < len(p.Givens[r]) {
		return p.Givens[r][c]
	}
	return 0
}

// ReadMarks reads a batch of pencil-mark boards as FormatMarks writes
// them: blocks separated by blank lines, each N+2 lines: N top clues (N,
// 1..63, is their count), N rows of a left clue, N cell tokens and a right
// clue, and N bottom clues; a clue is '.' (none) or 1..N; then a line per
// interior clue, as Format writes it ("interior r3c3 down 1"). A cell token
// lists the cell's candidate heights: digits run together when N <= 9
// (1379), numbers separated by commas when N >= 10 (1,12,15; commas are
// read at any size). Lines starting with '#' or '%' are skipped, inside a
// block too.
//
// Each block gives a Puzzle with the clues of its frame, Marks holding
// every cell's candidates, and Givens holding the height of every cell
// with exactly one candidate (0 elsewhere): a mark grid writes a placed
// height as a lone candidate. A malformed block becomes an Item with Err
// set, a *ParseError naming the line and the field (the token, 1-based,
// the left clue first) and wrapping ErrSize (more than 63 top clues),
// ErrCount (a line of the wrong number of tokens, a block of the wrong
// number of lines), ErrNumber (a token not made of numbers), ErrClue (a
// clue out of 1..N), ErrMarkRange (a candidate out of 1..N),
// ErrMarkRepeat (a candidate twice in a token), ErrMarkEmpty (a token
// '-', or an empty number between commas) or ErrTooLong (a line over
// MaxLine in the block, or a block over textio's bounds); reading goes on
// with the next block. Two cells of a row or column with the same single
// candidate are givens that clash: the block reads, and Clash names them. A read error ends the batch with an item
// holding it. Memory stays bounded: one block at a time (textio.Blocks);
// stopping the iteration early stops reading.
func ReadMarks(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		var batch textio.Batch[*Puzzle]
		for b, err := range textio.Blocks(r, readOptions) {
			var p *Puzzle
			if err == nil {
				if p, err = parseMarks(b); err == nil {
					p.Line = b.Start
				}
			}
			if !yield(batch.Item(b.Start, p, err)) {
				return
			}
		}
	}
}

// parseMarks reads one block of pencil marks.
func parseMarks(b textio.Block) (*Puzzle, error) {
	fail := func(line, field int, err error, detail string, args ...any) error {
		return &ParseError{Line: line, Field: field, Err: err, Detail: fmt.Sprintf(detail, args...)}
	}
	lines, inLines := splitInterior(b.Lines)
	b.Lines = lines
	top := strings.Fields(string(b.Lines[0].Text))
	n := len(top)
	if n > MaxSize {
		return nil, fail(b.Lines[0].No, 0, ErrSize, "%d top clues, want 1..%d", n, MaxSize)
	}
	if len(b.Lines) == 1 {
		// A puzzle in another form (a Towers ID, a clue list) is one line;
		// the smallest grid is three.
		return nil, fail(b.Lines[0].No, 0, ErrCount, "a block of 1 line, want a pencil-mark grid: the top clues, a line per row, the bottom clues (the form csp marks writes)")
	}
	clue := func(s string, line, field int) (int, error) {
		if s == "." {
			return 0, nil
		}
		if strings.Trim(s, "0123456789") != "" {
			return 0, fail(line, field, ErrNumber, "found %s, want a clue 1..%d or '.'", textio.Quote(s), n)
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 || v > n {
			return 0, fail(line, field, ErrClue, "found %s, want 1..%d or '.'", s, n)
		}
		return v, nil
	}
	edge := func(l textio.Line, side []int, name string) error {
		f := strings.Fields(string(l.Text))
		if len(f) != n {
			return fail(l.No, min(len(f), n)+1, ErrCount, "%d %s clues, want %d like the top", len(f), name, n)
		}
		for c, s := range f {
			v, err := clue(s, l.No, c+1)
			if err != nil {
				return err
			}
			side[c] = v
		}
		return nil
	}
	p := New(n)
	p.Marks = make([]uint64, n*n)
	p.Givens = make([][]int, n)
	if err := edge(b.Lines[0], p.Top, "top"); err != nil {
		return nil, err
	}
	for i, l := range b.Lines[1:] {
		switch {
		case i == n:
			if err := edge(l, p.Bottom, "bottom"); err != nil {
				return nil, err
			}
			continue
		case i > n:
			return nil, fail(l.No, 0, ErrCount, "more than %d lines: %d clues above, %d rows, %d clues below (a blank line ends a block)", n+2, n, n, n)
		}
		f := strings.Fields(string(l.Text))
		if len(f) != n+2 {
			return nil, fail(l.No, min(len(f), n+2)+1, ErrCount, "%d tokens, want %d (clue, %d cells, clue)", len(f), n+2, n)
		}
		var err error
		if p.Left[i], err = clue(f[0], l.No, 1); err != nil {
			return nil, err
		}
		p.Givens[i] = make([]int, n)
		for c, s := range f[1 : n+1] {
			mask, detail, err := square.ParseMark(s, n, markErrors)
			if err != nil {
				return nil, fail(l.No, c+2, err, "%s", detail)
			}
			p.Marks[i*n+c] = mask
			if mask&(mask-1) == 0 {
				p.Givens[i][c] = bits.TrailingZeros64(mask)
			}
		}
		if p.Right[i], err = clue(f[n+1], l.No, n+2); err != nil {
			return nil, err
		}
	}
	if count := len(b.Lines); count < n+2 {
		return nil, fail(b.Lines[count-1].No, 0, ErrCount, "%d lines, want %d: %d clues above, %d rows, %d clues below", count, n+2, n, n, n)
	}
	var err error
	if p.Interior, err = parseInterior(inLines, n); err != nil {
		return nil, err
	}
	return p, nil
}

// markErrors are the sentinels of a bad pencil-mark token.
var markErrors = square.MarkErrors{Empty: ErrMarkEmpty, Number: ErrNumber, Range: ErrMarkRange, Repeat: ErrMarkRepeat}
