package textio

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestParseError: the message names the instance, line and field when
// told, At leaves the instance and line out, and Unwrap gives the
// sentinel.
func TestParseError(t *testing.T) {
	bad := errors.New("x: bad symbol")
	for _, c := range []struct {
		e        ParseError
		full, at string
	}{
		{ParseError{Instance: 2, Line: 7, Field: 3, Detail: "found 'q'", Err: bad}, "instance 2, line 7, field 3: x: bad symbol: found 'q'", "field 3: x: bad symbol: found 'q'"},
		{ParseError{Line: 7, Err: bad}, "line 7: x: bad symbol", "x: bad symbol"},
		{ParseError{Line: 1, Field: 1, Detail: "d"}, "line 1, field 1: <nil>: d", "field 1: <nil>: d"},
	} {
		assert.Equal(t, c.full, c.e.Error())
		assert.Equal(t, c.at, c.e.At())
	}
	e := &ParseError{Line: 1, Err: bad}
	assert.ErrorIs(t, e, bad)
}
