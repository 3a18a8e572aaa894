package flatzinc

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"
)

// The lines of the FlatZinc specification's output that are not
// solutions: the end of each solution and the status that ends a run.
const (
	solutionEnd  = "----------\n"
	completeLine = "==========\n"
	unsatLine    = "=====UNSATISFIABLE=====\n"
	unknownLine  = "=====UNKNOWN=====\n"
	statEndLine  = "%%%mzn-stat-end\n"
	statPrefix   = "%%%mzn-stat: "
)

// Stream runs Solve under s and writes every solution to w as the
// FlatZinc specification says, as it is found: its outputs
// (WriteSolution), then the line "----------". A failed write stops the
// search and is the error, unless Solve has one of its own.
func Stream(ctx context.Context, w io.Writer, p *Problem, s Settings) (Report, error) {
	var werr error
	rep, err := Solve(ctx, p, s, func(values []int) bool {
		if werr = p.WriteSolution(w, values); werr == nil {
			_, werr = io.WriteString(w, solutionEnd)
		}
		return werr == nil
	})
	if err == nil {
		err = werr
	}
	return rep, err
}

// WriteStatus writes the line that ends the output of a run of a model
// with goal, after the run that gave rep under s, as the FlatZinc
// specification says: "=====UNSATISFIABLE=====" when the search proved
// there is no solution; "==========" when it was complete and every
// solution asked for was written (with All or Solutions, or the optimum
// of an optimisation model); "=====UNKNOWN=====" when it found none and
// proved nothing (the zero Report: stopped before the model was built);
// nothing when it found solutions and stopped before the end.
func WriteStatus(w io.Writer, goal Goal, rep Report, s Settings) error {
	var line string
	switch {
	case rep.Complete && rep.Solutions == 0:
		line = unsatLine
	case rep.Complete && (s.All || s.Solutions > 0 || goal != Satisfy):
		line = completeLine
	case rep.Solutions == 0:
		line = unknownLine
	default:
		return nil
	}
	_, err := io.WriteString(w, line)
	return err
}

// WriteStats writes the statistics of the run that gave rep as MiniZinc's
// "%%%mzn-stat: name=value" lines, with MiniZinc's names (times in
// seconds; init is the time reading and building the model took), the
// objective of an optimisation that found a solution, the learning's
// counters when it learnt clauses, then "%%%mzn-stat-end" and the notes on
// the annotations (Notes), one "% note:" line each.
func (p *Problem) WriteStats(w io.Writer, rep Report, init time.Duration) error {
	st := rep.Stats
	var b strings.Builder
	stat := func(name string, v any) { fmt.Fprintf(&b, "%s%s=%v\n", statPrefix, name, v) }
	stat("initTime", fmt.Sprintf("%.6f", init.Seconds()))
	stat("solveTime", fmt.Sprintf("%.6f", st.SolveTime.Seconds()))
	stat("checkTime", fmt.Sprintf("%.6f", rep.OutputTime.Seconds()))
	stat("solutions", rep.Solutions)
	if p.Goal != Satisfy && rep.Solutions > 0 {
		stat("objective", rep.Objective)
	}
	stat("variables", p.Model.NumVars())
	stat("propagators", p.Model.NumPropagators())
	stat("propagations", st.Propagations)
	stat("nodes", st.Nodes)
	stat("failures", st.Failures)
	stat("restarts", st.Restarts)
	stat("peakDepth", st.PeakDepth)
	if st.Clauses {
		stat("nogoods", st.LearnedClauses)
		stat("backjumps", st.Backjumps)
		stat("conflicts", st.Conflicts)
		stat("learnedClauses", st.LearnedClauses)
		stat("learnedLength", fmt.Sprintf("%.2f", st.LearnedLength()))
	}
	b.WriteString(statEndLine)
	for _, n := range p.Notes {
		fmt.Fprintf(&b, "%% note: %s\n", n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
