package sudoku

import (
	"fmt"
	"strings"

	"github.com/cspgo/csp/internal/textio"
)

// soloMaxNumber caps a decimal number in an ID: no sum or value comes
// near it, and reading stops before it could overflow.
const soloMaxNumber = 1 << 20

// ParseSolo reads one game ID of Simon Tatham's Solo (surrounding spaces
// allowed): the puzzle, its Form FormSolo, a jigsaw with boxes of 1xN.
// Errors are *ParseError values on line 1, Field the 1-based position in
// s (Read takes IDs in batches).
//
// Solo is in Tatham's Portable Puzzle Collection; `sgt-solo --generate 5
// 3x3kdu` prints five killer IDs. An ID is PARAMS:DESCRIPTION.
//
// PARAMS is "CxR" for boxes of C rows by R columns (N = C*R; "3x3" is the
// classic 9x9, "2x3" a 6x6 of 2-row boxes; a lone "3" means 3x3), or "Nj"
// (or "CxRj", N = C*R) for a jigsaw of side N; then "x" for the diagonals
// and "k" for killer cages. The symmetry ("a", "r2", "m4", "md2", ...) and
// difficulty ("dt", "db", "di", "da", "de", "du") that Solo's generator
// takes may follow; they say nothing about the puzzle and are skipped.
//
// DESCRIPTION is the givens, then ",REGIONS" for a jigsaw, then
// ",CAGES,SUMS" for a killer:
//   - givens, row by row: a letter 'a'..'z' is a run of 1..26 empty
//     cells, a decimal number a given (so 10 and above take two digits),
//     and '_' separates two numbers with no run between them;
//   - REGIONS and CAGES list the lines dividing the cells. The walk goes
//     over the N*(N-1) walls between horizontal neighbours in reading
//     order (the wall right of rYcX for X < N), then the N*(N-1) walls
//     between vertical neighbours column by column (the wall below rYcX
//     for Y < N), then one virtual wall that ends it; each letter counts
//     the walls that are not lines before the next line: '_' none, 'a'..'y'
//     1..25, while 'z' is 26 non-lines with no line after them (so "za" is
//     27 then a line). Cells not divided by a line belong together;
//   - SUMS is written like the givens, each cage's sum in its first cell
//     in reading order.
//
// Solo itself makes at most 31 symbols, killer puzzles of at most 9x9 and
// cages of 2..N cells; this package reads and writes sides up to MaxN and
// cages of 1..N cells.
func ParseSolo(s string) (*Puzzle, error) {
	start := len(s) - len(strings.TrimLeft(s, " \t"))
	end := len(strings.TrimRight(s, " \t\r\n"))
	if end < start {
		end = start
	}
	return parseSolo(s[start:end], start, 1)
}

// soloReader walks an ID, turning positions into errors.
type soloReader struct {
	s    string
	base int // s[0] is at column base+1 of the line
	line int
}

func (r *soloReader) fail(at int, err error, detail string, args ...any) error {
	return &ParseError{Line: r.line, Field: r.base + at + 1, Err: err, Detail: fmt.Sprintf(detail, args...)}
}

// number reads a decimal number at s[at:] (a digit there); it returns the
// value and the position after it, or an error past soloMaxNumber.
func (r *soloReader) number(at int) (v, next int, err error) {
	next = at
	for next < len(r.s) && r.s[next] >= '0' && r.s[next] <= '9' {
		v = v*10 + int(r.s[next]-'0')
		if v > soloMaxNumber {
			end := next
			for end < len(r.s) && r.s[end] >= '0' && r.s[end] <= '9' {
				end++
			}
			return 0, 0, r.fail(at, ErrSymbol, "found %s, want a number up to %d", textio.Quote(r.s[at:end]), soloMaxNumber)
		}
		next++
	}
	return v, next, nil
}

// parseSolo reads the ID s, which starts at column base+1 of the line.
func parseSolo(s string, base, line int) (*Puzzle, error) {
	r := &soloReader{s: s, base: base, line: line}
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		if strings.Contains(s, "#") {
			return nil, r.fail(0, ErrSolo, "%s is a random seed, not a game ID; want PARAMS:DESCRIPTION as sgt-solo --generate prints", textio.Quote(s))
		}
		return nil, r.fail(0, ErrSolo, "no ':', want PARAMS:DESCRIPTION")
	}
	p, killer, err := r.params(s[:colon])
	if err != nil {
		return nil, err
	}
	n := p.N()
	at := colon + 1
	p.Cells = make([]int, n*n)
	if at, err = r.grid(at, p.Cells, n, "givens"); err != nil {
		return nil, err
	}
	if p.Regions != nil {
		if at, err = r.comma(at, "a jigsaw's regions"); err != nil {
			return nil, err
		}
		start := at
		if at, err = r.walls(at, p.Regions, n, ErrRegions); err != nil {
			return nil, err
		}
		if _, why := regionIndex(n, p.Regions); why != "" {
			return nil, r.fail(start, ErrRegions, "%s", why)
		}
	}
	if killer {
		if at, err = r.comma(at, "the killer cages"); err != nil {
			return nil, err
		}
		cage := make([]int, n*n)
		start := at
		if at, err = r.walls(at, cage, n, ErrCage); err != nil {
			return nil, err
		}
		if at, err = r.comma(at, "the cage sums"); err != nil {
			return nil, err
		}
		sums := make([]int, n*n)
		sumsAt := at
		if at, err = r.grid(at, sums, n*(n+1)/2, "cage sums"); err != nil {
			return nil, err
		}
		if p.Cages, err = r.cages(cage, sums, n, start, sumsAt); err != nil {
			return nil, err
		}
	}
	if at < len(s) {
		return nil, r.fail(at, ErrSolo, "found %s after the description, want its end", badChar(s, at))
	}
	return p, nil
}

// params reads PARAMS; killer says a killer's sections follow.
func (r *soloReader) params(s string) (p *Puzzle, killer bool, err error) {
	if s == "" || s[0] < '1' || s[0] > '9' {
		return nil, false, r.fail(0, ErrSolo, "parameters %s, want CxR (box rows x box columns) or Nj (jigsaw), then x and k", textio.Quote(s))
	}
	c, at, err := r.number(0)
	if err != nil {
		return nil, false, err
	}
	rr, seenR := c, false
	if at+1 < len(s) && s[at] == 'x' && s[at+1] >= '0' && s[at+1] <= '9' {
		if rr, at, err = r.number(at + 1); err != nil {
			return nil, false, err
		}
		seenR = true
	}
	jigsaw, x := rr == 1, false
	for at < len(s) {
		switch ch := s[at]; {
		case ch == 'j' && !jigsaw:
			jigsaw = true
			at++
		case ch == 'x' && !x:
			x = true
			at++
		case ch == 'k' && !killer:
			killer = true
			at++
		case ch == 'a':
			at++
		case ch == 'r' || ch == 'm':
			at++
			if ch == 'm' && at < len(s) && s[at] == 'd' {
				at++
			}
			if at >= len(s) || s[at] < '0' || s[at] > '9' {
				return nil, false, r.fail(at, ErrSolo, "symmetry %s without its number, want r2, r4, m2, m4, m8, md2 or md4", textio.Quote(s[:at]))
			}
			if _, at, err = r.number(at); err != nil {
				return nil, false, err
			}
		case ch == 'd' && at+1 < len(s) && strings.IndexByte("tbiaeu", s[at+1]) >= 0:
			at += 2
		default:
			return nil, false, r.fail(at, ErrSolo, "found %s in the parameters %s, want j, x, k, a symmetry or a difficulty", badChar(s, at), textio.Quote(s))
		}
	}
	n := c * rr
	if jigsaw && !seenR {
		n = c
	}
	switch {
	case !jigsaw && (c < 2 || rr < 2):
		return nil, false, r.fail(0, ErrShape, "parameters %s, want boxes of at least 2x2", textio.Quote(s))
	case n < 2:
		return nil, false, r.fail(0, ErrShape, "parameters %s, want a side of at least 2", textio.Quote(s))
	case n > MaxN:
		return nil, false, r.fail(0, ErrShape, "parameters %s make a side of %d, want at most %d", textio.Quote(s), n, MaxN)
	}
	p = &Puzzle{BoxRows: c, BoxCols: rr, Diagonals: x, Form: FormSolo}
	if jigsaw {
		p.BoxRows, p.BoxCols = 1, n
		p.Regions = make([]int, n*n)
	}
	return p, killer, nil
}

// comma reads the ',' that starts the next section, named by what.
func (r *soloReader) comma(at int, what string) (int, error) {
	if at >= len(r.s) || r.s[at] != ',' {
		found := "the end"
		if at < len(r.s) {
			found = badChar(r.s, at)
		}
		return 0, r.fail(at, ErrSolo, "found %s, want ',' and %s", found, what)
	}
	return at + 1, nil
}

// grid reads a run-length grid of n*n numbers 1..top into out, up to ','
// or the end; what names it in errors.
func (r *soloReader) grid(at int, out []int, top int, what string) (int, error) {
	start, i := at, 0
	for at < len(r.s) && r.s[at] != ',' {
		switch ch := r.s[at]; {
		case ch >= 'a' && ch <= 'z':
			i += int(ch-'a') + 1
			if i > len(out) {
				return 0, r.fail(at, ErrLength, "%s run past cell %d, want %d cells", what, len(out), len(out))
			}
			at++
		case ch == '_':
			at++
		case ch >= '1' && ch <= '9':
			v, next, err := r.number(at)
			if err != nil {
				return 0, err
			}
			if v > top {
				return 0, r.fail(at, ErrSymbol, "%s: found %d, want 1..%d", what, v, top)
			}
			if i == len(out) {
				return 0, r.fail(at, ErrLength, "%s: a number past cell %d, want %d cells", what, len(out), len(out))
			}
			out[i] = v
			i++
			at = next
		default:
			return 0, r.fail(at, ErrSymbol, "%s: found %s, want 'a'-'z' (empty cells), a number 1..%d or '_'", what, badChar(r.s, at), top)
		}
	}
	if i < len(out) {
		return 0, r.fail(start, ErrLength, "%s: %d cells, want %d", what, i, len(out))
	}
	return at, nil
}

// walls reads a division of the grid into groups (REGIONS or CAGES) up to
// ',' or the end, and labels each cell with its group, numbered in
// reading order of their first cells. A walk of the wrong length is an
// error wrapping sentinel.
func (r *soloReader) walls(at int, label []int, n int, sentinel error) (int, error) {
	parent := make([]int, n*n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	inner := n * (n - 1)
	pos := 0 // the wall being read; 2*inner is the virtual one
	start := at
	for at < len(r.s) && r.s[at] != ',' {
		ch := r.s[at]
		var run int
		switch {
		case ch == '_':
		case ch >= 'a' && ch <= 'z':
			run = int(ch-'a') + 1
		default:
			return 0, r.fail(at, ErrSymbol, "found %s among the walls, want '_' or 'a'-'z'", badChar(r.s, at))
		}
		for range run {
			if pos >= 2*inner {
				return 0, r.fail(at, sentinel, "the walls run past the %d between cells", 2*inner)
			}
			a, b := wallCells(n, pos)
			if ra, rb := find(a), find(b); ra != rb {
				parent[max(ra, rb)] = min(ra, rb)
			}
			pos++
		}
		if ch != 'z' {
			if pos > 2*inner {
				return 0, r.fail(at, sentinel, "a line past the end of the walk (%d walls between cells, then the end)", 2*inner)
			}
			pos++
		}
		at++
	}
	if pos != 2*inner+1 {
		return 0, r.fail(start, sentinel, "the walls stop after %d of the %d steps of the walk (%d walls between cells, then the end)", pos, 2*inner+1, 2*inner)
	}
	next := 0
	group := make([]int, n*n)
	for i := range group {
		group[i] = -1
	}
	for i := range label {
		root := find(i)
		if group[root] < 0 {
			group[root] = next
			next++
		}
		label[i] = group[root]
	}
	return at, nil
}

// wallCells returns the two cells on either side of wall pos (see the
// comment on the format): horizontal neighbours first, in reading order,
// then vertical ones, column by column.
func wallCells(n, pos int) (a, b int) {
	if pos < n*(n-1) {
		y, x := pos/(n-1), pos%(n-1)
		return y*n + x, y*n + x + 1
	}
	pos -= n * (n - 1)
	x, y := pos/(n-1), pos%(n-1)
	return y*n + x, (y+1)*n + x
}

// cages turns the cage labels and the sum grid into cages: each sum in its
// cage's first cell, and nowhere else.
func (r *soloReader) cages(label, sums []int, n, wallsAt, sumsAt int) ([]Cage, error) {
	count := 0
	for _, l := range label {
		count = max(count, l+1)
	}
	cages := make([]Cage, count)
	for i, l := range label {
		c := &cages[l]
		if len(c.Cells) == 0 {
			if sums[i] == 0 {
				return nil, r.fail(sumsAt, ErrCage, "the cage starting at %s has no sum, want one in its first cell", cellName(n, i))
			}
			c.Sum = sums[i]
		} else if sums[i] != 0 {
			return nil, r.fail(sumsAt, ErrCage, "a sum of %d in %s, which is not the first cell of its cage (%s)", sums[i], cellName(n, i), cellName(n, c.Cells[0]))
		}
		c.Cells = append(c.Cells, i)
		if len(c.Cells) > n {
			return nil, r.fail(wallsAt, ErrCage, "the cage starting at %s has more than %d cells", cellName(n, c.Cells[0]), n)
		}
	}
	return cages, nil
}

// FormatSolo writes p with cells (nil: the givens of p) as a Solo game ID,
// without a line end: "CxR" parameters for boxes, "Nj" with Regions, then
// "x" and "k" as the rules ask. A jigsaw's regions and the cages are
// written as walls, so ParseSolo gives back the same cells, regions and
// cages (regions renumbered in reading order, cages sorted by first cell).
// It fails, wrapping ErrCage, when the cages do not cover every cell once
// (a Solo killer has no cell outside a cage), and with Validate's error
// for a malformed p.
func FormatSolo(p *Puzzle, cells []int) (string, error) {
	if err := p.Validate(); err != nil {
		return "", err
	}
	cells = cellsOf(p, cells)
	n := p.N()
	var b strings.Builder
	if p.Regions != nil {
		fmt.Fprintf(&b, "%dj", n)
	} else {
		fmt.Fprintf(&b, "%dx%d", p.BoxRows, p.BoxCols)
	}
	if p.Diagonals {
		b.WriteByte('x')
	}
	var cage []int
	if len(p.Cages) > 0 {
		b.WriteByte('k')
		cage = make([]int, n*n)
		for i := range cage {
			cage[i] = -1
		}
		for k, c := range p.Cages {
			for _, i := range c.Cells {
				cage[i] = k
			}
		}
		for i, k := range cage {
			if k < 0 {
				return "", fmt.Errorf("%w: %s is in no cage, but a Solo killer puts every cell in one", ErrCage, cellName(n, i))
			}
		}
	}
	b.WriteByte(':')
	if len(cells) != n*n {
		return "", fmt.Errorf("%w: %d cells, want %d", ErrLength, len(cells), n*n)
	}
	for i, v := range cells {
		if v < 0 || v > n {
			return "", fmt.Errorf("%w: %s holds %d, want 0..%d", ErrSymbol, cellName(n, i), v, n)
		}
	}
	writeRuns(&b, cells)
	if p.Regions != nil {
		b.WriteByte(',')
		writeWalls(&b, p.Regions, n)
	}
	if cage != nil {
		b.WriteByte(',')
		writeWalls(&b, cage, n)
		b.WriteByte(',')
		sums := make([]int, n*n)
		for _, c := range p.Cages {
			first := c.Cells[0]
			for _, i := range c.Cells {
				first = min(first, i)
			}
			sums[first] = c.Sum
		}
		writeRuns(&b, sums)
	}
	return b.String(), nil
}

// writeRuns writes a grid of numbers, 0 for empty, in the givens'
// encoding.
func writeRuns(b *strings.Builder, vals []int) {
	run, wrote := 0, false
	flush := func() {
		for run > 0 {
			k := min(run, 26)
			b.WriteByte(byte('a' + k - 1))
			run -= k
		}
	}
	for _, v := range vals {
		if v == 0 {
			run++
			continue
		}
		if run > 0 {
			flush()
		} else if wrote {
			b.WriteByte('_')
		}
		fmt.Fprintf(b, "%d", v)
		wrote = true
	}
	flush()
}

// writeWalls writes the lines between cells of different labels in the
// walls' encoding.
func writeWalls(b *strings.Builder, label []int, n int) {
	inner := n * (n - 1)
	run := 0
	for pos := 0; pos <= 2*inner; pos++ {
		if pos < 2*inner {
			if a, c := wallCells(n, pos); label[a] == label[c] {
				run++
				continue
			}
		}
		for run >= 26 {
			b.WriteByte('z')
			run -= 26
		}
		if run == 0 {
			b.WriteByte('_')
		} else {
			b.WriteByte(byte('a' + run - 1))
		}
		run = 0
	}
}
