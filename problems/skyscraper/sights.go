package skyscraper

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A sight is a place a clue can stand: on cell (r, c), looking along
// (dr, dc), the cell itself the first of the line. An edge clue is the
// sight from the first cell of a row or column along all of it; an
// interior clue any other sight that sees more than its own cell.
type sight struct{ r, c, dr, dc int }

// seen counts the buildings of g visible along s.
func (s sight) seen(g [][]int) int {
	n := len(g)
	count, tallest := 0, 0
	for r, c := s.r, s.c; r >= 0 && r < n && c >= 0 && c < n; r, c = r+s.dr, c+s.dc {
		if g[r][c] > tallest {
			tallest = g[r][c]
			count++
		}
	}
	return count
}

// looks are the four directions in the order the sights take them.
var looks = [4]Look{Up, Down, Left, Right}

// edgeSights returns the 4n edge clues as sights, numbered as the edge
// positions of the census (Top, Bottom, Left, Right).
func edgeSights(n int) []sight {
	out := make([]sight, 4*n)
	for pos := range out {
		r, c := edgeCell(n, pos)
		s := sight{r: r, c: c}
		switch {
		case r < 0:
			s.r, s.dr = 0, 1
		case r == n:
			s.r, s.dr = n-1, -1
		case c < 0:
			s.c, s.dc = 0, 1
		default:
			s.c, s.dc = n-1, -1
		}
		out[pos] = s
	}
	return out
}

// interiorSights returns the interior clues of an n×n grid: every cell
// and direction whose line holds 2..n-1 cells (a whole line is an edge
// clue, a lone cell always sees 1), cell by cell, then Up, Down, Left,
// Right.
func interiorSights(n int) []sight {
	var out []sight
	for r := range n {
		for c := range n {
			for _, l := range looks {
				in := Interior{Row: r, Col: c, Look: l}
				if k := in.length(n); k >= 2 && k < n {
					d, e := l.step()
					out = append(out, sight{r, c, d, e})
				}
			}
		}
	}
	return out
}

// look returns the direction of s.
func (s sight) look() Look {
	switch {
	case s.dr < 0:
		return Up
	case s.dr > 0:
		return Down
	case s.dc < 0:
		return Left
	}
	return Right
}

// String names the sight as the outputs do: "r2c3 looking down".
func (s sight) String() string { return fmt.Sprintf("r%dc%d looking %s", s.r+1, s.c+1, s.look()) }

// edgeNames names the edge positions as Clues does, without the value.
func edgeNames(n int) []string {
	out := make([]string, 4*n)
	for pos := range out {
		i := pos%n + 1
		out[pos] = [4]string{"clue above column %d", "clue below column %d", "clue left of row %d", "clue right of row %d"}[pos/n]
		out[pos] = fmt.Sprintf(out[pos], i)
	}
	return out
}

// Shown returns what grid shows beyond its cells: its 4N edge clues (in
// the edge order of a Towers ID: Top, Bottom, Left, Right) and then its
// interior clues (every cell and direction that sees 2..N-1 cells, cell
// by cell, looking up, down, left, right), as ShownNames names them.
func Shown(grid [][]int) []int {
	n := len(grid)
	ss := append(edgeSights(n), interiorSights(n)...)
	out := make([]int, len(ss))
	for i, s := range ss {
		out[i] = s.seen(grid)
	}
	return out
}

// ShownNames names the values of Shown for a grid of side n: "clue above
// column 1", ..., "r2c3 looking down", ...
func ShownNames(n int) []string {
	out := edgeNames(n)
	for _, s := range interiorSights(n) {
		out = append(out, s.String())
	}
	return out
}

// FormatShown words values in the order of Shown for a grid of side n,
// those not known left out, one line each: the known edge clues as a
// Towers ID, then the interior clues (interiorLines). what says what the
// values are ("fixed in every solution").
func FormatShown(n int, values []int, known []bool, what string) []string {
	p := New(n)
	edges := 0
	for pos := range 4 * n {
		if known[pos] {
			*clueAt(p, pos) = values[pos]
			edges++
		}
	}
	line := fmt.Sprintf("edge clues %s (%d of %d): %s", what, edges, 4*n, FormatTowers(p))
	return append([]string{line}, interiorLines(n, values[4*n:], known[4*n:], what)...)
}

// interiorLines words the interior clues (values and known in the order
// of interiorSights) as four grids side by side, looking up, down, left
// and right: '.' for a clue not known, '-' where no interior clue stands
// (a whole line, or a lone cell). None for n < 3, which has no interior
// clue.
func interiorLines(n int, values []int, known []bool, what string) []string {
	sights := interiorSights(n)
	if len(sights) == 0 {
		return nil
	}
	// cells[l][r][c]: the text at cell (r, c) of the grid looking l.
	var cells [4][][]string
	for l := range cells {
		cells[l] = make([][]string, n)
		for r := range n {
			cells[l][r] = slices.Repeat([]string{"-"}, n)
		}
	}
	count := 0
	for i, s := range sights {
		l := slices.Index(looks[:], s.look())
		cells[l][s.r][s.c] = "."
		if known[i] {
			cells[l][s.r][s.c] = strconv.Itoa(values[i])
			count++
		}
	}
	w := len(strconv.Itoa(n))
	width := n*(w+1) - 1
	head := make([]string, len(looks))
	for l, look := range looks {
		head[l] = fmt.Sprintf("%-*s", width, look)
	}
	out := []string{
		fmt.Sprintf("interior clues %s (%d of %d), from each cell looking:", what, count, len(sights)),
		"  " + strings.TrimRight(strings.Join(head, "   "), " "),
	}
	for r := range n {
		grids := make([]string, len(looks))
		for l := range looks {
			row := make([]string, n)
			for c := range n {
				row[c] = fmt.Sprintf("%*s", w, cells[l][r][c])
			}
			grids[l] = strings.Join(row, " ")
		}
		out = append(out, "  "+strings.Join(grids, "   "))
	}
	return out
}
