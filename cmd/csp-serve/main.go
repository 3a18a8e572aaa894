// Command csp-serve serves the puzzle workbench: a page at / and its JSON
// API under /api/ (docs/API.md, docs/WORKBENCH.md), on the same problems,
// settings and limits as the csp command. `csp serve` runs it; it is a
// binary of its own so that csp, which starts once per puzzle in many
// scripts, does not initialise an HTTP server's packages on every run.
//
// Usage:
//
//	csp-serve [--addr 127.0.0.1:8080] [--timeout 10s] [--max-searches N]
package main

import (
	"os"

	"github.com/cspgo/csp/cmd/internal/cli"
)

func main() {
	os.Exit(serve(cli.NewOutput(os.Stdout), cli.NewOutput(os.Stderr), os.Args[1:]))
}
