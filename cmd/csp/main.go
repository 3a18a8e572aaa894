// Command csp solves, counts and generates constraint puzzles.
//
// Usage:
//
//	csp solve PROBLEM FILE|- [flags]     solve every instance in FILE (- = standard input)
//	csp count PROBLEM FILE|- [flags]     count the solutions of every instance
//	csp generate PROBLEM --order N --holes H [--balanced] [--seed S] [-n K]
//	csp help                             print the usage text
//
// The one problem today is latin (Latin-square completion: N, then N rows of
// N numbers, 0 = hole; lines starting with # or % are comments), with the
// models channeled (default), rowcol and symbols (--model). A file holds any
// number of instances; a malformed one is reported (on standard error and in
// the output) and the batch goes on. Problems are entries of the table in
// problems.go: adding one adds it to every subcommand.
//
// Solve prints each completed square, checked by the problem's independent
// checker, then a status line starting with %:
//
//	% instance 2 (line 7): solved in 12.3ms (44 nodes, 17 failures)
//
// and, for a batch, a summary line. With --json it prints instead one JSON
// object per instance per line, in input order: instance, line, status
// (solved, unsatisfiable, unknown, error), solution or count and complete,
// stopped (the limit that ended the search), stats, error, time (seconds).
//
// Flags may come before or after the positional arguments; run "csp help"
// for the list. Exit status: 0 when every instance was solved (count:
// counted completely or up to --limit), 1 when one was unsatisfiable,
// stopped by a limit, malformed or FILE could not be read, 2 on a usage
// error. Interrupting (Ctrl-C) stops the searches; their result is unknown.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
