package arith_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/arith"
)

// FuzzBinary draws a constraint and domains from the input and compares
// one propagation with brute force: sound and complete (every constraint
// of the package is domain consistent on domains this small). Input:
// data[0] the constraint (DiffIn, DiffNotIn, AbsDiffIn, AbsDiffNotIn,
// LessEqPlus, Times) and whether two of its variables are one; data[1..6]
// masks of 0..15 for x, y and z, two bytes each; the rest the set, signed
// bytes (LessEqPlus takes the first as c).
func FuzzBinary(f *testing.F) {
	f.Add([]byte{0, 0xff, 0x0f, 0xf0, 0xf0, 0, 0, 1, 0xff})
	f.Add([]byte{3, 0xfe, 0x01, 0xfe, 0x01, 0, 0, 1})
	f.Add([]byte{5, 0x0f, 0, 0x0f, 0, 0xff, 0xff})
	f.Add([]byte{4, 0x3c, 0x3c, 0xff, 0, 0, 0, 0xfd})
	f.Add([]byte{9, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 7 {
			return
		}
		kind, same := int(data[0]%6), data[0]&0x08 != 0
		var set []int
		for _, b := range data[7:] {
			set = append(set, int(int8(b)))
		}
		m := csp.NewModel()
		var xs []csp.Var
		for i := range 3 {
			mask := int(data[1+2*i]) | int(data[2+2*i])<<8
			xs = append(xs, m.NewVar(domains.Of(proptest.MaskValues(mask, 16, 2)...), fmt.Sprintf("x%d", i)))
		}
		if kind != 5 {
			xs = xs[:2]
		}
		if same {
			xs = xs[1:]
		}
		x, y, z := xs[0], xs[len(xs)-1], xs[len(xs)-1]
		if kind == 5 && !same {
			y = xs[1]
		}
		c := 0
		if len(set) > 0 {
			c = set[0]
		}
		abs := func(v int) int { return max(v, -v) }
		var holds func(a, b, p int) bool
		switch kind {
		case 0:
			require.NoError(t, arith.DiffIn(m, x, y, set))
			holds = func(a, b, _ int) bool { return slices.Contains(set, a-b) }
		case 1:
			require.NoError(t, arith.DiffNotIn(m, x, y, set))
			holds = func(a, b, _ int) bool { return !slices.Contains(set, a-b) }
		case 2:
			require.NoError(t, arith.AbsDiffIn(m, x, y, set))
			holds = func(a, b, _ int) bool { return slices.Contains(set, abs(a-b)) }
		case 3:
			require.NoError(t, arith.AbsDiffNotIn(m, x, y, set))
			holds = func(a, b, _ int) bool { return !slices.Contains(set, abs(a-b)) }
		case 4:
			require.NoError(t, arith.LessEqPlus(m, x, y, c))
			holds = func(a, b, _ int) bool { return a <= b+c }
		case 5:
			require.NoError(t, arith.Times(m, x, y, z))
			holds = func(a, b, p int) bool { return a*b == p }
		}
		vals := func(v []int) (a, b, p int) {
			get := func(w csp.Var) int { return v[slices.Index(xs, w)] }
			return get(x), get(y), get(z)
		}
		s := csp.NewSpace(m, csp.Copying)
		before := proptest.Snapshot(s, xs)
		ok := s.Propagate()
		proptest.CheckOnce(t, s, xs, before, ok, func(v []int) bool { return holds(vals(v)) }, true, "")
	})
}
