//go:build race

package textio

// raceDetector: under the race detector sync.Pool drops some of what it
// is given on purpose, so a free list keeps nothing reliably.
const raceDetector = true
