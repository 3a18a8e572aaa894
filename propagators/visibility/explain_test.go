package visibility_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/visibility"
)

// randomLine adds L variables with random domains over lo..hi to a new
// model.
func randomLine(rng *rand.Rand, L, lo, hi int) (*csp.Model, []csp.Var, [][]int) {
	m := csp.NewModel()
	vars := make([]csp.Var, L)
	doms := make([][]int, L)
	density := 0.3 + 0.7*rng.Float64()
	for i := range vars {
		for v := lo; v <= hi; v++ {
			if rng.Float64() < density {
				doms[i] = append(doms[i], v)
			}
		}
		if doms[i] == nil {
			doms[i] = []int{lo + rng.IntN(hi-lo+1)}
		}
		vars[i] = m.NewVar(domains.Of(doms[i]...), fmt.Sprintf("x%d", i))
	}
	return m, vars, doms
}

// TestExplainAgainstBruteForce: at every strength, on small random
// domains, each deduction of a clue's explainer removes only values no
// arrangement meeting the clue uses and fails only when there is none; at
// its fixpoint the explainer has failed or left a cell open when no
// arrangement is left, and at GAC it has removed every unsupported value.
func TestExplainAgainstBruteForce(t *testing.T) {
	trials := 200
	if testing.Short() {
		trials = 50
	}
	type shape struct{ L, n, lo, hi int }
	shapes := []shape{{3, 3, 1, 3}, {3, 5, 1, 5}, {4, 4, 1, 4}, {4, 5, 1, 5}, {5, 5, 1, 5}, {4, 5, 0, 6}}
	for _, st := range []visibility.Strength{visibility.Edge, visibility.Bounds, visibility.GAC} {
		for _, sh := range shapes {
			for c := 1; c <= sh.L; c++ {
				name := fmt.Sprintf("%v/len=%d/n=%d/vals=%d..%d/clue=%d", st, sh.L, sh.n, sh.lo, sh.hi, c)
				t.Run(name, func(t *testing.T) {
					perm := st == visibility.Edge && sh.L == sh.n
					holds := func(vals []int) bool {
						return inRange(vals, sh.n) && seen(vals) == c && (!perm || proptest.Distinct(vals))
					}
					rng := rand.New(rand.NewPCG(uint64(1000*int(st)+100*sh.L+10*sh.n+c), 4))
					for trial := range trials {
						m, vars, doms := randomLine(rng, sh.L, sh.lo, sh.hi)
						e, err := visibility.Explain(vars, sh.n, c, st, "the clue")
						require.NoError(t, err)
						s := csp.NewSpace(m, csp.Copying)
						where := fmt.Sprintf("trial %d", trial)
						failed := proptest.DeduceSteps(t, rng, s, vars, e, holds, where)
						if t.Failed() {
							return
						}
						proptest.CheckOnce(t, s, vars, doms, !failed, holds, st == visibility.GAC, where)
					}
				})
			}
		}
	}
}

// TestExplainLineAgainstBruteForce: the whole line's explainer, both
// clues and all different, against brute force; it is domain consistent.
func TestExplainLineAgainstBruteForce(t *testing.T) {
	trials := 120
	if testing.Short() {
		trials = 30
	}
	for n := 3; n <= 5; n++ {
		for front := 0; front <= n; front++ {
			for back := 0; back <= n; back++ {
				if front+back == 0 {
					continue
				}
				t.Run(fmt.Sprintf("n=%d/front=%d/back=%d", n, front, back), func(t *testing.T) {
					holds := func(vals []int) bool {
						return inRange(vals, n) && proptest.Distinct(vals) &&
							(front == 0 || seen(vals) == front) && (back == 0 || seen(reversed(vals)) == back)
					}
					rng := rand.New(rand.NewPCG(uint64(100*n+10*front+back), 5))
					for trial := range trials {
						m, vars, doms := randomLine(rng, n, 1, n)
						e, err := visibility.ExplainLine(vars, n, front, back, "the line")
						require.NoError(t, err)
						s := csp.NewSpace(m, csp.Copying)
						where := fmt.Sprintf("trial %d", trial)
						failed := proptest.DeduceSteps(t, rng, s, vars, e, holds, where)
						if t.Failed() {
							return
						}
						proptest.CheckOnce(t, s, vars, doms, !failed, holds, true, where)
					}
				})
			}
		}
	}
}

// TestExplainRules checks the rules' names and reasons, and the
// arguments Explain and ExplainLine refuse.
func TestExplainRules(t *testing.T) {
	m := csp.NewModel()
	line := make([]csp.Var, 4)
	for i := range line {
		line[i] = m.NewIntVar(1, 4, fmt.Sprintf("r1c%d", i+1))
	}
	first := func(e csp.Explainer, s *csp.Space) csp.Deduction {
		var got []csp.Deduction
		e.Deduce(s, func(string) bool { return true }, func(d csp.Deduction) bool {
			got = append(got, d)
			return true
		})
		require.Len(t, got, 1, "a run of the strength is one deduction")
		return got[0]
	}
	for _, c := range []struct {
		st   visibility.Strength
		rule string
		why  string
	}{
		{visibility.Edge, visibility.RuleEdge, "clue 2 left of row 1: 2 buildings are seen, so the cell at distance d from the clue (counting from 0) is below 4 + d (edge rule): r1c1 loses 4"},
		{visibility.Bounds, visibility.RuleBounds, "clue 2 left of row 1: these heights would let too few or too many of the buildings be seen (clue bounds): r1c1 loses 4"},
		{visibility.GAC, visibility.RuleGAC, "clue 2 left of row 1: no arrangement of the heights left that shows 2 buildings puts these values there (clue filtering): r1c1 loses 4"},
	} {
		e, err := visibility.Explain(line, 4, 2, c.st, "clue 2 left of row 1")
		require.NoError(t, err)
		d := first(e, csp.NewSpace(m, csp.Copying))
		assert.Equal(t, c.rule, d.Rule, "%v", c.st)
		assert.Equal(t, c.why, d.Why, "%v", c.st)
	}
	e, err := visibility.ExplainLine(line, 4, 4, 0, "row 1")
	require.NoError(t, err)
	d := first(e, csp.NewSpace(m, csp.Copying))
	assert.Equal(t, visibility.RuleLine, d.Rule)
	assert.Len(t, d.Removed, 12, "clue 4: the line is 1 2 3 4")

	// A clue no arrangement meets: a failing deduction.
	s := csp.NewSpace(m, csp.Copying)
	csp.Apply(s, csp.Step{Deduction: csp.Deduction{Removed: []csp.Lit{{Var: line[0], Val: 1}, {Var: line[0], Val: 2}, {Var: line[0], Val: 3}}}})
	e, err = visibility.Explain(line, 4, 3, visibility.GAC, "clue 3")
	require.NoError(t, err)
	d = first(e, s)
	assert.True(t, d.Fails, "4 first hides the rest")
	assert.Equal(t, "clue 3: no arrangement of the heights left shows 3 buildings (clue filtering)", d.Why)

	for _, bad := range []struct {
		name string
		err  error
		make func() (csp.Explainer, error)
	}{
		{"clue 0", visibility.ErrClue, func() (csp.Explainer, error) { return visibility.Explain(line, 4, 0, visibility.GAC, "") }},
		{"clue above the line", visibility.ErrClue, func() (csp.Explainer, error) { return visibility.Explain(line, 4, 5, visibility.GAC, "") }},
		{"n below the line", visibility.ErrClue, func() (csp.Explainer, error) { return visibility.Explain(line, 3, 2, visibility.GAC, "") }},
		{"empty line", visibility.ErrClue, func() (csp.Explainer, error) { return visibility.Explain(nil, 4, 1, visibility.Edge, "") }},
		{"Line strength", visibility.ErrStrength, func() (csp.Explainer, error) { return visibility.Explain(line, 4, 2, visibility.Line, "") }},
		{"short whole line", visibility.ErrClue, func() (csp.Explainer, error) { return visibility.ExplainLine(line[:3], 4, 2, 0, "") }},
		{"no clue", visibility.ErrClue, func() (csp.Explainer, error) { return visibility.ExplainLine(line, 4, 0, 0, "") }},
		{"clue above n", visibility.ErrClue, func() (csp.Explainer, error) { return visibility.ExplainLine(line, 4, 0, 5, "") }},
	} {
		e, err := bad.make()
		assert.Nil(t, e, bad.name)
		assert.True(t, errors.Is(err, bad.err), "%s: %v", bad.name, err)
	}
}
