package latin

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/internal/proptest"
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
	kept := proptest.Recycled(t, Read, Recycle, batch, func(inst *Instance) any { return *inst })
	require.Len(t, kept, 5)
}
