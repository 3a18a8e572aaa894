package futoshiki

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
)

// ParseError says where an input is malformed: instance, line, field, and
// a sentinel of this package in Err.
type ParseError = textio.ParseError

// MaxLine is the longest input line the reader takes, in bytes; a longer
// line is reported (ErrLong) and skipped without being held.
const MaxLine = 1 << 20

// Item is one puzzle of a batch (Value), or the error that spoilt it (Err,
// a *ParseError), with its 1-based position in the batch and the line
// where it starts.
type Item = textio.Item[*Puzzle]

// Read reads puzzles one after another, detecting each one's format:
//
//   - a game ID of Simon Tatham's Unequal, N:cells or Na:cells for the
//     adjacent variant (see ParseUnequal), on one line;
//   - a JSON object on one line (see ParseJSON);
//   - a grid as Format prints it (described there): rows of cells with
//     the signs between them, a line of signs between two rows; the grid
//     ends with its N-th row.
//
// Lines starting with '#' or '%' are skipped, and blank lines too (but
// inside a grid, a blank line after a row is its empty line of signs), so
// the output of "csp solve futoshiki" reads back. A malformed puzzle
// becomes an Item with Err set (a *ParseError naming the instance, the
// line and the field) and reading goes on after it: with the next line,
// or, for a grid broken after its first row, after the rest of the grid
// (up to a blank line or a line of another format). A line longer than
// MaxLine is one such item (ErrLong), and reading goes on; a read error
// ends the batch with an item holding it. Puzzles are yielded as they
// are read, in constant memory (internal/textio reads the lines).
func Read(r io.Reader) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		var (
			batch textio.Batch[*Puzzle]
			b     *block // the grid being read
		)
		// emit yields the grid being read, unless it is finished or has
		// reported its error.
		emit := func() bool {
			cur := b
			b = nil
			if cur == nil || cur.done || cur.broken {
				return true
			}
			p, err := cur.finish()
			return yield(item(&batch, cur.start, p, err))
		}
		for l, err := range textio.Lines(r, lineOptions) {
			if err != nil {
				if !emit() || !yield(item(&batch, l.No, nil, err)) || !errors.Is(err, ErrLong) {
					return // a read error ends the batch
				}
				continue
			}
			raw := string(l.Text)
			ok := true
			switch t := strings.TrimSpace(raw); {
			case t == "":
				if b != nil && !b.blank() {
					ok = emit()
				}
			case t[0] == '{':
				if ok = emit(); ok {
					p, perr := ParseJSON(t, l.No)
					ok = yield(item(&batch, l.No, p, perr))
				}
			case isUnequal(t):
				if ok = emit(); ok {
					p, perr := ParseUnequal(t, l.No)
					ok = yield(item(&batch, l.No, p, perr))
				}
			default:
				if b == nil {
					b = &block{start: l.No}
				}
				if perr := b.add(strings.TrimRight(raw, " \t"), l.No); perr != nil {
					ok = yield(item(&batch, b.start, nil, perr))
					if b.n == 0 && !b.header {
						b = nil // a stray line: the next one starts afresh
					} else {
						b.broken = true // swallow the rest of the block
					}
				} else if b.done {
					p, perr := b.finish()
					ok = yield(item(&batch, b.start, p, perr))
					b = nil
				}
			}
			if !ok {
				return
			}
		}
		emit()
	}
}

// lineOptions are how Read takes lines: '#' and '%' start comment lines
// (a grid goes on across them), and a line over MaxLine is an error
// wrapping ErrLong.
var lineOptions = textio.Options{MaxLine: MaxLine, Comment: "#%", TooLong: ErrLong}

// item numbers the next Item of the batch, the puzzle stamped with its
// line (a *ParseError gets the item's index as its Instance).
func item(batch *textio.Batch[*Puzzle], line int, p *Puzzle, err error) Item {
	if err == nil {
		p.Line = line
	}
	return batch.Item(line, p, err)
}

// isUnequal reports whether t starts like an Unequal game ID: digits, an
// optional 'a', an optional 'd' and a letter, then a colon.
func isUnequal(t string) bool {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return false
	}
	if i < len(t) && t[i] == 'a' {
		i++
	}
	if i+1 < len(t) && t[i] == 'd' && t[i+1] >= 'a' && t[i+1] <= 'z' {
		i += 2
	}
	return i < len(t) && t[i] == ':'
}

// ParseUnequal reads a game ID of Simon Tatham's Unequal (line is the
// input line, for errors). The grammar, as Unequal reads it:
//
//	ID     = N ["a"] ["d" letter] ":" cell {"," cell} [","]
//	cell   = {skip} number {"U" | "R" | "D" | "L"}
//
// N is the size (Unequal itself makes 3..32, this reader takes
// 1..MaxSize), "a" the adjacent variant, "d" and a letter the difficulty
// it was made at (ignored). Cells come row by row; number is the given (0
// for an empty cell); a skip letter a..z stands for 1..26 empty cells
// without signs before the next one. In Futoshiki a flag says the cell is
// greater than its neighbour Up, Right, Down or Left; in the adjacent
// variant it marks a bar to that neighbour (both cells carry it), and an
// unmarked neighbour is not consecutive.
//
// Fields in errors: 1 is the part before the colon, k+1 the k-th cell
// entry (between commas).
func ParseUnequal(t string, line int) (*Puzzle, error) {
	params, desc, ok := strings.Cut(t, ":")
	if !ok {
		return nil, &ParseError{Line: line, Field: 1, Err: ErrSyntax, Detail: "no ':' after the size"}
	}
	digits := strings.TrimRight(params, "abcdefghijklmnopqrstuvwxyz")
	n, err := strconv.Atoi(digits)
	if err != nil || len(digits) > 3 || n < 1 || n > MaxSize {
		return nil, &ParseError{Line: line, Field: 1, Err: ErrSize, Detail: fmt.Sprintf("found %s, want 1..%d", textio.Quote(digits), MaxSize)}
	}
	mode := params[len(digits):]
	adjacent := strings.HasPrefix(mode, "a")
	if rest := strings.TrimPrefix(mode, "a"); rest != "" && (len(rest) != 2 || rest[0] != 'd') {
		return nil, &ParseError{Line: line, Field: 1, Err: ErrSyntax, Detail: fmt.Sprintf("found %s after the size, want 'a' (adjacent) and/or 'd' and a difficulty letter", textio.Quote(mode))}
	}
	p := New(n, adjacent)
	type flagged struct {
		cell  int
		flags string
		field int
	}
	var flags []flagged
	cell, field := 0, 2
	for i := 0; i < len(desc); field++ {
		for i < len(desc) && desc[i] >= 'a' && desc[i] <= 'z' {
			cell += int(desc[i]-'a') + 1
			i++
		}
		if cell >= n*n {
			return nil, &ParseError{Line: line, Field: field, Err: ErrCount, Detail: fmt.Sprintf("cell %d or more, want %d cells", cell+1, n*n)}
		}
		j := i
		for j < len(desc) && desc[j] >= '0' && desc[j] <= '9' {
			j++
		}
		if j == i {
			return nil, &ParseError{Line: line, Field: field, Err: ErrSyntax, Detail: fmt.Sprintf("%s, want a number for r%dc%d", found(desc, i), cell/n+1, cell%n+1)}
		}
		v, err := strconv.Atoi(desc[i:j])
		if err != nil || j-i > 3 || v > n {
			return nil, &ParseError{Line: line, Field: field, Err: ErrGiven, Detail: fmt.Sprintf("r%dc%d is %s, want 0..%d", cell/n+1, cell%n+1, desc[i:j], n)}
		}
		p.Givens[cell/n][cell%n] = v
		k := j
		for k < len(desc) && strings.IndexByte("URDL", desc[k]) >= 0 {
			k++
		}
		if k > j {
			flags = append(flags, flagged{cell, desc[j:k], field})
		}
		cell++
		switch {
		case k == len(desc):
		case desc[k] == ',':
			k++
		default:
			return nil, &ParseError{Line: line, Field: field, Err: ErrSyntax, Detail: fmt.Sprintf("%s after r%dc%d, want a flag U, R, D, L or ','", found(desc, k), (cell-1)/n+1, (cell-1)%n+1)}
		}
		i = k
	}
	if cell != n*n {
		return nil, &ParseError{Line: line, Field: max(field-1, 2), Err: ErrCount, Detail: fmt.Sprintf("%d cells, want %d", cell, n*n)}
	}
	// Flags become signs once every cell is known, so that a bar can be
	// checked from both ends.
	type pair struct{ r, c, dir int } // (r, c) and its right (dir 0) or lower (1) neighbour
	ends := map[pair]uint8{}          // adjacent variant: bit 1 first end marked, bit 2 second
	var order []pair
	for _, f := range flags {
		r, c := f.cell/n, f.cell%n
		for _, d := range []byte(f.flags) {
			var (
				at    pair
				first bool // this cell is the pair's first
			)
			switch d {
			case 'U':
				at = pair{r - 1, c, 1}
			case 'D':
				at, first = pair{r, c, 1}, true
			case 'L':
				at = pair{r, c - 1, 0}
			case 'R':
				at, first = pair{r, c, 0}, true
			}
			if at.r < 0 || at.c < 0 || at.dir == 1 && at.r >= n-1 || at.dir == 0 && at.c >= n-1 {
				return nil, &ParseError{Line: line, Field: f.field, Err: ErrSign, Detail: fmt.Sprintf("flag %c on r%dc%d points off the grid", d, r+1, c+1)}
			}
			var sign *Sign
			if at.dir == 1 {
				sign = &p.Down[at.r][at.c]
			} else {
				sign = &p.Right[at.r][at.c]
			}
			want := Bar
			if !p.Adjacent {
				want = Less // the other end is greater
				if first {
					want = Greater
				}
			}
			if *sign != None && *sign != want {
				return nil, &ParseError{Line: line, Field: f.field, Err: ErrSign, Detail: fmt.Sprintf("flag %c on r%dc%d contradicts its neighbour's", d, r+1, c+1)}
			}
			*sign = want
			if p.Adjacent {
				if ends[at] == 0 {
					order = append(order, at)
				}
				if first {
					ends[at] |= 1
				} else {
					ends[at] |= 2
				}
			}
		}
	}
	for _, at := range order {
		if ends[at] != 3 {
			r2, c2 := at.r, at.c+1
			if at.dir == 1 {
				r2, c2 = at.r+1, at.c
			}
			return nil, &ParseError{Line: line, Err: ErrSign, Detail: fmt.Sprintf("the bar between r%dc%d and r%dc%d is flagged on one cell only (want both)", at.r+1, at.c+1, r2+1, c2+1)}
		}
	}
	if err := p.Validate(); err != nil {
		return nil, &ParseError{Line: line, Err: errors.Unwrap(err), Detail: detail(err)}
	}
	return p, nil
}

// found describes s[i] for an error, or the end of s.
func found(s string, i int) string {
	if i >= len(s) {
		return "the end"
	}
	return fmt.Sprintf("found %q", s[i])
}

// detail is err's message after its sentinel's.
func detail(err error) string {
	s := err.Error()
	if u := errors.Unwrap(err); u != nil {
		s = strings.TrimPrefix(strings.TrimPrefix(s, u.Error()), ": ")
	}
	return s
}

// FormatUnequal writes p as an Unequal game ID (every cell spelt out, each
// followed by a comma, as Unequal writes them). Unequal opens sizes 3..32.
func FormatUnequal(p *Puzzle) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(p.N))
	if p.Adjacent {
		b.WriteByte('a')
	}
	b.WriteByte(':')
	n := p.N
	for r := range n {
		for c := range n {
			b.WriteString(strconv.Itoa(p.Givens[r][c]))
			// The flag of each side, when this cell is the greater (or, in
			// the adjacent variant, has a bar there).
			if r > 0 && p.marks(p.Down[r-1][c], false) {
				b.WriteByte('U')
			}
			if c < n-1 && p.marks(p.Right[r][c], true) {
				b.WriteByte('R')
			}
			if r < n-1 && p.marks(p.Down[r][c], true) {
				b.WriteByte('D')
			}
			if c > 0 && p.marks(p.Right[r][c-1], false) {
				b.WriteByte('L')
			}
			b.WriteByte(',')
		}
	}
	return b.String()
}

// marks reports whether sign s earns a flag on the pair's first cell
// (first) or its second.
func (p *Puzzle) marks(s Sign, first bool) bool {
	if p.Adjacent {
		return s == Bar
	}
	return first && s == Greater || !first && s == Less
}

// jsonPuzzle is the JSON form of a puzzle.
type jsonPuzzle struct {
	Size     int     `json:"size"`
	Adjacent bool    `json:"adjacent,omitempty"`
	Givens   [][]int `json:"givens,omitempty"`
	Less     [][]int `json:"less,omitempty"` // entries of 4: a shorter array must not read as padded with zeros
	Bars     [][]int `json:"bars,omitempty"`
}

// ParseJSON reads the JSON form of a puzzle, one object:
//
//	{"size":4,"givens":[[0,0,0,0],[0,0,1,0],[0,0,0,0],[0,0,0,0]],"less":[[0,0,0,1],[2,3,1,3]]}
//	{"size":5,"adjacent":true,"bars":[[0,0,0,1],[3,2,4,2]]}
//
// size is N; givens (optional) N rows of N values, 0 for an empty cell;
// each entry [r1, c1, r2, c2] of less (Futoshiki) says cell (r1, c1) is
// less than its neighbour (r2, c2), and of bars (the adjacent variant,
// "adjacent":true) that the two neighbours differ by exactly 1. Rows and
// columns count from 0. Unknown keys are errors.
func ParseJSON(t string, line int) (*Puzzle, error) {
	var j jsonPuzzle
	if detail := textio.DecodeObject(t, &j); detail != "" {
		return nil, &ParseError{Line: line, Err: ErrSyntax, Detail: detail}
	}
	n := j.Size
	if n < 1 || n > MaxSize {
		return nil, &ParseError{Line: line, Err: ErrSize, Detail: fmt.Sprintf(`"size": found %d, want 1..%d`, n, MaxSize)}
	}
	p := New(n, j.Adjacent)
	if j.Givens != nil {
		if len(j.Givens) != n {
			return nil, &ParseError{Line: line, Err: ErrCount, Detail: fmt.Sprintf("%d rows of givens, want %d", len(j.Givens), n)}
		}
		for r, row := range j.Givens {
			if len(row) != n {
				return nil, &ParseError{Line: line, Err: ErrCount, Detail: fmt.Sprintf("givens row %d has %d cells, want %d", r, len(row), n)}
			}
			for c, v := range row {
				if v < 0 || v > n {
					return nil, &ParseError{Line: line, Err: ErrGiven, Detail: fmt.Sprintf("givens[%d][%d] is %d, want 0..%d", r, c, v, n)}
				}
			}
			copy(p.Givens[r], row)
		}
	}
	if j.Adjacent && len(j.Less) > 0 {
		return nil, &ParseError{Line: line, Err: ErrSign, Detail: `"less" in the adjacent variant (want "bars")`}
	}
	if !j.Adjacent && len(j.Bars) > 0 {
		return nil, &ParseError{Line: line, Err: ErrSign, Detail: `"bars" without "adjacent":true`}
	}
	for _, list := range []struct {
		key   string
		pairs [][]int
	}{{"less", j.Less}, {"bars", j.Bars}} {
		for i, e := range list.pairs {
			if len(e) != 4 {
				return nil, &ParseError{Line: line, Err: ErrCount, Detail: fmt.Sprintf("%q entry %d of %d has %d numbers, want 4 ([r1, c1, r2, c2])",
					list.key, i+1, len(list.pairs), len(e))}
			}
			q := [4]int(e)
			if err := p.setPair(q, list.key == "bars"); err != nil {
				return nil, &ParseError{Line: line, Err: ErrSign, Detail: fmt.Sprintf("%q entry %d of %d, [%d,%d,%d,%d]: %s",
					list.key, i+1, len(list.pairs), q[0], q[1], q[2], q[3], err)}
			}
		}
	}
	if err := p.Validate(); err != nil {
		return nil, &ParseError{Line: line, Err: errors.Unwrap(err), Detail: detail(err)}
	}
	return p, nil
}

// setPair records pair q = [r1, c1, r2, c2]: a bar, or cell 1 < cell 2.
func (p *Puzzle) setPair(q [4]int, bar bool) error {
	r1, c1, r2, c2 := q[0], q[1], q[2], q[3]
	n := p.N
	for k := 0; k < 4; k += 2 {
		if r, c := q[k], q[k+1]; r < 0 || r >= n || c < 0 || c >= n {
			return fmt.Errorf("cell (%d,%d) is outside the %dx%d grid (want rows and columns 0..%d)", r, c, n, n, n-1)
		}
	}
	var at *Sign
	less := true // the pair's first cell is the smaller
	switch {
	case r1 == r2 && c2 == c1+1:
		at = &p.Right[r1][c1]
	case r1 == r2 && c2 == c1-1:
		at, less = &p.Right[r1][c2], false
	case c1 == c2 && r2 == r1+1:
		at = &p.Down[r1][c1]
	case c1 == c2 && r2 == r1-1:
		at, less = &p.Down[r2][c1], false
	default:
		return fmt.Errorf("cells (%d,%d) and (%d,%d) are not neighbours (want two cells side by side in a row or a column)", r1, c1, r2, c2)
	}
	want := Bar
	if !bar {
		want = Greater
		if less {
			want = Less
		}
	}
	if *at != None && *at != want {
		return fmt.Errorf("cells (%d,%d) and (%d,%d) already have another sign from an earlier entry", r1, c1, r2, c2)
	}
	*at = want
	return nil
}

// FormatJSON writes the JSON form of p (see ParseJSON), signs in reading
// order of their first cell, across before down.
func FormatJSON(p *Puzzle) string {
	j := jsonPuzzle{Size: p.N, Adjacent: p.Adjacent}
	for _, row := range p.Givens {
		for _, v := range row {
			if v != 0 {
				j.Givens = p.Givens
			}
		}
	}
	for r := range p.N {
		for c := range p.N {
			for _, e := range p.edges(r, c) {
				switch e.sign {
				case Less:
					j.Less = append(j.Less, []int{r, c, e.r, e.c})
				case Greater:
					j.Less = append(j.Less, []int{e.r, e.c, r, c})
				case Bar:
					j.Bars = append(j.Bars, []int{r, c, e.r, e.c})
				}
			}
		}
	}
	out, _ := json.Marshal(j) // plain ints and bools: cannot fail
	return string(out)
}
