package square

import "fmt"

// GivenNames names the givens of a row-major grid of side n (0: empty):
// "given r1c1 = 5", in reading order.
func GivenNames(cells []int, n int) []string {
	var out []string
	for i, v := range cells {
		if v != 0 {
			out = append(out, fmt.Sprintf("given r%dc%d = %d", i/n+1, i%n+1, v))
		}
	}
	return out
}

// KeepGivens returns a copy of cells with only the givens marked kept, in
// the order GivenNames names them.
func KeepGivens(cells []int, kept []bool) []int {
	out := append([]int(nil), cells...)
	k := 0
	for i, v := range out {
		if v != 0 {
			if !kept[k] {
				out[i] = 0
			}
			k++
		}
	}
	return out
}

// AddGivens returns a copy of cells (side n) with more givens (cell
// [row, column] -> value).
func AddGivens(cells []int, n int, givens map[[2]int]int) []int {
	out := append([]int(nil), cells...)
	for at, v := range givens {
		out[at[0]*n+at[1]] = v
	}
	return out
}

// Clash describes the first pair of givens (values 1..n; 0 is empty) that
// repeat in a row or column of g, n rows of n values: rows top to bottom
// first, then columns left to right, each in reading order, as "r1c1 and
// r1c3 both hold 4 (row 1)" (1-based, the first cell seen first). It
// returns "" when no given repeats. Values out of 1..n, and cells past a
// short row, are left out: the readers refuse them. Givens that clash
// leave a puzzle with no solution, which the problems report as such
// without search (see catalog.Clasher). It takes O(n*n) time.
func Clash(g [][]int) string {
	n := len(g)
	// seen[v]: 1 + the index along the line of v, or 0; in an array on
	// the stack for the usual orders, so that a batch allocates nothing.
	var small [64]int
	var seen []int
	if n+1 <= len(small) {
		seen = small[:n+1]
	} else {
		seen = make([]int, n+1)
	}
	// first records value v at index i along the current line and returns
	// 1 + the index where v was seen before, or 0.
	first := func(v, i int) int {
		if v < 1 || v > n {
			return 0
		}
		if f := seen[v]; f != 0 {
			return f
		}
		seen[v] = i + 1
		return 0
	}
	for r, row := range g {
		clear(seen)
		for c, v := range row {
			if f := first(v, c); f != 0 {
				return fmt.Sprintf("r%dc%d and r%dc%d both hold %d (row %d)", r+1, f, r+1, c+1, v, r+1)
			}
		}
	}
	for c := range n {
		clear(seen)
		for r, row := range g {
			if c >= len(row) {
				continue
			}
			if f := first(row[c], r); f != 0 {
				return fmt.Sprintf("r%dc%d and r%dc%d both hold %d (column %d)", f, c+1, r+1, c+1, row[c], c+1)
			}
		}
	}
	return ""
}

// Reach returns the smallest and largest sums the cells of a cage (or a
// Kakuro run) can make with distinct values 1..n: its givens (givens[i]
// for i in cells, 0: empty, else 1..n) plus the smallest (largest) values not given
// in it for the empty cells. A sum outside lo..hi is out of reach of any
// solution, another way givens clash.
func Reach(n int, givens, cells []int) (lo, hi int) {
	used := make([]bool, n+1)
	free := 0
	for _, i := range cells {
		if v := givens[i]; v != 0 {
			used[v] = true
			lo += v
			hi += v
		} else {
			free++
		}
	}
	for v, left := 1, free; v <= n && left > 0; v++ {
		if !used[v] {
			lo += v
			left--
		}
	}
	for v, left := n, free; v >= 1 && left > 0; v-- {
		if !used[v] {
			hi += v
			left--
		}
	}
	return lo, hi
}

// Zeros returns an n×n grid of zeros in dst's arrays, rows and row
// arrays alike, where they have room (a reader filling a recycled
// instance), else in new ones: a grid of the same side again costs no
// allocation.
func Zeros(dst [][]int, n int) [][]int {
	g := dst[:0]
	if cap(g) < n {
		g = make([][]int, 0, n)
	}
	g = g[:n]
	for r := range g {
		if cap(g[r]) < n {
			g[r] = make([]int, n)
		}
		g[r] = g[r][:n]
		clear(g[r])
	}
	return g
}
