package kakuro

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
)

// ParseError says where an input is malformed: the puzzle's 1-based place
// in the batch, line, field (the cell's 1-based position on its line; 0
// for the line as a whole) and a sentinel of this package in Err.
type ParseError = textio.ParseError

// MaxLine is the longest input line the reader takes, in bytes: a row of
// MaxSize clue cells needs about 250. A longer line spoils its puzzle
// (ErrLong) and is skipped without being held in memory.
const MaxLine = 4096

// Item is one puzzle of a batch (Value, nil when Err is set), or the
// error that spoilt it, a *ParseError: Index is its 1-based position in
// the batch, good and bad puzzles alike, Line the line of its first row.
type Item = textio.Item[*Puzzle]

// readOptions are the reader's conventions: lines of at most MaxLine
// bytes (ErrLong past it), '%' comments dropped wherever they are.
var readOptions = textio.Options{MaxLine: MaxLine, Comment: "%", TooLong: ErrLong}

// Read streams the puzzles of r, in the format the package documentation
// describes: one grid row per line, cells as tokens separated by spaces or
// tabs, puzzles separated by blank lines, lines starting with '%' skipped.
// A malformed puzzle becomes an Item with Err set (a *ParseError naming
// the instance, the line and the field and wrapping one of the package's
// sentinels) and reading goes on with the next puzzle, after the next
// blank line.
//
// Lines come one at a time from a textio.Reader and each row is parsed
// as it comes, so memory is bounded by one puzzle (MaxSize rows of
// MaxSize cells) and one line (MaxLine bytes), however long the input or
// its lines. A read error of r ends the stream with an Item wrapping
// ErrRead and the reader's error.
func Read(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		in := textio.NewReader(r, readOptions)
		var batch textio.Batch[*Puzzle]
		for {
			l, err := in.Next()
			if err == io.EOF {
				return
			}
			if err == nil && l.Blank() {
				continue
			}
			// A puzzle starts at line l: read its rows up to the next
			// blank line, or skip them after its first error.
			b := block{start: l.No}
			for {
				if err != nil {
					b.fail(lineError(err))
				} else {
					b.add(l.Text, l.No)
				}
				if b.err != nil {
					in.SkipBlock()
					break
				}
				l, err = in.Peek()
				if err == io.EOF || err == nil && l.Blank() {
					break
				}
				l, err = in.Next()
			}
			p, err := b.finish()
			if !yield(batch.Item(b.start, p, err)) {
				return
			}
		}
	}
}

// lineError is the *ParseError of a line the reader could not give: too
// long (ErrLong already), or a read error of the underlying reader, which
// it wraps with ErrRead.
func lineError(err error) *ParseError {
	pe := &ParseError{Err: ErrRead, Detail: err.Error()}
	var te *ParseError
	if errors.As(err, &te) {
		pe.Line = te.Line
		if errors.Is(te.Err, ErrLong) {
			return te
		}
		pe.Err, pe.Detail = fmt.Errorf("%w: %w", ErrRead, te.Err), ""
	}
	return pe
}

// block gathers the rows of one puzzle until a blank line.
type block struct {
	start int
	rows  [][]Cell
	lines []int // input line of each row
	err   *ParseError
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
	for tok := range bytes.FieldsFuncSeq(line, blank) {
		field++
		if field > MaxSize {
			b.fail(&ParseError{Line: no, Field: field, Err: ErrSize, Detail: fmt.Sprintf("more than %d cells in a row", MaxSize)})
			return
		}
		cell, detail, err := parseCell(string(tok))
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

// finish checks the gathered grid: the puzzle, or the block's error.
func (b *block) finish() (*Puzzle, error) {
	if b.err != nil {
		return nil, b.err
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
		return nil, pe
	}
	return p, nil
}

// blank reports whether r separates tokens: a space or a tab.
func blank(r rune) bool { return r == ' ' || r == '\t' }

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
		return Cell{}, fmt.Sprintf("%s, want #, X, ., 0, _, a digit 1-9 or a clue D\\R", textio.Quote(tok)), ErrToken
	}
	down, err := parseClue(tok[:sep])
	if err != "" {
		return Cell{}, fmt.Sprintf("down clue %s in %s", err, textio.Quote(tok)), ErrClue
	}
	across, err := parseClue(tok[sep+1:])
	if err != "" {
		return Cell{}, fmt.Sprintf("across clue %s in %s", err, textio.Quote(tok)), ErrClue
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
		return 0, fmt.Sprintf("%s is not a number of one or two digits", textio.Quote(s))
	}
	v, _ := strconv.Atoi(s) // one or two decimal digits: cannot fail
	if v < 1 || v > maxClue {
		return 0, fmt.Sprintf("%d, want 1..%d", v, maxClue)
	}
	return v, ""
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
