package latin_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/problems/catalog"
	_ "github.com/cspgo/csp/problems/latin"
)

// TestReusedSolveAllocatesNothing: on the worker's reused model, solving
// costs no allocation in the steady state, also when instances without a
// solution come between those with one (the solution's array is kept
// while a search finds none).
func TestReusedSolveAllocatesNothing(t *testing.T) {
	p, ok := catalog.Lookup("latin")
	require.True(t, ok)
	s := catalog.NewSettings(p)
	var insts []any
	for it := range p.Read(strings.NewReader("2\n1 0\n0 0\n2\n1 0\n0 2\n"), false) {
		require.NoError(t, it.Err)
		insts = append(insts, it.Value)
	}
	sat, unsat := insts[0], insts[1]
	c := &catalog.Cache{}
	ctx := context.Background()
	solve := func(v any, want bool) {
		g, _, err := p.Solve(ctx, v, s, c)
		if err != nil || (g != nil) != want {
			t.Fatalf("Solve: grid %v, error %v; want a solution: %v", g, err, want)
		}
	}
	solve(sat, true)
	solve(unsat, false)
	require.Zero(t, testing.AllocsPerRun(50, func() { solve(sat, true) }), "solved again and again")
	require.Zero(t, testing.AllocsPerRun(50, func() {
		solve(sat, true)
		solve(unsat, false)
	}), "a solution, then none, in turn")
}
