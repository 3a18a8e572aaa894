package futoshiki

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/units"
)

// freshPuzzles reads testdata/fresh-recursive.txt: Unequal game IDs, each
// group after a "# params P" line naming its parameters.
func freshPuzzles(t testing.TB) (params []string, puzzles []*Puzzle) {
	f, err := os.Open("testdata/fresh-recursive.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, MaxLine)
	group := ""
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(text, "# params "):
			group = strings.TrimPrefix(text, "# params ")
		case text == "" || text[0] == '#':
		default:
			p, err := ParseUnequal(text, line)
			require.NoError(t, err, "line %d", line)
			params, puzzles = append(params, group), append(puzzles, p)
		}
	}
	require.NoError(t, sc.Err())
	return params, puzzles
}

// Every puzzle of testdata/fresh-recursive.txt (Unequal's own, made
// afresh rather than the three per level of tatham.tsv): solved under
// the command line's default model and search, the solution passes the
// checker, and it is the only one. With -short, the first five of each
// group.
func TestFreshRecursivePuzzles(t *testing.T) {
	params, puzzles := freshPuzzles(t)
	require.NotEmpty(t, puzzles)
	opt := Options{Lines: Auto, AllDiff: alldiff.GAC, Level: units.Hidden}
	seen := map[string]int{}
	for i, p := range puzzles {
		if seen[params[i]]++; testing.Short() && seen[params[i]] > 5 {
			continue
		}
		search := SearchFor(p)
		g, res, err := Solve(context.Background(), p, opt, search)
		require.NoError(t, err, "%s #%d", params[i], seen[params[i]])
		require.NotNil(t, g, "%s #%d: %s", params[i], seen[params[i]], res.Status())
		c, err := Count(context.Background(), p, opt, search, 2)
		require.NoError(t, err)
		assert.Equal(t, int64(1), c.Solutions, "%s #%d unique", params[i], seen[params[i]])
		assert.True(t, c.Complete, "%s #%d", params[i], seen[params[i]])
	}
}
