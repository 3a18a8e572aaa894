package cli

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckOutputs: every rule of checkOutputs, on files made in a
// temporary folder: in.txt (an input), old.csv (an existing file) and
// sub/ (a folder).
func TestCheckOutputs(t *testing.T) {
	type out struct{ flag, path string }
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string) // more files
		outs  []out
		force bool
		want  string // the error's text after the flag and path; "" none
	}{
		{name: "new file", outs: []out{{"--csv", "new.csv"}}},
		{name: "none and standard output", outs: []out{{"--csv", ""}, {"--json", "-"}, {"--plot", "-"}}},
		{name: "missing folder", outs: []out{{"--csv", "nowhere/new.csv"}}, want: "--csv nowhere/new.csv: no folder nowhere"},
		{name: "a file as folder", outs: []out{{"--csv", "old.csv/new.csv"}}, want: "--csv old.csv/new.csv: old.csv is not a folder"},
		{name: "a folder", outs: []out{{"--plot", "sub"}}, want: "--plot sub: is a folder (want a file)"},
		{name: "existing file", outs: []out{{"--csv", "old.csv"}}, want: "--csv old.csv: the file exists (--force replaces it)"},
		{name: "existing file, forced", outs: []out{{"--csv", "old.csv"}}, force: true},
		{name: "the input", outs: []out{{"--json", "in.txt"}}, force: true, want: "--json in.txt: " + errInput.Error()},
		{name: "the input, spelt otherwise", outs: []out{{"--json", "sub/../in.txt"}}, force: true, want: "--json sub/../in.txt: " + errInput.Error()},
		{name: "the input by a hard link", setup: func(t *testing.T, dir string) {
			require.NoError(t, os.Link(filepath.Join(dir, "in.txt"), filepath.Join(dir, "hard.txt")))
		}, outs: []out{{"--csv", "hard.txt"}}, force: true, want: "--csv hard.txt: " + errInput.Error()},
		{name: "the input by a symbolic link", setup: func(t *testing.T, dir string) {
			require.NoError(t, os.Symlink("in.txt", filepath.Join(dir, "soft.csv")))
		}, outs: []out{{"--csv", "soft.csv"}}, force: true, want: "--csv soft.csv: " + errInput.Error()},
		{name: "a broken symbolic link", setup: func(t *testing.T, dir string) {
			require.NoError(t, os.Symlink("nothing", filepath.Join(dir, "broken.csv")))
		}, outs: []out{{"--csv", "broken.csv"}}, force: true, want: "--csv broken.csv: a symbolic link to a file that cannot be reached: "},
		{name: "two flags, one new file", outs: []out{{"--csv", "a.out"}, {"--json", "./a.out"}}, want: "--csv and --json name the same file ./a.out"},
		{name: "two flags, one file by a link", setup: func(t *testing.T, dir string) {
			require.NoError(t, os.Symlink("old.csv", filepath.Join(dir, "link.csv")))
		}, outs: []out{{"--csv", "old.csv"}, {"--plot", "link.csv"}}, force: true, want: "--csv and --plot name the same file link.csv"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			require.NoError(t, os.WriteFile("in.txt", []byte("input\n"), 0o644))
			require.NoError(t, os.WriteFile("old.csv", []byte("old\n"), 0o644))
			require.NoError(t, os.Mkdir("sub", 0o755))
			if tc.setup != nil {
				tc.setup(t, dir)
			}
			var outs []*outFile
			for _, o := range tc.outs {
				outs = append(outs, &outFile{flag: o.flag, path: o.path})
			}
			err := checkOutputs(outs, []string{"in.txt", "no-such-input.txt", "-"}, strings.NewReader(""), tc.force)
			if tc.want == "" {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
				assert.True(t, strings.HasPrefix(err.Error(), tc.want), "got %q, want %q", err, tc.want)
			}
			// Checking writes nothing and leaves nothing behind.
			b, err := os.ReadFile("in.txt")
			require.NoError(t, err)
			assert.Equal(t, "input\n", string(b))
			b, err = os.ReadFile("old.csv")
			require.NoError(t, err)
			assert.Equal(t, "old\n", string(b))
			assert.Empty(t, temporaries(t, dir))
		})
	}
}

// TestCheckOutputsStdin: standard input redirected from a file is an
// input like any other.
func TestCheckOutputsStdin(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("input\n"), 0o644))
	f, err := os.Open(in)
	require.NoError(t, err)
	defer f.Close()
	err = checkOutputs([]*outFile{{flag: "--csv", path: in}}, []string{"-"}, f, true)
	assert.ErrorIs(t, err, errInput)
}

// TestCheckOutputsDevice: a device is written in place, without --force.
func TestCheckOutputsDevice(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil || os.DevNull != "/dev/null" {
		t.Skip("no /dev/null")
	}
	o := &outFile{flag: "--json", path: os.DevNull}
	require.NoError(t, checkOutputs([]*outFile{o}, nil, nil, false))
	assert.True(t, o.direct)
	wrote, err := o.write(func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }, true)
	require.NoError(t, err)
	assert.True(t, wrote)
	_, err = os.Stat(os.DevNull)
	require.NoError(t, err, "still there")
}

// TestCheckOutputsUnwritableFolder: a folder that takes no new file is
// found before the run. (Root writes anywhere: skipped then.)
func TestCheckOutputsUnwritableFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes in any folder")
	}
	dir := filepath.Join(t.TempDir(), "ro")
	require.NoError(t, os.Mkdir(dir, 0o555))
	err := checkOutputs([]*outFile{{flag: "--csv", path: filepath.Join(dir, "x.csv")}}, nil, nil, false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot write in "+dir+": permission denied")
}

// TestOutFileWrite: the file is written whole or not at all, keeps the
// mode of the file it replaces, and no temporary file is left behind.
func TestOutFileWrite(t *testing.T) {
	content := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	failing := func(w io.Writer) error {
		if _, err := io.WriteString(w, "half"); err != nil {
			return err
		}
		return errors.New("boom")
	}
	read := func(t *testing.T, path string) string {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		return string(b)
	}
	checked := func(t *testing.T, path string, force bool) *outFile {
		o := &outFile{flag: "--csv", path: path}
		require.NoError(t, checkOutputs([]*outFile{o}, nil, nil, force))
		return o
	}

	t.Run("new file, the mode os.Create gives", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "new.csv")
		o := checked(t, path, false)
		wrote, err := o.write(content("new\n"), true)
		require.NoError(t, err)
		assert.True(t, wrote)
		assert.Equal(t, "new\n", read(t, path))
		ref, err := os.Create(filepath.Join(dir, "ref"))
		require.NoError(t, err)
		require.NoError(t, ref.Close())
		st, err := os.Stat(path)
		require.NoError(t, err)
		rst, err := os.Stat(filepath.Join(dir, "ref"))
		require.NoError(t, err)
		assert.Equal(t, rst.Mode(), st.Mode())
		assert.Empty(t, temporaries(t, dir))
	})
	t.Run("replaced, mode kept", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "old.csv")
		require.NoError(t, os.WriteFile(path, []byte("old\n"), 0o640))
		require.NoError(t, os.Chmod(path, 0o640))
		o := checked(t, path, true)
		wrote, err := o.write(content("new\n"), true)
		require.NoError(t, err)
		assert.True(t, wrote)
		assert.Equal(t, "new\n", read(t, path))
		st, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, fs.FileMode(0o640), st.Mode().Perm())
		assert.Empty(t, temporaries(t, dir))
	})
	t.Run("a failed write leaves the old file", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "old.csv")
		require.NoError(t, os.WriteFile(path, []byte("old\n"), 0o644))
		o := checked(t, path, true)
		wrote, err := o.write(failing, true)
		require.EqualError(t, err, "boom")
		assert.False(t, wrote)
		assert.Equal(t, "old\n", read(t, path))
		assert.Empty(t, temporaries(t, dir))
	})
	t.Run("a failed write makes no new file", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "new.csv")
		o := checked(t, path, false)
		_, err := o.write(failing, true)
		require.EqualError(t, err, "boom")
		_, err = os.Stat(path)
		assert.ErrorIs(t, err, fs.ErrNotExist)
		assert.Empty(t, temporaries(t, dir))
	})
	t.Run("not replacing: an old file stays, a new one is made", func(t *testing.T) {
		dir := t.TempDir()
		old, fresh := filepath.Join(dir, "old.csv"), filepath.Join(dir, "new.csv")
		require.NoError(t, os.WriteFile(old, []byte("old\n"), 0o644))
		wrote, err := checked(t, old, true).write(content("partial\n"), false)
		require.NoError(t, err)
		assert.False(t, wrote)
		assert.Equal(t, "old\n", read(t, old))
		wrote, err = checked(t, fresh, false).write(content("partial\n"), false)
		require.NoError(t, err)
		assert.True(t, wrote)
		assert.Equal(t, "partial\n", read(t, fresh))
		assert.Empty(t, temporaries(t, dir))
	})
	t.Run("through a symbolic link: the link stays, its file is replaced", func(t *testing.T) {
		dir := t.TempDir()
		path, link := filepath.Join(dir, "old.csv"), filepath.Join(dir, "link.csv")
		require.NoError(t, os.WriteFile(path, []byte("old\n"), 0o644))
		require.NoError(t, os.Symlink("old.csv", link))
		_, err := checked(t, link, true).write(content("new\n"), true)
		require.NoError(t, err)
		st, err := os.Lstat(link)
		require.NoError(t, err)
		assert.NotZero(t, st.Mode()&fs.ModeSymlink)
		assert.Equal(t, "new\n", read(t, path))
	})
}

// temporaries lists the temporary files outFile leaves in dir.
func temporaries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			out = append(out, e.Name())
		}
	}
	return out
}
