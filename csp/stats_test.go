package csp_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/cspgo/csp/csp"
)

// TestStatsMerge: counters and times add up, the peak depth is the
// deeper, per-kind counters add up by kind name (the larger count of
// propagators), a kind of the second search only comes after the first's,
// and the first's array of kinds is left as it was.
func TestStatsMerge(t *testing.T) {
	kinds := []csp.KindStats{{Kind: "alldiff/auto", Count: 66, Runs: 10, Removed: 20, Failures: 1}}
	st := csp.Stats{Nodes: 5, Failures: 3, Propagations: 7, PeakDepth: 9, Restarts: 1, SolveTime: time.Second, LocalMoves: 6, LocalClashes: 4, Propagators: kinds}
	o := csp.Stats{Nodes: 2, Failures: 4, Propagations: 1, PeakDepth: 4, Solutions: 1, SolveTime: 2 * time.Second,
		Clauses: true, Conflicts: 4, LearnedClauses: 4, LearnedLiterals: 40, Backjumps: 1, DeletedClauses: 2,
		LocalMoves: 9, LocalSolved: true,
		Propagators: []csp.KindStats{{Kind: "clauses", Count: 1, Runs: 3}, {Kind: "alldiff/auto", Count: 105, Runs: 1, Removed: 2, Failures: 3}}}
	st.Merge(o)
	assert.Equal(t, csp.Stats{Nodes: 7, Failures: 7, Propagations: 8, PeakDepth: 9, Restarts: 1, Solutions: 1, SolveTime: 3 * time.Second,
		Clauses: true, Conflicts: 4, LearnedClauses: 4, LearnedLiterals: 40, Backjumps: 1, DeletedClauses: 2,
		LocalMoves: 15, LocalSolved: true,
		Propagators: []csp.KindStats{{Kind: "alldiff/auto", Count: 105, Runs: 11, Removed: 22, Failures: 4}, {Kind: "clauses", Count: 1, Runs: 3}}}, st)
	assert.Equal(t, []csp.KindStats{{Kind: "alldiff/auto", Count: 66, Runs: 10, Removed: 20, Failures: 1}}, kinds, "the first's kinds untouched")
	near := csp.Stats{LocalMoves: 5, LocalClashes: 3}
	near.Merge(csp.Stats{Nodes: 1}) // no local search: not a nearer one
	assert.Equal(t, 3, near.LocalClashes)
	none := csp.Stats{Nodes: 1}
	none.Merge(csp.Stats{LocalMoves: 2, LocalClashes: 7})
	assert.Equal(t, 7, none.LocalClashes, "the only local search's")
	deeper := csp.Stats{PeakDepth: 2}
	deeper.Merge(csp.Stats{PeakDepth: 8})
	assert.Equal(t, 8, deeper.PeakDepth)
}

// TestStatsLocal: the local search's counters show in both formats only
// when a local search ran.
func TestStatsLocal(t *testing.T) {
	st := csp.Stats{Nodes: 3, LocalMoves: 1200, LocalSolved: true}
	assert.Contains(t, st.String(), "localMoves=1200\nlocalSolved=true\nlocalClashes=0\n")
	b, err := st.MarshalJSON()
	assert.NoError(t, err)
	assert.Contains(t, string(b), `"localMoves":1200,"localSolved":true`)
	assert.NotContains(t, string(b), "localClashes")
	near := csp.Stats{Nodes: 3, LocalMoves: 900, LocalClashes: 2}
	assert.Contains(t, near.String(), "localMoves=900\nlocalSolved=false\nlocalClashes=2\n")
	b, err = near.MarshalJSON()
	assert.NoError(t, err)
	assert.Contains(t, string(b), `"localMoves":900,"localClashes":2`)
	none := csp.Stats{Nodes: 3}
	assert.NotContains(t, none.String(), "local")
	b, err = none.MarshalJSON()
	assert.NoError(t, err)
	assert.NotContains(t, string(b), "local")
}
