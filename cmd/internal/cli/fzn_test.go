package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pigeons is FlatZinc for n pigeons in n-1 holes with pairwise
// disequalities: no solution, and a search tree exponential in n.
func pigeons(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "var 1..%d: p%d :: output_var;\n", n-1, i)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			fmt.Fprintf(&b, "constraint int_ne(p%d, p%d);\n", i, j)
		}
	}
	b.WriteString("solve :: int_search([")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "p%d", i)
	}
	b.WriteString("], input_order, indomain_min, complete) satisfy;\n")
	return b.String()
}

// TestFznTimeLimit: -t stops a search that cannot finish, which ends as
// =====UNKNOWN=====, status 0, soon after the limit.
func TestFznTimeLimit(t *testing.T) {
	var stdout, stderr strings.Builder
	start := time.Now()
	status := Run([]string{"fzn", "-t", "100", "-s", "-"}, strings.NewReader(pigeons(14)), &stdout, &stderr)
	elapsed := time.Since(start)
	assert.Equal(t, 0, status, stderr.String())
	assert.True(t, strings.HasPrefix(stdout.String(), "=====UNKNOWN=====\n"), stdout.String())
	assert.Contains(t, stdout.String(), "%%%mzn-stat: solutions=0")
	assert.Less(t, elapsed, 5*time.Second)
	// A small one finishes: unsatisfiable.
	stdout.Reset()
	status = Run([]string{"fzn", "-"}, strings.NewReader(pigeons(5)), &stdout, &stderr)
	assert.Equal(t, 0, status)
	assert.Equal(t, "=====UNSATISFIABLE=====\n", stdout.String())
}

// TestFznTimeLimitReading: -t also ends a read that does not end, an
// input that stops arriving (a pipe left open) halfway through a model:
// =====UNKNOWN=====, status 0, where the command waited for the rest.
func TestFznTimeLimitReading(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	go func() { _, _ = io.WriteString(w, "var 1..3: x :: output_var;\n") }()
	var stdout, stderr strings.Builder
	status := Run([]string{"fzn", "-t", "100", "-"}, r, &stdout, &stderr)
	assert.Equal(t, 0, status, stderr.String())
	assert.Equal(t, "=====UNKNOWN=====\n", stdout.String())
	assert.Empty(t, stderr.String())
}

// TestFznParallel: -p gives a solution the checker accepted, the same for
// any number of workers.
func TestFznParallel(t *testing.T) {
	var first string
	for _, workers := range []string{"2", "3"} {
		var stdout, stderr strings.Builder
		status := Run([]string{"fzn", "-p", workers, "testdata/fzn/queens6.fzn"}, nil, &stdout, &stderr)
		require.Equal(t, 0, status, stderr.String())
		assert.True(t, strings.HasSuffix(stdout.String(), "----------\n"), stdout.String())
		if first == "" {
			first = stdout.String()
		}
		assert.Equal(t, first, stdout.String())
	}
}

// TestFznInstall: --install DIR writes the solver configuration MiniZinc
// reads, the library and the launcher of this binary.
func TestFznInstall(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr strings.Builder
	status := Run([]string{"fzn", "--install", dir}, nil, &stdout, &stderr)
	require.Equal(t, 0, status, stderr.String())
	assert.Contains(t, stdout.String(), "minizinc --solver csp")
	b, err := os.ReadFile(filepath.Join(dir, "csp.msc"))
	require.NoError(t, err)
	var msc struct {
		ID, Mznlib, Executable string
		StdFlags               []string
		SupportsFzn            bool
	}
	require.NoError(t, json.Unmarshal(b, &msc))
	assert.Equal(t, "org.cspgo.csp", msc.ID)
	assert.Equal(t, []string{"-a", "-n", "-i", "-f", "-s", "-t", "-p", "-r"}, msc.StdFlags)
	assert.True(t, msc.SupportsFzn)
	for _, f := range []string{"fzn_all_different_int.mzn", "fzn_table_int.mzn", "fzn_inverse.mzn"} {
		assert.FileExists(t, filepath.Join(msc.Mznlib, f))
	}
	launcher, err := os.ReadFile(msc.Executable)
	require.NoError(t, err)
	self, err := os.Executable()
	require.NoError(t, err)
	self, err = filepath.EvalSymlinks(self)
	require.NoError(t, err)
	assert.Contains(t, string(launcher), "exec '"+self+"' fzn \"$@\"")
	info, err := os.Stat(msc.Executable)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&0o100, "the launcher is executable")

	// A second argument is a usage error.
	status = Run([]string{"fzn", "--install", dir, "other"}, nil, &stdout, &stderr)
	assert.Equal(t, 2, status)
}
