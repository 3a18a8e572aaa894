package textio

import (
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// DecodeObject decodes t, one JSON object, into v (a pointer to a struct
// whose fields carry json tags) as strictly as a puzzle's reader needs,
// and returns "" or a Detail for a ParseError saying what is wrong. Beyond
// json.Decoder with DisallowUnknownFields, which takes keys in any case
// and the last of a repeated key, it refuses a key written in another
// case than its tag ("Size" for "size": a typo that would otherwise pass)
// and a key given twice in one object (which of the two was meant?), at
// every depth, and any text after the object. v's structs must hold no
// map: a map's keys are the input's, not tags.
func DecodeObject(t string, v any) string {
	dec := json.NewDecoder(strings.NewReader(t))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return JSONDetail(err)
	}
	// More says false before a stray ] or }: only the end will do.
	if _, err := dec.Token(); err != io.EOF {
		return "text after the JSON object"
	}
	return checkKeys(t, tagNames(reflect.TypeOf(v), map[string]bool{}))
}

// tagNames adds to names the json tag names of the struct fields of t
// and of the structs it holds (through pointers, slices, arrays and
// arrays), and returns names.
func tagNames(t reflect.Type, names map[string]bool) map[string]bool {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return names
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if !names[name] {
			names[name] = true
			tagNames(f.Type, names)
		}
	}
	return names
}

// checkKeys walks t, valid JSON, and returns "" when every object key in
// it is one of names, spelled exactly, and none repeats within its object;
// otherwise a Detail naming the first that is not.
func checkKeys(t string, names map[string]bool) string {
	dec := json.NewDecoder(strings.NewReader(t))
	// Per open container: its keys seen (nil for an array), and whether
	// the next string token in it is a key.
	type open struct {
		keys  map[string]bool
		isKey bool
	}
	var stack []open
	for {
		tok, err := dec.Token()
		if err != nil {
			return "" // the end (the decode before found the syntax sound)
		}
		top := len(stack) - 1
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{':
				stack = append(stack, open{keys: map[string]bool{}, isKey: true})
				continue
			case '[':
				stack = append(stack, open{})
				continue
			default:
				stack = stack[:top]
				top--
			}
		} else if top >= 0 && stack[top].isKey {
			key := tok.(string)
			if !names[key] {
				for name := range names {
					if strings.EqualFold(name, key) {
						return fmt.Sprintf("key %s: keys are case-sensitive, want %q", Quote(key), name)
					}
				}
				return fmt.Sprintf("unknown key %s", Quote(key))
			}
			if stack[top].keys[key] {
				return fmt.Sprintf("key %q given twice in one object", key)
			}
			stack[top].keys[key] = true
			stack[top].isKey = false
			continue
		}
		// A value ended: in an object, a key comes next.
		if top >= 0 && stack[top].keys != nil {
			stack[top].isKey = true
		}
	}
}
