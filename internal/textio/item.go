package textio

import "errors"

// Item is one instance of a batch as a problem's reader yields it, or the
// error that spoilt it: every reader yields iter.Seq[Item[T]] for its own
// instance type T, and the command line adapts them all one way.
type Item[T any] struct {
	Index int   // 1-based position in the batch, good and bad instances alike
	Line  int   // line where the instance starts
	Value T     // the instance; T's zero value when Err is set
	Err   error // a *ParseError, for malformed input and read errors alike
}

// Batch numbers the items of one batch in the order a reader makes them.
// Its zero value is ready: the first item is number 1.
type Batch[T any] struct{ n int }

// Item returns the next item of the batch, numbered one past the last,
// starting at line: err when it is not nil (v is then dropped), else v.
// A *ParseError in err (found by errors.As) that names no instance gets
// this item's index, so that its message says which instance is wrong.
func (b *Batch[T]) Item(line int, v T, err error) Item[T] {
	b.n++
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) && pe.Instance == 0 {
			pe.Instance = b.n
		}
		return Item[T]{Index: b.n, Line: line, Err: err}
	}
	return Item[T]{Index: b.n, Line: line, Value: v}
}

// Count returns how many items the batch has made.
func (b *Batch[T]) Count() int { return b.n }
