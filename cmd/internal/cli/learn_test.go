package cli

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/latin"
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

// TestLearnAfterFlag: latin learns from the failure that spends
// --learn-after on (conflicts counted, fewer than the failures by the
// budget), not before it, not with --learn none, and learns from the
// start when --learn clauses is given alone; a negative budget is a usage
// error, and a portfolio member takes the flag.
func TestLearnAfterFlag(t *testing.T) {
	const file = "../../../problems/latin/testdata/gomes/qwh.order30.holes316.txt"
	stat := func(out, name string) (int64, bool) {
		for line := range strings.Lines(out) {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "%%%mzn-stat: "+name+"="); ok {
				n, err := strconv.ParseInt(v, 10, 64)
				require.NoError(t, err, line)
				return n, true
			}
		}
		return 0, false
	}
	for _, tc := range []struct {
		name  string
		args  []string
		after int64 // the failures before learning; -1: no learning
	}{
		{"budget spent", []string{"--learn-after", "10"}, 10},
		{"budget not spent", []string{"--learn-after", "1000000"}, -1},
		{"learn none", []string{"--learn", "none", "--learn-after", "10"}, -1},
		{"learn clauses alone", []string{"--learn", "clauses"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCSP(t, "", append([]string{"solve", "latin", file, "--stats"}, tc.args...)...)
			require.Equal(t, 0, r.code, r.stderr)
			failures, ok := stat(r.stdout, "failures")
			require.True(t, ok, r.stdout)
			conflicts, learned := stat(r.stdout, "conflicts")
			if tc.after < 0 {
				assert.False(t, learned && conflicts > 0, "learned: %s", r.stdout)
				return
			}
			require.True(t, learned, r.stdout)
			assert.Positive(t, conflicts)
			assert.GreaterOrEqual(t, failures-conflicts, tc.after)
		})
	}
	r := runCSP(t, "", "solve", "latin", file, "--learn-after", "-1")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `invalid value "-1" for flag -learn-after: want a whole number >= 0`)
	r = runCSP(t, "", "solve", "latin", file, "--portfolio", "learn-after=5; learn=none")
	assert.Equal(t, 0, r.code, r.stderr)
}

// TestPortfolioLearnAfter: a portfolio member's --learn takes the command
// line's own --learn-after, as the command line's --learn does; a member
// that names neither keeps the problem's default budget, and one that
// names --learn-after has it.
func TestPortfolioLearnAfter(t *testing.T) {
	p, ok := catalog.Lookup("latin")
	require.True(t, ok)
	for _, tc := range []struct {
		name     string
		given    int64 // the command line's --learn-after (0: not given)
		member   []string
		wantBase int64
		want     int64
	}{
		{"learn given", 0, []string{"--learn=clauses"}, latin.DefaultSearch.LearnAfter, 0},
		{"learn and the command line's budget", 500, []string{"--learn=clauses"}, 500, 500},
		{"budget given", 0, []string{"--learn-after=7"}, latin.DefaultSearch.LearnAfter, 7},
		{"neither", 0, []string{"--var=mindom"}, latin.DefaultSearch.LearnAfter, latin.DefaultSearch.LearnAfter},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewConfig()
			c.search.LearnAfter = tc.given
			c.portfolio = [][]string{tc.member}
			require.NoError(t, c.settle(p, func(name string) bool { return name == "learn-after" && tc.given > 0 }))
			assert.Equal(t, tc.wantBase, c.Settings.Search.LearnAfter)
			require.Len(t, c.Settings.Search.Portfolio, 1)
			assert.Equal(t, tc.want, c.Settings.Search.Portfolio[0].LearnAfter)
		})
	}
}

// TestFznLearnAfter: csp fzn --learn-after holds learning back for its
// budget, as solve's does: on an unsatisfiable model of pairwise
// differences (eight variables, seven values) the conflicts are the
// failures after the budget; a budget the search never spends leaves
// nothing learned; a negative one is a usage error.
func TestFznLearnAfter(t *testing.T) {
	var b strings.Builder
	const n = 8
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "var 1..%d: x%d :: output_var;\n", n-1, i)
	}
	for i := 1; i <= n; i++ {
		for j := i + 1; j <= n; j++ {
			fmt.Fprintf(&b, "constraint int_ne(x%d, x%d);\n", i, j)
		}
	}
	b.WriteString("solve satisfy;\n")
	stat := func(out, name string) int64 {
		for line := range strings.Lines(out) {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "%%%mzn-stat: "+name+"="); ok {
				n, err := strconv.ParseInt(v, 10, 64)
				require.NoError(t, err, line)
				return n
			}
		}
		return -1
	}
	for _, tc := range []struct {
		after     string
		learnFrom int64 // failures before learning; -1: none
	}{{"0", 0}, {"50", 50}, {"100000000", -1}} {
		t.Run("after="+tc.after, func(t *testing.T) {
			r := runCSP(t, b.String(), "fzn", "--learn", "clauses", "--learn-after", tc.after, "-s", "-")
			require.Equal(t, 0, r.code, r.stderr)
			require.Contains(t, r.stdout, "=====UNSATISFIABLE=====")
			failures, conflicts := stat(r.stdout, "failures"), stat(r.stdout, "conflicts")
			require.Positive(t, failures)
			if tc.learnFrom < 0 {
				assert.LessOrEqual(t, conflicts, int64(0), r.stdout)
				return
			}
			assert.Positive(t, conflicts)
			assert.Equal(t, tc.learnFrom, failures-conflicts)
		})
	}
	r := runCSP(t, b.String(), "fzn", "--learn-after", "-3", "-")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `invalid value "-3" for flag -learn-after`)
}
