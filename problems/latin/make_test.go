package latin

import (
	"context"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/stretchr/testify/require"
)

// TestMakeGradedUnique checks what Make promises on a sample of seeds:
// one solution, the grade asked exactly, minimal, same seed same puzzle.
func TestMakeGradedUnique(t *testing.T) {
	count := func(inst *Instance) int64 {
		return csp.Count(context.Background(), mustBuild(t, inst, Options{AllDiff: alldiff.GAC}).Model, csp.Options{Var: csp.DomWDeg}, 2).Solutions
	}
	_, grade := catalog.Grader(Reason, len(Ladder.Levels))
	// The cases made within 100 attempts (a cap, not a time: the same
	// answer on any machine). Squares this small that need exactly subsets,
	// or search, are rare: none in 400 attempts at orders 4 to 6.
	cases := []struct{ n, level int }{{4, 0}, {5, 0}, {5, 1}, {5, 3}, {6, 0}, {6, 1}, {6, 3}}
	for _, tc := range cases {
		{
			n, level := tc.n, tc.level
			req := MakeRequest{Order: n, Level: level, Seed: 5, Attempts: 100}
			inst, sol, _, err := Make(context.Background(), req)
			require.NoError(t, err, "order %d level %d", n, level)
			require.NoError(t, Check(inst, sol))
			require.Equal(t, int64(1), count(inst))
			require.Equal(t, level, grade(inst))
			for r, row := range inst.Grid {
				for c, v := range row {
					if v == 0 {
						continue
					}
					inst.Grid[r][c] = 0
					require.Equal(t, int64(2), count(inst), "given r%dc%d can go", r+1, c+1)
					inst.Grid[r][c] = v
				}
			}
			again, _, _, err := Make(context.Background(), req)
			require.NoError(t, err)
			require.Equal(t, inst.Grid, again.Grid)
		}
	}
}
