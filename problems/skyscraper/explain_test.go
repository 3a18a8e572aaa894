package skyscraper

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

// tathamSet reads the Tatham-generated puzzles with their level and
// solution.
func tathamSet(t *testing.T) (ps []*Puzzle, levels, sols []string) {
	t.Helper()
	f, err := os.ReadFile("testdata/tatham-dev.tsv")
	require.NoError(t, err)
	for _, line := range strings.Split(string(f), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		c := strings.Split(line, "\t")
		p, err := ParseTowers(c[3], 1)
		require.NoError(t, err)
		ps, levels, sols = append(ps, p), append(levels, c[0]+c[1]), append(sols, c[4])
	}
	return ps, levels, sols
}

// TestExplainReplays explains every Tatham puzzle with the whole ladder:
// those it solves without a guess, replaying its steps in order on a fresh
// state gives the known solution, which the checker accepts.
func TestExplainReplays(t *testing.T) {
	ps, levels, sols := tathamSet(t)
	table := map[string][]int{}
	if testing.Short() {
		ps = ps[:120] // sizes 4 to 6
	}
	for i, p := range ps {
		r, err := Reason(p)
		require.NoError(t, err)
		var steps []csp.Step
		out, top := r.Reasoner.Run(r.Space, len(Ladder.Levels)-1, func(st csp.Step) bool {
			steps = append(steps, st)
			return true
		})
		require.NotEqual(t, csp.Contradiction, out, "%d", i)
		if out == csp.Stuck {
			top = len(Ladder.Levels)
		}
		table[levels[i]] = append(table[levels[i]], top)
		// Tatham's solver needs no guess below unreasonable: neither
		// does the ladder.
		if !strings.HasSuffix(levels[i], "u") {
			require.Less(t, top, len(Ladder.Levels), "%s graded search", levels[i])
		}
		if out != csp.Solved {
			continue
		}
		g := r.Grid()
		require.NoError(t, r.Check(g))
		var got strings.Builder
		for _, row := range g {
			for _, v := range row {
				got.WriteByte(byte('0' + v))
			}
		}
		require.Equal(t, sols[i], got.String())
		fresh, err := Reason(p)
		require.NoError(t, err)
		for _, st := range steps {
			for _, l := range st.Removed {
				require.True(t, fresh.Space.Contains(l.Var, l.Val), "step removes a value already gone: %s", st.Why)
			}
			require.True(t, csp.Apply(fresh.Space, st))
		}
		require.Equal(t, g, fresh.Grid())
	}

}

// The literature's names go with rules of the ladder, and with the kind
// of deduction each names: a resolved cell's step places one height (its
// cell has one left), a process of elimination's gives a height its only
// place in a line, an edge clue rule's comes from a clue alone (at the
// start, before any other step), and clue elimination follows the
// candidates left.
func TestLiteratureNames(t *testing.T) {
	for rule := range Literature {
		_, ok := Ladder.Rules[rule]
		assert.True(t, ok, "%q is a rule of the ladder", rule)
	}
	p, err := ParseTowers("4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1", 1)
	require.NoError(t, err)
	r, err := Reason(p)
	require.NoError(t, err)
	assert.Equal(t, "hidden single (process of elimination)", r.RuleName(alldiff.RuleHiddenSingle))
	assert.Equal(t, "whole line", r.RuleName(visibility.RuleLine), "no literature name: the project's alone")
	seen := map[string]bool{}
	r.Reasoner.Run(r.Space, len(Ladder.Levels)-1, func(st csp.Step) bool {
		seen[r.Aka[st.Rule]] = true
		switch r.Aka[st.Rule] {
		case "resolved cell":
			assert.Contains(t, st.Why, " holds ", st.Why)
		case "process of elimination":
			assert.Contains(t, st.Why, "can only go in", st.Why)
		case "edge clue rule":
			assert.Contains(t, st.Why, "clue ", st.Why)
		}
		return true
	})
	for _, name := range []string{"resolved cell", "process of elimination", "edge clue rule", "clue elimination"} {
		assert.True(t, seen[name], "the path uses a step named %q", name)
	}
}

// ClueUses names rules of the ladder, and each clue rule's step has the
// scope its use says: one clue's (LineClue) is the clue's line from its
// edge inwards, across the grid, and its unit is the clue; a whole line's
// (LineEnds) is a row or column in its natural order. Other rules use no
// clue.
func TestClueUses(t *testing.T) {
	for rule := range ClueUses {
		_, ok := Ladder.Rules[rule]
		assert.True(t, ok, "%q is a rule of the ladder", rule)
	}
	p, err := ParseTowers("6:/3//5/3/4/3/2/3//3///1/3//2/3//////1", 1)
	require.NoError(t, err)
	r, err := Reason(p)
	require.NoError(t, err)
	n := p.N
	where := map[csp.Var][2]int{}
	for i, row := range r.Cells {
		for j, x := range row {
			where[x] = [2]int{i, j}
		}
	}
	seen := map[catalog.ClueUse]int{}
	r.Reasoner.Run(r.Space, len(Ladder.Levels)-1, func(st csp.Step) bool {
		use := r.ClueUse(st.Rule)
		seen[use]++
		if use == catalog.NoClue {
			assert.NotContains(t, ClueUses, st.Rule)
			return true
		}
		require.Len(t, st.Scope, n, st.Why)
		first, second, last := where[st.Scope[0]], where[st.Scope[1]], where[st.Scope[n-1]]
		switch use {
		case catalog.LineClue:
			assert.True(t, strings.HasPrefix(st.Unit, "clue "), st.Unit)
			d := [2]int{second[0] - first[0], second[1] - first[1]}
			onEdge := map[[2]int]bool{{1, 0}: first[0] == 0, {-1, 0}: first[0] == n-1, {0, 1}: first[1] == 0, {0, -1}: first[1] == n-1}
			assert.True(t, onEdge[d], "%s: the line starts on its clue's edge: %v", st.Unit, st.Scope)
		case catalog.LineEnds:
			assert.True(t, first == [2]int{first[0], 0} && last == [2]int{first[0], n - 1} ||
				first == [2]int{0, first[1]} && last == [2]int{n - 1, first[1]}, "%s: a whole line in order: %v", st.Unit, st.Scope)
		}
		return true
	})
	assert.Positive(t, seen[catalog.LineClue])
	assert.Positive(t, seen[catalog.LineEnds])
	assert.Positive(t, seen[catalog.NoClue])
}

// TestTathamWords: each of Tatham's words stands for the median level of
// his puzzles of that level, on the 240 of testdata (the larger sample in
// docs/BENCHMARKS.md agrees).
func TestTathamWords(t *testing.T) {
	if testing.Short() {
		t.Skip("grades all 240 puzzles; his easy ones split nearly evenly on the small sizes alone")
	}
	ps, levels, _ := tathamSet(t)
	grades := map[string]map[int]int{}
	for i, p := range ps {
		l := levels[i][len(levels[i])-1:]
		if grades[l] == nil {
			grades[l] = map[int]int{}
		}
		grades[l][gradeOf(p)]++
	}
	for _, a := range Tatham {
		counts := grades[a.Name[:1]]
		if a.Name == "extreme" {
			counts = grades["x"]
		}
		total := 0
		for _, k := range counts {
			total += k
		}
		median, seen := -1, 0
		for lv := 0; median < 0; lv++ {
			require.Less(t, lv, 10, "%s: %v", a.Name, counts)
			if seen += counts[lv]; 2*seen >= total {
				median = lv
			}
		}
		assert.Equal(t, median, a.Level, "%s: %v", a.Name, counts)
	}
}
