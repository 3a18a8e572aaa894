package latin

import (
	"bytes"
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

// maxMarks is the largest order of the pencil-mark form: a cell's
// candidates are one 64-bit word, bit v for symbol v.
const maxMarks = 63

// Sentinel errors of the pencil-mark form (ReadMarks); its other errors
// unwrap to ErrOrder, ErrNumber, ErrRowLength and ErrSymbol.
var (
	ErrMarkRows   = errors.New("latin: wrong count of rows")
	ErrMarkRepeat = errors.New("latin: candidate repeats in a cell")
	ErrMarkEmpty  = errors.New("latin: cell with no candidate")
)

// FormatMarks writes pencil marks in the form ReadMarks reads: the order
// N on a line of its own, then N lines of N tokens, one per cell, each the
// cell's candidates in increasing order, concatenated when N <= 9 (1379)
// and separated by commas above (1,12,15). Tokens are padded with spaces
// to the widest, so that the columns line up; lines have no trailing
// space, and the block ends with a newline (put a blank line between two
// blocks of a batch).
//
// cands[r][c] lists the candidates of cell (r, c); nil cands takes them
// from inst: its Marks, else its given, else every symbol. A cell with no
// candidate is written '-', and a cell missing from cands or holding a
// value outside 1..N '?': neither reads back.
func FormatMarks(inst *Instance, cands [][][]int) string {
	n := inst.Order
	toks := make([]string, 0, max(n, 0)*max(n, 0))
	width := 1
	for r := range n {
		for c := range n {
			vals, ok := square.Candidates(cands, inst.Marks, n, r, c, inst.given(r, c))
			t := square.MarkToken(vals, ok, n)
			width = max(width, len(t))
			toks = append(toks, t)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", n)
	for r := range n {
		for c := range n {
			t := toks[r*n+c]
			b.WriteString(t)
			if c < n-1 {
				b.WriteString(strings.Repeat(" ", width-len(t)+1))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// given returns inst's given at (r, c), 0 for none or a cell it lacks.
func (inst *Instance) given(r, c int) int {
	if r < len(inst.Grid) && c < len(inst.Grid[r]) {
		return inst.Grid[r][c]
	}
	return 0
}

// ReadMarks streams a batch of pencil-mark grids as FormatMarks writes
// them, in constant memory: blocks separated by blank lines, each the
// order N (1..63) on a line of its own, then N lines of N tokens, one per
// cell. A token lists the cell's candidates: digits run together when
// N <= 9 (1379), numbers separated by commas when N >= 10 (1,12,15; commas
// are read at any order). Lines starting with '#' or '%' are skipped,
// inside a block too.
//
// Each block gives an Instance whose Marks hold every cell's candidates,
// and whose Grid holds, as a given, the symbol of every cell with exactly
// one candidate (0 elsewhere): a mark grid writes a placed symbol as a
// lone candidate. A malformed block becomes an Item with Err set, a
// *ParseError naming the instance, the line and the field (the token,
// 1-based) and wrapping ErrOrder (order not a number, or out of 1..63),
// ErrMarkRows (a block of the wrong number of rows), ErrLong (a line over
// 1 MiB, or a block over textio's bounds), ErrRowLength (a row of the wrong number of
// tokens), ErrNumber (a token not made of numbers), ErrSymbol (a
// candidate out of 1..N), ErrMarkRepeat (a candidate twice in a token),
// ErrMarkEmpty (a token '-', or an empty number between commas); reading
// goes on with the next block. Two cells of a row or column with the same
// single candidate are givens that clash: the block reads, and Clash
// names them.
func ReadMarks(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		var b textio.Batch[*Instance]
		for blk, err := range textio.Blocks(r, textOptions) {
			var inst *Instance
			if err == nil {
				inst, err = parseMarks(blk)
			} else if !errors.Is(err, ErrLong) {
				yield(b.Item(blk.Start, nil, err)) // a read error ends the batch
				return
			}
			if !yield(b.Item(blk.Start, inst, err)) {
				return
			}
		}
	}
}

// parseMarks reads one block of pencil marks.
func parseMarks(b textio.Block) (*Instance, error) {
	fail := func(line, field int, err error, detail string, args ...any) *ParseError {
		return &ParseError{Line: line, Field: field, Err: err, Detail: fmt.Sprintf(detail, args...)}
	}
	head := b.Lines[0]
	f := strings.Fields(string(head.Text))
	if len(f) != 1 || strings.Trim(f[0], "0123456789") != "" {
		return nil, fail(head.No, 1, ErrOrder, "found %s, want the order on a line of its own", textio.Quote(string(bytes.TrimSpace(head.Text))))
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 || n > maxMarks {
		return nil, fail(head.No, 1, ErrOrder, "order %s, want 1..%d for pencil marks", textio.Clip(f[0]), maxMarks)
	}
	inst := &Instance{Order: n, Line: head.No, Grid: make([][]int, n), Marks: make([]uint64, n*n)}
	for r, l := range b.Lines[1:] {
		if r == n {
			return nil, fail(l.No, 0, ErrMarkRows, "more than %d rows (a blank line ends a block)", n)
		}
		toks := strings.Fields(string(l.Text))
		if len(toks) != n {
			return nil, fail(l.No, min(len(toks), n)+1, ErrRowLength, "row %d has %d cells, want %d", r+1, len(toks), n)
		}
		inst.Grid[r] = make([]int, n)
		for c, t := range toks {
			mask, detail, err := square.ParseMark(t, n, markErrors)
			if err != nil {
				return nil, fail(l.No, c+1, err, "%s", detail)
			}
			inst.Marks[r*n+c] = mask
			if mask&(mask-1) == 0 {
				inst.Grid[r][c] = bits.TrailingZeros64(mask)
			}
		}
	}
	if rows := len(b.Lines) - 1; rows < n {
		return nil, fail(b.Lines[len(b.Lines)-1].No, 0, ErrMarkRows, "%d rows, want %d", rows, n)
	}
	return inst, nil
}

// markErrors are the sentinels of a bad pencil-mark token.
var markErrors = square.MarkErrors{Empty: ErrMarkEmpty, Number: ErrNumber, Range: ErrSymbol, Repeat: ErrMarkRepeat}
