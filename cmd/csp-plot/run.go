package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/cspgo/csp/internal/benchrec"
	"github.com/cspgo/csp/internal/textio"
)

// usage is the text of csp-plot -h.
const usage = `usage: csp-plot [FILE|-] > runs.svg
FILE (default: standard input) holds csp bench's --json output; the SVG goes to standard output.
`

// errRecord is the sentinel of a line that is not a bench record.
var errRecord = errors.New("csp-plot: not a csp bench --json record")

// run is the whole command: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help"):
		_, _ = io.WriteString(stdout, usage)
		return 0
	case len(args) > 1 || len(args) == 1 && strings.HasPrefix(args[0], "-") && args[0] != "-":
		_, _ = fmt.Fprintf(stderr, "csp-plot: want at most one FILE (- for standard input), got %q\n%s", args, usage)
		return 2
	}
	in, name := stdin, "standard input"
	if len(args) == 1 && args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			_, _ = fmt.Fprintf(stderr, "csp-plot: %v\n", err)
			return 1
		}
		defer func() { _ = f.Close() }() // only read: a failed Close loses nothing
		in, name = f, args[0]
	}
	configs, runs, err := readRuns(in)
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "csp-plot: %s: %v\n", name, err)
		return 1
	}
	if err := writePlot(stdout, configs, runs); err != nil {
		_, _ = fmt.Fprintf(stderr, "csp-plot: %v\n", err)
		return 1
	}
	return 0
}

// benchRun is what the plots show of a run: its configuration (an index
// into the names readRuns returns), status, time and propagator counters.
type benchRun struct {
	config int
	solved bool
	time   time.Duration
	kinds  []kindRuns
}

// kindRuns is how often the propagators of one kind ran.
type kindRuns struct {
	kind string
	runs float64
}

// readRuns reads bench records, one JSON object per line (blank lines
// skipped), and returns the configurations' names in order of first
// appearance (csp bench writes the runs configuration by configuration)
// and the runs. The first malformed line is the error, a *textio.ParseError
// naming it.
func readRuns(r io.Reader) (configs []string, runs []benchRun, err error) {
	for l, err := range textio.Lines(r, textio.Options{TooLong: errRecord}) {
		if err != nil {
			return nil, nil, err
		}
		if l.Blank() {
			continue
		}
		var rec benchrec.Record
		if err := json.Unmarshal(l.Text, &rec); err != nil {
			return nil, nil, &textio.ParseError{Line: l.No, Detail: textio.JSONDetail(err), Err: errRecord}
		}
		if rec.Config == "" || rec.Status == "" || rec.Time < 0 {
			return nil, nil, &textio.ParseError{Line: l.No, Err: errRecord,
				Detail: "want a config, a status and a time of at least 0 seconds"}
		}
		ci := slices.Index(configs, rec.Config)
		if ci < 0 {
			ci = len(configs)
			configs = append(configs, rec.Config)
		}
		run := benchRun{config: ci, solved: rec.Status == benchrec.Solved,
			time: time.Duration(min(rec.Time, float64(1<<62)/1e9) * 1e9)}
		for _, k := range rec.Propagators {
			run.kinds = append(run.kinds, kindRuns{kind: k.Kind, runs: float64(k.Runs)})
		}
		runs = append(runs, run)
	}
	return configs, runs, nil
}
