package catalog

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"

	"github.com/cspgo/csp/csp"
)

// Language is a modelling-language front end, for its model type M (one
// model as read, whole) and its options type O (the build choices its
// flags make, parsed once). Where a Problem is one puzzle with its own
// reader, model and checker, a Language reads models written in a
// language (FlatZinc, which MiniZinc compiles every model to) and builds
// each onto the engine; the run's output form, status line and statistics
// are the language's own. problems/flatzinc implements it and registers
// from its init function:
//
//	func init() { catalog.RegisterLanguage[*Model, BuildOptions](language{}) }
//
// and the command line drives it through LookupLanguage, importing no
// front end. What more a language can do it says by implementing Scoper
// and Installer, found by type assertion.
type Language[M, O any] interface {
	// Info names the language and lists the flags that change how its
	// models are built.
	Info() LanguageInfo
	// Read reads one model, whole, from r; a malformed one is an error
	// that names its place.
	Read(r io.Reader) (M, error)
	// Options turns the text of the language's flags in s (Settings.Flag)
	// into its build options, once per run; a bad value is a *FlagError
	// (see ParseFlag).
	Options(s *Settings) (O, error)
	// Build builds m onto the engine under o. It does not change m:
	// several goroutines may build one model at once. A long build looks
	// at ctx and returns context.Cause(ctx) once it is done.
	Build(ctx context.Context, m M, o O) (Built, error)
	// WriteStatus writes the line that ends the output of a run, in the
	// language's form, for a model with goal after the run that gave rep
	// under s (nothing, when the form has none for it). A run stopped
	// before its model was built is the zero SolveReport.
	WriteStatus(w io.Writer, goal Goal, rep SolveReport, s SolveSettings) error
}

// LanguageInfo is what the command line shows of a language.
type LanguageInfo struct {
	// Name is the name the command line knows it by: the prefix of its
	// inputs to bench (fzn:FILE) and the problem of their records.
	Name  string
	Title string // the language's own name, for messages: "FlatZinc"
	Ext   string // the extension of its files, with the dot: ".fzn"
	// Flags are the flags that change how its models are built (bench's
	// --alldiff for FlatZinc), parsed by Options.
	Flags []Flag
}

// Built is a model a Language built onto the engine, ready to solve, as
// many times as asked.
type Built interface {
	// Goal says what the model asks: a solution, or the least or the
	// greatest value of its objective.
	Goal() Goal
	// Solve runs the search under s. Every solution is checked by the
	// language's independent checker, then written to w in the language's
	// output form as soon as it is found (w nil: none is written); a
	// solution the checker refuses, or a failed write, ends the run with
	// that error. A satisfaction model gives its first solution, the
	// first s.Solutions, or all with s.All; an optimisation model is
	// solved by branch and bound, every improving solution written with
	// s.All or s.Intermediate, else the best at the end. SolveReport.Complete
	// then says the last is optimal.
	Solve(ctx context.Context, w io.Writer, s SolveSettings) (SolveReport, error)
	// WriteStats writes the statistics of the run that gave rep, in the
	// language's form, init being the time reading and building the model
	// took.
	WriteStats(w io.Writer, rep SolveReport, init time.Duration) error
}

// Goal is what a model asks of a search.
type Goal uint8

// Goals.
const (
	Satisfy  Goal = iota // any solution
	Minimize             // the least value of the objective
	Maximize             // the greatest value of the objective
)

func (g Goal) String() string {
	if int(g) < len(goalNames) {
		return goalNames[g]
	}
	return fmt.Sprintf("Goal(%d)", g)
}

var goalNames = [...]string{"satisfy", "minimize", "maximize"}

// SolveSettings are what a run of a language's model asks, as MiniZinc's
// standard solver flags ask it. The zero value asks one solution with the
// model's own search.
type SolveSettings struct {
	All          bool          // -a: every solution (satisfaction); every improving one (optimisation)
	Solutions    int64         // -n: stop after this many solutions (0: one, or all with All)
	Intermediate bool          // -i: write improving solutions of an optimisation
	Free         bool          // -f: the engine's own search, the model's search annotations ignored
	TimeLimit    time.Duration // -t (0: none)
	Workers      int           // -p: parallel search for one solution of a satisfaction model (0 or 1: sequential)
	Seed         uint64        // -r (0: the search's own)
	Learn        csp.Learn     // --learn: learning from failures (LearnNone: the search's own)
	LearnAfter   int64         // --learn-after: failures before learning starts (0: the search's own)
	// Adjust, when set, is handed the engine options the run would use
	// (the model's search or the free one, with the settings above) and
	// returns those it uses: bench's configurations set the search flags
	// they give on top of a model's own search this way.
	Adjust func(csp.Options) csp.Options
}

// SolveReport is how a run ended.
type SolveReport struct {
	Solutions int64
	// Complete: the search space was exhausted: every solution was found
	// (satisfaction) or the last one is optimal (optimisation), or there
	// is none.
	Complete bool
	Stopped  csp.Stop
	// Stats are the search's; their SolveTime is the search's own time:
	// it leaves out the part of OutputTime the search's clock counted, and
	// is never negative.
	Stats csp.Stats
	// OutputTime is the time spent checking and writing solutions (in
	// Built.Solve), during the search (which the search's clock would
	// otherwise count) or after it (the best solution of an optimisation,
	// a parallel search's solution).
	OutputTime time.Duration
	// Objective is the best objective value found (optimisation, with
	// Solutions > 0).
	Objective int64
}

// Scoper is a language whose flags change only some of its models: FlatZinc's
// --alldiff changes the models that post the engine's all-different, those
// compiled with csp's library.
type Scoper[M any] interface {
	// Applies reports whether flag, one of Info().Flags, changes how m is
	// built.
	Applies(m M, flag string) bool
	// Scope says which models flag changes, for people, as the end of
	// "--alldiff applies to 2 of its 5 FlatZinc models: ...".
	Scope(flag string) string
}

// Installer is a language whose own tools can run this program as their
// solver, once set up (MiniZinc, for FlatZinc: csp fzn --install).
type Installer interface {
	// Install sets the tools up in dir ("": where they look by default)
	// to run the program at path self, and says on w, for people, what it
	// did.
	Install(w io.Writer, dir, self string) error
}

// LanguageEntry is a registered Language as the command line drives it:
// models travel as *Source, options inside *Settings (see Configure).
type LanguageEntry struct {
	LanguageInfo
	CanInstall bool // the language is an Installer

	d langDriver
}

// Source is one model a language read, whole. It can be built any number
// of times, under different settings, by several goroutines at once.
type Source struct {
	build   func(ctx context.Context, s *Settings) (Built, error)
	applies func(flag string) bool
}

// Build builds the model onto the engine under the options Configure made
// in s (nil: every flag at its default). A done ctx may stop the building.
func (src *Source) Build(ctx context.Context, s *Settings) (Built, error) { return src.build(ctx, s) }

// Applies reports whether flag, a flag of the language, changes how the
// model is built (true when the language is no Scoper: its flags change
// every model).
func (src *Source) Applies(flag string) bool { return src.applies(flag) }

// NewLanguageSettings returns settings with l's flag defaults.
func NewLanguageSettings(l *LanguageEntry) *Settings { return settingsWith(l.Flags) }

// Configure parses the text of the language's flags in s into its build
// options, once: a bad value is a *FlagError. Configure s before builds
// that run at once: Build configures an unconfigured s on every call.
func (l *LanguageEntry) Configure(s *Settings) error {
	o, err := l.d.options(s)
	if err != nil {
		return err
	}
	s.opts = o
	return nil
}

// Read reads one model, whole, from r.
func (l *LanguageEntry) Read(r io.Reader) (*Source, error) { return l.d.read(r) }

// WriteStatus writes the line that ends a run's output (see
// Language.WriteStatus).
func (l *LanguageEntry) WriteStatus(w io.Writer, goal Goal, rep SolveReport, s SolveSettings) error {
	return l.d.writeStatus(w, goal, rep, s)
}

// Scope says which models flag changes ("" when the language is no
// Scoper).
func (l *LanguageEntry) Scope(flag string) string { return l.d.scope(flag) }

// Install sets the language's tools up to run the program at self (see
// Installer); ErrUnsupported when the language is no Installer.
func (l *LanguageEntry) Install(w io.Writer, dir, self string) error {
	return l.d.install(w, dir, self)
}

var languages = map[string]*LanguageEntry{} // guarded by mu

// RegisterLanguage adds l to the catalog. It panics when the name is
// empty or taken, by a language or a problem: both are programming
// errors, found at start-up.
func RegisterLanguage[M, O any](l Language[M, O]) {
	e := adaptLanguage(l)
	mu.Lock()
	defer mu.Unlock()
	claim("language", e.Name)
	languages[e.Name] = e
}

// LookupLanguage returns the language registered under name.
func LookupLanguage(name string) (*LanguageEntry, bool) {
	mu.Lock()
	defer mu.Unlock()
	l, ok := languages[name]
	return l, ok
}

// Languages returns the names of the registered languages in order.
func Languages() []string {
	mu.Lock()
	defer mu.Unlock()
	return slices.Sorted(maps.Keys(languages))
}

// langDriver is what a LanguageEntry calls: the typed language behind an
// untyped face.
type langDriver interface {
	options(s *Settings) (any, error)
	read(r io.Reader) (*Source, error)
	writeStatus(w io.Writer, goal Goal, rep SolveReport, s SolveSettings) error
	scope(flag string) string
	install(w io.Writer, dir, self string) error
}

// langAdapter is the LanguageEntry's driver for a Language[M, O]: a model
// stays an M inside its Source's functions; the options come back from
// Settings through optionsOf.
type langAdapter[M, O any] struct {
	l         Language[M, O]
	scoper    Scoper[M]
	installer Installer
}

func (a *langAdapter[M, O]) options(s *Settings) (any, error) { return a.l.Options(s) }

// typedOptions returns the options Configure made in s, or makes them
// when s was not configured (nil s: every flag at its default).
func (a *langAdapter[M, O]) typedOptions(s *Settings) (O, error) {
	if s == nil {
		s = settingsWith(a.l.Info().Flags)
	}
	if s.opts == nil {
		return a.l.Options(s)
	}
	return optionsOf[O](s)
}

func (a *langAdapter[M, O]) read(r io.Reader) (*Source, error) {
	m, err := a.l.Read(r)
	if err != nil {
		return nil, err
	}
	return &Source{
		build: func(ctx context.Context, s *Settings) (Built, error) {
			o, err := a.typedOptions(s)
			if err != nil {
				return nil, err
			}
			return a.l.Build(ctx, m, o)
		},
		applies: func(flag string) bool { return a.scoper == nil || a.scoper.Applies(m, flag) },
	}, nil
}

func (a *langAdapter[M, O]) writeStatus(w io.Writer, goal Goal, rep SolveReport, s SolveSettings) error {
	return a.l.WriteStatus(w, goal, rep, s)
}

func (a *langAdapter[M, O]) scope(flag string) string {
	if a.scoper == nil {
		return ""
	}
	return a.scoper.Scope(flag)
}

func (a *langAdapter[M, O]) install(w io.Writer, dir, self string) error {
	if a.installer == nil {
		return ErrUnsupported
	}
	return a.installer.Install(w, dir, self)
}
