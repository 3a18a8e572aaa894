package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// suite is four puzzles of the futoshiki suite: two plain, two adjacent.
const suite = `# a comment
4:0D,0,0,0,0D,0,0U,0L,0,0,0,0,0,0,0,0UL,
4:2R,0,0,0,0U,0,0,0D,0,0R,0,0,0,3,0,0U,
4a:0RD,0L,0RD,0L,0URD,0L,0URD,0L,1U,0RD,0UL,0D,0,0UR,1L,0U,
4a:0RD,1L,0R,0DL,0U,0RD,0DL,0U,0RD,0UL,0UR,0DL,0U,0R,0L,1U,
`

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		name  string
		k     string
		first string // the game ID of 1.txt
		count string
	}{
		{"all", "0", "4:0D,0,0,0,0D,0,0U,0L,0,0,0,0,0,0,0,0UL,", "4"},
		{"two, evenly spaced", "2", "4:0D,0,0,0,0D,0,0U,0L,0,0,0,0,0,0,0,0UL,", "2"},
		{"more than there are", "9", "4:0D,0,0,0,0D,0,0U,0L,0,0,0,0,0,0,0,0UL,", "4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var out, errOut bytes.Buffer
			require.NoError(t, run([]string{"-k", tc.k, "-o", dir}, strings.NewReader(suite), &out, &errOut))
			assert.Equal(t, tc.count+"\n", out.String())
			got, err := os.ReadFile(filepath.Join(dir, "1.txt"))
			require.NoError(t, err)
			assert.Equal(t, tc.first+"\n", string(got))
		})
	}
	// Two evenly spaced: the first and the third (an adjacent one).
	dir := t.TempDir()
	var out bytes.Buffer
	require.NoError(t, run([]string{"-k", "2", "-o", dir}, strings.NewReader(suite), &out, &out))
	got, err := os.ReadFile(filepath.Join(dir, "2.dzn"))
	require.NoError(t, err)
	assert.Equal(t, "n = 4;\nadjacent = true;\n"+
		"given = [| 0, 0, 0, 0 | 0, 0, 0, 0 | 1, 0, 0, 0 | 0, 0, 1, 0 |];\n"+
		"right = [| 3, 0, 3 | 3, 0, 3 | 0, 3, 0 | 0, 3, 0 |];\n"+
		"down = [| 3, 0, 3, 0 | 3, 0, 3, 0 | 0, 3, 0, 3 |];\n", string(got))
}

func TestRunErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		in   string
		want string
	}{
		{"no directory", nil, suite, "usage"},
		{"negative k", []string{"-k", "-1", "-o", "DIR"}, suite, "usage"},
		{"malformed puzzle", []string{"-o", "DIR"}, "4:0D,0,0\n", "standard input"},
		{"missing file", []string{"-o", "DIR", "no/such/file"}, "", "no/such/file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = strings.ReplaceAll(a, "DIR", dir)
			}
			var out bytes.Buffer
			err := run(args, strings.NewReader(tc.in), &out, &out)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
