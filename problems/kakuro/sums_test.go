package kakuro

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/propagators/linear"
)

// outcome is what one solve and one count of a puzzle give.
type outcome struct {
	grid              [][]int
	nodes, countNodes int64
	solutions         int64
}

// solveBoth solves p and counts its solutions up to 2 under opt.
func solveBoth(t *testing.T, p *Puzzle, opt Options) outcome {
	g, res, err := Solve(context.Background(), p, opt, DefaultSearch)
	assert.NoError(t, err)
	cres, err := Count(context.Background(), p, opt, DefaultSearch, 2)
	assert.NoError(t, err)
	return outcome{grid: g, nodes: res.Stats.Nodes, countNodes: cres.Stats.Nodes, solutions: cres.Solutions}
}

// sumsBatch is the bench suite with puzzles without a solution among
// them: givens that repeat in a run, and a run out of reach.
func sumsBatch(t *testing.T) []*Puzzle {
	ps := suitePuzzles(t)
	var bad []*Puzzle
	for _, in := range []string{"#  4\\ 3\\\n\\4 3 3\n\\3 . .\n", "#  4\\ 3\\\n\\3 . 9\n\\4 . .\n"} {
		p := readOne(t, in)
		o := solveBoth(t, p, Options{})
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

// TestSumsSameSearch solves and counts the batch under both models with
// one linear.DistinctSums shared by all puzzles and without, and wants the
// same solutions and node counts.
func TestSumsSameSearch(t *testing.T) {
	ps := sumsBatch(t)
	for _, model := range []Posting{DistinctSum, Split} {
		t.Run(model.String(), func(t *testing.T) {
			opt := Options{Model: model}
			shared := Options{Model: model, Sums: &linear.DistinctSums{}}
			for i, p := range ps {
				require.Equal(t, solveBoth(t, p, opt), solveBoth(t, p, shared), "puzzle %d", i+1)
			}
		})
	}
}

// TestSumsConcurrent solves the batch from four goroutines sharing one
// linear.DistinctSums, each in its own order (run with -race), and wants
// each puzzle's answer and node count as without it.
func TestSumsConcurrent(t *testing.T) {
	ps := sumsBatch(t)
	want := make([]outcome, len(ps))
	for i, p := range ps {
		want[i] = solveBoth(t, p, Options{})
	}
	shared := Options{Sums: &linear.DistinctSums{}}
	got := make([][]outcome, 4)
	var wg sync.WaitGroup
	for w := range got {
		got[w] = make([]outcome, len(ps))
		wg.Go(func() {
			for k := range ps {
				i := (k*(2*w+1) + w) % len(ps) // visit order differs per worker
				got[w][i] = solveBoth(t, ps[i], shared)
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
