//go:build !linux

package cli

// memTotal returns false: the physical memory is not read on this
// system (DefaultMaxMemory then falls back to the other bounds).
func memTotal() (int64, bool) { return 0, false }
