package textio

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBatch: items are numbered 1, 2, ... good and bad alike; a value
// comes with no error, an error with no value, and a *ParseError, wrapped
// or not, learns its instance unless it names one already.
func TestBatch(t *testing.T) {
	var b Batch[*int]
	one := 1
	plain := errors.New("plain")
	pe := &ParseError{Line: 4, Err: errBoom}
	named := &ParseError{Instance: 9, Line: 5, Err: errBoom}
	wrapped := &ParseError{Line: 6, Err: errBoom}
	for _, tc := range []struct {
		line     int
		v        *int
		err      error
		want     Item[*int]
		instance int // of the ParseError after the call, if any
	}{
		{1, &one, nil, Item[*int]{Index: 1, Line: 1, Value: &one}, 0},
		{2, &one, plain, Item[*int]{Index: 2, Line: 2, Err: plain}, 0},
		{4, nil, pe, Item[*int]{Index: 3, Line: 4, Err: pe}, 3},
		{5, nil, named, Item[*int]{Index: 4, Line: 5, Err: named}, 9},
		{6, nil, fmt.Errorf("ctx: %w", wrapped), Item[*int]{Index: 5, Line: 6}, 5},
	} {
		it := b.Item(tc.line, tc.v, tc.err)
		if tc.want.Err == nil && tc.err != nil {
			tc.want.Err = it.Err // the wrapper itself
			assert.ErrorIs(t, it.Err, wrapped)
		}
		assert.Equal(t, tc.want, it)
		var got *ParseError
		if errors.As(it.Err, &got) {
			assert.Equal(t, tc.instance, got.Instance)
		}
	}
	assert.Equal(t, 5, b.Count())
}
