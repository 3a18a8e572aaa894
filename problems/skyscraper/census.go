package skyscraper

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// A census of clue sets: over every puzzle of size N with exactly K edge
// clues and nothing else, how many have exactly one solution.
//
// A puzzle is a set S of K edge positions (of the 4N) and a value 1..N on
// each. Solving each of the C(4N,K)·N^K puzzles is hopeless past tiny
// sizes; the census works from the other end. It lists every Latin square
// of order N once, with the engine (576 for N = 4, 161,280 for N = 5), and
// keeps the distinct vectors of the 4N clues they show, each with how many
// squares show it. A puzzle (S, v) has exactly one solution when exactly
// one square projects onto v over S: v is the projection of a vector shown
// by one square only, and no other vector agrees with it on S.
//
// The position sets are taken in a tree, each set's parent being the set
// without its largest position, and each node keeps the partition of the
// vectors by their projection on the node's set; a child refines its
// parent's partition by one more position (a counting sort of each class).
// A class of one vector shown by one square is a unique puzzle, and stays
// one in every descendant; a class in which no vector is shown by exactly
// one square can never yield one and is dropped, so deep nodes carry only
// the few classes still undecided.
//
// Symmetry: the eight symmetries of the square (Symmetry) act on position
// sets and on puzzles. The tree visits only canonical sets, those whose
// sorted positions are lexicographically smallest among their eight
// images; a canonical set's parent is canonical too (removing the largest
// position cannot make an image smaller), so pruning a non-canonical node
// loses nothing and cuts the work about eightfold. A canonical set S
// stands for its orbit of 8/|Stab(S)| sets, and the unique puzzles on S
// for their images on those sets. Puzzles up to symmetry are counted by
// Burnside's lemma inside the stabiliser: the orbits of unique puzzles on
// the orbit of S number (1/|Stab(S)|)·Σ_{h in Stab(S)} #{unique puzzles
// on S fixed by h}, and a unique puzzle is fixed by h exactly when h fixes
// its whole clue vector (h maps its one solution to a solution).

// MaxCensusSize is the largest size RunCensus takes: order 6 has
// 812,851,200 Latin squares, too many to tabulate.
const MaxCensusSize = 5

// ErrCensus is what RunCensus returns (wrapped) for a request out of range.
var ErrCensus = errors.New("skyscraper: bad census request")

// CensusOptions say which clue sets a census examines. The zero Jobs is
// GOMAXPROCS.
type CensusOptions struct {
	Size    int  // N, 1..MaxCensusSize
	Clues   int  // K, 0..4N (0..N with OneSide)
	OneSide bool // all K clues on one side of the square
	Jobs    int  // goroutines (0: GOMAXPROCS)
	// Interior also counts the clue sets whose solutions agree on every
	// interior clue (Census.Interior).
	Interior bool
	// List, when not nil, is called with every unique puzzle (clues
	// only), one call at a time, in an order that is fixed when Jobs is 1
	// and unspecified otherwise. The puzzle is the callee's to keep.
	List func(*Puzzle)
}

// Census is the result of a census. Counts are exact.
type Census struct {
	Size    int   `json:"size"`
	Clues   int   `json:"clues"`
	OneSide bool  `json:"one_side"`
	Squares int64 `json:"squares"` // Latin squares of order Size
	// Sets is the number of position sets examined: the K-subsets of the
	// 4N edge positions, C(4N,K); with OneSide the K-subsets of one side,
	// 4·C(N,K) for K >= 1 and 1 (the empty set) for K = 0.
	Sets int64 `json:"sets"`
	// SetsUpToSymmetry counts the position sets up to the 8 symmetries.
	SetsUpToSymmetry int64 `json:"sets_up_to_symmetry"`
	// Puzzles is the number of clue sets: Sets·N^K, every value 1..N on
	// every position of every set.
	Puzzles int64 `json:"puzzles"`
	// Unique counts the puzzles with exactly one solution, and
	// UniqueUpToSymmetry their orbits under the 8 symmetries.
	Unique             int64 `json:"unique"`
	UniqueUpToSymmetry int64 `json:"unique_up_to_symmetry"`
	// Interior, with CensusOptions.Interior: whether the solutions of
	// each clue set agree on every interior clue.
	Interior *InteriorCensus `json:"interior,omitempty"`
}

// InteriorCensus counts, over the clue sets of a census, those whose
// solutions all show the same interior clues: every cell and direction
// whose sight line is neither a whole row or column (that is an edge
// clue) nor the cell alone (that sees 1). A unique puzzle agrees with
// itself; the question is about the puzzles with several solutions.
type InteriorCensus struct {
	// Solvable counts the clue sets with at least one solution (Unique of
	// them have one, Several more than one).
	Solvable int64 `json:"solvable"`
	Several  int64 `json:"several"`
	// Fixed counts the clue sets with several solutions that all show the
	// same value at every interior clue.
	Fixed int64 `json:"several_interior_fixed"`
}

// RunCensus runs the census opt asks for. It calls progress (when not
// nil), one call at a time, after each of total parts of the work; done
// counts up to total. A request out of range returns an error wrapping
// ErrCensus; a cancelled ctx returns ctx.Err(). Time: tabulating the
// squares, then about Σ over canonical sets of the undecided vectors at
// their parents (with Interior, of every vector not yet alone in its
// class); memory: the vectors, once per level per goroutine.
func RunCensus(ctx context.Context, opt CensusOptions, progress func(done, total int64)) (Census, error) {
	n, k := opt.Size, opt.Clues
	res := Census{Size: n, Clues: k, OneSide: opt.OneSide}
	if n < 1 || n > MaxCensusSize {
		return res, fmt.Errorf("%w: size %d, want 1..%d", ErrCensus, n, MaxCensusSize)
	}
	cands := 4 * n
	if opt.OneSide {
		// Every one-side set has an image on the top side, and that image
		// is smaller than any set on another side: the canonical sets
		// are on top.
		cands = n
	}
	if k < 0 || k > cands {
		where := "the 4N edge positions"
		if opt.OneSide {
			where = "one side"
		}
		return res, fmt.Errorf("%w: %d clues, want 0..%d on %s", ErrCensus, k, cands, where)
	}
	if opt.Jobs < 0 {
		return res, fmt.Errorf("%w: %d jobs, want 0 (GOMAXPROCS) or more", ErrCensus, opt.Jobs)
	}
	var t *censusTable
	var err error
	if opt.Interior {
		var sq *squareList
		if sq, err = squaresOf(ctx, n); err == nil {
			t = newCensusTable(sq, nil, true, NumSymmetries)
		}
	} else {
		t, err = censusTableOf(ctx, n)
	}
	if err != nil {
		return res, err
	}
	c, err := t.run(ctx, cands, k, opt.Jobs, opt.List, progress)
	res.Squares = t.squares
	res.Sets, res.SetsUpToSymmetry = c.sets, c.setsUpTo
	res.Unique, res.UniqueUpToSymmetry = c.unique, c.uniqueUpTo
	res.Puzzles = res.Sets
	for range k {
		res.Puzzles *= int64(n)
	}
	if opt.Interior {
		res.Interior = &InteriorCensus{Solvable: c.unique + c.several, Several: c.several, Fixed: c.same}
	}
	return res, err
}

// counts are what a walk of the tree of position sets finds.
type counts struct {
	sets, setsUpTo, unique, uniqueUpTo int64
	several, same                      int64 // with interior signatures
}

// run walks the canonical sets of k positions among the first cands (in
// parallel, jobs goroutines; 0: GOMAXPROCS), listing the unique puzzles
// to list when it is not nil, and reporting progress as RunCensus does.
func (t *censusTable) run(ctx context.Context, cands, k, jobs int, list func(*Puzzle), progress func(done, total int64)) (counts, error) {
	tasks := t.tasks(cands, k)
	if jobs == 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	var (
		mu     sync.Mutex // guards res, done, progress and List
		res    counts
		done   int64
		wg     sync.WaitGroup
		next   = make(chan []int)
		runErr error
	)
	for range min(jobs, len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newCensusWorker(ctx, t, cands, k, list, &mu)
			for task := range next {
				if err := w.run(task); err != nil {
					mu.Lock()
					runErr = err
					mu.Unlock()
					continue
				}
				mu.Lock()
				done++
				if progress != nil {
					progress(done, int64(len(tasks)))
				}
				mu.Unlock()
			}
			mu.Lock()
			res.sets += w.sets
			res.setsUpTo += w.setsUpTo
			res.unique += w.unique
			res.uniqueUpTo += w.uniqueUpTo
			res.several += w.several
			res.same += w.same
			mu.Unlock()
		}()
	}
	for _, task := range tasks {
		if ctx.Err() != nil {
			break
		}
		next <- task
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, runErr
}

// Symmetry is one of the 8 symmetries of the square (the dihedral group
// D4), acting on cells, grids and puzzles: the bits say to transpose
// first, then to turn upside down (row r to N-1-r), then to mirror
// (column c to N-1-c). Symmetry(0) is the identity; 0..7 are all of them.
// A symmetry maps the solutions of a puzzle to the solutions of its
// image, and an edge clue to the clue seeing the image of its line.
type Symmetry uint8

// The generating bits of a Symmetry; their combinations give the
// rotations (Transpose|FlipCols turns a quarter clockwise,
// FlipRows|FlipCols half a turn) and the two diagonal reflections
// (Transpose and Transpose|FlipRows|FlipCols).
const (
	Transpose Symmetry = 1 << iota // (r, c) to (c, r)
	FlipRows                       // row r to N-1-r
	FlipCols                       // column c to N-1-c
)

// NumSymmetries is the order of the group: Symmetry(0)..Symmetry(7).
const NumSymmetries = 8

var symmetryNames = [NumSymmetries]string{"identity", "transpose", "flip rows", "rotate left",
	"flip columns", "rotate right", "half turn", "antitranspose"}

// String names the symmetry.
func (s Symmetry) String() string {
	if s >= NumSymmetries {
		return fmt.Sprintf("Symmetry(%d)", uint8(s))
	}
	return symmetryNames[s]
}

// Canonical reports whether p is the representative of its class under
// the symmetries of the square: no image of p has a Towers ID that sorts
// before p's own. Exactly one puzzle of each class is canonical (images
// with equal IDs are the same puzzle).
func Canonical(p *Puzzle) bool {
	id := FormatTowers(p)
	for g := Symmetry(1); g < NumSymmetries; g++ {
		if FormatTowers(g.Puzzle(p)) < id {
			return false
		}
	}
	return true
}

// Cell returns the image of cell (r, c) of an n×n square. r and c may be
// -1 or n: the places of the edge clues (above row 0, below row n-1, left
// of column 0, right of column n-1), which move with the grid.
func (s Symmetry) Cell(n, r, c int) (int, int) {
	if s&Transpose != 0 {
		r, c = c, r
	}
	if s&FlipRows != 0 {
		r = n - 1 - r
	}
	if s&FlipCols != 0 {
		c = n - 1 - c
	}
	return r, c
}

// Grid returns the image of a square grid: the value at (r, c) moves to
// s.Cell(n, r, c).
func (s Symmetry) Grid(g [][]int) [][]int {
	n := len(g)
	out := make([][]int, n)
	for r := range out {
		out[r] = make([]int, n)
	}
	for r := range n {
		for c := range n {
			r2, c2 := s.Cell(n, r, c)
			out[r2][c2] = g[r][c]
		}
	}
	return out
}

// Puzzle returns the image of p: edge clues, givens and interior clues
// moved, so that s.Grid maps p's solutions onto the image's solutions.
func (s Symmetry) Puzzle(p *Puzzle) *Puzzle {
	n := p.N
	q := New(n)
	q.Line = p.Line
	for pos := range 4 * n {
		*clueAt(q, s.edgePos(n, pos)) = *clueAt(p, pos)
	}
	if p.Givens != nil {
		q.Givens = s.Grid(p.Givens)
	}
	for _, in := range p.Interior {
		r, c := s.Cell(n, in.Row, in.Col)
		dr, dc := in.Look.step()
		// The step is a difference of cells: the linear part only.
		if s&Transpose != 0 {
			dr, dc = dc, dr
		}
		if s&FlipRows != 0 {
			dr = -dr
		}
		if s&FlipCols != 0 {
			dc = -dc
		}
		look := Right
		switch {
		case dr < 0:
			look = Up
		case dr > 0:
			look = Down
		case dc < 0:
			look = Left
		}
		q.Interior = append(q.Interior, Interior{Row: r, Col: c, Look: look, Count: in.Count})
	}
	return q
}

// Edge positions are numbered as the Puzzle's fields and a Towers ID
// list them: Top 0..N-1, Bottom N..2N-1, Left 2N..3N-1, Right 3N..4N-1.

// edgeCell returns the place of edge position pos, outside the grid.
func edgeCell(n, pos int) (r, c int) {
	i := pos % n
	switch pos / n {
	case 0:
		return -1, i
	case 1:
		return n, i
	case 2:
		return i, -1
	}
	return i, n
}

// edgePos returns the image under s of edge position pos.
func (s Symmetry) edgePos(n, pos int) int {
	r, c := edgeCell(n, pos)
	r, c = s.Cell(n, r, c)
	switch {
	case r == -1:
		return c
	case r == n:
		return n + c
	case c == -1:
		return 2*n + r
	}
	return 3*n + r
}

// clueAt returns the clue of p at edge position pos.
func clueAt(p *Puzzle, pos int) *int {
	i := pos % p.N
	return &[][]int{p.Top, p.Bottom, p.Left, p.Right}[pos/p.N][i]
}

// A clue vector is packed into a uint64: 3 bits per edge position (60 bits
// for N = 5), and flags above.
const (
	clueBits  = 3
	clueMask  = 1<<clueBits - 1
	vecMask   = 1<<60 - 1
	keepBit   = 1 << 61 // the tree keeps the classes holding such a vector
	symBit    = 1 << 62 // some symmetry besides the identity fixes the vector
	targetBit = 1 << 63 // exactly one square shows the vector (and it is a target)
)

// squareList is every Latin square of order n, listed once per size by
// the engine, with the clue vector each shows.
type squareList struct {
	n     int
	cells []int8   // square i is cells[i·n²:(i+1)·n²], row by row
	vecs  []uint64 // vecs[i]: the clue vector of square i
}

// grid returns square i as rows.
func (l *squareList) grid(i int) [][]int {
	n := l.n
	g := make([][]int, n)
	for r := range g {
		g[r] = make([]int, n)
		for c := range g[r] {
			g[r][c] = int(l.cells[(i*n+r)*n+c])
		}
	}
	return g
}

// censusTable is what a census of size n needs: the distinct clue vectors
// with their flags, and the symmetries it uses.
type censusTable struct {
	n, positions int
	squares      int64
	vecs         []uint64             // the distinct clue vectors, with their flags
	sigs         []int32              // with interior signatures: sigs[i] for vecs[i] (-1: its squares differ)
	syms         int                  // the symmetries used: NumSymmetries, or 1 (the identity only)
	fixedBy      map[uint64]uint8     // vector -> symmetries fixing it (bit g), for those with symBit
	perm         [NumSymmetries][]int // perm[g][pos]: the image of edge position pos
	// image[g][chunk][b]: the image under g of the positions 8·chunk+i
	// for the bits i of b, as a mask.
	image [NumSymmetries][][256]uint32
}

var (
	tablesMu sync.Mutex
	tables   [MaxCensusSize + 1]*censusTable
	squares  [MaxCensusSize + 1]*squareList
)

// censusTableOf returns the plain table of size n (every square a
// target, the eight symmetries), building it the first time.
func censusTableOf(ctx context.Context, n int) (*censusTable, error) {
	sq, err := squaresOf(ctx, n)
	if err != nil {
		return nil, err
	}
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if tables[n] == nil {
		tables[n] = newCensusTable(sq, nil, false, NumSymmetries)
	}
	return tables[n], nil
}

// squaresOf returns the Latin squares of order n, listing them the first
// time with the engine (the skyscraper model without clues).
func squaresOf(ctx context.Context, n int) (*squareList, error) {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if squares[n] != nil {
		return squares[n], nil
	}
	m, err := Build(ctx, New(n), Options{AllDiff: alldiff.GAC})
	if err != nil {
		return nil, err
	}
	l := &squareList{n: n}
	for vals := range csp.NewSearch(m.Model, csp.Options{}).All(ctx) {
		g := m.Grid(vals)
		p := FromGrid(g)
		var v uint64
		for pos := range 4 * n {
			v |= uint64(*clueAt(p, pos)) << (clueBits * pos)
		}
		l.vecs = append(l.vecs, v)
		for _, row := range g {
			for _, h := range row {
				l.cells = append(l.cells, int8(h))
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	squares[n] = l
	return l, nil
}

// newCensusTable tabulates the clue vectors of the squares in l. A vector
// is a target when exactly one square shows it and target (nil: any)
// accepts that square; the tree keeps only the classes with a target,
// unless interior, which keeps every class and gives each vector the
// interior signature its squares share. syms is NumSymmetries, or 1 when
// the targets are not closed under the symmetries (the tree then visits
// every position set).
func newCensusTable(l *squareList, target func(i int) bool, interior bool, syms int) *censusTable {
	n := l.n
	t := &censusTable{n: n, positions: 4 * n, fixedBy: map[uint64]uint8{}, syms: syms, squares: int64(len(l.vecs))}
	for g := range Symmetry(NumSymmetries) {
		t.perm[g] = make([]int, t.positions)
		for pos := range t.positions {
			t.perm[g][pos] = g.edgePos(n, pos)
		}
		t.image[g] = make([][256]uint32, (t.positions+7)/8)
		for chunk := range t.image[g] {
			for b := range 256 {
				var m uint32
				for i := range 8 {
					if pos := 8*chunk + i; b>>i&1 != 0 && pos < t.positions {
						m |= 1 << t.perm[g][pos]
					}
				}
				t.image[g][chunk][b] = m
			}
		}
	}
	type seen struct {
		count, first int
		sig          int32 // with interior: the signature its squares share, or -1
	}
	shown := map[uint64]*seen{}
	var sigOf func(i int) int32
	if interior {
		sigOf = interiorSignatures(l)
	}
	for i, v := range l.vecs {
		s := shown[v]
		if s == nil {
			s = &seen{first: i}
			if sigOf != nil {
				s.sig = sigOf(i)
			}
			shown[v] = s
		} else if sigOf != nil && s.sig != sigOf(i) {
			s.sig = -1
		}
		s.count++
	}
	type entry struct {
		v   uint64
		sig int32
	}
	entries := make([]entry, 0, len(shown))
	for v, s := range shown {
		if syms > 1 {
			var fixed uint8
			for g := range NumSymmetries {
				if t.apply(g, v) == v {
					fixed |= 1 << g
				}
			}
			if fixed != 1 {
				t.fixedBy[v] = fixed
				v |= symBit
			}
		}
		if s.count == 1 && (target == nil || target(s.first)) {
			v |= targetBit | keepBit
		}
		if interior {
			v |= keepBit
		}
		entries = append(entries, entry{v, s.sig})
	}
	// The map's order is random: a listing with one job is not.
	slices.SortFunc(entries, func(a, b entry) int { return cmp.Compare(a.v, b.v) })
	for _, e := range entries {
		t.vecs = append(t.vecs, e.v)
		if interior {
			t.sigs = append(t.sigs, e.sig)
		}
	}
	return t
}

// interiorSignatures numbers the interior clues the squares of l show:
// two squares get the same number exactly when they show the same value
// at every interior clue (see InteriorCensus).
func interiorSignatures(l *squareList) func(i int) int32 {
	ids := map[string]int32{}
	sig := make([]int32, len(l.vecs))
	sights := interiorSights(l.n)
	buf := make([]byte, len(sights))
	for i := range l.vecs {
		g := l.grid(i)
		for j, s := range sights {
			buf[j] = byte(s.seen(g))
		}
		id, ok := ids[string(buf)]
		if !ok {
			id = int32(len(ids))
			ids[string(buf)] = id
		}
		sig[i] = id
	}
	return func(i int) int32 { return sig[i] }
}

// apply returns the image of clue vector v under symmetry g.
func (t *censusTable) apply(g int, v uint64) uint64 { return permute(t.perm[g], v) }

// permute moves the clue at each edge position pos of the packed vector
// v to perm[pos].
func permute(perm []int, v uint64) uint64 {
	var out uint64
	for pos, to := range perm {
		out |= (v >> (clueBits * pos) & clueMask) << (clueBits * to)
	}
	return out
}

// imageOf returns the image under g of the position set s (a mask).
func (t *censusTable) imageOf(g int, s uint32) uint32 {
	var m uint32
	for chunk := range t.image[g] {
		m |= t.image[g][chunk][s>>(8*chunk)&0xff]
	}
	return m
}

// canonical reports whether s is the lexicographically smallest of its
// images under the table's symmetries (as sorted position lists, so: at
// the lowest position where s and an image differ, s has it).
func (t *censusTable) canonical(s uint32) bool {
	for g := 1; g < t.syms; g++ {
		img := t.imageOf(g, s)
		if d := img ^ s; d != 0 && d&-d&img != 0 {
			return false
		}
	}
	return true
}

// tasks cuts the tree into parts for the goroutines: the canonical sets of
// min(k, 3) positions below cands that leave room for the rest.
func (t *censusTable) tasks(cands, k int) [][]int {
	depth := min(k, 3)
	var out [][]int
	var walk func(set []int, mask uint32, next int)
	walk = func(set []int, mask uint32, next int) {
		if len(set) == depth {
			out = append(out, append([]int(nil), set...))
			return
		}
		for v := next; v <= cands-(k-len(set)); v++ {
			if m := mask | 1<<v; t.canonical(m) {
				walk(append(set, v), m, v+1)
			}
		}
	}
	walk(nil, 0, 0)
	return out
}

// level is a partition of clue vectors: class i is
// elems[bounds[i]:bounds[i+1]]. Only undecided classes are kept: two
// vectors or more, one of them with keepBit (every vector has it with
// interior signatures). sigs, with interior signatures, moves with elems.
type level struct {
	elems  []uint64
	sigs   []int32
	bounds []int32
}

// tally counts the puzzles found on a path of the tree: sym[0] the
// unique ones, sym[g] those that symmetry g fixes; with interior
// signatures, several those with several solutions and same those of
// them whose solutions share their interior clues.
type tally struct {
	sym           [NumSymmetries]int64
	several, same int64
}

// censusWorker walks parts of the tree; one per goroutine.
type censusWorker struct {
	ctx      context.Context
	t        *censusTable
	cands, k int
	levels   []level  // levels[d]: the partition at depth d
	found    []uint64 // with List: the unique vectors on the current path
	list     func(*Puzzle)
	listMu   *sync.Mutex
	nodes    int

	sets, setsUpTo, unique, uniqueUpTo, several, same int64
}

func newCensusWorker(ctx context.Context, t *censusTable, cands, k int, list func(*Puzzle), mu *sync.Mutex) *censusWorker {
	w := &censusWorker{ctx: ctx, t: t, cands: cands, k: k, list: list, listMu: mu, levels: make([]level, k+1)}
	w.levels[0] = level{elems: t.vecs, sigs: t.sigs, bounds: []int32{0, int32(len(t.vecs))}}
	if len(t.vecs) == 1 {
		w.levels[0].bounds = w.levels[0].bounds[:1] // decided at the root (N = 1)
	}
	for d := 1; d <= k; d++ {
		w.levels[d] = level{elems: make([]uint64, 0, len(t.vecs)), bounds: make([]int32, 0, 64)}
		if t.sigs != nil {
			w.levels[d].sigs = make([]int32, 0, len(t.vecs))
		}
	}
	return w
}

// run visits the subtree of one task: its set, then every canonical
// superset with larger positions.
func (w *censusWorker) run(task []int) error {
	var acc tally
	w.found = w.found[:0]
	if x := w.t.vecs[0]; len(w.t.vecs) == 1 && x&keepBit != 0 {
		w.single(x, w.sig(&w.levels[0], 0), &acc) // one square only: unique with no clue at all
	}
	var set uint32
	next := 0
	for d, v := range task {
		w.split(&w.levels[d], v, &w.levels[d+1], &acc)
		set |= 1 << v
		next = v + 1
	}
	return w.visit(set, len(task), next, acc)
}

// sig returns the interior signature of element i of l (0 without them).
func (w *censusWorker) sig(l *level, i int) int32 {
	if l.sigs == nil {
		return 0
	}
	return l.sigs[i]
}

// visit handles the canonical set s of size positions at depth size, its
// partition in w.levels[size] and acc its unique puzzles so far.
func (w *censusWorker) visit(s uint32, size, next int, acc tally) error {
	if size == w.k {
		if w.t.sigs != nil {
			l := &w.levels[size]
			for ci := 0; ci+1 < len(l.bounds); ci++ {
				acc.bookClass(l.sigs[l.bounds[ci]:l.bounds[ci+1]])
			}
		}
		return w.leaf(s, &acc)
	}
	for v := next; v <= w.cands-(w.k-size); v++ {
		// A child costs a split or a tally of the partition, microseconds
		// to a millisecond on a large one: look at the context every 64.
		if w.nodes++; w.nodes&63 == 0 {
			if err := w.ctx.Err(); err != nil {
				return err
			}
		}
		child := s | 1<<v
		if !w.t.canonical(child) {
			continue
		}
		mark, a := len(w.found), acc
		if size+1 == w.k {
			// A leaf needs its puzzles counted, not its partition.
			w.tallySplit(&w.levels[size], v, &a)
			if err := w.leaf(child, &a); err != nil {
				return err
			}
		} else {
			w.split(&w.levels[size], v, &w.levels[size+1], &a)
			if err := w.visit(child, size+1, v+1, a); err != nil {
				return err
			}
		}
		w.found = w.found[:mark]
	}
	return nil
}

// split refines src by edge position pos into dst: each class split by
// the clue at pos, a counting sort. A vector left alone with keepBit is
// booked (single); parts with no such vector are dropped.
func (w *censusWorker) split(src *level, pos int, dst *level, acc *tally) {
	shift := uint(clueBits * pos)
	dst.elems = dst.elems[:0]
	dst.bounds = append(dst.bounds[:0], 0)
	sigs := src.sigs
	if sigs != nil {
		dst.sigs = dst.sigs[:0]
	}
	for ci := 0; ci+1 < len(src.bounds); ci++ {
		lo := src.bounds[ci]
		class := src.elems[lo:src.bounds[ci+1]]
		var count [clueMask + 1]int32
		var flags [clueMask + 1]uint64
		for _, x := range class {
			v := x >> shift & clueMask
			count[v]++
			flags[v] |= x
		}
		var at [clueMask + 1]int32
		end := int32(len(dst.elems))
		for v := range at {
			at[v] = -1
			if count[v] >= 2 && flags[v]&keepBit != 0 {
				at[v] = end
				end += count[v]
			}
		}
		dst.elems = dst.elems[:end]
		if sigs != nil {
			dst.sigs = dst.sigs[:end]
		}
		for i, x := range class {
			v := x >> shift & clueMask
			switch {
			case at[v] >= 0:
				dst.elems[at[v]] = x
				if sigs != nil {
					dst.sigs[at[v]] = sigs[lo+int32(i)]
				}
				at[v]++
			case count[v] == 1 && x&keepBit != 0:
				w.single(x, w.sig(src, int(lo)+i), acc)
			}
		}
		for v := range at {
			if at[v] >= 0 {
				dst.bounds = append(dst.bounds, at[v])
			}
		}
	}
}

// tallySplit books what split would, without building the refined
// partition: the vectors that the clue at pos leaves alone, and with
// interior signatures the parts of two vectors or more.
func (w *censusWorker) tallySplit(src *level, pos int, acc *tally) {
	shift := uint(clueBits * pos)
	for ci := 0; ci+1 < len(src.bounds); ci++ {
		lo, hi := src.bounds[ci], src.bounds[ci+1]
		var count [clueMask + 1]int32
		var last [clueMask + 1]int32
		// With signatures: the one each part's vectors share so far (-1:
		// they differ).
		var sig [clueMask + 1]int32
		for i := lo; i < hi; i++ {
			v := src.elems[i] >> shift & clueMask
			if src.sigs != nil {
				switch s := src.sigs[i]; {
				case count[v] == 0:
					sig[v] = s
				case sig[v] != s:
					sig[v] = -1
				}
			}
			count[v]++
			last[v] = i
		}
		for v, c := range count {
			if c == 0 {
				continue
			}
			switch x := src.elems[last[v]]; {
			case c == 1 && x&keepBit != 0:
				w.single(x, w.sig(src, int(last[v])), acc)
			case c >= 2 && src.sigs != nil:
				acc.book(sig[v])
			}
		}
	}
}

// bookClass books a class of two vectors or more with these interior
// signatures: a puzzle with several solutions.
func (acc *tally) bookClass(sigs []int32) {
	for _, s := range sigs {
		if s != sigs[0] {
			acc.book(-1)
			return
		}
	}
	acc.book(sigs[0])
}

// book books a puzzle with several solutions whose interior signature is
// sig (-1: its solutions differ in some interior clue).
func (acc *tally) book(sig int32) {
	acc.several++
	if sig >= 0 {
		acc.same++
	}
}

// single books the vector x, alone in its class, with interior signature
// sig: a unique puzzle when one square shows x (a target), else (with
// interior signatures) a puzzle with several solutions.
func (w *censusWorker) single(x uint64, sig int32, acc *tally) {
	if x&targetBit == 0 {
		acc.book(sig)
		return
	}
	acc.sym[0]++
	if x&symBit != 0 {
		fixed := w.t.fixedBy[x&vecMask]
		for g := 1; g < w.t.syms; g++ {
			if fixed>>g&1 != 0 {
				acc.sym[g]++
			}
		}
	}
	if w.list != nil {
		w.found = append(w.found, x&vecMask)
	}
}

// leaf books the canonical set s of k positions, standing for its orbit,
// and lists its unique puzzles when asked. A leaf can list thousands, so
// the listing looks at the context every csp.Every puzzles and returns
// its error when it is done.
func (w *censusWorker) leaf(s uint32, acc *tally) error {
	var stab int64
	var fixed int64
	for g := range w.t.syms {
		if w.t.imageOf(g, s) == s {
			stab++
			fixed += acc.sym[g]
		}
	}
	orbit := int64(w.t.syms) / stab
	w.sets += orbit
	w.setsUpTo++
	w.unique += acc.sym[0] * orbit
	w.uniqueUpTo += fixed / stab // Burnside: exact
	w.several += acc.several * orbit
	w.same += acc.same * orbit
	if w.list == nil || len(w.found) == 0 {
		return nil
	}
	n := w.t.n
	var images []uint32
	w.listMu.Lock()
	defer w.listMu.Unlock()
	for g := range w.t.syms {
		img := w.t.imageOf(g, s)
		if slices.Contains(images, img) {
			continue
		}
		images = append(images, img)
		for i, x := range w.found {
			if i%csp.Every == 0 {
				if err := w.ctx.Err(); err != nil {
					return err
				}
			}
			p := New(n)
			for pos := range w.t.positions {
				if s>>pos&1 != 0 {
					*clueAt(p, w.t.perm[g][pos]) = int(x >> (clueBits * pos) & clueMask)
				}
			}
			w.list(p)
		}
	}
	return nil
}
