//go:build !linux

package main

// memTotal returns false: the physical memory is not read on this
// system (defaultMaxMemory then falls back to the other bounds).
func memTotal() (int64, bool) { return 0, false }
