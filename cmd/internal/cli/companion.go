package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
)

// Some jobs are done by commands of their own, which csp runs: csp-plot
// draws bench's plots and csp-serve serves the workbench. Go initialises
// every package linked into a binary before main, on every run: the
// plotting library parses a dozen fonts, and an HTTP server brings net,
// crypto and TLS with it. Linked into csp, they would be paid at the start
// of every command, `csp solve` on one small puzzle included; in their own
// binaries they are paid when a plot is drawn or a server started.

// findCompanion returns the path of the command name: beside the running
// csp first (where go install and go build -o DIR ./cmd/... put them
// all), then on PATH.
func findCompanion(name string) (string, error) {
	file := name
	if runtime.GOOS == "windows" {
		file += ".exe"
	}
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), file)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	return "", errNoCompanion(name)
}

// errNoCompanion says the command name was found neither beside csp nor
// on PATH, and how to install it.
func errNoCompanion(name string) error {
	return fmt.Errorf("needs the %s command beside csp or on PATH (go install github.com/cspgo/csp/cmd/%s)", name, name)
}

// serveCommand is the workbench's command.
const serveCommand = "csp-serve"

// delegate runs the command name with args, its standard streams csp's,
// and returns its exit status: csp serve is csp-serve. When the streams
// are the process's own, on Unix, the command replaces csp (exec): a
// signal meant for csp serve, SIGTERM or SIGKILL, reaches the server, and
// none is left running without its parent. Otherwise (Windows, or streams
// of a caller's) it runs as a child; while it runs, csp ignores the
// interrupts a terminal sends to both (the command decides what an
// interrupt does: csp-serve shuts down cleanly and exits).
func delegate(name string, args []string, stdin io.Reader, stdout, stderr *Output) int {
	path, err := findCompanion(name)
	if err != nil {
		return UsageError(stderr, "%v", err)
	}
	if stdin == os.Stdin && stdout.w == os.Stdout && stderr.w == os.Stderr {
		err := replaceProcess(path, args) // returns only on failure
		if !errors.Is(err, errors.ErrUnsupported) {
			stderr.Printf("csp: %s: %v\n", name, err)
			return 1
		}
	}
	// A channel of its own (not signal.Ignore and Reset) leaves whatever
	// else listens for interrupts in this process as it was.
	swallow := make(chan os.Signal, 1)
	signal.Notify(swallow, os.Interrupt)
	defer signal.Stop(swallow)
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	case err != nil:
		stderr.Printf("csp: %s: %v\n", name, err)
		return 1
	}
	return 0
}
