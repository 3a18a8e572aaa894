package latin

import (
	"context"
	"testing"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/stretchr/testify/require"
)

// TestMakeGradedUnique checks what Make promises on a sample of seeds:
// one solution, the grade asked exactly, minimal, same seed same puzzle.
func TestMakeGradedUnique(t *testing.T) {
	count := func(inst *Instance) int64 {
		return csp.Count(context.Background(), Build(inst, Options{AllDiff: alldiff.GAC}).Model, csp.Options{Var: csp.DomWDeg}, 2).Solutions
	}
	_, grade := catalog.Grader(Reason, len(Ladder.Levels))
	for _, n := range []int{4, 5, 6} {
		for level := 0; level <= len(Ladder.Levels); level++ {
			req := MakeRequest{Order: n, Level: level, Seed: 5, Limit: 2 * time.Second}
			inst, sol, _, err := Make(context.Background(), req)
			if err != nil {
				require.ErrorContains(t, err, "attempts") // small squares lack some levels
				continue
			}
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
			req.Limit = 0 // the same attempts again, however loaded the machine
			again, _, _, err := Make(context.Background(), req)
			require.NoError(t, err)
			require.Equal(t, inst.Grid, again.Grid)
		}
	}
}
