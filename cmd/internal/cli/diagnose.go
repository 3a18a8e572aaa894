package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// Diagnostics for an author's broken puzzle: for one with no solution, a
// minimal set of its clues and givens that already has none; for one with
// several, a smallest set of extra givens that makes it unique, and the
// puzzle with them in its input form.
func init() {
	Commands["diagnose"] = command{Flags: authorFlags, run: diagnose}
}

// maxSolutions is how many solutions diagnose lists to find the fewest
// givens that single one out; above it the givens are found greedily.
const maxSolutions = 2000

// Diagnosis is what diagnose finds for one puzzle.
type Diagnosis struct {
	Instance int    `json:"instance"`
	Line     int    `json:"line"`
	Verdict  string `json:"verdict"` // unique, multiple, none, unknown
	// none: a minimal set of the clues and givens with no solution, out
	// of how many.
	Core  []string `json:"core,omitempty"`
	Items int      `json:"items,omitempty"`
	// multiple: givens ("r1c2 = 3") that make the puzzle unique, and
	// whether they are proved the fewest (every solution was listed).
	Add      []string `json:"add,omitempty"`
	Smallest bool     `json:"smallest,omitempty"`
	Listed   int      `json:"solutions_listed,omitempty"`
	// unknown: the limit that stopped it ("time limit", "canceled").
	Stopped string `json:"stopped,omitempty"`
	// Mended is the puzzle with those givens, in the input form (Write of
	// its givens), read back and found unique before it is shown.
	Mended string `json:"mended,omitempty"`
	// What Core and Add name (CoreAt, AddAt), for csp serve to place on the board: the
	// indexes of the core's items among the puzzle's clues (Clues), the
	// givens added.
	CoreAt []int          `json:"-"`
	AddAt  map[[2]int]int `json:"-"`
}

func diagnose(e env, p *catalog.Entry, args []string, c *Config) int {
	if !p.CanModel || !p.CanClue {
		return UsageError(e.stderr, "diagnose: %s has no diagnostics", p.Name)
	}
	s := *c.Settings
	s.Search.Restarts = csp.NoRestarts
	s.Search.Workers = 0
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		d, err := DiagnoseAt(ctx, p, &s, it)
		if err != nil {
			return reportErr(e, c, it, err)
		}
		if c.json {
			writeLine(e.stdout, d)
			return d.Verdict == "unique"
		}
		switch d.Verdict {
		case "unique":
			e.stdout.Printf("%sunique: nothing to mend\n", head(it))
		case "none":
			e.stdout.Printf("%snone: these %d of its %d clues and givens already have no solution (without any one of them it has one):\n", head(it), len(d.Core), d.Items)
			for _, name := range d.Core {
				e.stdout.Printf("%%   %s\n", name)
			}
		case "multiple":
			how := "the fewest that do, over all its %d solutions"
			if !d.Smallest {
				how = "found greedily: it has more than %d solutions, so not proved the fewest"
			}
			verb := "make"
			if len(d.Add) == 1 {
				verb = "makes"
			}
			// The mended puzzle follows, then a blank line, which ends a
			// block form (skyscraper's grid) before the next status line.
			e.stdout.Printf("%smultiple: %d more %s %s it unique (%s): %s; mended:\n%s\n", head(it), len(d.Add), plural(int64(len(d.Add)), "given"), verb,
				fmt.Sprintf(how, d.Listed), strings.Join(d.Add, ", "), d.Mended)
		case Unknown:
			e.stdout.Printf("%sunknown: %s\n", head(it), stopWord(csp.StopOf(ctx)))
		default:
			e.stdout.Printf("%sunknown: a limit stopped the search\n", head(it))
		}
		return d.Verdict == "unique"
	})
}

// errStopped says a limit or an interrupt stopped a search the diagnosis
// needed.
var errStopped = errors.New("a limit stopped the search")

// solutions lists up to limit solutions of inst (0: no cap); complete says
// the list is all of them.
func solutions(ctx context.Context, p *catalog.Entry, inst any, s *catalog.Settings, limit int64) (sols [][][]int, complete bool, err error) {
	m, read, err := p.Model(ctx, inst, s)
	var unsat catalog.Unsatisfiable
	switch {
	case errors.As(err, &unsat):
		return nil, true, nil
	case err != nil:
		return nil, false, err
	}
	e, err := csp.NewSearchContext(ctx, m, s.Search)
	if err != nil { // ctx ended while the search was being made
		return nil, false, fmt.Errorf("%w (%v)", errStopped, csp.StopOf(ctx))
	}
	res := e.Run(ctx, limit, func(sp *csp.Space) bool {
		sols = append(sols, read(sp.Values(nil)))
		return true
	})
	if !res.Complete && res.Stopped != csp.SolutionLimit {
		return sols, false, fmt.Errorf("%w (%v)", errStopped, res.Stopped)
	}
	return sols, res.Complete, nil
}

// DiagnoseAt is diagnoseOne, whose verdict is unknown when a limit or an
// interrupt (ctx) stopped it.
func DiagnoseAt(ctx context.Context, p *catalog.Entry, s *catalog.Settings, it catalog.Item[any]) (Diagnosis, error) {
	d, err := diagnoseOne(ctx, p, s, it)
	if err != nil && ctx.Err() != nil && (errors.Is(err, errStopped) || stoppedBy(ctx, err) != csp.NotStopped) {
		d.Verdict, d.Stopped, err = Unknown, csp.StopOf(ctx).String(), nil
	}
	return d, err
}

func diagnoseOne(ctx context.Context, p *catalog.Entry, s *catalog.Settings, it catalog.Item[any]) (Diagnosis, error) {
	d := Diagnosis{Instance: it.Index, Line: it.Line}
	sols, _, err := solutions(ctx, p, it.Value, s, 2)
	if err != nil {
		return d, err
	}
	switch len(sols) {
	case 1:
		d.Verdict = "unique"
		return d, nil
	case 0:
		d.Verdict = "none"
		names := p.Clues(it.Value)
		d.Items = len(names)
		kept := make([]bool, len(names))
		for i := range kept {
			kept[i] = true
		}
		// Deletion: an item whose removal leaves no solution is not
		// needed; what stays is minimal, since removing items only adds
		// solutions.
		for i := range kept {
			if ctx.Err() != nil {
				return d, context.Cause(ctx)
			}
			kept[i] = false
			sols, _, err := solutions(ctx, p, p.Keep(it.Value, kept), s, 1)
			if err != nil {
				return d, err
			}
			if len(sols) > 0 {
				kept[i] = true
			}
		}
		for i, k := range kept {
			if k {
				d.Core = append(d.Core, names[i])
				d.CoreAt = append(d.CoreAt, i)
			}
		}
		return d, nil
	}
	d.Verdict = "multiple"
	add, smallest, listed, err := fewestGivens(ctx, p, s, it.Value)
	if err != nil {
		return d, err
	}
	d.Smallest, d.Listed, d.AddAt = smallest, listed, add
	for _, k := range SortedCells(add) {
		d.Add = append(d.Add, fmt.Sprintf("r%dc%d = %d", k[0]+1, k[1]+1, add[k]))
	}
	// The puzzle with them must be unique: checked, never assumed.
	d.Mended, err = mend(ctx, p, s, it.Value, add)
	return d, err
}

// SortedCells returns the cells of m in reading order.
func SortedCells(m map[[2]int]int) [][2]int {
	keys := slices.Collect(maps.Keys(m))
	sort.Slice(keys, func(i, j int) bool {
		return keys[i][0] < keys[j][0] || keys[i][0] == keys[j][0] && keys[i][1] < keys[j][1]
	})
	return keys
}

// mend writes inst with the givens add in its input form, and returns the
// text once it has been read back as one puzzle with exactly one
// solution, which the checker accepts for it and for inst.
func mend(ctx context.Context, p *catalog.Entry, s *catalog.Settings, inst any, add map[[2]int]int) (string, error) {
	mended := p.Give(inst, add)
	var b bytes.Buffer
	if err := p.Write(&b, mended, p.Givens(mended)); err != nil {
		return "", fmt.Errorf("writing the mended puzzle: %w", err)
	}
	var back []any
	for item := range p.Read(bytes.NewReader(b.Bytes()), false) {
		if item.Err != nil {
			return "", fmt.Errorf("internal error: the mended puzzle does not read back: %w", item.Err)
		}
		back = append(back, item.Value)
	}
	if len(back) != 1 {
		return "", fmt.Errorf("internal error: the mended puzzle reads back as %d puzzles", len(back))
	}
	sols, _, err := solutions(ctx, p, back[0], s, 2)
	if err != nil {
		return "", err
	}
	if len(sols) != 1 {
		return "", fmt.Errorf("internal error: the givens found leave %d solutions", len(sols))
	}
	for _, q := range []any{back[0], inst} {
		if err := p.Check(q, sols[0]); err != nil {
			return "", fmt.Errorf("internal error: the mended puzzle's solution fails the checker: %w", err)
		}
	}
	return b.String(), nil
}

// fewestGivens finds givens that make inst unique. With every solution
// listed (at most maxSolutions) it is the fewest: for every solution as
// the one to keep, the smallest set of cells on which every other solution
// differs from it (a minimum hitting set, by iterative deepening).
// Otherwise it adds, greedily, the cells that a sample of solutions
// disagrees on most, until one solution is left.
func fewestGivens(ctx context.Context, p *catalog.Entry, s *catalog.Settings, inst any) (map[[2]int]int, bool, int, error) {
	sols, complete, err := solutions(ctx, p, inst, s, maxSolutions)
	if err != nil {
		return nil, false, 0, err
	}
	if complete {
		var best map[[2]int]int
		b := budget{left: hitBudget, ctx: ctx}
		for _, base := range sols {
			cells, ok := hittingSet(base, sols, len(best), &b)
			if ctx.Err() != nil {
				return nil, false, 0, context.Cause(ctx)
			}
			if !ok {
				complete = false // out of budget: not proved the fewest
				break
			}
			if cells == nil {
				continue
			}
			if best == nil || len(cells) < len(best) {
				best = map[[2]int]int{}
				for _, at := range cells {
					best[at] = base[at[0]][at[1]]
				}
			}
		}
		if complete {
			return best, true, len(sols), nil
		}
	}
	add := map[[2]int]int{}
	for range 64 {
		if ctx.Err() != nil {
			return nil, false, 0, context.Cause(ctx)
		}
		cur := p.Give(inst, add)
		sample, _, err := solutions(ctx, p, cur, s, maxSolutions)
		if err != nil {
			return nil, false, 0, err
		}
		if len(sample) <= 1 {
			return add, false, maxSolutions, nil
		}
		base := sample[0]
		// The cell of base that the most other solutions disagree on.
		best, bestCount := [2]int{}, -1
		for r := range base {
			for c := range base[r] {
				n := 0
				for _, t := range sample[1:] {
					if t[r][c] != base[r][c] {
						n++
					}
				}
				if n > bestCount {
					best, bestCount = [2]int{r, c}, n
				}
			}
		}
		add[best] = base[best[0]][best[1]]
	}
	return nil, false, 0, fmt.Errorf("no set of givens found in 64 rounds")
}

// hitBudget bounds the branches the search for the fewest givens may take
// over all its bases; beyond it the givens are found greedily.
const hitBudget = 2_000_000

// budget is what is left of hitBudget, and the instance's context: a done
// context spends the budget at once (looked at every csp.Every branches).
type budget struct {
	left int
	ctx  context.Context
}

// spend takes one branch of the budget and reports whether one was left.
func (b *budget) spend() bool {
	if b.left--; b.left%csp.Every == 0 && b.ctx.Err() != nil {
		b.left = 0
	}
	return b.left > 0
}

// hittingSet returns a smallest set of cells such that every other
// solution differs from base on one of them, smaller than bound (0: any
// size), or nil when there is none smaller; ok is false when the budget
// ran out first.
func hittingSet(base [][]int, sols [][][]int, bound int, budget *budget) (set [][2]int, ok bool) {
	var diffs [][][2]int
	for _, t := range sols {
		var d [][2]int
		for r := range base {
			for c := range base[r] {
				if t[r][c] != base[r][c] {
					d = append(d, [2]int{r, c})
				}
			}
		}
		if len(d) > 0 {
			diffs = append(diffs, d)
		}
	}
	limit := len(diffs)
	if bound > 0 {
		limit = min(limit, bound-1)
	}
	for k := 0; k <= limit; k++ {
		if set, found := hit(diffs, nil, k, budget); found {
			return set, true
		}
		if budget.left <= 0 {
			return nil, false
		}
	}
	return nil, true
}

// hit extends chosen with at most k cells so that every set in diffs
// holds one of them, branching on the cells of the open set with the
// fewest cells.
func hit(diffs [][][2]int, chosen [][2]int, k int, budget *budget) ([][2]int, bool) {
	if !budget.spend() {
		return nil, false
	}
	var open [][2]int
	for _, d := range diffs {
		hitAlready := false
		for _, at := range d {
			if slices.Contains(chosen, at) {
				hitAlready = true
				break
			}
		}
		if !hitAlready && (open == nil || len(d) < len(open)) {
			open = d
		}
	}
	if open == nil {
		return slices.Clone(chosen), true
	}
	if k == 0 {
		return nil, false
	}
	for _, at := range open {
		if set, ok := hit(diffs, append(chosen, at), k-1, budget); ok {
			return set, true
		}
	}
	return nil, false
}
