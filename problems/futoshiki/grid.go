package futoshiki

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
)

// block gathers the lines of one grid.
type block struct {
	start       int      // the line it starts at
	header      bool     // an "adjacent" line came first
	n           int      // cells per row, from the first row (0 before it)
	cells       [][]int  // the rows read so far
	spans       [][2]int // columns of the last row's cells
	right, down []signAt // the signs read, across and down
	lastRow     bool     // the last line was a row (a sign line may follow)
	done        bool     // N rows read
	broken      bool     // an error was reported: swallow the rest
	bars        bool     // a bar was seen
}

// signAt is a sign read from a line, with where it stands.
type signAt struct {
	r, c        int // the pair's first cell
	ch          byte
	line, field int
}

// blank takes a blank line: inside a block after a row it stands for a
// line of no signs (true); otherwise it ends the block (false).
func (b *block) blank() bool {
	if b.broken || !b.lastRow || b.done {
		return false
	}
	b.lastRow = false
	return true
}

// add takes the next line of the block (trailing blanks trimmed).
func (b *block) add(raw string, line int) *ParseError {
	s := expandTabs(raw)
	t := strings.TrimSpace(s)
	switch {
	case b.broken:
		return nil
	case strings.EqualFold(t, "adjacent"):
		if b.header || b.n > 0 {
			return &ParseError{Line: line, Field: 1, Err: ErrSyntax, Detail: "'adjacent' inside a grid (it heads one, before its first row)"}
		}
		b.header = true
		return nil
	case strings.Trim(t, "^vV- ") == "":
		return b.signLine(s, line)
	}
	return b.row(s, line)
}

// row reads a row of cells with the signs between them.
func (b *block) row(s string, line int) *ParseError {
	var (
		vals   []int
		spans  [][2]int
		signs  []signAt
		field  int
		wasCel bool // the last token was a cell
		hadSig bool // the last token was a sign
	)
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case ch == ' ':
			i++
			continue
		case ch >= '0' && ch <= '9' || ch == '.':
			field++
			j := i + 1
			if ch != '.' {
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
			}
			v := 0
			if ch != '.' {
				var err error
				v, err = strconv.Atoi(s[i:j])
				if err != nil || j-i > 3 {
					return &ParseError{Line: line, Field: field, Err: ErrGiven, Detail: fmt.Sprintf("found %s", textio.Quote(s[i:j]))}
				}
			}
			vals = append(vals, v)
			spans = append(spans, [2]int{i, j - 1})
			wasCel, hadSig = true, false
			i = j
		case ch == '<' || ch == '>' || ch == '|':
			field++
			if !wasCel || hadSig {
				return &ParseError{Line: line, Field: field, Err: ErrSign, Detail: fmt.Sprintf("%q with no cell before it", ch)}
			}
			signs = append(signs, signAt{r: len(b.cells), c: len(vals) - 1, ch: ch, line: line, field: field})
			hadSig = true
			i++
		default:
			field++
			what := fmt.Sprintf("found %q, want a number, '.', '<', '>' or '|'", ch)
			if b.n == 0 && !b.header {
				what += " (a line that is no game ID or JSON object starts a grid)"
				return &ParseError{Line: line, Field: field, Err: ErrFormat, Detail: what}
			}
			return &ParseError{Line: line, Field: field, Err: ErrSyntax, Detail: what}
		}
	}
	if hadSig {
		return &ParseError{Line: line, Field: field, Err: ErrSign, Detail: fmt.Sprintf("%q with no cell after it", signs[len(signs)-1].ch)}
	}
	if b.n == 0 {
		if len(vals) > MaxSize {
			return &ParseError{Line: line, Err: ErrSize, Detail: fmt.Sprintf("%d cells in the first row, want 1..%d", len(vals), MaxSize)}
		}
		b.n = len(vals)
	}
	if len(vals) != b.n {
		return &ParseError{Line: line, Err: ErrCount, Detail: fmt.Sprintf("%d cells, want %d as in the first row", len(vals), b.n)}
	}
	for c, v := range vals {
		if v > b.n {
			return &ParseError{Line: line, Field: cellField(c, signs), Err: ErrGiven, Detail: fmt.Sprintf("r%dc%d is %d, want 1..%d or '.'", len(b.cells)+1, c+1, v, b.n)}
		}
	}
	for _, sg := range signs {
		if sg.ch == '|' {
			b.bars = true
		}
	}
	b.right = append(b.right, signs...)
	b.cells = append(b.cells, vals)
	b.spans = spans
	b.lastRow = true
	b.done = len(b.cells) == b.n
	return nil
}

// cellField is the field number of cell c on a row with the given signs.
func cellField(c int, signs []signAt) int {
	f := c + 1
	for _, s := range signs {
		if s.c < c {
			f++
		}
	}
	return f
}

// signLine reads the signs between the last row and the next.
func (b *block) signLine(s string, line int) *ParseError {
	if !b.lastRow {
		what := "a line of signs must follow a row"
		if b.n == 0 {
			what = "a line of signs before the first row"
		}
		return &ParseError{Line: line, Field: 1, Err: ErrSign, Detail: what}
	}
	taken := map[int]bool{}
	field := 0
	for x := 0; x < len(s); x++ {
		ch := s[x]
		if ch == ' ' {
			continue
		}
		field++
		// The nearest cell of the row above; a tie is ambiguous.
		best, dist, tie := -1, 0, false
		for c, sp := range b.spans {
			d := 0
			if x < sp[0] {
				d = sp[0] - x
			} else if x > sp[1] {
				d = x - sp[1]
			}
			switch {
			case best < 0 || d < dist:
				best, dist, tie = c, d, false
			case d == dist:
				tie = true
			}
		}
		if tie {
			return &ParseError{Line: line, Field: field, Err: ErrSign, Detail: fmt.Sprintf("%q at column %d is as near to two cells", ch, x+1)}
		}
		if taken[best] {
			return &ParseError{Line: line, Field: field, Err: ErrSign, Detail: fmt.Sprintf("a second sign under r%dc%d", len(b.cells), best+1)}
		}
		taken[best] = true
		if ch == 'V' {
			ch = 'v'
		}
		if ch == '-' {
			b.bars = true
		}
		b.down = append(b.down, signAt{r: len(b.cells) - 1, c: best, ch: ch, line: line, field: field})
	}
	b.lastRow = false
	return nil
}

// finish makes the puzzle of a block.
func (b *block) finish() (*Puzzle, error) {
	if b.n == 0 {
		return nil, &ParseError{Line: b.start, Err: ErrCount, Detail: "'adjacent' with no grid after it"}
	}
	if !b.done {
		return nil, &ParseError{Line: b.start, Err: ErrCount, Detail: fmt.Sprintf("a grid of %d rows, want %d (as many as cells in its first row)", len(b.cells), b.n)}
	}
	p := New(b.n, b.header || b.bars)
	for r, row := range b.cells {
		copy(p.Givens[r], row)
	}
	for _, sg := range b.right {
		s, err := p.signOf(sg.ch)
		if err != nil {
			return nil, &ParseError{Line: sg.line, Field: sg.field, Err: ErrSign, Detail: err.Error()}
		}
		p.Right[sg.r][sg.c] = s
	}
	for _, sg := range b.down {
		s, err := p.signOf(sg.ch)
		if err != nil {
			return nil, &ParseError{Line: sg.line, Field: sg.field, Err: ErrSign, Detail: err.Error()}
		}
		p.Down[sg.r][sg.c] = s
	}
	if err := p.Validate(); err != nil {
		return nil, &ParseError{Line: b.start, Err: errors.Unwrap(err), Detail: detail(err)}
	}
	return p, nil
}

// signOf reads a sign character in p's variant.
func (p *Puzzle) signOf(ch byte) (Sign, error) {
	var s Sign
	switch ch {
	case '<', '^':
		s = Less
	case '>', 'v':
		s = Greater
	default:
		s = Bar
	}
	if !p.fits(s) {
		return None, fmt.Errorf("%q in a grid of the adjacent variant (it has a bar, or an 'adjacent' line): want '|', '-' or nothing", ch)
	}
	return s, nil
}

// expandTabs replaces each tab by spaces up to the next multiple of 8.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, ch := range []byte(s) {
		if ch == '\t' {
			k := 8 - col%8
			b.WriteString(strings.Repeat(" ", k))
			col += k
			continue
		}
		b.WriteByte(ch)
		col++
	}
	return b.String()
}

// Format renders p as a grid that Read takes back: each row's cells with
// the signs between them, a line of signs under each row but the last
// (empty when it has none), and a first line "adjacent" for the adjacent
// variant. grid (may be nil) fills the cells; without it the givens do,
// '.' for an empty cell. Numbers are right-aligned to the width of N.
//
//	adjacent         optional first line: the adjacent variant
//	2 | 3   .   .    a row: cells (a number, '.' or 0 for empty), and
//	-                between two cells '<', '>', '|' or nothing
//	1   .   . | .    a line of signs: '^', 'v' or '-' under a cell
//	        -        relates it to the cell below
//
// '<' and '>' compare the cells either side, '^' says the cell above is
// the smaller and 'v' the larger; '|' and '-' are bars of the adjacent
// variant (the two cells differ by 1), and a grid with a bar is of the
// adjacent variant. When reading, a sign under a row belongs to the cell
// of that row nearest to it (a tab counts as up to 8 spaces); a line of
// signs may be blank or left out when it has none; the grid ends with its
// N-th row, N being the number of cells of its first. The text layout of
// Tatham's Unequal (one character between cells) reads too.
func Format(p *Puzzle, grid [][]int) string {
	n := p.N
	w := len(strconv.Itoa(n))
	var b strings.Builder
	if p.Adjacent {
		b.WriteString("adjacent\n")
	}
	across := map[Sign]byte{None: ' ', Less: '<', Greater: '>', Bar: '|'}
	down := map[Sign]byte{None: ' ', Less: '^', Greater: 'v', Bar: '-'}
	for r := range n {
		var line strings.Builder
		for c := range n {
			if c > 0 {
				line.WriteByte(' ')
				line.WriteByte(across[p.Right[r][c-1]])
				line.WriteByte(' ')
			}
			v := p.Givens[r][c]
			if grid != nil {
				v = grid[r][c]
			}
			if v == 0 {
				fmt.Fprintf(&line, "%*s", w, ".")
			} else {
				fmt.Fprintf(&line, "%*d", w, v)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
		if r == n-1 {
			break
		}
		line.Reset()
		for c := range n {
			if c > 0 {
				line.WriteString("   ")
			}
			// Under the last digit of the cell.
			line.WriteString(strings.Repeat(" ", w-1))
			line.WriteByte(down[p.Down[r][c]])
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
