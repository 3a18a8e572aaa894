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
		return fmt.Sprintf("%s, field %d: %s", where, e.Field, e.what())
	}
	return where + ": " + e.what()
}

// At returns the message without the instance and line, for a caller
// that names them already: "field 3: latin: bad symbol: ...", or without
// a field "latin: ...".
func (e *ParseError) At() string {
	if e.Field > 0 {
		return fmt.Sprintf("field %d: %s", e.Field, e.what())
	}
	return e.what()
}

// what is the sentinel and the detail.
func (e *ParseError) what() string {
	if e.Detail != "" {
		return fmt.Sprintf("%v: %s", e.Err, e.Detail)
	}
	return fmt.Sprint(e.Err)
}

// Unwrap returns the sentinel.
func (e *ParseError) Unwrap() error { return e.Err }
