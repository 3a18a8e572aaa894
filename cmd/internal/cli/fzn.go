package cli

import (
	"context"
	"errors"
	"flag"
	"io"
	"strings"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// fznConfig holds csp fzn's flags: MiniZinc's standard solver flags.
type fznConfig struct {
	all, intermediate, free, stats bool
	learn                          csp.Learn
	learnAfter                     int64
	solutions, timeMS, workers     int64
	seed                           uint64
	install                        bool
}

// fzn is "csp fzn [flags] FILE.fzn|-": the FlatZinc solver MiniZinc
// calls. It prints the solutions and the status lines of the FlatZinc
// specification on standard output (with -s, statistics as
// %%%mzn-stat lines), errors on standard error. Exit status: 0 when the
// run ended normally (solutions found, unsatisfiable, or stopped by -t),
// 1 for a FlatZinc input it cannot read or solve, 2 on a usage error.
func fzn(e env, args []string) int {
	c := fznConfig{}
	fs := flag.NewFlagSet("csp fzn", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&c.all, "a", false, "")
	fs.BoolVar(&c.intermediate, "i", false, "")
	fs.BoolVar(&c.free, "f", false, "")
	fs.BoolVar(&c.stats, "s", false, "")
	fs.Var(intFlag{&c.solutions, 1}, "n", "")
	fs.Var(intFlag{&c.timeMS, 0}, "t", "")
	fs.Var(intFlag{&c.workers, 1}, "p", "")
	fs.Uint64Var(&c.seed, "r", 0, "")
	fs.BoolVar(&c.install, "install", false, "")
	fs.Var(namedFlag[csp.Learn]{&c.learn, csp.ParseLearn, len(csp.LearnNames())}, "learn", "")
	fs.Var(intFlag{&c.learnAfter, 0}, "learn-after", "")
	pos, err := parseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		e.stdout.Print(fznUsage)
		return 0
	case err != nil:
		return UsageError(e.stderr, "fzn: %v", err)
	}
	lang, ok := catalog.LookupLanguage(fznLanguage)
	if !ok {
		e.stderr.Printf("csp fzn: FlatZinc is not registered (problems/all registers it)\n")
		return 1
	}
	if c.install {
		if len(pos) > 1 {
			return UsageError(e.stderr, "fzn: --install takes at most one DIR")
		}
		return fznInstall(e, lang, strings.Join(pos, ""))
	}
	if len(pos) != 1 {
		return UsageError(e.stderr, "fzn: want one FILE.fzn (or - for standard input)")
	}
	in, done, err := openInput(e, pos[0])
	if err != nil {
		e.stderr.Printf("csp fzn: %v\n", err)
		return 1
	}
	defer done()

	ctx, cancel := Interrupts()
	defer cancel()
	start := time.Now()
	ictx, release := InstanceContext(ctx, time.Duration(c.timeMS)*time.Millisecond)
	defer release()
	s := catalog.SolveSettings{All: c.all, Intermediate: c.intermediate, Free: c.free, Workers: int(c.workers), Seed: c.seed, Learn: c.learn, LearnAfter: c.learnAfter}
	if visited(fs, "n") {
		s.Solutions = c.solutions
	}
	model, err := readWithin(ictx, lang, in)
	var p catalog.Built
	if err == nil {
		p, err = model.Build(ictx, nil)
	}
	if err != nil {
		if stoppedBy(ictx, err) == csp.NotStopped {
			e.stderr.Printf("csp fzn: %s: %v\n", pos[0], err)
			return 1
		}
		// Every write goes to e.stdout, which remembers its first error
		// for Run to report: a failed write only ends the command.
		if err := lang.WriteStatus(e.stdout, catalog.Satisfy, catalog.SolveReport{}, s); err != nil {
			return 1
		}
		return 0
	}
	init := time.Since(start)
	rep, err := p.Solve(ictx, e.stdout, s)
	if err != nil {
		if e.stdout.Err == nil {
			e.stderr.Printf("csp fzn: %s: %v\n", pos[0], err)
		}
		return 1
	}
	if err := lang.WriteStatus(e.stdout, p.Goal(), rep, s); err != nil {
		return 1
	}
	if c.stats {
		if err := p.WriteStats(e.stdout, rep, init); err != nil {
			return 1
		}
	}
	return 0
}

// fznLanguage is the name of FlatZinc in the catalog.
const fznLanguage = "fzn"

// visited reports whether the flag name was given.
func visited(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

const fznUsage = `Usage:
  csp fzn [flags] FILE.fzn|-     solve a FlatZinc model (the MiniZinc solver interface)
  csp fzn --install [DIR]        install the solver configuration for MiniZinc

Flags (MiniZinc's standard solver flags):
  -a        all solutions (optimisation: every improving one)
  -n K      stop after K solutions
  -i        print intermediate solutions of an optimisation
  -f        free search: the engine's own heuristic, annotations ignored
  -s        statistics as %%%mzn-stat lines
  -t MS     time limit in milliseconds
  -p N      parallel search with N workers (one solution of a satisfaction model)
  -r SEED   random seed
  --learn none|nogoods|clauses  learning from failures (default: the model's search)
  --learn-after N               with --learn clauses: no learning for the first N
                                failures, then a restart with it (default 0)
`

// readWithin reads a model from in, or returns ctx's cause once ctx is
// done first: -t (and Ctrl-C) count from the start, and a model that is
// long to parse or an input that stops arriving (standard input left
// open) must not hold the command past them. The read goes on in a
// goroutine of its own, which the end of the command leaves behind.
func readWithin(ctx context.Context, lang *catalog.LanguageEntry, in io.Reader) (*catalog.Source, error) {
	type read struct {
		src *catalog.Source
		err error
	}
	done := make(chan read, 1)
	go func() {
		src, err := lang.Read(in)
		done <- read{src, err}
	}()
	select {
	case r := <-done:
		return r.src, r.err
	case <-ctx.Done():
		select {
		case r := <-done: // a read that ended as the limit came: its answer
			return r.src, r.err
		default:
			return nil, context.Cause(ctx)
		}
	}
}
