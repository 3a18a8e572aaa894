package linear_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/linear"
)

// FuzzLinear draws a sum, a relation and domains from the input and
// compares one propagation with brute force: sound always, complete for
// Leq, Geq and Neq. Input: data[0] the number of variables (1..4) and the
// relation; data[1] the constant (-20..235); then per variable a
// coefficient byte (-4..4, or a repeat of the previous variable when its
// top bit is set) and a domain mask of 0..7.
func FuzzLinear(f *testing.F) {
	f.Add([]byte{0x03, 30, 5, 0xff, 3, 0x7e, 1, 0x0f})
	f.Add([]byte{0x12, 12, 8, 0x3c, 0x80, 0x3c, 2, 0xf1, 6, 0x1f})
	f.Add([]byte{0x21, 0, 1, 0xff, 7, 0xff})
	f.Add([]byte{0x33, 25, 4, 0x81, 5, 0x18, 6, 0x42, 0x83, 0x07})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		n := 1 + int(data[0]%4)
		rel := linear.Rel(data[0] >> 4 % 4)
		c := int(data[1]) - 20
		if len(data) < 2+2*n {
			return
		}
		m := csp.NewModel()
		xs := make([]csp.Var, 0, n) // the distinct variables
		terms := make([]csp.Var, n) // the variable of each term
		pos := make([]int, n)       // its index in xs
		coeffs := make([]int, n)
		for i := range n {
			b, mask := data[2+2*i], data[3+2*i]
			coeffs[i] = int(b&0x0f)%9 - 4
			if b&0x80 != 0 && i > 0 {
				terms[i], pos[i] = terms[i-1], pos[i-1]
				continue
			}
			pos[i] = len(xs)
			terms[i] = m.NewVar(domains.Of(proptest.MaskValues(int(mask), 8, 3)...), fmt.Sprintf("x%d", len(xs)))
			xs = append(xs, terms[i])
		}
		require.NoError(t, linear.Post(m, coeffs, terms, rel, c))
		s := csp.NewSpace(m, csp.Copying)
		before := proptest.Snapshot(s, xs)
		ok := s.Propagate()
		proptest.CheckOnce(t, s, xs, before, ok, func(vals []int) bool {
			sum := 0
			for i, a := range coeffs {
				sum += a * vals[pos[i]]
			}
			switch rel {
			case linear.Eq:
				return sum == c
			case linear.Leq:
				return sum <= c
			case linear.Geq:
				return sum >= c
			}
			return sum != c
		}, rel != linear.Eq, "")
	})
}

// FuzzDistinctSum draws a group, a sum, a strength and domains from the
// input and compares one propagation with brute force: sound always,
// complete at GAC below MaxDistinctValues. Input: data[0] the number of
// cells (1..5) and the strength, data[1] the sum, then per cell two bytes,
// a domain mask of 0..15.
func FuzzDistinctSum(f *testing.F) {
	f.Add([]byte{0x13, 7, 0xfe, 0x03, 0xfe, 0x03, 0xfe, 0x03})
	f.Add([]byte{0x04, 30, 0xff, 0xff, 0xf0, 0x0f, 0x0f, 0xf0, 0x55, 0x55, 0xaa, 0xaa})
	f.Add([]byte{0x11, 4, 0x10, 0x00, 0x10, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		n := 1 + int(data[0]%5)
		st := linear.Strength(data[0] >> 4 % 2)
		sum := int(data[1])
		if len(data) < 2+2*n {
			return
		}
		m := csp.NewModel()
		xs := make([]csp.Var, n)
		for i := range xs {
			mask := int(data[2+2*i]) | int(data[3+2*i])<<8
			xs[i] = m.NewVar(domains.Of(proptest.MaskValues(mask, 16, 1)...), fmt.Sprintf("x%d", i))
		}
		require.NoError(t, linear.PostDistinctSum(m, xs, sum, st))
		s := csp.NewSpace(m, csp.Copying)
		before := proptest.Snapshot(s, xs)
		ok := s.Propagate()
		proptest.CheckOnce(t, s, xs, before, ok, func(vals []int) bool { return proptest.Distinct(vals) && total(vals) == sum }, st == linear.GAC, "")
	})
}
