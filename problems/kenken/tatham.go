package kenken

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
	"github.com/cspgo/csp/propagators/table"
)

// Tatham's layout string lists the walls of the board: first the N(N-1)
// inner vertical walls in reading order (row by row, left to right), then
// the N(N-1) inner horizontal walls column by column (top to bottom), then
// one virtual wall past the end. Each symbol stands for a run of cell
// sides with no wall followed by one wall: '_' for no run, 'a'..'x' for
// 1..24. Keen's reader, which decides what an ID means, takes 'y' for 25
// sides with no wall and no wall after them (so "yc" is a run of 28) and
// 'z' for 26 sides then a wall, and so do we (the comment on Keen's
// writer gives 'z' the first meaning; its generator never makes a run that
// long). A symbol followed by a decimal count stands for that many copies
// of it.
const symbolRunOnly = 25 // 'y': a run of 25 sides and no wall after it

// edge returns the two cells (row-major indices) either side of inner
// wall pos of an n×n board, in Tatham's order.
func edge(pos, n int) (a, b int) {
	inner := n * (n - 1)
	if pos < inner {
		y, x := pos/(n-1), pos%(n-1)
		return y*n + x, y*n + x + 1
	}
	q := pos - inner
	x, y := q/(n-1), q%(n-1)
	return y*n + x, (y+1)*n + x
}

// unionFind is a partition of the cells.
type unionFind []int

func newUnionFind(n int) unionFind {
	u := make(unionFind, n)
	for i := range u {
		u[i] = i
	}
	return u
}

func (u unionFind) find(i int) int {
	for u[i] != i {
		u[i] = u[u[i]]
		i = u[i]
	}
	return i
}

func (u unionFind) union(a, b int) { u[u.find(a)] = u.find(b) }

// cagesOf groups the cells of an n×n board by u, the groups in reading
// order of their first cell, cells in reading order.
func cagesOf(u unionFind, n int) []Cage {
	index := map[int]int{}
	var cages []Cage
	for i := range n * n {
		root := u.find(i)
		k, ok := index[root]
		if !ok {
			k = len(cages)
			index[root] = k
			cages = append(cages, Cage{})
		}
		cages[k].Cells = append(cages[k].Cells, [2]int{i / n, i % n})
	}
	return cages
}

// tathamOps are Keen's clue letters, by table.Op.
var tathamOps = [...]byte{table.Add: 'a', table.Sub: 's', table.Mul: 'm', table.Div: 'd'}

// ParseTatham reads a game ID of Simon Tatham's Keen: the parameters (the
// size N, optionally followed by Keen's difficulty "d" and a letter and
// by "m" for multiplication only, which change nothing here), ':', the
// cage layout, ',', and one clue per cage. The layout encodes the walls
// between cells (see the comment on its symbols in this file); cages are
// the groups of cells it leaves connected. The clues follow the cages in
// reading order of their first cell: a letter (a add, s subtract, m
// multiply, d divide; s and d need two cells) and the target in decimal.
// line is the input line, for errors; fields are 1 the parameters, 2 the
// layout, 2+k the k-th clue.
func ParseTatham(t string, line int) (*Puzzle, error) {
	fail := func(field int, err error, format string, args ...any) error {
		return &ParseError{Line: line, Field: field, Err: err, Detail: fmt.Sprintf(format, args...)}
	}
	params, desc, ok := strings.Cut(t, ":")
	if !ok {
		return nil, fail(1, ErrFormat, "no ':' after the size (a game ID is N:layout,clues; a random seed N#... is not a puzzle)")
	}
	i := 0
	for i < len(params) && params[i] >= '0' && params[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(params[:i])
	if err != nil || i > 3 || n < 1 || n > MaxSize {
		return nil, fail(1, ErrSize, "size %s, want 1..%d", textio.Quote(params[:i]), MaxSize)
	}
	rest := params[i:]
	if len(rest) >= 2 && rest[0] == 'd' && strings.IndexByte("enhxu", rest[1]) >= 0 {
		rest = rest[2:]
	}
	rest = strings.TrimPrefix(rest, "m")
	if rest != "" {
		return nil, fail(1, ErrSyntax, "parameters %s: want N, then optionally d and a difficulty (e, n, h, x, u), then optionally m", textio.Quote(params))
	}
	layout, clues, ok := strings.Cut(desc, ",")
	if !ok {
		return nil, fail(2, ErrSyntax, "no ',' between the layout and the clues")
	}
	u, err := parseLayout(layout, n)
	if err != nil {
		return nil, fail(2, ErrStructure, "%v", err)
	}
	p := &Puzzle{N: n, Cages: cagesOf(u, n)}
	at := 0
	for k := range p.Cages {
		field := 3 + k
		if at == len(clues) {
			return nil, fail(field, ErrCount, "%d clues for %d cages", k, len(p.Cages))
		}
		op := -1
		for o, letter := range tathamOps {
			if clues[at] == letter {
				op = o
			}
		}
		if op < 0 {
			return nil, fail(field, ErrClue, "clue %d starts with %q, want a, s, m or d", k+1, clues[at])
		}
		at++
		j := at
		for j < len(clues) && clues[j] >= '0' && clues[j] <= '9' {
			j++
		}
		if j == at {
			return nil, fail(field, ErrClue, "clue %d has no target after %q", k+1, tathamOps[op])
		}
		v, err := strconv.Atoi(clues[at:j])
		if err != nil || j-at > 13 || v < 1 || v > MaxTarget {
			return nil, fail(field, ErrClue, "clue %d: target %s, want 1..%d", k+1, textio.Quote(clues[at:j]), MaxTarget)
		}
		at = j
		c := &p.Cages[k]
		c.Op, c.Target = table.Op(op), v
		if (c.Op == table.Sub || c.Op == table.Div) && len(c.Cells) != 2 {
			return nil, fail(field, ErrClue, "clue %d: %c on a cage of %d cells, want 2", k+1, tathamOps[op], len(c.Cells))
		}
	}
	if at != len(clues) {
		return nil, fail(3+len(p.Cages), ErrCount, "more clues than the %d cages: %s left over", len(p.Cages), textio.Quote(clues[at:]))
	}
	return finishPuzzle(p, line, 2)
}

// parseLayout reads Tatham's wall encoding of an n×n board into a
// partition of its cells.
func parseLayout(s string, n int) (unionFind, error) {
	walls := 2 * n * (n - 1)
	u := newUnionFind(n * n)
	pos := 0
	for i := 0; i < len(s); {
		ch := s[i]
		run := 0
		switch {
		case ch == '_':
		case ch >= 'a' && ch <= 'z':
			run = int(ch-'a') + 1
		default:
			return nil, fmt.Errorf("unexpected %q at character %d (want _, a..z or a count)", ch, i+1)
		}
		i++
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		copies := 1
		if j > i {
			var err error
			copies, err = strconv.Atoi(s[i:j])
			if err != nil || j-i > 6 || copies < 1 {
				return nil, fmt.Errorf("repeat count %s at character %d, want 1 or more", textio.Quote(s[i:j]), i+1)
			}
		}
		i = j
		for range copies {
			for range run {
				if pos >= walls {
					return nil, fmt.Errorf("more walls than a %dx%d board has (%d inner)", n, n, walls)
				}
				a, b := edge(pos, n)
				u.union(a, b)
				pos++
			}
			if run != symbolRunOnly {
				if pos++; pos > walls+1 {
					return nil, fmt.Errorf("more walls than a %dx%d board has (%d inner)", n, n, walls)
				}
			}
		}
	}
	if pos != walls+1 {
		return nil, fmt.Errorf("%d of the %d inner walls of a %dx%d board, and the closing one, described; want all", min(pos, walls), walls, n, n)
	}
	return u, nil
}

// FormatTatham writes p as a Keen game ID, N:layout,clues, which
// ParseTatham reads back (and Keen loads, for sizes 3..9, when the
// targets are of Keen's kinds). A one-cell cage is written as an "a"
// clue.
func FormatTatham(p *Puzzle) string {
	n := p.N
	cage := make([]int, n*n)
	for k, c := range p.Cages {
		for _, rc := range c.Cells {
			cage[rc[0]*n+rc[1]] = k
		}
	}
	var sym []byte
	run := 0
	walls := 2 * n * (n - 1)
	for pos := 0; pos <= walls; pos++ {
		if pos < walls {
			if a, b := edge(pos, n); cage[a] == cage[b] {
				run++
				continue
			}
		}
		for run >= symbolRunOnly {
			sym = append(sym, 'y')
			run -= symbolRunOnly
		}
		if run == 0 {
			sym = append(sym, '_')
		} else {
			sym = append(sym, byte('a'+run-1))
		}
		run = 0
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d:", n)
	for i := 0; i < len(sym); {
		j := i
		for j < len(sym) && sym[j] == sym[i] {
			j++
		}
		switch k := j - i; {
		case k == 2:
			b.Write(sym[i:j])
		case k > 2:
			fmt.Fprintf(&b, "%c%d", sym[i], k)
		default:
			b.WriteByte(sym[i])
		}
		i = j
	}
	b.WriteByte(',')
	for _, c := range cages(p) {
		fmt.Fprintf(&b, "%c%d", tathamOps[c.Op], c.Target)
	}
	return b.String()
}
