package kenken

import (
	"bufio"
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
const MaxLine = 1 << 20

// Sentinel errors of the readers; a *ParseError unwraps to one of them
// (or to one of Validate's: ErrSize, ErrCage, ErrClue, ErrCover).
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

// Item is one puzzle of a batch, or the error that spoilt it.
type Item struct {
	Index  int     // 1-based position in the batch, good and bad puzzles alike
	Line   int     // line where the puzzle starts
	Puzzle *Puzzle // nil when Err is set
	Err    error   // a *ParseError
}

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
// lines of csp solve among them, so its output reads back). A malformed
// puzzle becomes an Item with Err set and reading goes on with the next
// line.
func Read(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		br := bufio.NewReaderSize(r, 64*1024)
		lineNo, index := 0, 0
		var board *boardBlock
		emit := func(line int, p *Puzzle, err error) bool {
			index++
			var pe *ParseError
			if errors.As(err, &pe) {
				pe.Instance = index
			}
			if err != nil {
				return yield(Item{Index: index, Line: line, Err: err})
			}
			p.Line = line
			return yield(Item{Index: index, Line: line, Puzzle: p})
		}
		flush := func() bool {
			if board == nil {
				return true
			}
			b := board
			board = nil
			p, err := b.finish()
			return emit(b.start, p, err)
		}
		for {
			s, long, err := readLine(br)
			if s != "" || long || err == nil {
				lineNo++
				ok := true
				t := strings.TrimSpace(s)
				switch {
				case long:
					ok = flush() && emit(lineNo, nil, &ParseError{Line: lineNo, Err: ErrTooLong, Detail: fmt.Sprintf("more than %d bytes", MaxLine)})
				case board != nil && (strings.HasPrefix(s, "+") || strings.HasPrefix(s, "|")):
					board.add(s, lineNo)
					if board.done() {
						ok = flush()
					}
				case t == "" || t[0] == '#' || t[0] == '%':
					ok = flush()
				case s[0] == '+' || s[0] == '|':
					ok = flush()
					board = newBoardBlock(s, lineNo)
				case t[0] == '{':
					ok = flush()
					if ok {
						p, perr := parseJSON(t, lineNo)
						ok = emit(lineNo, p, perr)
					}
				case t[0] >= '0' && t[0] <= '9':
					ok = flush()
					if ok {
						p, perr := ParseTatham(t, lineNo)
						ok = emit(lineNo, p, perr)
					}
				default:
					ok = flush() && emit(lineNo, nil, &ParseError{Line: lineNo, Err: ErrFormat,
						Detail: fmt.Sprintf("starts with %q; want a Keen game ID (N:...), a JSON object or a board ('+---')", firstRune(t))})
				}
				if !ok {
					return
				}
			}
			if err != nil {
				if !flush() {
					return
				}
				if err != io.EOF {
					emit(lineNo+1, nil, &ParseError{Line: lineNo + 1, Err: ErrSyntax, Detail: err.Error()})
				}
				return
			}
		}
	}
}

func firstRune(t string) string {
	for _, r := range t {
		return string(r)
	}
	return ""
}

// readLine returns the next line without its end ("\n" or "\r\n"); long
// says it was over MaxLine and was skipped. err is io.EOF after the last
// line.
func readLine(br *bufio.Reader) (s string, long bool, err error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > MaxLine+2 {
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			return "", true, err
		}
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		buf = buf[:len(buf)-eolLen(buf)]
		if len(buf) > MaxLine {
			return "", true, err
		}
		return string(buf), false, err
	}
}

// eolLen counts the line-end bytes at the end of b.
func eolLen(b []byte) int {
	k := 0
	if len(b) > 0 && b[len(b)-1] == '\n' {
		k++
		if len(b) > 1 && b[len(b)-2] == '\r' {
			k++
		}
	}
	return k
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
	return got.Puzzle, nil
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
