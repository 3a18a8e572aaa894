package skyscraper

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
	"github.com/cspgo/csp/problems/internal/square"
)

// Sentinel errors; a *ParseError unwraps to one of them.
var (
	ErrFormat = errors.New("skyscraper: unrecognised puzzle")
	ErrNumber = errors.New("skyscraper: not a number")
	ErrCount  = errors.New("skyscraper: wrong count of fields")
	ErrSize   = errors.New("skyscraper: size out of range")
	ErrClue   = errors.New("skyscraper: clue out of range")
	ErrGiven  = errors.New("skyscraper: given out of range")
	ErrRun    = errors.New("skyscraper: wrong count of givens")
	// ErrClash is what Puzzle.Clash wraps: givens that repeat in a row or
	// column. Such a puzzle reads, and has no solution.
	ErrClash   = errors.New("skyscraper: givens clash")
	ErrSyntax  = errors.New("skyscraper: bad syntax")
	ErrInClue  = errors.New("skyscraper: bad interior clue")
	ErrTooLong = errors.New("skyscraper: line too long")
)

// ParseError says where an input is malformed: instance, line, field,
// and a sentinel of this package in Err.
type ParseError = textio.ParseError

// Item is one puzzle of a batch (Value), or the error that spoilt it: a
// *ParseError whose Err is a sentinel of this package, or the reader's
// error.
type Item = textio.Item[*Puzzle]

// Read streams the puzzles of a batch, one per line, detecting each
// line's format:
//
//   - a JSON object: {"size":5,"clues":[...4N clockwise...],"givens":[[...]],
//     "interior":[{"row":2,"col":1,"look":"right","count":3}]};
//   - a Towers game ID, N:top/bottom/left/right[,givens], each side's
//     clues left to right or top to bottom;
//   - the clockwise clue list: 4N integers separated by commas or spaces,
//     bare or in brackets ([1, 0, 2, ...]), clockwise from the top-left
//     corner: top left to right, right top to bottom, bottom right to
//     left, left bottom to top (SetClockwise);
//   - a grid as Format prints it: a block of N+2 lines (the top clues, N
//     rows of left clue, cells and right clue, the bottom clues; '.' for
//     none), then a line per interior clue ("interior r3c3 down 1"), ended
//     by a blank line or the end of the input. Its first line is indented,
//     or holds only numbers and '.', one '.' at least.
//
// A line of none of these forms is one malformed item (ErrFormat) naming
// what it found. Blank lines and lines starting with '#' or '%' are
// skipped. A malformed puzzle becomes an Item with Err set; reading goes
// on with the next line (after a grid block, with the next block). Givens
// that repeat in a row or column are no reading error: the puzzle reads,
// and Clash names the clash. A line longer than MaxLine is
// one such item (ErrTooLong), or spoils the grid block it is in. A read
// error ends the batch with an item holding it. Memory stays bounded
// however long the input: one line, or one grid block within textio's
// bounds, at a time (textio.Reader). Stopping the iteration early stops
// reading.
func Read(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		rd := textio.NewReader(r, readOptions)
		var batch textio.Batch[*Puzzle]
		for {
			l, err := rd.Peek()
			switch {
			case err == io.EOF:
				return
			case err == nil && l.Blank():
				_, _ = rd.Next()
				continue
			}
			form, t := formOf(l.Text)
			if err == nil && form == gridForm {
				b, err := rd.NextBlock()
				var p *Puzzle
				if err == nil {
					p, err = parseGrid(b)
				}
				if !yield(item(&batch, b.Start, p, err)) {
					return
				}
				continue
			}
			_, _ = rd.Next()
			var p *Puzzle
			if err == nil {
				switch form {
				case towersForm:
					p, err = parseTowers(bytes.TrimSpace(l.Text), l.No)
				case jsonForm:
					p, err = parseJSON(t, l.No)
				case listForm:
					p, err = parseList(t, l.No)
				case clockwiseForm:
					p, err = parseClockwise(t, l.No)
				default:
					err = &ParseError{Line: l.No, Err: ErrFormat, Detail: fmt.Sprintf("found %s, want %s", textio.Quote(t), forms)}
				}
			}
			if !yield(item(&batch, l.No, p, err)) {
				return
			}
		}
	}
}

// MaxLine is the longest line Read and ReadMarks take, in bytes (the JSON
// form of a 63×63 puzzle with every given is about 12 KB). A longer line
// is one bad item (ErrTooLong), and reading goes on after it.
const MaxLine = textio.DefaultMaxLine

// readOptions are the bounds and comments of Read and ReadMarks. A comment
// line ends a grid block, as a blank line does, so the tool's own output (a
// grid, then a `%` status line) reads back as a batch.
var readOptions = textio.Options{MaxLine: MaxLine, Comment: "#%", CommentBlank: true, TooLong: ErrTooLong}

// The forms of Read: one line each, or a grid block; unknownForm is a
// line of none of them.
const (
	gridForm = iota
	jsonForm
	towersForm
	listForm
	clockwiseForm
	unknownForm
)

// forms names what Read takes, for the message of a line it cannot read.
const forms = "a Towers ID (N:top/bottom/left/right[,givens]), a clockwise list of 4N clues, a JSON object or a grid block"

// formOf says which form the line text starts, and returns it trimmed. An
// indented line starts a grid block (Format indents the top clues past the
// column of left clues), and so does a line of numbers and '.' with one
// '.' at least (the top clues of a grid, not indented).
//
// A Towers ID, the form of the long batches, comes with t empty: the
// line is parsed as it is, without a copy.
func formOf(text []byte) (form int, t string) {
	if len(text) == 0 || text[0] == ' ' || text[0] == '\t' {
		return gridForm, ""
	}
	trimmed := bytes.TrimSpace(text)
	if isTowers(trimmed) {
		return towersForm, ""
	}
	t = string(trimmed)
	switch {
	case t[0] == '{':
		return jsonForm, t
	case t[0] == '[':
		return listForm, t
	case isClockwise(t):
		return clockwiseForm, t
	case isTopClues(t):
		return gridForm, ""
	}
	return unknownForm, t
}

// isTopClues reports whether t could be the top line of a grid block: only
// numbers and '.', one '.' at least (a line of numbers alone is a
// clockwise list or a lone number).
func isTopClues(t string) bool {
	dot := false
	for f := range strings.FieldsSeq(t) {
		switch {
		case f == ".":
			dot = true
		case strings.Trim(f, "0123456789") != "":
			return false
		}
	}
	return dot
}

// item numbers the puzzle p or the error that spoilt it, starting at line,
// as the next item of batch.
func item(batch *textio.Batch[*Puzzle], line int, p *Puzzle, err error) Item {
	if err == nil {
		p.Line = line
	}
	return batch.Item(line, p, err)
}

// isTowers reports whether t starts with digits and a colon, a minus
// sign before them allowed (a negative size, which ParseTowers names).
func isTowers[S string | []byte](t S) bool {
	i := 0
	if len(t) > 0 && t[0] == '-' {
		i++
	}
	start := i
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > start && i < len(t) && t[i] == ':'
}

// isClockwise reports whether t is only integers, commas and spaces, with
// more than one number.
func isClockwise(t string) bool {
	for _, c := range t {
		if !(c >= '0' && c <= '9' || c == ',' || c == ' ' || c == '\t' || c == '-') {
			return false
		}
	}
	f, _ := fieldsComma(t)
	return len(f) > 1
}

// fieldsComma splits a clue list at commas and blanks. empty is the
// number (from 1) of the first field left empty between two commas, or
// before the first or after the last ("1,,2"), 0 when there is none: a
// clue missing there is not a clue to skip.
func fieldsComma(t string) (fields []string, empty int) {
	for part := range strings.SplitSeq(t, ",") {
		f := strings.Fields(part)
		if len(f) == 0 && empty == 0 && strings.Contains(t, ",") {
			empty = len(fields) + 1
		}
		fields = append(fields, f...)
	}
	return fields, empty
}

// parseList reads a clockwise list in brackets, "[1, 0, 2, ...]", as the
// skyscraper write-ups print it.
func parseList(t string, line int) (*Puzzle, error) {
	inner, ok := strings.CutSuffix(t[1:], "]")
	if !ok {
		return nil, &ParseError{Line: line, Err: ErrSyntax, Detail: fmt.Sprintf("found %s, want a clockwise list of 4N clues closed by ']'", textio.Quote(t))}
	}
	return parseClockwise(inner, line)
}

// parseClockwise reads the clockwise clue list: 4N numbers 0..N separated
// by commas or spaces.
func parseClockwise(t string, line int) (*Puzzle, error) {
	f, empty := fieldsComma(t)
	if empty > 0 {
		return nil, &ParseError{Line: line, Field: empty, Err: ErrNumber, Detail: "found nothing between commas, want a clue 0..N"}
	}
	if len(f) == 0 || len(f)%4 != 0 {
		return nil, &ParseError{Line: line, Err: ErrCount, Detail: fmt.Sprintf("%d clues, want 4N (%s)", len(f), nearFours(len(f)))}
	}
	n := len(f) / 4
	if n > MaxSize {
		return nil, &ParseError{Line: line, Err: ErrSize, Detail: fmt.Sprintf("%d clues make size %d, want 1..%d", len(f), n, MaxSize)}
	}
	cw := make([]int, len(f))
	for i, s := range f {
		v, err := strconv.Atoi(s)
		if err != nil {
			return nil, &ParseError{Line: line, Field: i + 1, Err: ErrNumber, Detail: fmt.Sprintf("found %s", textio.Quote(s))}
		}
		if v < 0 || v > n {
			return nil, &ParseError{Line: line, Field: i + 1, Err: ErrClue, Detail: fmt.Sprintf("found %d, want 0..%d", v, n)}
		}
		cw[i] = v
	}
	p := New(n)
	p.SetClockwise(cw)
	return p, nil
}

// nearFours names the counts of a clockwise list nearest k: "4 for 1x1",
// "12 for 3x3 or 16 for 4x4".
func nearFours(k int) string {
	lo, hi := k/4, k/4+1
	if lo < 1 {
		return "4 for 1x1"
	}
	return fmt.Sprintf("%d for %dx%d or %d for %dx%d", 4*lo, lo, lo, 4*hi, hi, hi)
}

// ParseTowers reads a game ID of Simon Tatham's Towers,
// N:top/bottom/left/right[,givens]: 4N clue fields separated by '/', an
// empty field for no clue (top and bottom left to right, left and right top
// to bottom); givens row-major, a letter a..z for a run of 1..26 empty
// cells, a number for a given height, '_' between two adjacent givens.
func ParseTowers(t string, line int) (*Puzzle, error) { return parseTowers([]byte(t), line) }

// parseTowers is ParseTowers on the bytes of a line: a batch of IDs reads
// without allocating, into puzzles handed back (Recycle) when there are
// some.
func parseTowers(t []byte, line int) (*Puzzle, error) {
	colon := bytes.IndexByte(t, ':')
	n, err := strconv.Atoi(string(t[:colon]))
	if err != nil || n < 1 || n > MaxSize {
		return nil, &ParseError{Line: line, Field: 1, Err: ErrSize, Detail: fmt.Sprintf("found %s, want 1..%d", textio.Quote(string(t[:colon])), MaxSize)}
	}
	rest := t[colon+1:]
	clues, givens, hasGivens := bytes.Cut(rest, []byte{','})
	if k := bytes.Count(clues, []byte{'/'}) + 1; k != 4*n {
		return nil, &ParseError{Line: line, Field: 2, Err: ErrCount, Detail: fmt.Sprintf("%d clue fields, want %d (4N)", k, 4*n)}
	}
	p := newPuzzle(n)
	sides := [4][]int{p.Top, p.Bottom, p.Left, p.Right}
	for i := range 4 * n {
		f := clues
		if j := bytes.IndexByte(clues, '/'); j >= 0 {
			f, clues = clues[:j], clues[j+1:]
		}
		v := 0
		if len(f) > 0 {
			v, err = strconv.Atoi(string(f))
			if err != nil {
				Recycle(p) // made no puzzle: back to the free list
				return nil, &ParseError{Line: line, Field: 2 + i, Err: ErrNumber, Detail: fmt.Sprintf("clue %d is %s", i+1, textio.Quote(string(f)))}
			}
			if v < 1 || v > n {
				Recycle(p)
				return nil, &ParseError{Line: line, Field: 2 + i, Err: ErrClue, Detail: fmt.Sprintf("clue %d is %d, want 1..%d", i+1, v, n)}
			}
		}
		sides[i/n][i%n] = v
	}
	if hasGivens {
		if err := parseGivens(p, givens, line, 2+4*n); err != nil {
			Recycle(p)
			return nil, err
		}
	}
	return p, nil
}

// free holds the puzzles a batch handed back (Recycle), for the readers
// to fill again.
var free textio.Free[*Puzzle]

// newPuzzle is New(n), with a puzzle handed back and its arrays when
// there is one: its clues all 0, no givens.
func newPuzzle(n int) *Puzzle {
	p, ok := free.Get()
	if !ok {
		return New(n)
	}
	sides := [4][]int{p.Top, p.Bottom, p.Left, p.Right}
	for i, s := range sides {
		if cap(s) < n {
			s = make([]int, n)
		}
		sides[i] = s[:n]
		clear(sides[i])
	}
	spare := p.Givens
	if spare == nil {
		spare = p.spare
	}
	*p = Puzzle{N: n, Top: sides[0], Bottom: sides[1], Left: sides[2], Right: sides[3], spare: spare}
	return p
}

// Recycle hands p back to the reader once nothing refers to it: its
// clue and givens arrays serve a later puzzle of a batch (see
// catalog.Recycler).
func Recycle(p *Puzzle) {
	if p != nil {
		free.Put(p)
	}
}

// parseGivens decodes the run-length givens s of a Towers ID into
// p.Givens (the arrays of a recycled puzzle's, p.spare, reused when they
// have room). field is the
// field number of the givens on the line.
func parseGivens(p *Puzzle, s []byte, line, field int) error {
	n := p.N
	if len(s) == 0 {
		return &ParseError{Line: line, Field: field, Err: ErrRun, Detail: fmt.Sprintf("nothing after ',', want the givens of %d cells (or no ',')", n*n)}
	}
	g := square.Zeros(p.spare, n)
	p.Givens = g
	cell := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			cell += int(c-'a') + 1
			i++
		case c == '_':
			i++
			continue
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			v := 0
			if j-i <= 3 {
				v, _ = strconv.Atoi(string(s[i:j]))
			}
			if j-i > 3 || v < 1 || v > n {
				return &ParseError{Line: line, Field: field, Err: ErrGiven, Detail: fmt.Sprintf("given %s at cell %d, want 1..%d", textio.Quote(string(s[i:j])), cell+1, n)}
			}
			if cell < n*n {
				g[cell/n][cell%n] = v
			}
			cell++
			i = j
		default:
			return &ParseError{Line: line, Field: field, Err: ErrSyntax, Detail: fmt.Sprintf("unexpected %q in the givens", c)}
		}
		if cell > n*n {
			return &ParseError{Line: line, Field: field, Err: ErrRun, Detail: fmt.Sprintf("%d cells or more, want %d (%dx%d)", cell, n*n, n, n)}
		}
	}
	if cell != n*n {
		return &ParseError{Line: line, Field: field, Err: ErrRun, Detail: fmt.Sprintf("%d cells, want %d (%dx%d)", cell, n*n, n, n)}
	}
	return nil
}

// jsonPuzzle is the JSON form of a puzzle.
type jsonPuzzle struct {
	Size     int        `json:"size"`
	Clues    []int      `json:"clues"`
	Givens   [][]int    `json:"givens,omitempty"`
	Interior []Interior `json:"interior,omitempty"`
}

func parseJSON(t string, line int) (*Puzzle, error) {
	var j jsonPuzzle
	if detail := textio.DecodeObject(t, &j); detail != "" {
		return nil, &ParseError{Line: line, Err: ErrSyntax, Detail: detail}
	}
	n := j.Size
	if n < 1 || n > MaxSize {
		return nil, &ParseError{Line: line, Err: ErrSize, Detail: fmt.Sprintf(`"size": found %d, want 1..%d`, n, MaxSize)}
	}
	p := New(n)
	if j.Clues != nil {
		if len(j.Clues) != 4*n {
			return nil, &ParseError{Line: line, Err: ErrCount, Detail: fmt.Sprintf(`"clues": found %s, want %d (4N clockwise)`, plural(len(j.Clues), "clue"), 4*n)}
		}
		for i, v := range j.Clues {
			if v < 0 || v > n {
				return nil, &ParseError{Line: line, Err: ErrClue, Detail: fmt.Sprintf(`"clues" entry %d: found %d, want 0..%d`, i+1, v, n)}
			}
		}
		p.SetClockwise(j.Clues)
	}
	if j.Givens != nil {
		if len(j.Givens) != n {
			return nil, &ParseError{Line: line, Err: ErrCount, Detail: fmt.Sprintf(`"givens": found %s, want %d`, plural(len(j.Givens), "row"), n)}
		}
		for r, row := range j.Givens {
			if len(row) != n {
				return nil, &ParseError{Line: line, Err: ErrCount, Detail: fmt.Sprintf(`"givens" row %d: found %s, want %d`, r+1, plural(len(row), "cell"), n)}
			}
			for c, v := range row {
				if v < 0 || v > n {
					return nil, &ParseError{Line: line, Err: ErrGiven, Detail: fmt.Sprintf(`"givens" r%dc%d: found %d, want 0..%d`, r+1, c+1, v, n)}
				}
			}
		}
		p.Givens = j.Givens
	}
	for i, in := range j.Interior {
		if field, detail := checkInterior(in, n); detail != "" {
			if field == 2 { // JSON counts rows and columns from 0
				detail = fmt.Sprintf("row %d, col %d (from 0): %s", in.Row, in.Col, detail)
			}
			return nil, &ParseError{Line: line, Err: ErrInClue, Detail: fmt.Sprintf(`"interior" entry %d: %s`, i+1, detail)}
		}
	}
	p.Interior = j.Interior
	return p, nil
}

// length is the number of cells an interior clue sees along, its own
// included.
func (in Interior) length(n int) int {
	switch in.Look {
	case Up:
		return in.Row + 1
	case Down:
		return n - in.Row
	case Left:
		return in.Col + 1
	}
	return n - in.Col
}

// parseGrid reads a block printed by Format.
func parseGrid(b textio.Block) (*Puzzle, error) {
	start := b.Start
	lines, inLines := splitInterior(b.Lines)
	b.Lines = lines
	// tok reads a clue, or when given a cell's given (its errors then
	// say given).
	tok := func(s string, line, field, n int, given bool) (int, error) {
		if s == "." {
			return 0, nil
		}
		v, err := strconv.Atoi(s)
		if err != nil {
			detail := fmt.Sprintf("found %s, want a number or '.'", textio.Quote(s))
			if line == start {
				detail += " (an indented line starts a grid block)"
			}
			return 0, &ParseError{Line: line, Field: field, Err: ErrFormat, Detail: detail}
		}
		if v < 1 || v > n {
			if given {
				return 0, &ParseError{Line: line, Field: field, Err: ErrGiven, Detail: fmt.Sprintf("given %d at cell %d, want 1..%d or '.'", v, field-1, n)}
			}
			return 0, &ParseError{Line: line, Field: field, Err: ErrClue, Detail: fmt.Sprintf("found %d, want 1..%d", v, n)}
		}
		return v, nil
	}
	top := strings.Fields(string(b.Lines[0].Text))
	n := len(top)
	if n > MaxSize {
		return nil, &ParseError{Line: start, Err: ErrSize, Detail: fmt.Sprintf("%d top clues, want 1..%d", n, MaxSize)}
	}
	topClues := make([]int, n)
	for c, s := range top {
		var err error
		if topClues[c], err = tok(s, start, c+1, n, false); err != nil {
			return nil, err
		}
	}
	if len(b.Lines) != n+2 {
		return nil, &ParseError{Line: start, Err: ErrCount, Detail: fmt.Sprintf("a grid of %d columns needs %d lines, found %d", n, n+2, len(b.Lines))}
	}
	p := New(n)
	p.Top = topClues
	p.Givens = make([][]int, n)
	var err error
	for r := range n {
		f := strings.Fields(string(b.Lines[r+1].Text))
		line := b.Lines[r+1].No
		if len(f) != n+2 {
			return nil, &ParseError{Line: line, Err: ErrCount, Detail: fmt.Sprintf("%d fields, want %d (clue, %d cells, clue)", len(f), n+2, n)}
		}
		p.Givens[r] = make([]int, n)
		for i, s := range f {
			v, err := tok(s, line, i+1, n, i > 0 && i <= n)
			if err != nil {
				return nil, err
			}
			switch i {
			case 0:
				p.Left[r] = v
			case n + 1:
				p.Right[r] = v
			default:
				p.Givens[r][i-1] = v
			}
		}
	}
	last := b.Lines[n+1].No
	bottom := strings.Fields(string(b.Lines[n+1].Text))
	if len(bottom) != n {
		return nil, &ParseError{Line: last, Err: ErrCount, Detail: fmt.Sprintf("%d bottom clues, want %d", len(bottom), n)}
	}
	for c, s := range bottom {
		if p.Bottom[c], err = tok(s, last, c+1, n, false); err != nil {
			return nil, err
		}
	}
	if p.Interior, err = parseInterior(inLines, n); err != nil {
		return nil, err
	}
	return p, nil
}

// FormatTowers writes a Towers game ID (interior clues have no place in it).
func FormatTowers(p *Puzzle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d:", p.N)
	for i, side := range [][]int{p.Top, p.Bottom, p.Left, p.Right} {
		for j, v := range side {
			if i+j > 0 {
				b.WriteByte('/')
			}
			if v != 0 {
				b.WriteString(strconv.Itoa(v))
			}
		}
	}
	if p.Givens == nil || !hasGiven(p.Givens) {
		return b.String()
	}
	b.WriteByte(',')
	run, prevGiven := 0, false
	flushRun := func() {
		for run > 0 {
			k := min(run, 26)
			b.WriteByte(byte('a' + k - 1))
			run -= k
		}
	}
	for _, row := range p.Givens {
		for _, v := range row {
			if v == 0 {
				run++
				prevGiven = false
				continue
			}
			flushRun()
			if prevGiven {
				b.WriteByte('_')
			}
			b.WriteString(strconv.Itoa(v))
			prevGiven = true
		}
	}
	flushRun()
	return b.String()
}

func hasGiven(g [][]int) bool {
	for _, row := range g {
		for _, v := range row {
			if v != 0 {
				return true
			}
		}
	}
	return false
}

// FormatJSON writes the JSON form of p, interior clues included.
func FormatJSON(p *Puzzle) string {
	j := jsonPuzzle{Size: p.N, Clues: p.Clockwise(), Interior: p.Interior}
	if p.Givens != nil && hasGiven(p.Givens) {
		j.Givens = p.Givens
	}
	b, _ := json.Marshal(j) // plain ints and strings: cannot fail
	return string(b)
}

// Format renders the board with its clues round it: the top clues, each
// row between its left and right clues, the bottom clues; '.' for no clue
// and for an empty cell; then a line per interior clue ("interior r3c3
// down 1"). grid (may be nil) fills the cells; without it the givens do.
// The block reads back with Read, interior clues included.
func Format(p *Puzzle, grid [][]int) string {
	n := p.N
	w := len(strconv.Itoa(n))
	cell := func(v int) string {
		if v == 0 {
			return fmt.Sprintf("%*s", w, ".")
		}
		return fmt.Sprintf("%*d", w, v)
	}
	var b strings.Builder
	edge := func(side []int) {
		b.WriteString(strings.Repeat(" ", w+1))
		for c, v := range side {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(cell(v))
		}
		b.WriteByte('\n')
	}
	edge(p.Top)
	for r := range n {
		b.WriteString(cell(p.Left[r]))
		for c := range n {
			v := 0
			switch {
			case grid != nil:
				v = grid[r][c]
			case p.Givens != nil:
				v = p.Givens[r][c]
			}
			b.WriteByte(' ')
			b.WriteString(cell(v))
		}
		b.WriteByte(' ')
		b.WriteString(cell(p.Right[r]))
		b.WriteByte('\n')
	}
	edge(p.Bottom)
	b.WriteString(formatInterior(p))
	return b.String()
}
