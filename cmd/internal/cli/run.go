// Package cli is the csp command: its subcommands, flags, batches, bench
// and the authors' tools, for cmd/csp (and, for what the workbench shares
// with it, cmd/csp-serve). It lives apart from its main package so that
// commands of their own (csp-serve, csp-plot) can reuse it while csp links
// none of their libraries.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/latin"
)

// env is where a command reads and writes.
type env struct {
	cmd            string // the subcommand, for messages
	stdin          io.Reader
	stdout, stderr *Output
}

// A command is a subcommand: the flags it takes and what it does with its
// problem and remaining positional arguments.
type command struct {
	Flags func(fs *flag.FlagSet, c *Config)
	run   func(e env, p *catalog.Entry, args []string, c *Config) int
}

// Commands are the subcommands that take a problem, by name: their flags
// and what they run (bench, fzn and serve are dispatched apart).
var Commands = map[string]command{
	"solve": {Flags: orderFlags(batchFlags(false)), run: func(e env, p *catalog.Entry, args []string, c *Config) int {
		return batch(e, p, args, c, false)
	}},
	"count": {Flags: orderFlags(batchFlags(true)), run: func(e env, p *catalog.Entry, args []string, c *Config) int {
		return batch(e, p, args, c, true)
	}},
	"generate": {Flags: generateFlags, run: generate},
}

// Run is the whole command: it returns the exit status. Standard output
// and standard error are wrapped once, here, in outputs that remember
// their first error, so the commands print without checking each call;
// a failed standard output is reported on standard error at the end and
// makes the status at least 1. A failed standard error cannot be
// reported anywhere: it makes the status at least 1 too, as a message
// was lost.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, errOut := NewOutput(stdout), NewOutput(stderr)
	status := dispatch(args, stdin, out, errOut)
	if out.Err != nil {
		errOut.Printf("csp: writing output: %v\n", out.Err)
		status = max(status, 1)
	}
	if errOut.Err != nil {
		status = max(status, 1)
	}
	return status
}

// dispatch finds the subcommand, parses its flags and runs it.
func dispatch(args []string, stdin io.Reader, stdout, stderr *Output) int {
	if len(args) == 0 {
		stderr.Print(usage())
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[1] == "serve" {
			return delegate(serveCommand, []string{"--help"}, stdin, stdout, stderr)
		}
		stdout.Print(usage())
		return 0
	}
	name := args[0]
	if name == "serve" {
		return delegate(serveCommand, args[1:], stdin, stdout, stderr)
	}
	if name == "bench" {
		return bench(stdin, stdout, stderr, args[1:])
	}
	if name == "fzn" {
		return fzn(env{cmd: name, stdin: stdin, stdout: stdout, stderr: stderr}, args[1:])
	}
	cmd, ok := Commands[name]
	if !ok && strings.HasPrefix(name, "-") {
		return UsageError(stderr, "the subcommand comes before the flags (want %s)", subcommands())
	}
	if !ok {
		return UsageError(stderr, "unknown subcommand %q (want %s or help)", name, subcommands())
	}
	c := NewConfig()
	fs := flag.NewFlagSet("csp "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cmd.Flags(fs, c)
	pos, err := parseInterleaved(fs, args[1:])
	switch {
	case errors.Is(err, flag.ErrHelp):
		stdout.Print(usage())
		return 0
	case err != nil:
		return UsageError(stderr, "%s: %v", name, err)
	case len(pos) == 0:
		return UsageError(stderr, "%s: missing PROBLEM (want %s)", name, ProblemNames())
	}
	p, ok := catalog.Lookup(pos[0])
	if !ok {
		return UsageError(stderr, "%s: unknown problem %q (want %s)", name, pos[0], ProblemNames())
	}
	if err := c.SettleFor(p, fs); err != nil {
		return UsageError(stderr, "%s: %v", name, err)
	}
	return cmd.run(env{cmd: name, stdin: stdin, stdout: stdout, stderr: stderr}, p, pos[1:], c)
}

// SettleFor checks the flags parsed in fs against p (a model for a
// problem with one, a flag of another problem) and settles the settings
// for it (config.settle): what every subcommand, and csp serve's every
// request, does once the problem is known.
func (c *Config) SettleFor(p *catalog.Entry, fs *flag.FlagSet) error {
	if c.model != "" && len(p.Models) == 0 {
		return fmt.Errorf("%s has one model: no -model", p.Name)
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	// Asked for both, nogoods and no restarts contradict each other (a
	// bench matrix may cross them: it does not come here).
	if given["restarts"] && c.search.Restarts == csp.NoRestarts &&
		(given["nogoods"] && c.search.Nogoods || given["learn"] && c.search.Learn == csp.LearnNogoods) {
		return errors.New("--restarts none leaves nothing for nogoods to do: they are recorded at restarts (drop one of the two)")
	}
	for flagName := range c.problemFlags {
		if !slices.ContainsFunc(p.Flags, func(f catalog.Flag) bool { return f.Name == flagName }) {
			return fmt.Errorf("flag -%s does not apply to %s", flagName, p.Name)
		}
	}
	return c.settle(p, func(f string) bool { return given[f] })
}

// parseInterleaved parses flags wherever they stand among the positional
// arguments, which it returns in order. After "--" everything is
// positional.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// UsageError reports a usage error and returns its exit status.
func UsageError(stderr *Output, format string, args ...any) int {
	stderr.Printf("csp: "+format+"\nRun 'csp help' for usage.\n", args...)
	return 2
}

func subcommands() string {
	names := append(slices.Collect(maps.Keys(Commands)), "bench", "fzn", "serve")
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// Generators names the problems that generate instances.
func Generators() string {
	var names []string
	for _, n := range catalog.Names() {
		if p, _ := catalog.Lookup(n); p.CanGenerate {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

// Makers names the problems whose generator takes --difficulty.
func Makers() string {
	var names []string
	for _, n := range catalog.Names() {
		p, _ := catalog.Lookup(n)
		if slices.ContainsFunc(p.Flags, func(f catalog.Flag) bool { return f.Name == "difficulty" }) {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

// pad pads s with spaces to width w, or ends it with a line break and
// the indentation of the column after it when it is longer.
func pad(s string, w int) string {
	if len(s) > w {
		return s + "\n" + strings.Repeat(" ", 34)
	}
	return s + strings.Repeat(" ", w-len(s))
}

// ProblemNames lists the registered problems, for usage texts.
func ProblemNames() string {
	return strings.Join(catalog.Names(), ", ")
}

func usage() string {
	var b strings.Builder
	b.WriteString(`Usage:
  csp solve PROBLEM FILE|- [flags]   solve every instance in FILE (- = standard input)
  csp count PROBLEM FILE|- [flags]   count the solutions of every instance
  csp generate PROBLEM --size N [flags] [--seed S] [-n K]
                                     write K random instances (seeds S, S+1, ...)
  csp bench [SUITE|FILE ...] [flags] run a configuration matrix over instances
                                     (FlatZinc models too: fzn:FILE, fzn:DIR, FILE.fzn)
  csp fzn [flags] FILE.fzn|-         solve a FlatZinc model (MiniZinc's solver interface;
                                     csp fzn --install sets MiniZinc up: docs/FLATZINC.md)
  csp check PROBLEM FILE|-           unique, multiple (two solutions shown) or none
  csp grade PROBLEM FILE|-           the weakest level of the ladder that solves it, or search
  csp explain PROBLEM FILE|-         the solving path, step by step, in words
  csp hint PROBLEM FILE|-            the next step only
  csp marks PROBLEM FILE|-           the candidates every level leaves, as pencil marks
  csp diagnose PROBLEM FILE|-        no solution: a minimal contradicting set of clues;
                                     several: the fewest givens that make it unique,
                                     and the puzzle with them
  csp census skyscraper --size N --clues K [--one-side] [--list [--canonical]] [--json] [--jobs J]
                                     how many K-clue sets give a unique puzzle
                                     (--list prints them; --canonical one per
                                     symmetry class; --timeout D bounds the run;
                                     --interior: and how many of the others agree
                                     on every interior clue)
  csp clues skyscraper FILE|-        a full grid's clues (--interior), a minimal
                                     (--minimal) or smallest (--smallest) set that
                                     singles it out; for a board with open cells,
                                     the fewest clue sets (--clues K, --list);
                                     --one-side, --no-givens, --time-limit D, --json
  csp backbone PROBLEM FILE|-        what every solution agrees on: cells (and
                                     skyscraper clues), up to --limit solutions
  csp serve [--addr 127.0.0.1:8080]  the workbench in the browser: a page and its
                                     JSON API (docs/API.md); csp help serve
  csp help                           print this text

Authors' tools: grade, explain, hint and marks serve ` + LadderProblems() + `;
--up-to LEVEL (a name, a number from 1, or none) caps the ladder (grade: a
puzzle the levels up to it do not finish is "beyond LEVEL", exit status 1),
--marks reads FILE as pencil-mark grids (also for solve and count), --json
prints records.
generate --difficulty LEVEL [--no-minimize] [--time-limit D] makes unique,
exactly graded, minimal puzzles (` + Makers() + `); skyscraper also takes
Tatham's words (easy, hard, extreme, unreasonable) and --no-givens.

Problems:
`)
	for _, name := range catalog.Names() {
		p, _ := catalog.Lookup(name)
		fmt.Fprintf(&b, "  %-10s %s\n", name, p.Doc)
		if len(p.Models) > 0 {
			def := p.Models[0]
			if p.ModelDefault != "" {
				def = p.ModelDefault
			}
			fmt.Fprintf(&b, "  %-10s --model %s (default %s)\n", "", strings.Join(p.Models, "|"), def)
		}
		for _, f := range p.Flags {
			kind := "solve, count"
			if f.Generate {
				kind = "generate"
			}
			def := ""
			if f.Default != "" {
				def = " (default " + f.Default + ")"
			}
			fmt.Fprintf(&b, "  %-10s --%s: %s%s [%s]\n", "", f.Name, f.Usage, def, kind)
		}
	}
	b.WriteString(`
Flags of solve and count:
  --model NAME                     the problem's model (see Problems; each
                                   problem's own flags, --alldiff among them,
                                   are listed there too)
  --var ` + pad(strings.Join(csp.VarSelectNames(), "|"), 26) + ` variable choice (default domwdeg; latin literal;
                                   sudoku mindom; skyscraper maxsd except at
                                   --visibility edge; futoshiki maxsd at 9x9, the
                                   adjacent variant aside; activity and literal:
                                   VSIDS over variables (each on its target value)
                                   or over literals x = v (each decided true or
                                   false by its phase), with --learn clauses; both
                                   are domwdeg before learning)
  --val ` + pad(strings.Join(csp.ValSelectNames(), "|"), 26) + ` value choice (default min)
  --restarts ` + pad(strings.Join(csp.RestartNames(), "|"), 21) + ` restart policy, solve only (default luby)
  --restart-base N                 failures allowed before the first restart (default 100;
                                   sudoku 1000)
  --ties first|random              tie-breaking in the variable choice
                                   (default random with restarts, else first)
  --last-conflict                  branch again on the variable of the last failure
                                   (default off; on for sudoku, and for skyscraper
                                   and futoshiki with maxsd)
  --nogoods                        learn nogoods at restarts (with --restarts;
                                   default off; on for skyscraper and futoshiki
                                   with maxsd)
  --learn ` + pad(strings.Join(csp.LearnNames(), "|"), 24) + ` learning from failures (default none; latin
                                   clauses after --learn-after): nogoods is
                                   --nogoods; clauses learns a clause per conflict
                                   (lazy clause generation), with restarts when
                                   counting too; pair with --var activity or literal
  --learn-after N                  with --learn clauses, solve: learn nothing for the
                                   first N failures, then restart learning (default
                                   0: from the start; latin ` + fmt.Sprint(latin.DefaultSearch.LearnAfter) + ` unless --learn
                                   is given)
  --save ` + pad(strings.Join(csp.SaveModeNames(), "|"), 25) + ` how the search undoes a branch (default copying)
  --order ` + pad(strings.Join(csp.OrderNames(), "|"), 24) + ` search order, solve and count only: depth first
                                   (default) or breadth first, level by level (no
                                   restarts, nogoods, --workers or --portfolio)
  --frontier N                     with --order bfs: stop when the open nodes would
                                   exceed N (default: ` + fmt.Sprint(csp.DefaultFrontierBytes>>20) + ` MiB of saved domains)
  --seed S                         random seed (default 1)
  --timeout D                      wall time per instance, e.g. 500ms, 10s (default 0: none)
  --nodes N                        stop an instance after N nodes (default 0: none)
  --fails N                        stop an instance after N failures (default 0: none)
  --limit K                        count only: stop at K solutions (default 0: no cap;
                                   2 answers "is it unique?")
  --all                            solve only: every solution, as the search finds it,
                                   each under "% instance I (line L): solution K",
                                   then the count as count prints it (--json: a
                                   record per solution, then the instance's); one
                                   instance at a time (no --jobs, --workers,
                                   --portfolio or --quiet)
  --solutions K                    solve only: --all, stopping at K solutions
  --stats                          print search statistics after each instance
  --json                           print one JSON object per instance per line
  --quiet                          print only the instances not solved, and the summary
  --jobs J                         solve J instances in parallel (1 to 256;
                                   default 1); the output keeps the input order
  --max-memory SIZE                bound on the run's memory, e.g. 512M or 2G
                                   (default half of the machine's; 0: none): an
                                   instance that reaches it ends as unknown
                                   (memory limit) and the batch goes on
  --workers W                      search each instance with W goroutines: the
                                   tree cut into subproblems at a fixed depth
                                   (embarrassingly parallel search); counts and
                                   the solution found do not depend on W
                                   (default 0: the plain search); solve with
                                   --learn clauses (latin's default): W copies
                                   of the search (seeds S, S+1, ...) sharing
                                   their short clauses, the first as alone
  --portfolio 'M1; M2; ...'        also run these searches, one goroutine each; the
                                   answer in the fewest search nodes wins (the
                                   lowest member on a tie), so the same seeds give
                                   the same answer; each member is search
                                   flags on top of the command line's, e.g.
                                   'var=domwdeg; var=maxsd,nogoods,seed=2' (var,
                                   val, restarts, ties, restart-base,
                                   last-conflict, nogoods, learn, learn-after,
                                   seed)

Flags of generate (and each problem's own, listed under Problems):
  --size N (or --order N)  --holes H  --seed S (default 1)  -n K (default 1)
  --verbose (the time each puzzle took, on standard error: the output holds
  no timing, so the same command writes the same bytes)
  Problems with a generator: ` + Generators() + `

Flags of bench: model and search flags as for solve, each a comma list
(--alldiff hidden,gac --var mindom,domwdeg --nogoods true,false ...: every
combination runs),
--repeat R, --timeout D (default 10s), --nodes N, --shuffle SEED, --jobs J,
--max-memory SIZE, --warmup=false, --csv FILE, --json FILE, --plot FILE.svg
(drawn by csp-plot, found beside csp or on PATH) (- is standard output;
never an input; an existing file only with --force; written whole at the
end), --max-instances N (default 100000), --max-bytes
SIZE (default 64M): the most instances and input kept in all; FILE - is
standard input; embedded suites: default (all of them), ` + strings.Join(SuiteProblems(), ", ") + `.
FlatZinc (fzn:FILE, fzn:DIR for its *.fzn files, or FILE.fzn): the first
solution, or the proved optimum; --var/--val replace the file's search
annotations (annotated keeps them), --alldiff applies to csp's library.

Flags may stand before or after the positional arguments; -flag and --flag
are the same. Output: each solution, then a status line starting with %
(or JSON lines with --json); a malformed instance is reported on standard
error and in the output, and the batch goes on. A batch of several
instances ends with a summary: counts by status, then time per instance
(median, p90, max, mean), instances per second and search nodes
("guesses") per instance. Input is streamed: a batch of any length runs
in the memory of one instance at a time.

Exit status: 0 when every instance was solved (count: counted completely
or up to --limit); 1 when some instance was unsatisfiable, stopped by a
limit or malformed, or FILE could not be read, or generate gave up within
its time limit or --attempts; 2 on a usage error (unknown subcommand,
problem or flag, bad flag value, missing FILE).
`)
	return b.String()
}

// Output is a writer that remembers its first error and drops every
// write after it, so that a command's many prints need no check each:
// whoever made the output checks err once, when the command is done (run
// does it for standard output and standard error). Its print methods
// return nothing on purpose; Write is there for the io.Writer users
// (encoders, a problem's Write), and returns the remembered error.
type Output struct {
	w   io.Writer
	Err error // the first write error, or nil
}

// NewOutput wraps w.
func NewOutput(w io.Writer) *Output { return &Output{w: w} }

func (o *Output) Write(p []byte) (int, error) {
	if o.Err != nil {
		return 0, o.Err
	}
	n, err := o.w.Write(p)
	o.Err = err
	return n, err
}

// Printf formats as fmt.Fprintf does; an error is remembered in o.err.
func (o *Output) Printf(format string, args ...any) {
	if o.Err == nil {
		_, o.Err = fmt.Fprintf(o.w, format, args...)
	}
}

// Print writes s; an error is remembered in o.err.
func (o *Output) Print(s string) {
	if o.Err == nil {
		_, o.Err = io.WriteString(o.w, s)
	}
}

// write writes b; an error is remembered in o.err.
func (o *Output) write(b []byte) {
	if o.Err == nil {
		_, o.Err = o.w.Write(b)
	}
}
