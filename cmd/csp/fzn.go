package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/flatzinc"
)

// fznConfig holds csp fzn's flags: MiniZinc's standard solver flags.
type fznConfig struct {
	all, intermediate, free, stats bool
	learn                          csp.Learn
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
	pos, err := parseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		e.stdout.print(fznUsage)
		return 0
	case err != nil:
		return usageError(e.stderr, "fzn: %v", err)
	}
	if c.install {
		if len(pos) > 1 {
			return usageError(e.stderr, "fzn: --install takes at most one DIR")
		}
		return fznInstall(e, strings.Join(pos, ""))
	}
	if len(pos) != 1 {
		return usageError(e.stderr, "fzn: want one FILE.fzn (or - for standard input)")
	}
	in, done, err := openInput(e, pos[0])
	if err != nil {
		e.stderr.printf("csp fzn: %v\n", err)
		return 1
	}
	defer done()

	ctx, cancel := interrupts()
	defer cancel()
	start := time.Now()
	ictx, release := instanceContext(ctx, time.Duration(c.timeMS)*time.Millisecond)
	defer release()
	model, err := flatzinc.Read(in)
	if err != nil {
		e.stderr.printf("csp fzn: %s: %v\n", pos[0], err)
		return 1
	}
	p, err := flatzinc.Build(ictx, model)
	if err != nil {
		if stoppedBy(ictx, err) != csp.NotStopped {
			e.stdout.print("=====UNKNOWN=====\n")
			return 0
		}
		e.stderr.printf("csp fzn: %s: %v\n", pos[0], err)
		return 1
	}
	init := time.Since(start)
	s := flatzinc.Settings{All: c.all, Intermediate: c.intermediate, Free: c.free, Workers: int(c.workers), Seed: c.seed, Learn: c.learn}
	if visited(fs, "n") {
		s.Solutions = c.solutions
	}
	rep, err := flatzinc.Solve(ictx, p, s, func(values []int) bool {
		if err := p.WriteSolution(e.stdout, values); err != nil {
			return false
		}
		e.stdout.print("----------\n")
		return true
	})
	if err != nil {
		e.stderr.printf("csp fzn: %s: %v\n", pos[0], err)
		return 1
	}
	switch {
	case rep.Complete && rep.Solutions == 0:
		e.stdout.print("=====UNSATISFIABLE=====\n")
	case rep.Complete && (c.all || s.Solutions > 0 || p.Goal != flatzinc.Satisfy):
		e.stdout.print("==========\n")
	case rep.Solutions == 0:
		e.stdout.print("=====UNKNOWN=====\n")
	}
	if c.stats {
		writeFznStats(e.stdout, p, rep, init)
	}
	return 0
}

// visited reports whether the flag name was given.
func visited(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// writeFznStats writes the statistics as MiniZinc's %%%mzn-stat lines
// with its names (times in seconds), then the notes on the annotations.
func writeFznStats(out *output, p *flatzinc.Problem, rep flatzinc.Report, init time.Duration) {
	st := rep.Stats
	var b strings.Builder
	stat := func(name string, v any) { fmt.Fprintf(&b, "%%%%%%mzn-stat: %s=%v\n", name, v) }
	stat("initTime", fmt.Sprintf("%.6f", init.Seconds()))
	stat("solveTime", fmt.Sprintf("%.6f", st.SolveTime.Seconds()))
	stat("checkTime", fmt.Sprintf("%.6f", rep.OutputTime.Seconds()))
	stat("solutions", rep.Solutions)
	if p.Goal != flatzinc.Satisfy && rep.Solutions > 0 {
		stat("objective", rep.Objective)
	}
	stat("variables", p.Model.NumVars())
	stat("propagators", p.Model.NumPropagators())
	stat("propagations", st.Propagations)
	stat("nodes", st.Nodes)
	stat("failures", st.Failures)
	stat("restarts", st.Restarts)
	stat("peakDepth", st.PeakDepth)
	if st.Clauses {
		stat("nogoods", st.LearnedClauses)
		stat("backjumps", st.Backjumps)
		stat("conflicts", st.Conflicts)
		stat("learnedClauses", st.LearnedClauses)
		stat("learnedLength", fmt.Sprintf("%.2f", st.LearnedLength()))
	}
	b.WriteString("%%%mzn-stat-end\n")
	for _, n := range p.Notes {
		fmt.Fprintf(&b, "%% note: %s\n", n)
	}
	out.print(b.String())
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
`
