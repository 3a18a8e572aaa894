// Package benchrec is the JSON form of one run of csp bench: one line of
// its --json output. The command writes it and csp-plot reads it, so the
// two share the type rather than two copies of its field names.
package benchrec

import "github.com/cspgo/csp/csp"

// Record is one instance run under one configuration. Its keys are the
// format's (docs/BENCHMARKS.md), MiniZinc's statistic names where they
// exist.
type Record struct {
	Config       string            `json:"config"`   // the configuration's name, "default" without dimensions
	Settings     map[string]string `json:"settings"` // flag -> value of the configuration
	Problem      string            `json:"problem"`
	File         string            `json:"file"`
	Instance     int               `json:"instance"` // 1-based index in its file (a FlatZinc file holds one)
	Line         int               `json:"line"`     // where the instance starts in its file
	Status       string            `json:"status"`   // Solved, or another of csp solve's statuses
	Time         float64           `json:"time"`     // seconds: the median of the repeats
	Nodes        int64             `json:"nodes"`
	Failures     int64             `json:"failures"`
	Propagations int64             `json:"propagations"`
	PeakDepth    int               `json:"peakDepth"`
	Restarts     int64             `json:"restarts"`
	Solutions    int64             `json:"solutions"`
	Propagators  []csp.KindStats   `json:"propagators,omitempty"` // per kind, in order of first post
	Error        string            `json:"error,omitempty"`
	// An optimisation model's (FlatZinc): the best objective value found
	// (absent: none found) and whether the search proved it optimal
	// (Status is then Solved). Both absent for satisfaction models.
	Objective *int64 `json:"objective,omitempty"`
	Optimal   *bool  `json:"optimal,omitempty"`
}

// Solved is the Status of a run that found a solution (or counted every
// one): the runs a cactus plot shows.
const Solved = "solved"
