package latin

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecycledInstancesReadAsNew: an instance handed back (Recycle) and
// filled again by the reader is the instance a fresh read makes, whatever
// it held before (another order, givens where the new one has holes).
func TestRecycledInstancesReadAsNew(t *testing.T) {
	batch := `5
1 2 3 4 5
2 3 4 5 1
3 4 5 1 2
4 5 1 2 3
5 1 2 3 4
3
0 0 0
0 2 0
0 0 0
2
1 x
0 0
4
1 0 0 0
0 0 3 0
0 0 0 0
0 4 0 0
1
0
`
	var fresh []Item
	for it := range Read(strings.NewReader(batch)) {
		fresh = append(fresh, it)
	}
	require.Len(t, fresh, 5)
	for round := range 3 {
		i := 0
		for it := range Read(strings.NewReader(batch)) {
			want := fresh[i]
			i++
			require.Equal(t, want.Err != nil, it.Err != nil, "round %d, item %d: %v", round, i, it.Err)
			if it.Err != nil {
				continue
			}
			assert.Equal(t, *want.Value, *it.Value, "round %d, item %d", round, i)
			Recycle(it.Value)
		}
		require.Equal(t, len(fresh), i)
	}
}
