package channel_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/channel"
)

// justifyCases are Inverse on small domains that reach past the range
// base..base+n-1, with every variable once or some twice (positions of
// a pool of variables, xs then ys).
func justifyCases() []proptest.NamedExplaining {
	type jc = proptest.NamedExplaining
	on := func(pos []int, base int) (func(*csp.Model, []csp.Var) error, func([]int) bool) {
		n := len(pos) / 2
		post := func(m *csp.Model, v []csp.Var) error {
			xs, ys := make([]csp.Var, n), make([]csp.Var, n)
			for i := range n {
				xs[i], ys[i] = v[pos[i]], v[pos[n+i]]
			}
			return channel.Inverse(m, xs, ys, base)
		}
		holds := func(v []int) bool {
			xs, ys := make([]int, n), make([]int, n)
			for i := range n {
				xs[i], ys[i] = v[pos[i]], v[pos[n+i]]
			}
			return inverseHolds(xs, ys, base)
		}
		return post, holds
	}
	var cases []jc
	for _, c := range []struct {
		pos       []int
		base, max int
	}{
		{[]int{0, 1, 2, 3}, 1, 3},
		{[]int{0, 1, 2, 3, 4, 5}, 1, 4},
		{[]int{0, 1, 2, 3, 4, 5}, 0, 3},
		{[]int{0, 0, 1, 0}, 0, 2},             // xs = [a, a], ys = [b, a]
		{[]int{0, 1, 2, 2, 1, 0}, 1, 3},       // ys is xs reversed
		{[]int{0, 1, 2, 3, 0, 1, 2, 3}, 1, 4}, // xs = ys: an involution
	} {
		pool := 0
		for _, p := range c.pos {
			pool = max(pool, p+1)
		}
		post, holds := on(c.pos, c.base)
		cases = append(cases, jc{Name: fmt.Sprintf("positions %v, base %d, values 0..%d", c.pos, c.base, c.max),
			Explaining: proptest.Explaining{Sizes: []int{pool}, MaxVal: c.max, Density: 0.7, Post: post, Holds: holds}})
	}
	return cases
}

// TestJustify: every removal's reason held before it and implies it, by
// brute force (proptest.CheckJustify).
func TestJustify(t *testing.T) { proptest.JustifyTable(t, justifyCases()) }

// FuzzJustify drives CheckJustify from the fuzzer's seeds.
func FuzzJustify(f *testing.F) { proptest.FuzzJustify(f, justifyCases()) }

// TestJustifyReasons: the exact reasons of a few removals.
func TestJustifyReasons(t *testing.T) {
	f := func(x csp.Var, v int, eq bool) csp.Fact { return csp.Fact{X: x, V: int32(v), Eq: eq} }
	// xs = x0 x1 x2, ys = y0 y1 y2 (variables 3, 4, 5), values 1..3; y0
	// also holds 0 and 4, out of range.
	cases := []struct {
		name   string
		narrow func(s *csp.Space) bool
		fact   csp.Fact
		want   []csp.Fact
	}{
		{"x0 loses 2 so y1 loses 1", func(s *csp.Space) bool { return s.Remove(0, 2) }, f(4, 1, false), []csp.Fact{f(0, 2, false)}},
		{"y2 loses 3 so x2 loses 3", func(s *csp.Space) bool { return s.Remove(5, 3) }, f(2, 3, false), []csp.Fact{f(5, 3, false)}},
		{"x1 = 1 so y2 loses 2", func(s *csp.Space) bool { return s.Assign(1, 1) }, f(5, 2, false), []csp.Fact{f(1, 3, false)}},
		{"a value out of range needs no reason", func(s *csp.Space) bool { return true }, f(3, 0, false), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			vars := make([]csp.Var, 6)
			for i := range vars {
				d := domains.Of(1, 2, 3)
				if i == 3 {
					d = domains.Of(0, 1, 2, 3, 4)
				}
				vars[i] = m.NewVar(d, fmt.Sprint(i))
			}
			require.NoError(t, channel.Inverse(m, vars[:3], vars[3:], 1))
			s := csp.NewSpace(m, csp.Trailing)
			require.NoError(t, s.TrackFacts())
			require.True(t, s.Propagate())
			s.Push()
			require.True(t, c.narrow(s))
			require.True(t, s.Propagate())
			i := indexOf(s.Facts(), c.fact)
			require.GreaterOrEqual(t, i, 0, "fact %v not booked in %v", c.fact, s.Facts())
			assert.Equal(t, c.want, s.Reason(i, nil))
		})
	}
}

func indexOf(fs []csp.Fact, f csp.Fact) int {
	for i, g := range fs {
		if g == f {
			return i
		}
	}
	return -1
}
