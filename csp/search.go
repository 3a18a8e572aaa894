package csp

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"
	"unsafe"

	"github.com/cspgo/csp/domains"
)

// VarSelect picks the variable to branch on.
type VarSelect uint8

// Variable selection strategies.
const (
	InputOrder VarSelect = iota // first unassigned variable
	MinDomain                   // fewest values left ("first fail")
	// DomWDeg picks the fewest values per failure weight (Boussemart,
	// Hemery, Lecoutre, Sais 2004). A propagator's weight starts at 1 and
	// grows by 1 with each failure it causes; a variable's is the sum over
	// its propagators, kept up to date as failures happen (entailed
	// propagators still count, unlike the paper's "at least two free
	// variables" rule, which would need a scan per decision).
	DomWDeg
	// MaxDensity picks the variable and value of highest solution
	// density over the propagators that estimate densities (Densities):
	// maxSD, Pesant, Quimper and Zanarini, JAIR 2012. It branches on that
	// value whatever Val says, and also on the variable LastConflict
	// hands it (its value of highest density); Var falls back to the
	// smallest domain, and Val to itself, when no propagator gives a
	// density. Its choices do not change with what failed, so with
	// restarts pair it with Nogoods, or each restart replays the same
	// tree.
	MaxDensity
	// Activity picks the variable of highest activity (VSIDS: Moskewicz
	// et al., Chaff, DAC 2001), ties to the smallest domain: with
	// Options.Learn LearnClauses, each variable of a fact met in conflict
	// analysis gains the bump, which grows by 1/0.95 per conflict (old
	// bumps decay). Its value is its target: the one it had, or had
	// last, in the longest branch free of conflict since the last
	// rephasing (target phases, Biere and Fleury, POS 2020; restarts
	// keep it, and rephasing, after a growing number of conflicts, makes
	// it the saved values); else the one it last had (phase saving,
	// Pipatsrisawat and Darwiche, SAT 2007); each only while in the
	// domain, else Val's. Without clause learning there is no analysis
	// to bump from: it acts as DomWDeg.
	Activity
	// LiteralActivity chooses a literal, not a variable: the value v of
	// an unfixed x whose [x = v] has the highest activity, as a SAT
	// solver chooses a Boolean of the direct encoding (Options.Learn
	// LearnClauses: each value of a fact met in conflict analysis gains
	// the bump, decayed as Activity's), and decides it in its phase, as
	// the solver does: x = v, or x != v when the literal was false in the
	// target (the longest branch free of conflict since the last
	// rephasing, as Activity's) or, with no target, when it was last
	// undone (true before either). Values
	// that a propagator makes one (Aliaser: a channel's two views) share
	// one activity. Ties, and the choice before any conflict, go to the
	// first variable and value. The variable of LastConflict keeps its
	// turn, on its most active value; with Phases, in a parallel search's
	// cut and in a breadth-first search it acts as Activity, and without
	// clause learning as DomWDeg.
	LiteralActivity
)

// ValSelect picks how to split the chosen variable's domain.
type ValSelect uint8

// Value selection strategies. Min, Max, Median and Random branch x = v,
// then x != v; Split branches x <= mid, then x > mid, for mid the floor of
// the bounds' mean; ReverseSplit x > mid, then x <= mid. On an interval
// domain (bounds only, see domains.Domain) a value strictly between the
// bounds cannot be refuted, so a choice of one (median, random, density)
// splits there instead: x <= v, then x > v (with Nogoods, which record
// only x = v decisions, the smallest value is chosen instead).
const (
	ValMin ValSelect = iota
	ValMax
	ValSplit
	ValRandom
	// ValDensity picks the value with the highest solution density that
	// the variable's propagators estimate (those implementing Densities;
	// the maximum over them), ties to the first found (or at random with
	// RandomTies), the smallest value when none estimates: the value
	// choice of maxSD (Pesant, Quimper, Zanarini, JAIR 2012) for a
	// variable chosen by Var.
	ValDensity
	// ValMedian picks the median value (the lower of the two middle
	// values of an even-sized domain; for an interval, the floor of the
	// bounds' mean): MiniZinc's indomain_median.
	ValMedian
	// ValReverseSplit branches x > mid, then x <= mid: MiniZinc's
	// indomain_reverse_split.
	ValReverseSplit
)

// Restart is a restart policy. Restarts return to the root after a budget
// of failures (with Learn LearnClauses, to the deepest flip of a count
// once it flips, see Search.block), keeping what dom/wdeg learnt; with
// random tie-breaking each run explores a different part of the tree.
type Restart uint8

// Restart policies.
const (
	NoRestarts Restart = iota
	Luby               // budgets base × 1,1,2,1,1,2,4,1,... (Luby, Sinclair, Zuckerman 1993)
	Geometric          // budgets base × growth^k
	// Glucose restarts when the conflicts of late learn worse clauses than
	// the run's have: a fast moving average of the learned clauses' LBDs
	// passes the slow one by a margin (Audemard and Simon, CP 2012; the
	// averages of Biere and Fröhlich, POS 2015), after at least
	// RestartBase/50 conflicts (2 at the default base) since the last
	// restart. It needs Learn == LearnClauses, which gives the LBDs;
	// without it the budgets are Luby's.
	Glucose
)

// Options configure a search. The zero value is a plain depth-first search
// in input order, smallest value first, without limits.
type Options struct {
	Var           VarSelect
	Val           ValSelect
	Restarts      Restart
	RestartBase   int64   // failures allowed in the first run (default 100)
	RestartGrowth float64 // geometric growth factor (default 1.5)
	Seed          uint64  // seeds the random source of ValRandom and RandomTies
	RandomTies    bool    // break variable-selection ties (and density ties) at random
	// LastConflict makes the variable of the last failed decision the next
	// one to branch on, for as long as it is unassigned (Lecoutre, Sais,
	// Tabary, Vidal, "Reasoning from last conflict(s) in constraint
	// programming", AIJ 2009), whatever Var says.
	LastConflict bool
	// Nogoods records, at each restart, the nogoods of the abandoned
	// branch (for every refuted decision, it and the decisions above it
	// cannot all hold) and propagates them for the rest of the search, so
	// a restart never explores a refuted subtree again (Lecoutre et al.,
	// IJCAI 2007). Only with restarts and value branching (not ValSplit or
	// ValReverseSplit). It is the same as Learn LearnNogoods.
	Nogoods bool
	// Learn is what the search learns from failures (see Learn):
	// LearnNogoods is Nogoods; LearnClauses learns a clause from every
	// conflict, whatever Nogoods says. With LearnClauses, restarts apply
	// to every search, counting and listing too, and keep the clauses;
	// once a count or a listing flips decisions (after its first
	// solutions, see Search.block), they return to the deepest flip, not
	// to the root.
	Learn Learn
	// LearnAfter, with Learn LearnClauses, holds learning back for the
	// first LearnAfter failures: until then the search learns nothing (and
	// Var LiteralActivity chooses as DomWDeg, Glucose restarts as Luby),
	// then it restarts at the root with learning on for the rest of the
	// Run and the Runs after it. Learning makes every failure dearer (an
	// analysis, a clause, the reasons it reads), which instances that a
	// plain search solves within a few thousand failures pay for nothing;
	// the hard ones get it after a short delay. The switch needs a restart,
	// so only a search for one solution makes it (maxSolutions 1; a count
	// or a listing restarted without its clauses would find its solutions
	// again) with Restarts on, and only before its first solution (no
	// clause blocks the solutions found without learning): the others
	// learn nothing. 0 learns from the first failure. Reset holds learning
	// back again.
	LearnAfter int64
	NodeLimit  int64 // stop after this many nodes (0: none)
	FailLimit  int64 // stop after this many failures (0: none)
	TimeLimit  time.Duration
	SaveMode   SaveMode // how the space undoes branches (default Copying)
	// Decisions are the variables to branch on (nil or empty: all). The
	// others are not branched on: a solution assigns the decisions, and
	// a variable that propagation leaves with several values keeps them
	// (Result.Solution gives its smallest), so list every variable, or
	// model so that the decisions fix the rest, for solutions of the
	// whole model. A variable not in the model is a caller's mistake:
	// NewSearch panics, naming it.
	Decisions []Var
	// CopyBudget is the bytes of snapshots Copying may keep before the
	// deeper levels are trailed (Space.SetCopyBudget): 0 means
	// DefaultCopyBudget, negative no bound; with MaxMemory, at most half
	// of it.
	CopyBudget int64
	// MaxMemory, when above 0, bounds the bytes of saved state the search
	// holds: its space's snapshots, trail and per-level bookkeeping, its
	// stack of open choices and decisions, and its learnt nogoods (the
	// model, the propagators and their own state are not counted). The
	// search checks it at every node and stops with MemoryLimit once it is
	// passed. A parallel search or a portfolio applies it to each of its
	// searches. Memory outside the search's accounting is bounded by the
	// caller: cancel the context with ErrMemoryLimit as its cause (see
	// context.WithCancelCause) and the search stops with MemoryLimit too.
	MaxMemory int64
	// Workers, when at least 1, makes Solve and Count search in parallel
	// with that many goroutines (ParallelSolve, ParallelCount at the
	// default depth): the answer is then the same for any number of
	// workers, 1 included, though it may differ from the plain search's.
	// 0: the plain sequential search. Search.Run ignores it. Solve with
	// Learn LearnClauses runs instead, for Workers above 1, a portfolio
	// of that many copies of the search (RunPortfolio: the first as
	// given, the others with seeds Seed+1, Seed+2, ... and scattered
	// activities), which give each other their short learned clauses,
	// the first giving but taking none, so that it searches as alone: a
	// search that learns gains little from cutting its tree in
	// subproblems, whose clauses it would forget from one to the next.
	// Its answer is the same for the same number of workers.
	Workers int
	// Portfolio, when not empty, makes Solve and Count run a portfolio
	// (RunPortfolio): these searches beside the one the other fields
	// describe, each on its own goroutine and space over the shared
	// model, the answer in the fewest nodes winning. Search.Run
	// ignores it.
	Portfolio []Options
	// Order, when BreadthFirst, makes Solve and Count search level by
	// level (BFS) over the same branching; Restarts, Nogoods, Learn,
	// Workers and Portfolio then do not apply and are ignored. Search.Run
	// ignores it.
	Order Order
	// Phases, when not empty, replace Decisions, Var and Val: the search
	// branches on the first phase that has an unassigned variable, with
	// that phase's own choices (MiniZinc's seq_search), and a solution
	// assigns every variable of every phase. A variable in several phases
	// belongs to the first for its value choice. MaxDensity and
	// ValDensity act as MinDomain and ValMin in a phase. Nogoods and
	// restarts apply as without phases. A variable not in the model is a
	// panic, as for Decisions.
	Phases []Phase
	// MaxFrontier caps the open nodes a breadth-first search keeps at
	// once (0: as many as DefaultFrontierBytes holds); the search stops
	// with FrontierLimit rather than grow past it.
	MaxFrontier int64

	// bound, set by Optimize, is the objective's bound every search it
	// makes enforces (see boundProp).
	bound *boundProp
	// scatter, set for the members Solve adds to a search that learns
	// clauses with Workers (see learners), starts the activities at
	// small random values from Seed, so that the members, which break no
	// ties at random once they learn, search apart from the first
	// conflict.
	scatter bool
}

// Phase is one stage of a phased search (Options.Phases): its variables
// and the choices that branch on them.
type Phase struct {
	Vars []Var
	Var  VarSelect
	Val  ValSelect
}

// Stop says why a search ended before exploring its whole tree.
type Stop uint8

// Reasons to stop.
const (
	NotStopped    Stop = iota // the whole tree was explored, or onSolution said stop
	SolutionLimit             // the cap on solutions was reached
	NodeLimit
	FailLimit
	TimeLimit
	Canceled
	FrontierLimit // a breadth-first frontier reached Options.MaxFrontier
	// MemoryLimit: the search passed Options.MaxMemory, or its context
	// was canceled with ErrMemoryLimit as the cause.
	MemoryLimit
)

var stopNames = [...]string{"none", "solution limit", "node limit", "failure limit", "time limit", "canceled", "frontier limit", "memory limit"}

// ErrMemoryLimit is the cause (context.Cause) a caller gives the
// cancellation of a search's context when the process runs short of
// memory: the search then reports MemoryLimit rather than Canceled.
var ErrMemoryLimit = errors.New("csp: memory limit")

// String names the reason.
func (s Stop) String() string { return stopNames[s] }

// Result is what a search found.
type Result struct {
	Solutions int64 // solutions found
	Complete  bool  // the whole tree was explored: Solutions is the exact count
	Stopped   Stop  // the limit that ended the search, if any
	Solution  []int // the first solution, indexed by Var (nil if none)
	Stats     Stats
	// Member is, after a portfolio, the search that answered: 0 for the
	// options themselves, i for Portfolio[i-1].
	Member int
}

// Status summarises a result: "solved" when a solution was found,
// "unsatisfiable" when the complete search found none, "unknown" when a
// limit stopped it first.
func (r *Result) Status() string {
	switch {
	case r.Solutions > 0:
		return "solved"
	case r.Complete:
		return "unsatisfiable"
	}
	return "unknown"
}

// frame is one open choice: the left branch was taken, the right is next.
type frame struct {
	x     Var
	v     int
	split bool // left was x <= v, right is x > v; else left x = v, right x != v (or, neg, the other way)
	rev   bool // with split: left was x > v, right is x <= v
	// neg (LiteralActivity, clause learning): the left branch is x != v,
	// the literal [x = v]'s phase being false.
	neg bool
	// flipped (clause learning): the decision is the left branch's
	// negation, taken once every solution with the left branch and the
	// decisions below was found (Search.flip).
	flipped bool
	at      int32 // length of the decision path before this frame's decision
}

// decided returns the fact the frame's decision makes hold: [x = v], or
// [x != v] for a negative or flipped decision (not both).
func (f frame) decided() Fact { return Fact{f.x, int32(f.v), f.neg == f.flipped} }

// step is a decision on the current branch: x = v, or x != v (refuted).
type step struct {
	d       lit
	refuted bool
}

// Search is a depth-first search engine over one Space. It keeps its space,
// weights and random state between calls to Run: a Run that stopped (at a
// solution, a cap, the time limit or its context) is continued by the
// next one, which never reports a solution twice, except under restarts
// without clause learning (a Run for one solution restarts, and a restart
// may find an earlier solution again; learned clauses block the solutions
// found); make a new Search to start afresh. NodeLimit and FailLimit count
// the nodes and failures of the search since it was made or Reset, over
// all its Runs: once one is reached, every later Run stops at once.
type Search struct {
	space     *Space
	opts      Options
	rng       *rand.Rand
	pcg       *rand.PCG // rng's source, reseeded by Reset
	decisions []Var
	frames    []frame
	stats     Stats
	conflict  Var // the last conflict variable, or -1
	// With Nogoods: the decisions of the current branch, the store and its
	// propagator's index in the space.
	path     []step
	store    *nogoodStore
	storeID  int32
	scratch  []lit
	rootDone bool
	rootOK   bool
	// Where the last Run left off: at a solution (the next Run backtracks
	// from it first) or with the tree exhausted (nothing more to find).
	atSolution, exhausted bool

	// With Options.Phases: the phases, and the value choice of each
	// variable (that of the first phase listing it).
	phases []Phase
	valOf  []ValSelect

	// With Learn LearnClauses: the analysis and clause database (nil when
	// off), and why it is off for a model that asked for it.
	cl       *learner
	learnOff string
	// With LearnAfter: the learner held back, cl once the switch is made.
	late *learner

	// With an objective (Optimize): the bound's propagator and its index
	// in the space.
	bound   *boundProp
	boundID int32

	restartBudget int64 // failures left before the next restart
	restartIndex  int64
	// MaxDensity and ValDensity: the propagators that estimate densities
	// (found at the first choice), which variables are decisions, and the
	// value MaxDensity (or LiteralActivity) picked with its variable;
	// pickedNeg, LiteralActivity's phase for it: decide x != v.
	densProps  []int32
	isDecision []bool
	picked     int
	pickedNeg  bool
	dscan      densityScan
	inRun      bool // within Run: LiteralActivity may use its heap
	// The decision variables unassigned at the root when the list was
	// last made, and the root's mark then (see openDecisions).
	open     []Var
	openMark Mark
	openOK   bool
}

// NewSearch prepares a search of m.
func NewSearch(m *Model, opts Options) *Search {
	e, _ := NewSearchContext(context.Background(), m, opts)
	return e
}

// NewSearchContext is NewSearch under ctx: making the space of a large
// model takes a while (some 100 ms for the 120,000 variables of an
// order-200 Latin square on a loaded machine), so it looks at ctx as it
// goes and returns context.Cause(ctx), and no search, once ctx is done.
// Solve, Count and the other entry points that take a context make their
// searches so; a caller that makes its own search under a deadline
// should too.
func NewSearchContext(ctx context.Context, m *Model, opts Options) (*Search, error) {
	checkOptionVars(m, opts)
	if len(opts.Decisions) == 0 {
		opts.Decisions = nil // empty is all, as nil
	}
	if opts.RestartBase <= 0 {
		opts.RestartBase = 100
	}
	if opts.RestartGrowth <= 1 {
		opts.RestartGrowth = 1.5
	}
	e := &Search{
		opts: opts,
		pcg:  rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15),
	}
	e.rng = rand.New(e.pcg)
	e.decisions = opts.Decisions
	if len(opts.Phases) > 0 {
		e.setPhases(m, opts.Phases)
	}
	if e.decisions == nil {
		e.decisions = make([]Var, m.NumVars())
		for i := range e.decisions {
			e.decisions[i] = Var(i)
		}
	}
	var extra []posted
	if opts.Learn == LearnNogoods {
		opts.Nogoods = true
		e.opts.Nogoods = true
	}
	if opts.Learn == LearnClauses {
		opts.Nogoods = false
		e.opts.Nogoods = false
	}
	if opts.Nogoods && opts.Restarts != NoRestarts && opts.Val != ValSplit && opts.Val != ValReverseSplit {
		e.store = newNogoodStore(e.decisions)
		e.storeID = int32(len(m.props))
		extra = append(extra, posted{p: e.store, event: domains.EventAssigned, vars: e.decisions})
	}
	if b := opts.bound; b != nil {
		// A search's own copy: Optimize tightens it as solutions come
		// (sequentially), or gives each call its snapshot (in parallel).
		e.bound = &boundProp{x: b.x, maximize: b.maximize, has: b.has, best: b.best}
		e.boundID = int32(len(m.props) + len(extra))
		extra = append(extra, posted{p: e.bound, event: domains.EventAssigned, vars: []Var{b.x}})
	}
	var db *clauseDB
	if opts.Learn == LearnClauses {
		if e.learnOff = intervalVar(m); e.learnOff == "" {
			db = &clauseDB{conflict: -1} // numbered when learning starts (startLearning)
			e.cl = &learner{db: db, dbID: int32(len(m.props) + len(extra)), maxBlocked: maxBlocked}
			if opts.LearnAfter > 0 {
				e.late, e.cl = e.cl, nil
			}
			extra = append(extra, posted{p: db, event: domains.EventAssigned})
		}
	}
	sp, err := newSpaceContext(ctx, m, opts.SaveMode, extra)
	if err != nil {
		return nil, err
	}
	e.space = sp
	e.space.SetCopyBudget(copyBudget(opts))
	if e.cl != nil {
		e.startLearning()
	}
	e.restartIndex = 1
	e.conflict = -1
	e.restartBudget = e.budget()
	return e, nil
}

// anySolution is the onSolution of a Run given none: go on.
func anySolution(*Space) bool { return true }

// checkOptionVars panics, naming the option, when opts lists a variable
// not in m: a caller's mistake, as an index out of range is, found before
// it is used as one.
func checkOptionVars(m *Model, opts Options) {
	bad := func(where string, x Var) {
		panic(fmt.Sprintf("csp: Options.%s is variable %d, not in the model (%d variables)", where, x, m.NumVars()))
	}
	for i, x := range opts.Decisions {
		if !m.Has(x) {
			bad(fmt.Sprintf("Decisions[%d]", i), x)
		}
	}
	for k, ph := range opts.Phases {
		for i, x := range ph.Vars {
			if !m.Has(x) {
				bad(fmt.Sprintf("Phases[%d].Vars[%d]", k, i), x)
			}
		}
	}
}

// Reset returns the search to where NewSearch left it: the space back at
// the model's root (see Space.Reset), statistics zeroed, the random source
// reseeded, learnt nogoods and clauses forgotten (learning held back again
// under LearnAfter), an objective's bound back where it started. Narrow
// the root through Space before the next Run to solve another instance of
// the same model without building anything again.
func (e *Search) Reset() {
	if e.late != nil && e.cl != nil { // hold learning back again
		e.cl.reset()
		e.cl = nil
		e.space.stopFacts()
	}
	e.space.Reset()
	e.pcg.Seed(e.opts.Seed, e.opts.Seed^0x9e3779b97f4a7c15) // in place: no garbage per instance
	e.frames = e.frames[:0]
	e.stats = Stats{}
	e.conflict = -1
	e.path = e.path[:0]
	if e.store != nil {
		e.store.reset()
	}
	if e.cl != nil {
		e.cl.reset()
	}
	if e.bound != nil { // back to the bound the search was made with
		e.bound.has, e.bound.best = e.opts.bound.has, e.opts.bound.best
	}
	e.rootDone, e.rootOK = false, false
	e.atSolution, e.exhausted = false, false
	e.restartIndex = 1
	e.restartBudget = e.budget()
}

// setPhases takes phases for the search: the decisions are their
// variables, first phase first, each once; a variable's value choice is
// its first phase's. The density choices become MinDomain and ValMin (they
// read the whole decision list).
func (e *Search) setPhases(m *Model, phases []Phase) {
	e.phases = make([]Phase, len(phases))
	e.valOf = make([]ValSelect, m.NumVars())
	seen := make([]bool, m.NumVars())
	e.decisions = []Var{}
	for i, ph := range phases {
		if ph.Var == MaxDensity {
			ph.Var = MinDomain
		}
		if ph.Val == ValDensity {
			ph.Val = ValMin
		}
		if ph.Var == LiteralActivity { // a phase chooses among its variables
			ph.Var = Activity
		}
		ph.Vars = slices.Clone(ph.Vars)
		e.phases[i] = ph
		for _, x := range ph.Vars {
			if !seen[x] {
				seen[x] = true
				e.valOf[x] = ph.Val
				e.decisions = append(e.decisions, x)
			}
		}
	}
	// Density choices read the whole decision list: off with phases.
	if e.opts.Var == MaxDensity {
		e.opts.Var = MinDomain
	}
	if e.opts.Var == LiteralActivity {
		e.opts.Var = Activity
	}
	if e.opts.Val == ValDensity {
		e.opts.Val = ValMin
	}
}

// copyBudget is the copy budget opts give: CopyBudget, DefaultCopyBudget
// for 0, capped at half of MaxMemory when that is set.
func copyBudget(opts Options) int64 {
	b := opts.CopyBudget
	if b == 0 {
		b = DefaultCopyBudget
	}
	if opts.MaxMemory > 0 && (b < 0 || b > opts.MaxMemory/2) {
		b = opts.MaxMemory / 2
	}
	return b
}

// savedBytes returns the bytes of saved state the search holds, as
// Options.MaxMemory counts them.
func (e *Search) savedBytes() int64 {
	n := e.space.savedBytes() +
		int64(cap(e.frames))*int64(unsafe.Sizeof(frame{})) +
		int64(cap(e.path))*int64(unsafe.Sizeof(step{}))
	if e.store != nil {
		n += e.store.bytes()
	}
	if e.cl != nil {
		n += e.cl.bytes()
	} else if e.late != nil { // held back: its arrays stay from the last switch
		n += e.late.bytes()
	}
	return n
}

// SetNodeLimit sets the node limit of the Runs to come (Options.NodeLimit:
// nodes counted since the search was made or Reset, 0 for none), so that
// a caller can search in slices and do other work between them: a Run
// stopped by the limit is continued by the next on the very path it would
// have taken.
func (e *Search) SetNodeLimit(nodes int64) { e.opts.NodeLimit = nodes }

// Space returns the search's space (at the root before Run).
func (e *Search) Space() *Space { return e.space }

// Stats returns the statistics so far.
func (e *Search) Stats() Stats { return e.statsInto(nil) }

// statsInto is Stats with the kinds' counts in buf's array when it has
// room.
func (e *Search) statsInto(buf []KindStats) Stats {
	st := e.stats
	st.Propagations = e.space.propRuns
	st.Trailed = e.space.trailed
	st.LearnOff = e.learnOff
	st.Clauses = e.cl != nil
	st.Propagators = e.space.kindStats(buf)
	return st
}

// budget returns the failure budget of run number e.restartIndex.
func (e *Search) budget() int64 {
	switch e.opts.Restarts {
	case Luby, Glucose:
		return e.opts.RestartBase * luby(e.restartIndex)
	case Geometric:
		b := float64(e.opts.RestartBase)
		for range e.restartIndex - 1 {
			b *= e.opts.RestartGrowth
			if b > 1e15 {
				break
			}
		}
		return int64(b)
	}
	return -1
}

// luby returns the i-th term (from 1) of the Luby sequence 1,1,2,1,1,2,4,...
func luby(i int64) int64 {
	for {
		k := int64(1)
		for (int64(1)<<k)-1 < i {
			k++
		}
		if i == (int64(1)<<k)-1 {
			return int64(1) << (k - 1)
		}
		i -= (int64(1) << (k - 1)) - 1
	}
}

// limit reports which of the limits every engine shares ends the run
// before its next node: the node and failure limits, the context's end
// (done, nil for a context that never ends), the deadline (looked at
// every 16th tick, as reading the clock costs more than a node check).
// It returns NotStopped when none does.
func (e *Search) limit(ctx context.Context, done <-chan struct{}, deadline time.Time, tick int) Stop {
	switch {
	case e.opts.NodeLimit > 0 && e.stats.Nodes >= e.opts.NodeLimit:
		return NodeLimit
	case e.opts.FailLimit > 0 && e.stats.Failures >= e.opts.FailLimit:
		return FailLimit
	}
	if done != nil {
		select {
		case <-done:
			return StopOf(ctx)
		default:
		}
	}
	if !deadline.IsZero() && tick&15 == 0 && time.Now().After(deadline) {
		return TimeLimit
	}
	return NotStopped
}

// Run searches for solutions and calls onSolution (nil for none) with the
// space at each one (domains all assigned on the decision variables; read
// it, do not keep it). It stops when onSolution returns false, after
// maxSolutions solutions (0: no cap), at a limit, or when ctx is done.
// Restarts apply only when maxSolutions is 1 (counting or listing with
// restarts would revisit solutions), or with Learn LearnClauses, whose
// counts keep the solutions found out of reach (see Search.block).
func (e *Search) Run(ctx context.Context, maxSolutions int64, onSolution func(*Space) bool) Result {
	return e.run(ctx, maxSolutions, onSolution, nil, nil)
}

// RunInto is Run writing its result into *res, over what res held: the
// arrays of res.Solution and res.Stats.Propagators are reused when they
// have room (a value per variable, a count per kind of propagator), so
// that a search reused instance after instance (Reset) with the same res
// allocates nothing per run. Whatever still refers to those arrays sees
// the new run's values.
func (e *Search) RunInto(ctx context.Context, maxSolutions int64, onSolution func(*Space) bool, res *Result) {
	*res = e.run(ctx, maxSolutions, onSolution, res.Solution, res.Stats.Propagators)
}

// run is Run, with the first solution written into into's array and the
// kinds' counts into kinds' when they have room (RunInto).
func (e *Search) run(ctx context.Context, maxSolutions int64, onSolution func(*Space) bool, into []int, kinds []KindStats) Result {
	start := time.Now()
	if onSolution == nil {
		onSolution = anySolution
	}
	e.inRun = true
	defer func() { e.inRun = false }()
	sp := e.space
	// Restarts would revisit solutions when counting, except with
	// learned clauses, whose restarts keep the levels that record the
	// solutions found (flip).
	restarts := e.opts.Restarts != NoRestarts && (maxSolutions == 1 || e.cl != nil)
	var deadline time.Time
	if e.opts.TimeLimit > 0 {
		deadline = start.Add(e.opts.TimeLimit)
	}
	done := ctx.Done()
	sp.done = done // propagation looks at ctx too
	defer func() { sp.done = nil }()
	res := Result{}
	finish := func() Result { // every return goes through here: one clock read
		e.stats.SolveTime += time.Since(start)
		res.Stats = e.statsInto(kinds)
		return res
	}

	if !e.rootDone {
		e.rootOK = sp.Propagate()
		e.rootDone = !sp.cut // cut short: propagate the root again next time
		if !e.rootOK {
			e.stats.Failures++
		}
	}
	if sp.cut {
		if ctx.Err() != nil {
			res.Stopped = StopOf(ctx)
			return finish()
		}
		// The last Run's context cut a node's propagation short: finish
		// it before choosing anything.
		if !sp.Propagate() && !e.backtrack(restarts) {
			e.exhausted = true
		}
	}
	if !e.rootOK || e.exhausted {
		res.Complete = true
		return finish()
	}
	if e.atSolution {
		e.atSolution = false
		if !e.backtrack(false) {
			e.exhausted = true
			res.Complete = true
			return finish()
		}
	}
	found := int64(0)
	for tick := 0; ; tick++ {
		// Limits.
		if e.opts.MaxMemory > 0 && e.savedBytes() > e.opts.MaxMemory {
			res.Stopped = MemoryLimit
			return finish()
		}
		if res.Stopped = e.limit(ctx, done, deadline, tick); res.Stopped != NotStopped {
			return finish()
		}

		x := e.selectVar()
		if x < 0 {
			found++
			e.stats.Solutions++
			res.Solutions = found
			if res.Solution == nil {
				res.Solution = sp.Values(into)
			}
			if !onSolution(sp) {
				e.atSolution = true
				return finish()
			}
			if maxSolutions > 0 && found >= maxSolutions {
				e.atSolution = true
				res.Stopped = SolutionLimit
				return finish()
			}
			if !e.backtrack(false) {
				e.exhausted = true
				res.Complete = true
				return finish()
			}
			continue
		}
		f := e.selectValue(x)
		if e.store != nil {
			f.at = int32(len(e.path))
			e.path = append(e.path, step{d: lit{f.x, int32(f.v)}})
		}
		sp.Push()
		e.frames = append(e.frames, f)
		e.stats.Nodes++
		if len(e.frames) > e.stats.PeakDepth {
			e.stats.PeakDepth = len(e.frames)
		}
		sp.SetCause(CauseDecision)
		ok := narrow(sp, f.x, f.v, f.split, f.rev, f.neg)
		sp.SetCause(0)
		if ok && sp.Propagate() {
			continue
		}
		if e.opts.LastConflict {
			e.conflict = f.x
		}
		if !e.backtrack(restarts) {
			e.exhausted = true
			res.Complete = true
			return finish()
		}
	}
}

// backtrack books the failure of the current node (when failed) and moves
// to the next open right branch that propagates. It reports false when the
// tree is exhausted. With restarts on, a spent budget sends the search back
// to the root instead.
func (e *Search) backtrack(restarts bool) bool {
	sp := e.space
	failed := sp.Failed()
	if e.cl != nil {
		if failed {
			return e.resolve(restarts)
		}
		return e.block(restarts)
	}
	for {
		if failed {
			e.stats.Failures++
			if restarts {
				e.restartBudget--
				late := e.late != nil && e.stats.Failures >= e.opts.LearnAfter && e.stats.Solutions == 0
				if (e.restartBudget <= 0 || late) && len(e.frames) > 0 {
					for range e.frames {
						sp.Pop()
					}
					e.frames = e.frames[:0]
					e.conflict = -1
					if late { // a new search, learning: the restart budgets start again
						e.cl = e.late
						e.startLearning()
						e.restartIndex = 0
					}
					if e.store != nil {
						e.learn()
					}
					if e.tighten() || e.store != nil {
						if !sp.Propagate() {
							return false // the nogoods or the bound refute the root
						}
					}
					e.stats.Restarts++
					e.restartIndex++
					e.restartBudget = e.budget()
					return true
				}
			}
		}
		if len(e.frames) == 0 {
			return false
		}
		f := e.frames[len(e.frames)-1]
		e.frames = e.frames[:len(e.frames)-1]
		sp.Pop()
		e.tighten()
		e.stats.Nodes++
		if e.store != nil {
			e.path = append(e.path[:f.at], step{d: lit{f.x, int32(f.v)}, refuted: true})
		}
		if narrow(sp, f.x, f.v, f.split, f.rev, true) && sp.Propagate() {
			return true
		}
		failed = true
	}
}

// tighten schedules the objective's bound after a backtrack (the domains
// restored predate the last improvement), and reports whether it did.
func (e *Search) tighten() bool {
	if e.bound == nil || !e.bound.has {
		return false
	}
	e.space.schedule(e.boundID)
	return true
}

// learn turns the abandoned branch into nogoods: each refuted decision,
// with the decisions taken above it, cannot all hold. The store propagates
// them from the root on.
func (e *Search) learn() {
	e.scratch = e.scratch[:0]
	for _, st := range e.path {
		if !st.refuted {
			e.scratch = append(e.scratch, st.d)
			continue
		}
		if len(e.scratch) > 0 { // a refutation at the root is already permanent
			e.store.add(append(e.scratch, st.d))
		}
	}
	// The node where the budget ran out failed too: all the decisions
	// still standing on the branch cannot hold together.
	if len(e.scratch) > 0 {
		e.store.add(e.scratch)
	}
	e.path = e.path[:0]
	e.space.schedule(e.storeID)
}

// selectVar returns the variable to branch on, or -1 when every decision
// variable is assigned.
func (e *Search) selectVar() Var {
	sp := e.space
	e.picked, e.pickedNeg = -1, false
	if e.conflict >= 0 {
		if sp.doms[e.conflict].Size() > 1 {
			return e.conflict
		}
		e.conflict = -1
	}
	if e.phases != nil {
		return e.selectPhase()
	}
	if e.opts.Var == MinDomain && sp.oneWord {
		return e.minDomainOneWord()
	}
	sel := e.opts.Var
	if (sel == Activity || sel == LiteralActivity) && e.cl == nil {
		sel = DomWDeg // nothing to bump without clause learning (yet)
	}
	vars := e.openDecisions()
	if sel == Activity {
		return e.pick(vars, Activity)
	}
	if sel == LiteralActivity {
		// Only the depth-first run keeps the heap: a parallel cut or a
		// breadth-first level pops the space without the backjump that
		// puts values back, and chooses as Activity does.
		if l := e.cl; l.order != nil && e.inRun { // sel is LiteralActivity only with learning on
			if x, v, neg, ok := l.order.pick(sp, l.db); ok {
				e.picked, e.pickedNeg = v, neg
				return x
			}
		}
		return e.pick(vars, Activity) // every value decided: check
	}
	if e.opts.Var == MaxDensity {
		if x, v := e.densityPick(-1); x >= 0 {
			e.picked = v
			return x
		}
		// No density: the smallest domain, and Val.
	}
	if sp.oneWord && sel != InputOrder {
		return e.minRatioOneWord(vars, sel == DomWDeg)
	}
	return e.pick(vars, sel)
}

// openDecisions returns the decision variables the scans of selectVar
// look at: at the root, those with more than one value, a list kept until
// the next time the search is at the root; below it, that list while the
// space holds the root's mark (Space.Holds: every domain is within what
// it was then, so a variable assigned at the root stays assigned), else
// every decision variable. The scans skip assigned variables anyway, in
// the same order, so the choice is the same; on a large puzzle with many
// givens most decision variables are assigned at the root, and the scan
// per node is the search's largest cost after propagation.
func (e *Search) openDecisions() []Var {
	sp := e.space
	if sp.level == 0 {
		e.open = e.open[:0]
		for _, x := range e.decisions {
			if sp.doms[x].Size() > 1 {
				e.open = append(e.open, x)
			}
		}
		e.openMark, e.openOK = sp.Mark(), true
		return e.open
	}
	if e.openOK && sp.Holds(e.openMark) {
		return e.open
	}
	return e.decisions
}

// selectPhase is selectVar with Options.Phases: the variable the first
// phase with one unassigned picks by its own choice.
func (e *Search) selectPhase() Var {
	for i := range e.phases {
		if x := e.pick(e.phases[i].Vars, e.phases[i].Var); x >= 0 {
			return x
		}
	}
	return -1
}

// pick returns the variable of vars with more than one value that sel
// prefers (fewest values, per weight with DomWDeg; the first with
// InputOrder; ties to the first or at random), or -1 when all are
// assigned.
func (e *Search) pick(vars []Var, sel VarSelect) Var {
	sp := e.space
	if sel == Activity {
		if e.cl != nil {
			return e.pickActivity(vars)
		}
		sel = DomWDeg
	}
	best := Var(-1)
	var bestSize, bestW int64
	ties := 0
	for _, x := range vars {
		size := int64(sp.doms[x].Size())
		if size <= 1 {
			continue
		}
		if sel == InputOrder {
			return x
		}
		w := int64(1)
		if sel == DomWDeg {
			w = max(sp.wdeg[x], 1)
		}
		// Compare size/w < bestSize/bestW without division.
		switch {
		case best < 0 || size*bestW < bestSize*w:
			best, bestSize, bestW, ties = x, size, w, 1
		case size*bestW == bestSize*w && e.opts.RandomTies:
			ties++
			if e.rng.IntN(ties) == 0 {
				best = x
			}
		}
	}
	return best
}

// minRatioOneWord is the rest of selectVar when every domain is one word
// and the order is not InputOrder: the same scan, with a popcount for the
// size, by dom/wdeg when dw is set, else by domain size. With ties to the
// first it runs without a branch on whether a variable is assigned: an
// assigned variable counts as 65 values of weight 1, a ratio above any
// real one (a one-word domain has at most 64 values), so it never wins,
// and the loop's only branch is the rare new best. With random ties (the
// command line's default under restarts) the scan is minRatioOneWordTies. The products stay exact while weights stay
// below 2^56, some 10^17 failures. (How the speed of this scan moved with
// the placement of its code: docs/BENCHMARKS.md, "The latin loss found".)
func (e *Search) minRatioOneWord(vars []Var, dw bool) Var {
	if e.opts.RandomTies {
		return e.minRatioOneWordTies(vars, dw)
	}
	words, wdeg := e.space.words, e.space.wdeg
	best := Var(-1)
	bestSize, bestW := int64(65), int64(1)
	if !dw {
		for _, x := range vars {
			size := int64(bits.OnesCount64(words[x]))
			if size <= 1 {
				size = 65
			}
			if size < bestSize {
				best, bestSize = x, size
			}
		}
		return best
	}
	for _, x := range vars {
		size := int64(bits.OnesCount64(words[x]))
		w := max(wdeg[x], 1)
		if size <= 1 {
			size, w = 65, 1
		}
		// Compare size/w < bestSize/bestW without division.
		if size*bestW < bestSize*w {
			best, bestSize, bestW = x, size, w
		}
	}
	return best
}

// minRatioOneWordTies is minRatioOneWord with random ties: the scan of
// pick, with a popcount for the size.
func (e *Search) minRatioOneWordTies(vars []Var, dw bool) Var {
	sp := e.space
	words, wdeg := sp.words, sp.wdeg
	best := Var(-1)
	var bestSize, bestW int64
	ties := 0
	for _, x := range vars {
		size := int64(bits.OnesCount64(words[x]))
		if size <= 1 {
			continue
		}
		w := int64(1)
		if dw {
			w = max(wdeg[x], 1)
		}
		switch {
		case best < 0 || size*bestW < bestSize*w:
			best, bestSize, bestW, ties = x, size, w, 1
		case size*bestW == bestSize*w:
			ties++
			if e.rng.IntN(ties) == 0 {
				best = x
			}
		}
	}
	return best
}

// minDomainOneWord is selectVar for MinDomain when every domain is one
// word: a popcount per variable, and a stop at the first variable with two
// values, which nothing unassigned beats. With ties to the first the scan
// starts at the first decision variable; with random ties it starts at a
// random one and wraps around, so that ties go to the first after a random
// point (not uniform among ties, but spread over the model, and one draw
// per node).
func (e *Search) minDomainOneWord() Var {
	sp := e.space
	start := 0
	if e.opts.RandomTies {
		start = e.rng.IntN(len(e.decisions))
	}
	best, bestSize := Var(-1), 65
	for _, part := range [2][]Var{e.decisions[start:], e.decisions[:start]} {
		for _, x := range part {
			size := bits.OnesCount64(sp.words[sp.off[x]])
			if size > 1 && size < bestSize {
				best, bestSize = x, size
				if size == 2 {
					return best
				}
			}
		}
	}
	return best
}

// narrow takes one branch of a choice on x at v: the left (right false)
// or the right. With split the left is x <= v and the right x > v,
// swapped with rev; without, x = v and x != v. It reports false when s
// failed.
func narrow(s *Space, x Var, v int, split, rev, right bool) bool {
	switch {
	case split && right != rev:
		return s.RemoveBelow(x, v+1)
	case split:
		return s.RemoveAbove(x, v)
	case right:
		return s.Remove(x, v)
	}
	return s.Assign(x, v)
}

// selectValue returns the choice to make on x.
func (e *Search) selectValue(x Var) frame {
	d := &e.space.doms[x]
	if e.opts.Var == MaxDensity && e.picked >= 0 {
		return e.fit(d, frame{x: x, v: e.picked})
	}
	if l := e.cl; e.opts.Var == LiteralActivity && l != nil && l.order != nil {
		if e.picked >= 0 {
			return frame{x: x, v: e.picked, neg: e.pickedNeg}
		}
		return frame{x: x, v: l.order.best(d, x, l.db)} // the last conflict's
	}
	// ValDensity, or MaxDensity on the last conflict's variable.
	if e.opts.Var == MaxDensity || e.opts.Val == ValDensity {
		if y, v := e.densityPick(x); y == x {
			return e.fit(d, frame{x: x, v: v})
		}
	}
	val := e.opts.Val
	if e.valOf != nil {
		val = e.valOf[x]
	}
	if e.cl != nil {
		if l := e.cl; e.opts.Var == Activity {
			if l.target != nil && l.target[x] >= 0 && d.Contains(int(l.target[x])) {
				return frame{x: x, v: int(l.target[x])} // target phase
			}
			if l.phased[x] && d.Contains(int(l.phase[x])) {
				return frame{x: x, v: int(l.phase[x])} // saved phase
			}
		}
		switch val { // decisions are x = v only
		case ValSplit:
			val = ValMin
		case ValReverseSplit:
			val = ValMax
		}
	}
	switch val {
	case ValMax:
		return frame{x: x, v: d.Max()}
	case ValSplit, ValReverseSplit:
		lo := d.Min()
		return frame{x: x, v: lo + (d.Max()-lo)/2, split: true, rev: val == ValReverseSplit}
	case ValMedian:
		if d.IsInterval() {
			lo := d.Min()
			return e.fit(d, frame{x: x, v: lo + (d.Max()-lo)/2})
		}
		k := (d.Size() - 1) / 2
		for v := range d.Values() {
			if k == 0 {
				return frame{x: x, v: v}
			}
			k--
		}
	case ValRandom:
		if d.IsInterval() {
			lo := d.Min()
			return e.fit(d, frame{x: x, v: lo + e.rng.IntN(d.Max()-lo+1)})
		}
		k := e.rng.IntN(d.Size())
		for v := range d.Values() {
			if k == 0 {
				return frame{x: x, v: v}
			}
			k--
		}
	}
	return frame{x: x, v: d.Min()}
}

// fit turns a choice x = v on an interval at a value strictly between its
// bounds, where x != v could not be stored, into a split at v (or, with
// nogoods, a choice of the smallest value).
func (e *Search) fit(d *domains.Domain, f frame) frame {
	if !d.IsInterval() || f.v == d.Min() || f.v == d.Max() {
		return f
	}
	if e.store != nil {
		f.v = d.Min()
		return f
	}
	f.split = true
	return f
}

// Solve returns the first solution of m (with opts.Workers, the solution
// ParallelSolve finds, or, learning clauses, the portfolio's; with
// opts.Order BreadthFirst, the first a BFS finds).
func Solve(ctx context.Context, m *Model, opts Options) Result {
	if opts.Order == BreadthFirst {
		return NewBFS(m, opts).Run(ctx, 1, func(*Space) bool { return true })
	}
	if len(opts.Portfolio) > 0 {
		return RunPortfolio(ctx, m, opts, 1)
	}
	if opts.Workers > 0 && opts.Learn == LearnClauses {
		if opts.Workers == 1 {
			opts.Workers = 0
			return runUnder(ctx, m, opts, 1)
		}
		return RunPortfolio(ctx, m, learners(opts), 1)
	}
	if opts.Workers > 0 {
		return ParallelSolve(ctx, m, opts, Parallel{Workers: opts.Workers})
	}
	return runUnder(ctx, m, opts, 1)
}

// learners returns opts, a search that learns clauses with Workers, as a
// portfolio of Workers searches: opts, then copies with seeds Seed+1,
// Seed+2, ... and scattered activities (see Options.scatter).
func learners(opts Options) Options {
	members := make([]Options, opts.Workers-1)
	for i := range members {
		o := opts
		o.Workers, o.Seed, o.scatter = 0, opts.Seed+uint64(i+1), true
		members[i] = o
	}
	opts.Workers, opts.Portfolio = 0, members
	return opts
}

// Count counts the solutions of m, stopping at limit (0: no cap). A limit of
// 2 answers "is the solution unique?".
func Count(ctx context.Context, m *Model, opts Options, limit int64) Result {
	if opts.Order == BreadthFirst {
		return NewBFS(m, opts).Run(ctx, limit, func(*Space) bool { return true })
	}
	if len(opts.Portfolio) > 0 {
		return RunPortfolio(ctx, m, opts, limit)
	}
	if opts.Workers > 0 {
		return ParallelCount(ctx, m, opts, limit, Parallel{Workers: opts.Workers})
	}
	return runUnder(ctx, m, opts, limit)
}

// runUnder makes a sequential search of m under ctx and runs it to limit
// solutions: a context that ends while the space is being made stops the
// search there, as it would at its root.
func runUnder(ctx context.Context, m *Model, opts Options, limit int64) Result {
	start := time.Now()
	e, err := NewSearchContext(ctx, m, opts)
	if err != nil {
		return Result{Stopped: StopOf(ctx), Stats: Stats{SolveTime: time.Since(start)}}
	}
	return e.Run(ctx, limit, func(*Space) bool { return true })
}

// All yields every solution in search order, as values indexed by Var. The
// slice is reused between solutions: copy it to keep it. Stopping the loop
// stops the search; Stats tells what it took.
func (e *Search) All(ctx context.Context) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		var buf []int
		e.Run(ctx, 0, func(sp *Space) bool {
			buf = sp.Values(buf)
			return yield(buf)
		})
	}
}
