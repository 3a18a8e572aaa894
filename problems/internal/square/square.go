// Package square holds the plain loops the puzzles' independent checkers
// share over an N x N grid of values 1..N (a Latin square with more
// rules): its shape and values, its givens, its rows and columns. It knows
// nothing of models or propagators, so that a checker built on it stays
// independent of them.
package square

import "fmt"

// Check verifies that g is n rows of n values in 1..n keeping every given
// (givens[r][c] != 0, row by row; nil: none). Its error wraps invalid,
// naming the first fault in reading order.
func Check(g [][]int, n int, givens [][]int, invalid error) error {
	return shape(g, n, 1, givens, invalid)
}

// Shape verifies that g is n rows of n values in lo..n (lo 0 for a grid
// with holes). Its error wraps invalid, naming the first fault in
// reading order.
func Shape(g [][]int, n, lo int, invalid error) error { return shape(g, n, lo, nil, invalid) }

// shape is Check and Shape: g's shape, its values in lo..n, and givens
// kept when givens is not nil.
func shape(g [][]int, n, lo int, givens [][]int, invalid error) error {
	if len(g) != n {
		return fmt.Errorf("%w: %d rows, want %d", invalid, len(g), n)
	}
	for r := range n {
		if len(g[r]) != n {
			return fmt.Errorf("%w: row %d has %d cells, want %d", invalid, r+1, len(g[r]), n)
		}
		for c, v := range g[r] {
			if v < lo || v > n {
				return fmt.Errorf("%w: r%dc%d holds %d, want %d..%d", invalid, r+1, c+1, v, lo, n)
			}
			if givens == nil {
				continue
			}
			if given := givens[r][c]; given != 0 && given != v {
				return fmt.Errorf("%w: r%dc%d holds %d, the given is %d", invalid, r+1, c+1, v, given)
			}
		}
	}
	return nil
}

// Repeat finds a value held twice in a row or column of g, n x n with
// values 1..n (as Check ensures). It goes over i = 0, 1, ..., row i and
// column i together cell by cell, and reports the first repeat: which
// line ("row" or "column"), i (0-based) and the value; ok is false when
// every row and column is a permutation.
func Repeat(g [][]int) (line string, i, value int, ok bool) {
	n := len(g)
	for i := range n {
		row, col := make([]bool, n+1), make([]bool, n+1)
		for j := range n {
			if row[g[i][j]] {
				return "row", i, g[i][j], true
			}
			if col[g[j][i]] {
				return "column", i, g[j][i], true
			}
			row[g[i][j]], col[g[j][i]] = true, true
		}
	}
	return "", 0, 0, false
}
