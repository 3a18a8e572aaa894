package textio

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// MaxQuote is the most bytes of input Quote shows: enough to recognise a
// line, not so many that a line of binary junk fills the screen.
const MaxQuote = 40

// Quote quotes s for an error message as %q does, cut after MaxQuote
// bytes with "..." and the length of the whole, so that a message names
// what was found without repeating a hostile line: "\"null\"",
// "\"\\x00\\xff...\"... (300 bytes)".
func Quote(s string) string {
	if len(s) <= MaxQuote {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q... (%d bytes)", s[:MaxQuote], len(s))
}

// Clip returns s for an error message as it is, or, past MaxQuote bytes,
// its first MaxQuote bytes with "..." and the length of the whole: for a
// number too long to read ("order 99999999999999999999", not a megabyte
// of digits). Quote is for text that needs quoting.
func Clip(s string) string {
	if len(s) <= MaxQuote {
		return s
	}
	return fmt.Sprintf("%s... (%d bytes)", s[:MaxQuote], len(s))
}

// JSONDetail says why decoding one JSON object failed, in the input's
// words rather than Go's, for a ParseError's Detail: a value of the wrong
// type names its key, what it found and what it wanted ("size: found
// number 1e30, want a whole number from -9223372036854775808 to
// 9223372036854775807"); a syntax error the byte where it stopped; an
// object cut short says so; an unknown key (with
// json.Decoder.DisallowUnknownFields) is named.
func JSONDetail(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return "the JSON object is cut short"
	case errors.As(err, &se):
		return fmt.Sprintf("%v, at byte %d", se, se.Offset)
	case errors.As(err, &te):
		key := te.Field
		if key == "" {
			key = "the object"
		}
		return fmt.Sprintf("%s: found %s, want %s", key, te.Value, jsonKind(te.Type))
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonKind names what a value of Go type t is in JSON.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		hi := uint64(1)<<(t.Bits()-1) - 1
		return fmt.Sprintf("a whole number from -%d to %d", hi+1, hi)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("a whole number from 0 to %d", ^uint64(0)>>(64-t.Bits()))
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "a " + t.Kind().String()
}
