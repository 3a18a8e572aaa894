package latin

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// searchAlloc returns the bytes csp.NewSearchContext allocates for m
// under o, then runs it under a deadline of limit.
func searchAlloc(t *testing.T, m *Model, o csp.Options, limit time.Duration) int64 {
	t.Helper()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	e, err := csp.NewSearchContext(ctx, m.Model, o)
	runtime.ReadMemStats(&after)
	if err == nil {
		e.Run(ctx, 1, nil)
	}
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// TestDefaultSearchHeldBackIsCheap: DefaultSearch holds learning back for
// its first LearnAfter failures so that instances a plain search solves
// do not pay for learning (csp.Options.LearnAfter): before the switch the
// search allocates about what the same search without learning does (the
// clause database of an order-120 square, some 350 MB, was made up front
// before it was made at the switch).
func TestDefaultSearchHeldBackIsCheap(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an order-120 model")
	}
	m, err := BuildShape(context.Background(), 120, Options{AllDiff: alldiff.Auto})
	require.NoError(t, err)
	plain := DefaultSearch
	plain.Learn, plain.LearnAfter = csp.LearnNone, 0
	const limit = 100 * time.Millisecond
	plainBytes := searchAlloc(t, m, plain, limit)
	heldBytes := searchAlloc(t, m, DefaultSearch, limit)
	t.Logf("no learning: %d MB; learning held back: %d MB", plainBytes>>20, heldBytes>>20)
	assert.Less(t, heldBytes, 2*plainBytes, "a search that has learned nothing allocates the clause database up front")
}
