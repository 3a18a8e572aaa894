package cli

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// bench --plot is drawn by csp-plot (cmd/csp-plot), a command of its own
// (see companion.go), from the runs as --json writes them.

// plotterName is the plotting command's name.
const plotterName = "csp-plot"

// errNoPlotter says csp-plot was found neither beside csp nor on PATH.
var errNoPlotter = errNoCompanion(plotterName)

// FindPlotter returns the path of csp-plot (see findCompanion).
func FindPlotter() (string, error) { return findCompanion(plotterName) }

// WriteBenchPlot has the plotter draw the runs into w: their --json form
// on its standard input, the SVG from its standard output. Its message
// on standard error, if it fails, is the error.
func WriteBenchPlot(w io.Writer, plotter string, configs []Configuration, files []BenchFile, results []BenchRun) error {
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

// SolvedTimes returns the times of the instances configuration ci
// solved, sorted: the points of its line in the cactus plot.
func SolvedTimes(results []BenchRun, ci int) []time.Duration {
	var ts []time.Duration
	for _, r := range results {
		if r.Config == ci && r.Status == Solved {
			ts = append(ts, r.Time)
		}
	}
	slices.Sort(ts)
	return ts
}
