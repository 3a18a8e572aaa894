//go:build unix

package cli

import (
	"bufio"
	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestServeKilledLeavesNoServer: csp serve is csp-serve in csp's own
// process, so SIGKILL sent to the process csp started as stops the
// server: its address refuses connections afterwards (a child left
// running would still serve). Skipped with -short: it builds both
// commands.
func TestServeKilledLeavesNoServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds csp and csp-serve")
	}
	dir := t.TempDir()
	for _, c := range []string{"csp", "csp-serve"} {
		out, err := exec.Command("go", "build", "-o", filepath.Join(dir, c), "github.com/cspgo/csp/cmd/"+c).CombinedOutput()
		require.NoError(t, err, "go build %s: %s", c, out)
	}
	cmd := exec.Command(filepath.Join(dir, "csp"), "serve", "--addr", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	_, url, ok := strings.Cut(strings.TrimSpace(line), "listening on http://")
	require.True(t, ok, "first line: %q", line)
	addr := strings.TrimSuffix(url, "/")
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	require.NoError(t, err, "the server answers at %s", addr)
	conn.Close()
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	_ = cmd.Wait()
	_, err = net.DialTimeout("tcp", addr, time.Second)
	require.Error(t, err, "nothing serves %s once csp serve is killed", addr)
}
