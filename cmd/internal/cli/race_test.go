//go:build race

package cli

// raceDetector: under the race detector sync.Pool drops some of what it
// is given on purpose, so the readers' free lists (textio.Free) keep
// nothing reliably and a batch allocates per instance.
const raceDetector = true
