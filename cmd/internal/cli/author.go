package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// The authors' tools: check (how many solutions: unique, multiple with
// two shown, or none), grade (the weakest level of the problem's ladder
// that solves a puzzle with no search), explain (the steps of that
// solving path, in words), hint (the next step only) and marks (the
// candidates left, as pencil marks).
func init() {
	Commands["check"] = command{Flags: authorFlags, run: check}
	Commands["grade"] = command{Flags: authorFlags, run: grade}
	Commands["explain"] = command{Flags: authorFlags, run: explain}
	Commands["hint"] = command{Flags: authorFlags, run: hint}
	Commands["marks"] = command{Flags: authorFlags, run: marks}
}

// authorFlags are solve's flags, plus --marks (FILE holds pencil-mark
// grids) and --up-to LEVEL (the highest level of the ladder used).
func authorFlags(fs *flag.FlagSet, c *Config) {
	batchFlags(false)(fs, c)
	fs.StringVar(&c.upTo, "up-to", "", "")
}

// instances opens the FILE of args and returns its instances, read as
// pencil marks with --marks. It returns the exit status of a usage or
// input error, with a nil sequence.
func instances(e env, p *catalog.Entry, args []string, c *Config) (iter.Seq[catalog.Item[any]], func(), int) {
	switch {
	case len(args) == 0:
		return nil, nil, UsageError(e.stderr, "%s: missing FILE (- for standard input)", e.cmd)
	case len(args) > 1:
		return nil, nil, UsageError(e.stderr, "%s: unexpected argument %q after FILE", e.cmd, args[1])
	case c.marks && !p.CanMark:
		return nil, nil, UsageError(e.stderr, "%s: %s has no pencil-mark form", e.cmd, p.Name)
	}
	in, done, err := openInput(e, args[0])
	if err != nil {
		e.stderr.Printf("csp: %v\n", err)
		return nil, nil, 1
	}
	return p.Read(in, c.marks), done, 0
}

// eachInstance runs do on every well-formed instance of FILE, reporting
// the malformed ones, and returns the exit status: 0 when do accepted
// every instance. Each instance has its own deadline (--timeout), in the
// ctx do gets; an interrupt stops the instance under way and the run,
// which then says so.
func eachInstance(e env, p *catalog.Entry, args []string, c *Config, do func(ctx context.Context, it catalog.Item[any]) bool) int {
	items, done, status := instances(e, p, args, c)
	if items == nil {
		return status
	}
	defer done()
	ctx, cancel := Interrupts()
	defer cancel()
	ctx, release := GuardMemory(ctx, c.memoryLimit())
	defer release()
	seen := false
	last := 0 // the instance under way or done last
	for it := range items {
		last = it.Index
		seen = true
		if it.Err != nil {
			e.stderr.Printf("csp: %v\n", it.Err)
			if c.json {
				writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": Failed, "error": errorAt(it.Err, it.Index, it.Line)})
			} else {
				e.stdout.Printf("%% instance %d (line %d): error: %s\n", it.Index, it.Line, errorAt(it.Err, it.Index, it.Line))
			}
			status = 1
			continue
		}
		ictx, icancel := InstanceContext(ctx, c.Settings.Search.TimeLimit)
		ok := do(ictx, it)
		icancel()
		if !ok {
			status = 1
		}
		if ctx.Err() != nil {
			break
		}
		if e.stdout.Err != nil {
			return 1 // nobody reads the answers: stop; run reports the error
		}
	}
	if ctx.Err() != nil {
		msg := fmt.Sprintf("interrupted during instance %d: the rest of %s was not run", last, inputName(args[0]))
		if !seen {
			msg = fmt.Sprintf("interrupted before the first instance of %s was read", inputName(args[0]))
		}
		e.stderr.Printf("csp: %s\n", msg)
		if !c.json {
			e.stdout.Printf("%% %s\n", msg)
		}
		return 1
	}
	if !seen {
		e.stderr.Printf("csp: no instance in %s\n", inputName(args[0]))
		return 1
	}
	return status
}

// writeLine prints v as one line of JSON. The records are maps and
// structs of numbers, strings and slices, which always marshal; should one
// not, the line says why in their place.
func writeLine(w *Output, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = fmt.Appendf(nil, `{"status":"error","error":%q}`, err.Error())
	}
	w.write(append(b, '\n'))
}

// writeSolution prints g, a solution of it, with the problem's Write and
// reports whether it could. A failure is the instance's error, reported as
// such, unless it is standard output's own, which run reports once.
func writeSolution(e env, c *Config, p *catalog.Entry, it catalog.Item[any], g [][]int) bool {
	err := p.Write(e.stdout, it.Value, g)
	switch {
	case err == nil:
		return true
	case e.stdout.Err != nil:
		return false
	}
	return reportErr(e, c, it, fmt.Errorf("writing the solution: %w", err))
}

func head(it catalog.Item[any]) string {
	return fmt.Sprintf("%% instance %d (line %d): ", it.Index, it.Line)
}

// check says for each puzzle whether it has one solution, several (two
// are shown, their differences marked) or none.
func check(e env, p *catalog.Entry, args []string, c *Config) int {
	if !p.CanModel {
		return UsageError(e.stderr, "check: %s has no model to check with", p.Name)
	}
	s := CheckSettings(c.Settings)
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		v, err := CheckOne(ctx, p, it.Value, s)
		if err != nil {
			return reportErr(e, c, it, err)
		}
		if c.json {
			writeLine(e.stdout, v.Record(it))
			return v.Verdict == "unique"
		}
		switch v.Verdict {
		case "unique":
			if !writeSolution(e, c, p, it, v.Sols[0]) {
				return false
			}
			e.stdout.Printf("%sunique\n", head(it))
		case "multiple":
			e.stdout.Printf("%smultiple: two solutions differ in %d %s (%s), marked [ ]\n", head(it), len(v.differ), plural(len(v.differ), "cell"), strings.Join(v.differ, " "))
			for i, g := range v.Sols {
				e.stdout.Printf("%% solution %d:\n%s", i+1, marked(g, v.Sols[1-i]))
			}
		case "none":
			e.stdout.Printf("%snone: %s\n", head(it), v.why)
		default:
			e.stdout.Printf("%sunknown (%v): %d %s found before the limit\n", head(it), v.Res.Stopped, len(v.Sols), plural(len(v.Sols), "solution"))
		}
		return v.Verdict == "unique"
	})
}

// CheckSettings are s as check searches with them: two different
// solutions, so no restarts, one worker.
func CheckSettings(s *catalog.Settings) *catalog.Settings {
	cs := *s
	cs.Search.Restarts = csp.NoRestarts
	cs.Search.Workers = 0
	return &cs
}

// verdict is what check finds for one puzzle: unique, multiple (two
// solutions, both checked, and the cells where they differ), none (why:
// the reason when found without search), or unknown (a limit stopped the
// search: res.Stopped).
type verdict struct {
	Verdict, why string
	unsat        bool // none, found without search
	Sols         [][][]int
	differ       []string
	Res          csp.Result
}

// CheckOne counts inst's solutions to two under s (CheckSettings).
func CheckOne(ctx context.Context, p *catalog.Entry, inst any, s *catalog.Settings) (verdict, error) {
	sols, res, err := twoSolutions(ctx, p, inst, s)
	if st := stoppedBy(ctx, err); st != csp.NotStopped && err != nil {
		err, res.Stopped = nil, st // the deadline cut the building short
	}
	v := verdict{why: "no solution", Sols: sols, Res: res}
	var unsat catalog.Unsatisfiable
	switch {
	case errors.As(err, &unsat):
		v.Verdict, v.why, v.unsat = "none", unsat.Reason.Error(), true
		return v, nil
	case err != nil:
		return v, err
	case len(sols) == 2:
		v.Verdict = "multiple"
		v.differ = differences(sols[0], sols[1])
	case len(sols) == 1 && res.Complete:
		v.Verdict = "unique"
	case len(sols) == 0 && res.Complete:
		v.Verdict = "none"
	default:
		v.Verdict = Unknown
	}
	return v, nil
}

// Record is check's JSON record of v, for the instance it.
func (v verdict) Record(it catalog.Item[any]) map[string]any {
	sols := v.Sols
	if sols == nil {
		sols = [][][]int{} // "solutions":[], not null
	}
	rec := map[string]any{"instance": it.Index, "line": it.Line, "verdict": v.Verdict, "solutions": sols, "stats": v.Res.Stats}
	if v.differ != nil {
		rec["differ"] = v.differ
	}
	if v.Verdict == Unknown {
		rec["stopped"] = v.Res.Stopped.String()
	}
	if v.unsat {
		rec["reason"] = v.why
	}
	return rec
}

// twoSolutions searches inst for up to two solutions, each checked by the
// problem's checker.
func twoSolutions(ctx context.Context, p *catalog.Entry, inst any, s *catalog.Settings) ([][][]int, csp.Result, error) {
	m, read, err := p.Model(ctx, inst, s)
	if err != nil {
		return nil, csp.Result{}, err
	}
	var sols [][][]int
	var bad error
	e, err := csp.NewSearchContext(ctx, m, s.Search)
	if err != nil { // ctx ended while the search was being made
		return nil, csp.Result{Stopped: csp.StopOf(ctx)}, nil
	}
	res := e.Run(ctx, 2, func(sp *csp.Space) bool {
		g := read(sp.Values(nil))
		if err := p.Check(inst, g); err != nil {
			bad = fmt.Errorf("internal error: the engine's solution fails the checker: %w", err)
			return false
		}
		sols = append(sols, g)
		return true
	})
	return sols, res, bad
}

// differences names the cells where two grids differ, r1c1 style.
func differences(a, b [][]int) []string {
	var out []string
	for _, rc := range DifferCells(a, b) {
		out = append(out, fmt.Sprintf("r%dc%d", rc[0]+1, rc[1]+1))
	}
	return out
}

// DifferCells returns the cells, [row, column] from 0, where two grids
// differ, in reading order.
func DifferCells(a, b [][]int) [][2]int {
	var out [][2]int
	for r := range a {
		for c := range a[r] {
			if a[r][c] != b[r][c] {
				out = append(out, [2]int{r, c})
			}
		}
	}
	return out
}

// marked prints grid g with the cells where it differs from other in
// brackets.
func marked(g, other [][]int) string {
	w := 1
	for _, row := range g {
		for _, v := range row {
			w = max(w, len(strconv.Itoa(v)))
		}
	}
	var b strings.Builder
	for r, row := range g {
		var line strings.Builder
		for c, v := range row {
			if c > 0 {
				line.WriteByte(' ')
			}
			if v != other[r][c] {
				fmt.Fprintf(&line, "[%*d]", w, v)
			} else {
				fmt.Fprintf(&line, " %*d ", w, v)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteString("\n")
	}
	return b.String()
}

// Reasoning readies an instance for the ladder tools and finds the
// highest level --up-to allows (all of them by default, -1 for none).
func Reasoning(p *catalog.Entry, c *Config, it catalog.Item[any]) (*catalog.Reasoning, int, error) {
	r, err := p.Reason(it.Value)
	if err != nil {
		return nil, 0, err
	}
	levels := r.Reasoner.Ladder.Levels
	top := len(levels) - 1
	if c.upTo != "" {
		top = LevelIndex(levels, c.upTo)
	}
	if top == -2 {
		return nil, 0, badLevel(p.Name, levels, c.upTo)
	}
	return r, top, nil
}

// LevelIndex finds a level by name or 1-based number (-1: none).
func LevelIndex(levels []string, name string) int {
	if i := slices.Index(levels, name); i >= 0 {
		return i
	}
	if k, err := strconv.Atoi(name); err == nil && k >= 1 && k <= len(levels) {
		return k - 1
	}
	if name == "none" {
		return -1
	}
	return -2
}

// needLadder checks that p has the ladder tools and that --up-to names
// one of its levels.
func needLadder(e env, p *catalog.Entry, c *Config) int {
	if !p.CanReason {
		return UsageError(e.stderr, "%s: %s has no reasoning rules (grade, explain, hint and marks serve %s)", e.cmd, p.Name, LadderProblems())
	}
	if c.upTo != "" && p.Levels != nil && LevelIndex(p.Levels, c.upTo) == -2 {
		return UsageError(e.stderr, "%s: invalid value %q for flag -up-to: %s", e.cmd, c.upTo, WantLevel(p.Name, p.Levels))
	}
	return 0
}

// LadderProblems lists the problems the ladder tools (grade, explain,
// hint, marks) serve, for usage texts.
func LadderProblems() string {
	var names []string
	for _, n := range catalog.Names() {
		if p, _ := catalog.Lookup(n); p.CanReason {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

// badLevel reports an --up-to that names no level of the instance's
// ladder, levels, of the problem named problem.
func badLevel(problem string, levels []string, name string) error {
	return fmt.Errorf("--up-to %q: %s", name, WantLevel(problem, levels))
}

// WantLevel lists what --up-to takes for a problem with these levels.
func WantLevel(problem string, levels []string) string {
	return fmt.Sprintf("want a level of %s (1..%d or a name: %s), or none", problem, len(levels), strings.Join(levels, ", "))
}

// gradeResult is what grade finds for one puzzle.
type gradeResult struct {
	Instance int      `json:"instance"`
	Line     int      `json:"line"`
	Grade    string   `json:"grade"`            // a level's name, "search", or "beyond LEVEL" with --up-to
	Level    int      `json:"level"`            // 1-based; len(levels)+1 for search; beyond: the least it can be
	Levels   []string `json:"levels"`           // the ladder, weakest first, then "search"
	Steps    int      `json:"steps"`            // steps of the path without search
	Guesses  int64    `json:"guesses"`          // search: the nodes of the solving search
	Depth    int      `json:"depth"`            // search: its peak depth
	Verdict  string   `json:"verdict"`          // unique, multiple, none, unknown
	Reason   string   `json:"reason,omitempty"` // none without search: why (givens that clash)
	// UpTo is the highest level --up-to allowed, when it left some out;
	// Beyond says the rules up to it did not finish the puzzle.
	UpTo   string `json:"up_to,omitempty"`
	Beyond bool   `json:"beyond,omitempty"`
	// Stopped names the limit that left the grade unknown: "time limit"
	// (--timeout) or "canceled" (an interrupt).
	Stopped string   `json:"stopped,omitempty"`
	Stop    csp.Stop `json:"-"` // Stopped's value
}

// grade gives each puzzle the weakest level at which it is solved with no
// search, or "search" with the guesses and depth the solver needed. With
// --up-to only the levels up to that one are tried: a puzzle they do not
// finish is "beyond" it.
func grade(e env, p *catalog.Entry, args []string, c *Config) int {
	if st := needLadder(e, p, c); st != 0 {
		return st
	}
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		g, err := GradeOne(ctx, p, c, it)
		if err != nil {
			return reportErr(e, c, it, err)
		}
		ok := g.Verdict == "unique" && !g.Beyond
		if c.json {
			writeLine(e.stdout, g)
			return ok
		}
		ladder := strings.Join(g.Levels, " < ")
		switch {
		case g.Reason != "":
			e.stdout.Printf("%snone: %s\n", head(it), g.Reason)
		case g.Stopped != "" && g.Grade == "search":
			e.stdout.Printf("%sunknown: %s in the search after %d %s (the ladder of %s does not solve it)\n", head(it), stopWord(g.Stop), g.Guesses, plural(g.Guesses, "guess"), ladder)
		case g.Stopped != "":
			e.stdout.Printf("%sunknown: %s after %d %s of the ladder\n", head(it), stopWord(g.Stop), g.Steps, plural(g.Steps, "step"))
		case g.Verdict == "none":
			e.stdout.Printf("%sno solution: nothing to grade\n", head(it))
		case g.Beyond && g.Level == 1:
			e.stdout.Printf("%sbeyond none (--up-to none: no rule allowed), %s\n", head(it), g.Verdict)
		case g.Beyond:
			e.stdout.Printf("%s%s (up to level %d of %s): stuck after %d %s, %s\n", head(it), g.Grade, g.Level-1, ladder, g.Steps, plural(g.Steps, "step"), g.Verdict)
		case g.Grade == "search":
			e.stdout.Printf("%ssearch (level %d of %s): %d %s, depth %d, %s\n", head(it), g.Level, ladder, g.Guesses, plural(g.Guesses, "guess"), g.Depth, g.Verdict)
		default:
			e.stdout.Printf("%s%s (level %d of %s): %d %s, %s\n", head(it), g.Grade, g.Level, ladder, g.Steps, plural(g.Steps, "step"), g.Verdict)
		}
		return ok
	})
}

// GradeOne grades one puzzle: the ladder first, up to --up-to; when the
// whole ladder does not finish it, search, and a count to two for the
// verdict; when --up-to stopped below the top, the count alone. When ctx
// ends first, the verdict is unknown and Stopped says why (in words:
// "timed out", "interrupted").
func GradeOne(ctx context.Context, p *catalog.Entry, c *Config, it catalog.Item[any]) (gradeResult, error) {
	g, err := gradeSteps(ctx, p, c, it)
	if st := stoppedBy(ctx, err); st != csp.NotStopped {
		g.Verdict, g.Stopped, g.Stop, err = Unknown, st.String(), st, nil
	}
	return g, err
}

// gradeSteps is GradeOne without the verdict of a stop.
func gradeSteps(ctx context.Context, p *catalog.Entry, c *Config, it catalog.Item[any]) (gradeResult, error) {
	r, top, err := Reasoning(p, c, it)
	var unsat catalog.Unsatisfiable
	if errors.As(err, &unsat) {
		return gradeResult{Instance: it.Index, Line: it.Line, Grade: "none", Levels: append(slices.Clone(p.Levels), "search"),
			Verdict: "none", Reason: unsat.Reason.Error()}, nil
	}
	if err != nil {
		return gradeResult{}, err
	}
	levels := r.Reasoner.Ladder.Levels
	g := gradeResult{Instance: it.Index, Line: it.Line, Levels: append(slices.Clone(levels), "search")}
	if top < len(levels)-1 {
		g.UpTo = upToName(levels, top)
	}
	r.Reasoner.Context = ctx
	out, used := r.Reasoner.Run(r.Space, top, func(csp.Step) bool { g.Steps++; return true })
	switch out {
	case csp.Solved:
		if err := r.Check(r.Grid()); err != nil {
			return g, fmt.Errorf("internal error: the reasoning's grid fails the checker: %w", err)
		}
		used = max(used, 0)
		g.Grade, g.Level, g.Verdict = levels[used], used+1, "unique"
		return g, nil
	case csp.Contradiction:
		g.Grade, g.Level, g.Verdict = "none", 0, "none"
		return g, nil
	case csp.Interrupted:
		return g, nil // GradeOne says why
	}
	s := *c.Settings
	if g.UpTo != "" {
		g.Grade, g.Level, g.Beyond = "beyond "+g.UpTo, top+2, true
	} else {
		_, res, err := p.Solve(ctx, it.Value, &s, &catalog.Cache{})
		g.Grade, g.Level, g.Guesses, g.Depth = "search", len(levels)+1, res.Stats.Nodes, res.Stats.PeakDepth
		if err != nil || ctx.Err() != nil {
			return g, err
		}
	}
	g.Verdict, err = countVerdict(ctx, p, it.Value, &s)
	return g, err
}

// upToName names the level --up-to allowed: a level's name, or "none".
func upToName(levels []string, top int) string {
	if top < 0 {
		return "none"
	}
	return levels[top]
}

// countVerdict counts inst's solutions up to two, with no restarts and
// one worker, and words the answer: unique, multiple, none, or unknown
// when a limit stopped the count first.
func countVerdict(ctx context.Context, p *catalog.Entry, inst any, s *catalog.Settings) (string, error) {
	cs := *s
	cs.Limit = 2
	cs.Search.Restarts = csp.NoRestarts
	cs.Search.Workers = 0
	cnt, err := p.Count(ctx, inst, &cs, &catalog.Cache{})
	switch {
	case err != nil:
		return "", err
	case cnt.Solutions >= 2:
		return "multiple", nil
	case cnt.Solutions == 1 && cnt.Complete:
		return "unique", nil
	case cnt.Solutions == 0 && cnt.Complete:
		return "none", nil
	}
	return Unknown, nil
}

// StepRecord is the JSON form of a step.
type StepRecord struct {
	Instance int `json:"instance"`
	Step     int `json:"step"`
	RuleRecord
}

// RuleRecord is a deduction in JSON; a deduction by assumption has its
// cases: each assumption and the steps that follow from it.
type RuleRecord struct {
	Rule    string           `json:"rule"`
	Aka     string           `json:"aka,omitempty"` // the literature's name for the rule
	Level   string           `json:"level"`
	Removed map[string][]int `json:"removed,omitempty"` // cell -> values removed
	Fails   bool             `json:"contradiction,omitempty"`
	Why     string           `json:"why"`
	Cases   []caseRecord     `json:"cases,omitempty"`
}

// caseRecord is one assumption of a deduction and its steps.
type caseRecord struct {
	Cell  string       `json:"cell"`
	Value int          `json:"value"`
	Steps []RuleRecord `json:"steps"`
}

// ToRecord is the JSON record of step n of instance it (explain --json
// and the workbench).
func ToRecord(r *catalog.Reasoning, it catalog.Item[any], n int, st csp.Step) StepRecord {
	return StepRecord{Instance: it.Index, Step: n, RuleRecord: ToRule(r, st)}
}

// ToRule is the JSON form of one rule application st: its names, level,
// the cells it removed values from and its cases.
func ToRule(r *catalog.Reasoning, st csp.Step) RuleRecord {
	rec := RuleRecord{Rule: st.Rule, Aka: r.Aka[st.Rule], Level: r.Reasoner.Ladder.Levels[st.Level], Fails: st.Fails, Why: st.Why}
	if len(st.Removed) > 0 {
		rec.Removed = map[string][]int{}
		m := r.Space.Model()
		for _, l := range st.Removed {
			name := m.Name(l.Var)
			rec.Removed[name] = append(rec.Removed[name], l.Val)
		}
	}
	for _, c := range st.Cases {
		cr := caseRecord{Cell: r.Space.Model().Name(c.Assumed.Var), Value: c.Assumed.Val, Steps: []RuleRecord{}}
		for _, s := range c.Steps {
			cr.Steps = append(cr.Steps, ToRule(r, s))
		}
		rec.Cases = append(rec.Cases, cr)
	}
	return rec
}

// writeCases prints, under the step numbered n, the steps that follow
// from its assumptions, indented: n.1, n.2, ... for one assumption; for
// several, each under "if CELL held V:" and numbered na.1, nb.1, ...
func writeCases(w *Output, r *catalog.Reasoning, n int, st csp.Step) {
	m := r.Space.Model()
	for k, c := range st.Cases {
		label := strconv.Itoa(n)
		if len(st.Cases) > 1 {
			label += string(rune('a' + k%26))
			w.Printf("     if %s held %d:\n", m.Name(c.Assumed.Var), c.Assumed.Val)
		}
		for i, s := range c.Steps {
			w.Printf("     %s.%d [%s] %s\n", label, i+1, r.RuleName(s.Rule), s.Why)
		}
	}
}

// levelsUsed words the levels a path used, weakest first, each with its
// count of steps ("edge rules and singles (12), clue bounds (3)"), and the
// levels it could use, up to top.
func levelsUsed(levels []string, top int, perLevel []int) string {
	var used []string
	for i, k := range perLevel {
		if k > 0 {
			used = append(used, fmt.Sprintf("%s (%d)", levels[i], k))
		}
	}
	n := 0
	for _, k := range perLevel {
		n += k
	}
	s := fmt.Sprintf("%d %s", n, plural(n, "step"))
	if len(used) > 0 {
		s += " using " + strings.Join(used, ", ")
	}
	switch {
	case top < 0:
		return s + "; no level available (--up-to none)"
	case top < len(levels)-1:
		return s + fmt.Sprintf("; available: %s (up to level %d of %d)", strings.Join(levels[:top+1], ", "), top+1, len(levels))
	}
	return s + "; available: " + strings.Join(levels, ", ")
}

// explain prints the solving path of each puzzle, step by step: a header
// with the levels the path used (with their counts of steps) and those it
// could use, the steps, then the outcome. Where no rule applies it says a
// guess is needed, lets search finish, and counts to two to say whether
// the solution found is the only one.
func explain(e env, p *catalog.Entry, args []string, c *Config) int {
	if st := needLadder(e, p, c); st != 0 {
		return st
	}
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		// The steps go to a buffer in the human form: the header, which
		// counts them, comes first.
		var steps bytes.Buffer
		body := NewOutput(&steps)
		x, err := ExplainOne(ctx, p, c, it, func(r *catalog.Reasoning, n int, st csp.Step) {
			if c.json {
				writeLine(e.stdout, ToRecord(r, it, n, st))
			} else {
				body.Printf("%3d. [%s] %s\n", n, r.RuleName(st.Rule), st.Why)
				writeCases(body, r, n, st)
			}
		})
		if x.Reasoning != nil && !c.json {
			e.stdout.Printf("%s%s\n", head(it), levelsUsed(x.levels, x.top, x.perLevel))
			e.stdout.write(steps.Bytes())
		}
		if err != nil {
			return reportErr(e, c, it, err)
		}
		if c.json {
			writeLine(e.stdout, x.Final)
			return x.ok
		}
		n := x.n
		switch x.out {
		case csp.Solved:
			if !writeSolution(e, c, p, it, x.grid) {
				return false
			}
			e.stdout.Printf("%ssolved in %d %s without a guess; hardest level used: %s\n", head(it), n, plural(n, "step"), x.levels[x.used])
		case csp.Contradiction:
			e.stdout.Printf("%scontradiction after %d %s: no solution\n", head(it), n, plural(n, "step"))
		case csp.Interrupted:
			e.stdout.Printf("%sunknown: %s after %d %s\n", head(it), stopWord(x.Stop), n, plural(n, "step"))
		default:
			stuck := "no rule allowed (--up-to none)"
			if x.top >= 0 {
				stuck = "no rule up to " + x.levels[x.top] + " applies"
			}
			e.stdout.Printf("%sstuck after %d %s: %s; a guess is needed\n", head(it), n, plural(n, "step"), stuck)
			res := x.Res
			switch {
			case x.grid != nil:
				if !writeSolution(e, c, p, it, x.grid) {
					return false
				}
				e.stdout.Printf("%ssearch finished it (%d %s): %s\n", head(it), res.Stats.Nodes, plural(res.Stats.Nodes, "guess"), searchVerdict(x.Verdict))
			case res.Stopped == csp.TimeLimit || res.Stopped == csp.Canceled:
				e.stdout.Printf("%ssearch: %s: %s after %d %s\n", head(it), res.Status(), stopWord(res.Stopped), res.Stats.Nodes, plural(res.Stats.Nodes, "guess"))
			default:
				e.stdout.Printf("%ssearch: %s\n", head(it), res.Status())
			}
		}
		return x.ok
	})
}

// explanation is explain's answer for one puzzle.
type explanation struct {
	Reasoning *catalog.Reasoning // nil: the puzzle could not be readied
	levels    []string           // the ladder
	top       int                // the highest level allowed (--up-to)
	perLevel  []int              // the steps of each level
	n         int                // the steps in all
	out       csp.Outcome        // how the reasoning ended
	used      int                // solved: the hardest level used
	Stop      csp.Stop           // interrupted: why
	grid      [][]int            // the solution, checked: by the ladder, or search after it
	Res       csp.Result         // stuck: the search that finished it
	Verdict   string             // stuck and solved by search: unique, multiple or unknown
	Final     map[string]any     // the closing record of --json
	ok        bool               // solved, and the only solution
}

// ExplainOne reasons it through, handing each step to step as it is
// found; where the ladder is stuck, search finishes it and a count to two
// says whether its solution is the only one. The explanation is filled as
// far as it got when the error is not nil.
func ExplainOne(ctx context.Context, p *catalog.Entry, c *Config, it catalog.Item[any], step func(r *catalog.Reasoning, n int, st csp.Step)) (explanation, error) {
	r, top, err := Reasoning(p, c, it)
	if err != nil {
		return explanation{}, err
	}
	levels := r.Reasoner.Ladder.Levels
	x := explanation{Reasoning: r, levels: levels, top: top, perLevel: make([]int, len(levels)), ok: true}
	r.Reasoner.Context = ctx
	x.out, x.used = r.Reasoner.Run(r.Space, top, func(st csp.Step) bool {
		x.n++
		x.perLevel[st.Level]++
		step(r, x.n, st)
		return true
	})
	counts := map[string]int{}
	for i, k := range x.perLevel {
		if k > 0 {
			counts[levels[i]] = k
		}
	}
	final := map[string]any{"instance": it.Index, "line": it.Line, "steps": x.n, "levels_used": counts, "levels_available": levels[:top+1]}
	x.Final = final
	switch x.out {
	case csp.Solved:
		g := r.Grid()
		if err := r.Check(g); err != nil {
			return x, fmt.Errorf("internal error: the reasoning's grid fails the checker: %w", err)
		}
		x.used = max(x.used, 0)
		x.grid = g
		final["status"], final["grade"], final["solution"] = Solved, levels[x.used], g
	case csp.Contradiction:
		final["status"] = Unsatisfiable
		x.ok = false
	case csp.Interrupted:
		x.Stop = csp.StopOf(ctx)
		final["status"], final["stopped"] = Unknown, x.Stop.String()
		x.ok = false
	default:
		s := *c.Settings
		g, res, err := p.Solve(ctx, it.Value, &s, &catalog.Cache{})
		if st := stoppedBy(ctx, err); st != csp.NotStopped && err != nil {
			err, res.Stopped = nil, st // the deadline cut the building short
		}
		if err != nil {
			return x, err
		}
		x.grid, x.Res = g, res
		final["status"], final["guess_needed"], final["guesses"] = Solved, true, res.Stats.Nodes
		if g == nil {
			final["status"] = res.Status()
			if res.Stopped != csp.NotStopped {
				final["stopped"] = res.Stopped.String()
			}
			x.ok = false
			return x, nil
		}
		x.Verdict, err = countVerdict(ctx, p, it.Value, &s)
		if stoppedBy(ctx, err) != csp.NotStopped {
			x.Verdict, err = Unknown, nil // the deadline cut the count short
		}
		if err != nil {
			return x, err
		}
		final["solution"], final["verdict"] = g, x.Verdict
		x.ok = x.Verdict == "unique"
	}
	return x, nil
}

// searchVerdict words what a count to two says of the solution search
// found.
func searchVerdict(verdict string) string {
	switch verdict {
	case "unique":
		return "the only solution (unique)"
	case "multiple":
		return "one of several solutions (multiple: check shows two)"
	}
	return "whether it is the only solution is unknown (a limit stopped the count)"
}

// hint prints the next step only, from the givens or the pencil marks.
func hint(e env, p *catalog.Entry, args []string, c *Config) int {
	if st := needLadder(e, p, c); st != 0 {
		return st
	}
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		h, err := HintOne(ctx, p, c, it)
		if err != nil {
			return reportErr(e, c, it, err)
		}
		if c.json {
			writeLine(e.stdout, h.Record(it))
			return h.Solved || h.Found
		}
		levels := h.Reasoning.Reasoner.Ladder.Levels
		switch {
		case h.Solved:
			e.stdout.Printf("%ssolved already: every cell has one value\n", head(it))
		case h.Stop != csp.NotStopped:
			e.stdout.Printf("%sunknown: %s before a step was found\n", head(it), stopWord(h.Stop))
		case h.Found:
			e.stdout.Printf("%snext step (%s): [%s] %s\n", head(it), levels[h.Step.Level], h.Reasoning.RuleName(h.Step.Rule), h.Step.Why)
			writeCases(e.stdout, h.Reasoning, 1, h.Step)
		case h.top < 0:
			e.stdout.Printf("%sno rule allowed (--up-to none)\n", head(it))
		default:
			e.stdout.Printf("%sno rule up to %s applies: a guess is needed\n", head(it), levels[h.top])
		}
		return h.Solved || h.Found
	})
}

// hinted is hint's answer for one puzzle: solved already, the next step
// (found), no step for want of time (stop), or none up to top.
type hinted struct {
	Reasoning *catalog.Reasoning
	top       int
	Solved    bool
	Step      csp.Step
	Found     bool
	Stop      csp.Stop
}

// HintOne finds the next step of it, up to --up-to.
func HintOne(ctx context.Context, p *catalog.Entry, c *Config, it catalog.Item[any]) (hinted, error) {
	r, top, err := Reasoning(p, c, it)
	if err != nil {
		return hinted{}, err
	}
	h := hinted{Reasoning: r, top: top}
	r.Reasoner.Context = ctx
	if r.Solved() {
		h.Solved = true
		return h, nil
	}
	h.Step, h.Found = r.Reasoner.Next(r.Space, top)
	if !h.Found {
		h.Stop = csp.StopOf(ctx) // found nothing for want of time?
	}
	return h, nil
}

// Record is hint's JSON record of h: the step's record, or the status.
func (h hinted) Record(it catalog.Item[any]) any {
	switch {
	case h.Solved:
		return map[string]any{"instance": it.Index, "line": it.Line, "status": Solved}
	case h.Stop != csp.NotStopped:
		return map[string]any{"instance": it.Index, "line": it.Line, "status": Unknown, "stopped": h.Stop.String()}
	case h.Found:
		return ToRecord(h.Reasoning, it, 1, h.Step)
	}
	return map[string]any{"instance": it.Index, "line": it.Line, "status": "stuck", "guess_needed": true}
}

// marks prints each puzzle's pencil marks: the candidates left after the
// steps of levels up to --up-to (every level by default; --up-to none
// gives the givens' own).
func marks(e env, p *catalog.Entry, args []string, c *Config) int {
	if st := needLadder(e, p, c); st != 0 {
		return st
	}
	if !p.CanMark {
		return UsageError(e.stderr, "marks: %s has no pencil-mark form", p.Name)
	}
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		cands, top, stop, err := MarksOne(ctx, p, c, it)
		if err != nil {
			return reportErr(e, c, it, err)
		}
		if stop != csp.NotStopped {
			// The marks so far are sound but not those asked for.
			if c.json {
				writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": Unknown, "stopped": stop.String()})
			} else {
				e.stdout.Printf("%sunknown: %s before the marks up to %s\n", head(it), stopWord(stop), p.Levels[top])
			}
			return false
		}
		if c.json {
			writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "candidates": cands})
			return true
		}
		e.stdout.Printf("# instance %d (line %d)\n", it.Index, it.Line)
		if err := p.WriteMarks(e.stdout, it.Value, cands); err != nil {
			return reportErr(e, c, it, err)
		}
		e.stdout.Print("\n")
		return true
	})
}

// MarksOne returns the candidates of it's cells after the levels up to
// --up-to (top), or why the reasoning stopped first; a contradiction is
// the error.
func MarksOne(ctx context.Context, p *catalog.Entry, c *Config, it catalog.Item[any]) (cands [][][]int, top int, stop csp.Stop, err error) {
	r, top, err := Reasoning(p, c, it)
	if err != nil {
		return nil, top, csp.NotStopped, err
	}
	r.Reasoner.Context = ctx
	out := csp.Stuck
	if top >= 0 {
		out, _ = r.Reasoner.Run(r.Space, top, nil)
	}
	switch out {
	case csp.Contradiction:
		return nil, top, csp.NotStopped, ErrContradiction
	case csp.Interrupted:
		return nil, top, csp.StopOf(ctx), nil
	}
	return r.Candidates(), top, csp.NotStopped, nil
}

// ErrContradiction is marks' error for a puzzle whose reasoning shows it
// has no solution.
var ErrContradiction = errors.New("the reasoning reached a contradiction: no solution")

// reportErr reports an instance's error on stderr and in the output. An
// unsatisfiable error (givens that clash) is a verdict, not an error: it
// is reported as "none" with its reason, in the output only.
func reportErr(e env, c *Config, it catalog.Item[any], err error) bool {
	var unsat catalog.Unsatisfiable
	if errors.As(err, &unsat) {
		if c.json {
			writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": Unsatisfiable, "reason": unsat.Reason.Error()})
		} else {
			e.stdout.Printf("%snone: %v\n", head(it), unsat.Reason)
		}
		return false
	}
	e.stderr.Printf("csp: %s\n", instanceError(err, it.Index, it.Line))
	if c.json {
		writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": Failed, "error": errorAt(err, it.Index, it.Line)})
	} else {
		e.stdout.Printf("%serror: %s\n", head(it), errorAt(err, it.Index, it.Line))
	}
	return false
}
