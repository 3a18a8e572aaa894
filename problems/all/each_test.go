package all_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// maxListed bounds the instances listed by TestEachAgreesWithCount: those
// with more solutions are skipped (solve --all lists them all the same).
const maxListed = 10_000

// Listing every solution (what csp solve --all does) hands over as many
// distinct solutions as Count counts, depth first and breadth first, on
// every puzzle of each problem's small corpus with at most maxListed
// solutions; Each has the problem's checker pass each one first.
func TestEachAgreesWithCount(t *testing.T) {
	ctx := context.Background()
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			e, _ := catalog.Lookup(name)
			c, ok := corpora[name]
			require.True(t, ok, "no corpus for %s: add one to corpora", name)
			count := settings(t, e, csp.DepthFirst, maxListed+1)
			listed, skipped, solutions := 0, 0, int64(0)
			for where, inst := range instances(t, e, c) {
				want, err := e.Count(ctx, inst, count, &catalog.Cache{})
				var unsat catalog.Unsatisfiable
				if errors.As(err, &unsat) {
					_, err := e.Each(ctx, inst, count, &catalog.Cache{}, func([][]int) bool { return true })
					assert.ErrorAs(t, err, &unsat, "%s: Each says unsatisfiable as Count does", where)
					continue
				}
				require.NoError(t, err, where)
				if !want.Complete {
					skipped++ // more than maxListed solutions, or too long to search here
					continue
				}
				for _, o := range []csp.Order{csp.DepthFirst, csp.BreadthFirst} {
					seen := map[string]bool{}
					res, err := e.Each(ctx, inst, settings(t, e, o, 0), &catalog.Cache{}, func(g [][]int) bool {
						key := fmt.Sprint(g)
						assert.False(t, seen[key], "%s, %v: solution %s twice", where, o, key)
						seen[key] = true
						return true
					})
					require.NoError(t, err, "%s, %v", where, o)
					require.True(t, res.Complete, "%s, %v: stopped by %v", where, o, res.Stopped)
					assert.Equal(t, want.Solutions, int64(len(seen)), "%s, %v", where, o)
					assert.Equal(t, want.Solutions, res.Solutions, "%s, %v", where, o)
				}
				listed++
				solutions += want.Solutions
			}
			t.Logf("%s: %d instances listed (%d solutions), %d skipped", name, listed, solutions, skipped)
			assert.Positive(t, listed)
		})
	}
}

// Each keeps no solution: listing 20,000 completions of an empty 5x5 Latin
// square (of 161,280) leaves the live heap where it was after the first
// 1,000. Kept as rows of five ints, 19,000 more solutions would take
// megabytes.
func TestEachKeepsNoSolution(t *testing.T) {
	if testing.Short() {
		t.Skip("lists 20,000 solutions")
	}
	e, ok := catalog.Lookup("latin")
	require.True(t, ok)
	var inst any
	for it := range e.Read(strings.NewReader("5\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n"), false) {
		require.NoError(t, it.Err)
		inst = it.Value
	}
	s := settings(t, e, csp.DepthFirst, 20_000)
	s.Search.NodeLimit = 0
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	var at1000, atEnd uint64
	n := 0
	res, err := e.Each(context.Background(), inst, s, &catalog.Cache{}, func([][]int) bool {
		n++
		switch n {
		case 1000:
			at1000 = heap()
		case 20_000:
			atEnd = heap()
		}
		return true
	})
	require.NoError(t, err)
	require.EqualValues(t, 20_000, res.Solutions)
	assert.Equal(t, csp.SolutionLimit, res.Stopped)
	grown := int64(atEnd) - int64(at1000)
	t.Logf("live heap after 1,000 solutions %d bytes, after 20,000 %d bytes", at1000, atEnd)
	assert.Less(t, grown, int64(256<<10), "the heap grew by %d bytes over 19,000 solutions", grown)
}
