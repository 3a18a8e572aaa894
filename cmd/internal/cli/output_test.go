package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fullWriter takes n bytes, then fails every write, as a full disk or a
// closed pipe does.
type fullWriter struct {
	n   int
	buf bytes.Buffer
}

var errFull = errors.New("no space left on device")

func (w *fullWriter) Write(p []byte) (int, error) {
	if w.buf.Len()+len(p) > w.n {
		k := max(w.n-w.buf.Len(), 0)
		w.buf.Write(p[:k])
		return k, errFull
	}
	return w.buf.Write(p)
}

// A failed standard output is reported once, on standard error, and the
// exit status is at least 1, whatever the subcommand would have said;
// the batch stops early instead of solving for nobody.
func TestFailedStdout(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
	}{
		{"solve", []string{"solve", "sudoku", "testdata/sudoku_batch.txt", "--jobs", "1"}, ""},
		{"solve json", []string{"solve", "sudoku", "testdata/sudoku_batch.txt", "--json", "--jobs", "2"}, ""},
		{"check", []string{"check", "skyscraper", "testdata/bench/towers.txt", "--jobs", "1"}, ""},
		{"explain", []string{"explain", "latin", "-"}, "5\n1 0 0 4 5\n0 3 0 0 0\n0 0 5 0 2\n0 0 0 2 1\n5 0 2 0 0\n"},
		{"generate", []string{"generate", "latin", "--size", "4", "--holes", "8", "-n", "3"}, ""},
		{"census", []string{"census", "skyscraper", "--size", "4", "--clues", "3", "--one-side", "--list", "--jobs", "1"}, ""},
		{"bench csv", []string{"bench", "--jobs", "1", "--warmup=false", "--csv", "-", "testdata/bench/towers.txt"}, ""},
		{"help", []string{"help"}, ""},
	}
	for _, tt := range tests {
		for _, n := range []int{0, 40} {
			t.Run(fmt.Sprintf("%s after %d bytes", tt.name, n), func(t *testing.T) {
				out := &fullWriter{n: n}
				var errOut bytes.Buffer
				code := Run(tt.args, strings.NewReader(tt.stdin), out, &errOut)
				assert.GreaterOrEqual(t, code, 1)
				assert.Equal(t, 1, strings.Count(errOut.String(), errFull.Error()), "reported once:\n%s", errOut.String())
				assert.Contains(t, errOut.String(), "csp: writing output: "+errFull.Error()+"\n")
				assert.Equal(t, n, out.buf.Len(), "nothing written after the failure")
			})
		}
	}
}

// A failed standard error cannot be reported, but it is not a success.
func TestFailedStderr(t *testing.T) {
	var out bytes.Buffer
	code := Run([]string{"solve", "sudoku", "testdata/golden/no-such-file.txt"}, strings.NewReader(""), &out, &fullWriter{})
	assert.Equal(t, 1, code)
	code = Run([]string{"solve", "nonogram", "-"}, strings.NewReader(""), &out, &fullWriter{})
	assert.Equal(t, 2, code)
}

// A --csv, --json or --plot file that cannot be written is a usage error
// that names the flag, the file and why, before anything runs.
func TestBenchUnwritableOutput(t *testing.T) {
	dir := t.TempDir()
	for _, flag := range []string{"--csv", "--json", "--plot"} {
		t.Run(flag, func(t *testing.T) {
			path := filepath.Join(dir, "missing", "out")
			r := runCSP(t, "", "bench", "--jobs", "1", "--warmup=false", flag, path, "testdata/bench/towers.txt")
			assert.Equal(t, 2, r.code)
			assert.Equal(t, "csp: bench: "+flag+" "+path+": no folder "+filepath.Dir(path)+"\nRun 'csp help' for usage.\n", r.stderr)
			assert.Empty(t, r.stdout, "nothing ran")
			_, err := os.Stat(path)
			assert.Error(t, err)
		})
	}
}

func TestPlural(t *testing.T) {
	tests := []struct {
		n    int64
		word string
		want string
	}{
		{0, "guess", "guesses"},
		{1, "guess", "guess"},
		{7, "guess", "guesses"},
		{1, "step", "step"},
		{2, "step", "steps"},
		{0, "node", "nodes"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.n, " ", tt.word), func(t *testing.T) {
			assert.Equal(t, tt.want, plural(tt.n, tt.word))
		})
	}
}

// badLevel names the problem whose ladder --up-to missed, as the usage
// error of needLadder does, not the subcommand.
func TestBadLevel(t *testing.T) {
	levels := []string{"singles", "hidden singles"}
	err := badLevel("sudoku", levels, "everything")
	require.Error(t, err)
	assert.Equal(t, `--up-to "everything": want a level of sudoku (1..2 or a name: singles, hidden singles), or none`, err.Error())
	for _, sub := range []string{"explain", "hint", "marks"} {
		assert.NotContains(t, err.Error(), sub)
	}
}

// The bench list flags: a bad value alone reads as solve's ("want ..."),
// a bad item of a longer list is named once, after the list.
func TestBenchListFlagMessages(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--restart-base", "0"}, `invalid value "0" for flag -restart-base: want a whole number >= 1`},
		{[]string{"--restart-base", "10,x"}, `invalid value "10,x" for flag -restart-base: "x" is not a whole number >= 1`},
		{[]string{"--learn-after", "0,x"}, `invalid value "0,x" for flag -learn-after: "x" is not a whole number >= 0`},
		{[]string{"--seed", "1,-2"}, `invalid value "1,-2" for flag -seed: "-2" is not a whole number`},
		{[]string{"--nogoods", "yes"}, `invalid value "yes" for flag -nogoods: want true or false`},
		{[]string{"--nogoods", "true,yes"}, `invalid value "true,yes" for flag -nogoods: "yes" is not one of true or false`},
		{[]string{"--var", ","}, `invalid value "," for flag -var: want one value or more, separated by commas`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runCSP(t, "", append([]string{"bench"}, append(tt.args, "missing.txt")...)...)
			assert.Equal(t, 2, r.code)
			assert.Equal(t, "csp: bench: "+tt.want+"\nRun 'csp help' for usage.\n", r.stderr)
		})
	}
}
