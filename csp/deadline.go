package csp

import (
	"context"
	"errors"
	"time"
)

// ErrTimeLimit is the cause of a context whose deadline is a time limit
// (see WithTimeLimit): a search stopped by it says TimeLimit, not
// Canceled.
var ErrTimeLimit = errors.New("csp: time limit")

// WithTimeLimit returns ctx with a deadline d from now whose cause is
// ErrTimeLimit, so that one clock can bound all the work on an instance
// (building its model, propagating at the root, searching) and the result
// still says TimeLimit. A d of 0 or less adds no deadline.
func WithTimeLimit(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, d, ErrTimeLimit)
}

// StopOf names why ctx is done: TimeLimit when its cause is ErrTimeLimit
// (WithTimeLimit), MemoryLimit when it is ErrMemoryLimit, Canceled for any
// other end (a caller's own deadline included), NotStopped when it is not
// done.
func StopOf(ctx context.Context) Stop {
	switch {
	case ctx.Err() == nil:
		return NotStopped
	case errors.Is(context.Cause(ctx), ErrTimeLimit):
		return TimeLimit
	case errors.Is(context.Cause(ctx), ErrMemoryLimit):
		return MemoryLimit
	}
	return Canceled
}

// Every is how many steps of a loop a long computation takes between two
// looks at its context: a look costs a few nanoseconds, a step of the
// loops that use it well under a microsecond, so checking every Every
// steps stops the computation within a fraction of a millisecond of the
// context's end. Use it as `if i%csp.Every == 0 && ctx.Err() != nil`.
const Every = 1024

// stopEvery is how many propagator runs Propagate makes between two looks
// at the context of the search: a run can take long (a matching over a
// large all-different), so the look is at almost every one. It is a power
// of two less one, used as a mask.
const stopEvery = 3

// Stopping reports whether the context of the work under way on s is done:
// a Search.Run's, or a Reasoner's while it reasons. Propagators and
// explainers with long loops look at it every so often (every Every
// steps, say) and return early with what they have: what a propagator
// removed so far is still sound, and an explainer offers nothing more. It
// polls a channel: cheap, not free.
func (s *Space) Stopping() bool {
	if s.done == nil {
		return false
	}
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}
