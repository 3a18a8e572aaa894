//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFznFilesSkipsWhatIsNotAFile: a directory's listing takes the
// regular *.fzn files and links to one, sorted, and leaves out
// directories, pipes and other names.
func TestFznFilesSkipsWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.fzn", "a.FZN", "c.txt"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("solve satisfy;\n"), 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "d.fzn"), 0o755))
	require.NoError(t, os.Symlink(filepath.Join(dir, "b.fzn"), filepath.Join(dir, "e.fzn")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "missing"), filepath.Join(dir, "f.fzn")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "g.fzn"), 0o644))
	got, err := modelFiles(dir, ".fzn")
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "a.FZN"), filepath.Join(dir, "b.fzn"), filepath.Join(dir, "e.fzn")}, got)
	_, err = modelFiles(t.TempDir(), ".fzn")
	assert.ErrorContains(t, err, "no *.fzn file")
}
