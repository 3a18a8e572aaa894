package cli

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// csp clues PROBLEM FILE: clue sets for a board. From a full grid (givens
// in every cell, such as solve's output), its clues, a minimal clue set
// that singles it out (--minimal) or the fewest (--smallest); from a
// board with cells left open, the clue sets of K clues (--clues K) or the
// fewest whose one solution respects it. Every puzzle printed is read
// back and checked first: one solution (the problem's model, the
// solution through its checker), which respects the board.

// cluesOptions is what the flags of clues set.
type cluesOptions struct {
	interior, minimal, smallest bool
	oneSide, noGivens, list     bool
	clues, Jobs                 int64 // clues: -1 when not given
	seed                        uint64
	timeLimit                   time.Duration
}

func init() {
	Commands["clues"] = command{Flags: cluesFlags, run: clues}
}

func cluesFlags(fs *flag.FlagSet, c *Config) {
	o := &cluesOptions{clues: -1, Jobs: int64(runtime.GOMAXPROCS(0)), seed: 1, timeLimit: time.Minute}
	fs.BoolVar(&o.interior, "interior", false, "")
	fs.BoolVar(&o.minimal, "minimal", false, "")
	fs.BoolVar(&o.smallest, "smallest", false, "")
	fs.BoolVar(&o.oneSide, "one-side", false, "")
	fs.BoolVar(&o.noGivens, "no-givens", false, "")
	fs.BoolVar(&o.list, "list", false, "")
	fs.Var(intFlag{&o.clues, 0}, "clues", "")
	fs.Var(intFlag{&o.Jobs, 1}, "jobs", "")
	fs.Var(seedFlag{&o.seed}, "seed", "")
	fs.Var(durationFlag{&o.timeLimit}, "time-limit", "")
	fs.BoolVar(&c.json, "json", false, "")
	c.own = o
}

// clues runs the problem's clue finder on every board of FILE: the
// puzzles found, one a line, then a summary (% lines), or with --json one
// record per board.
func clues(e env, p *catalog.Entry, args []string, c *Config) int {
	o := c.own.(*cluesOptions)
	modes := 0
	for _, on := range []bool{o.minimal, o.smallest, o.clues >= 0} {
		if on {
			modes++
		}
	}
	switch {
	case !p.CanFindClues:
		return UsageError(e.stderr, "clues: %s has no clue finder (want %s)", p.Name, problemsThat(func(p *catalog.Entry) bool { return p.CanFindClues }))
	case modes > 1:
		return UsageError(e.stderr, "clues: --minimal, --smallest and --clues K exclude each other")
	case o.list && o.minimal:
		return UsageError(e.stderr, "clues: --list goes with --smallest, --clues K or a board with open cells, not --minimal")
	case o.interior && o.clues >= 0:
		return UsageError(e.stderr, "clues: --interior does not go with --clues K (the clue sets of K clues are edge clues)")
	case o.interior && o.oneSide:
		return UsageError(e.stderr, "clues: --interior and --one-side exclude each other")
	}
	req := catalog.ClueRequest{Minimal: o.minimal, Smallest: o.smallest, Clues: int(o.clues), Interior: o.interior,
		OneSide: o.oneSide, NoGivens: o.noGivens, List: o.list, Seed: o.seed, Jobs: int(o.Jobs)}
	s := *c.Settings
	s.Search.Restarts = csp.NoRestarts // two different solutions: no restarts
	s.Search.Workers = 0
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		search, cancel := ctx, context.CancelFunc(func() {})
		if o.timeLimit > 0 {
			search, cancel = context.WithTimeout(ctx, o.timeLimit)
		}
		defer cancel()
		lines := []string{}
		rep, err := p.FindClues(search, it.Value, req, func(cs catalog.ClueSet) error {
			if err := checkClueSet(ctx, p, &s, it.Value, cs); err != nil {
				return err
			}
			lines = append(lines, cs.Line)
			if !c.json {
				e.stdout.Printf("%s\n", cs.Line)
			}
			return nil
		})
		if err != nil && ctx.Err() == nil && search.Err() != nil {
			err = fmt.Errorf("stopped by the time limit (%v): %w", o.timeLimit, err)
		}
		if err != nil {
			return reportErr(e, c, it, err)
		}
		if c.json {
			writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "puzzles": lines, "report": rep.Record})
			return len(lines) > 0
		}
		for i, line := range rep.Summary {
			if i == 0 {
				e.stdout.Printf("%s%s\n", head(it), line)
			} else {
				e.stdout.Printf("%% %s\n", line)
			}
		}
		return len(lines) > 0
	})
}

// checkClueSet reads back a clue set a clue finder found and checks its
// claim with the problem's model and checker, not trusting the finder:
// its solution (and the grid it names) pass the checker and respect the
// board; with Unique it has exactly that one solution, else another too.
func checkClueSet(ctx context.Context, p *catalog.Entry, s *catalog.Settings, board any, cs catalog.ClueSet) error {
	var inst any
	read := 0
	for it := range p.Read(strings.NewReader(cs.Line+"\n"), false) {
		if it.Err != nil {
			return fmt.Errorf("internal error: the clue set %s does not read back: %w", cs.Line, it.Err)
		}
		inst, read = it.Value, read+1
	}
	if read != 1 {
		return fmt.Errorf("internal error: the clue set %s reads back as %d instances", cs.Line, read)
	}
	for _, err := range []error{p.Check(inst, cs.Solution), p.Check(board, cs.Solution)} {
		if err != nil {
			return fmt.Errorf("internal error: the grid of the clue set %s fails the checker: %w", cs.Line, err)
		}
	}
	sols, res, err := twoSolutions(ctx, p, inst, s)
	switch {
	case err != nil:
		return err
	case ctx.Err() != nil:
		return ctx.Err()
	case cs.Unique && (len(sols) != 1 || !res.Complete):
		return fmt.Errorf("internal error: the clue set %s, said to single out its grid, has %d solutions or more", cs.Line, len(sols))
	case cs.Unique && !slices.EqualFunc(sols[0], cs.Solution, slices.Equal):
		return fmt.Errorf("internal error: the one solution of the clue set %s is not the grid it was found for", cs.Line)
	case !cs.Unique && len(sols) < 2:
		return fmt.Errorf("internal error: the clues %s, said to leave several solutions, have %d", cs.Line, len(sols))
	}
	if len(sols) == 1 {
		if err := p.Check(board, sols[0]); err != nil {
			return fmt.Errorf("internal error: the one solution of the clue set %s does not respect the board: %w", cs.Line, err)
		}
	}
	return nil
}

// problemsThat names the registered problems for which can holds.
func problemsThat(can func(*catalog.Entry) bool) string {
	var names []string
	for _, n := range catalog.Names() {
		if p, _ := catalog.Lookup(n); can(p) {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}
