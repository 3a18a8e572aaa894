package count_test

import (
	"fmt"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/count"
)

// FuzzAgainstBruteForce draws xs, y and n from the input and compares
// one propagation with brute force: sound always, complete when y has
// one value. Input: data[0] the number of xs (0..3); then one byte per
// variable, the xs', y's and n's, a mask of the values 0..7.
func FuzzAgainstBruteForce(f *testing.F) {
	f.Add([]byte{3, 0xff, 0x0f, 0x06, 0x04, 0x03})
	f.Add([]byte{2, 0x03, 0x05, 0x0f, 0x01})
	f.Add([]byte{1, 0x02, 0x02, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 1 {
			return
		}
		n := int(data[0] % 4)
		if len(data) < 3+n {
			return
		}
		m := csp.NewModel()
		vars := make([]csp.Var, n+2)
		for i := range vars {
			vars[i] = m.NewVar(domains.Of(proptest.MaskValues(int(data[1+i]), 8, 1)...), fmt.Sprintf("v%d", i))
		}
		if err := count.Post(m, vars[:n], vars[n], vars[n+1]); err != nil {
			t.Fatal(err)
		}
		s := csp.NewSpace(m, csp.Copying)
		before := proptest.Snapshot(s, vars)
		ok := s.Propagate()
		holds := func(v []int) bool { return occurrences(v[:n], v[n]) == v[n+1] }
		proptest.CheckOnce(t, s, vars, before, ok, holds, len(before[n]) == 1, "")
	})
}
