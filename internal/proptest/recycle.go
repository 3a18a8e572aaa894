package proptest

import (
	"io"
	"iter"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/internal/textio"
)

// Recycled is the shared test of a reader whose instances a batch hands
// back to fill again (catalog.Recycler): it reads batch once and keeps
// every item, then reads it three times more, handing each instance back
// with recycle as soon as it was compared with the kept one, so that
// later instances are filled over earlier ones of other sizes and forms.
// Each must equal the kept one as norm sees it (norm leaves out what a
// reader may keep aside for reuse, such as spare arrays; nil: the
// instance itself), and a malformed item must stay malformed. It returns
// the kept items, for checks of the caller's own.
func Recycled[T any](t *testing.T, read func(io.Reader) iter.Seq[textio.Item[T]], recycle func(T), batch string, norm func(T) any) []textio.Item[T] {
	t.Helper()
	if norm == nil {
		norm = func(v T) any { return v }
	}
	var kept []textio.Item[T]
	for it := range read(strings.NewReader(batch)) {
		kept = append(kept, it)
	}
	for round := range 3 {
		i := 0
		for it := range read(strings.NewReader(batch)) {
			require.Less(t, i, len(kept), "round %d: more items than the first reading", round)
			want := kept[i]
			i++
			require.Equal(t, want.Err != nil, it.Err != nil, "round %d, item %d: %v", round, i, it.Err)
			if it.Err != nil {
				continue
			}
			assert.Equal(t, norm(want.Value), norm(it.Value), "round %d, item %d", round, i)
			recycle(it.Value)
		}
		require.Equal(t, len(kept), i, "round %d: items", round)
	}
	return kept
}
