package cli

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// openInput opens FILE for a command that reads instances: standard input
// for "-", else the named file (openFile). done closes what was opened.
// The error is the command's whole answer: the caller prints it and exits
// with status 1.
func openInput(e env, name string) (in io.Reader, done func(), err error) {
	if name == "-" {
		return e.stdin, func() {}, nil
	}
	f, err := openFile(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { closeInput(e.stderr, f) }, nil
}

// errDirectory is the reason openFile refuses a directory.
var errDirectory = errors.New("is a directory, want a file of instances (or - for standard input)")

// openFile opens a file of instances for reading, refused before anything
// is read when it cannot hold instances (a directory: a *fs.PathError
// wrapping errDirectory, as os.Open's own errors are), so that a command
// fails with one clear message rather than reporting an instance it never
// read.
func openFile(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err == nil && info.IsDir() {
		_ = f.Close() // only opened: nothing to lose
		return nil, &fs.PathError{Op: "open", Path: name, Err: errDirectory}
	}
	return f, nil
}
