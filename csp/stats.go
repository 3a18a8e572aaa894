package csp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Stats counts what a search did, with the names MiniZinc uses (Trailed,
// "trailed", is this engine's own). Counting is always on: every counter
// is a plain increment on a path that already does more work.
type Stats struct {
	Nodes        int64         // search nodes entered by a branching decision (the root is not one)
	Failures     int64         // nodes where propagation failed
	Propagations int64         // propagator runs
	PeakDepth    int           // deepest decision level reached
	Restarts     int64         // restarts performed
	Solutions    int64         // solutions found
	Trailed      int64         // levels saved by trailing: all under Trailing; under Copying, those past the copy budget
	SolveTime    time.Duration // wall time of the search, propagation at the root included
	// Breadth-first search only (see BFS): Widths[d] is the number of
	// open nodes d decisions below the root that the frontier saved (the
	// width of level d), PeakFrontier the most open nodes it held at once
	// and PeakFrontierBytes their saved domains' size. Widths is nil for
	// a depth-first search.
	Widths            []int64
	PeakFrontier      int64
	PeakFrontierBytes int64
	// Clause learning (Options.Learn LearnClauses): Conflicts are the
	// failures analysed, LearnedClauses and LearnedLiterals the clauses
	// learned and their literals (the blocking clauses of a count's first
	// solutions not counted), Backjumps the jumps back over more than one level,
	// DeletedClauses those the database dropped. LearnOff says why a
	// search asked to learn clauses did not (an interval domain), "" when
	// it did or was not asked. Clauses says the search learned clauses.
	// ImportedClauses counts the clauses a member of a portfolio took
	// from the others (see RunPortfolio).
	Clauses         bool
	ImportedClauses int64
	Conflicts       int64
	LearnedClauses  int64
	LearnedLiterals int64
	Backjumps       int64
	DeletedClauses  int64
	LearnOff        string
	// LocalMoves counts the moves of a local search run beside the search
	// on the same instance, in the slices between the search's (Latin
	// squares: problems/latin.LocalSearch); LocalSolved says that the local
	// search found the solution. LocalClashes is the fewest violations
	// (Latin squares: pairs of cells of a column holding one symbol) of
	// any assignment the local search made, 0 once it solved: on an
	// instance left unanswered, how near the local search came.
	LocalMoves   int64
	LocalSolved  bool
	LocalClashes int
	// Propagators has one entry per propagator kind, in order of first post.
	Propagators []KindStats
}

// learning reports whether the statistics have clause learning to show.
func (st Stats) learning() bool {
	return st.Clauses || st.LearnOff != ""
}

// LearnedLength returns the average length of the learned clauses (0
// with none).
func (st Stats) LearnedLength() float64 {
	if st.LearnedClauses == 0 {
		return 0
	}
	return float64(st.LearnedLiterals) / float64(st.LearnedClauses)
}

// KindStats are the counters of all propagators of one kind.
type KindStats struct {
	Kind     string `json:"kind"`     // e.g. "alldiff/gac"
	Count    int    `json:"count"`    // propagators of this kind in the model
	Runs     int64  `json:"runs"`     // times run
	Removed  int64  `json:"removed"`  // values removed
	Failures int64  `json:"failures"` // failures caused
}

// MarshalJSON writes the statistics with MiniZinc's names; solveTime is in
// seconds.
func (st Stats) MarshalJSON() ([]byte, error) {
	type kind struct {
		Kind     string `json:"kind"`
		Count    int    `json:"count"`
		Runs     int64  `json:"runs"`
		Removed  int64  `json:"removed"`
		Failures int64  `json:"failures"`
	}
	out := struct {
		Nodes        int64   `json:"nodes"`
		Failures     int64   `json:"failures"`
		Propagations int64   `json:"propagations"`
		PeakDepth    int     `json:"peakDepth"`
		Restarts     int64   `json:"restarts"`
		Solutions    int64   `json:"solutions"`
		Trailed      int64   `json:"trailed"`
		SolveTime    float64 `json:"solveTime"`
		Conflicts    int64   `json:"conflicts,omitempty"`
		Learned      int64   `json:"learnedClauses,omitempty"`
		Length       float64 `json:"learnedLength,omitempty"`
		Backjumps    int64   `json:"backjumps,omitempty"`
		Deleted      int64   `json:"deletedClauses,omitempty"`
		Imported     int64   `json:"importedClauses,omitempty"`
		LearnOff     string  `json:"learnOff,omitempty"`
		LocalMoves   int64   `json:"localMoves,omitempty"`
		LocalSolved  bool    `json:"localSolved,omitempty"`
		LocalClashes int     `json:"localClashes,omitempty"`
		Widths       []int64 `json:"widths,omitempty"`
		PeakFrontier int64   `json:"peakFrontier,omitempty"`
		PeakBytes    int64   `json:"peakFrontierBytes,omitempty"`
		Propagators  []kind  `json:"propagators,omitempty"`
	}{st.Nodes, st.Failures, st.Propagations, st.PeakDepth, st.Restarts, st.Solutions, st.Trailed, st.SolveTime.Seconds(),
		st.Conflicts, st.LearnedClauses, st.LearnedLength(), st.Backjumps, st.DeletedClauses, st.ImportedClauses, st.LearnOff,
		st.LocalMoves, st.LocalSolved, st.LocalClashes, st.Widths, st.PeakFrontier, st.PeakFrontierBytes, nil}
	for _, k := range st.Propagators {
		out.Propagators = append(out.Propagators, kind(k))
	}
	return json.Marshal(out)
}

// String formats the statistics as name=value lines, one counter per line
// with MiniZinc's names (after clause learning also conflicts,
// learnedClauses, learnedLength, the average, backjumps, deletedClauses,
// importedClauses when a portfolio member took some, and learnOff when
// it was off; after a local search beside the search, localMoves,
// localSolved and localClashes; after a breadth-first search also its frontier:
// peakFrontier, peakFrontierBytes and widths, the widths of the levels
// separated by commas), then one line per propagator kind. (MiniZinc
// prefixes such lines with "%%%mzn-stat: "; callers that mix them with
// solutions add a prefix of their own.)
func (st Stats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "nodes=%d\nfailures=%d\npropagations=%d\npeakDepth=%d\nrestarts=%d\nsolutions=%d\ntrailed=%d\nsolveTime=%.6f\n",
		st.Nodes, st.Failures, st.Propagations, st.PeakDepth, st.Restarts, st.Solutions, st.Trailed, st.SolveTime.Seconds())
	if st.learning() {
		fmt.Fprintf(&b, "conflicts=%d\nlearnedClauses=%d\nlearnedLength=%.2f\nbackjumps=%d\ndeletedClauses=%d\n",
			st.Conflicts, st.LearnedClauses, st.LearnedLength(), st.Backjumps, st.DeletedClauses)
		if st.ImportedClauses > 0 {
			fmt.Fprintf(&b, "importedClauses=%d\n", st.ImportedClauses)
		}
		if st.LearnOff != "" {
			fmt.Fprintf(&b, "learnOff=%s\n", st.LearnOff)
		}
	}
	if st.LocalMoves > 0 {
		fmt.Fprintf(&b, "localMoves=%d\nlocalSolved=%t\nlocalClashes=%d\n", st.LocalMoves, st.LocalSolved, st.LocalClashes)
	}
	if st.Widths != nil {
		fmt.Fprintf(&b, "peakFrontier=%d\npeakFrontierBytes=%d\nwidths=", st.PeakFrontier, st.PeakFrontierBytes)
		for d, w := range st.Widths {
			if d > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.FormatInt(w, 10))
		}
		b.WriteByte('\n')
	}
	for _, k := range st.Propagators {
		fmt.Fprintf(&b, "propagator %s: count=%d runs=%d removed=%d failures=%d\n", k.Kind, k.Count, k.Runs, k.Removed, k.Failures)
	}
	return b.String()
}

// kindStats sums the space's per-propagator counters by kind, in buf's
// array when it has room.
func (s *Space) kindStats(buf []KindStats) []KindStats {
	out := buf[:0]
	if cap(buf) < len(s.kinds) {
		out = make([]KindStats, 0, len(s.kinds))
	}
	for _, k := range s.kinds {
		out = append(out, KindStats{Kind: k})
	}
	for p := range s.props {
		k := &out[s.kind[p]]
		k.Count++
		k.Runs += s.runs[p]
		k.Removed += s.pruned[p]
		k.Failures += s.failures[p]
	}
	return out
}

// typeName is the default kind of a propagator: its Go type.
func typeName(p Propagator) string {
	return strings.TrimPrefix(fmt.Sprintf("%T", p), "*")
}

// Merge adds o, the statistics of another search that worked on the same
// problem (a stage before this one, on another model, say), to st:
// counters and times summed, PeakDepth the deeper, and the per-kind
// counters summed kind by kind by name (Count the larger: each search's
// model has its own), a kind only o has added after st's. The kinds are a
// new array: st's, shared with a search that reuses it (Search.RunInto),
// is left as it was.
func (st *Stats) Merge(o Stats) {
	kinds := make([]KindStats, len(st.Propagators), len(st.Propagators)+len(o.Propagators))
	copy(kinds, st.Propagators)
	depth, theirs := st.PeakDepth, o.Propagators
	st.Propagators, o.Propagators = nil, nil
	st.add(o, 0)
	st.PeakDepth = max(depth, o.PeakDepth)
	st.SolveTime += o.SolveTime
	for _, k := range theirs {
		i := slices.IndexFunc(kinds, func(m KindStats) bool { return m.Kind == k.Kind })
		if i < 0 {
			kinds = append(kinds, k)
			continue
		}
		kinds[i].Count = max(kinds[i].Count, k.Count)
		kinds[i].Runs += k.Runs
		kinds[i].Removed += k.Removed
		kinds[i].Failures += k.Failures
	}
	st.Propagators = kinds
}
