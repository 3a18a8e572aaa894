package latin

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
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
	ErrRepeat    = errors.New("latin: given repeats")
	ErrTruncated = errors.New("latin: instance ends early")
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

// Item is one instance read from a batch, or the error that spoilt it.
type Item struct {
	Index int // 1-based position in the input
	Line  int // line where it starts
	Inst  *Instance
	Err   error // a *ParseError, or an I/O error
}

// Read reads every instance of the format
//
//	N
//	v11 v12 ... v1N
//	...
//	vN1 ... vNN
//
// (0 = hole), one after another; blank lines and lines starting with '#' or
// '%' are skipped. A malformed instance becomes an Item with Err set and
// reading goes on with the next one: after an instance with a readable
// order, up to N further lines are its rows (a line holding a single number
// where a row of several belongs ends it early, and starts the next
// instance); after an unreadable order, lines are skipped up to the next
// line holding a single number.
func Read(r io.Reader) []Item {
	var items []Item
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	lineNo := 0
	var pending *string // a line read ahead
	pendingNo := 0
	next := func() (string, int, bool) {
		if pending != nil {
			l := *pending
			pending = nil
			return l, pendingNo, true
		}
		for sc.Scan() {
			lineNo++
			t := strings.TrimSpace(sc.Text())
			if t == "" || t[0] == '#' || t[0] == '%' {
				continue
			}
			return t, lineNo, true
		}
		return "", lineNo, false
	}
	for {
		head, at, ok := next()
		if !ok {
			break
		}
		idx := len(items) + 1
		fail := func(line, field int, err error, detail string, args ...any) {
			items = append(items, Item{Index: idx, Line: at, Err: &ParseError{
				Instance: idx, Line: line, Field: field, Err: err, Detail: fmt.Sprintf(detail, args...)}})
		}
		fields := strings.Fields(head)
		n, err := strconv.Atoi(fields[0])
		if len(fields) != 1 || err != nil || n < 1 || n > MaxOrder {
			switch {
			case len(fields) == 1 && strings.Trim(fields[0], "0123456789") == "":
				fail(at, 1, ErrOrder, "order %s, want 1..%d", fields[0], MaxOrder)
			case len(fields) != 1 || err != nil:
				fail(at, 1, ErrOrder, "found %q, want the order on a line of its own", head)
			default:
				fail(at, 1, ErrOrder, "order %d, want 1..%d", n, MaxOrder)
			}
			// Resynchronise on the next line that could be an order.
			for {
				l, no, ok := next()
				if !ok {
					break
				}
				if len(strings.Fields(l)) == 1 {
					pending, pendingNo = &l, no
					break
				}
			}
			continue
		}
		inst := &Instance{Order: n, Line: at, Grid: make([][]int, n)}
		var first *ParseError
		note := func(line, field int, err error, detail string, args ...any) {
			if first == nil {
				first = &ParseError{Instance: idx, Line: line, Field: field, Err: err, Detail: fmt.Sprintf(detail, args...)}
			}
		}
		rowLine := make([]int, n)
		for r := range n {
			l, no, ok := next()
			if !ok {
				note(no, 0, ErrTruncated, "%d of %d rows", r, n)
				break
			}
			f := strings.Fields(l)
			if len(f) == 1 && n > 1 {
				// A lone number where a row belongs: most likely the next
				// instance's order, so this one ends early.
				note(no, 0, ErrTruncated, "%d of %d rows before %q", r, n, l)
				pending, pendingNo = &l, no
				break
			}
			rowLine[r] = no
			if len(f) != n {
				// The field named is the first missing or the first extra one.
				note(no, min(len(f), n)+1, ErrRowLength, "row %d has %d numbers, want %d", r+1, len(f), n)
			}
			row := make([]int, n)
			for c := range min(len(f), n) {
				v, err := strconv.Atoi(f[c])
				switch {
				case err != nil:
					note(no, c+1, ErrNumber, "found %q, want 0..%d", f[c], n)
				case v < 0 || v > n:
					note(no, c+1, ErrSymbol, "found %d, want 0..%d", v, n)
				default:
					row[c] = v
				}
			}
			inst.Grid[r] = row
		}
		if first == nil {
			if pe := checkGivens(inst, rowLine); pe != nil {
				first = pe
				first.Instance = idx
			}
		}
		if first != nil {
			items = append(items, Item{Index: idx, Line: at, Err: first})
			continue
		}
		items = append(items, Item{Index: idx, Line: at, Inst: inst})
	}
	if err := sc.Err(); err != nil {
		items = append(items, Item{Index: len(items) + 1, Line: lineNo, Err: fmt.Errorf("line %d: %w", lineNo, err)})
	}
	return items
}

// checkGivens reports the first given that repeats in its row or column.
func checkGivens(inst *Instance, rowLine []int) *ParseError {
	n := inst.Order
	colSeen := make([][]bool, n)
	for c := range colSeen {
		colSeen[c] = make([]bool, n+1)
	}
	for r, row := range inst.Grid {
		seen := make([]bool, n+1)
		for c, v := range row {
			if v == 0 {
				continue
			}
			if seen[v] {
				return &ParseError{Line: rowLine[r], Field: c + 1, Err: ErrRepeat, Detail: fmt.Sprintf("%d appears twice in row %d", v, r+1)}
			}
			if colSeen[c][v] {
				return &ParseError{Line: rowLine[r], Field: c + 1, Err: ErrRepeat, Detail: fmt.Sprintf("%d appears twice in column %d", v, c+1)}
			}
			seen[v], colSeen[c][v] = true, true
		}
	}
	return nil
}

// Parse reads exactly one instance.
func Parse(s string) (*Instance, error) {
	items := Read(strings.NewReader(s))
	switch {
	case len(items) == 0:
		return nil, &ParseError{Instance: 1, Line: 1, Err: ErrTruncated, Detail: "no instance"}
	case items[0].Err != nil:
		return nil, items[0].Err
	case len(items) > 1:
		return nil, &ParseError{Instance: 2, Line: items[1].Line, Err: ErrOrder, Detail: "more than one instance"}
	}
	return items[0].Inst, nil
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
