// Package catalog is the registry of the problems the command line serves.
// A problem package describes itself once, as a Problem (its name, input
// formats, model choices, flags, solver, checker and renderer), and
// registers it from an init function; the command line serves every
// registered problem, so adding a puzzle touches nothing in cmd/ (the
// package problems/all imports every problem package for the command).
package catalog

import (
	"context"
	"fmt"
	"io"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/internal/author"
	"github.com/cspgo/csp/propagators/alldiff"
)

// Problem is what the command line needs of a problem. Instances travel
// as any: Solve, Count and Write receive only what Read made.
type Problem struct {
	Name   string   // the name on the command line, e.g. "sudoku"
	Doc    string   // one line for the usage text: what an instance looks like
	Models []string // the names --model takes, the default first (nil: one model)
	// Flags are the problem's own flags, beside the shared ones (search,
	// --alldiff, --model, --limit, --size, --holes, --seed, -n).
	Flags []Flag
	// Quick says instances take microseconds: a batch hands them to its
	// workers in chunks.
	Quick bool
	// Defaults, when set, gives the problem's own defaults to the shared
	// settings the command line did not set (s.Gave reports whether a
	// flag was on the command line).
	Defaults func(s *Settings)
	// Read parses the instances of a batch as it goes; a malformed one is
	// an Item with Err set, and reading goes on.
	Read func(r io.Reader) iter.Seq[Item]
	// Prepare, when set, readies what Solve and Count reuse (a solver for
	// the instance's shape, in c) before the clock starts, so that an
	// instance's time is its own.
	Prepare func(inst any, s *Settings, c *Cache)
	// Solve finds a solution and has the problem's independent checker
	// verify it; an Unsatisfiable error says the instance has none
	// without search, any other error is a bug.
	Solve func(ctx context.Context, inst any, s *Settings, c *Cache) ([][]int, csp.Result, error)
	// Count counts solutions up to s.Limit (0: no cap); errors as for
	// Solve.
	Count func(ctx context.Context, inst any, s *Settings, c *Cache) (csp.Result, error)
	// Write prints a solution of inst in a form Read takes back.
	Write func(w io.Writer, inst any, grid [][]int) error
	// Generate, when set, writes instance number i (from 0) of the
	// request in s (s.Size, s.Holes, s.Search.Seed + i, the problem's own
	// generate flags). An error wrapping ErrNotMade says it gave up within
	// its limits; any other error is a bad request.
	Generate func(w io.Writer, s *Settings, i int) error

	// Model, when set, builds inst's model under s with the reader of its
	// solutions (values indexed by Var) as rows, and Check is the
	// problem's independent checker on a grid: what check searches with
	// to show two different solutions.
	Model func(inst any, s *Settings) (*csp.Model, func(values []int) [][]int, error)
	Check func(inst any, grid [][]int) error

	// Clues, when set, names inst's clues and givens, one by one ("clue
	// 3 above column 2", "given r1c1 = 5"), and Keep returns a copy of
	// inst with only the ones marked kept; Give returns a copy of inst
	// with more givens (cell [row, column] from 0 -> value). The
	// diagnostics of a broken puzzle remove and add them.
	Clues func(inst any) []string
	Keep  func(inst any, kept []bool) any
	Give  func(inst any, givens map[[2]int]int) any

	// Reason, when set, readies inst for the authors' tools (grade,
	// explain, hint, pencil marks): its cells, what is known of them, and
	// the rules of the problem's ladder.
	Reason func(inst any) (*Reasoning, error)
	// Levels names the levels of the ladder Reason uses, weakest first
	// (the command line checks --up-to against them).
	Levels []string
	// WriteMarks, when set, writes the candidates of every cell
	// (cands[r][c], sorted) in the problem's pencil-mark form, with inst's
	// clues; ReadMarks reads that form back as instances whose cells start
	// from those candidates.
	WriteMarks func(w io.Writer, inst any, cands [][][]int) error
	ReadMarks  func(r io.Reader) iter.Seq[Item]
}

// Reasoning is a puzzle readied for the authors' tools: a space over its
// cells holding what is known (givens, pencil marks), and the reasoner of
// the problem's ladder. Its levels are the grades; "search" comes after
// the last.
type Reasoning struct {
	Space    *csp.Space
	Reasoner *csp.Reasoner
	Cells    [][]csp.Var // the cells, row by row
	// Check is the problem's independent checker, on a full grid.
	Check func(grid [][]int) error
}

// Candidates returns the values left in every cell, row by row.
func (r *Reasoning) Candidates() [][][]int {
	out := make([][][]int, len(r.Cells))
	for i, row := range r.Cells {
		out[i] = make([][]int, len(row))
		for j, x := range row {
			out[i][j] = r.Space.Dom(x).AppendValues(nil)
		}
	}
	return out
}

// Solved reports whether every cell has one value left.
func (r *Reasoning) Solved() bool {
	for _, row := range r.Cells {
		for _, x := range row {
			if !r.Space.Assigned(x) {
				return false
			}
		}
	}
	return true
}

// Grid returns the cells with one value left, 0 for the others.
func (r *Reasoning) Grid() [][]int {
	out := make([][]int, len(r.Cells))
	for i, row := range r.Cells {
		out[i] = make([]int, len(row))
		for j, x := range row {
			if v, ok := r.Space.Value(x); ok {
				out[i][j] = v
			}
		}
	}
	return out
}

// Flag is one of a problem's own flags. Its value reaches the problem as
// a string through Settings.Flag.
type Flag struct {
	Name     string
	Usage    string             // one line, after the flag's name in the usage text
	Default  string             // the value when not given
	Bool     bool               // a switch: --name means --name=true
	Generate bool               // a flag of generate, else of solve and count
	Check    func(string) error // rejects a bad value at the command line (nil: any)
}

// Settings are what the command line hands a problem.
type Settings struct {
	AllDiff alldiff.Strength
	Model   string // one of Problem.Models, or "" for the default
	Search  csp.Options
	Limit   int64 // count: stop at this many solutions (0: no cap)
	// Generate: the side of the grid and the cells left empty (-1: not
	// given).
	Size, Holes int64
	// Given reports whether a flag was on the command line (nil: none
	// was; see Gave): what Defaults reads, and a problem whose defaults
	// depend on the instance, which Defaults cannot see, in its Solve.
	Given func(flag string) bool
	flags map[string]string
}

// Gave reports whether the command line gave flag.
func (s *Settings) Gave(flag string) bool { return s.Given != nil && s.Given(flag) }

// Flag returns the value of one of the problem's own flags: what the
// command line gave, else the flag's default. Unknown names give "".
func (s *Settings) Flag(name string) string { return s.flags[name] }

// SetFlag sets the value of a problem flag, as the command line does.
func (s *Settings) SetFlag(name, value string) {
	if s.flags == nil {
		s.flags = map[string]string{}
	}
	s.flags[name] = value
}

// Item is one instance of a batch, or the error that spoilt it.
type Item struct {
	Index int // 1-based position in the batch
	Line  int // line where it starts
	Inst  any
	Err   error
}

// Items turns a problem package's own items, as its reader yields them,
// into Items, by item: the adapter a Problem's Read is made of, e.g.
//
//	Read: func(r io.Reader) iter.Seq[catalog.Item] {
//		return catalog.Items(Read(r), func(it Item) catalog.Item {
//			return catalog.Item{Index: it.Index, Line: it.Line, Inst: it.Puzzle, Err: it.Err}
//		})
//	},
//
// (slices.Values adapts a reader that returns a slice).
func Items[T any](seq iter.Seq[T], item func(T) Item) iter.Seq[Item] {
	return func(yield func(Item) bool) {
		for it := range seq {
			if !yield(item(it)) {
				return
			}
		}
	}
}

// Unsatisfiable is the error Solve and Count return for an instance that
// has no solution, found without search (a sudoku whose givens clash): the
// command line reports the instance unsatisfiable, with the reason.
type Unsatisfiable struct{ Reason error }

func (u Unsatisfiable) Error() string { return u.Reason.Error() }

// Unwrap returns the reason.
func (u Unsatisfiable) Unwrap() error { return u.Reason }

// Cache is a worker's own store for what outlives one instance (a solver
// per grid shape); it is not shared between goroutines.
type Cache struct{ m map[any]any }

// Get returns the value kept under key, made by mk the first time.
func (c *Cache) Get(key any, mk func() any) any {
	if v, ok := c.m[key]; ok {
		return v
	}
	if c.m == nil {
		c.m = map[any]any{}
	}
	v := mk()
	c.m[key] = v
	return v
}

// ErrNotMade is wrapped by a Generate error that says the generator gave
// up within its time limit or cap on attempts: the request was sound, the
// puzzle did not come (not a usage error).
var ErrNotMade = author.ErrNotMade

var (
	mu       sync.Mutex
	registry = map[string]Problem{}
)

// Register adds p to the catalog. It panics when the name is taken or a
// required function is missing: both are programming errors, found at
// start-up.
func Register(p Problem) {
	mu.Lock()
	defer mu.Unlock()
	switch {
	case p.Name == "":
		panic("catalog: a problem needs a name")
	case p.Read == nil || p.Solve == nil || p.Count == nil || p.Write == nil:
		panic(fmt.Sprintf("catalog: problem %s needs Read, Solve, Count and Write", p.Name))
	}
	if _, dup := registry[p.Name]; dup {
		panic(fmt.Sprintf("catalog: problem %s registered twice", p.Name))
	}
	registry[p.Name] = p
}

// Lookup returns the problem registered under name.
func Lookup(name string) (Problem, bool) {
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

// NewSettings returns settings with p's flag defaults.
func NewSettings(p Problem) *Settings {
	s := &Settings{Holes: -1}
	for _, f := range p.Flags {
		s.SetFlag(f.Name, f.Default)
	}
	return s
}

// Rows cuts a row-major grid of side n into rows (nil for nil), sharing
// its storage: the form Solve returns.
func Rows(cells []int, n int) [][]int {
	if cells == nil {
		return nil
	}
	out := make([][]int, n)
	for r := range out {
		out[r] = cells[r*n : (r+1)*n : (r+1)*n]
	}
	return out
}

// MakeFlags are the generate flags of a problem whose generator makes
// puzzles for people (one solution, a grade, minimal): --difficulty names
// a level of the ladder (or gives its number from 1, or "search"),
// --no-minimize keeps removable clues, --time-limit bounds the work per
// puzzle.
func MakeFlags(levels []string) []Flag {
	return []Flag{
		{Name: "difficulty", Generate: true,
			Usage: "make unique, minimal puzzles graded at this level: " + strings.Join(append(slices.Clone(levels), "search"), ", ") + " (or its number from 1)",
			Check: func(v string) error { _, err := ParseLevel(levels, v); return err }},
		{Name: "no-minimize", Generate: true, Bool: true, Default: "false", Usage: "with --difficulty: keep clues that could go"},
		{Name: "attempts", Generate: true, Default: "0", Usage: "with --difficulty: the most full grids tried per puzzle (0: no cap)",
			Check: func(v string) error {
				if k, err := strconv.Atoi(v); err != nil || k < 0 {
					return fmt.Errorf("want a count, 0 for no cap")
				}
				return nil
			}},
		{Name: "time-limit", Generate: true, Default: "60s", Usage: "with --difficulty: the time allowed per puzzle (0s: none)",
			Check: func(v string) error {
				if d, err := time.ParseDuration(v); err != nil || d < 0 {
					return fmt.Errorf("want a duration such as 30s")
				}
				return nil
			}},
	}
}

// ParseLevel finds a level of a ladder by name, by number from 1, or
// "search" (len(levels)).
func ParseLevel(levels []string, v string) (int, error) {
	if i := slices.Index(levels, v); i >= 0 {
		return i, nil
	}
	if v == "search" {
		return len(levels), nil
	}
	if k, err := strconv.Atoi(v); err == nil && k >= 1 && k <= len(levels)+1 {
		return k - 1, nil
	}
	return 0, fmt.Errorf("unknown level %q: want %s, search, or 1..%d", v, strings.Join(levels, ", "), len(levels)+1)
}

// MakeRequest is what the flags of MakeFlags ask for.
type MakeRequest struct {
	Level    int
	Minimize bool
	Limit    time.Duration
	Attempts int
}

// MakeSettings reads the flags of MakeFlags: ok is false when
// --difficulty was not given (the benchmark generator then runs).
func MakeSettings(s *Settings, levels []string) (req MakeRequest, ok bool) {
	v := s.Flag("difficulty")
	if v == "" {
		return req, false
	}
	req.Level, _ = ParseLevel(levels, v)
	noMin, _ := strconv.ParseBool(s.Flag("no-minimize"))
	req.Minimize = !noMin
	req.Limit, _ = time.ParseDuration(s.Flag("time-limit"))
	req.Attempts, _ = strconv.Atoi(s.Flag("attempts"))
	return req, true
}

// SolvesAt reports whether the rules of the levels up to level solve the
// puzzle with no search (which proves it has one solution). It changes
// the space.
func (r *Reasoning) SolvesAt(level int) bool {
	out, _ := r.Reasoner.Run(r.Space, level, nil)
	return out == csp.Solved
}

// Grade runs the whole ladder: it returns the weakest level that solves
// the puzzle with no search, len(levels) when none does. It changes the
// space.
func (r *Reasoning) Grade() int {
	levels := len(r.Reasoner.Ladder.Levels)
	out, top := r.Reasoner.Run(r.Space, levels-1, nil)
	if out != csp.Solved {
		return levels
	}
	return max(top, 0)
}

// Grader turns a problem's Reason into the two questions a generator
// asks of a puzzle: does the ladder up to a level solve it, and what is
// its grade (levels, the ladder's length, for search).
func Grader[P any](reason func(P) (*Reasoning, error), levels int) (solves func(P, int) bool, grade func(P) int) {
	solves = func(p P, level int) bool {
		r, err := reason(p)
		return err == nil && r.SolvesAt(level)
	}
	grade = func(p P) int {
		r, err := reason(p)
		if err != nil {
			return levels
		}
		return r.Grade()
	}
	return solves, grade
}

// LevelName names level i of a ladder; len(levels) is "search".
func LevelName(levels []string, i int) string {
	if i >= 0 && i < len(levels) {
		return levels[i]
	}
	return "search"
}
