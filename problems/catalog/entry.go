package catalog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/cspgo/csp/csp"
)

// Entry is a registered problem as the command line drives it: instances
// travel as any, settings as *Settings. Register makes it from a typed
// Problem; this file is the only place where instances, options (a
// problem's or a language's) and the values a Cache keeps change type.
//
// The methods of an optional capability return ErrUnsupported when the
// problem lacks it; the Can fields say so beforehand.
type Entry struct {
	Info
	// Levels names the levels of the authors' ladder (nil: no Reasoner).
	Levels []string
	// What the problem can do beyond the core.
	CanGenerate, CanModel, CanReason, CanMark, CanClue, CanCensus bool
	CanFindClues, CanDerive, CanDraw                              bool
	// Suite is the problem's benchmark suite ("": none; see Suiter).
	Suite string

	d driver
}

// ErrUnsupported is returned by the methods of an Entry whose problem
// lacks the capability asked for.
var ErrUnsupported = errors.New("catalog: not supported by this problem")

// driver is what an Entry calls: the typed problem behind an untyped face.
type driver interface {
	options(s *Settings) (any, error)
	read(r io.Reader, marks bool) iter.Seq[Item[any]]
	recycle(inst any)
	prepare(inst any, o any, run Run) error
	solve(ctx context.Context, inst, o any, run Run) ([][]int, csp.Result, error)
	count(ctx context.Context, inst, o any, run Run) (csp.Result, error)
	check(inst any, grid [][]int) error
	write(w io.Writer, inst any, grid [][]int) error
	generate(w io.Writer, o any, g Gen) error
	model(ctx context.Context, inst, o any) (*csp.Model, func([]int) [][]int, error)
	reason(inst any) (*Reasoning, error)
	writeMarks(w io.Writer, inst any, cands [][][]int) error
	clues(inst any) []string
	keep(inst any, kept []bool) any
	give(inst any, givens map[[2]int]int) any
	givens(inst any) [][]int
	census(ctx context.Context, req CensusRequest, list func(string), progress func(done, total int64)) (CensusReport, error)
	findClues(ctx context.Context, board any, req ClueRequest, found func(ClueSet) error) (ClueReport, error)
	derived(inst any, grid [][]int) []int
	derivedNames(inst any) []string
	formatDerived(inst any, values []int, known []bool, what string) []string
	board(inst any) (Board, error)
}

// NewSettings returns settings with e's flag defaults.
func NewSettings(e *Entry) *Settings { return settingsWith(e.Flags) }

// settingsWith returns settings with the defaults of flags.
func settingsWith(flags []Flag) *Settings {
	s := &Settings{Holes: -1}
	for _, f := range flags {
		s.SetFlag(f.Name, f.Default)
	}
	return s
}

// Configure parses s into the problem's options, once: the problem's own
// flags (a bad value is a *FlagError) and its search defaults for what
// the command line left out. Every method that takes s configures it
// first when it has not been.
func (e *Entry) Configure(s *Settings) error {
	o, err := e.d.options(s)
	if err != nil {
		return err
	}
	s.opts = o
	return nil
}

func (e *Entry) opts(s *Settings) (any, error) {
	if s.opts == nil {
		if err := e.Configure(s); err != nil {
			return nil, err
		}
	}
	return s.opts, nil
}

// Read streams the instances in r; with marks, in the pencil-mark form.
func (e *Entry) Read(r io.Reader, marks bool) iter.Seq[Item[any]] { return e.d.read(r, marks) }

// Recycle hands inst, an instance Read made, back to the problem's reader
// to fill again, when the problem is a Recycler; the caller no longer
// refers to it. Anything else is ignored.
func (e *Entry) Recycle(inst any) { e.d.recycle(inst) }

// Prepare readies what Solve and Count reuse, when the problem has a
// Preparer.
func (e *Entry) Prepare(inst any, s *Settings, c *Cache) error {
	o, err := e.opts(s)
	if err != nil {
		return err
	}
	return e.d.prepare(inst, o, s.Run(c))
}

// Solve finds a checked solution of inst (see Problem.Solve): the grid
// and the result's arrays may be c's, valid until the next Solve or Count
// with c.
func (e *Entry) Solve(ctx context.Context, inst any, s *Settings, c *Cache) ([][]int, csp.Result, error) {
	o, err := e.opts(s)
	if err != nil {
		return nil, csp.Result{}, err
	}
	return e.d.solve(ctx, inst, o, s.Run(c))
}

// Count counts the solutions of inst up to s.Limit.
func (e *Entry) Count(ctx context.Context, inst any, s *Settings, c *Cache) (csp.Result, error) {
	o, err := e.opts(s)
	if err != nil {
		return csp.Result{}, err
	}
	return e.d.count(ctx, inst, o, s.Run(c))
}

// ErrEachParallel is Each's error for settings that ask for a parallel
// search (Workers or Portfolio): the solutions are handed over one at a
// time, in the order one sequential search finds them.
var ErrEachParallel = errors.New("catalog: listing solutions runs one sequential search: no workers or portfolio")

// Each counts the solutions of inst up to s.Limit (0: all) as Count does,
// and hands each one to yield as soon as it is found, after the
// problem's independent checker has passed it; yield returning false
// stops the search. Nothing keeps a solution after yield returns, so
// listing a million solutions takes the memory of one. The result is
// Count's: Solutions is the number handed to yield. A solution the
// checker refuses stops the search with an error (a bug in the model or
// the engine, never a property of inst), and so does a problem whose
// Count does not honour Run.Each.
func (e *Entry) Each(ctx context.Context, inst any, s *Settings, c *Cache, yield func(grid [][]int) bool) (csp.Result, error) {
	if s.Search.Workers > 0 || len(s.Search.Portfolio) > 0 {
		return csp.Result{}, ErrEachParallel
	}
	o, err := e.opts(s)
	if err != nil {
		return csp.Result{}, err
	}
	run := s.Run(c)
	var n int64
	var bad error
	run.Each = func(grid [][]int) bool {
		n++
		if err := e.d.check(inst, grid); err != nil {
			bad = fmt.Errorf("internal error: solution %d fails the checker: %w", n, err)
			return false
		}
		return yield(grid)
	}
	res, err := e.d.count(ctx, inst, o, run)
	switch {
	case err != nil:
		return res, err
	case bad != nil:
		return res, bad
	case n != res.Solutions:
		return res, fmt.Errorf("internal error: %s counted %d solutions but handed over %d", e.Name, res.Solutions, n)
	}
	return res, nil
}

// Check runs the problem's independent checker on grid.
func (e *Entry) Check(inst any, grid [][]int) error { return e.d.check(inst, grid) }

// Write prints a solution of inst.
func (e *Entry) Write(w io.Writer, inst any, grid [][]int) error { return e.d.write(w, inst, grid) }

// Generate writes instance number i of the request in s; a done ctx
// stops a generator that searches (an error wrapping ErrNotMade).
func (e *Entry) Generate(ctx context.Context, w io.Writer, s *Settings, i int) error {
	o, err := e.opts(s)
	if err != nil {
		return err
	}
	return e.d.generate(w, o, Gen{Size: int(s.Size), Holes: int(s.Holes), Seed: s.Search.Seed + uint64(i), Ctx: ctx})
}

// Model returns inst's model under s and the reader of its solutions; a
// done ctx may stop the building (see Modeler).
func (e *Entry) Model(ctx context.Context, inst any, s *Settings) (*csp.Model, func([]int) [][]int, error) {
	o, err := e.opts(s)
	if err != nil {
		return nil, nil, err
	}
	return e.d.model(ctx, inst, o)
}

// Reason readies inst for the authors' tools.
func (e *Entry) Reason(inst any) (*Reasoning, error) { return e.d.reason(inst) }

// WriteMarks writes candidates in the problem's pencil-mark form.
func (e *Entry) WriteMarks(w io.Writer, inst any, cands [][][]int) error {
	return e.d.writeMarks(w, inst, cands)
}

// Clues names inst's clues and givens (nil without a Cluer).
func (e *Entry) Clues(inst any) []string { return e.d.clues(inst) }

// Keep returns inst with only the clues marked kept.
func (e *Entry) Keep(inst any, kept []bool) any { return e.d.keep(inst, kept) }

// Give returns inst with more givens.
func (e *Entry) Give(inst any, givens map[[2]int]int) any { return e.d.give(inst, givens) }

// Givens returns inst's givens as rows, 0 for an empty cell (nil without
// a Cluer): Write(w, inst, Givens(inst)) prints the puzzle itself.
func (e *Entry) Givens(inst any) [][]int { return e.d.givens(inst) }

// Census takes the problem's census.
func (e *Entry) Census(ctx context.Context, req CensusRequest, list func(string), progress func(done, total int64)) (CensusReport, error) {
	return e.d.census(ctx, req, list, progress)
}

// FindClues finds clue sets for board (see ClueFinder).
func (e *Entry) FindClues(ctx context.Context, board any, req ClueRequest, found func(ClueSet) error) (ClueReport, error) {
	return e.d.findClues(ctx, board, req, found)
}

// Derived returns what grid, a solution of inst, shows beyond its cells
// (nil without a Deriver).
func (e *Entry) Derived(inst any, grid [][]int) []int { return e.d.derived(inst, grid) }

// DerivedNames names the values of Derived.
func (e *Entry) DerivedNames(inst any) []string { return e.d.derivedNames(inst) }

// FormatDerived words the values of Derived that are known.
func (e *Entry) FormatDerived(inst any, values []int, known []bool, what string) []string {
	return e.d.formatDerived(inst, values, known, what)
}

// Board says how inst looks on paper (see Drawer); ErrUnsupported
// without a Drawer.
func (e *Entry) Board(inst any) (Board, error) { return e.d.board(inst) }

// adapt is the generic adapter: the one place where instances and options
// are asserted back to their types, and where the optional interfaces are
// found.
func adapt[I, O any](p Problem[I, O]) *Entry {
	a := &adapter[I, O]{p: p}
	e := &Entry{Info: p.Info(), d: a}
	a.gen, e.CanGenerate = p.(Generator[O])
	a.prep, _ = p.(Preparer[I, O])
	a.mod, e.CanModel = p.(Modeler[I, O])
	a.rea, e.CanReason = p.(Reasoner[I])
	a.mark, e.CanMark = p.(Marker[I])
	a.clue, e.CanClue = p.(Cluer[I])
	a.clash, _ = p.(Clasher[I])
	a.cen, e.CanCensus = p.(Censuser)
	a.find, e.CanFindClues = p.(ClueFinder[I])
	a.der, e.CanDerive = p.(Deriver[I])
	a.draw, e.CanDraw = p.(Drawer[I])
	a.recycler, _ = p.(Recycler[I])
	if e.CanReason {
		e.Levels = a.rea.Levels()
	}
	if su, ok := p.(Suiter); ok {
		e.Suite = su.Suite()
	}
	return e
}

// adaptLanguage is adapt for a language: the one place where its optional
// interfaces are found.
func adaptLanguage[M, O any](l Language[M, O]) *LanguageEntry {
	a := &langAdapter[M, O]{l: l}
	a.scoper, _ = l.(Scoper[M])
	a.installer, _ = l.(Installer)
	return &LanguageEntry{LanguageInfo: l.Info(), CanInstall: a.installer != nil, d: a}
}

type adapter[I, O any] struct {
	p     Problem[I, O]
	gen   Generator[O]
	prep  Preparer[I, O]
	mod   Modeler[I, O]
	rea   Reasoner[I]
	mark  Marker[I]
	clue  Cluer[I]
	clash Clasher[I]
	cen   Censuser
	find  ClueFinder[I]
	der   Deriver[I]
	draw  Drawer[I]

	recycler Recycler[I]
}

// typed returns inst as an I; an instance of another problem is a
// programming error of the caller, reported, not a panic.
func typed[T any](v any, what string) (T, error) {
	t, ok := v.(T)
	if !ok {
		return t, fmt.Errorf("catalog: %s of type %T, want %T", what, v, t)
	}
	return t, nil
}

// cached returns the value c keeps under key, when there is one and it is
// a V. A Cache holds each problem's values untyped; here, in the adapter,
// is where they change type back, as instances and options do.
func cached[V any](c *Cache, key any) (V, bool) {
	v, ok := c.m[key].(V)
	return v, ok
}

// optionsOf returns the options a Configure made in s as an O: a
// language's (see LanguageEntry.Configure), which come back here, in the
// adapter, as a problem's do.
func optionsOf[O any](s *Settings) (O, error) { return typed[O](s.opts, "options") }

func (a *adapter[I, O]) options(s *Settings) (any, error) { return a.p.Options(s) }

func (a *adapter[I, O]) read(r io.Reader, marks bool) iter.Seq[Item[any]] {
	var seq iter.Seq[Item[I]]
	switch {
	case !marks:
		seq = a.p.Read(r)
	case a.mark != nil:
		seq = a.mark.ReadMarks(r)
	default:
		return func(yield func(Item[any]) bool) {
			yield(Item[any]{Index: 1, Line: 1, Err: fmt.Errorf("%s has no pencil-mark form: %w", a.p.Info().Name, ErrUnsupported)})
		}
	}
	return func(yield func(Item[any]) bool) {
		for it := range seq {
			out := Item[any]{Index: it.Index, Line: it.Line, Err: it.Err}
			if it.Err == nil {
				out.Value = it.Value
			}
			if !yield(out) {
				return
			}
		}
	}
}

func (a *adapter[I, O]) recycle(inst any) {
	if a.recycler == nil {
		return
	}
	if v, ok := inst.(I); ok {
		a.recycler.Recycle(v)
	}
}

// both returns inst and o as their types, or the Unsatisfiable error of
// an instance whose givens clash (see instance).
func (a *adapter[I, O]) both(inst, o any) (I, O, error) {
	i, err := a.instance(inst)
	if err != nil {
		var zero O
		return i, zero, err
	}
	oo, err := typed[O](o, "options")
	return i, oo, err
}

// instance returns inst as an I, or, when the problem is a Clasher and
// inst's givens clash, an Unsatisfiable error with the reason: what
// Solve, Count, Model and Reason answer for it without asking the
// problem.
func (a *adapter[I, O]) instance(inst any) (I, error) {
	i, err := typed[I](inst, "instance")
	if err != nil || a.clash == nil {
		return i, err
	}
	if err := a.clash.Clash(i); err != nil {
		return i, Unsatisfiable{Reason: err}
	}
	return i, nil
}

func (a *adapter[I, O]) prepare(inst, o any, run Run) error {
	if a.prep == nil {
		return nil
	}
	i, oo, err := a.both(inst, o)
	if err != nil {
		if errors.As(err, new(Unsatisfiable)) {
			return nil // Solve and Count will say so; nothing to ready
		}
		return err
	}
	return a.prep.Prepare(i, oo, run)
}

func (a *adapter[I, O]) solve(ctx context.Context, inst, o any, run Run) ([][]int, csp.Result, error) {
	i, oo, err := a.both(inst, o)
	if err != nil {
		return nil, csp.Result{}, err
	}
	return a.p.Solve(ctx, i, oo, run)
}

func (a *adapter[I, O]) count(ctx context.Context, inst, o any, run Run) (csp.Result, error) {
	i, oo, err := a.both(inst, o)
	if err != nil {
		return csp.Result{}, err
	}
	return a.p.Count(ctx, i, oo, run)
}

func (a *adapter[I, O]) check(inst any, grid [][]int) error {
	i, err := typed[I](inst, "instance")
	if err != nil {
		return err
	}
	return a.p.Check(i, grid)
}

func (a *adapter[I, O]) write(w io.Writer, inst any, grid [][]int) error {
	i, err := typed[I](inst, "instance")
	if err != nil {
		return err
	}
	return a.p.Write(w, i, grid)
}

func (a *adapter[I, O]) generate(w io.Writer, o any, g Gen) error {
	if a.gen == nil {
		return ErrUnsupported
	}
	oo, err := typed[O](o, "options")
	if err != nil {
		return err
	}
	return a.gen.Generate(w, oo, g)
}

func (a *adapter[I, O]) model(ctx context.Context, inst, o any) (*csp.Model, func([]int) [][]int, error) {
	if a.mod == nil {
		return nil, nil, ErrUnsupported
	}
	i, oo, err := a.both(inst, o)
	if err != nil {
		return nil, nil, err
	}
	return a.mod.Model(ctx, i, oo)
}

func (a *adapter[I, O]) reason(inst any) (*Reasoning, error) {
	if a.rea == nil {
		return nil, ErrUnsupported
	}
	i, err := a.instance(inst)
	if err != nil {
		return nil, err
	}
	return a.rea.Reason(i)
}

func (a *adapter[I, O]) writeMarks(w io.Writer, inst any, cands [][][]int) error {
	if a.mark == nil {
		return ErrUnsupported
	}
	i, err := typed[I](inst, "instance")
	if err != nil {
		return err
	}
	return a.mark.WriteMarks(w, i, cands)
}

func (a *adapter[I, O]) clues(inst any) []string {
	i, err := typed[I](inst, "instance")
	if a.clue == nil || err != nil {
		return nil
	}
	return a.clue.Clues(i)
}

func (a *adapter[I, O]) keep(inst any, kept []bool) any {
	i, err := typed[I](inst, "instance")
	if a.clue == nil || err != nil {
		return inst
	}
	return a.clue.Keep(i, kept)
}

func (a *adapter[I, O]) give(inst any, givens map[[2]int]int) any {
	i, err := typed[I](inst, "instance")
	if a.clue == nil || err != nil {
		return inst
	}
	return a.clue.Give(i, givens)
}

func (a *adapter[I, O]) givens(inst any) [][]int {
	i, err := typed[I](inst, "instance")
	if a.clue == nil || err != nil {
		return nil
	}
	return a.clue.Givens(i)
}

func (a *adapter[I, O]) census(ctx context.Context, req CensusRequest, list func(string), progress func(done, total int64)) (CensusReport, error) {
	if a.cen == nil {
		return CensusReport{}, ErrUnsupported
	}
	return a.cen.Census(ctx, req, list, progress)
}

func (a *adapter[I, O]) findClues(ctx context.Context, board any, req ClueRequest, found func(ClueSet) error) (ClueReport, error) {
	if a.find == nil {
		return ClueReport{}, ErrUnsupported
	}
	b, err := typed[I](board, "instance")
	if err != nil {
		return ClueReport{}, err
	}
	return a.find.FindClues(ctx, b, req, found)
}

func (a *adapter[I, O]) derived(inst any, grid [][]int) []int {
	i, err := typed[I](inst, "instance")
	if a.der == nil || err != nil {
		return nil
	}
	return a.der.Derived(i, grid)
}

func (a *adapter[I, O]) derivedNames(inst any) []string {
	i, err := typed[I](inst, "instance")
	if a.der == nil || err != nil {
		return nil
	}
	return a.der.DerivedNames(i)
}

func (a *adapter[I, O]) formatDerived(inst any, values []int, known []bool, what string) []string {
	i, err := typed[I](inst, "instance")
	if a.der == nil || err != nil {
		return nil
	}
	return a.der.FormatDerived(i, values, known, what)
}

func (a *adapter[I, O]) board(inst any) (Board, error) {
	if a.draw == nil {
		return Board{}, ErrUnsupported
	}
	i, err := typed[I](inst, "instance")
	if err != nil {
		return Board{}, err
	}
	return a.draw.Board(i), nil
}
