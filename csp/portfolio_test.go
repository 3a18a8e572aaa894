package csp_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
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

// TestPortfolioIsDeterministic: the same portfolio on the same model gives
// the same answer, winner and statistics every time (10 runs), though its
// members find different solutions after different numbers of nodes and
// race on as many goroutines. The winner is the member that answers in
// the fewest nodes, the lowest-numbered on a tie.
func TestPortfolioIsDeterministic(t *testing.T) {
	member := func(seed uint64) csp.Options {
		return csp.Options{Var: csp.DomWDeg, Val: csp.ValRandom, RandomTies: true, Seed: seed, Restarts: csp.Luby, RestartBase: 4}
	}
	opts := member(1)
	for s := uint64(2); s <= 6; s++ {
		opts.Portfolio = append(opts.Portfolio, member(s))
	}
	for _, tc := range []struct {
		name  string
		n     int
		limit int64 // 1: solve; else count up to it
	}{
		{"solve 24 queens", 24, 1},
		{"solve 30 queens", 30, 1},
		{"count 8 queens to 50", 8, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, _ := queens(t, tc.n)
			// Each member alone: its own answer and node count.
			nodes := map[int64]bool{}
			solutions := map[string]bool{}
			best, bestNodes := -1, int64(0)
			for i, o := range append([]csp.Options{opts}, opts.Portfolio...) {
				o.Portfolio = nil
				res := csp.Count(context.Background(), m, o, tc.limit)
				require.Equal(t, csp.SolutionLimit, res.Stopped)
				nodes[res.Stats.Nodes] = true
				solutions[fmt.Sprint(res.Solution)] = true
				if best < 0 || res.Stats.Nodes < bestNodes {
					best, bestNodes = i, res.Stats.Nodes
				}
			}
			require.Greater(t, len(solutions), 1, "the members find different solutions")
			require.Greater(t, len(nodes), 1, "the members need different numbers of nodes")

			first := csp.Count(context.Background(), m, opts, tc.limit)
			assert.Equal(t, best, first.Member, "the member with the fewest nodes wins")
			assert.Equal(t, bestNodes, first.Stats.Nodes)
			for run := range 10 {
				res := csp.Count(context.Background(), m, opts, tc.limit)
				assert.Equal(t, first.Member, res.Member, "run %d", run)
				assert.Equal(t, first.Solution, res.Solution, "run %d", run)
				assert.Equal(t, first.Solutions, res.Solutions, "run %d", run)
				assert.Equal(t, first.Stats.Nodes, res.Stats.Nodes, "run %d", run)
				assert.Equal(t, first.Stats.Failures, res.Stats.Failures, "run %d", run)
			}
		})
	}
}

// leafCheck fails every full assignment of xs whose first value is 1, and
// counts the full assignments it sees.
type leafCheck struct {
	xs     []csp.Var
	leaves *atomic.Int64
}

func (p *leafCheck) Propagate(s *csp.Space) csp.Status {
	for _, x := range p.xs {
		if _, ok := s.Value(x); !ok {
			return csp.Fixpoint
		}
	}
	p.leaves.Add(1)
	if v, _ := s.Value(p.xs[0]); v == 1 {
		return csp.Failed
	}
	return csp.Entailed
}

// TestPortfolioStopsTheBeaten: a member that cannot win any more stops at
// once. Member 1 tries x0 = 1 first and would search its 2^19 leaves
// before it found that x0 = 0 is needed; member 0 answers in 20 nodes,
// and member 1 stops at its next look at the board.
func TestPortfolioStopsTheBeaten(t *testing.T) {
	m := csp.NewModel()
	xs := make([]csp.Var, 20)
	for i := range xs {
		xs[i] = m.NewIntVar(0, 1, "x")
	}
	var leaves atomic.Int64
	m.Post(&leafCheck{xs, &leaves}, 3, xs...)
	opts := csp.Options{Var: csp.InputOrder, Val: csp.ValMin, Portfolio: []csp.Options{{Var: csp.InputOrder, Val: csp.ValMax}}}
	res := csp.Solve(context.Background(), m, opts)
	require.Equal(t, "solved", res.Status())
	assert.Equal(t, 0, res.Member)
	assert.Equal(t, int64(20), res.Stats.Nodes)
	// Member 1 runs until it looks at the board after member 0 answered:
	// a slice of nodes after, however late member 0 started.
	assert.Less(t, leaves.Load(), int64(1<<16), "member 1 searched on after it was beaten")

	// Alone, member 1 answers after all those leaves: the model is as
	// hard as said.
	leaves.Store(0)
	res = csp.Solve(context.Background(), m, opts.Portfolio[0])
	require.Equal(t, "solved", res.Status())
	assert.Greater(t, leaves.Load(), int64(1<<19))
}
