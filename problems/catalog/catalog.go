// Package catalog is the registry of the problems the command line serves.
//
// A problem package implements one small core interface, [Problem], for
// its own instance type I and options type O: read a stream of instances,
// turn the command line's settings into typed options once, solve, count,
// check a grid with the problem's independent checker, write. What more it
// can do (generate, reason for the authors' tools, pencil marks, clue lists
// for the diagnostics, a census, clue sets for a board, what solutions
// show beyond their cells) it says by implementing the optional
// interfaces [Generator], [Preparer], [Modeler], [Reasoner], [Marker],
// [Cluer], [Clasher], [Censuser], [ClueFinder], [Deriver], [Suiter],
// [Drawer] (a board to draw) and [Recycler], each checked at compile time in the
// problem's package:
//
//	var _ catalog.Generator[options] = problem{}
//
// and registers itself from a short init function:
//
//	func init() { catalog.Register[*Puzzle, options](problem{}) }
//
// [Register] is the one generic adapter: it finds the optional interfaces
// by type assertion and turns the problem into an [Entry], the untyped view
// the command line drives. The command line serves every registered
// problem, so adding a puzzle touches nothing in cmd/ (the package
// problems/all imports every problem package for the command).
//
// Modelling languages are served the same way: a front end (FlatZinc, in
// problems/flatzinc) implements [Language] for its model and options types
// and registers with [RegisterLanguage]; the command line finds it with
// [LookupLanguage] and drives it through a [LanguageEntry], reading models
// as [Source] values and running what they build ([Built]).
//
// Every solution of an instance, not only their number, comes through
// Count too: [Entry.Each] sets [Run.Each], which a problem's Count honours
// by counting with [Run.CountModel], and checks each solution before
// handing it over, as it is found (csp solve --all).
package catalog

import (
	"context"
	"fmt"
	"io"
	"iter"
	"maps"
	"slices"
	"sync"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/textio"
	"github.com/cspgo/csp/problems/internal/author"
)

// Problem is the core a problem implements, for its instance type I and
// its options type O (the model choices its flags make, parsed once).
type Problem[I, O any] interface {
	// Info names the problem and lists its flags.
	Info() Info
	// Options turns the command line's settings into the problem's
	// options, once per run. A bad flag value is a *FlagError (see
	// ParseFlag). It may also set search defaults of its own in s.Search
	// for the search flags the command line did not give (s.Gave).
	Options(s *Settings) (O, error)
	// Read streams the instances of a batch as it goes, in constant
	// memory: a malformed one is an Item with Err set, and reading goes
	// on.
	Read(r io.Reader) iter.Seq[Item[I]]
	// Solve finds a solution and has the problem's independent checker
	// verify it; an Unsatisfiable error says the instance has none
	// without search, any other error is a bug. The grid and the
	// result's arrays (Solution, Stats.Propagators) may be run.Cache's
	// own, written again by the next Solve or Count with that cache (a
	// model reused from instance to instance allocates none): a caller
	// that keeps them past that copies them.
	Solve(ctx context.Context, inst I, o O, run Run) ([][]int, csp.Result, error)
	// Count counts solutions up to run.Limit (0: no cap); errors, and
	// the lifetime of the result's arrays, as for Solve. When run.Each is
	// set, it hands every solution it counts to run.Each as it finds it
	// (Run.CountModel does both).
	Count(ctx context.Context, inst I, o O, run Run) (csp.Result, error)
	// Check is the problem's independent checker: nil when grid (rows of
	// values) solves inst. It shares no code with the propagators.
	Check(inst I, grid [][]int) error
	// Write prints a solution of inst in a form Read takes back.
	Write(w io.Writer, inst I, grid [][]int) error
}

// Info is what the command line shows of a problem.
type Info struct {
	Name   string   // the name on the command line, e.g. "sudoku"
	Doc    string   // one line for the usage text: what an instance looks like
	Models []string // the names --model takes, the default first (nil: one model)
	// ModelDefault, when set, says how the problem picks its model when
	// --model is not given, where the first of Models is not always it
	// (the usage text prints it instead of that name).
	ModelDefault string
	Flags        []Flag // the problem's own flags, beside the shared ones
}

// Run is the search side of one request, the same for every problem: the
// search options, the cap on solutions for Count, the worker's cache, and
// who wants Count's solutions.
type Run struct {
	Search csp.Options
	Limit  int64  // Count: stop at this many solutions (0: no cap)
	Cache  *Cache // what outlives one instance on this worker (never nil)
	// Each, when set, is called by Count with every solution it counts,
	// as rows, in the order found; false stops the search. The grid is
	// the callee's to keep: nothing holds it after the call, so a count
	// of any size runs in the memory of one solution (Entry.Each sets it,
	// and checks each solution first).
	Each func(grid [][]int) bool
}

// CountModel counts the solutions of m, a model of the instance, under
// search (run.Search, or what the problem chose for the instance) up to
// run.Limit: csp.Count when run.Each is nil; else one sequential search,
// depth first or breadth first as search.Order says, that reads each
// solution as rows with rows and hands it to run.Each. Workers and
// Portfolio are then ignored: their solutions would come from several
// goroutines (Entry.Each refuses them).
func (run Run) CountModel(ctx context.Context, m *csp.Model, search csp.Options, rows func(values []int) [][]int) csp.Result {
	if run.Each == nil {
		return csp.Count(ctx, m, search, run.Limit)
	}
	each := run.eachOf(rows)
	if search.Order == csp.BreadthFirst {
		return csp.NewBFS(m, search).Run(ctx, run.Limit, each)
	}
	return csp.NewSearch(m, search).Run(ctx, run.Limit, each)
}

// eachOf returns the callback of a search that counts for run: every
// solution read as rows with rows and handed to run.Each, or, with no
// Each, none read and the search going on.
func (run Run) eachOf(rows func(values []int) [][]int) func(*csp.Space) bool {
	if run.Each == nil {
		return func(*csp.Space) bool { return true }
	}
	var buf []int
	return func(sp *csp.Space) bool {
		buf = sp.Values(buf)
		return run.Each(rows(buf))
	}
}

// Item is one instance of a batch, or the error that spoilt it: Value is
// the instance, Index its 1-based position in the batch, Line the line
// where it starts.
type Item[I any] = textio.Item[I]

// ParseError says where an input is malformed: every problem's readers
// report one (see internal/textio), so the command line can name the
// place once.
type ParseError = textio.ParseError

// Gen is what generate asks for beside the problem's own flags.
type Gen struct {
	Size  int    // the side of the grid
	Holes int    // cells left empty, -1 when not given
	Seed  uint64 // the seed of this instance
	// Ctx is the request's context (nil: none, see Context): once it is
	// done, a generator that searches gives up (an error wrapping
	// ErrNotMade).
	Ctx context.Context
}

// Context returns g.Ctx, or a context never done when it is nil.
func (g Gen) Context() context.Context {
	if g.Ctx == nil {
		return context.Background()
	}
	return g.Ctx
}

// Generator is a problem that makes instances: number i (from 0) of the
// request g, under its own generate flags in o. An error wrapping
// ErrNotMade says it gave up within its limits; any other error is a bad
// request.
type Generator[O any] interface {
	Generate(w io.Writer, o O, g Gen) error
}

// Recycler is a problem whose reader can fill again an instance it made
// before: a batch hands each instance it read back with Recycle once
// nothing refers to it (its answer printed and counted), so that a batch
// in its steady state allocates no instance and a million instances run
// in the memory of a thousand. Recycle is called at most once per
// instance, from any goroutine; Solve, Count and the rest must not keep
// an instance (or its slices) past their return, as a reused model does
// not.
type Recycler[I any] interface {
	Recycle(inst I)
}

// Preparer is a problem that readies what Solve and Count reuse (a solver
// for the instance's shape, in run.Cache) before the clock starts, so that
// an instance's time is its own.
type Preparer[I, O any] interface {
	Prepare(inst I, o O, run Run) error
}

// Modeler is a problem that hands out its model: inst's model under o with
// the reader of its solutions (values indexed by Var) as rows. check
// searches it for two different solutions, diagnose for the clues to keep.
// Building a large model takes time: a Model that can take long looks at
// ctx and returns context.Cause(ctx) once it is done.
type Modeler[I, O any] interface {
	Model(ctx context.Context, inst I, o O) (*csp.Model, func(values []int) [][]int, error)
}

// Reasoner is a problem the authors' tools serve (grade, explain, hint,
// pencil marks): Reason readies inst, Levels names the levels of the
// ladder, weakest first.
type Reasoner[I any] interface {
	Reason(inst I) (*Reasoning, error)
	Levels() []string
}

// Marker is a problem with a pencil-mark form: WriteMarks writes the
// candidates of every cell (cands[r][c], sorted) with inst's clues;
// ReadMarks reads that form back as instances whose cells start from
// those candidates.
type Marker[I any] interface {
	WriteMarks(w io.Writer, inst I, cands [][][]int) error
	ReadMarks(r io.Reader) iter.Seq[Item[I]]
}

// Cluer is a problem whose clues and givens the diagnostics can remove
// and add: Clues names them one by one ("clue 3 above column 2", "given
// r1c1 = 5"), Keep returns a copy of inst with only the ones marked kept,
// Give a copy with more givens (cell [row, column] from 0 -> value), and
// Givens inst's givens as rows (0: an empty cell), which Write prints
// as the puzzle itself in its input form.
type Cluer[I any] interface {
	Clues(inst I) []string
	Keep(inst I, kept []bool) I
	Give(inst I, givens map[[2]int]int) I
	Givens(inst I) [][]int
}

// Clasher is a problem with givens that can clash among themselves: two
// equal givens in a row, givens that break a sign between them, a cage
// whose givens overshoot its sum. Its readers take such an instance (it
// is well formed, only unsatisfiable), and Clash says what clashes,
// naming the cells ("r1c1 and r1c3 both hold 4 (row 1)"), as an error
// wrapping the problem's own sentinel; nil when nothing does. The catalog
// asks it before Solve, Count, Model and Reason, and answers for the
// problem with an Unsatisfiable error holding that reason: one verdict
// for clashing givens in every command, found without search.
type Clasher[I any] interface {
	Clash(inst I) error
}

// Censuser is a problem that can take a census of its clue sets: how many
// of the sets of req.Clues clues on a grid of side req.Size make a puzzle
// with one solution.
type Censuser interface {
	// Census counts; list, when set, receives every unique puzzle (only
	// the canonical one of each symmetry class when req.Canonical) as a
	// line of the problem's input form; progress, when set, is told the
	// work done and the whole. A bad request wraps ErrBadRequest.
	Census(ctx context.Context, req CensusRequest, list func(line string), progress func(done, total int64)) (CensusReport, error)
}

// ClueFinder is a problem that finds clue sets for a board (csp clues):
// from an instance whose givens fill the grid, or fix some of its cells,
// puzzles whose one solution is that grid, or respects that board.
type ClueFinder[I any] interface {
	// FindClues serves req for board. Each puzzle found goes to found,
	// which the command line checks with the problem's model and
	// checker before it prints it; an error from found stops the search
	// and is returned. A request this board cannot serve (a size out of
	// range, a flag that does not apply to it) wraps ErrBadRequest; when
	// ctx ends, FindClues returns what it has, saying so, or ctx's error.
	FindClues(ctx context.Context, board I, req ClueRequest, found func(ClueSet) error) (ClueReport, error)
}

// ClueRequest is what csp clues asks for; the zero value asks for the
// clues a full grid shows.
type ClueRequest struct {
	Minimal  bool // a minimal clue set: none of its clues can go
	Smallest bool // the fewest clues
	// Clues asks for the clue sets of exactly this many clues (-1: not
	// asked; the fewest for a board with cells left open).
	Clues    int
	Interior bool // interior clues too
	OneSide  bool // every clue on one side
	NoGivens bool // clue sets with no givens, even when clues alone fall short
	List     bool // every clue set asked for, not one
	Seed     uint64
	Jobs     int
}

// ClueSet is a puzzle FindClues found, in the problem's input form. With
// Unique its one solution is Solution, which respects the board; without
// it Solution is one of its solutions, and it has others (a full grid's
// clues that do not single it out).
type ClueSet struct {
	Line     string
	Unique   bool
	Solution [][]int
}

// ClueReport is the outcome of FindClues for one board: Record for
// --json (a struct), Summary for people, one line each.
type ClueReport struct {
	Record  any
	Summary []string
}

// Deriver is a problem whose solutions show more than their cells (a
// skyscraper grid shows its edge and interior clues): csp backbone
// reports which of those values every solution of a puzzle agrees on.
type Deriver[I any] interface {
	// Derived returns the values grid, a solution of inst, shows, in an
	// order inst fixes; DerivedNames names them in that order.
	Derived(inst I, grid [][]int) []int
	DerivedNames(inst I) []string
	// FormatDerived words the values known (in that order), for people,
	// one line each; what says what they are ("fixed in every solution").
	FormatDerived(inst I, values []int, known []bool, what string) []string
}

// Suiter is a problem with a benchmark suite of its own, embedded in the
// binary: csp bench runs it by the problem's name, and every problem's
// suite together is the default. Suite returns the instances, in the
// problem's input form.
type Suiter interface {
	Suite() string
}

// CensusRequest is what census asks for.
type CensusRequest struct {
	Size, Clues, Jobs int
	OneSide           bool // every clue on one side of the grid
	Canonical         bool // list one puzzle per symmetry class
	// Interior also counts the clue sets whose solutions all show the
	// same interior clues.
	Interior bool
}

// CensusReport is a census's outcome: Record for --json (a struct of
// counts), Summary for people, one line each.
type CensusReport struct {
	Record  any
	Summary []string
}

// ErrBadRequest is wrapped by the errors of a request that cannot be
// served as asked (a census of an impossible size, say): a usage error,
// not a failure.
var ErrBadRequest = fmt.Errorf("bad request")

// Unsatisfiable is the error Solve, Count, Model and Reason return for an
// instance that has no solution, found without search (givens that clash,
// see Clasher): the command line reports the instance unsatisfiable, with
// the reason.
type Unsatisfiable struct{ Reason error }

func (u Unsatisfiable) Error() string { return u.Reason.Error() }

// Unwrap returns the reason.
func (u Unsatisfiable) Unwrap() error { return u.Reason }

// Cache is a worker's own store for what outlives one instance (a solver
// per grid shape); it is not shared between goroutines. Each problem keeps
// its values under keys of its own types, so problems never share one.
type Cache struct{ m map[any]any }

// Get returns the V kept under key, made by mk the first time. A value of
// another type under key is not a V: it is replaced by mk's, as for an
// absent one. A failed make keeps nothing.
func Get[V any](c *Cache, key any, mk func() (V, error)) (V, error) {
	if v, ok := cached[V](c, key); ok {
		return v, nil
	}
	v, err := mk()
	if err != nil {
		return v, err
	}
	c.put(key, v)
	return v, nil
}

// put keeps v under key.
func (c *Cache) put(key, v any) {
	if c.m == nil {
		c.m = map[any]any{}
	}
	c.m[key] = v
}

// ErrNotMade is wrapped by a Generate error that says the generator gave
// up within its time limit or cap on attempts: the request was sound, the
// puzzle did not come (not a usage error).
var ErrNotMade = author.ErrNotMade

var (
	mu       sync.Mutex
	registry = map[string]*Entry{}
)

// Register adds p to the catalog. It panics when the name is empty or
// taken, by a problem or a language (see RegisterLanguage): both are
// programming errors, found at start-up.
func Register[I, O any](p Problem[I, O]) {
	e := adapt(p)
	mu.Lock()
	defer mu.Unlock()
	claim("problem", e.Name)
	registry[e.Name] = e
}

// claim panics unless name is free for a problem or a language (kind) to
// take: not empty, and neither a problem's nor a language's already, since
// the command line finds both by name. mu is held.
func claim(kind, name string) {
	if name == "" {
		panic("catalog: a " + kind + " needs a name")
	}
	_, problem := registry[name]
	_, language := languages[name]
	switch {
	case problem && kind == "problem" || language && kind == "language":
		panic(fmt.Sprintf("catalog: %s %s registered twice", kind, name))
	case problem:
		panic(fmt.Sprintf("catalog: %s %s has the name of a problem", kind, name))
	case language:
		panic(fmt.Sprintf("catalog: %s %s has the name of a language", kind, name))
	}
}

// Lookup returns the problem registered under name.
func Lookup(name string) (*Entry, bool) {
	mu.Lock()
	defer mu.Unlock()
	p, ok := registry[name]
	return p, ok
}

// Names returns the registered names in order.
func Names() []string {
	mu.Lock()
	defer mu.Unlock()
	return slices.Sorted(maps.Keys(registry))
}

// Rows cuts a row-major grid of side n into rows (nil for nil), sharing
// its storage: the form Solve returns.
func Rows(cells []int, n int) [][]int { return RowsInto(nil, cells, n) }

// RowsInto is Rows with the rows in dst's array when it has room, so that
// cutting every solution of a batch costs no allocation.
func RowsInto(dst [][]int, cells []int, n int) [][]int {
	if cells == nil {
		return nil
	}
	out := dst[:0]
	if cap(dst) < n {
		out = make([][]int, 0, n)
	}
	for r := range n {
		out = append(out, cells[r*n:(r+1)*n:(r+1)*n])
	}
	return out
}
