package skyscraper

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/internal/latinsquare"
)

// The clue finders are checked against brute forces that share no code
// with them: Latin squares by plain backtracking (latinsquare.All), what a
// square shows counted by hand (handSeen), clue sets enumerated position
// set by position set, and every answer solved again by the engine and
// judged by Check.

// TestShownAgreesWithCheck: every clue Shown gives a grid, edge and
// interior, is one Check (the independent checker) accepts on that grid,
// and the edge clues are those counted by hand.
func TestShownAgreesWithCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for n := 1; n <= 8; n++ {
		g := latinsquare.Random(n, rng)
		values := itemValues(g)
		all := append(clueItems(n, -1, true), givenItems(n)...)
		p := puzzleOf(n, values, all)
		require.NoError(t, Check(p, g), "size %d", n)
		assert.Equal(t, handEdges(g), values[:4*n], "size %d", n)
		assert.Equal(t, len(ShownNames(n)), len(Shown(g)), "size %d", n)
		assert.Len(t, p.Interior, max(0, 4*n*(n-2)), "size %d: cells and directions seeing 2..n-1 cells", n)
		assert.Equal(t, g, p.FullGrid())
	}
}

// unique1 reports whether p has one solution, by the engine.
func unique1(t *testing.T, p *Puzzle) bool {
	t.Helper()
	res, err := Count(context.Background(), p, strong, search, 2)
	require.NoError(t, err)
	require.True(t, res.Complete || res.Solutions == 2)
	return res.Solutions == 1
}

// items lists p's clues and givens one by one (Clues's order) and
// returns, for each, p without it.
func withoutEach(p *Puzzle) []*Puzzle {
	names := Clues(p)
	out := make([]*Puzzle, len(names))
	for i := range names {
		kept := slices.Repeat([]bool{true}, len(names))
		kept[i] = false
		out[i] = Keep(p, kept)
	}
	return out
}

// TestMinimalClues: on random grids of sizes 3 to 7, with each option,
// the clue set has the grid as its one solution and no clue or given can
// go; without givens, a grid that its clues do not single out is
// reported so, and rightly.
func TestMinimalClues(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, n := range []int{3, 4, 5, 6, 7} {
		for i := range 4 {
			g := latinsquare.Random(n, rng)
			for _, opt := range []ClueOptions{{Seed: 1}, {Seed: 2, OneSide: true}, {Seed: 3, Interior: true}, {Seed: 4, NoGivens: true}} {
				t.Run(fmt.Sprintf("size%d/%d/%+v", n, i, opt), func(t *testing.T) {
					p, err := MinimalClues(context.Background(), g, opt)
					if opt.NoGivens && errors.Is(err, ErrNotDetermined) {
						assert.False(t, unique1(t, FromGrid(g)), "said not determined, yet its clues single it out")
						return
					}
					require.NoError(t, err)
					require.NoError(t, Check(p, g))
					require.True(t, unique1(t, p), FormatJSON(p))
					if opt.NoGivens {
						assert.Zero(t, givenCount(p))
					}
					if opt.OneSide && givenCount(p) > 0 {
						for side := range 4 {
							assert.False(t, unique1(t, puzzleOf(n, itemValues(g), clueItems(n, side, false))), "the clues of side %d single it out", side)
						}
					}
					if opt.OneSide && givenCount(p) == 0 {
						side := -1
						for pos := range 4 * n {
							if *clueAt(p, pos) != 0 {
								assert.True(t, side < 0 || side == pos/n, "clues on two sides: %s", FormatTowers(p))
								side = pos / n
							}
						}
					}
					if !opt.Interior {
						assert.Empty(t, p.Interior)
					}
					for j, q := range withoutEach(p) {
						assert.False(t, unique1(t, q), "%s: %s can go", FormatJSON(p), Clues(p)[j])
					}
				})
			}
		}
	}
}

// bruteFewest finds by brute force the fewest of the positions (of the
// values each square shows, g among them, its cells included to tell
// squares apart) that single g out, and how many
// sets of that size do: a set singles g out when every other square
// differs from g on one of its positions (the sets of differing positions
// are reduced to the inclusion-minimal ones first); the sets of each size
// are enumerated in turn. -1 when even all positions do not.
func bruteFewest(g []int, squares [][]int, positions []int) (int, int) {
	var diffs []uint64
	for _, sq := range squares {
		if slices.Equal(sq, g) {
			continue
		}
		var d uint64
		for i, pos := range positions {
			if sq[pos] != g[pos] {
				d |= 1 << i
			}
		}
		if d == 0 {
			return -1, 0
		}
		diffs = append(diffs, d)
	}
	slices.Sort(diffs)
	diffs = slices.Compact(diffs)
	var minimal []uint64
	for _, d := range diffs {
		if !slices.ContainsFunc(diffs, func(e uint64) bool { return e != d && e&d == e }) {
			minimal = append(minimal, d)
		}
	}
	for k := 0; k <= len(positions); k++ {
		count := 0
		var sets func(start int, s uint64, left int)
		sets = func(start int, s uint64, left int) {
			if left == 0 {
				if !slices.ContainsFunc(minimal, func(d uint64) bool { return d&s == 0 }) {
					count++
				}
				return
			}
			for i := start; i <= len(positions)-left; i++ {
				sets(i+1, s|1<<i, left-1)
			}
		}
		sets(0, 0, k)
		if count > 0 {
			return k, count
		}
	}
	return -1, 0
}

// TestSmallestMatchesBruteForce: on sampled 4x4 and 5x5 grids, the fewest
// edge clues that single a grid out, by the census (FewestClueSets, with
// the number of such sets) and by implicit hitting sets (SmallestClues,
// proved), are the brute force's; with OneSide too.
func TestSmallestMatchesBruteForce(t *testing.T) {
	samples := map[int]int{4: 12, 5: 4}
	if testing.Short() {
		samples[5] = 2
	}
	for _, n := range []int{4, 5} {
		var all [][]int // every square's edge clues, then its cells
		for _, g := range latinsquare.All(n) {
			all = append(all, append(handEdges(g), slices.Concat(g...)...))
		}
		rng := rand.New(rand.NewPCG(uint64(n), 11))
		for i := range samples[n] {
			g := latinsquare.Random(n, rng)
			edges := append(handEdges(g), slices.Concat(g...)...)
			for _, oneSide := range []bool{false, true} {
				t.Run(fmt.Sprintf("size%d/%d/oneSide=%v", n, i, oneSide), func(t *testing.T) {
					want, sets := bruteFewest(edges, all, clueItems(n, -1, false))
					if oneSide {
						want, sets = -1, 0
						for side := range 4 {
							k, c := bruteFewest(edges, all, clueItems(n, side, false))
							switch {
							case k < 0:
							case want < 0 || k < want:
								want, sets = k, c
							case k == want:
								sets += c
							}
						}
					}
					opt := ClueOptions{OneSide: oneSide, NoGivens: true, Seed: 1}
					board := &Puzzle{N: n, Top: make([]int, n), Bottom: make([]int, n), Left: make([]int, n), Right: make([]int, n), Givens: g}
					c, err := FewestClueSets(context.Background(), board, opt, nil)
					require.NoError(t, err)
					assert.Equal(t, want, c.Clues, "census")
					if want >= 0 {
						assert.Equal(t, int64(sets), c.Sets, "census: the number of smallest sets")
					}
					s, err := SmallestClues(context.Background(), g, opt)
					if want < 0 {
						assert.ErrorIs(t, err, ErrNotDetermined)
						return
					}
					require.NoError(t, err)
					assert.True(t, s.Proved)
					assert.Equal(t, want, s.Clues, "hitting sets")
					assert.True(t, unique1(t, s.Puzzle))
					assert.NoError(t, Check(s.Puzzle, g))
				})
			}
		}
	}
}

// TestSmallestWithGivens: a grid its clues do not single out gets the
// fewest clues and givens together; on 4x4 grids a brute force over sets
// of clues and givens agrees.
func TestSmallestWithGivens(t *testing.T) {
	n := 4
	grids := latinsquare.All(n)
	var vals [][]int // every square's edge clues, then cells
	for _, g := range grids {
		vals = append(vals, append(handEdges(g), slices.Concat(g...)...))
	}
	rng := rand.New(rand.NewPCG(4, 4))
	tested := 0
	for tested < 3 {
		g := latinsquare.Random(n, rng)
		if unique1(t, FromGrid(g)) {
			continue // clues alone do it
		}
		tested++
		positions := make([]int, 4*n+n*n)
		for i := range positions {
			positions[i] = i
		}
		want, _ := bruteFewest(append(handEdges(g), slices.Concat(g...)...), vals, positions)
		s, err := SmallestClues(context.Background(), g, ClueOptions{Seed: 1})
		require.NoError(t, err)
		assert.True(t, s.Proved)
		assert.Equal(t, want, s.Clues)
		assert.Positive(t, givenCount(s.Puzzle))
		assert.True(t, unique1(t, s.Puzzle))
		assert.NoError(t, Check(s.Puzzle, g))
		_, err = SmallestClues(context.Background(), g, ClueOptions{Seed: 1, NoGivens: true})
		assert.ErrorIs(t, err, ErrNotDetermined)
	}
}

// TestSmallestStopsWithTheBestSoFar: a cancelled search returns a set
// that singles the grid out, not proved, or the context's error when it
// has none yet.
func TestSmallestStopsWithTheBestSoFar(t *testing.T) {
	g := latinsquare.Random(7, rand.New(rand.NewPCG(1, 7)))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := SmallestClues(ctx, g, ClueOptions{Seed: 1})
	assert.ErrorIs(t, err, context.Canceled)
}

// bruteBoard counts by brute force the sets of k edge clues (on one side
// with oneSide) whose one solution respects board, in full and up to the
// symmetries that map the board's givens onto themselves.
func bruteBoard(t *testing.T, board *Puzzle, k int, oneSide bool, grids [][][]int) (sets, upTo int64) {
	n := board.N
	var edges [][]int
	var respects []bool
	for _, g := range grids {
		edges = append(edges, handEdges(g))
		respects = append(respects, Check(board, g) == nil)
	}
	var group []Symmetry
	for g := range Symmetry(NumSymmetries) {
		if slices.EqualFunc(g.Grid(board.Givens), board.Givens, slices.Equal) {
			group = append(group, g)
		}
	}
	seen := map[string]bool{}
	for s := uint32(0); s < 1<<(4*n); s++ {
		if bits.OnesCount32(s) != k || oneSide && k > 0 && (s>>(bits.TrailingZeros32(s)/n*n))>>n != 0 {
			continue
		}
		// A class of one square that respects the board is a clue set.
		for _, members := range classes(edges, s) {
			if len(members) != 1 || !respects[members[0]] {
				continue
			}
			sets++
			p := New(n)
			for pos := range 4 * n {
				if s>>pos&1 != 0 {
					*clueAt(p, pos) = edges[members[0]][pos]
				}
			}
			smallest := FormatTowers(p)
			for _, g := range group {
				smallest = min(smallest, FormatTowers(g.Puzzle(p)))
			}
			if !seen[smallest] {
				seen[smallest] = true
				upTo++
			}
		}
		if oneSide && k == 0 {
			break
		}
	}
	return sets, upTo
}

// TestClueSetsAgreeWithBruteForce: on boards of sizes 3 and 4 (the main
// diagonal all 4s among them), every k (up to 6 for the third, 4 in
// short mode), with and without OneSide, the
// census of clue sets is the brute force's, and every puzzle listed (the
// first 20 of each census) has one solution, which respects the board.
func TestClueSetsAgreeWithBruteForce(t *testing.T) {
	diagonal := func(n, v int) *Puzzle {
		b := New(n)
		b.Givens = make([][]int, n)
		for r := range n {
			b.Givens[r] = make([]int, n)
			b.Givens[r][r] = v
		}
		return b
	}
	corner := New(4)
	corner.Givens = [][]int{{1, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 2}}
	corner.Top[1] = 3
	diag4 := diagonal(4, 4)
	for _, board := range []*Puzzle{diagonal(3, 3), diag4, corner} {
		n := board.N
		grids := latinsquare.All(n)
		for _, oneSide := range []bool{false, true} {
			most := 4 * n
			if oneSide {
				most = n
			}
			for k := 0; k <= most; k++ {
				if testing.Short() && k > 4 || board == corner && k > 6 {
					break
				}
				t.Run(fmt.Sprintf("%s/k%d/oneSide=%v", FormatTowers(board), k, oneSide), func(t *testing.T) {
					wantSets, wantUpTo := bruteBoard(t, board, k, oneSide, grids)
					listed := 0
					c, err := ClueSets(context.Background(), board, k, ClueOptions{OneSide: oneSide, Jobs: 2}, func(p *Puzzle) {
						assert.Equal(t, k, clueCount(p))
						if listed++; listed > 20 {
							return // the engine checks the first 20
						}
						sols, complete, err := solutionsUpTo(context.Background(), p, 2)
						require.NoError(t, err)
						require.True(t, complete)
						require.Len(t, sols, 1, FormatTowers(p))
						assert.NoError(t, Check(board, sols[0]), FormatTowers(p))
					})
					require.NoError(t, err)
					assert.Equal(t, wantSets, c.Sets)
					if board != corner { // its clue breaks the symmetry of its givens: the brute force's group is too big
						assert.Equal(t, wantUpTo, c.SetsUpToSymmetry)
					}
					assert.Equal(t, int(c.SetsUpToSymmetry), listed)
				})
			}
		}
	}
}

// TestClueSetsEmptySetOnce: the one square of side 1 needs no clue; with
// OneSide the empty set, on every side at once, counts once too.
func TestClueSetsEmptySetOnce(t *testing.T) {
	for _, oneSide := range []bool{false, true} {
		c, err := ClueSets(context.Background(), New(1), 0, ClueOptions{OneSide: oneSide}, nil)
		require.NoError(t, err)
		assert.Equal(t, int64(1), c.Sets, "oneSide=%v", oneSide)
		assert.Equal(t, int64(1), c.SetsUpToSymmetry, "oneSide=%v", oneSide)
	}
}

// TestClueSetsBadRequests: sizes past the census, interior clues, k out
// of range.
func TestClueSetsBadRequests(t *testing.T) {
	for _, tc := range []struct {
		board *Puzzle
		k     int
		opt   ClueOptions
	}{
		{New(6), 3, ClueOptions{}},
		{New(4), 3, ClueOptions{Interior: true}},
		{New(4), 17, ClueOptions{}},
		{New(4), 5, ClueOptions{OneSide: true}},
		{New(4), -1, ClueOptions{}},
	} {
		_, err := ClueSets(context.Background(), tc.board, tc.k, tc.opt, nil)
		assert.ErrorIs(t, err, ErrClueRequest, "%d %d %+v", tc.board.N, tc.k, tc.opt)
	}
}
