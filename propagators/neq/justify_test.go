package neq_test

import (
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/neq"
)

// justifyCases are x != y on small domains, also with negative values,
// and x != x (no solution: any reason implies anything).
func justifyCases() []proptest.NamedExplaining {
	differ := func(m *csp.Model, v []csp.Var) error { return neq.Post(m, v[0], v[1]) }
	holds := func(v []int) bool { return v[0] != v[1] }
	return []proptest.NamedExplaining{
		{Name: "x != y", Explaining: proptest.Explaining{Sizes: []int{2}, Post: differ, Holds: holds}},
		{Name: "negative values", Explaining: proptest.Explaining{Sizes: []int{2}, MinVal: -4, MaxVal: 1, Post: differ, Holds: holds}},
		{Name: "x != x", Explaining: proptest.Explaining{Sizes: []int{1},
			Post:  func(m *csp.Model, v []csp.Var) error { return neq.Post(m, v[0], v[0]) },
			Holds: func([]int) bool { return false }}},
	}
}

// TestJustify: every removal's reason held before it and implies it, by
// brute force (proptest.CheckJustify).
func TestJustify(t *testing.T) { proptest.JustifyTable(t, justifyCases()) }

// FuzzJustify drives CheckJustify from the fuzzer's seeds.
func FuzzJustify(f *testing.F) { proptest.FuzzJustify(f, justifyCases()) }
