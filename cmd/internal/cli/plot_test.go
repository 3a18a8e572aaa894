package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/cmd/internal/clitest"
)

// withPlotter puts csp-plot on PATH for the rest of the test, as go
// install would put it beside csp.
func withPlotter(t *testing.T) {
	t.Helper()
	clitest.OnPath(t, "csp-plot")
}

// Without csp-plot, --plot is a usage error that says what to install,
// before anything runs; the other outputs do not need it.
func TestBenchPlotNeedsThePlotter(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	svg := filepath.Join(t.TempDir(), "runs.svg")
	r := runCSP(t, "", "bench", "--warmup=false", "--plot", svg, "testdata/bench/towers.txt")
	assert.Equal(t, 2, r.code)
	assert.Equal(t, "csp: bench: --plot "+errNoPlotter.Error()+"\nRun 'csp help' for usage.\n", r.stderr)
	assert.Empty(t, r.stdout, "nothing ran")
	_, err := os.Stat(svg)
	assert.True(t, os.IsNotExist(err), "no plot written")

	r = runCSP(t, "", "bench", "--warmup=false", "--json", filepath.Join(t.TempDir(), "runs.json"), "testdata/bench/towers.txt")
	assert.Equal(t, 0, r.code, r.stderr)
}

// A plotter that fails: its message is the error, the plot file is left
// as it was, and the status is 1.
func TestBenchPlotterFails(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh to stand for a failing csp-plot")
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "csp-plot"), []byte("#!/bin/sh\necho 'csp-plot: broken' >&2\nexit 1\n"), 0o755))
	t.Setenv("PATH", dir)
	svg := filepath.Join(t.TempDir(), "runs.svg")
	r := runCSP(t, "", "bench", "--warmup=false", "--plot", svg, "testdata/bench/towers.txt")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "csp: bench: --plot "+svg+": drawing the plot: csp-plot: broken (the file is left as it was)\n")
	_, err := os.Stat(svg)
	assert.True(t, os.IsNotExist(err), "no plot written")
}
