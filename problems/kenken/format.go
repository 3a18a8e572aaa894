package kenken

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/cspgo/csp/internal/textio"
)

// MaxLine is the longest line Read accepts, in bytes: room for the JSON
// form of the largest board. A longer line is reported and skipped
// without being held in memory.
const MaxLine = textio.DefaultMaxLine

// Sentinel errors of the readers; a *ParseError unwraps to one of them
// (or to one of Validate's: ErrSize, ErrCage, ErrClue, ErrCover), or, for
// the last item of a batch cut short, to the read error.
var (
	ErrFormat    = errors.New("kenken: unrecognised puzzle")
	ErrSyntax    = errors.New("kenken: bad syntax")
	ErrStructure = errors.New("kenken: bad cage layout")
	ErrCount     = errors.New("kenken: wrong count of clues")
	ErrBoard     = errors.New("kenken: irregular board")
	ErrValue     = errors.New("kenken: bad solution value")
	ErrTooLong   = errors.New("kenken: line too long")
)

// ParseError says where an input is malformed: instance, line, field (see
// Read for what a field is in each form), and a sentinel of this package
// in Err.
type ParseError = textio.ParseError

// Item is one puzzle of a batch (Value, nil when Err is set), or the
// error that spoilt it, a *ParseError: Index is its 1-based position in
// the batch, good and bad puzzles alike, Line the line where it starts.
type Item = textio.Item[*Puzzle]

// Read streams the puzzles of a batch, detecting each one's form by its
// first character:
//
//   - a digit: a game ID of Simon Tatham's Keen, N:layout,clues (see
//     ParseTatham); fields: 1 the size, 2 the layout, 2+k the k-th clue;
//   - '{': the JSON form (see FormatJSON); errors name the cage;
//   - '+': a board as Format draws it, 3N+1 lines; a field is a cell's
//     column (1-based) on the line named.
//
// Blank lines and lines starting with '#' or '%' are skipped (the status
// lines of csp solve among them, so its output reads back); either ends a
// board that is not whole yet. A malformed puzzle becomes an Item with
// Err set and reading goes on with the next line; a line over MaxLine is
// one such item (ErrTooLong), skipped without being held in memory. A
// read error of r ends the batch with one last item whose *ParseError
// wraps it. Lines are read one at a time (textio.Reader), so a batch of
// any length streams in constant memory.
func Read(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		in := textio.NewReader(r, textio.Options{MaxLine: MaxLine, Comment: "#%", CommentBlank: true, TooLong: ErrTooLong})
		br := batchReader{yield: yield}
		for {
			l, err := in.Next()
			switch {
			case err == io.EOF:
				br.flush()
				return
			case err != nil:
				// An over-long line, or a read error (then the last item).
				if !br.flush() || !br.emit(l.No, nil, err) {
					return
				}
			case !br.take(l):
				return
			}
		}
	}
}

// batchReader turns the lines of a batch into items: the board being
// gathered, the numbering, and the consumer.
type batchReader struct {
	board *boardBlock // the board whose lines are being read, or nil
	batch textio.Batch[*Puzzle]
	yield func(Item) bool
}

// emit yields the next item, starting at line; it reports whether the
// consumer wants more.
func (br *batchReader) emit(line int, p *Puzzle, err error) bool {
	if err == nil {
		p.Line = line
	}
	return br.yield(br.batch.Item(line, p, err))
}

// flush yields the board being gathered, if any, whole or not.
func (br *batchReader) flush() bool {
	b := br.board
	if b == nil {
		return true
	}
	br.board = nil
	p, err := b.finish()
	return br.emit(b.start, p, err)
}

// take reads line l: a line of the board being gathered (yielded when
// whole), or else the end of that board and a puzzle of its own, a blank
// line (comments read as blank), or the top of a new board.
func (br *batchReader) take(l textio.Line) bool {
	s := string(l.Text)
	if br.board != nil && (strings.HasPrefix(s, "+") || strings.HasPrefix(s, "|")) {
		br.board.add(s, l.No)
		if br.board.done() {
			return br.flush()
		}
		return true
	}
	if !br.flush() {
		return false
	}
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		return true
	case s[0] == '+' || s[0] == '|':
		br.board = newBoardBlock(s, l.No)
		return true
	case t[0] == '{':
		p, err := parseJSON(t, l.No)
		return br.emit(l.No, p, err)
	case t[0] >= '0' && t[0] <= '9':
		p, err := ParseTatham(t, l.No)
		return br.emit(l.No, p, err)
	default:
		return br.emit(l.No, nil, &ParseError{Line: l.No, Err: ErrFormat,
			Detail: fmt.Sprintf("starts with %q; want a Keen game ID (N:...), a JSON object or a board ('+---')", firstRune(t))})
	}
}

func firstRune(t string) string {
	for _, r := range t {
		return string(r)
	}
	return ""
}

// Parse reads exactly one puzzle in any of Read's forms.
func Parse(s string) (*Puzzle, error) {
	var got *Item
	for it := range Read(strings.NewReader(s)) {
		if got != nil {
			return nil, &ParseError{Line: it.Line, Err: ErrFormat, Detail: fmt.Sprintf("a second puzzle after the one on line %d", got.Line)}
		}
		got = &it
	}
	switch {
	case got == nil:
		return nil, &ParseError{Line: 1, Err: ErrFormat, Detail: "no puzzle"}
	case got.Err != nil:
		return nil, got.Err
	}
	return got.Value, nil
}

// finishPuzzle normalises p and validates it, turning Validate's error
// into a ParseError at line and field.
func finishPuzzle(p *Puzzle, line, field int) (*Puzzle, error) {
	p.normalize()
	if err := Validate(p); err != nil {
		return nil, parseErr(line, field, err)
	}
	return p, nil
}

// parseErr wraps an error of Validate (sentinel: detail) as a ParseError.
func parseErr(line, field int, err error) error {
	for _, s := range []error{ErrSize, ErrCage, ErrClue, ErrCover} {
		if errors.Is(err, s) {
			return &ParseError{Line: line, Field: field, Err: s, Detail: strings.TrimPrefix(err.Error(), s.Error()+": ")}
		}
	}
	return &ParseError{Line: line, Field: field, Err: ErrSyntax, Detail: err.Error()}
}
