//go:build !unix

package cli

import "errors"

// replaceProcess is not available here: the command runs as a child
// (see delegate).
func replaceProcess(string, []string) error {
	return errors.ErrUnsupported
}
