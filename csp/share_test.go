package csp_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// TestWorkersShareClauses: Solve with Workers and clause learning runs a
// portfolio whose members give each other their short clauses. Each
// clause a member takes in follows from the model (the model with the
// clause's negation has no solution), the solution found is one, and
// the run is deterministic: the same winner, solution and counts, clauses
// taken in included, on every run however the goroutines race.
func TestWorkersShareClauses(t *testing.T) {
	ctx := context.Background()
	var mu sync.Mutex
	var taken [][]csp.Fact
	defer csp.ShareEvery(8, func(lits []csp.Fact) {
		mu.Lock()
		defer mu.Unlock()
		taken = append(taken, slices.Clone(lits))
	})()
	imported := int64(0)
	for _, name := range []string{"bqwh-o20-h0168-s001100", "bqwh-o20-h0168-s001102", "qwh-o20-h0166-s000702"} {
		file := "../problems/latin/testdata/generated/" + name + ".txt"
		m, givens := latinFile(t, file, nil)
		for _, workers := range []int{2, 3} {
			t.Run(fmt.Sprintf("%s/workers=%d", name, workers), func(t *testing.T) {
				o := csp.Options{Var: csp.LiteralActivity, Learn: csp.LearnClauses, Restarts: csp.Luby, RestartBase: 4,
					RandomTies: true, Seed: 1, Workers: workers}
				taken = taken[:0]
				first := csp.Solve(ctx, m, o)
				require.Equal(t, "solved", first.Status())
				requireLatin(t, givens, first.Solution)
				for _, lits := range taken {
					neg, _ := latinFile(t, file, lits)
					r := csp.Solve(ctx, neg, csp.Options{})
					require.Equal(t, "unsatisfiable", r.Status(), "the clause taken in %v does not follow from the model", lits)
				}
				imported += first.Stats.ImportedClauses
				for run := range 5 {
					res := csp.Solve(ctx, m, o)
					assert.Equal(t, first.Member, res.Member, "run %d", run)
					assert.Equal(t, first.Solution, res.Solution, "run %d", run)
					assert.Equal(t, first.Stats.Nodes, res.Stats.Nodes, "run %d", run)
					assert.Equal(t, first.Stats.Conflicts, res.Stats.Conflicts, "run %d", run)
					assert.Equal(t, first.Stats.ImportedClauses, res.Stats.ImportedClauses, "run %d", run)
				}
			})
		}
	}
	assert.Positive(t, imported, "no member took a clause in")
}

// requireLatin checks sol, the cells row by row, against the givens (0: a
// hole): a Latin square that keeps them.
func requireLatin(tb testing.TB, givens []int, sol []int) {
	n := 1
	for n*n < len(givens) {
		n++
	}
	require.Len(tb, sol, n*n)
	for i := range n {
		row, col := map[int]bool{}, map[int]bool{}
		for j := range n {
			row[sol[i*n+j]], col[sol[j*n+i]] = true, true
			if g := givens[i*n+j]; g > 0 {
				require.Equal(tb, g, sol[i*n+j], "cell (%d,%d) given", i, j)
			}
		}
		require.Len(tb, row, n, "row %d", i)
		require.Len(tb, col, n, "column %d", i)
	}
}

// TestWorkersShareProofs: members that share clauses prove a model with
// no solution as one search does, whether the proof comes from a
// member's own conflicts or from the clauses taken in at its root.
func TestWorkersShareProofs(t *testing.T) {
	defer csp.ShareEvery(8, nil)()
	for _, c := range []struct {
		name string
		m    func(testing.TB) *csp.Model
	}{
		{"pigeons 7 in 6", func(tb testing.TB) *csp.Model { return pigeons(tb, 7, 6) }},
		{"latin 9 clash", func(tb testing.TB) *csp.Model { return latinHoles(tb, 9, 0.7, 3, true) }},
	} {
		for _, workers := range []int{1, 2, 4} {
			o := csp.Options{Var: csp.Activity, Learn: csp.LearnClauses, Restarts: csp.Luby, RestartBase: 2, Workers: workers}
			r := csp.Solve(context.Background(), c.m(t), o)
			assert.Equal(t, "unsatisfiable", r.Status(), "%s, workers %d", c.name, workers)
		}
	}
}

// latinFile reads a Latin-square completion instance (the order, then
// its rows, 0 for a hole) as rows and columns all different at GAC, the
// cells numbered row by row, with each literal of deny false (its
// negation imposed on the domain), and returns its givens.
func latinFile(tb testing.TB, name string, deny []csp.Fact) (*csp.Model, []int) {
	b, err := os.ReadFile(name)
	require.NoError(tb, err)
	f := strings.Fields(string(b))
	n, err := strconv.Atoi(f[0])
	require.NoError(tb, err)
	require.Len(tb, f, 1+n*n)
	m := csp.NewModel()
	givens := make([]int, n*n)
	cells := make([][]csp.Var, n)
	for r := range n {
		cells[r] = make([]csp.Var, n)
		for c := range n {
			v, err := strconv.Atoi(f[1+r*n+c])
			require.NoError(tb, err)
			givens[r*n+c] = v
			lo, hi := 1, n
			if v > 0 {
				lo, hi = v, v
			}
			cells[r][c] = m.NewIntVar(lo, hi, "cell")
		}
	}
	for _, l := range deny {
		words := m.AppendInitial(nil, l.X)
		bit := int(l.V) - m.Base(l.X)
		if l.Eq { // [x = v] false: v goes
			words[bit/64] &^= 1 << (bit % 64)
		} else { // [x != v] false: v alone stays
			keep := words[bit/64] & (1 << (bit % 64))
			clear(words)
			words[bit/64] = keep
		}
		if err := m.Restrict(l.X, words); err != nil {
			require.ErrorIs(tb, err, csp.ErrEmptyDomain) // no solution then, as the search will find
		}
	}
	postRowsCols(tb, m, cells, alldiff.GAC)
	return m, givens
}

// TestWorkersShareTimeLimit: members that share clauses stop at their time
// limit, whether searching or waiting for the others at an exchange.
func TestWorkersShareTimeLimit(t *testing.T) {
	defer csp.ShareEvery(8, nil)()
	o := csp.Options{Var: csp.Activity, Learn: csp.LearnClauses, Restarts: csp.Luby, RestartBase: 2, Workers: 3,
		TimeLimit: 100 * time.Millisecond}
	r := csp.Solve(context.Background(), pigeons(t, 13, 12), o)
	assert.Equal(t, csp.TimeLimit, r.Stopped)
	assert.Positive(t, r.Stats.Conflicts)
}
