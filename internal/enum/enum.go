// Package enum names the small enumerations of the engine (strengths,
// models): one list of names, indexed by value, gives String, parsing and
// the "a, b or c" of error messages.
package enum

import (
	"fmt"
	"strings"
)

// Names are the names of values 0, 1, ... of an enumeration.
type Names []string

// Name returns the name of value i, or "kind(i)" outside the list.
func (n Names) Name(kind string, i int) string {
	if i >= 0 && i < len(n) {
		return n[i]
	}
	return fmt.Sprintf("%s(%d)", kind, i)
}

// Parse returns the value named s.
func (n Names) Parse(s string) (int, bool) {
	for i, name := range n {
		if name == s {
			return i, true
		}
	}
	return 0, false
}

// List returns the names as "a, b or c".
func (n Names) List() string {
	if len(n) < 2 {
		return strings.Join(n, "")
	}
	return strings.Join(n[:len(n)-1], ", ") + " or " + n[len(n)-1]
}
