//go:build linux

package sudoku

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used (lock
// the goroutine to its thread first): on a loaded machine it leaves out
// the time the thread waited for a core, which wall time counts.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(1, &ru) != nil { // 1: RUSAGE_THREAD
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
