package cli

import (
	"math"
	"syscall"
)

// memTotal returns the physical memory, MemTotal of /proc/meminfo, from
// the sysinfo system call: the kernel fills both from the same count,
// and one call costs less at start-up than opening, reading and parsing
// the file.
func memTotal() (int64, bool) {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0, false
	}
	unit := max(uint64(si.Unit), 1)
	total := uint64(si.Totalram)
	if total == 0 || total > math.MaxInt64/unit {
		return 0, false
	}
	return int64(total * unit), true
}
