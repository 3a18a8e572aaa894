package kenken

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/table"
)

// outcome is what one solve and one count of a puzzle give.
type outcome struct {
	grid               [][]int
	nodes, countNodes  int64
	solutions          int64
	solveErr, countErr string
}

// solveBoth solves p and counts its solutions up to 2 under opt.
func solveBoth(p *Puzzle, opt Options) outcome {
	var o outcome
	g, res, err := Solve(context.Background(), p, opt, search)
	o.grid, o.nodes = g, res.Stats.Nodes
	if err != nil {
		o.solveErr = err.Error()
	}
	cres, err := Count(context.Background(), p, opt, search, 2)
	o.solutions, o.countNodes = cres.Solutions, cres.Stats.Nodes
	if err != nil {
		o.countErr = err.Error()
	}
	return o
}

// tablesBatch is the bench suite with puzzles without a solution among
// them: a cage out of reach (known at build time) and two givens that
// clash (known by propagation).
func tablesBatch(t *testing.T) []*Puzzle {
	ps := suitePuzzles(t)
	var bad []*Puzzle
	for _, in := range []string{
		"2:d,a9",
		`{"size":2,"cages":[{"cells":[[0,0]],"op":"+","target":1},{"cells":[[0,1]],"op":"+","target":1},{"cells":[[1,0],[1,1]],"op":"*","target":2}]}`,
	} {
		p, err := Parse(in)
		require.NoError(t, err, in)
		o := solveBoth(p, ladder[2])
		require.Nil(t, o.grid, in)
		require.Zero(t, o.solutions, in)
		bad = append(bad, p)
	}
	out := append([]*Puzzle(nil), ps[:len(ps)/2]...)
	out = append(out, bad[0])
	out = append(out, ps[len(ps)/2:len(ps)*3/4]...)
	out = append(out, bad[1])
	return append(out, ps[len(ps)*3/4:]...)
}

// TestTablesSameSearch solves and counts the batch under every model with
// a Tables shared by all puzzles (and bounded to a few cages, so that
// dropping them is exercised too) and without, and wants the same
// solutions, node counts and errors.
func TestTablesSameSearch(t *testing.T) {
	ps := tablesBatch(t)
	for _, bound := range []struct {
		name    string
		entries int
		bytes   int
	}{
		{"unbounded", 0, 0},
		{"8 cages", 8, 0},
		{"16 kB", 0, 16 << 10},
	} {
		for _, opt := range ladder {
			t.Run(fmt.Sprintf("%s/%v/%v", bound.name, opt.AllDiff, opt.Cages), func(t *testing.T) {
				tables := &Tables{MaxEntries: bound.entries, MaxBytes: bound.bytes}
				cached := opt
				cached.Tables = tables
				for i, p := range ps {
					want, got := solveBoth(p, opt), solveBoth(p, cached)
					require.Equal(t, want, got, "puzzle %d", i+1)
					if bound.entries > 0 {
						require.LessOrEqual(t, tables.Len(), bound.entries)
					}
					if bound.bytes > 0 {
						require.LessOrEqual(t, tables.Bytes(), bound.bytes)
					}
				}
				if opt.Cages == Table {
					assert.Positive(t, tables.Len())
				}
			})
		}
	}
}

// TestTablesConcurrent solves the batch from four goroutines sharing one
// Tables, each in its own order (run with -race), and wants each
// puzzle's answer and node count as without it.
func TestTablesConcurrent(t *testing.T) {
	ps := tablesBatch(t)
	opt := ladder[2]
	want := make([]outcome, len(ps))
	for i, p := range ps {
		want[i] = solveBoth(p, opt)
	}
	shared := opt
	shared.Tables = &Tables{}
	got := make([][]outcome, 4)
	var wg sync.WaitGroup
	for w := range got {
		got[w] = make([]outcome, len(ps))
		wg.Go(func() {
			for k := range ps {
				i := (k*(2*w+1) + w) % len(ps) // visit order differs per worker
				got[w][i] = solveBoth(ps[i], shared)
			}
		})
	}
	wg.Wait()
	for w := range got {
		for i := range ps {
			assert.Equal(t, want[i], got[w][i], "worker %d, puzzle %d", w, i+1)
		}
	}
}

// TestTablesBounded feeds a Tables more distinct cages than it keeps, a
// hostile batch of cages that never repeat, and checks what it keeps
// stays within its bounds.
func TestTablesBounded(t *testing.T) {
	tables := &Tables{MaxEntries: 50, MaxBytes: 64 << 10}
	m := csp.NewModel()
	for n := 3; n <= 9; n++ {
		for target := 1; target <= n*n*n; target++ {
			vars := []csp.Var{m.NewIntVar(1, n, "a"), m.NewIntVar(1, n, "b"), m.NewIntVar(1, n, "c")}
			_, _, err := tables.cage(context.Background(), m, vars, table.Mul, target, n, [][2]int{{0, 1}, {0, 2}})
			require.NoError(t, err)
			require.LessOrEqual(t, tables.Len(), 50)
			require.LessOrEqual(t, tables.Bytes(), 64<<10)
		}
	}
	assert.Equal(t, 50, tables.Len(), "the cache fills up to its bound")
	// A table past the byte bound on its own is used, not kept.
	small := &Tables{MaxBytes: 100}
	vars := []csp.Var{m.NewIntVar(1, 9, "a"), m.NewIntVar(1, 9, "b"), m.NewIntVar(1, 9, "c")}
	count, post, err := small.cage(context.Background(), m, vars, table.Add, 15, 9, nil)
	require.NoError(t, err)
	assert.Positive(t, count)
	require.NoError(t, post())
	assert.Zero(t, small.Len())
}
