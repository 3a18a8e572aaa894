package latin

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/internal/replay"
)

// TestExplainReplays explains generated quasigroups with holes with the
// whole ladder and replays their paths (see replay.Explain), judged
// against the square each came from: every one has it as a solution.
// (Random holes give squares solved by singles or needing search; the
// levels between are TestExplainReplaysMade's.)
func TestExplainReplays(t *testing.T) {
	seeds := uint64(12)
	if testing.Short() {
		seeds = 4
	}
	levels := map[string]int{}
	for _, n := range []int{4, 5, 6, 7, 8} {
		for _, kind := range []Holes{RandomHoles, BalancedHoles} {
			for seed := range seeds {
				holes := n * n * (40 + int(seed%4)*8) / 100 // 40% to 64%
				inst, sol, err := Generate(n, holes, kind, 1000*uint64(n)+seed)
				require.NoError(t, err)
				where := fmt.Sprintf("order %d, %d holes, kind %d, seed %d", n, holes, kind, seed)
				out, top := replay.Explain(t, func() (*catalog.Reasoning, error) { return Reason(inst) }, Ladder, sol, where)
				if out == csp.Solved {
					levels[Ladder.Levels[max(top, 0)]]++
				} else {
					levels["search"]++
				}
			}
		}
	}
	t.Logf("grades: %v", levels)
}

// TestExplainReplaysMade replays the paths of squares Make graded at each
// level: the path's highest level is the one asked.
func TestExplainReplaysMade(t *testing.T) {
	top := len(Ladder.Levels) - 1
	if testing.Short() {
		top-- // assumptions take a second or so to make
	}
	for _, n := range []int{7} { // smaller squares seldom need the upper levels
		for level := range top + 1 {
			inst, sol, _, err := Make(context.Background(), MakeRequest{Order: n, Level: level, Seed: 11, Attempts: 100})
			if err != nil {
				t.Logf("order %d, %s: %v", n, Ladder.Levels[level], err) // a small square may lack a level
				continue
			}
			where := fmt.Sprintf("order %d, made at %s", n, Ladder.Levels[level])
			out, top := replay.Explain(t, func() (*catalog.Reasoning, error) { return Reason(inst) }, Ladder, sol, where)
			assert.Equal(t, csp.Solved, out, where)
			assert.Equal(t, level, top, where)
		}
	}
}

// TestExplainUnsatisfiable: a square with no completion, though no given
// repeats: the ladder ends in a contradiction, and grading says so.
func TestExplainUnsatisfiable(t *testing.T) {
	inst := &Instance{Order: 3, Grid: [][]int{{3, 0, 0}, {2, 0, 3}, {0, 3, 1}}}
	res := csp.Count(context.Background(), mustBuild(t, inst, Options{}).Model, csp.Options{}, 0)
	require.True(t, res.Complete)
	require.Zero(t, res.Solutions)
	r, err := Reason(inst)
	require.NoError(t, err)
	out, _ := r.Reasoner.Run(r.Space, len(Ladder.Levels)-1, nil)
	assert.Equal(t, csp.Contradiction, out)
}
