package table_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/table"
)

// FuzzTable draws a table and domains from the input, propagates, narrows
// a few times (with pushes and pops, so the propagator's stack is used)
// and compares every propagation with brute force: sound and complete.
//
// Input: data[0] the arity (2..4); then one byte per variable, its domain
// as a mask of 0..7; then the narrowings, two bytes each (a variable and
// a value to remove, or a pop when the value byte's top bit is set), the
// count in data[1]; the rest, in groups of arity bytes, are tuples (a
// value of 7 in a tuple becomes -1, outside every domain).
func FuzzTable(f *testing.F) {
	f.Add([]byte{3, 2, 0xff, 0x3f, 0x7e, 0, 1, 1, 2, 1, 2, 3, 2, 3, 1, 3, 1, 2, 1, 1, 1})
	f.Add([]byte{2, 3, 0xf0, 0x0f, 1, 5, 0, 0x80, 0, 6, 4, 0, 5, 1, 6, 2, 7, 3, 4, 4})
	f.Add([]byte{4, 1, 0x0f, 0x0f, 0x0f, 0x0f, 2, 1, 0, 1, 2, 3, 3, 2, 1, 0, 1, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		arity := 2 + int(data[0]%3)
		steps := int(data[1] % 4)
		if len(data) < 2+arity+2*steps {
			return
		}
		m := csp.NewModel()
		xs := make([]csp.Var, arity)
		for i := range xs {
			xs[i] = m.NewVar(domains.Of(proptest.MaskValues(int(data[2+i]), 8, 0)...), fmt.Sprintf("x%d", i))
		}
		narrowings := data[2+arity : 2+arity+2*steps]
		var tuples [][]int
		rest := data[2+arity+2*steps:]
		for len(rest) >= arity {
			tup := make([]int, arity)
			for i := range tup {
				if tup[i] = int(rest[i] % 8); tup[i] == 7 {
					tup[i] = -1
				}
			}
			tuples = append(tuples, tup)
			rest = rest[arity:]
		}
		require.NoError(t, table.Post(context.Background(), m, xs, tuples))
		s := csp.NewSpace(m, csp.Copying)
		holds := func(vals []int) bool { return member(tuples, vals) }
		for step := 0; ; step++ {
			before := proptest.Snapshot(s, xs)
			ok := s.Propagate()
			if !proptest.CheckOnce(t, s, xs, before, ok, holds, true, fmt.Sprintf("step %d", step)) || !ok || step == steps {
				return
			}
			x, v := xs[int(narrowings[2*step])%arity], int(narrowings[2*step+1])
			switch {
			case v&0x80 != 0 && s.Level() > 0:
				s.Pop()
			case !s.Assigned(x):
				s.Push()
				s.Remove(x, v%8)
			}
		}
	})
}

// TestSpacesIndependent counts one model's solutions from two goroutines at
// once: each Space has its own current tuples and stack (run with -race).
func TestSpacesIndependent(t *testing.T) {
	const n = 5
	m := csp.NewModel()
	grid := proptest.Grid(m, n)
	for i := range n {
		var row, col []csp.Var
		for j := range n {
			row, col = append(row, grid[i][j]), append(col, grid[j][i])
		}
		require.NoError(t, alldiff.Post(m, row, alldiff.GAC))
		require.NoError(t, alldiff.Post(m, col, alldiff.GAC))
	}
	// The first two cells of every row sum to 5, 6 or 7.
	for r := range n {
		var tuples [][]int
		for sum := 5; sum <= 7; sum++ {
			more, err := table.Cage(context.Background(), table.Add, sum, n, 2, [][2]int{{0, 1}})
			require.NoError(t, err)
			tuples = append(tuples, more...)
		}
		require.NoError(t, table.Post(context.Background(), m, []csp.Var{grid[r][0], grid[r][1]}, tuples))
	}
	proptest.CountConcurrently(t, m)
}
