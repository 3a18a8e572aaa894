package flatzinc

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSolveTimeLeavesOutOutput: whatever the goal and settings, the
// reported SolveTime is never negative and leaves out the time of the
// solution callbacks, wherever they ran (inside the search, between
// branch and bound's searches, or after the search for the best
// solution): SolveTime plus the callbacks' time fits in the call's wall
// time. A slow callback stands for the checking and printing of a large
// solution; it used to be subtracted from SolveTime even when the search's
// clock had not counted it, giving a negative time.
func TestSolveTimeLeavesOutOutput(t *testing.T) {
	const decls = "var 1..4: x :: output_var;\nvar 1..4: y :: output_var;\nconstraint int_lt(x, y);\n"
	const pause = 10 * time.Millisecond
	for _, tc := range []struct {
		name  string
		solve string
		s     Settings
	}{
		{"satisfy first", "solve satisfy;", Settings{}},
		{"satisfy all", "solve satisfy;", Settings{All: true}},
		{"satisfy parallel", "solve satisfy;", Settings{Workers: 2}},
		{"maximize best only", "solve maximize x;", Settings{}},
		{"maximize intermediate", "solve maximize x;", Settings{Intermediate: true}},
		{"maximize parallel best only", "solve maximize x;", Settings{Workers: 2}},
		{"maximize parallel all", "solve maximize x;", Settings{Workers: 2, All: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Read(strings.NewReader(decls + tc.solve + "\n"))
			require.NoError(t, err)
			p, err := Build(context.Background(), m)
			require.NoError(t, err)
			calls := 0
			start := time.Now()
			rep, err := Solve(context.Background(), p, tc.s, func([]int) bool {
				calls++
				time.Sleep(pause)
				return true
			})
			wall := time.Since(start)
			require.NoError(t, err)
			require.Positive(t, calls)
			assert.GreaterOrEqual(t, rep.Stats.SolveTime, time.Duration(0))
			assert.GreaterOrEqual(t, rep.OutputTime, time.Duration(calls)*pause)
			assert.LessOrEqual(t, rep.Stats.SolveTime+time.Duration(calls)*pause, wall,
				"SolveTime %v counts some of the %d callbacks of %v", rep.Stats.SolveTime, calls, pause)
		})
	}
}
