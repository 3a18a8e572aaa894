package cli

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"time"

	"github.com/cspgo/csp/csp"
)

// One deadline for everything: every long-running command takes its
// context from interruptible, which Ctrl-C ends, and gives each instance
// its own deadline with InstanceContext, which --timeout sets. Everything
// the instance needs then runs under that one context: building its model
// (tables included), propagating at the root, searching, the reasoning of
// the authors' tools, the census's tree and listing. Each of them looks at
// the context often enough to stop within a few milliseconds.

// Interrupts makes the context of a command; tests replace it to
// interrupt a run without a signal.
var Interrupts = interruptible

// interruptible returns a context that the first interrupt (SIGINT,
// Ctrl-C) ends, and the function that releases it. The first interrupt
// also gives the signal back its default action before the context ends,
// so that a second one ends the program at once (status 130 in a shell),
// whatever it is doing.
func interruptible() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	go func() {
		select {
		case <-sig:
		case <-ctx.Done():
		}
		signal.Stop(sig) // the default action is back: a second interrupt kills
		cancel()
	}()
	return ctx, cancel
}

// InstanceContext returns the context of one instance: ctx with the
// --timeout deadline (d; 0: none) from now, whose end says
// csp.TimeLimit, and which the memory guard of ctx, if any, cancels with
// csp.ErrMemoryLimit as the cause (see GuardMemory). Without a deadline
// it adds no context of its own: an instance of microseconds would
// otherwise spend a good part of its time making and cancelling one.
func InstanceContext(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	ctx, release := guardedInstance(ctx)
	if d <= 0 {
		return ctx, release
	}
	ctx, cancel := csp.WithTimeLimit(ctx, d)
	return ctx, func() {
		cancel()
		release()
	}
}

// stoppedBy reports why the work on an instance stopped before its end,
// when ctx (the instance's context) is done and err, the work's error,
// is nil or the context's own: csp.TimeLimit, csp.MemoryLimit or
// csp.Canceled. Otherwise it returns csp.NotStopped: err, if any, is the
// instance's error.
func stoppedBy(ctx context.Context, err error) csp.Stop {
	if ctx.Err() == nil {
		return csp.NotStopped
	}
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) &&
		!errors.Is(err, csp.ErrTimeLimit) && !errors.Is(err, csp.ErrMemoryLimit) {
		return csp.NotStopped
	}
	return csp.StopOf(ctx)
}

// stopWord says how a stop reads in a sentence: "timed out" for the time
// limit, "stopped at the memory limit" for --max-memory, "interrupted" for
// Ctrl-C (or any other end of the context).
func stopWord(st csp.Stop) string {
	switch st {
	case csp.TimeLimit:
		return "timed out"
	case csp.MemoryLimit:
		return "stopped at the memory limit"
	}
	return "interrupted"
}
