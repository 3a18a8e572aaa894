package main

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
	commands["check"] = command{flags: authorFlags, run: check}
	commands["grade"] = command{flags: authorFlags, run: grade}
	commands["explain"] = command{flags: authorFlags, run: explain}
	commands["hint"] = command{flags: authorFlags, run: hint}
	commands["marks"] = command{flags: authorFlags, run: marks}
}

// authorFlags are solve's flags, plus --marks (FILE holds pencil-mark
// grids) and --up-to LEVEL (the highest level of the ladder used).
func authorFlags(fs *flag.FlagSet, c *config) {
	batchFlags(false)(fs, c)
	fs.StringVar(&c.upTo, "up-to", "", "")
}

// instances opens the FILE of args and returns its instances, read as
// pencil marks with --marks. It returns the exit status of a usage or
// input error, with a nil sequence.
func instances(e env, p *catalog.Entry, args []string, c *config) (iter.Seq[catalog.Item[any]], func(), int) {
	switch {
	case len(args) == 0:
		return nil, nil, usageError(e.stderr, "%s: missing FILE (- for standard input)", e.cmd)
	case len(args) > 1:
		return nil, nil, usageError(e.stderr, "%s: unexpected argument %q after FILE", e.cmd, args[1])
	case c.marks && !p.CanMark:
		return nil, nil, usageError(e.stderr, "%s: %s has no pencil-mark form", e.cmd, p.Name)
	}
	in, done, err := openInput(e, args[0])
	if err != nil {
		e.stderr.printf("csp: %v\n", err)
		return nil, nil, 1
	}
	return p.Read(in, c.marks), done, 0
}

// eachInstance runs do on every well-formed instance of FILE, reporting
// the malformed ones, and returns the exit status: 0 when do accepted
// every instance. Each instance has its own deadline (--timeout), in the
// ctx do gets; an interrupt stops the instance under way and the run,
// which then says so.
func eachInstance(e env, p *catalog.Entry, args []string, c *config, do func(ctx context.Context, it catalog.Item[any]) bool) int {
	items, done, status := instances(e, p, args, c)
	if items == nil {
		return status
	}
	defer done()
	ctx, cancel := interrupts()
	defer cancel()
	ctx, release := guardMemory(ctx, c.memoryLimit())
	defer release()
	seen := false
	last := 0 // the instance under way or done last
	for it := range items {
		last = it.Index
		seen = true
		if it.Err != nil {
			e.stderr.printf("csp: %v\n", it.Err)
			if c.json {
				writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": failed, "error": errorAt(it.Err, it.Index, it.Line)})
			} else {
				e.stdout.printf("%% instance %d (line %d): error: %s\n", it.Index, it.Line, errorAt(it.Err, it.Index, it.Line))
			}
			status = 1
			continue
		}
		ictx, icancel := instanceContext(ctx, c.settings.Search.TimeLimit)
		ok := do(ictx, it)
		icancel()
		if !ok {
			status = 1
		}
		if ctx.Err() != nil {
			break
		}
		if e.stdout.err != nil {
			return 1 // nobody reads the answers: stop; run reports the error
		}
	}
	if ctx.Err() != nil {
		msg := fmt.Sprintf("interrupted during instance %d: the rest of %s was not run", last, inputName(args[0]))
		if !seen {
			msg = fmt.Sprintf("interrupted before the first instance of %s was read", inputName(args[0]))
		}
		e.stderr.printf("csp: %s\n", msg)
		if !c.json {
			e.stdout.printf("%% %s\n", msg)
		}
		return 1
	}
	if !seen {
		e.stderr.printf("csp: no instance in %s\n", inputName(args[0]))
		return 1
	}
	return status
}

// writeLine prints v as one line of JSON. The records are maps and
// structs of numbers, strings and slices, which always marshal; should one
// not, the line says why in their place.
func writeLine(w *output, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = fmt.Appendf(nil, `{"status":"error","error":%q}`, err.Error())
	}
	w.write(append(b, '\n'))
}

// writeSolution prints g, a solution of it, with the problem's Write and
// reports whether it could. A failure is the instance's error, reported as
// such, unless it is standard output's own, which run reports once.
func writeSolution(e env, c *config, p *catalog.Entry, it catalog.Item[any], g [][]int) bool {
	err := p.Write(e.stdout, it.Value, g)
	switch {
	case err == nil:
		return true
	case e.stdout.err != nil:
		return false
	}
	return reportErr(e, c, it, fmt.Errorf("writing the solution: %w", err))
}

func head(it catalog.Item[any]) string {
	return fmt.Sprintf("%% instance %d (line %d): ", it.Index, it.Line)
}

// check says for each puzzle whether it has one solution, several (two
// are shown, their differences marked) or none.
func check(e env, p *catalog.Entry, args []string, c *config) int {
	if !p.CanModel {
		return usageError(e.stderr, "check: %s has no model to check with", p.Name)
	}
	s := *c.settings
	s.Search.Restarts = csp.NoRestarts // two different solutions: no restarts
	s.Search.Workers = 0
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		sols, res, err := twoSolutions(ctx, p, it.Value, &s)
		if st := stoppedBy(ctx, err); st != csp.NotStopped && err != nil {
			err, res.Stopped = nil, st // the deadline cut the building short
		}
		verdict, why := "", "no solution"
		var unsat catalog.Unsatisfiable
		switch {
		case errors.As(err, &unsat):
			verdict, why, err = "none", unsat.Reason.Error(), nil
		case err != nil:
		case len(sols) == 2:
			verdict = "multiple"
		case len(sols) == 1 && res.Complete:
			verdict = "unique"
		case len(sols) == 0 && res.Complete:
			verdict = "none"
		default:
			verdict = unknown
		}
		if err != nil {
			return reportErr(e, c, it, err)
		}
		var differ []string
		if len(sols) == 2 {
			differ = differences(sols[0], sols[1])
		}
		if c.json {
			if sols == nil {
				sols = [][][]int{} // "solutions":[], not null
			}
			rec := map[string]any{"instance": it.Index, "line": it.Line, "verdict": verdict, "solutions": sols, "stats": res.Stats}
			if differ != nil {
				rec["differ"] = differ
			}
			if verdict == unknown {
				rec["stopped"] = res.Stopped.String()
			}
			if unsat.Reason != nil {
				rec["reason"] = why
			}
			writeLine(e.stdout, rec)
			return verdict == "unique"
		}
		switch verdict {
		case "unique":
			if !writeSolution(e, c, p, it, sols[0]) {
				return false
			}
			e.stdout.printf("%sunique\n", head(it))
		case "multiple":
			e.stdout.printf("%smultiple: two solutions differ in %d %s (%s), marked [ ]\n", head(it), len(differ), plural(len(differ), "cell"), strings.Join(differ, " "))
			for i, g := range sols {
				e.stdout.printf("%% solution %d:\n%s", i+1, marked(g, sols[1-i]))
			}
		case "none":
			e.stdout.printf("%snone: %s\n", head(it), why)
		default:
			e.stdout.printf("%sunknown (%v): %d %s found before the limit\n", head(it), res.Stopped, len(sols), plural(len(sols), "solution"))
		}
		return verdict == "unique"
	})
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
	res := csp.NewSearch(m, s.Search).Run(ctx, 2, func(sp *csp.Space) bool {
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
	for r := range a {
		for c := range a[r] {
			if a[r][c] != b[r][c] {
				out = append(out, fmt.Sprintf("r%dc%d", r+1, c+1))
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

// reasoning readies an instance for the ladder tools and finds the
// highest level --up-to allows (all of them by default, -1 for none).
func reasoning(p *catalog.Entry, c *config, it catalog.Item[any]) (*catalog.Reasoning, int, error) {
	r, err := p.Reason(it.Value)
	if err != nil {
		return nil, 0, err
	}
	levels := r.Reasoner.Ladder.Levels
	top := len(levels) - 1
	if c.upTo != "" {
		top = levelIndex(levels, c.upTo)
	}
	if top == -2 {
		return nil, 0, badLevel(p.Name, levels, c.upTo)
	}
	return r, top, nil
}

// levelIndex finds a level by name or 1-based number (-1: none).
func levelIndex(levels []string, name string) int {
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
func needLadder(e env, p *catalog.Entry, c *config) int {
	if !p.CanReason {
		return usageError(e.stderr, "%s: %s has no reasoning rules (grade, explain, hint and marks serve %s)", e.cmd, p.Name, ladderProblems())
	}
	if c.upTo != "" && p.Levels != nil && levelIndex(p.Levels, c.upTo) == -2 {
		return usageError(e.stderr, "%s: invalid value %q for flag -up-to: %s", e.cmd, c.upTo, wantLevel(p.Name, p.Levels))
	}
	return 0
}

func ladderProblems() string {
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
	return fmt.Errorf("--up-to %q: %s", name, wantLevel(problem, levels))
}

// wantLevel lists what --up-to takes for a problem with these levels.
func wantLevel(problem string, levels []string) string {
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
	stop    csp.Stop // Stopped's value
}

// grade gives each puzzle the weakest level at which it is solved with no
// search, or "search" with the guesses and depth the solver needed. With
// --up-to only the levels up to that one are tried: a puzzle they do not
// finish is "beyond" it.
func grade(e env, p *catalog.Entry, args []string, c *config) int {
	if st := needLadder(e, p, c); st != 0 {
		return st
	}
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		g, err := gradeOne(ctx, p, c, it)
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
			e.stdout.printf("%snone: %s\n", head(it), g.Reason)
		case g.Stopped != "" && g.Grade == "search":
			e.stdout.printf("%sunknown: %s in the search after %d %s (the ladder of %s does not solve it)\n", head(it), stopWord(g.stop), g.Guesses, plural(g.Guesses, "guess"), ladder)
		case g.Stopped != "":
			e.stdout.printf("%sunknown: %s after %d %s of the ladder\n", head(it), stopWord(g.stop), g.Steps, plural(g.Steps, "step"))
		case g.Verdict == "none":
			e.stdout.printf("%sno solution: nothing to grade\n", head(it))
		case g.Beyond && g.Level == 1:
			e.stdout.printf("%sbeyond none (--up-to none: no rule allowed), %s\n", head(it), g.Verdict)
		case g.Beyond:
			e.stdout.printf("%s%s (up to level %d of %s): stuck after %d %s, %s\n", head(it), g.Grade, g.Level-1, ladder, g.Steps, plural(g.Steps, "step"), g.Verdict)
		case g.Grade == "search":
			e.stdout.printf("%ssearch (level %d of %s): %d %s, depth %d, %s\n", head(it), g.Level, ladder, g.Guesses, plural(g.Guesses, "guess"), g.Depth, g.Verdict)
		default:
			e.stdout.printf("%s%s (level %d of %s): %d %s, %s\n", head(it), g.Grade, g.Level, ladder, g.Steps, plural(g.Steps, "step"), g.Verdict)
		}
		return ok
	})
}

// gradeOne grades one puzzle: the ladder first, up to --up-to; when the
// whole ladder does not finish it, search, and a count to two for the
// verdict; when --up-to stopped below the top, the count alone. When ctx
// ends first, the verdict is unknown and Stopped says why (in words:
// "timed out", "interrupted").
func gradeOne(ctx context.Context, p *catalog.Entry, c *config, it catalog.Item[any]) (gradeResult, error) {
	g, err := gradeSteps(ctx, p, c, it)
	if st := stoppedBy(ctx, err); st != csp.NotStopped {
		g.Verdict, g.Stopped, g.stop, err = unknown, st.String(), st, nil
	}
	return g, err
}

// gradeSteps is gradeOne without the verdict of a stop.
func gradeSteps(ctx context.Context, p *catalog.Entry, c *config, it catalog.Item[any]) (gradeResult, error) {
	r, top, err := reasoning(p, c, it)
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
		return g, nil // gradeOne says why
	}
	s := *c.settings
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
	return unknown, nil
}

// stepRecord is the JSON form of a step.
type stepRecord struct {
	Instance int `json:"instance"`
	Step     int `json:"step"`
	ruleRecord
}

// ruleRecord is a deduction in JSON; a deduction by assumption has its
// cases: each assumption and the steps that follow from it.
type ruleRecord struct {
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
	Steps []ruleRecord `json:"steps"`
}

func toRecord(r *catalog.Reasoning, it catalog.Item[any], n int, st csp.Step) stepRecord {
	return stepRecord{Instance: it.Index, Step: n, ruleRecord: toRule(r, st)}
}

func toRule(r *catalog.Reasoning, st csp.Step) ruleRecord {
	rec := ruleRecord{Rule: st.Rule, Aka: r.Aka[st.Rule], Level: r.Reasoner.Ladder.Levels[st.Level], Fails: st.Fails, Why: st.Why}
	if len(st.Removed) > 0 {
		rec.Removed = map[string][]int{}
		m := r.Space.Model()
		for _, l := range st.Removed {
			name := m.Name(l.Var)
			rec.Removed[name] = append(rec.Removed[name], l.Val)
		}
	}
	for _, c := range st.Cases {
		cr := caseRecord{Cell: r.Space.Model().Name(c.Assumed.Var), Value: c.Assumed.Val, Steps: []ruleRecord{}}
		for _, s := range c.Steps {
			cr.Steps = append(cr.Steps, toRule(r, s))
		}
		rec.Cases = append(rec.Cases, cr)
	}
	return rec
}

// writeCases prints, under the step numbered n, the steps that follow
// from its assumptions, indented: n.1, n.2, ... for one assumption; for
// several, each under "if CELL held V:" and numbered na.1, nb.1, ...
func writeCases(w *output, r *catalog.Reasoning, n int, st csp.Step) {
	m := r.Space.Model()
	for k, c := range st.Cases {
		label := strconv.Itoa(n)
		if len(st.Cases) > 1 {
			label += string(rune('a' + k%26))
			w.printf("     if %s held %d:\n", m.Name(c.Assumed.Var), c.Assumed.Val)
		}
		for i, s := range c.Steps {
			w.printf("     %s.%d [%s] %s\n", label, i+1, r.RuleName(s.Rule), s.Why)
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
func explain(e env, p *catalog.Entry, args []string, c *config) int {
	if st := needLadder(e, p, c); st != 0 {
		return st
	}
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		r, top, err := reasoning(p, c, it)
		if err != nil {
			return reportErr(e, c, it, err)
		}
		levels := r.Reasoner.Ladder.Levels
		n := 0
		perLevel := make([]int, len(levels))
		// The steps go to a buffer in the human form: the header, which
		// counts them, comes first.
		var steps bytes.Buffer
		body := newOutput(&steps)
		r.Reasoner.Context = ctx
		out, used := r.Reasoner.Run(r.Space, top, func(st csp.Step) bool {
			n++
			perLevel[st.Level]++
			if c.json {
				writeLine(e.stdout, toRecord(r, it, n, st))
			} else {
				body.printf("%3d. [%s] %s\n", n, r.RuleName(st.Rule), st.Why)
				writeCases(body, r, n, st)
			}
			return true
		})
		final := map[string]any{"instance": it.Index, "line": it.Line, "steps": n}
		if !c.json {
			e.stdout.printf("%s%s\n", head(it), levelsUsed(levels, top, perLevel))
			e.stdout.write(steps.Bytes())
		} else {
			counts := map[string]int{}
			for i, k := range perLevel {
				if k > 0 {
					counts[levels[i]] = k
				}
			}
			final["levels_used"], final["levels_available"] = counts, levels[:top+1]
		}
		ok := true
		switch out {
		case csp.Solved:
			g := r.Grid()
			if err := r.Check(g); err != nil {
				return reportErr(e, c, it, fmt.Errorf("internal error: the reasoning's grid fails the checker: %w", err))
			}
			used = max(used, 0)
			final["status"], final["grade"], final["solution"] = solved, levels[used], g
			if !c.json {
				if !writeSolution(e, c, p, it, g) {
					return false
				}
				e.stdout.printf("%ssolved in %d %s without a guess; hardest level used: %s\n", head(it), n, plural(n, "step"), levels[used])
			}
		case csp.Contradiction:
			final["status"] = unsatisfiable
			ok = false
			if !c.json {
				e.stdout.printf("%scontradiction after %d %s: no solution\n", head(it), n, plural(n, "step"))
			}
		case csp.Interrupted:
			st := csp.StopOf(ctx)
			final["status"], final["stopped"] = unknown, st.String()
			ok = false
			if !c.json {
				e.stdout.printf("%sunknown: %s after %d %s\n", head(it), stopWord(st), n, plural(n, "step"))
			}
		default:
			s := *c.settings
			g, res, err := p.Solve(ctx, it.Value, &s, &catalog.Cache{})
			if st := stoppedBy(ctx, err); st != csp.NotStopped && err != nil {
				err, res.Stopped = nil, st // the deadline cut the building short
			}
			if err != nil {
				return reportErr(e, c, it, err)
			}
			final["status"], final["guess_needed"], final["guesses"] = solved, true, res.Stats.Nodes
			verdict := ""
			if g == nil {
				final["status"] = res.Status()
				if res.Stopped != csp.NotStopped {
					final["stopped"] = res.Stopped.String()
				}
				ok = false
			} else {
				verdict, err = countVerdict(ctx, p, it.Value, &s)
				if stoppedBy(ctx, err) != csp.NotStopped {
					verdict, err = unknown, nil // the deadline cut the count short
				}
				if err != nil {
					return reportErr(e, c, it, err)
				}
				final["solution"], final["verdict"] = g, verdict
				ok = verdict == "unique"
			}
			if !c.json {
				stuck := "no rule allowed (--up-to none)"
				if top >= 0 {
					stuck = "no rule up to " + levels[top] + " applies"
				}
				e.stdout.printf("%sstuck after %d %s: %s; a guess is needed\n", head(it), n, plural(n, "step"), stuck)
				if g != nil {
					if !writeSolution(e, c, p, it, g) {
						return false
					}
					e.stdout.printf("%ssearch finished it (%d %s): %s\n", head(it), res.Stats.Nodes, plural(res.Stats.Nodes, "guess"), searchVerdict(verdict))
				} else if res.Stopped == csp.TimeLimit || res.Stopped == csp.Canceled {
					e.stdout.printf("%ssearch: %s: %s after %d %s\n", head(it), res.Status(), stopWord(res.Stopped), res.Stats.Nodes, plural(res.Stats.Nodes, "guess"))
				} else {
					e.stdout.printf("%ssearch: %s\n", head(it), res.Status())
				}
			}
		}
		if c.json {
			writeLine(e.stdout, final)
		}
		return ok
	})
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
func hint(e env, p *catalog.Entry, args []string, c *config) int {
	if st := needLadder(e, p, c); st != 0 {
		return st
	}
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		r, top, err := reasoning(p, c, it)
		if err != nil {
			return reportErr(e, c, it, err)
		}
		levels := r.Reasoner.Ladder.Levels
		r.Reasoner.Context = ctx
		if r.Solved() {
			if c.json {
				writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": solved})
			} else {
				e.stdout.printf("%ssolved already: every cell has one value\n", head(it))
			}
			return true
		}
		st, found := r.Reasoner.Next(r.Space, top)
		stop := csp.NotStopped
		if !found {
			stop = csp.StopOf(ctx) // found nothing for want of time?
		}
		switch {
		case stop != csp.NotStopped && c.json:
			writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": unknown, "stopped": stop.String()})
		case stop != csp.NotStopped:
			e.stdout.printf("%sunknown: %s before a step was found\n", head(it), stopWord(stop))
		case found && c.json:
			writeLine(e.stdout, toRecord(r, it, 1, st))
		case found:
			e.stdout.printf("%snext step (%s): [%s] %s\n", head(it), levels[st.Level], r.RuleName(st.Rule), st.Why)
			writeCases(e.stdout, r, 1, st)
		case c.json:
			writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": "stuck", "guess_needed": true})
		default:
			if top < 0 {
				e.stdout.printf("%sno rule allowed (--up-to none)\n", head(it))
			} else {
				e.stdout.printf("%sno rule up to %s applies: a guess is needed\n", head(it), levels[top])
			}
		}
		return found
	})
}

// marks prints each puzzle's pencil marks: the candidates left after the
// steps of levels up to --up-to (every level by default; --up-to none
// gives the givens' own).
func marks(e env, p *catalog.Entry, args []string, c *config) int {
	if st := needLadder(e, p, c); st != 0 {
		return st
	}
	if !p.CanMark {
		return usageError(e.stderr, "marks: %s has no pencil-mark form", p.Name)
	}
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		r, top, err := reasoning(p, c, it)
		if err != nil {
			return reportErr(e, c, it, err)
		}
		r.Reasoner.Context = ctx
		out := csp.Stuck
		if top >= 0 {
			out, _ = r.Reasoner.Run(r.Space, top, nil)
		}
		switch out {
		case csp.Contradiction:
			return reportErr(e, c, it, fmt.Errorf("the reasoning reached a contradiction: no solution"))
		case csp.Interrupted:
			// The marks so far are sound but not those asked for.
			st := csp.StopOf(ctx)
			if c.json {
				writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": unknown, "stopped": st.String()})
			} else {
				e.stdout.printf("%sunknown: %s before the marks up to %s\n", head(it), stopWord(st), r.Reasoner.Ladder.Levels[top])
			}
			return false
		}
		cands := r.Candidates()
		if c.json {
			writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "candidates": cands})
			return true
		}
		e.stdout.printf("# instance %d (line %d)\n", it.Index, it.Line)
		if err := p.WriteMarks(e.stdout, it.Value, cands); err != nil {
			return reportErr(e, c, it, err)
		}
		e.stdout.print("\n")
		return true
	})
}

// reportErr reports an instance's error on stderr and in the output. An
// Unsatisfiable error (givens that clash) is a verdict, not an error: it
// is reported as "none" with its reason, in the output only.
func reportErr(e env, c *config, it catalog.Item[any], err error) bool {
	var unsat catalog.Unsatisfiable
	if errors.As(err, &unsat) {
		if c.json {
			writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": unsatisfiable, "reason": unsat.Reason.Error()})
		} else {
			e.stdout.printf("%snone: %v\n", head(it), unsat.Reason)
		}
		return false
	}
	e.stderr.printf("csp: %s\n", instanceError(err, it.Index, it.Line))
	if c.json {
		writeLine(e.stdout, map[string]any{"instance": it.Index, "line": it.Line, "status": failed, "error": errorAt(err, it.Index, it.Line)})
	} else {
		e.stdout.printf("%serror: %s\n", head(it), errorAt(err, it.Index, it.Line))
	}
	return false
}
