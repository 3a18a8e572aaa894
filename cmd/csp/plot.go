package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// bench --plot is drawn by a command of its own, csp-plot
// (cmd/csp-plot), from the runs as --json writes them. Go initialises
// every package linked into a binary before main, and the plotting
// library's initialisation parses a dozen fonts: linked into csp, it would
// run at the start of every command, csp solve on one small puzzle
// included. In a binary of its own it runs only when a plot is drawn.

// plotterName is the plotting command's name.
const plotterName = "csp-plot"

// errNoPlotter says csp-plot was found neither beside csp nor on PATH.
var errNoPlotter = errors.New("needs the csp-plot command beside csp or on PATH (go install github.com/cspgo/csp/cmd/csp-plot)")

// findPlotter returns the path of csp-plot: beside the running csp first
// (where go install and go build -o DIR ./cmd/... put both), then on
// PATH.
func findPlotter() (string, error) {
	name := plotterName
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(plotterName); err == nil {
		return p, nil
	}
	return "", errNoPlotter
}

// writeBenchPlot has the plotter draw the runs into w: their --json form
// on its standard input, the SVG from its standard output. Its message
// on standard error, if it fails, is the error.
func writeBenchPlot(w io.Writer, plotter string, configs []configuration, files []benchFile, results []benchRun) error {
	var runs, msg bytes.Buffer
	if err := writeBenchJSON(&runs, configs, files, results); err != nil {
		return err
	}
	cmd := exec.Command(plotter)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = &runs, w, &msg
	if err := cmd.Run(); err != nil {
		if m := strings.TrimSpace(msg.String()); m != "" {
			return fmt.Errorf("drawing the plot: %s", m)
		}
		return fmt.Errorf("drawing the plot with %s: %w", plotter, err)
	}
	return nil
}

// solvedTimes returns the times of the instances configuration ci
// solved, sorted: the points of its line in the cactus plot.
func solvedTimes(results []benchRun, ci int) []time.Duration {
	var ts []time.Duration
	for _, r := range results {
		if r.config == ci && r.status == solved {
			ts = append(ts, r.time)
		}
	}
	slices.Sort(ts)
	return ts
}
