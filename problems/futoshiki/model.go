package futoshiki

import (
	"context"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/enum"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/arith"
	"github.com/cspgo/csp/propagators/chain"
	"github.com/cspgo/csp/propagators/units"
)

// Lines is how the model posts the rows and columns.
type Lines uint8

// The ways to post the rows and columns. Whichever it is, every cell
// with a relation on both sides along a line (two signs, or in the
// adjacent variant any cell inside the line) gets a window on it and its
// two neighbours (chain.PostWindows), and every sign of plain Futoshiki
// is also a binary constraint (package arith), as is every relation of
// the adjacent variant on boards too small for windows.
const (
	// AllDiff posts one all-different per row and column, at
	// Options.AllDiff.
	AllDiff Lines = iota
	// Units posts every row and column into one units propagator (they are
	// permutation units), at Options.Level.
	Units
	// Line posts each row and column with the signs along it as one
	// chain propagator (package chain): domain consistent on the line's
	// all-different and its signs together, which the other two miss
	// (they see each sign apart from the all-different). A line with
	// fewer than four relations (fewer than n-1 on a smaller board)
	// (signs in plain Futoshiki) gets alldiff.GAC instead, which is
	// cheaper (and, without a relation, the same filtering); above
	// chain.MaxValues every line does.
	Line
	// Auto (the command line's default) posts each line the way that
	// pays on Unequal's puzzles (testdata/tatham.tsv and
	// testdata/fresh-recursive.txt), up to size MaxAutoChain. In plain
	// Futoshiki, a chain on the lines with four signs or more (fewer
	// than n-1 on a smaller board), with an all-different at
	// Options.AllDiff but no stronger than alldiff.Hidden beside it, and
	// an all-different at Options.AllDiff on the others: with fewer
	// signs, or a larger board, the chain's dynamic program costs more
	// than the guesses it saves. In the adjacent variant, where every
	// line has n-1 relations (a bar, or no bar) and the windows do most
	// of the work, from size 8 a chain on the lines with two bars or
	// more (see minAutoBars), and on every line an all-different at
	// Options.AllDiff but no stronger than alldiff.Hidden: the GAC
	// all-different's matching costs more than it saves (a few more
	// guesses, less time; measured in docs/BENCHMARKS.md, section
	// "Futoshiki: the Auto model and the default search").
	Auto
)

// MaxAutoChain is the largest size on which Auto posts chains: the
// dynamic program's cost doubles with each value more.
const MaxAutoChain = 9

var linesNames = enum.Names{"alldiff", "units", "line", "auto"}

// String returns the name: alldiff, units, line or auto.
func (l Lines) String() string { return linesNames.Name("Lines", int(l)) }

// ParseLines reads a way to post the lines by name.
func ParseLines(name string) (Lines, error) {
	if i, ok := linesNames.Parse(name); ok {
		return Lines(i), nil
	}
	return 0, fmt.Errorf("futoshiki: unknown model %q (want %s)", name, linesNames.List())
}

// Options choose how the model propagates. The zero value posts the lines
// as value-strength all-differents; the command line's default is GAC.
// The signs are always domain consistent (package arith).
type Options struct {
	Lines   Lines            // how the rows and columns are posted
	AllDiff alldiff.Strength // the strength of the AllDiff lines
	Level   units.Level      // the level of the Units lines
}

// Model is a Futoshiki as constraints.
type Model struct {
	*csp.Model
	Board *grid.Grid // the cells, Board.At(r, c) ranging over 1..N
	// rels holds, in the adjacent variant from size 3, the relations of
	// each line (rows, then columns) that its chain and windows read at
	// every run (chain.PostShared): Pose writes an instance's into them.
	// Nil in plain Futoshiki, whose propagators copy theirs.
	rels   [][]chain.Rel
	givens []int // Pose's buffer for the givens, row by row
	shape  Shape // the shape BuildShape made it for (zero from Build)
}

// Build makes the model of p: a variable per cell (a given fixes its
// domain), every row and column all different, per pair of neighbours x
// (left or above) and y: Less x < y, Greater y < x, Bar |x - y| = 1, and
// in the adjacent variant no sign |x - y| != 1, as binary constraints
// and in the windows of the cells between two relations (see Lines). It
// returns p.Validate's error for a malformed puzzle. A large board takes a
// while to post: Build looks at ctx after each row and column and returns
// context.Cause(ctx) once it is done.
//
// In the adjacent variant from size 3 the model's propagators read the
// relations from the model (chain.PostShared), so that it serves, through
// Pose, every adjacent puzzle of its Shape: the same propagators, in the
// same order, as Build makes for each of them.
func Build(ctx context.Context, p *Puzzle, opt Options) (*Model, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.N
	m := csp.NewModel()
	g := &grid.Grid{Model: m, Rows: n, Cols: n, Vars: make([]csp.Var, n*n)}
	names := grid.CellNames(n, n)
	for r := range n {
		for c := range n {
			lo, hi := 1, n
			if v := p.Givens[r][c]; v != 0 {
				lo, hi = v, v
			}
			g.Vars[r*n+c] = m.NewIntVar(lo, hi, names[r*n+c])
		}
	}
	mdl := &Model{Model: m, Board: g}
	shared := p.Adjacent && n >= 3
	if shared {
		mdl.rels = make([][]chain.Rel, 2*n)
	}
	if opt.Lines == Units {
		if err := units.Post(m, g.Lines(), opt.Level); err != nil {
			return nil, err
		}
	}
	for k := range 2 * n {
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		line, rels := lineRels(g, p, k)
		postChain, postWindows := chain.Post, chain.PostWindows
		if shared {
			mdl.rels[k] = rels
			postChain, postWindows = chain.PostShared, chain.PostWindowsShared
		}
		var err error
		switch lineHow(p, opt, rels) {
		case chainOnly:
			err = postChain(m, line, rels)
		case chainHidden:
			// The chain, and beside it an all-different no stronger
			// than alldiff.Hidden: the chain subsumes it, but it is
			// cheap and runs first (the chain is csp.Expensive), so
			// the chain finds the line already narrowed, and it gives
			// counting-based search (CountingSearch) the line's
			// densities: fewer guesses and less time on the 9×9
			// recursive puzzles. The windows stay too: they add no
			// filtering to the chain's, but dom/wdeg counts every
			// propagator on a variable (1 each, plus its failures),
			// so they weigh the cells between two signs, and the 9×9
			// recursive puzzles take fewer guesses (both measured in
			// docs/BENCHMARKS.md, section "Futoshiki: the Auto model
			// and the default search").
			if err = postChain(m, line, rels); err == nil {
				err = alldiff.Post(m, line, min(opt.AllDiff, alldiff.Hidden))
			}
		case gacLine:
			err = alldiff.Post(m, line, alldiff.GAC)
		case hiddenLine:
			err = alldiff.Post(m, line, min(opt.AllDiff, alldiff.Hidden))
		case allDiffLine:
			err = alldiff.Post(m, line, opt.AllDiff)
		}
		if err != nil {
			return nil, err
		}
		if err := postWindows(m, line, rels); err != nil {
			return nil, err
		}
	}
	// In the adjacent variant every pair of neighbours lies in a window of
	// its row or column once n >= 3, and the windows are domain
	// consistent on it: a binary constraint per pair would only repeat
	// them, at a large share of an adjacent puzzle's time. In plain
	// Futoshiki the signs' binary constraints stay, windows or not:
	// dom/wdeg weighs a cell by its propagators, and without them the
	// 9×9 recursive puzzles take many more guesses (measured in
	// docs/BENCHMARKS.md, section "Futoshiki: the Auto model and the
	// default search").
	if !p.Adjacent || n < 3 {
		for r := range n {
			for c := range n {
				if c < n-1 {
					if err := postSign(m, g.At(r, c), g.At(r, c+1), p.Right[r][c], p.Adjacent); err != nil {
						return nil, err
					}
				}
				if r < n-1 {
					if err := postSign(m, g.At(r, c), g.At(r+1, c), p.Down[r][c], p.Adjacent); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return mdl, nil
}

// how is what Build posts on a line beside its windows.
type how uint8

const (
	unitsLine   how = iota // nothing of its own: the units propagator holds it
	chainOnly              // a chain (Line)
	chainHidden            // a chain and an all-different no stronger than alldiff.Hidden (Auto)
	gacLine                // alldiff.GAC (Line, too few relations for a chain)
	hiddenLine             // an all-different no stronger than alldiff.Hidden (Auto, adjacent)
	allDiffLine            // an all-different at Options.AllDiff
)

// lineHow returns what Build posts on a line of p with the relations
// rels (see Lines).
func lineHow(p *Puzzle, opt Options, rels []chain.Rel) how {
	n := p.N
	related, bars := 0, 0
	for _, r := range rels {
		if r != chain.Any {
			related++
		}
		if r == chain.Adjacent {
			bars++
		}
	}
	enough := related > 0 && related >= min(minChain, n-1) && n <= chain.MaxValues
	auto := opt.Lines == Auto && n <= MaxAutoChain &&
		(!p.Adjacent && enough || p.Adjacent && n >= minAutoAdjacent && bars >= minAutoBars)
	switch {
	case opt.Lines == Line && enough:
		return chainOnly
	case auto:
		return chainHidden
	case opt.Lines == Line:
		return gacLine
	case opt.Lines == Auto && p.Adjacent:
		return hiddenLine
	case opt.Lines != Units:
		return allDiffLine
	}
	return unitsLine
}

// minAutoBars is the fewest bars on a line of the adjacent variant for
// which Auto posts it as a chain, from size minAutoAdjacent on. On the
// 8×8 adjacent recursive puzzles of testdata/fresh-recursive.txt, with
// DomWDegSearch, chains on the lines with two bars or more take the
// fewest guesses and the least time of the thresholds tried (three bars
// or more, every line, no line). On the 7×7 and 6×6 ones they save
// guesses but cost more time than they save, and on Unequal's easier 8×8
// and 9×9 adjacent puzzles, solved at the root, they cost a little time
// (measured in docs/BENCHMARKS.md, section "Futoshiki: the Auto model and
// the default search").
const (
	minAutoBars     = 2
	minAutoAdjacent = 8
)

// minChain is the fewest relations (signs, or bars and their absence in
// the adjacent variant) for which Line and Auto post a line as a chain; a
// line with fewer gets an all-different and relies on the signs' binary
// constraints and the windows. On the Unequal puzzles (testdata/tatham.tsv)
// a chain over a line with one to three signs cost more time than the
// guesses it saved. A line of n <= 4 cells needs only n-1.
const minChain = 4

// lineRels returns line k of the grid (rows 0..n-1, then columns) and the
// relations between its neighbours.
func lineRels(g *grid.Grid, p *Puzzle, k int) ([]csp.Var, []chain.Rel) {
	rels := relsInto(make([]chain.Rel, max(p.N-1, 0)), p, k)
	if k < p.N {
		return g.Row(k), rels
	}
	return g.Col(k - p.N), rels
}

// relsInto writes into rels (p.N-1 of them) the relations of line k of p
// (rows 0..n-1, then columns) and returns it.
func relsInto(rels []chain.Rel, p *Puzzle, k int) []chain.Rel {
	n := p.N
	if k < n {
		for c := range rels {
			rels[c] = relation(p.Right[k][c], p.Adjacent)
		}
		return rels
	}
	for r := range rels {
		rels[r] = relation(p.Down[r][k-n], p.Adjacent)
	}
	return rels
}

// Shape is what a model of Build depends on beside the relations and the
// givens, for the puzzles whose models read their relations from the
// model (the adjacent variant from size 3, see Build): two puzzles of
// one shape get the same propagators in the same order, so one model
// built for the shape serves both (Pose), each searched as on a model of
// its own.
type Shape struct {
	N      int
	Opt    Options
	Chains uint64 // bit k: line k (rows, then columns) has a chain (it depends on its bars under Auto)
}

// ShapeOf returns p's shape, and whether p has one: the adjacent variant,
// size 3 to 32 (2N lines fit Chains). p must be valid (Puzzle.Validate).
func ShapeOf(p *Puzzle, opt Options) (Shape, bool) {
	n := p.N
	if !p.Adjacent || n < 3 || 2*n > 64 {
		return Shape{}, false
	}
	sh := Shape{N: n, Opt: opt}
	var buf [MaxSize]chain.Rel
	for k := range 2 * n {
		if h := lineHow(p, opt, relsInto(buf[:n-1], p, k)); h == chainOnly || h == chainHidden {
			sh.Chains |= 1 << k
		}
	}
	return sh, true
}

// BuildShape makes the model of shape sh, for Pose to put each puzzle of
// that shape into: Build's model of a puzzle of the shape without givens.
func BuildShape(ctx context.Context, sh Shape) (*Model, error) {
	if sh.N < 3 || 2*sh.N > 64 {
		return nil, fmt.Errorf("futoshiki: no shape of size %d (3 to 32)", sh.N)
	}
	// Bars along the lines with a chain, as many as it takes, none
	// elsewhere: the same lines get a chain (bars count under Auto only).
	p := New(sh.N, true)
	for k := range 2 * sh.N {
		if sh.Chains&(1<<k) == 0 {
			continue
		}
		for i := range minAutoBars {
			if k < sh.N {
				p.Right[k][i] = Bar
			} else {
				p.Down[i][k-sh.N] = Bar
			}
		}
	}
	if got, _ := ShapeOf(p, sh.Opt); got != sh {
		return nil, fmt.Errorf("futoshiki: no puzzle has the shape %+v", sh)
	}
	m, err := Build(ctx, p, sh.Opt)
	if err != nil {
		return nil, err
	}
	m.shape = sh
	return m, nil
}

// Pose puts p into sp, a space of m at its root (the reused search's of
// problems/catalog.Reuse, after its reset): p's relations into the
// model's slots, its givens into sp. m must come from BuildShape for p's
// shape: Pose returns an error otherwise, and p.Validate's error for a
// malformed puzzle. The relations last until the next Pose; search sp
// (or reset it) only after Pose.
func (m *Model) Pose(sp *csp.Space, p *Puzzle) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if sh, ok := ShapeOf(p, m.shape.Opt); !ok || m.rels == nil || sh != m.shape {
		return fmt.Errorf("futoshiki: a puzzle of shape %+v posed on a model of shape %+v", sh, m.shape)
	}
	for k, rels := range m.rels {
		relsInto(rels, p, k)
	}
	return m.Board.NarrowSpace(sp, grid.Flat(&m.givens, p.Givens), nil)
}

// relation returns the chain relation of sign s between a cell and the
// next one along its row or column.
func relation(s Sign, adjacent bool) chain.Rel {
	switch {
	case s == Less:
		return chain.Less
	case s == Greater:
		return chain.Greater
	case s == Bar:
		return chain.Adjacent
	case adjacent:
		return chain.NotAdjacent
	}
	return chain.Any
}

// postSign posts the constraint of sign s between x (the left or upper
// cell) and y, or arith's error.
func postSign(m *csp.Model, x, y csp.Var, s Sign, adjacent bool) error {
	switch {
	case s == Less:
		return arith.Less(m, x, y)
	case s == Greater:
		return arith.Less(m, y, x)
	case s == Bar:
		return arith.AbsDiff(m, x, y, 1)
	case adjacent:
		return arith.AbsDiffNotIn(m, x, y, []int{1})
	}
	return nil
}

// CountingSearch is counting-based search (csp.MaxDensity) on the
// all-different densities of the rows and columns (every line has an
// all-different, beside its chain if it has one), with Luby restarts and
// random ties (seed 1), the variable of the last failed decision branched
// on again, and nogoods kept across restarts (maxSD learns nothing from a
// restart: without them a restart replays the same tree). SearchFor
// gives it to the plain boards it pays on.
var CountingSearch = csp.Options{Var: csp.MaxDensity, Val: csp.ValMin, Restarts: csp.Luby, RandomTies: true, Seed: 1,
	LastConflict: true, Nogoods: true}

// DomWDegSearch is the command line's search for every problem: dom/wdeg
// with Luby restarts and random ties (seed 1).
var DomWDegSearch = csp.Options{Var: csp.DomWDeg, Val: csp.ValMin, Restarts: csp.Luby, RandomTies: true, Seed: 1}

// SearchFor returns the search `csp solve futoshiki` gives p when the
// command line names no heuristic: CountingSearch on plain boards from
// size MinCountingSearch to MaxAutoChain, DomWDegSearch on the others.
//
// On the 9×9 recursive puzzles of testdata/fresh-recursive.txt,
// CountingSearch takes far fewer guesses than dom/wdeg (with or without
// last conflict), with a much shorter tail, and less time. On the 8×8
// ones it takes fewer guesses in the same median time and less mean
// time, but more time on 8×8 extreme puzzles; on smaller boards, and on
// larger ones (no chains), dom/wdeg is as good and maxSD's work per guess
// costs more. In the adjacent variant the all-different densities do not
// see the bars, which do most of the work: there CountingSearch has
// dom/wdeg's median time but a heavier tail. The figures are in
// docs/BENCHMARKS.md, section "Futoshiki: the Auto model and the default
// search".
func SearchFor(p *Puzzle) csp.Options {
	if !p.Adjacent && p.N >= MinCountingSearch && p.N <= MaxAutoChain {
		return CountingSearch
	}
	return DomWDegSearch
}

// MinCountingSearch is the smallest plain board SearchFor gives
// CountingSearch.
const MinCountingSearch = 9

// Solve finds a solution of p, checks it with Check, and returns it with
// the search result; the grid is nil when none was found. An error is a
// malformed puzzle, or a solution the checker refuses (a bug).
func Solve(ctx context.Context, p *Puzzle, opt Options, search csp.Options) ([][]int, csp.Result, error) {
	m, err := Build(ctx, p, opt)
	if err != nil {
		return nil, csp.Result{}, err
	}
	return grid.Solve(ctx, m.Model, search, m.Board.Values, func(g [][]int) error { return Check(p, g) })
}

// Count counts the solutions of p up to limit (0: no cap); a limit of 2
// answers "is it unique?".
func Count(ctx context.Context, p *Puzzle, opt Options, search csp.Options, limit int64) (csp.Result, error) {
	m, err := Build(ctx, p, opt)
	if err != nil {
		return csp.Result{}, err
	}
	return csp.Count(ctx, m.Model, search, limit), nil
}
