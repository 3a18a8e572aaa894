package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cspgo/csp/csp"
)

// The summary's first line counts each outcome once: a count stopped with
// two solutions or more is multiple (its verdict is known, its count is
// not), with those stopped at --limit said apart; one stopped with fewer
// stays unknown.
func TestSummaryCounts(t *testing.T) {
	count := func(status string, sols int64, stopped csp.Stop) *outcome {
		return &outcome{Status: status, ran: true, capped: stopped == csp.SolutionLimit,
			Res: csp.Result{Solutions: sols, Stopped: stopped, Complete: status != Unknown}}
	}
	cases := []struct {
		name     string
		outcomes []*outcome
		want     string
	}{
		{"no multiple", []*outcome{count(Solved, 1, 0), count(Unsatisfiable, 0, 0)},
			"% 2 instances: 1 solved, 1 unsatisfiable, 0 unknown, 0 errors"},
		{"at --limit 2", []*outcome{count(Unknown, 2, csp.SolutionLimit), count(Unknown, 2, csp.SolutionLimit), count(Solved, 1, 0)},
			"% 3 instances: 1 solved, 0 unsatisfiable, 2 multiple (2 at --limit 2), 0 unknown, 0 errors"},
		{"one found at the limit", []*outcome{count(Unknown, 1, csp.SolutionLimit), count(Unknown, 2, csp.SolutionLimit)},
			"% 2 instances: 0 solved, 0 unsatisfiable, 1 multiple (1 at --limit 2), 1 unknown (1 at --limit 2), 0 errors"},
		{"another limit", []*outcome{count(Unknown, 5, csp.NodeLimit), count(Unknown, 0, csp.NodeLimit), {Status: Failed}},
			"% 3 instances: 0 solved, 0 unsatisfiable, 1 multiple, 1 unknown, 1 error"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s summary
			for _, o := range c.outcomes {
				s.Add(o)
			}
			var b bytes.Buffer
			s.write(NewOutput(&b), &Config{limit: 2, Jobs: 1}, 0, "in.txt")
			first, _, _ := strings.Cut(b.String(), "\n")
			assert.Equal(t, c.want, first)
		})
	}
}
