package table_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/table"
)

// TestPreparedAgainstBruteForce posts one Prepared table into every model
// the brute-force checker makes (shared index, fitting domains) and into
// models whose variables it does not fit (a variable twice, other
// domains: indexed anew), and checks both are domain consistent.
func TestPreparedAgainstBruteForce(t *testing.T) {
	shapes := []struct {
		name          string
		arity, lo, hi int
		density       float64
	}{
		{"3 vars of 0..4, half", 3, 0, 4, 0.5},
		{"4 vars of 1..4, a few tuples", 4, 1, 4, 0.03},
		{"2 vars across a word boundary", 2, 58, 70, 0.3},
		{"3 vars of -3..2, offset domains", 3, -3, 2, 0.4},
		{"no tuple", 2, 0, 3, 0},
	}
	for i, sh := range shapes {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		tuples := randomTable(rng, sh.arity, sh.lo, sh.hi, sh.density)
		doms := make([]domains.Domain, sh.arity)
		for k := range doms {
			m := csp.NewModel() // the domain a Case's variables start with
			doms[k] = m.InitialDomain(m.NewIntVar(sh.lo, sh.hi, "x"))
		}
		pr, err := table.Prepare(context.Background(), doms, tuples)
		require.NoError(t, err)
		assert.Equal(t, len(tuples), pr.Len())
		assert.Positive(t, pr.Bytes())
		t.Run(sh.name+"/fits", func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: sh.arity, MinVal: sh.lo, MaxVal: sh.hi,
				Post: func(m *csp.Model, v []csp.Var) {
					require.NoError(t, table.PostPrepared(context.Background(), m, v, pr))
				},
				Holds:    func(v []int) bool { return member(tuples, v) },
				Complete: true, Trials: 100, Steps: 12, Seed: uint64(i),
			})
		})
		t.Run(sh.name+"/narrower domains", func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: sh.arity, MinVal: sh.lo + 1, MaxVal: sh.hi,
				Post: func(m *csp.Model, v []csp.Var) {
					require.NoError(t, table.PostPrepared(context.Background(), m, v, pr))
				},
				Holds:    func(v []int) bool { return member(tuples, v) },
				Complete: true, Trials: 50, Steps: 12, Seed: uint64(i),
			})
		})
		if sh.arity < 2 {
			continue
		}
		t.Run(sh.name+"/variable twice", func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: sh.arity - 1, MinVal: sh.lo, MaxVal: sh.hi,
				Post: func(m *csp.Model, v []csp.Var) {
					require.NoError(t, table.PostPrepared(context.Background(), m, append([]csp.Var{v[0]}, v...), pr))
				},
				Holds:    func(v []int) bool { return member(tuples, append([]int{v[0]}, v...)) },
				Complete: true, Trials: 50, Steps: 12, Seed: uint64(i),
			})
		})
	}
}

// TestPreparedShared counts the solutions of models sharing one Prepared
// from two goroutines at once (run with -race: no propagator writes to
// the shared index).
func TestPreparedShared(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tuples := randomTable(rng, 3, 1, 5, 0.4)
	m := csp.NewModel()
	var doms []domains.Domain
	g := proptest.Grid(m, 3)
	for range 3 {
		doms = append(doms, m.InitialDomain(g[0][0]))
	}
	pr, err := table.Prepare(context.Background(), doms, tuples)
	require.NoError(t, err)
	for _, row := range g {
		require.NoError(t, table.PostPrepared(context.Background(), m, row, pr))
	}
	proptest.CountConcurrently(t, m)
}

func TestPrepareErrors(t *testing.T) {
	m := csp.NewModel()
	d := m.InitialDomain(m.NewIntVar(0, 3, "x"))
	wide := domains.Range(0, 1<<20)
	for _, tc := range []struct {
		name   string
		doms   []domains.Domain
		tuples [][]int
	}{
		{"short tuple", []domains.Domain{d, d}, [][]int{{1, 2}, {1}}},
		{"interval domain", []domains.Domain{wide}, [][]int{{1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := table.Prepare(context.Background(), tc.doms, tc.tuples)
			assert.ErrorIs(t, err, table.ErrTable)
		})
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := fmt.Errorf("stop")
	cancel(cause)
	_, err := table.Prepare(ctx, []domains.Domain{d}, make([][]int, 2*csp.Every))
	assert.ErrorIs(t, err, table.ErrTable) // lengths are checked first
	many := make([][]int, 2*csp.Every)
	for k := range many {
		many[k] = []int{k % 4}
	}
	_, err = table.Prepare(ctx, []domains.Domain{d}, many)
	assert.ErrorIs(t, err, cause)
}
