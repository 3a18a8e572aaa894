package skyscraper

import (
	"context"
	"fmt"
)

// BoardCensus is what ClueSets counts for a board: a puzzle with some
// cells fixed (givens), perhaps some clues, that clue sets are sought for.
type BoardCensus struct {
	Size    int  `json:"size"`
	Clues   int  `json:"clues"` // K; -1 from FewestClueSets when no K has a clue set
	OneSide bool `json:"one_side"`
	// Respecting counts the Latin squares that respect the board (keep its
	// givens, meet its clues); Singled those of them that no other square
	// shares all 4N edge clues with: only those can be a puzzle's one
	// solution.
	Respecting int64 `json:"respecting"`
	Singled    int64 `json:"singled"`
	// Sets counts the sets of K edge clues whose puzzle has one solution,
	// and that solution respects the board; SetsUpToSymmetry their classes
	// under the board's Symmetries (those of the 8 symmetries of the square
	// that map the squares counted in Singled onto themselves).
	Sets             int64 `json:"sets"`
	SetsUpToSymmetry int64 `json:"sets_up_to_symmetry"`
	Symmetries       int   `json:"symmetries"`
}

// ClueSets counts the sets of exactly k edge clues (all on one side with
// opt.OneSide) whose puzzle has one solution, and that solution respects
// board: it runs the census's tree on a table whose targets are the
// squares that respect the board, with no symmetry assumed (a board has
// its own), so a class of clue vectors with no target in it is dropped at
// once. list, when not nil, receives one puzzle of each symmetry class
// (the one whose Towers ID sorts first), one call at a time, in no fixed
// order. Sizes 1..MaxCensusSize (the census lists the squares); a request
// out of range wraps ErrClueRequest.
func ClueSets(ctx context.Context, board *Puzzle, k int, opt ClueOptions, list func(*Puzzle)) (BoardCensus, error) {
	b, err := newBoardTables(ctx, board, opt)
	if err != nil {
		return BoardCensus{}, err
	}
	if k < 0 || k > b.cands {
		return b.res, fmt.Errorf("%w: %d clues, want 0..%d", ErrClueRequest, k, b.cands)
	}
	return b.count(ctx, k, opt.Jobs, list)
}

// FewestClueSets is ClueSets for the smallest k that has a clue set (k
// from 0 up); Clues is -1 when none has (no square respecting the board
// is the only one showing its clues).
func FewestClueSets(ctx context.Context, board *Puzzle, opt ClueOptions, list func(*Puzzle)) (BoardCensus, error) {
	b, err := newBoardTables(ctx, board, opt)
	if err != nil {
		return BoardCensus{}, err
	}
	if b.res.Singled > 0 {
		for k := 0; k <= b.cands; k++ {
			res, err := b.count(ctx, k, opt.Jobs, list)
			if err != nil || res.Sets > 0 {
				return res, err
			}
		}
	}
	res := b.res
	res.Clues = -1
	return res, nil
}

// boardTables are the census tables of a board: one over every edge
// position, or with OneSide one per side, each turned so that the side is
// on top (where the census puts one-side sets), with the symmetry that
// turns its puzzles back.
type boardTables struct {
	res    BoardCensus
	board  *Puzzle
	cands  int
	tables []*censusTable
	back   []Symmetry
	group  []Symmetry // the board's symmetries
}

// sideUp[s] turns side s (Top, Bottom, Left, Right) to the top.
var sideUp = [4]Symmetry{0, FlipRows, Transpose, Transpose | FlipRows}

func newBoardTables(ctx context.Context, board *Puzzle, opt ClueOptions) (*boardTables, error) {
	n := board.N
	if n < 1 || n > MaxCensusSize {
		return nil, fmt.Errorf("%w: size %d: clue sets for a board need the census's list of squares, sizes 1..%d", ErrClueRequest, n, MaxCensusSize)
	}
	if opt.Interior {
		return nil, fmt.Errorf("%w: clue sets for a board are edge clues only", ErrClueRequest)
	}
	sq, err := squaresOf(ctx, n)
	if err != nil {
		return nil, err
	}
	b := &boardTables{board: board, res: BoardCensus{Size: n, OneSide: opt.OneSide}, cands: 4 * n}
	// The targets: the vectors one square shows, that square respecting
	// the board.
	shown := map[uint64]int{}
	for _, v := range sq.vecs {
		shown[v]++
	}
	targets := map[uint64]bool{}
	for i, v := range sq.vecs {
		if err := Check(board, sq.grid(i)); err != nil {
			continue
		}
		b.res.Respecting++
		if shown[v] == 1 {
			b.res.Singled++
			targets[v] = true
		}
	}
	for g := range Symmetry(NumSymmetries) {
		closed := true
		for v := range targets {
			if !targets[g.vector(n, v)] {
				closed = false
				break
			}
		}
		if closed {
			b.group = append(b.group, g)
		}
	}
	b.res.Symmetries = len(b.group)
	turns := []Symmetry{0}
	if opt.OneSide {
		turns = sideUp[:]
		b.cands = n
	}
	for _, g := range turns {
		turned := map[uint64]bool{}
		for v := range targets {
			turned[g.vector(n, v)] = true
		}
		b.tables = append(b.tables, newCensusTable(sq, func(i int) bool { return turned[sq.vecs[i]] }, false, 1))
		b.back = append(b.back, g.inverse())
	}
	return b, nil
}

// count counts the clue sets of k clues, listing the canonical ones.
func (b *boardTables) count(ctx context.Context, k, jobs int, list func(*Puzzle)) (BoardCensus, error) {
	res := b.res
	res.Clues = k
	tables := b.tables
	if k == 0 {
		tables = tables[:1] // the empty set is on every side: count it once
	}
	for i, t := range tables {
		back := b.back[i]
		c, err := t.run(ctx, b.cands, k, jobs, func(p *Puzzle) {
			q := back.Puzzle(p)
			if !canonicalUnder(q, b.group) {
				return
			}
			res.SetsUpToSymmetry++
			if list != nil {
				list(q)
			}
		}, nil)
		if err != nil {
			return res, err
		}
		res.Sets += c.unique
	}
	return res, nil
}

// canonicalUnder reports whether no image of p under group has a Towers
// ID that sorts before p's own.
func canonicalUnder(p *Puzzle, group []Symmetry) bool {
	id := FormatTowers(p)
	for _, g := range group {
		if g != 0 && FormatTowers(g.Puzzle(p)) < id {
			return false
		}
	}
	return true
}

// vector returns the image under s of the clue vector v of a square of
// side n (packed as the census packs them).
func (s Symmetry) vector(n int, v uint64) uint64 {
	perm := make([]int, 4*n)
	for pos := range perm {
		perm[pos] = s.edgePos(n, pos)
	}
	return permute(perm, v)
}

// inverse returns the symmetry that undoes s: a reflection or a half
// turn undoes itself; a quarter turn (a transposition with one flip) is
// undone by the other quarter turn, the transposition with the other flip.
func (s Symmetry) inverse() Symmetry {
	if s&Transpose != 0 && s&(FlipRows|FlipCols) != FlipRows|FlipCols && s&(FlipRows|FlipCols) != 0 {
		return s ^ (FlipRows | FlipCols)
	}
	return s
}
