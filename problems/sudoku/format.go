package sudoku

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cspgo/csp/internal/textio"
)

// MaxLine is the longest line Read accepts, in bytes. The largest puzzle
// needs 1,225 characters; a longer line (up to MaxLine) may carry a long
// comment. Read rejects a line past it without holding it in memory.
const MaxLine = 64 * 1024

// Sentinel errors; a *ParseError unwraps to one of them.
var (
	ErrLength  = errors.New("sudoku: wrong count of cells")
	ErrSymbol  = errors.New("sudoku: bad symbol")
	ErrShape   = errors.New("sudoku: no box shape")
	ErrRules   = errors.New("sudoku: irregular ruled grid")
	ErrTooLong = errors.New("sudoku: line too long")
	ErrCount   = errors.New("sudoku: want exactly one puzzle")
	ErrRegions = errors.New("sudoku: bad regions")
	ErrCage    = errors.New("sudoku: bad cage")
	ErrSolo    = errors.New("sudoku: bad Solo game ID")
	ErrJSON    = errors.New("sudoku: bad JSON puzzle")
)

// ParseError says where an input is malformed: instance, line, field (for
// this package's formats, the 1-based character position on the line; 0
// for the line as a whole), and a sentinel of this package in Err.
type ParseError = textio.ParseError

// Item is one puzzle of a batch (Value), or the error that spoilt it: a
// *ParseError whose Err is a sentinel, or the reader's error.
type Item = textio.Item[*Puzzle]

// Read streams the puzzles of a batch (see the package comment for the
// forms): a line starting with '{' is a JSON puzzle (ParseJSON); else a
// line holding '|' whose first field is a single character or holds the
// '|', or a line of only '-' and '+', belongs to a ruled grid; any other
// line is a one-line puzzle, or a Solo game ID (ParseSolo) when its first
// field holds a ':' (or a '#', as a Solo random seed does, which is
// refused), the rest of the line a comment. A ruled grid runs over
// consecutive such lines and ends at any other line (a blank line or a
// comment included). The repeated givens of a puzzle are no parse error (see
// Clash).
//
// A malformed puzzle becomes an Item with Err set and reading goes on with
// the next one; a line longer than MaxLine is one such item. A read error
// ends the batch with an item holding it. Memory stays bounded however
// long the input: one line and one grid at a time. Stopping the iteration
// early stops reading.
func Read(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		var (
			batch textio.Batch[*Puzzle]
			block *ruled
		)
		flush := func() bool {
			if block == nil {
				return true
			}
			b := block
			block = nil
			p, err := b.finish()
			return yield(batch.Item(b.start, p, err))
		}
		for l, err := range textio.Lines(r, readOptions) {
			if err != nil {
				ok := flush() && yield(batch.Item(l.No, nil, lineError(err)))
				if !ok || !errors.Is(err, ErrTooLong) {
					return // a read error ends the batch
				}
				continue
			}
			ok := true
			switch t := bytes.TrimSpace(l.Text); {
			case len(t) == 0:
				ok = flush()
			case t[0] != '{' && (isRule(t) || isRuledRow(t)):
				if block == nil {
					block = &ruled{start: l.No}
				}
				s := string(l.Text)
				block.add(s, strings.TrimSpace(s), l.No)
			default:
				if ok = flush(); ok {
					p, perr := parseLine(l.Text, l.No)
					ok = yield(batch.Item(l.No, p, perr))
				}
			}
			if !ok {
				return
			}
		}
		flush()
	}
}

// readOptions are how Read takes lines: up to MaxLine bytes, a longer
// one an error wrapping ErrTooLong; a line starting with '#' or '%' is a
// comment and reads as blank, so that it ends a ruled grid.
var readOptions = textio.Options{MaxLine: MaxLine, Comment: "#%", CommentBlank: true, TooLong: ErrTooLong}

// lineError says what a line must hold when err is a line too long.
func lineError(err error) error {
	var pe *ParseError
	if errors.As(err, &pe) && errors.Is(err, ErrTooLong) {
		pe.Detail = fmt.Sprintf("more than %d bytes; a %dx%d puzzle needs %d", MaxLine, MaxN, MaxN, MaxN*MaxN)
	}
	return err
}

// isRule reports whether t (trimmed) is a rule line: only '-' and '+',
// at least one '-'.
func isRule(t []byte) bool {
	return len(bytes.Trim(t, "-+")) == 0 && bytes.IndexByte(t, '-') >= 0
}

// isRuledRow reports whether t (trimmed) is a row of a ruled grid: it holds
// '|', and its first field is one character or holds the '|' (a one-line
// puzzle's first field is at least 16 cells, and its comment may hold
// anything).
func isRuledRow(t []byte) bool {
	if bytes.IndexByte(t, '|') < 0 {
		return false
	}
	first := t
	if i := bytes.IndexAny(t, " \t"); i >= 0 {
		first = t[:i]
	}
	return len(first) == 1 || bytes.IndexByte(first, '|') >= 0
}

// badChar describes the character at s[i] for an error message.
func badChar(s string, i int) string {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return fmt.Sprintf("%q", r)
}

// parseLine reads a one-line puzzle: the first field of s holds the cells
// (or a Solo game ID, which holds a ':'), the rest of the line is a
// comment; or, when the line starts with '{', a JSON object.
//
// The plain form, the one a batch of millions is made of, costs no
// allocation in the steady state: the line is read as bytes, and the
// puzzle is one handed back (Recycle) when there is one.
func parseLine(s []byte, line int) (*Puzzle, error) {
	fail := func(field int, err error, detail string, args ...any) error {
		return &ParseError{Line: line, Field: field, Err: err, Detail: fmt.Sprintf(detail, args...)}
	}
	start := 0
	for start < len(s) && (s[start] == ' ' || s[start] == '\t') {
		start++
	}
	if start < len(s) && s[start] == '{' {
		return parseJSONLine(string(s), start, line)
	}
	end := start
	for end < len(s) && s[end] != ' ' && s[end] != '\t' {
		end++
	}
	p, ok := free.Get()
	if !ok {
		p = &Puzzle{}
	}
	cells := slices.Grow(p.Cells[:0], end-start)
	// back hands p, with the array of cells, back to the free list when
	// the line makes no plain puzzle, and returns err.
	back := func(err error) error {
		p.Cells = cells
		free.Put(p)
		return err
	}
	for i := start; i < end; i++ {
		v, ok := value(s[i])
		if !ok {
			// No cell is ':' or '#': the field is a Solo game ID (or
			// random seed), found without a second pass over the cells.
			if bytes.ContainsAny(s[i:end], ":#") {
				_ = back(nil)
				return parseSolo(string(s[start:end]), start, line)
			}
			// Every character before s[i] is ASCII, so i+1 is the column.
			return nil, back(fail(i+1, ErrSymbol, "found %s, want %s", badChar(string(s), i), alphabet(0)))
		}
		cells = append(cells, v)
	}
	k := len(cells)
	n := 0
	for (n+1)*(n+1) <= k {
		n++
	}
	if n*n != k || n < 4 || n > MaxN {
		return nil, back(fail(0, ErrLength, "found %d cells, want %s", k, lengthsNear(k)))
	}
	rows, cols, err := Shape(n)
	if err != nil {
		return nil, back(fail(0, ErrShape, "%d cells make a %dx%d grid, which has no box shape; want %s", k, n, n, lengthsNear(k)))
	}
	for j, v := range cells {
		if v > n {
			return nil, back(fail(start+j+1, ErrSymbol, "found %q (%d), want %s in a %dx%d grid", s[start+j], v, alphabet(n), n, n))
		}
	}
	*p = Puzzle{BoxRows: rows, BoxCols: cols, Cells: cells}
	return p, nil
}

// free holds the puzzles a batch handed back (Recycle), for parseLine to
// fill again.
var free textio.Free[*Puzzle]

// Recycle hands p back to the reader once nothing refers to it: its cells
// array serves a later one-line puzzle of a batch (see
// catalog.Recycler).
func Recycle(p *Puzzle) {
	if p != nil {
		free.Put(p)
	}
}

// lengthsNear names the valid line lengths (N*N for a side N with a box
// shape) nearest to k, below and above.
func lengthsNear(k int) string {
	below, above := 0, 0
	for n := 4; n <= MaxN; n++ {
		if _, _, err := Shape(n); err != nil {
			continue
		}
		switch {
		case n*n < k:
			below = n
		case n*n > k && above == 0:
			above = n
		}
	}
	name := func(n int) string { return fmt.Sprintf("%d (%dx%d)", n*n, n, n) }
	switch {
	case below == 0:
		return name(above)
	case above == 0:
		return "at most " + name(below)
	}
	return name(below) + " or " + name(above)
}

// ruled gathers a ruled grid one line at a time, keeping only its cells.
type ruled struct {
	start        int         // first line
	err          *ParseError // the first error; later lines are skipped
	n            int         // side, from the first row (0 before it)
	boxCols      int         // cells before the first '|'
	bars         int         // '|' per row
	firstLine    int         // line of the first row
	boxRows      int         // rows before the first rule line (0 before it)
	rows         int         // rows read
	inBand       int         // rows since the last rule line
	lastRule     int         // line of the last line if it was a rule line, else 0
	lastLine     int         // the last line of the block
	cells        []int
	vals, cols   []int // one row's values and their columns (reused)
	groups, barc []int // one row's group sizes and '|' columns (reused)
}

func (b *ruled) fail(line, field int, err error, detail string, args ...any) {
	if b.err == nil {
		b.err = &ParseError{Line: line, Field: field, Err: err, Detail: fmt.Sprintf(detail, args...)}
	}
}

// add takes the next line of the block: s as read, t trimmed.
func (b *ruled) add(s, t string, line int) {
	b.lastLine = line
	if b.err != nil {
		return
	}
	if isRule([]byte(t)) {
		b.rule(t, line)
		return
	}
	b.row(s, line)
}

// rule takes a rule line.
func (b *ruled) rule(t string, line int) {
	switch {
	case b.rows == 0:
		b.fail(line, 0, ErrRules, "rule line before any row; want rules only between bands of boxes")
		return
	case b.lastRule != 0:
		b.fail(line, 0, ErrRules, "two rule lines in a row (lines %d and %d)", b.lastRule, line)
		return
	}
	if plus := strings.Count(t, "+"); plus != b.bars {
		b.fail(line, 0, ErrRules, "%d '+' in the rule, want %d, one under each '|'", plus, b.bars)
		return
	}
	if b.boxRows == 0 {
		b.boxRows = b.inBand
	} else if b.inBand != b.boxRows {
		b.fail(line, 0, ErrRules, "a band of %d rows, want %d like the first", b.inBand, b.boxRows)
		return
	}
	b.inBand = 0
	b.lastRule = line
}

// row takes a row line s (as read, so that columns count from its start).
func (b *ruled) row(s string, line int) {
	b.vals, b.cols, b.groups, b.barc = b.vals[:0], b.cols[:0], b.groups[:0], b.barc[:0]
	size := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t':
		case '|':
			b.groups = append(b.groups, size)
			b.barc = append(b.barc, i+1)
			size = 0
		default:
			v, ok := value(c)
			if !ok {
				// Every character before s[i] is ASCII, so i+1 is the column.
				b.fail(line, i+1, ErrSymbol, "found %s, want %s, '|' or a space", badChar(s, i), alphabet(b.n))
				return
			}
			b.vals = append(b.vals, v)
			b.cols = append(b.cols, i+1)
			size++
		}
	}
	b.groups = append(b.groups, size)
	if b.rows == 0 {
		b.n, b.boxCols, b.bars, b.firstLine = len(b.vals), b.groups[0], len(b.barc), line
		if b.n > MaxN {
			b.fail(line, 0, ErrShape, "a row of %d cells, want at most %d", b.n, MaxN)
			return
		}
	} else if len(b.vals) != b.n {
		field := 0
		if len(b.vals) > b.n {
			field = b.cols[b.n]
		}
		b.fail(line, field, ErrLength, "row %d has %d cells, want %d like the first", b.rows+1, len(b.vals), b.n)
		return
	}
	for g, size := range b.groups {
		if size == b.boxCols && size > 0 && g <= b.bars {
			continue
		}
		field := b.barc[min(g, len(b.barc)-1)]
		switch {
		case b.boxCols == 0:
			b.fail(line, field, ErrRules, "'|' before the first cell, want '|' only between boxes")
		case size == 0:
			b.fail(line, field, ErrRules, "a box with no cells, want '|' only between boxes")
		case b.rows == 0:
			b.fail(line, field, ErrRules, "box %d of the row has %d cells, want %d like the first", g+1, size, b.boxCols)
		default:
			b.fail(line, field, ErrRules, "box %d of the row has %d cells, want '|' after every %d as on line %d", g+1, size, b.boxCols, b.firstLine)
		}
		return
	}
	for k, v := range b.vals {
		if v > b.n {
			b.fail(line, b.cols[k], ErrSymbol, "found %q (%d), want %s in a %dx%d grid", s[b.cols[k]-1], v, alphabet(b.n), b.n, b.n)
			return
		}
	}
	if b.rows == b.n {
		b.fail(line, 0, ErrLength, "more than %d rows, want one per cell of a row", b.n)
		return
	}
	b.rows++
	b.inBand++
	b.lastRule = 0
	b.cells = append(b.cells, b.vals...)
}

// finish checks the whole block and returns its puzzle.
func (b *ruled) finish() (*Puzzle, error) {
	if b.err != nil {
		return nil, b.err
	}
	if b.lastRule != 0 {
		return nil, &ParseError{Line: b.lastRule, Err: ErrRules, Detail: "rule line after the last row; want rules only between bands of boxes"}
	}
	if b.rows != b.n {
		return nil, &ParseError{Line: b.start, Err: ErrLength,
			Detail: fmt.Sprintf("%d rows on lines %d-%d, want %d, one per cell of a row", b.rows, b.start, b.lastLine, b.n)}
	}
	boxRows := b.boxRows
	if boxRows == 0 {
		boxRows = b.rows
	}
	if b.inBand != boxRows {
		return nil, &ParseError{Line: b.lastLine, Err: ErrRules,
			Detail: fmt.Sprintf("the last band has %d rows, want %d like the first", b.inBand, boxRows)}
	}
	if boxRows*b.boxCols != b.n {
		return nil, &ParseError{Line: b.start, Err: ErrRules,
			Detail: fmt.Sprintf("bands of %d rows and boxes %d cells wide do not make %d-cell boxes; want a rule line after every %d rows",
				boxRows, b.boxCols, b.n, b.n/b.boxCols)}
	}
	if boxRows < 2 || b.boxCols < 2 {
		return nil, &ParseError{Line: b.start, Err: ErrShape,
			Detail: fmt.Sprintf("boxes of %dx%d, want both sides at least 2", boxRows, b.boxCols)}
	}
	return &Puzzle{BoxRows: boxRows, BoxCols: b.boxCols, Cells: b.cells, Ruled: true}, nil
}

// Parse reads exactly one puzzle, in either form; comments and blank lines
// around it are allowed. No puzzle, or more than one, is an error wrapping
// ErrCount.
func Parse(s string) (*Puzzle, error) {
	var first Item
	count := 0
	for it := range Read(strings.NewReader(s)) {
		count++
		if count == 1 {
			first = it
			continue
		}
		if first.Err != nil {
			return nil, first.Err
		}
		return nil, &ParseError{Instance: it.Index, Line: it.Line, Err: ErrCount, Detail: fmt.Sprintf("a second puzzle after the one on line %d", first.Line)}
	}
	switch {
	case count == 0:
		return nil, &ParseError{Line: 1, Err: ErrCount, Detail: "no puzzle in the input"}
	case first.Err != nil:
		return nil, first.Err
	}
	return first.Value, nil
}

// cellsOf returns cells, or p.Cells when cells is nil.
func cellsOf(p *Puzzle, cells []int) []int {
	if cells == nil {
		return p.Cells
	}
	return cells
}

// at returns cells[i], or -1 past the end (printed as '?').
func at(cells []int, i int) int {
	if i < len(cells) {
		return cells[i]
	}
	return -1
}

// FormatLine writes cells (nil: the givens of p) as one line of N*N
// characters, '.' for empty, without a line end. The box shape is not
// written: reading the line back gives Shape(N). Nor are regions,
// diagonals and cages: use FormatSolo or FormatJSON for a variant. A value
// outside 0..N or a missing cell prints as '?', so a bad grid never reads
// back.
func FormatLine(p *Puzzle, cells []int) string {
	cells = cellsOf(p, cells)
	n := p.N()
	if n <= 0 || n > MaxN {
		return ""
	}
	b := make([]byte, n*n)
	for i := range b {
		if v := at(cells, i); v <= n {
			b[i] = symbol(v)
		} else {
			b[i] = '?'
		}
	}
	return string(b)
}

// FormatGrid writes cells (nil: the givens of p) as a ruled grid, one line
// per row, each line ending in a newline: cells separated by spaces, '|'
// between boxes, a rule of '-' and '+' between bands of boxes. Read takes
// it back with its box shape. Bad values print as in FormatLine. Variants
// are not drawn: a puzzle with Regions, or boxes narrower than 2, gets its
// cells without rules (which Read does not take back).
func FormatGrid(p *Puzzle, cells []int) string {
	cells = cellsOf(p, cells)
	n := p.N()
	if p.BoxRows <= 0 || p.BoxCols <= 0 || n > MaxN {
		return ""
	}
	var b strings.Builder
	row := make([]byte, 0, 4*n)
	boxes := p.Regions == nil && p.BoxRows >= 2 && p.BoxCols >= 2
	for r := range n {
		row = row[:0]
		for c := range n {
			if c > 0 {
				row = append(row, ' ')
				if boxes && c%p.BoxCols == 0 {
					row = append(row, '|', ' ')
				}
			}
			if v := at(cells, r*n+c); v <= n {
				row = append(row, symbol(v))
			} else {
				row = append(row, '?')
			}
		}
		if boxes && r > 0 && r%p.BoxRows == 0 {
			for _, c := range row {
				if c == '|' {
					b.WriteByte('+')
				} else {
					b.WriteByte('-')
				}
			}
			b.WriteByte('\n')
		}
		b.Write(row)
		b.WriteByte('\n')
	}
	return b.String()
}

// Format writes cells (nil: the givens of p) in the form p was read in,
// ending in a newline: FormatSolo for FormSolo (FormatJSON should the
// cages not cover the grid, which a Solo ID cannot say), FormatJSON for
// FormJSON and for a variant of FormPlain (one line and ruled grids hold
// no variant), FormatGrid followed by a blank line when p.Ruled, else
// FormatLine. The outputs of Format, concatenated, read back as a batch.
func Format(p *Puzzle, cells []int) string {
	switch {
	case p.Form == FormSolo:
		if s, err := FormatSolo(p, cells); err == nil {
			return s + "\n"
		}
		return FormatJSON(p, cells) + "\n"
	case p.Form == FormJSON || p.Variant():
		return FormatJSON(p, cells) + "\n"
	case p.Ruled:
		return FormatGrid(p, cells) + "\n"
	}
	return FormatLine(p, cells) + "\n"
}
