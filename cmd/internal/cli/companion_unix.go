//go:build unix

package cli

import (
	"os"
	"syscall"
)

// replaceProcess runs the command at path with args in place of this
// process (execve): the same process, so that a signal sent to it, a
// SIGKILL included, reaches the command, and no child outlives csp.
// It returns only on failure.
func replaceProcess(path string, args []string) error {
	return syscall.Exec(path, append([]string{path}, args...), os.Environ())
}
