// Command csp solves, counts and generates constraint puzzles.
//
// Usage:
//
//	csp solve PROBLEM FILE|- [flags]     solve every instance in FILE (- = standard input)
//	csp count PROBLEM FILE|- [flags]     count the solutions of every instance
//	csp generate PROBLEM --size N [--holes H] [...] [--seed S] [-n K]
//	csp serve [--addr 127.0.0.1:8080]    the workbench in the browser (runs csp-serve): a page and its JSON API (docs/API.md)
//	csp help                             print the usage text
//
// Problems: latin (Latin-square completion: N, then N rows of N numbers,
// 0 = hole), skyscraper (Towers game IDs, clockwise clue lists, JSON, or a
// clue-framed grid), sudoku (boxes of any shape: one puzzle per line or a
// ruled grid). Lines starting with # or % are comments. A file holds any
// number of instances, read as a stream; a malformed one is reported (on
// standard error and in the output) and the batch goes on. Problems are
// entries of the table in cmd/internal/cli/problems.go: adding one adds it to every
// subcommand.
//
// Solve prints each solution, checked by the problem's independent
// checker, then a status line starting with %:
//
//	% instance 2 (line 7): solved in 12.3ms (44 nodes, 17 failures)
//
// and, for a batch, a summary: counts by status, time per instance (median,
// p90, max, mean), instances per second and guesses per instance. With --json it prints instead one JSON
// object per instance per line, in input order: instance, line, status
// (solved, unsatisfiable, unknown, error, or "not run" after Ctrl-C),
// solution or count and complete,
// stopped (the limit that ended the search), stats, error, time (seconds).
//
// Flags may come before or after the positional arguments; run "csp help"
// for the list. Exit status: 0 when every instance was solved (count:
// counted completely or up to --limit), 1 when one was unsatisfiable,
// stopped by a limit, malformed or FILE could not be read, 2 on a usage
// error. --timeout bounds each instance as a whole: its model, root
// propagation and search (and the authors' tools' reasoning). Interrupting
// (Ctrl-C) stops the instances under way, whose result is unknown; the
// instances read but not started are counted as not run, and the summary
// says the run was interrupted. A second Ctrl-C exits at once.
package main

import (
	"os"

	"github.com/cspgo/csp/cmd/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
