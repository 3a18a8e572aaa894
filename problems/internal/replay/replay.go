// Package replay is the test helper the problems share to check an
// explanation: the path a problem's Reasoning takes, step by step, against
// a known solution, and replayed on a fresh state.
package replay

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// Explain explains a puzzle with the whole ladder and checks the
// path against the known solution sol (row by row): every step's rule
// sits at the step's level, no step removes a cell's solution value,
// and a path that solves gives sol, which the checker accepts. Replayed
// in order on a fresh state, each step removes values still present, is
// the weakest level that applies there, and the replay ends on the same
// grid. It returns the outcome and the highest level used.
func Explain(t testing.TB, reason func() (*catalog.Reasoning, error), ladder csp.Ladder, sol [][]int, where string) (csp.Outcome, int) {
	t.Helper()
	r, err := reason()
	require.NoError(t, err, where)
	value := map[csp.Var]int{} // the solution, by cell
	names := map[csp.Var]string{}
	for i, row := range r.Cells {
		for j, x := range row {
			value[x] = sol[i][j]
			names[x] = fmt.Sprintf("r%dc%d", i+1, j+1)
		}
	}
	var steps []csp.Step
	out, top := r.Reasoner.Run(r.Space, len(ladder.Levels)-1, func(st csp.Step) bool {
		steps = append(steps, st)
		return true
	})
	require.NotEqual(t, csp.Contradiction, out, "%s: a puzzle with a solution", where)
	require.NotEqual(t, csp.Interrupted, out, where)
	for k, st := range steps {
		require.False(t, st.Fails, "%s: step %d fails: %s", where, k+1, st.Why)
		require.NotEmpty(t, st.Removed, "%s: step %d removes nothing", where, k+1)
		assert.Equal(t, ladder.Rules[st.Rule], st.Level, "%s: step %d: rule %q at level %d", where, k+1, st.Rule, st.Level)
		assert.NotEmpty(t, st.Why, where)
		for _, l := range st.Removed {
			require.NotEqual(t, value[l.Var], l.Val, "%s: step %d removes the solution's %d from %s: %s", where, k+1, l.Val, names[l.Var], st.Why)
		}
	}
	if out == csp.Solved {
		g := r.Grid()
		require.NoError(t, r.Check(g), where)
		require.Equal(t, sol, g, where)
	}

	fresh, err := reason()
	require.NoError(t, err, where)
	for k, st := range steps {
		if st.Level > 0 {
			weaker, ok := fresh.Reasoner.Next(fresh.Space, st.Level-1)
			require.False(t, ok, "%s: before step %d (level %d), a weaker step applies: %s", where, k+1, st.Level, weaker.Why)
		}
		for _, l := range st.Removed {
			require.True(t, fresh.Space.Contains(l.Var, l.Val), "%s: step %d removes %d from %s, already gone: %s", where, k+1, l.Val, names[l.Var], st.Why)
		}
		require.True(t, csp.Apply(fresh.Space, st), "%s: step %d", where, k+1)
	}
	assert.Equal(t, r.Grid(), fresh.Grid(), "%s: the replay's grid", where)
	assert.Equal(t, r.Candidates(), fresh.Candidates(), "%s: the replay's candidates", where)
	if out == csp.Solved {
		assert.True(t, fresh.Solved(), where)
	}

	graded, err := reason()
	require.NoError(t, err, where)
	want := len(ladder.Levels)
	if out == csp.Solved {
		want = max(top, 0)
	}
	assert.Equal(t, want, graded.Grade(), "%s: Grade", where)
	return out, top
}
