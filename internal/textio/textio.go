// Package textio holds what the problem readers share: the error that says
// where an input is malformed.
package textio

import "fmt"

// ParseError says where an input is malformed. Problem packages export it
// under their own name (type ParseError = textio.ParseError) and wrap one
// of their own sentinels in Err, so callers use errors.Is and errors.As.
type ParseError struct {
	Instance int    // 1-based index of the instance in a batch (0: not told)
	Line     int    // 1-based line
	Field    int    // 1-based field on the line (0: the line as a whole)
	Detail   string // what was found and what was expected
	Err      error  // the package's sentinel
}

func (e *ParseError) Error() string {
	where := fmt.Sprintf("line %d", e.Line)
	if e.Instance > 0 {
		where = fmt.Sprintf("instance %d, %s", e.Instance, where)
	}
	if e.Field > 0 {
		where += fmt.Sprintf(", field %d", e.Field)
	}
	if e.Detail != "" {
		return fmt.Sprintf("%s: %v: %s", where, e.Err, e.Detail)
	}
	return fmt.Sprintf("%s: %v", where, e.Err)
}

// Unwrap returns the sentinel.
func (e *ParseError) Unwrap() error { return e.Err }
