package csp_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// TestMark: a mark holds at its node and in its subtree, whatever the
// propagation and narrowing there; a Pop that leaves the node, and Reset,
// end it; a node entered again by Push after a Pop is a new one.
func TestMark(t *testing.T) {
	for _, mode := range []csp.SaveMode{csp.Copying, csp.Trailing} {
		m := csp.NewModel()
		xs := []csp.Var{m.NewIntVar(1, 4, "a"), m.NewIntVar(1, 4, "b"), m.NewIntVar(1, 4, "c"), m.NewIntVar(1, 4, "d")}
		require.NoError(t, alldiff.Post(m, xs, alldiff.GAC))
		s := csp.NewSpace(m, mode)
		require.False(t, s.Holds(csp.Mark{}), "the zero mark names no node")
		root := s.Mark()
		require.True(t, s.Holds(root))
		require.True(t, s.Propagate())
		require.True(t, s.Remove(xs[0], 4))
		require.True(t, s.Propagate())
		require.Equal(t, root, s.Mark(), "narrowing and propagation stay at the node")

		s.Push()
		a := s.Mark()
		require.NotEqual(t, root, a)
		require.True(t, s.Holds(root) && s.Holds(a))
		require.True(t, s.Assign(xs[0], 1))
		require.True(t, s.Propagate())
		s.Push()
		b := s.Mark()
		require.True(t, s.Holds(root) && s.Holds(a) && s.Holds(b))
		require.False(t, s.Assign(xs[1], 1) && s.Propagate(), "b = a = 1 fails")
		require.True(t, s.Holds(b), "failing does not leave the node")

		s.Pop()
		require.Equal(t, a, s.Mark(), "Pop returns to the parent node")
		require.True(t, s.Holds(root) && s.Holds(a))
		require.False(t, s.Holds(b))
		s.Push()
		require.NotEqual(t, b, s.Mark(), "a node pushed again is a new one")
		require.False(t, s.Holds(b))
		s.Pop()
		s.Pop()
		require.Equal(t, root, s.Mark())
		require.False(t, s.Holds(a) || s.Holds(b))
		require.True(t, s.Holds(root))

		s.Push()
		s.Reset()
		require.False(t, s.Holds(root) || s.Holds(a), "Reset leaves every node")
		require.Equal(t, 0, s.Level())
		require.True(t, s.Holds(s.Mark()))
	}
}
