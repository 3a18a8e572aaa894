package csp

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// swapped is what a swap in a goroutine returned.
type swapped struct {
	in []sharedClause
	ok bool
}

// swapAsync runs x.swap in a goroutine; its answer comes on the channel.
func swapAsync(ctx context.Context, x *exchange, i int, e int64, out []sharedClause) <-chan swapped {
	c := make(chan swapped, 1)
	go func() {
		in, ok := x.swap(ctx, i, e, out)
		c <- swapped{in, ok}
	}()
	return c
}

// waiting reports whether nothing came on c within a short while.
func waiting(c <-chan swapped) bool {
	select {
	case <-c:
		return false
	case <-time.After(20 * time.Millisecond):
		return true
	}
}

// TestExchange: a member takes the others' clauses of an epoch once each
// has ended it or left, in members' order; member 0 gives its clauses
// but takes none and never waits; a member gone is not waited for; a
// canceled context ends a wait; epochs every member still there has
// taken are dropped; members that do not learn take no part, and fewer
// than two learners, or a model that cannot learn, share nothing.
func TestExchange(t *testing.T) {
	learn := Options{Learn: LearnClauses}
	m := NewModel()
	require.Nil(t, newExchange(m, []Options{learn, {}}))
	wide := NewModel()
	wide.NewIntVar(0, 1<<30, "wide")
	require.Nil(t, newExchange(wide, []Options{learn, learn}), "no learning on an interval domain")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	x := newExchange(m, []Options{learn, {}, learn, learn}) // member 1 does not learn
	require.NotNil(t, x)
	defer context.AfterFunc(ctx, x.wakeAll)() // as each member's run does
	clause := func(v int32) []sharedClause { return []sharedClause{{lits: []Fact{{X: 0, V: v, Eq: true}}, lbd: v}} }
	lbds := func(in []sharedClause) (l []int32) {
		for _, s := range in {
			l = append(l, s.lbd)
		}
		return l
	}

	a := swapAsync(ctx, x, 2, 1, clause(2))
	require.True(t, waiting(a), "member 2 took epoch 1 before members 0 and 3 ended it")
	in, ok := x.swap(ctx, 0, 1, clause(0))
	require.True(t, ok)
	assert.Empty(t, in, "member 0 takes nothing, and does not wait for members 2 and 3")
	require.True(t, waiting(a), "member 3 has not ended epoch 1")
	b := swapAsync(ctx, x, 3, 1, clause(3))
	ra, rb := <-a, <-b
	require.True(t, ra.ok && rb.ok)
	assert.Equal(t, []int32{0, 3}, lbds(ra.in), "the others' clauses, in members' order")
	assert.Equal(t, []int32{0, 2}, lbds(rb.in))
	assert.Empty(t, x.pool, "epoch 1, taken by all, is dropped")
	assert.Equal(t, int64(2), x.base)

	// Member 3 leaves: member 2 waits for member 0 only.
	x.leave(3)
	a = swapAsync(ctx, x, 2, 2, nil)
	require.True(t, waiting(a))
	_, ok = x.swap(ctx, 0, 2, clause(0))
	require.True(t, ok)
	ra = <-a
	require.True(t, ra.ok)
	assert.Equal(t, []int32{0}, lbds(ra.in))

	// Member 2 waits for member 0's epoch 3 until the context ends.
	a = swapAsync(ctx, x, 2, 3, clause(2))
	require.True(t, waiting(a))
	cancel()
	ra = <-a
	assert.False(t, ra.ok)
}
