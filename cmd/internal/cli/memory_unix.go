//go:build unix

package cli

import "syscall"

// addressSpaceLimit returns the soft limit on the process's address space
// (ulimit -v) in bytes, or 0 when there is none (infinity is the largest
// value on every system, beyond 2^62).
func addressSpaceLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= 1<<62 {
		return 0
	}
	return int64(r.Cur)
}
