package neq_test

import (
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/neq"
)

// justifyCases are x != y on small domains, also with negative values,
// and x != x (no solution: any reason implies anything).
func justifyCases() map[string]proptest.Explaining {
	differ := func(m *csp.Model, v []csp.Var) error { return neq.Post(m, v[0], v[1]) }
	return map[string]proptest.Explaining{
		"x != y": {Sizes: []int{2}, Post: differ, Holds: func(v []int) bool { return v[0] != v[1] }},
		"negative values": {Sizes: []int{2}, MinVal: -4, MaxVal: 1, Post: differ,
			Holds: func(v []int) bool { return v[0] != v[1] }},
		"x != x": {Sizes: []int{1}, Post: func(m *csp.Model, v []csp.Var) error { return neq.Post(m, v[0], v[0]) },
			Holds: func([]int) bool { return false }},
	}
}

// TestJustify: every removal's reason held before it and implies it, by
// brute force (proptest.CheckJustify).
func TestJustify(t *testing.T) {
	for name, c := range justifyCases() {
		t.Run(name, func(t *testing.T) {
			st := proptest.CheckJustify(t, c)
			if name != "x != x" && st.Facts == 0 {
				t.Errorf("no fact explained above the root: the test checks nothing")
			}
		})
	}
}

// FuzzJustify drives CheckJustify from the fuzzer's seeds.
func FuzzJustify(f *testing.F) {
	f.Add(uint64(1))
	f.Fuzz(func(t *testing.T, seed uint64) {
		for _, c := range justifyCases() {
			c.Seed, c.Trials = seed, 5
			proptest.CheckJustify(t, c)
		}
	})
}
