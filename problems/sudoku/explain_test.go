package sudoku

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// explainReplay explains a puzzle with the whole ladder and checks the
// path against the known solution sol (row by row): every step's rule
// sits at the step's level, no step removes a cell's solution value,
// and a path that solves gives sol, which the checker accepts. Replayed
// in order on a fresh state, each step removes values still present, is
// the weakest level that applies there, and the replay ends on the same
// grid. It returns the outcome and the highest level used.
func explainReplay(t *testing.T, reason func() (*catalog.Reasoning, error), ladder csp.Ladder, sol [][]int, where string) (csp.Outcome, int) {
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

// TestExplainReplays explains samples of the public sets with the whole
// ladder and replays their paths (see explainReplay).
func TestExplainReplays(t *testing.T) {
	sample := map[string]int{"17_clue": 20, "magictour_top1465": 10, "norvig_top95": 5, "forum_hardest_1905_11plus": 2}
	if testing.Short() {
		sample = map[string]int{"17_clue": 6, "magictour_top1465": 4}
	}
	for set, k := range sample {
		t.Run(set, func(t *testing.T) {
			ps, sols := samples(t, set)
			require.NotEmpty(t, sols)
			levels := map[string]int{}
			for i, p := range ps[:min(k, len(ps))] {
				sol := make([][]int, 9)
				for r := range sol {
					sol[r] = sols[i][9*r : 9*r+9]
				}
				out, top := explainReplay(t, func() (*catalog.Reasoning, error) { return Reason(p) }, Ladder, sol, fmt.Sprintf("%s line %d", set, i+1))
				if out == csp.Solved {
					levels[Ladder.Levels[max(top, 0)]]++
				} else {
					levels["search"]++
				}
			}
			t.Logf("grades: %v", levels)
		})
	}
}

// TestExplainReplaysVariants replays the paths of Solo's jigsaw and X
// puzzles (regions and diagonals are units like the others), judged
// against the solution the solver finds and the checker accepts.
func TestExplainReplaysVariants(t *testing.T) {
	// How many of each set, from the first: the 9x9 X jigsaws that need
	// assumptions or search take seconds each, so only the 7x7 ones.
	sample := map[string]int{"plain": 8, "x": 6, "jigsaw": 8, "jigsaw_x": 3}
	if testing.Short() {
		sample = map[string]int{"plain": 4, "x": 2, "jigsaw": 2, "jigsaw_x": 1}
	}
	for set, k := range sample {
		t.Run(set, func(t *testing.T) {
			levels := map[string]int{}
			for i, id := range soloLines(t, set)[:k] {
				p, err := ParseSolo(id)
				require.NoError(t, err)
				cells, _, err := Solve(context.Background(), p, DefaultOptions, DefaultSearch)
				require.NoError(t, err)
				require.NoError(t, Check(p, cells))
				n := p.N()
				sol := make([][]int, n)
				for r := range sol {
					sol[r] = cells[n*r : n*r+n]
				}
				out, top := explainReplay(t, func() (*catalog.Reasoning, error) { return Reason(p) }, Ladder, sol, fmt.Sprintf("%s line %d", set, i+1))
				if out == csp.Solved {
					levels[Ladder.Levels[max(top, 0)]]++
				} else {
					levels["search"]++
				}
			}
			t.Logf("grades: %v", levels)
		})
	}
}

// BenchmarkReasonerStep is the cost of one Reasoner.Next on a 9x9 sudoku
// (the first of 17_clue and of magictour_top1465) in three states: at the
// givens (a naked single is found at once), once singles are exhausted
// (Next tries the weaker levels first, then finds a hidden single), and
// where only subsets or assumptions apply (every weaker level tried).
// Next changes nothing, so every op sees the same state.
func BenchmarkReasonerStep(b *testing.B) {
	ps17, _ := samples(b, "17_clue")
	psHard, _ := samples(b, "magictour_top1465")
	// ready returns the puzzle's reasoning after running up to level pre
	// (-1: none), and the level Next must reach from there.
	ready := func(p *Puzzle, pre int) (*catalog.Reasoning, int) {
		r, err := Reason(p)
		require.NoError(b, err)
		if pre >= 0 {
			out, _ := r.Reasoner.Run(r.Space, pre, nil)
			require.Equal(b, csp.Stuck, out)
		}
		st, ok := r.Reasoner.Next(r.Space, len(Ladder.Levels)-1)
		require.True(b, ok)
		return r, st.Level
	}
	for _, c := range []struct {
		name string
		p    *Puzzle
		pre  int
	}{
		{"givens", ps17[0], -1},
		{"after singles", ps17[0], 0},
		{"after box-line", ps17[0], 2},
		{"after subsets", psHard[0], 3},
	} {
		r, level := ready(c.p, c.pre)
		b.Run(fmt.Sprintf("%s/finds %s", c.name, Ladder.Levels[level]), func(b *testing.B) {
			b.ReportAllocs()
			var st csp.Step
			ok := true
			for b.Loop() {
				var found bool
				st, found = r.Reasoner.Next(r.Space, len(Ladder.Levels)-1)
				ok = ok && found
			}
			if !ok || st.Level != level {
				b.Fatalf("Next found level %d, want %d", st.Level, level)
			}
		})
	}
}

// BenchmarkGrade is one whole grading per op (Reason, then the ladder to
// its end), cycling through the samples of a set.
func BenchmarkGrade(b *testing.B) {
	for _, set := range []string{"17_clue", "magictour_top1465"} {
		b.Run(set, func(b *testing.B) {
			ps, _ := samples(b, set)
			b.ReportAllocs()
			levels := 0
			for i := 0; b.Loop(); i++ {
				r, err := Reason(ps[i%len(ps)])
				if err != nil {
					b.Fatal(err)
				}
				levels += r.Grade()
			}
			if levels == 0 {
				b.Fatal("every puzzle graded at singles")
			}
		})
	}
}
