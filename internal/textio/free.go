package textio

import "sync"

// Free is a free list of instances for a reader to fill again: a batch
// hands an instance back (Put) once nothing refers to it, and the reader
// takes it (Get) for a later one, so that a long batch in its steady state
// allocates no instance. Its zero value is ready, and it is safe for
// concurrent use (a batch reads on one goroutine and hands back on
// another). What it holds may be dropped at any garbage collection, and
// some of it at random under the race detector (it is a sync.Pool).
type Free[T any] struct{ p sync.Pool }

// Get returns an instance handed back before, or ok false when there is
// none (the caller makes a new one).
func (f *Free[T]) Get() (v T, ok bool) {
	v, ok = f.p.Get().(T)
	return v, ok
}

// Put hands v back for a later Get; the caller no longer uses it. T
// should be a pointer type (anything else costs an allocation per call),
// and v not nil.
func (f *Free[T]) Put(v T) { f.p.Put(v) }
