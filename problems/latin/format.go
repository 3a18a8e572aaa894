package latin

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
	"github.com/cspgo/csp/problems/internal/square"
)

// MaxOrder is the largest order the reader accepts. It bounds the memory
// and time a hostile file can ask for: an order-200 GAC model has 40,000
// variables and 400 all-different propagators.
const MaxOrder = 200

// Sentinel errors; a *ParseError unwraps to one of them.
var (
	ErrOrder     = errors.New("latin: bad order")
	ErrNumber    = errors.New("latin: not a number")
	ErrRowLength = errors.New("latin: wrong count of numbers")
	ErrSymbol    = errors.New("latin: symbol out of range")
	// ErrClash is what Instance.Clash wraps: givens that repeat in a row
	// or column. Such an instance reads, and has no solution.
	ErrClash     = errors.New("latin: givens clash")
	ErrTruncated = errors.New("latin: instance ends early")
	ErrLong      = errors.New("latin: line or block too long")
)

// ParseError says where an input is malformed: instance, line, field,
// and a sentinel of this package in Err.
type ParseError = textio.ParseError

// Instance is a partial Latin square: Grid[r][c] is a symbol 1..Order, or 0
// for a hole.
type Instance struct {
	Order int
	Grid  [][]int
	// Marks, when not nil, are a person's pencil marks: the candidates of
	// each cell, row by row, as bits (bit v for symbol v; orders up to
	// 63). Solving and explaining start from them.
	Marks []uint64
	Line  int // line of the input where the instance starts
}

// Item is one instance of a batch (Value), or the error that spoilt it: a
// *ParseError whose Err is a sentinel of this package, or the reader's
// error.
type Item = textio.Item[*Instance]

// Read streams the instances of the format
//
//	N
//	v11 v12 ... v1N
//	...
//	vN1 ... vNN
//
// (0 = hole), one after another, in constant memory; blank lines and lines
// starting with '#' or '%' are skipped. A malformed instance becomes an
// Item with Err set and reading goes on with the next one: after an
// instance with a readable order, up to N further lines are its rows (a
// line holding a single number where a row of several belongs ends it
// early, and starts the next instance); after an unreadable order, lines
// are skipped up to the next line holding a single number. A line over
// 1 MiB (textio.DefaultMaxLine) spoils the instance it is in (ErrLong),
// or stands for an unreadable order. A read error ends the batch with an
// Item of its own. Givens that repeat in a row or column are no reading
// error: the instance reads, and Clash names the clash.
func Read(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		in := textio.NewReader(r, textOptions)
		var b textio.Batch[*Instance]
		var fields [][]byte // a line's fields, the array kept from line to line
		for {
			head, err := peekFull(in)
			switch {
			case err == io.EOF:
				return
			case err != nil && !errors.Is(err, ErrLong):
				yield(b.Item(head.No, nil, err)) // a read error ends the batch
				return
			}
			_, _ = in.Next() // head, peeked
			inst, err := readInstance(in, head, err, &fields)
			if !yield(b.Item(head.No, inst, err)) {
				return
			}
		}
	}
}

// textOptions are how the readers take their lines: comments start with
// '#' or '%', and a line over textio.DefaultMaxLine (or a block of pencil
// marks over textio's bounds) is an error wrapping ErrLong.
var textOptions = textio.Options{Comment: "#%", TooLong: ErrLong}

// peekFull skips blank lines and returns the next line, or the error in
// its place, without taking it.
func peekFull(in *textio.Reader) (textio.Line, error) {
	for {
		l, err := in.Peek()
		if err != nil || !l.Blank() {
			return l, err
		}
		_, _ = in.Next() // blank, peeked
	}
}

// readInstance reads the rest of the instance whose first line is head
// (or headErr, a line over the bound, in its place) from in: its rows,
// or, when its order is unreadable, the lines up to the next that could
// be an order. scratch holds a line's fields; its array is kept for the
// next call. The instance is one handed back (Recycle) when there is one:
// a batch in its steady state reads without allocating.
func readInstance(in *textio.Reader, head textio.Line, headErr error, scratch *[][]byte) (*Instance, error) {
	fail := func(line, field int, err error, detail string, args ...any) *ParseError {
		return &ParseError{Line: line, Field: field, Err: err, Detail: fmt.Sprintf(detail, args...)}
	}
	var fields [][]byte
	n := 0
	err := headErr
	if headErr == nil {
		fields = textio.Fields(*scratch, head.Text)
		*scratch = fields
		n, err = strconv.Atoi(string(fields[0]))
	}
	if headErr != nil || len(fields) != 1 || err != nil || n < 1 || n > MaxOrder {
		switch {
		case headErr != nil:
		case len(fields) == 1 && len(bytes.Trim(fields[0], "0123456789")) == 0:
			err = fail(head.No, 1, ErrOrder, "order %s, want 1..%d", textio.Clip(string(fields[0])), MaxOrder)
		case len(fields) != 1 || err != nil:
			err = fail(head.No, 1, ErrOrder, "found %s, want the order on a line of its own", textio.Quote(string(bytes.TrimSpace(head.Text))))
		default:
			err = fail(head.No, 1, ErrOrder, "order %d, want 1..%d", n, MaxOrder)
		}
		// Resynchronise on the next line that could be an order.
		for {
			l, lerr := peekFull(in)
			if lerr == io.EOF || lerr != nil && !errors.Is(lerr, ErrLong) || lerr == nil && len(bytes.Fields(l.Text)) == 1 {
				break
			}
			_, _ = in.Next() // a row of no instance, peeked
		}
		return nil, err
	}
	inst := newInstance(n, head.No)
	var first error
	note := func(line, field int, err error, detail string, args ...any) {
		if first == nil {
			first = fail(line, field, err, detail, args...)
		}
	}
	for r := range n {
		l, err := peekFull(in)
		if err != nil && !errors.Is(err, ErrLong) {
			// The end of the input, or a read error left for the batch.
			note(l.No, 0, ErrTruncated, "%d of %d rows", r, n)
			break
		}
		if err != nil {
			_, _ = in.Next() // the long line, peeked
			if first == nil {
				first = err
			}
			continue
		}
		f := textio.Fields(*scratch, l.Text)
		*scratch = f
		if len(f) == 1 && n > 1 {
			// A lone number where a row belongs: most likely the next
			// instance's order, so this one ends early (and the line is
			// left for it).
			note(l.No, 0, ErrTruncated, "%d of %d rows before %s", r, n, textio.Quote(string(f[0])))
			break
		}
		_, _ = in.Next() // the row, peeked
		if len(f) != n {
			// The field named is the first missing or the first extra one.
			note(l.No, min(len(f), n)+1, ErrRowLength, "row %d has %d numbers, want %d", r+1, len(f), n)
		}
		row := inst.Grid[r]
		for c := range min(len(f), n) {
			v, err := strconv.Atoi(string(f[c]))
			switch {
			case errors.Is(err, strconv.ErrRange):
				note(l.No, c+1, ErrSymbol, "found %s, want 0..%d", textio.Clip(string(f[c])), n)
			case err != nil:
				note(l.No, c+1, ErrNumber, "found %s, want 0..%d", textio.Quote(string(f[c])), n)
			case v < 0 || v > n:
				note(l.No, c+1, ErrSymbol, "found %d, want 0..%d", v, n)
			default:
				row[c] = v
			}
		}
	}
	if first != nil {
		free.Put(inst)
		return nil, first
	}
	return inst, nil
}

// free holds the instances a batch handed back (Recycle), for
// readInstance to fill again.
var free textio.Free[*Instance]

// newInstance returns an instance of order n starting at line, every cell
// a hole: one handed back, its rows' arrays reused when they have room,
// or a new one.
func newInstance(n, line int) *Instance {
	inst, ok := free.Get()
	if !ok {
		inst = &Instance{}
	}
	*inst = Instance{Order: n, Grid: square.Zeros(inst.Grid, n), Line: line}
	return inst
}

// Recycle hands inst back to the reader once nothing refers to it: its
// rows serve a later instance of a batch (see catalog.Recycler).
func Recycle(inst *Instance) {
	if inst != nil {
		free.Put(inst)
	}
}

// Parse reads exactly one instance.
func Parse(s string) (*Instance, error) {
	var first Item
	n := 0
	for it := range Read(strings.NewReader(s)) {
		n++
		if n == 1 {
			first = it
			continue
		}
		if first.Err != nil {
			break
		}
		return nil, &ParseError{Instance: 2, Line: it.Line, Err: ErrOrder, Detail: "more than one instance"}
	}
	switch {
	case n == 0:
		return nil, &ParseError{Instance: 1, Line: 1, Err: ErrTruncated, Detail: "no instance"}
	case first.Err != nil:
		return nil, first.Err
	}
	return first.Value, nil
}

// Write writes a grid in the instance format, columns aligned.
func Write(w io.Writer, grid [][]int) error {
	n := len(grid)
	width := len(strconv.Itoa(n))
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", n)
	for _, row := range grid {
		for c, v := range row {
			if c > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%*d", width, v)
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// String formats the instance as Write does.
func (in *Instance) String() string {
	var b strings.Builder
	_ = Write(&b, in.Grid)
	return b.String()
}
