//go:build unix

package cli

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A second interrupt ends the program at once, even when what the first
// one stopped has not finished: the test runs itself as a child that
// takes the first interrupt and then hangs on.
func TestSecondInterruptKills(t *testing.T) {
	if os.Getenv("CSP_TEST_SECOND_INTERRUPT") == "1" {
		ctx, cancel := interruptible()
		defer cancel()
		fmt.Println("ready")
		<-ctx.Done()
		fmt.Println("first")
		time.Sleep(time.Minute) // a stage that does not look at ctx
		os.Exit(0)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSecondInterruptKills$")
	cmd.Env = append(os.Environ(), "CSP_TEST_SECOND_INTERRUPT=1")
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	lines := bufio.NewScanner(out)
	require.True(t, lines.Scan())
	require.Equal(t, "ready", lines.Text())
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	require.True(t, lines.Scan())
	require.Equal(t, "first", lines.Text(), "the first interrupt ends the context")
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	err = cmd.Wait()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "%v", err)
	ws, ok := exit.Sys().(syscall.WaitStatus)
	require.True(t, ok)
	assert.True(t, ws.Signaled(), "killed by the second interrupt, not ended on its own")
	assert.Equal(t, syscall.SIGINT, ws.Signal())
}
