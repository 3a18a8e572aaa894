package csp_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

func TestStopOf(t *testing.T) {
	assert.Equal(t, csp.NotStopped, csp.StopOf(context.Background()))

	ctx, cancel := csp.WithTimeLimit(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	assert.Equal(t, csp.TimeLimit, csp.StopOf(ctx))
	assert.ErrorIs(t, context.Cause(ctx), csp.ErrTimeLimit)

	ctx, cancel = csp.WithTimeLimit(context.Background(), 0) // no deadline
	_, has := ctx.Deadline()
	assert.False(t, has)
	cancel()
	assert.Equal(t, csp.Canceled, csp.StopOf(ctx), "an end other than the time limit")

	// The limit holds under a search too: its result says TimeLimit.
	m, _ := queens(t, 30)
	ctx, cancel = csp.WithTimeLimit(context.Background(), 20*time.Millisecond)
	defer cancel()
	res := csp.Count(ctx, m, csp.Options{}, 0)
	assert.Equal(t, csp.TimeLimit, res.Stopped)
	assert.False(t, res.Complete)
}

// A done context cuts the root propagation short: no propagator runs,
// and the result is stopped, not complete; the next Run propagates the
// root again and finds what a fresh search finds.
func TestRootPropagationLooksAtContext(t *testing.T) {
	m, _ := queens(t, 8)
	e := csp.NewSearch(m, csp.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := e.Run(ctx, 0, func(*csp.Space) bool { return true })
	assert.Equal(t, csp.Canceled, res.Stopped)
	assert.False(t, res.Complete)
	assert.Zero(t, res.Stats.Propagations, "root propagation ran under a done context")

	res = e.Run(context.Background(), 0, func(*csp.Space) bool { return true })
	assert.True(t, res.Complete)
	assert.Equal(t, int64(92), res.Solutions)
}

// cloneCanceller cancels a context when a space clones it.
type cloneCanceller struct {
	cancel context.CancelFunc
	clones *int
}

func (c cloneCanceller) Propagate(*csp.Space) csp.Status { return csp.Fixpoint }

func (c cloneCanceller) Clone() csp.Propagator {
	if *c.clones++; *c.clones == 10 {
		c.cancel()
	}
	return c
}

// A context that ends while a search's space is being made stops the
// making within a bounded number of propagators: NewSearchContext says
// why, and Solve and Count report the stop as they would at the root.
func TestNewSearchLooksAtContext(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(1, 3, "x")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	clones := 0
	for range 1000 {
		m.Post(cloneCanceller{cancel, &clones}, domains.EventDomain, x)
	}
	e, err := csp.NewSearchContext(ctx, m, csp.Options{})
	assert.Nil(t, e)
	require.ErrorIs(t, err, context.Canceled)
	assert.Less(t, clones, 10+64, "it stopped soon after the cancel")

	res := csp.Solve(ctx, m, csp.Options{})
	assert.Equal(t, csp.Canceled, res.Stopped)
	assert.False(t, res.Complete)
	assert.Zero(t, res.Solutions)

	tctx, tcancel := csp.WithTimeLimit(context.Background(), time.Nanosecond)
	defer tcancel()
	<-tctx.Done()
	res = csp.Count(tctx, m, csp.Options{}, 0)
	assert.Equal(t, csp.TimeLimit, res.Stopped)
	assert.False(t, res.Complete)

	e, err = csp.NewSearchContext(context.Background(), m, csp.Options{})
	require.NoError(t, err)
	res = e.Run(context.Background(), 0, func(*csp.Space) bool { return true })
	assert.Equal(t, int64(3), res.Solutions, "a live context: the same search as NewSearch's")
	assert.True(t, res.Complete)
}

// canceller cancels a context on its k-th run, in the middle of a node's
// propagation, and otherwise does nothing.
type canceller struct {
	runs, k int
	cancel  context.CancelFunc
}

func (c *canceller) Propagate(*csp.Space) csp.Status {
	if c.runs++; c.runs == c.k {
		c.cancel()
	}
	return csp.Fixpoint
}

// A propagation cut short below the root leaves the search where it was:
// the next Run finishes that propagation first, and the count is the
// whole count, for any point of the cut (among them, the propagation
// after the last assignment, whose checks must run before a solution is
// counted).
func TestCutPropagationResumes(t *testing.T) {
	for k := 1; ; k += 7 {
		m, q := queens(t, 8)
		ctx, cancel := context.WithCancel(context.Background())
		m.Post(&canceller{k: k, cancel: cancel}, domains.EventDomain, q...)
		e := csp.NewSearch(m, csp.Options{})
		total := int64(0)
		res := e.Run(ctx, 0, func(*csp.Space) bool { return true })
		if res.Stopped != csp.Canceled { // fewer than k runs in the whole search
			require.True(t, res.Complete, "k=%d", k)
			assert.Equal(t, int64(92), res.Solutions, "k=%d", k)
			break
		}
		total += res.Solutions
		res = e.Run(context.Background(), 0, func(*csp.Space) bool { return true })
		require.True(t, res.Complete, "k=%d", k)
		total += res.Solutions
		assert.Equal(t, int64(92), total, "k=%d", k)
	}
}

func TestSpaceStopping(t *testing.T) {
	m, _ := queens(t, 6)
	s := csp.NewSpace(m, csp.Copying)
	assert.False(t, s.Stopping(), "no work under way")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var before, after bool
	r := &csp.Reasoner{Ladder: csp.Ladder{Levels: []string{"one"}, Rules: map[string]int{"r": 0}}, Context: ctx}
	r.Rules = []csp.Explainer{explainerFunc(func(s *csp.Space) {
		before = s.Stopping()
		cancel() // the deadline passes in the middle of a rule's work
		after = s.Stopping()
	})}
	r.Next(s, 0)
	assert.False(t, before, "a live context")
	assert.True(t, after, "the explainer sees the reasoner's context end")
	assert.False(t, s.Stopping(), "the space forgets the context after Next")
}

type explainerFunc func(s *csp.Space)

func (f explainerFunc) Deduce(s *csp.Space, _ func(string) bool, _ func(csp.Deduction) bool) { f(s) }

// Breadth-first search too cuts its root propagation short, and the next
// Run propagates the root again.
func TestBFSRootLooksAtContext(t *testing.T) {
	m, _ := queens(t, 8)
	b := csp.NewBFS(m, csp.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := b.Run(ctx, 0, func(*csp.Space) bool { return true })
	assert.Equal(t, csp.Canceled, res.Stopped)
	assert.False(t, res.Complete)
	assert.Zero(t, res.Stats.Propagations, "root propagation ran under a done context")
	res = b.Run(context.Background(), 0, func(*csp.Space) bool { return true })
	assert.True(t, res.Complete)
	assert.Equal(t, int64(92), res.Solutions)
}
