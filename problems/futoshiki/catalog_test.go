package futoshiki_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/futoshiki"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/units"
)

// settings are what the command line hands the problem by default
// (--alldiff gac, --var domwdeg, --restarts luby), with count's cap of 2.
func settings(t *testing.T, p catalog.Problem, model string) *catalog.Settings {
	t.Helper()
	s := catalog.NewSettings(p)
	s.AllDiff = alldiff.GAC
	s.Model = model
	s.Search = csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby, Seed: 1}
	s.Limit = 2
	return s
}

// testdata/batch.txt through the catalog, as "csp solve futoshiki" and
// "csp count futoshiki --limit 2" see it: each line's outcome, every
// solution checked and written in a form that reads back.
func TestCatalogBatch(t *testing.T) {
	p, ok := catalog.Lookup("futoshiki")
	require.True(t, ok, "registered by init")
	assert.Equal(t, []string{"auto", "alldiff", "units", "line"}, p.Models)

	type want struct {
		line      int
		status    string // solved, unsatisfiable, or the sentinel's text
		solutions int64  // counted up to 2
		err       error
	}
	wants := []want{
		{line: 4, status: "solved", solutions: 1},
		{line: 5, status: "solved", solutions: 1},
		{line: 6, status: "solved", solutions: 1},
		{line: 7, err: futoshiki.ErrCount},
		{line: 8, err: futoshiki.ErrSign},
		{line: 10, status: "solved", solutions: 1},
		{line: 17, err: futoshiki.ErrFormat},
		{line: 18, status: "unsatisfiable", solutions: 0},
		{line: 19, status: "solved", solutions: 2},
		{line: 20, err: futoshiki.ErrGiven},
	}
	for _, model := range p.Models {
		s := settings(t, p, model)
		f, err := os.Open("testdata/batch.txt")
		require.NoError(t, err)
		defer f.Close()
		var got []catalog.Item
		for it := range p.Read(f) {
			got = append(got, it)
		}
		require.Len(t, got, len(wants))
		for i, w := range wants {
			it := got[i]
			assert.Equal(t, i+1, it.Index)
			assert.Equal(t, w.line, it.Line, "item %d", i+1)
			if w.err != nil {
				require.Error(t, it.Err, "line %d", w.line)
				assert.ErrorIs(t, it.Err, w.err)
				var pe *futoshiki.ParseError
				require.True(t, errors.As(it.Err, &pe))
				assert.Equal(t, w.line, pe.Line, "the error names the line")
				continue
			}
			require.NoError(t, it.Err, "line %d", w.line)
			grid, res, err := p.Solve(context.Background(), it.Inst, s, &catalog.Cache{})
			require.NoError(t, err)
			assert.Equal(t, w.status, res.Status(), "line %d", w.line)
			if grid != nil {
				pz := it.Inst.(*futoshiki.Puzzle)
				require.NoError(t, futoshiki.Check(pz, grid))
				var out bytes.Buffer
				require.NoError(t, p.Write(&out, it.Inst, grid))
				back := slicesOf(p.Read(strings.NewReader(out.String())))
				require.Len(t, back, 1, out.String())
				require.NoError(t, back[0].Err, out.String())
				assert.Equal(t, grid, back[0].Inst.(*futoshiki.Puzzle).Givens, "the written solution reads back as a full board")
			}
			c, err := p.Count(context.Background(), it.Inst, s, &catalog.Cache{})
			require.NoError(t, err)
			assert.Equal(t, w.solutions, c.Solutions, "line %d", w.line)
		}
	}
}

func slicesOf(seq func(func(catalog.Item) bool)) []catalog.Item {
	var out []catalog.Item
	for it := range seq {
		out = append(out, it)
	}
	return out
}

// "csp generate futoshiki": each instance reads back and has a solution.
func TestCatalogGenerate(t *testing.T) {
	p, _ := catalog.Lookup("futoshiki")
	for _, adjacent := range []string{"false", "true"} {
		s := settings(t, p, "")
		s.Size = 7
		s.SetFlag("adjacent", adjacent)
		s.SetFlag("signs", "50")
		s.Holes = 30
		var out bytes.Buffer
		for i := range 3 {
			require.NoError(t, p.Generate(&out, s, i))
		}
		items := slicesOf(p.Read(strings.NewReader(out.String())))
		require.Len(t, items, 3, out.String())
		for _, it := range items {
			require.NoError(t, it.Err)
			pz := it.Inst.(*futoshiki.Puzzle)
			assert.Equal(t, adjacent == "true", pz.Adjacent)
			grid, _, err := p.Solve(context.Background(), pz, s, &catalog.Cache{})
			require.NoError(t, err)
			require.NotNil(t, grid)
		}
	}
	s := settings(t, p, "")
	s.Size = 0
	assert.Error(t, p.Generate(&bytes.Buffer{}, s, 0))
	for _, f := range p.Flags {
		if f.Check != nil {
			assert.Error(t, f.Check("nonsense"), f.Name)
		}
	}
}

// The command line's search for futoshiki: SearchFor's when --var is
// left out (CountingSearch on a plain 9×9, dom/wdeg on an adjacent 8×8),
// the heuristic named otherwise, and with counting-based search last
// conflict and nogoods unless the command line set them. Each case is
// told apart by its guesses, against futoshiki.Solve with the search
// expected, on puzzles of testdata/fresh-recursive.txt where the
// searches guess differently.
func TestCatalogSearch(t *testing.T) {
	p, _ := catalog.Lookup("futoshiki")
	opt := futoshiki.Options{Lines: futoshiki.Auto, AllDiff: alldiff.GAC, Level: units.Hidden}
	counting, domwdeg := futoshiki.CountingSearch, futoshiki.DomWDegSearch
	noNogoods := counting
	noNogoods.Nogoods = false
	guesses := func(pz *futoshiki.Puzzle, o csp.Options) int64 {
		_, res, err := futoshiki.Solve(context.Background(), pz, opt, o)
		require.NoError(t, err)
		return res.Stats.Nodes
	}
	// The first 8×8 adjacent puzzle, and the first 9×9 one on which
	// nogoods change the guesses (one that restarts).
	var plain, adjacent *futoshiki.Puzzle
	f, err := os.Open("testdata/fresh-recursive.txt")
	require.NoError(t, err)
	defer f.Close()
	for it := range p.Read(f) {
		switch pz := it.Inst.(*futoshiki.Puzzle); {
		case pz.Adjacent && pz.N == 8 && adjacent == nil:
			adjacent = pz
		case !pz.Adjacent && pz.N == 9 && plain == nil && guesses(pz, counting) != guesses(pz, noNogoods):
			plain = pz
		}
	}
	require.NotNil(t, plain)
	require.NotNil(t, adjacent)
	require.NotEqual(t, guesses(plain, counting), guesses(plain, domwdeg))
	require.NotEqual(t, guesses(adjacent, counting), guesses(adjacent, domwdeg))
	for _, c := range []struct {
		name  string
		pz    *futoshiki.Puzzle
		given []string
		v     csp.VarSelect
		want  csp.Options
	}{
		{"plain, default", plain, nil, csp.DomWDeg, counting},
		{"plain, --var domwdeg", plain, []string{"var"}, csp.DomWDeg, domwdeg},
		{"plain, --var maxsd", plain, []string{"var"}, csp.MaxDensity, counting},
		{"plain, --nogoods=false", plain, []string{"nogoods"}, csp.DomWDeg, noNogoods},
		{"adjacent, default", adjacent, nil, csp.DomWDeg, domwdeg},
		{"adjacent, --var maxsd", adjacent, []string{"var"}, csp.MaxDensity, counting},
	} {
		s := settings(t, p, "")
		s.Search.RandomTies = true // as the command line sets it with restarts
		s.Search.Var = c.v
		s.Given = func(f string) bool { return slices.Contains(c.given, f) }
		_, got, err := p.Solve(context.Background(), c.pz, s, &catalog.Cache{})
		require.NoError(t, err, c.name)
		assert.Equal(t, guesses(c.pz, c.want), got.Stats.Nodes, c.name)
	}
}
