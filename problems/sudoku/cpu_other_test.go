//go:build !linux

package sudoku

import "time"

// threadCPU is not measured here: BenchmarkPublicSets then reports no
// CPU time.
func threadCPU() time.Duration { return 0 }
