package kenken

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
	"github.com/cspgo/csp/propagators/table"
)

// Format draws p as a board that Read takes back: '+', '-' and '|' for
// the walls of the cages, each cage's clue (target and sign: + - x /,
// the target alone for one cell) at the top left of its first cell, and
// under it the cell's value from grid, or nothing when grid is nil. Every
// cell is as wide as the longest clue plus one:
//
//	+---+---+---+
//	|5+     |3  |
//	| 2   3 | 3 |
//	+---+---+---+
//
// Every line starts with '+' or '|'; a row of cells is three lines (clues,
// values, the walls below).
func Format(p *Puzzle, grid [][]int) string {
	n := p.N
	cs := cages(p)
	cage := make([]int, n*n)
	clue := make([]string, n*n)
	w := len(strconv.Itoa(n))
	for k, c := range cs {
		for _, rc := range c.Cells {
			cage[rc[0]*n+rc[1]] = k
		}
		first := c.Cells[0]
		clue[first[0]*n+first[1]] = c.Clue()
		w = max(w, len(c.Clue()))
	}
	w++
	wallRight := func(r, c int) bool { return c == n-1 || cage[r*n+c] != cage[r*n+c+1] }
	wallBelow := func(r, c int) bool { return r == n-1 || cage[r*n+c] != cage[(r+1)*n+c] }
	var b strings.Builder
	b.WriteByte('+')
	for range n {
		b.WriteString(strings.Repeat("-", w))
		b.WriteByte('+')
	}
	b.WriteByte('\n')
	for r := range n {
		for line := range 2 {
			b.WriteByte('|')
			for c := range n {
				if line == 0 {
					fmt.Fprintf(&b, "%-*s", w, clue[r*n+c])
				} else if grid != nil {
					fmt.Fprintf(&b, "%*d ", w-1, grid[r][c])
				} else {
					b.WriteString(strings.Repeat(" ", w))
				}
				if wallRight(r, c) {
					b.WriteByte('|')
				} else {
					b.WriteByte(' ')
				}
			}
			b.WriteByte('\n')
		}
		b.WriteByte('+')
		for c := range n {
			seg := " "
			if wallBelow(r, c) {
				seg = "-"
			}
			b.WriteString(strings.Repeat(seg, w))
			// The corner at the bottom right of (r, c): '+' when a wall
			// meets it.
			corner := c == n-1 || r == n-1 || wallBelow(r, c) || wallBelow(r, c+1) || wallRight(r, c) || wallRight(r+1, c)
			if corner {
				b.WriteByte('+')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// boardBlock gathers the lines of a board.
type boardBlock struct {
	start int
	lines [][]rune
	nums  []int // input line of each
	n, w  int   // size and cell width, from the top line (n = 0: bad top)
	err   error // the top line's error
}

func newBoardBlock(s string, line int) *boardBlock {
	b := &boardBlock{start: line}
	top := []rune(strings.TrimRight(s, " \t"))
	b.add(s, line)
	w := 0
	for w+1 < len(top) && top[w+1] == '-' {
		w++
	}
	bad := func() {
		b.err = &ParseError{Line: line, Err: ErrBoard, Detail: "the top line of a board is '+', then per column a run of '-' of one width and a '+'"}
	}
	if w == 0 || top[0] != '+' || (len(top)-1)%(w+1) != 0 {
		bad()
		return b
	}
	n := (len(top) - 1) / (w + 1)
	for c := range n {
		for i := range w {
			if top[c*(w+1)+1+i] != '-' {
				bad()
				return b
			}
		}
		if top[(c+1)*(w+1)] != '+' {
			bad()
			return b
		}
	}
	if n > MaxSize {
		b.err = &ParseError{Line: line, Err: ErrSize, Detail: fmt.Sprintf("a board of %d columns, want 1..%d", n, MaxSize)}
		return b
	}
	b.n, b.w = n, w
	return b
}

func (b *boardBlock) add(s string, line int) {
	if len(b.lines) > 3*MaxSize+1 {
		return // a runaway block: its error is known, hold no more
	}
	b.lines = append(b.lines, []rune(strings.TrimRight(s, " \t")))
	b.nums = append(b.nums, line)
}

// done reports whether the block has all its lines.
func (b *boardBlock) done() bool { return b.n > 0 && len(b.lines) == 3*b.n+1 }

// finish reads the gathered board.
func (b *boardBlock) finish() (*Puzzle, error) {
	if b.err != nil {
		return nil, b.err
	}
	n, w := b.n, b.w
	if len(b.lines) != 3*n+1 {
		return nil, &ParseError{Line: b.start, Err: ErrBoard, Detail: fmt.Sprintf("a board of %d columns has %d lines, found %d", n, 3*n+1, len(b.lines))}
	}
	width := n*(w+1) + 1
	fail := func(i, field int, format string, args ...any) error {
		return &ParseError{Line: b.nums[i], Field: field, Err: ErrBoard, Detail: fmt.Sprintf(format, args...)}
	}
	for i, l := range b.lines {
		if len(l) > width {
			return nil, fail(i, 0, "%d characters, want %d (the top line's width)", len(l), width)
		}
		for len(l) < width {
			l = append(l, ' ')
		}
		b.lines[i] = l
	}
	u := newUnionFind(n * n)
	labels := make([]string, n*n)
	labelLine := make([]int, n*n)
	values := make([]int, n*n)
	filled := 0
	for r := range n {
		for k := range 2 {
			i := 1 + 3*r + k
			l := b.lines[i]
			for c := 0; c <= n; c++ {
				switch ch := l[c*(w+1)]; {
				case ch == '|':
				case ch == ' ' && c > 0 && c < n:
					u.union(r*n+c-1, r*n+c)
				default:
					return nil, fail(i, min(c+1, n), "found %q before cell %d, want '|' or a space (an outer wall must be '|')", ch, c+1)
				}
			}
			if k == 1 {
				for c := 1; c < n; c++ {
					if (b.lines[i-1][c*(w+1)] == '|') != (l[c*(w+1)] == '|') {
						return nil, fail(i, c+1, "the wall left of cell %d differs from the line above", c+1)
					}
				}
			}
			for c := range n {
				text := strings.TrimSpace(string(l[c*(w+1)+1 : (c+1)*(w+1)]))
				if k == 0 {
					labels[r*n+c], labelLine[r*n+c] = text, i
					continue
				}
				if text == "" || text == "." {
					continue
				}
				v, err := strconv.Atoi(text)
				if err != nil || v < 1 || v > n {
					return nil, &ParseError{Line: b.nums[i], Field: c + 1, Err: ErrValue, Detail: fmt.Sprintf("found %s, want 1..%d, '.' or nothing", textio.Quote(text), n)}
				}
				values[r*n+c] = v
				filled++
			}
		}
		i := 3 + 3*r
		l := b.lines[i]
		for c := range n {
			seg := string(l[c*(w+1)+1 : (c+1)*(w+1)])
			switch {
			case seg == strings.Repeat("-", w):
			case seg == strings.Repeat(" ", w) && r < n-1:
				u.union(r*n+c, (r+1)*n+c)
			default:
				return nil, fail(i, c+1, "found %q under cell %d, want %d '-' (a wall) or spaces (none; the bottom line is all wall)", seg, c+1, w)
			}
		}
		for c := 0; c <= n; c++ {
			if ch := l[c*(w+1)]; ch != '+' && ch != '-' && ch != '|' && ch != ' ' {
				return nil, fail(i, min(c+1, n), "found %q at a corner, want '+'", ch)
			}
		}
	}
	p := &Puzzle{N: n, Cages: cagesOf(u, n)}
	for k := range p.Cages {
		c := &p.Cages[k]
		found := -1
		for _, rc := range c.Cells {
			i := rc[0]*n + rc[1]
			if labels[i] == "" {
				continue
			}
			if found >= 0 {
				return nil, fail(labelLine[i], rc[1]+1, "a second clue %s in the cage of r%dc%d", textio.Quote(labels[i]), c.Cells[0][0]+1, c.Cells[0][1]+1)
			}
			found = i
		}
		if found < 0 {
			return nil, fail(labelLine[c.Cells[0][0]*n+c.Cells[0][1]], c.Cells[0][1]+1, "the cage of r%dc%d has no clue", c.Cells[0][0]+1, c.Cells[0][1]+1)
		}
		text := labels[found]
		j := 0
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		target, err := strconv.Atoi(text[:j])
		field := found%n + 1
		if err != nil || j > 13 || target < 1 || target > MaxTarget {
			return nil, &ParseError{Line: b.nums[labelLine[found]], Field: field, Err: ErrClue, Detail: fmt.Sprintf("clue %s: want a target 1..%d, then the sign", textio.Quote(text), MaxTarget)}
		}
		c.Target = target
		switch s := strings.TrimSpace(text[j:]); {
		case s == "" && len(c.Cells) == 1:
		case s == "":
			return nil, &ParseError{Line: b.nums[labelLine[found]], Field: field, Err: ErrClue, Detail: fmt.Sprintf("clue %s of a cage of %d cells has no sign (+, -, x, /)", textio.Quote(text), len(c.Cells))}
		default:
			op, err := table.ParseOp(s)
			if err != nil {
				return nil, &ParseError{Line: b.nums[labelLine[found]], Field: field, Err: ErrClue, Detail: fmt.Sprintf("clue %s: sign %s, want +, -, x or /", textio.Quote(text), textio.Quote(s))}
			}
			c.Op = op
		}
	}
	p, err := finishPuzzle(p, b.start, 0)
	if err != nil {
		return nil, err
	}
	switch filled {
	case 0:
	case n * n:
		p.Solution = make([][]int, n)
		for r := range n {
			p.Solution[r] = values[r*n : (r+1)*n : (r+1)*n]
		}
	default:
		return nil, &ParseError{Line: b.start, Err: ErrValue, Detail: fmt.Sprintf("%d of %d cells hold a value: want all (a solution) or none", filled, n*n)}
	}
	return p, nil
}
