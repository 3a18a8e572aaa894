package visibility

import (
	_ "embed"
	"encoding/binary"
	"sync"
)

// The runs of the Line program on full domains for every line of up to
// rootTableMax cells and every pair of clues (none, or 1..n, at each end)
// are built into the program: in a process that solves a few puzzles,
// computing them (the 18 lines of a 9×9 puzzle, before any search) took a
// large share of a puzzle's time (measured in docs/BENCHMARKS.md, section
// "Skyscraper: a fresh sample of 9x9 unreasonable puzzles"). roots.bin
// holds them; the test TestRootTable checks it against computeRoot and
// rewrites it with -update-roots when the program changes.
//
// Layout, little-endian: for n = 1..rootTableMax, front = 0..n, back =
// 0..n in that order, n 16-bit words of kept heights (bit h-1 per cell),
// a 16-bit count of witnesses, then the witnesses as 64-bit words.
//
//go:embed roots.bin
var rootsBin []byte

// rootTableMax is the largest line size in roots.bin.
const rootTableMax = 9

// roots holds the decoded table per size, filled on first use of a size.
var roots [rootTableMax + 1]struct {
	once sync.Once
	r    []rootResult // index front*(n+1) + back
}

// rootTable returns the built-in run on full domains for a line of n <=
// rootTableMax cells with clues front and back (sets of wanted counts:
// one bit, or all bits for no clue).
func rootTable(n int, front, back uint16) *rootResult {
	t := &roots[n]
	t.once.Do(func() { t.r = decodeRoots(rootsBin, n) })
	return &t.r[clueIndex(n, front)*(n+1)+clueIndex(n, back)]
}

// clueIndex turns a set of wanted counts back into the clue: 0 for none,
// else the count.
func clueIndex(n int, want uint16) int {
	if want == ^uint16(0) {
		return 0
	}
	for c := 1; c <= n; c++ {
		if want == 1<<(c-1) {
			return c
		}
	}
	panic("visibility: a line clue that is neither absent nor one count")
}

// decodeRoots returns the entries of size n from the table b. It panics
// on a table that ends early: roots.bin is part of the program.
func decodeRoots(b []byte, n int) []rootResult {
	for size := 1; size < n; size++ { // skip the smaller sizes
		for range (size + 1) * (size + 1) {
			k := int(binary.LittleEndian.Uint16(b[2*size:]))
			b = b[2*size+2+8*k:]
		}
	}
	out := make([]rootResult, (n+1)*(n+1))
	for i := range out {
		for c := range n {
			out[i].keep[c] = binary.LittleEndian.Uint16(b[2*c:])
		}
		k := int(binary.LittleEndian.Uint16(b[2*n:]))
		b = b[2*n+2:]
		if k > 0 {
			out[i].wit = make([]uint64, k)
		}
		for j := range k {
			out[i].wit[j] = binary.LittleEndian.Uint64(b[8*j:])
		}
		b = b[8*k:]
	}
	return out
}
