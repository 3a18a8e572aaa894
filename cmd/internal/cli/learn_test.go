package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLearnFlag: --learn clauses counts what --learn none counts (every
// solution, a clash proved unsatisfiable), solve prints the learning
// statistics with --stats, and a bad name is refused with the choices.
func TestLearnFlag(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		args        []string
		human       string
	}{
		{"4x4", "4\n" + strings.Repeat("0 0 0 0\n", 4), nil, "576 solutions (multiple), complete"},
		{"4x4 activity", "4\n" + strings.Repeat("0 0 0 0\n", 4), []string{"--var", "activity", "--restarts", "luby", "--restart-base", "2"}, "576 solutions (multiple), complete"},
		{"holes", "5\n1 0 0 0 5\n0 0 0 0 0\n0 0 5 0 0\n0 0 0 0 0\n5 0 0 0 1\n", []string{"--alldiff", "value", "--model", "rowcol"}, ""},
		{"none", "2\n1 0\n0 2\n", nil, "unsatisfiable: 0 solutions (none), complete"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"count", "latin", "-"}, tc.args...)
			off := runCSP(t, tc.input, append(args, "--learn", "none")...)
			on := runCSP(t, tc.input, append(args, "--learn", "clauses")...)
			assert.Equal(t, off.code, on.code, on.stderr)
			assert.Equal(t, normalise(off.stdout), normalise(on.stdout))
			if tc.human != "" {
				assert.Contains(t, on.stdout, tc.human)
			}
		})
	}
	r := runCSP(t, "3\n1 0 0\n0 0 0\n0 0 0\n", "solve", "latin", "-", "--learn", "clauses", "--stats")
	require.Equal(t, 0, r.code, r.stderr)
	for _, stat := range []string{"conflicts=", "learnedClauses=", "learnedLength=", "backjumps=", "deletedClauses="} {
		assert.Contains(t, r.stdout, stat)
	}
	r = runCSP(t, "", "solve", "latin", "-", "--learn", "clause")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `want none, nogoods or clauses`)
}
