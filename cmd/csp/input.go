package main

import (
	"fmt"
	"io"
	"os"
)

// openInput opens FILE for a command that reads instances: standard input
// for "-", else the named file, refused before anything is read when it
// cannot hold instances (a directory), so that the command fails with one
// clear message rather than reporting an instance it never read. done
// closes what was opened. The error is the command's whole answer: the
// caller prints it and exits with status 1.
func openInput(e env, name string) (in io.Reader, done func(), err error) {
	if name == "-" {
		return e.stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	if info, err := f.Stat(); err == nil && info.IsDir() {
		closeInput(e.stderr, f)
		return nil, nil, fmt.Errorf("%s is a directory, want a file of instances (or - for standard input)", name)
	}
	return f, func() { closeInput(e.stderr, f) }, nil
}
