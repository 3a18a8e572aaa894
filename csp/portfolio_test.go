package csp_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

// TestPortfolioAnswers: whichever member wins, a portfolio's answer is a
// right one: exact counts, first solutions, proofs of no solution.
func TestPortfolioAnswers(t *testing.T) {
	opts := csp.Options{Var: csp.DomWDeg, Portfolio: []csp.Options{
		{Var: csp.MaxDensity}, {Var: csp.InputOrder, Val: csp.ValMax}}}
	res := csp.Count(context.Background(), latinSquare(t, 5), opts, 0)
	require.True(t, res.Complete)
	require.Equal(t, int64(161280), res.Solutions)
	require.Contains(t, []int{0, 1, 2}, res.Member)

	res = csp.Solve(context.Background(), latinSquare(t, 5), opts)
	require.Equal(t, int64(1), res.Solutions)
	require.Len(t, res.Solution, 25)

	// Six pigeons, five holes: no member finds a solution, one proves it.
	m := pigeons(t, 6, 5)
	res = csp.Solve(context.Background(), m, opts)
	require.True(t, res.Complete)
	require.Zero(t, res.Solutions)
	require.Equal(t, "unsatisfiable", res.Status())
}

// TestPortfolioOtherMember: when the options' own search stops at its
// limit, another member's answer comes back, named.
func TestPortfolioOtherMember(t *testing.T) {
	m, _ := queens(t, 10)
	opts := csp.Options{Var: csp.InputOrder, NodeLimit: 1, Portfolio: []csp.Options{{Var: csp.DomWDeg}}}
	res := csp.Solve(context.Background(), m, opts)
	require.Equal(t, int64(1), res.Solutions)
	require.Equal(t, 1, res.Member)

	// No member answers: the options' own result, stopped at its limit.
	opts.Portfolio[0].NodeLimit = 1
	res = csp.Solve(context.Background(), m, opts)
	require.Zero(t, res.Solutions)
	require.Equal(t, csp.NodeLimit, res.Stopped)
	require.Zero(t, res.Member)

	// A canceled context stops every member.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res = csp.Count(ctx, m, csp.Options{Portfolio: []csp.Options{{Var: csp.DomWDeg}}}, 0)
	require.False(t, res.Complete)
	require.Equal(t, csp.Canceled, res.Stopped)
}
