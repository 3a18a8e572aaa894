package skyscraper

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

var (
	strong = Options{AllDiff: alldiff.GAC, Visibility: visibility.Line}
	search = csp.Options{Var: csp.DomWDeg}
)

func TestPublicInstances(t *testing.T) {
	for _, r := range publicRows(t) {
		t.Run(r.name, func(t *testing.T) {
			p, err := ParseTowers(r.towers, 1)
			require.NoError(t, err)
			g, res, err := Solve(context.Background(), p, strong, search)
			require.NoError(t, err)
			require.NotNil(t, g, res.Status())
			require.NoError(t, Check(p, g))
			if want := digits(r.solution, r.n); want != nil && !strings.HasPrefix(r.name, "tcw-") {
				// Published puzzles with a published answer are unique:
				// count proves it, and the answer is the one found.
				c, err := Count(context.Background(), p, strong, search, 2)
				require.NoError(t, err)
				assert.Equal(t, int64(1), c.Solutions)
				assert.Equal(t, want, g)
			}
			if strings.HasPrefix(r.name, "tcw-") {
				// The full-clue boards have several solutions each.
				c, err := Count(context.Background(), p, strong, search, 2)
				require.NoError(t, err)
				assert.Equal(t, int64(2), c.Solutions, "multiple")
			}
		})
	}
}

func TestTathamPuzzlesAreUniqueAndSolved(t *testing.T) {
	f, err := os.ReadFile("testdata/tatham-dev.tsv")
	require.NoError(t, err)
	for _, line := range strings.Split(string(f), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		c := strings.Split(line, "\t")
		p, err := ParseTowers(c[3], 1)
		require.NoError(t, err)
		for _, v := range []visibility.Strength{visibility.Edge, visibility.GAC, visibility.Line} {
			if v != visibility.Line && (testing.Short() || p.N > 6) {
				continue // the weaker levels are slow on big hard boards
			}
			res, err := Count(context.Background(), p, Options{AllDiff: alldiff.GAC, Visibility: v}, search, 2)
			require.NoError(t, err)
			require.True(t, res.Complete, "%s %v", c[2], v)
			require.Equal(t, int64(1), res.Solutions, "%s %v", c[2], v)
		}
		g, _, err := Solve(context.Background(), p, strong, search)
		require.NoError(t, err)
		var got strings.Builder
		for _, row := range g {
			for _, v := range row {
				got.WriteByte(byte('0' + v))
			}
		}
		assert.Equal(t, c[4], got.String(), c[2])
	}
}

func TestUnsatisfiable(t *testing.T) {
	// Clue 1 and clue 1 on both ends of a row: N cannot be first and last.
	p := New(4)
	p.Left[0], p.Right[0] = 1, 1
	for _, v := range []visibility.Strength{visibility.Edge, visibility.Bounds, visibility.GAC, visibility.Line} {
		g, res, err := Solve(context.Background(), p, Options{AllDiff: alldiff.GAC, Visibility: v}, search)
		require.NoError(t, err)
		assert.Nil(t, g)
		assert.Equal(t, "unsatisfiable", res.Status(), "%v", v)
	}
}

func TestInteriorClues(t *testing.T) {
	// An empty 4x4 with one interior clue: from r2c2 looking right, 3
	// buildings seen along r2c2..r2c4. Every solution found must keep it,
	// and the count must match a count filtered by the checker.
	in := `{"size":4,"interior":[{"row":1,"col":1,"look":"right","count":3},{"row":3,"col":2,"look":"up","count":2}]}`
	items := slices.Collect(Read(strings.NewReader(in)))
	require.Len(t, items, 1)
	require.NoError(t, items[0].Err)
	p := items[0].Value
	m, err := Build(context.Background(), p, strong)
	require.NoError(t, err)
	e := csp.NewSearch(m.Model, search)
	n := 0
	for sol := range e.All(context.Background()) {
		require.NoError(t, Check(p, m.Grid(sol)))
		n++
	}
	// Brute force over the 576 Latin squares of order 4.
	free, err := Build(context.Background(), New(4), strong)
	require.NoError(t, err)
	want := 0
	for sol := range csp.NewSearch(free.Model, search).All(context.Background()) {
		if Check(p, free.Grid(sol)) == nil {
			want++
		}
	}
	assert.Equal(t, want, n)
	assert.Positive(t, n)
}

func TestStrengthsAgreeOnCounts(t *testing.T) {
	rows := publicRows(t)
	for _, r := range rows {
		if r.n > 6 {
			continue
		}
		p, err := ParseTowers(r.towers, 1)
		require.NoError(t, err)
		var counts []int64
		for _, v := range []visibility.Strength{visibility.Edge, visibility.Bounds, visibility.GAC, visibility.Line} {
			o := search
			o.TimeLimit = 10 * time.Second
			res, err := Count(context.Background(), p, Options{AllDiff: alldiff.Value, Visibility: v}, o, 0)
			require.NoError(t, err)
			require.True(t, res.Complete)
			counts = append(counts, res.Solutions)
		}
		assert.Equal(t, []int64{counts[0], counts[0], counts[0], counts[0]}, counts, r.name)
	}
}

// TestRandomLargeBoards solves boards made from random Latin squares up to
// the largest size the Line program takes (MaxLine, 16), all the clues or
// half. Each takes about 0.1 s at 16 (BenchmarkLarge); the time limit is
// a hundred times that, for slow and shared machines.
func TestRandomLargeBoards(t *testing.T) {
	for _, n := range []int{10, 12, 16} {
		for _, keep := range []float64{1, 0.5} {
			p, sq, err := Random(n, keep, uint64(n))
			require.NoError(t, err)
			require.NoError(t, Check(p, sq), "the square solves its own clues")
			o := search
			o.TimeLimit = 10 * time.Second
			g, res, err := Solve(context.Background(), p, strong, o)
			require.NoError(t, err)
			require.NotNil(t, g, "size %d keep %v: %s", n, keep, res.Status())
			require.NoError(t, Check(p, g))
			t.Logf("size %d, %.0f%% clues: %v, %d nodes", n, keep*100, res.Stats.SolveTime, res.Stats.Nodes)
		}
	}
}

// TestDefaultSearch: the command line's skyscraper default is
// DefaultSearch at the line, gac and bounds levels, with its parts turned
// off one by one; the shared default (dom/wdeg) with the edge rules alone
// or when --var names it; --var maxsd brings last-conflict and nogoods at
// any level.
func TestDefaultSearch(t *testing.T) {
	shared := csp.Options{Var: csp.DomWDeg, Val: csp.ValMin, Restarts: csp.Luby, RandomTies: true, Seed: 1}
	noLC, noNogoods := DefaultSearch, DefaultSearch
	noLC.LastConflict, noNogoods.Nogoods = false, false
	for _, c := range []struct {
		visibility string
		given      string
		varGiven   csp.VarSelect // the --var given, when given is "var"
		want       csp.Options
	}{
		{"line", "", 0, DefaultSearch},
		{"line", "var", csp.DomWDeg, shared},
		{"line", "var", csp.MaxDensity, DefaultSearch},
		{"line", "last-conflict", 0, noLC},
		{"line", "nogoods", 0, noNogoods},
		{"gac", "", 0, DefaultSearch},
		{"bounds", "", 0, DefaultSearch},
		{"gac", "var", csp.DomWDeg, shared},
		{"edge", "", 0, shared},
		{"edge", "var", csp.MaxDensity, DefaultSearch},
	} {
		s := settingsFor(t)
		s.SetFlag("visibility", c.visibility)
		s.Search = shared // the command line's, where a given flag left it false
		if c.given == "var" {
			s.Search.Var = c.varGiven
		}
		s.Given = func(flag string) bool { return flag == c.given }
		_, err := problem{}.Options(s)
		require.NoError(t, err)
		require.Equal(t, c.want, s.Search, "%+v", c)
	}
}

// TestFresh9u solves and counts the 100 fresh unreasonable 9×9 puzzles of
// testdata/tatham-9du-100.txt with DefaultSearch: each is found, checked
// (Solve checks) and unique.
func TestFresh9u(t *testing.T) {
	f, err := os.Open("testdata/tatham-9du-100.txt")
	require.NoError(t, err)
	defer f.Close()
	items := slices.Collect(Read(f))
	require.Len(t, items, 100)
	for _, it := range items {
		require.NoError(t, it.Err)
		g, res, err := Solve(context.Background(), it.Value, strong, DefaultSearch)
		require.NoError(t, err)
		require.NotNil(t, g, "line %d: %s", it.Line, res.Status())
		c, err := Count(context.Background(), it.Value, strong, DefaultSearch, 2)
		require.NoError(t, err)
		require.True(t, c.Complete, "line %d", it.Line)
		require.Equal(t, int64(1), c.Solutions, "line %d", it.Line)
	}
}

// TestCheckNamesTheClue: a grid that breaks one clue is refused, naming
// that clue (each side and an interior clue) and what it sees.
func TestCheckNamesTheClue(t *testing.T) {
	sq := [][]int{{1, 2, 3}, {2, 3, 1}, {3, 1, 2}}
	for _, c := range []struct {
		set  func(p *Puzzle)
		want string
	}{
		{func(p *Puzzle) { p.Top[1] = 1 }, "clue above column 2 sees 2, want 1"},
		{func(p *Puzzle) { p.Bottom[0] = 2 }, "clue below column 1 sees 1, want 2"},
		{func(p *Puzzle) { p.Left[2] = 2 }, "clue left of row 3 sees 1, want 2"},
		{func(p *Puzzle) { p.Right[0] = 2 }, "clue right of row 1 sees 1, want 2"},
		{func(p *Puzzle) { p.Interior = []Interior{{Row: 1, Col: 1, Look: Down, Count: 2}} }, "interior clue at r2c2 looking down sees 1, want 2"},
	} {
		p := New(3)
		require.NoError(t, Check(p, sq))
		c.set(p)
		err := Check(p, sq)
		require.ErrorIs(t, err, ErrInvalid)
		assert.Contains(t, err.Error(), c.want)
	}
}

// TestEdgeRulesAtRoot: the edge rules the model applies when it poses a
// puzzle leave the root's fixpoint what the Line propagators make of it,
// and clues they contradict (1 above and below one column) give no
// solution and no error, on a model of the puzzle's own and on the
// worker's reused one alike.
func TestEdgeRulesAtRoot(t *testing.T) {
	ctx := context.Background()
	opt := Options{AllDiff: alldiff.GAC, Visibility: visibility.Line}
	clash, err := ParseTowers("4:1////1///////////", 1)
	require.NoError(t, err)
	g, res, err := Solve(ctx, clash, opt, DefaultSearch)
	require.NoError(t, err)
	assert.Nil(t, g)
	assert.True(t, res.Complete)

	pr := problem{}
	s := settingsFor(t)
	o, err := pr.Options(s)
	require.NoError(t, err)
	run := s.Run(&catalog.Cache{})
	g, res, err = pr.Solve(ctx, clash, o, run)
	require.NoError(t, err)
	assert.Nil(t, g)
	assert.True(t, res.Complete)

	// A puzzle the edge rules nearly settle: the root's domains are the
	// same with the rules applied first as with the Line propagators alone.
	p, err := ParseTowers("4:1/4/2/2/4/1/2/2/1/2/3/2/3/1/2/2", 1)
	require.NoError(t, err)
	m, err := Build(ctx, p, opt)
	require.NoError(t, err)
	withRules := csp.NewSearch(m.Model, DefaultSearch).Space()
	require.True(t, withRules.Propagate())
	plain, err := buildShape(ctx, 4, opt)
	require.NoError(t, err)
	plain.setClues(p)
	without := csp.NewSearch(plain.Model, DefaultSearch).Space()
	require.True(t, without.Propagate())
	for _, x := range m.Board.Vars {
		assert.Equal(t, without.Words(x), withRules.Words(x), "cell %d", x)
	}
}
