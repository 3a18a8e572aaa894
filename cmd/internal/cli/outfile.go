package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
)

// outFile is a file an output flag names (bench's --csv, --json, --plot):
// every command that writes a file goes through it, so that the rules are
// one piece of code. checkOutputs checks it before the run starts, so a
// bad path is a usage error at once rather than after an hour of work;
// write fills it at the end through a temporary file in the same folder,
// renamed over it once complete, so that a run killed or failing while
// writing leaves the old file as it was. A file that an input of the run
// names is never written, --force or not; another existing file only with
// --force.
type outFile struct {
	flag string // the flag that names it, for messages: "--csv"
	path string // as given: "" none, "-" standard output

	// Set by checkOutputs.
	target  string      // the file written: path with symbolic links resolved
	existed fs.FileInfo // the file there before the run (nil: none)
	direct  bool        // a device or a pipe: written in place, no temporary file
}

// errInput is the sentinel of an output that names an input of the run.
var errInput = errors.New("is an input of this run: refusing to overwrite it")

// checkOutputs checks every output before the run: each one's folder
// exists and takes a new file (tried by creating and removing one); no
// two outputs name the same file; none is an input (inputs lists their
// paths, "-" for stdin; compared with os.SameFile, so another name or a
// link for the same file is caught too); none names an existing regular
// file unless force. A device or a pipe (/dev/null, a FIFO) is written to
// in place, with or without force: it holds no data to lose. The error
// names the flag and the file.
func checkOutputs(outs []*outFile, inputs []string, stdin io.Reader, force bool) error {
	var ins []fs.FileInfo
	for _, in := range inputs {
		var st fs.FileInfo
		var err error
		if in == "-" {
			f, ok := stdin.(interface{ Stat() (fs.FileInfo, error) })
			if !ok {
				continue
			}
			st, err = f.Stat()
		} else {
			st, err = os.Stat(in)
		}
		if err == nil {
			ins = append(ins, st)
		}
	}
	var seen []*outFile
	for _, o := range outs {
		if o.path == "" || o.path == "-" {
			continue
		}
		if err := o.check(ins, force); err != nil {
			return fmt.Errorf("%s %s: %w", o.flag, o.path, err)
		}
		for _, p := range seen {
			if samePath(p.target, o.target) || p.existed != nil && o.existed != nil && os.SameFile(p.existed, o.existed) {
				return fmt.Errorf("%s and %s name the same file %s", p.flag, o.flag, o.path)
			}
		}
		seen = append(seen, o)
	}
	return nil
}

// check checks one output against the inputs' files (see checkOutputs)
// and sets target, existed and direct.
func (o *outFile) check(inputs []fs.FileInfo, force bool) error {
	o.target = o.path
	lst, err := os.Lstat(o.path)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		// A new file: its folder must take it (probe says what is wrong
		// with a folder that is missing or a file).
		return probe(o.path)
	case err != nil:
		return pathless(err)
	case lst.Mode()&fs.ModeSymlink != 0:
		if o.target, err = filepath.EvalSymlinks(o.path); err != nil {
			return fmt.Errorf("a symbolic link to a file that cannot be reached: %w", pathless(err))
		}
	}
	st, err := os.Stat(o.target)
	if err != nil {
		return pathless(err)
	}
	for _, in := range inputs {
		if os.SameFile(st, in) {
			return errInput
		}
	}
	o.existed = st
	switch {
	case st.IsDir():
		return errors.New("is a folder (want a file)")
	case !st.Mode().IsRegular():
		o.direct = true // nothing to keep, and renaming over it would be wrong
		return nil
	case !force:
		return errors.New("the file exists (--force replaces it)")
	}
	// Replacing it: the folder must take the temporary file, and the file
	// itself be writable, as it would be for os.Create (opened without
	// truncating, so nothing changes).
	f, err := os.OpenFile(o.target, os.O_WRONLY, 0)
	if err != nil {
		return pathless(err)
	}
	if err := f.Close(); err != nil {
		return pathless(err)
	}
	return probe(o.target)
}

// probe checks that a file can be made beside path, by making one and
// removing it.
func probe(path string) error {
	f, err := createTemp(filepath.Dir(path), filepath.Base(path))
	if err != nil {
		return err
	}
	name := f.Name()
	err = f.Close()
	if rerr := os.Remove(name); err == nil {
		err = rerr
	}
	return err
}

// createTemp makes a new file in dir named after base, with the mode
// os.Create would give it (0666 less the umask), open for writing.
func createTemp(dir, base string) (*os.File, error) {
	if st, err := os.Stat(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("no folder %s", dir)
		}
		return nil, pathless(err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", dir)
	}
	for range 100 {
		name := filepath.Join(dir, fmt.Sprintf(".%s.%016x.tmp", base, rand.Uint64()))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("cannot write in %s: %w", dir, pathless(err))
		}
		return f, nil
	}
	return nil, fmt.Errorf("cannot make a temporary file in %s", dir)
}

// write fills the file with what fn writes: into a temporary file beside
// it, synced and renamed over it once complete, so that a failure or a
// kill leaves the old file as it was (a device or a pipe is written to in
// place). With replace false, an existing file is left as it was and
// nothing is written (an interrupted run keeps the old results); write
// reports false then. The error names neither flag nor path: the caller
// does.
func (o *outFile) write(fn func(io.Writer) error, replace bool) (bool, error) {
	if o.direct {
		f, err := os.OpenFile(o.target, os.O_WRONLY, 0)
		if err != nil {
			return false, pathless(err)
		}
		err = fn(f)
		if cerr := f.Close(); err == nil {
			err = pathless(cerr)
		}
		return err == nil, err
	}
	if o.existed != nil && !replace {
		return false, nil
	}
	f, err := createTemp(filepath.Dir(o.target), filepath.Base(o.target))
	if err != nil {
		return false, err
	}
	tmp := f.Name()
	err = fn(f)
	if err == nil && o.existed != nil {
		err = f.Chmod(o.existed.Mode().Perm())
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, o.target)
	}
	if err != nil {
		_ = os.Remove(tmp) // the error to report is err; the temporary file goes either way
		return false, pathless(err)
	}
	return true, nil
}

// samePath reports whether two paths name the same place once made
// absolute and clean (for files that do not exist yet).
func samePath(a, b string) bool {
	a, errA := filepath.Abs(a)
	b, errB := filepath.Abs(b)
	return errA == nil && errB == nil && a == b
}
