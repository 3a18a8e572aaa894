package skyscraper

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/internal/latinsquare"
)

// What a grid shows, counted by hand for the brute forces of the tests
// (no code shared with sights.go), and the census's interior counts
// against a brute force over every Latin square (latinsquare.All).

// handSeen counts what g shows from cell (r, c) stepping (dr, dc), by
// hand.
func handSeen(g [][]int, r, c, dr, dc int) int {
	n, k, top := len(g), 0, 0
	for ; r >= 0 && r < n && c >= 0 && c < n; r, c = r+dr, c+dc {
		if g[r][c] > top {
			top, k = g[r][c], k+1
		}
	}
	return k
}

// handEdges returns the 4n edge clues of g in the order Top, Bottom,
// Left, Right (a Towers ID's), counted by hand.
func handEdges(g [][]int) []int {
	n := len(g)
	out := make([]int, 0, 4*n)
	for i := range n {
		out = append(out, handSeen(g, 0, i, 1, 0))
	}
	for i := range n {
		out = append(out, handSeen(g, n-1, i, -1, 0))
	}
	for i := range n {
		out = append(out, handSeen(g, i, 0, 0, 1))
	}
	for i := range n {
		out = append(out, handSeen(g, i, n-1, 0, -1))
	}
	return out
}

// handInterior returns g's interior clues by hand: every cell and
// direction whose line holds 2..n-1 cells, as a string key.
func handInterior(g [][]int) string {
	n := len(g)
	var b strings.Builder
	for r := range n {
		for c := range n {
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				length := 0
				for i, j := r, c; i >= 0 && i < n && j >= 0 && j < n; i, j = i+d[0], j+d[1] {
					length++
				}
				if length >= 2 && length < n {
					fmt.Fprintf(&b, "%d,", handSeen(g, r, c, d[0], d[1]))
				}
			}
		}
	}
	return b.String()
}

// classes groups squares (their edge clues, of side 4 or less) by the
// clues they show at the positions of s: one class per clue set on s with
// a solution, holding the indices of its solutions.
func classes(edges [][]int, s uint32) map[uint64][]int {
	groups := map[uint64][]int{}
	for i, e := range edges {
		var key uint64 // the clues at s, 4 bits each
		for pos, v := range e {
			if s>>pos&1 != 0 {
				key = key<<4 | uint64(v)
			}
		}
		groups[key] = append(groups[key], i)
	}
	return groups
}

// bruteInterior counts by brute force what the census's Interior counts:
// over the sets of k edge positions and every value on them, the clue
// sets with a solution, those with several, and of those the ones whose
// solutions show the same interior clues.
func bruteInterior(n, k int, grids [][][]int) InteriorCensus {
	var c InteriorCensus
	var edges [][]int
	var inner []string
	for _, g := range grids {
		edges = append(edges, handEdges(g))
		inner = append(inner, handInterior(g))
	}
	for s := uint32(0); s < 1<<(4*n); s++ {
		if bits.OnesCount32(s) != k {
			continue
		}
		for _, members := range classes(edges, s) {
			c.Solvable++
			if len(members) == 1 {
				continue
			}
			c.Several++
			if !slices.ContainsFunc(members, func(i int) bool { return inner[i] != inner[members[0]] }) {
				c.Fixed++
			}
		}
	}
	return c
}

// TestInteriorCensusAgreesWithBruteForce: sizes 1 to 4, every k (size 4
// up to 6 clues in short mode): the interior counts are the brute
// force's, and the rest of the census is as without them.
func TestInteriorCensusAgreesWithBruteForce(t *testing.T) {
	for n := 1; n <= 4; n++ {
		grids := latinsquare.All(n)
		for k := 0; k <= 4*n; k++ {
			if testing.Short() && n == 4 && k > 6 {
				break
			}
			t.Run(fmt.Sprintf("size%d/clues%d", n, k), func(t *testing.T) {
				want := bruteInterior(n, k, grids)
				got, err := RunCensus(context.Background(), CensusOptions{Size: n, Clues: k, Interior: true, Jobs: 2}, nil)
				require.NoError(t, err)
				require.NotNil(t, got.Interior)
				assert.Equal(t, want, *got.Interior)
				plain, err := RunCensus(context.Background(), CensusOptions{Size: n, Clues: k}, nil)
				require.NoError(t, err)
				assert.Equal(t, plain.Unique, got.Unique)
				assert.Equal(t, plain.UniqueUpToSymmetry, got.UniqueUpToSymmetry)
				assert.Equal(t, got.Unique+got.Interior.Several, got.Interior.Solvable)
			})
		}
	}
}

// TestFormatShown: known values in place, '.' for unknown, '-' where no
// interior clue stands.
func TestFormatShown(t *testing.T) {
	g := [][]int{{2, 1, 4, 3}, {3, 4, 1, 2}, {1, 3, 2, 4}, {4, 2, 3, 1}}
	values := Shown(g)
	known := slices.Repeat([]bool{true}, len(values))
	known[0], known[4*4] = false, false // the clue above column 1; r1c2 looking left
	got := FormatShown(4, values, known, "known")
	assert.Equal(t, []string{
		"edge clues known (15 of 16): 4:/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3",
		"interior clues known (31 of 32), from each cell looking:",
		"  up        down      left      right",
		"  - - - -   - - - -   - . 1 -   - 2 1 -",
		"  1 1 2 2   2 1 3 2   - 1 2 -   - 1 2 -",
		"  2 2 2 1   2 1 2 1   - 1 2 -   - 2 2 -",
		"  - - - -   - - - -   - 2 2 -   - 2 1 -",
	}, got)
}
