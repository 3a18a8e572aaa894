package kakuro

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
)

// ParseError says where an input is malformed: line, field (the cell's
// 1-based position on its line; 0 for the line as a whole) and a sentinel
// of this package in Err.
type ParseError = textio.ParseError

// MaxLine is the longest input line the reader takes, in bytes: a row of
// MaxSize clue cells needs about 250. A longer line spoils its puzzle
// (ErrLong) and is skipped without being held in memory.
const MaxLine = 4096

// Item is one puzzle of a batch, or the error that spoilt it.
type Item struct {
	Index  int     // 1-based position in the batch, malformed puzzles counted
	Line   int     // line of the puzzle's first row
	Puzzle *Puzzle // nil when Err is set
	Err    error   // a *ParseError, or nil
}

// Read streams the puzzles of r, in the format the package documentation
// describes: one grid row per line, cells as tokens separated by spaces or
// tabs, puzzles separated by blank lines, lines starting with '%' skipped.
// A malformed puzzle becomes an Item with Err set (a *ParseError naming
// the line and the field and wrapping one of the package's sentinels) and
// reading goes on with the next puzzle, after the next blank line.
//
// Puzzles are yielded as they are read: memory is bounded by one puzzle
// (MaxSize rows of MaxSize cells) and one line (MaxLine bytes), however
// long the input or its lines. A read error of r ends the stream with an
// Item wrapping ErrRead.
func Read(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		lr := newLineReader(r)
		index := 0
		var b *block
		// emit yields the open block's puzzle or error, if a block is open.
		emit := func() bool {
			if b == nil {
				return true
			}
			cur := b
			b = nil
			return yield(cur.finish())
		}
		for {
			line, no, err := lr.next()
			if err != nil {
				if errors.Is(err, io.EOF) {
					emit()
					return
				}
				if b == nil {
					index++
					b = &block{index: index, start: no}
				}
				b.fail(&ParseError{Line: no, Err: ErrRead, Detail: err.Error()})
				emit()
				return
			}
			t := bytes.TrimLeft(line, " \t")
			switch {
			case lr.long:
				if b == nil {
					index++
					b = &block{index: index, start: no}
				}
				b.fail(&ParseError{Line: no, Err: ErrLong, Detail: fmt.Sprintf("more than %d bytes", MaxLine)})
				continue
			case len(t) > 0 && t[0] == '%':
				continue // a comment, inside a puzzle too
			case len(bytes.TrimSpace(t)) == 0:
				if !emit() {
					return
				}
				continue
			}
			if b == nil {
				index++
				b = &block{index: index, start: no}
			}
			b.add(line, no)
		}
	}
}

// block gathers the rows of one puzzle until a blank line.
type block struct {
	index, start int
	rows         [][]Cell
	lines        []int // input line of each row
	err          *ParseError
}

// fail records the block's first error; the rest of the block is then
// only skipped.
func (b *block) fail(err *ParseError) {
	if b.err == nil {
		b.err = err
		b.rows, b.lines = nil, nil
	}
}

// add parses one row.
func (b *block) add(line []byte, no int) {
	if b.err != nil {
		return
	}
	if len(b.rows) == MaxSize {
		b.fail(&ParseError{Line: no, Err: ErrSize, Detail: fmt.Sprintf("more than %d rows", MaxSize)})
		return
	}
	var row []Cell
	if len(b.rows) > 0 {
		row = make([]Cell, 0, len(b.rows[0]))
	}
	field := 0
	for tok := range tokens(line) {
		field++
		if field > MaxSize {
			b.fail(&ParseError{Line: no, Field: field, Err: ErrSize, Detail: fmt.Sprintf("more than %d cells in a row", MaxSize)})
			return
		}
		cell, detail, err := parseCell(tok)
		if err != nil {
			b.fail(&ParseError{Line: no, Field: field, Err: err, Detail: detail})
			return
		}
		row = append(row, cell)
	}
	if len(b.rows) > 0 && len(row) != len(b.rows[0]) {
		f := 0 // a short row: the line as a whole
		if len(row) > len(b.rows[0]) {
			f = len(b.rows[0]) + 1 // the first cell too many
		}
		b.fail(&ParseError{Line: no, Field: f, Err: ErrRagged, Detail: fmt.Sprintf("%d cells, want %d as in the first row (line %d)", len(row), len(b.rows[0]), b.lines[0])})
		return
	}
	b.rows = append(b.rows, row)
	b.lines = append(b.lines, no)
}

// finish checks the gathered grid and makes the block's Item.
func (b *block) finish() Item {
	it := Item{Index: b.index, Line: b.start}
	if b.err != nil {
		it.Err = b.err
		return it
	}
	p, err := New(b.rows)
	if err != nil {
		pe := &ParseError{Line: b.start, Err: ErrSize, Detail: err.Error()}
		var prob *Problem
		if errors.As(err, &prob) {
			pe.Err, pe.Detail = prob.Err, prob.Detail
			if prob.Err != ErrSize || prob.Detail != "no white cell" {
				pe.Line, pe.Field = b.lines[prob.Row], prob.Col+1
			}
		}
		it.Err = pe
		return it
	}
	it.Puzzle = p
	return it
}

// tokens yields the tokens of a line, separated by spaces and tabs.
func tokens(line []byte) iter.Seq[string] {
	return func(yield func(string) bool) {
		for len(line) > 0 {
			i := bytes.IndexFunc(line, func(r rune) bool { return r != ' ' && r != '\t' })
			if i < 0 {
				return
			}
			line = line[i:]
			j := bytes.IndexAny(line, " \t")
			if j < 0 {
				j = len(line)
			}
			if !yield(string(line[:j])) {
				return
			}
			line = line[j:]
		}
	}
}

// parseCell reads one token; on failure, a detail and the sentinel.
func parseCell(tok string) (Cell, string, error) {
	switch tok {
	case "#", "X", "x":
		return Cell{Black: true}, "", nil
	case ".", "0", "_":
		return Cell{}, "", nil
	}
	if len(tok) == 1 && tok[0] >= '1' && tok[0] <= '9' {
		return Cell{Given: int(tok[0] - '0')}, "", nil
	}
	sep := strings.IndexAny(tok, `\/`)
	if sep < 0 || strings.ContainsAny(tok[sep+1:], `\/`) {
		return Cell{}, fmt.Sprintf("%q, want #, X, ., 0, _, a digit 1-9 or a clue D\\R", clip(tok)), ErrToken
	}
	down, err := parseClue(tok[:sep])
	if err != "" {
		return Cell{}, fmt.Sprintf("down clue %s in %q", err, clip(tok)), ErrClue
	}
	across, err := parseClue(tok[sep+1:])
	if err != "" {
		return Cell{}, fmt.Sprintf("across clue %s in %q", err, clip(tok)), ErrClue
	}
	return Cell{Black: true, Down: down, Across: across}, "", nil
}

// maxClue is the largest sum of a run: 1+2+...+9.
const maxClue = 45

// parseClue reads one side of a clue cell: empty (no clue) or a number
// 1..45. It returns what is wrong, or "".
func parseClue(s string) (int, string) {
	if s == "" {
		return 0, ""
	}
	if len(s) > 2 || strings.Trim(s, "0123456789") != "" {
		return 0, fmt.Sprintf("%q is not a number of one or two digits", s)
	}
	v, _ := strconv.Atoi(s) // one or two decimal digits: cannot fail
	if v < 1 || v > maxClue {
		return 0, fmt.Sprintf("%d, want 1..%d", v, maxClue)
	}
	return v, ""
}

// clip shortens a token for an error message.
func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// lineReader reads lines of at most MaxLine bytes, numbering them; it
// drops a leading byte order mark and the '\r' of CRLF endings. It is the
// one place that touches the input, so that the package can move to a
// shared streaming reader without changing the parser.
type lineReader struct {
	br   *bufio.Reader
	no   int
	buf  []byte
	long bool // the last line was longer than MaxLine (its text is dropped)
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 16*1024)}
}

// next returns the next line without its ending, and its 1-based number.
// The slice is valid until the next call. At the end of the input it
// returns io.EOF; another error is the reader's.
func (l *lineReader) next() ([]byte, int, error) {
	l.buf, l.long = l.buf[:0], false
	for {
		chunk, err := l.br.ReadSlice('\n')
		if !l.long {
			if len(l.buf)+len(chunk) > MaxLine+2 { // room for "\r\n"
				l.long, l.buf = true, l.buf[:0]
			} else {
				l.buf = append(l.buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && (len(l.buf) > 0 || l.long):
			// a last line without its newline
		case err != nil:
			return nil, l.no + 1, err
		}
		l.no++
		line := bytes.TrimSuffix(bytes.TrimSuffix(l.buf, []byte("\n")), []byte("\r"))
		if l.no == 1 {
			line = bytes.TrimPrefix(line, []byte("\ufeff"))
		}
		if len(line) > MaxLine {
			l.long, line = true, nil
		}
		return line, l.no, nil
	}
}

// Format writes p in the format Read takes back: one row per line, each
// cell right-aligned in a column as wide as the widest token, black cells
// as #, clue cells as D\R (a side left empty when it has no clue), white
// cells as . or their given digit. The text ends with a newline.
func Format(p *Puzzle) string {
	return format(p, nil)
}

// FormatSolution writes p with its white cells filled from grid (rows of
// digits, 0 for black cells, as Solve returns them): a puzzle every cell
// of which is given, which Read takes back. It formats what grid holds
// without judging it (Check does); a grid of the wrong shape or with a
// value outside 1..9 in a white cell shows that cell as '?', which Read
// refuses.
func FormatSolution(p *Puzzle, grid [][]int) string {
	return format(p, grid)
}

// format writes p, with grid's digits in the white cells when grid is not
// nil.
func format(p *Puzzle, grid [][]int) string {
	toks := make([]string, len(p.cells))
	width := 1
	for i, c := range p.cells {
		switch {
		case c.Black && c.Down == 0 && c.Across == 0:
			toks[i] = "#"
		case c.Black:
			toks[i] = clueText(c.Down) + `\` + clueText(c.Across)
		case grid != nil:
			r, col := i/p.cols, i%p.cols
			toks[i] = "?"
			if r < len(grid) && col < len(grid[r]) && grid[r][col] >= 1 && grid[r][col] <= 9 {
				toks[i] = strconv.Itoa(grid[r][col])
			}
		case c.Given != 0:
			toks[i] = strconv.Itoa(c.Given)
		default:
			toks[i] = "."
		}
		width = max(width, len(toks[i]))
	}
	var sb strings.Builder
	sb.Grow(len(p.cells) * (width + 1))
	for i, t := range toks {
		if i%p.cols != 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strings.Repeat(" ", width-len(t)))
		sb.WriteString(t)
		if i%p.cols == p.cols-1 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// clueText is one side of a clue cell: empty for no clue.
func clueText(v int) string {
	if v == 0 {
		return ""
	}
	return strconv.Itoa(v)
}
