// Command csp-plot draws the runs of csp bench as one SVG: a cactus plot
// (instances solved against the time each took) over a per-propagator
// breakdown.
//
// Usage:
//
//	csp-plot [FILE|-] > runs.svg
//
// FILE (standard input when absent or -) holds csp bench's --json
// output: one JSON object per run and line. csp bench --plot FILE.svg
// runs this command with its runs on standard input, so that the
// plotting library, whose package initialisation parses a dozen fonts,
// stays out of the csp binary and off the start of every csp solve.
// Install both: go install github.com/cspgo/csp/cmd/...
//
// Exit status: 0 when the plot was written, 1 when the input could not be
// read or held a malformed line (named by its number), 2 on a usage
// error.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
