package lex_test

import (
	"fmt"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/lex"
)

// FuzzAgainstBruteForce draws two arrays and their domains from the
// input and compares one propagation with brute force: sound, and
// complete (the variables are distinct). Input: data[0] the strictness
// (bit 0) and the lengths of x (bits 1-2) and y (bits 3-4), each 0..3;
// then one byte per variable, x's then y's, a mask of the values 0..7.
func FuzzAgainstBruteForce(f *testing.F) {
	f.Add([]byte{0b01_1_11_0, 0xff, 0x0f, 0xf0, 0x3c, 0xff, 0x01})
	f.Add([]byte{0b11_10_1, 0x80, 0x01, 0x80, 0xff, 0x01})
	f.Add([]byte{0b00_11_0, 0x01, 0x02, 0x04})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 1 {
			return
		}
		strict := lex.Strictness(data[0] & 1)
		nx, ny := int(data[0]>>1&3), int(data[0]>>3&3)
		if len(data) < 1+nx+ny {
			return
		}
		m := csp.NewModel()
		vars := make([]csp.Var, nx+ny)
		for i := range vars {
			vars[i] = m.NewVar(domains.Of(proptest.MaskValues(int(data[1+i]), 8, 3)...), fmt.Sprintf("v%d", i))
		}
		if err := lex.Post(m, vars[:nx], vars[nx:], strict); err != nil {
			t.Fatal(err)
		}
		s := csp.NewSpace(m, csp.Copying)
		before := proptest.Snapshot(s, vars)
		ok := s.Propagate()
		holds := func(v []int) bool { return lessLex(v[:nx], v[nx:], strict) }
		proptest.CheckOnce(t, s, vars, before, ok, holds, true, "")
	})
}
