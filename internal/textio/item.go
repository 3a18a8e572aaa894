package textio

// Item is one instance of a batch, or the error that spoilt it.
type Item[T any] struct {
	Index int // 1-based position in the batch
	Line  int // line where it starts
	Value T
	Err   error
}
