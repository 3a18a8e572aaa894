package skyscraper

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/internal/latinsquare"
)

// The census is checked against a brute force that shares no code with it:
// Latin squares listed by plain backtracking (not the engine), clues
// counted by hand, every position set's projections hashed, orbits found
// by taking the smallest image of every unique puzzle (not Burnside).

// bruteSquares lists every Latin square of order n by backtracking
// (latinsquare.All), as the 4n clues each shows (in the order Top, Bottom,
// Left, Right), counted by hand.
func bruteSquares(n int) [][]int {
	var out [][]int
	for _, g := range latinsquare.All(n) {
		clues := make([]int, 4*n)
		for i := range n {
			var tallest [4]int
			for j := range n {
				for side, h := range [4]int{g[j][i], g[n-1-j][i], g[i][j], g[i][n-1-j]} {
					if h > tallest[side] {
						tallest[side] = h
						clues[side*n+i]++
					}
				}
			}
		}
		out = append(out, clues)
	}
	return out
}

// positionPerms returns, for each symmetry, where it sends each edge
// position, read off Symmetry.Puzzle (whose action the symmetry tests
// check on solutions).
func positionPerms(n int) [NumSymmetries][]int {
	marked := New(n)
	for pos := range 4 * n {
		*clueAt(marked, pos) = pos + 1
	}
	var perms [NumSymmetries][]int
	for g := range Symmetry(NumSymmetries) {
		img := g.Puzzle(marked)
		perms[g] = make([]int, 4*n)
		for pos := range 4 * n {
			perms[g][*clueAt(img, pos)-1] = pos
		}
	}
	return perms
}

// bruteCensus counts by hand what RunCensus counts.
func bruteCensus(n, k int, oneSide bool, squares [][]int) Census {
	c := Census{Size: n, Clues: k, OneSide: oneSide, Squares: int64(len(squares))}
	var sets []uint64
	for s := uint64(0); s < 1<<(4*n); s++ {
		if bits.OnesCount64(s) != k {
			continue
		}
		if oneSide && k > 0 {
			side := bits.TrailingZeros64(s) / n
			if s>>(side*n) >= 1<<n {
				continue // not all on one side
			}
		}
		sets = append(sets, s)
		if oneSide && k == 0 {
			break
		}
	}
	perms := positionPerms(n)
	// The smallest image of a puzzle given as 4n clues (0: none), packed.
	pack := func(clues []int, perm []int) uint64 {
		var key uint64
		for pos, v := range clues {
			key |= uint64(v) << (3 * perm[pos])
		}
		return key
	}
	smallest := func(clues []int) uint64 {
		best := uint64(1<<64 - 1)
		for g := range perms {
			best = min(best, pack(clues, perms[g]))
		}
		return best
	}
	seenSets := map[uint64]bool{}
	count := map[uint64]int{}
	clues := make([]int, 4*n)
	for _, s := range sets {
		c.Sets++
		setClues := make([]int, 4*n)
		for pos := range 4 * n {
			setClues[pos] = int(s >> pos & 1)
		}
		if key := smallest(setClues); !seenSets[key] {
			seenSets[key] = true
			c.SetsUpToSymmetry++
		}
		clear(count)
		for _, sq := range squares {
			for pos := range 4 * n {
				clues[pos] = sq[pos] * int(s>>pos&1)
			}
			count[pack(clues, perms[0])]++
		}
		for key, m := range count {
			if m != 1 {
				continue
			}
			c.Unique++
			for pos := range 4 * n {
				clues[pos] = int(key >> (3 * pos) & 7)
			}
			if smallest(clues) == key {
				c.UniqueUpToSymmetry++
			}
		}
	}
	c.Puzzles = c.Sets
	for range k {
		c.Puzzles *= int64(n)
	}
	return c
}

func TestCensusAgreesWithBruteForce(t *testing.T) {
	type req struct {
		n, k    int
		oneSide bool
	}
	var reqs []req
	for n := 1; n <= 4; n++ {
		for k := 0; k <= 4*n; k++ {
			if testing.Short() && n == 4 && k >= 7 && k <= 10 {
				continue // the brute force's slowest
			}
			reqs = append(reqs, req{n, k, false})
		}
		for k := 0; k <= n; k++ {
			reqs = append(reqs, req{n, k, true})
		}
	}
	if !testing.Short() {
		for k := 0; k <= 5; k++ {
			reqs = append(reqs, req{5, k, true})
		}
		reqs = append(reqs, req{5, 1, false}, req{5, 19, false}, req{5, 20, false})
	}
	squares := map[int][][]int{}
	for _, r := range reqs {
		side := ""
		if r.oneSide {
			side = "/one-side"
		}
		t.Run(fmt.Sprintf("size%d/clues%d%s", r.n, r.k, side), func(t *testing.T) {
			if squares[r.n] == nil {
				squares[r.n] = bruteSquares(r.n)
			}
			want := bruteCensus(r.n, r.k, r.oneSide, squares[r.n])
			got, err := RunCensus(context.Background(), CensusOptions{Size: r.n, Clues: r.k, OneSide: r.oneSide}, nil)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

// TestCensusSmallSizesBySolving counts the unique puzzles of sizes 2 and 3
// by solving every clue set with the engine: no Latin square table at all.
func TestCensusSmallSizesBySolving(t *testing.T) {
	for _, tc := range []struct{ n, k int }{
		{2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6}, {2, 7}, {2, 8},
		{3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4},
	} {
		t.Run(fmt.Sprintf("size%d/clues%d", tc.n, tc.k), func(t *testing.T) {
			n := tc.n
			if testing.Short() && n == 3 && tc.k == 4 {
				t.Skip("40,095 puzzles to solve")
			}
			var unique int64
			for s := uint64(0); s < 1<<(4*n); s++ {
				if bits.OnesCount64(s) != tc.k {
					continue
				}
				var positions []int
				for pos := range 4 * n {
					if s>>pos&1 != 0 {
						positions = append(positions, pos)
					}
				}
				values := make([]int, len(positions))
				for {
					p := New(n)
					for i, pos := range positions {
						*clueAt(p, pos) = values[i] + 1
					}
					res, err := Count(context.Background(), p, strong, search, 2)
					require.NoError(t, err)
					require.True(t, res.Complete || res.Solutions == 2)
					if res.Solutions == 1 {
						unique++
					}
					i := 0 // the next values, as an odometer in base n
					for i < len(values) && values[i] == n-1 {
						values[i] = 0
						i++
					}
					if i == len(values) {
						break
					}
					values[i]++
				}
			}
			got, err := RunCensus(context.Background(), CensusOptions{Size: n, Clues: tc.k}, nil)
			require.NoError(t, err)
			assert.Equal(t, unique, got.Unique)
		})
	}
}

// TestCensusListIsUnique solves every listed puzzle with the engine: each
// has exactly one solution, none repeats, the list is closed under the
// symmetries, and it is as long as Unique.
func TestCensusListIsUnique(t *testing.T) {
	for _, tc := range []struct {
		n, k    int
		oneSide bool
	}{{3, 3, false}, {3, 6, false}, {4, 3, false}, {4, 15, false}, {4, 16, false}, {4, 3, true}, {4, 4, true}} {
		t.Run(fmt.Sprintf("size%d/clues%d/oneSide=%v", tc.n, tc.k, tc.oneSide), func(t *testing.T) {
			listed := map[string]*Puzzle{}
			res, err := RunCensus(context.Background(), CensusOptions{Size: tc.n, Clues: tc.k, OneSide: tc.oneSide, Jobs: 2,
				List: func(p *Puzzle) {
					id := FormatTowers(p)
					_, twice := listed[id]
					require.False(t, twice, "%s listed twice", id)
					listed[id] = p
				}}, nil)
			require.NoError(t, err)
			require.Equal(t, res.Unique, int64(len(listed)))
			orbits := map[string]bool{}
			canonical := 0
			for id, p := range listed {
				if Canonical(p) {
					canonical++
				}
				clues := 0
				for _, v := range p.Clockwise() {
					if v != 0 {
						clues++
					}
				}
				assert.Equal(t, tc.k, clues, id)
				c, err := Count(context.Background(), p, strong, search, 2)
				require.NoError(t, err)
				assert.Equal(t, int64(1), c.Solutions, id)
				smallest := id
				for g := range Symmetry(NumSymmetries) {
					img := FormatTowers(g.Puzzle(p))
					_, ok := listed[img]
					assert.True(t, ok, "%s: image under %v missing", id, g)
					smallest = min(smallest, img)
				}
				orbits[smallest] = true
			}
			assert.Equal(t, res.UniqueUpToSymmetry, int64(len(orbits)))
			assert.Equal(t, len(orbits), canonical, "one canonical puzzle per class")
			for smallest := range orbits {
				assert.True(t, Canonical(listed[smallest]), smallest)
			}
		})
	}
}

// TestBruteForceCountsAsTheEngine checks the brute force itself: on random
// size-4 clue sets (from a random Latin square, so solvable) the number of
// squares showing the clues is the engine's count of solutions.
func TestBruteForceCountsAsTheEngine(t *testing.T) {
	squares := bruteSquares(4)
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 200 {
		k := 1 + rng.IntN(16)
		sq := latinsquare.Random(4, rng)
		p := FromGrid(sq)
		all := p.Clockwise()
		cw := make([]int, 16)
		for _, pos := range rng.Perm(16)[:k] {
			cw[pos] = all[pos]
		}
		p.SetClockwise(cw)
		// The brute force: how many squares show these clues.
		shown := 0
		for _, clues := range squares {
			q := New(4)
			for pos := range 16 {
				if *clueAt(p, pos) != 0 {
					*clueAt(q, pos) = clues[pos]
				}
			}
			if slices.Equal(q.Clockwise(), p.Clockwise()) {
				shown++
			}
		}
		res, err := Count(context.Background(), p, strong, search, 0)
		require.NoError(t, err)
		assert.Equal(t, int64(shown), res.Solutions, "%d: %s", i, FormatTowers(p))
	}
}

func TestSymmetriesFormAGroup(t *testing.T) {
	for n := 1; n <= 6; n++ {
		t.Run(fmt.Sprint("size", n), func(t *testing.T) {
			// Each symmetry as a permutation of the cells and clue places,
			// -1..n in both coordinates but the corners.
			type cell struct{ r, c int }
			var cells []cell
			for r := -1; r <= n; r++ {
				for c := -1; c <= n; c++ {
					if (r == -1 || r == n) && (c == -1 || c == n) {
						continue
					}
					cells = append(cells, cell{r, c})
				}
			}
			perm := func(f func(r, c int) (int, int)) string {
				out := ""
				for _, x := range cells {
					r, c := f(x.r, x.c)
					out += fmt.Sprintf("%d,%d;", r, c)
				}
				return out
			}
			elems := map[string]Symmetry{}
			for g := range Symmetry(NumSymmetries) {
				p := perm(func(r, c int) (int, int) { return g.Cell(n, r, c) })
				if n > 1 {
					require.NotContains(t, elems, p, "%v and %v act alike", g, elems[p])
				}
				elems[p] = g
			}
			assert.Equal(t, perm(func(r, c int) (int, int) { return r, c }), perm(func(r, c int) (int, int) { return Symmetry(0).Cell(n, r, c) }))
			for a := range Symmetry(NumSymmetries) {
				hasInverse := false
				for b := range Symmetry(NumSymmetries) {
					ab := perm(func(r, c int) (int, int) { r, c = b.Cell(n, r, c); return a.Cell(n, r, c) })
					_, ok := elems[ab]
					assert.True(t, ok, "%v after %v is no symmetry", a, b)
					hasInverse = hasInverse || elems[ab] == 0
				}
				assert.True(t, hasInverse, "%v has no inverse", a)
			}
		})
	}
}

func TestSymmetryMapsSolutionsToSolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, n := range []int{1, 2, 4, 5, 7} {
		sq := latinsquare.Random(n, rng)
		p := FromGrid(sq)
		// Givens and an interior clue, read off the square too.
		p.Givens = make([][]int, n)
		for r := range n {
			p.Givens[r] = make([]int, n)
			c := rng.IntN(n)
			p.Givens[r][c] = sq[r][c]
		}
		for _, look := range []Look{Up, Down, Left, Right} {
			in := Interior{Row: rng.IntN(n), Col: rng.IntN(n), Look: look}
			dr, dc := look.step()
			tallest := 0
			for r, c := in.Row, in.Col; r >= 0 && r < n && c >= 0 && c < n; r, c = r+dr, c+dc {
				if sq[r][c] > tallest {
					tallest = sq[r][c]
					in.Count++
				}
			}
			p.Interior = append(p.Interior, in)
		}
		require.NoError(t, Check(p, sq))
		for g := range Symmetry(NumSymmetries) {
			t.Run(fmt.Sprintf("size%d/%v", n, g), func(t *testing.T) {
				img, gsq := g.Puzzle(p), g.Grid(sq)
				assert.NoError(t, Check(img, gsq), "the image of the solution solves the image")
				assert.Equal(t, FromGrid(gsq).Clockwise(), img.Clockwise(), "clues move with the grid")
			})
		}
	}
}

func TestCensusBadRequests(t *testing.T) {
	for _, o := range []CensusOptions{
		{Size: 0, Clues: 0},
		{Size: MaxCensusSize + 1, Clues: 1},
		{Size: 4, Clues: -1},
		{Size: 4, Clues: 17},
		{Size: 4, Clues: 5, OneSide: true},
		{Size: 4, Clues: 2, Jobs: -1},
	} {
		t.Run(fmt.Sprintf("%+v", o), func(t *testing.T) {
			_, err := RunCensus(context.Background(), o, nil)
			assert.ErrorIs(t, err, ErrCensus)
		})
	}
}

func TestCensusProgressJobsAndCancel(t *testing.T) {
	var mu sync.Mutex
	var calls, last, total int64
	one, err := RunCensus(context.Background(), CensusOptions{Size: 4, Clues: 8, Jobs: 1}, func(done, all int64) {
		mu.Lock()
		defer mu.Unlock()
		calls++
		assert.Equal(t, last+1, done)
		last, total = done, all
	})
	require.NoError(t, err)
	assert.Equal(t, total, calls)
	assert.Equal(t, total, last)
	assert.Positive(t, total)
	for _, jobs := range []int{0, 2, 5} {
		many, err := RunCensus(context.Background(), CensusOptions{Size: 4, Clues: 8, Jobs: jobs}, nil)
		require.NoError(t, err)
		assert.Equal(t, one, many, "jobs %d", jobs)
	}
	// One job lists in a fixed order.
	var lists [2][]string
	for i := range lists {
		_, err := RunCensus(context.Background(), CensusOptions{Size: 4, Clues: 14, Jobs: 1,
			List: func(p *Puzzle) { lists[i] = append(lists[i], FormatTowers(p)) }}, nil)
		require.NoError(t, err)
	}
	assert.Equal(t, lists[0], lists[1])
	tablesMu.Lock()
	tables[4] = nil // a table built afresh lists in the same order too
	tablesMu.Unlock()
	_, err = RunCensus(context.Background(), CensusOptions{Size: 4, Clues: 14, Jobs: 1,
		List: func(p *Puzzle) { lists[1] = append(lists[1], FormatTowers(p)) }}, nil)
	require.NoError(t, err)
	assert.Equal(t, lists[0], lists[1][len(lists[0]):])

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = RunCensus(ctx, CensusOptions{Size: 4, Clues: 8}, nil)
	assert.ErrorIs(t, err, context.Canceled)
}
