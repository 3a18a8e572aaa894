package futoshiki

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
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/units"
)

// newSettings are what the command line hands the problem by default
// (its flags' defaults, --var domwdeg, --restarts luby), with the model
// named (empty: the default) and the flags set.
func newSettings(t *testing.T, model string, flags ...string) *catalog.Settings {
	t.Helper()
	e, ok := catalog.Lookup("futoshiki")
	require.True(t, ok, "registered by init")
	s := catalog.NewSettings(e)
	s.Model = model
	s.Search = csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby, Seed: 1}
	for i := 0; i+1 < len(flags); i += 2 {
		s.SetFlag(flags[i], flags[i+1])
	}
	return s
}

// options returns the problem's options under s, and the run of one
// worker with count's cap of 2.
func options(t *testing.T, s *catalog.Settings) (settings, catalog.Run) {
	t.Helper()
	o, err := problem{}.Options(s)
	require.NoError(t, err)
	run := s.Run(&catalog.Cache{})
	run.Limit = 2
	return o, run
}

func collect[T any](seq func(func(T) bool)) []T {
	var out []T
	for v := range seq {
		out = append(out, v)
	}
	return out
}

// testdata/batch.txt through the typed problem, as "csp solve futoshiki"
// and "csp count futoshiki --limit 2" see it: each line's outcome, every
// solution checked and written in a form that reads back.
func TestCatalogBatch(t *testing.T) {
	pr := problem{}
	assert.Equal(t, []string{"auto", "alldiff", "units", "line"}, pr.Info().Models)

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
		{line: 7, err: ErrCount},
		{line: 8, err: ErrSign},
		{line: 10, status: "solved", solutions: 1},
		{line: 17, err: ErrFormat},
		{line: 18, status: "unsatisfiable", solutions: 0},
		{line: 19, status: "solved", solutions: 2},
		{line: 20, err: ErrGiven},
	}
	for _, model := range pr.Info().Models {
		o, run := options(t, newSettings(t, model))
		f, err := os.Open("testdata/batch.txt")
		require.NoError(t, err)
		defer f.Close()
		got := collect(pr.Read(f))
		require.Len(t, got, len(wants))
		for i, w := range wants {
			it := got[i]
			assert.Equal(t, i+1, it.Index)
			assert.Equal(t, w.line, it.Line, "item %d", i+1)
			if w.err != nil {
				require.Error(t, it.Err, "line %d", w.line)
				assert.ErrorIs(t, it.Err, w.err)
				var pe *ParseError
				require.True(t, errors.As(it.Err, &pe))
				assert.Equal(t, w.line, pe.Line, "the error names the line")
				continue
			}
			require.NoError(t, it.Err, "line %d", w.line)
			p := it.Value
			grid, res, err := pr.Solve(context.Background(), p, o, run)
			require.NoError(t, err)
			assert.Equal(t, w.status, res.Status(), "line %d", w.line)
			if grid != nil {
				require.NoError(t, pr.Check(p, grid))
				var out bytes.Buffer
				require.NoError(t, pr.Write(&out, p, grid))
				back := collect(pr.Read(strings.NewReader(out.String())))
				require.Len(t, back, 1, out.String())
				require.NoError(t, back[0].Err, out.String())
				assert.Equal(t, grid, back[0].Value.Givens, "the written solution reads back as a full board")
			}
			c, err := pr.Count(context.Background(), p, o, run)
			require.NoError(t, err)
			assert.Equal(t, w.solutions, c.Solutions, "line %d", w.line)
		}
	}
}

// The model each --model and --alldiff makes, and the model handed out
// for check and diagnose.
func TestCatalogOptions(t *testing.T) {
	for _, c := range []struct {
		model, alldiff string
		want           Options
	}{
		{"", "gac", Options{Lines: Auto, AllDiff: alldiff.GAC, Level: units.Hidden}},
		{"auto", "hidden", Options{Lines: Auto, AllDiff: alldiff.Hidden, Level: units.Hidden}},
		{"alldiff", "value", Options{Lines: AllDiff, AllDiff: alldiff.Value, Level: units.Singles}},
		{"units", "gac", Options{Lines: Units, AllDiff: alldiff.GAC, Level: units.Hidden}},
		{"units", "value", Options{Lines: Units, AllDiff: alldiff.Value, Level: units.Singles}},
		{"line", "gac", Options{Lines: Line, AllDiff: alldiff.GAC, Level: units.Hidden}},
	} {
		o, _ := options(t, newSettings(t, c.model, "alldiff", c.alldiff))
		assert.Equal(t, c.want, o.Options, "--model %q --alldiff %s", c.model, c.alldiff)
	}
	o, _ := options(t, newSettings(t, ""))
	assert.Equal(t, generate{adjacent: false, signs: 30}, o.gen, "the generate flags' defaults")

	p, err := ParseUnequal("4:0D,0,0,0,0D,0,0U,0L,0,0,0,0,0,0,0,0UL,", 1)
	require.NoError(t, err)
	m, rows, err := problem{}.Model(context.Background(), p, o)
	require.NoError(t, err)
	res := csp.Solve(context.Background(), m, csp.Options{Var: csp.DomWDeg})
	require.NotNil(t, res.Solution)
	assert.NoError(t, Check(p, rows(res.Solution)), "the model's solution, as rows, passes the checker")
}

// A bad value of each of futoshiki's own flags (and of --model) is a
// *catalog.FlagError naming the flag, the value and what it takes; the
// errors of several bad flags are all told.
func TestCatalogBadFlags(t *testing.T) {
	for _, c := range []struct {
		flag, value string
		want        []string // what the message lists
	}{
		{"alldiff", "gca", []string{"value", "hidden", "gac"}},
		{"adjacent", "yes please", []string{"true or false"}},
		{"signs", "101", []string{"0 to 100"}},
		{"signs", "-1", []string{"0 to 100"}},
		{"signs", "many", []string{"0 to 100"}},
		{"model", "chains", []string{"auto", "alldiff", "units", "line"}},
	} {
		t.Run(c.flag+"="+c.value, func(t *testing.T) {
			s := newSettings(t, "")
			if c.flag == "model" {
				s.Model = c.value
			} else {
				s.SetFlag(c.flag, c.value)
			}
			_, err := problem{}.Options(s)
			var fe *catalog.FlagError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, c.flag, fe.Flag)
			assert.Equal(t, c.value, fe.Value)
			assert.Contains(t, err.Error(), c.flag)
			assert.Contains(t, err.Error(), `"`+c.value+`"`)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
	s := newSettings(t, "", "signs", "x", "adjacent", "y")
	_, err := problem{}.Options(s)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "-signs")
	assert.Contains(t, err.Error(), "-adjacent")
}

// "csp generate futoshiki": each instance reads back and has a solution.
func TestCatalogGenerate(t *testing.T) {
	pr := problem{}
	for _, adjacent := range []string{"false", "true"} {
		o, run := options(t, newSettings(t, "", "adjacent", adjacent, "signs", "50"))
		var out bytes.Buffer
		for i := range 3 {
			require.NoError(t, pr.Generate(&out, o, catalog.Gen{Size: 7, Holes: 30, Seed: 1 + uint64(i)}))
		}
		items := collect(pr.Read(strings.NewReader(out.String())))
		require.Len(t, items, 3, out.String())
		for _, it := range items {
			require.NoError(t, it.Err)
			p := it.Value
			assert.Equal(t, adjacent == "true", p.Adjacent)
			grid, _, err := pr.Solve(context.Background(), p, o, run)
			require.NoError(t, err)
			require.NotNil(t, grid)
		}
	}
	o, _ := options(t, newSettings(t, ""))
	var out bytes.Buffer
	require.NoError(t, pr.Generate(&out, o, catalog.Gen{Size: 4, Holes: -1, Seed: 1}))
	items := collect(pr.Read(strings.NewReader(out.String())))
	require.Len(t, items, 1)
	require.NoError(t, items[0].Err)
	assert.Equal(t, make([]int, 4), items[0].Value.Givens[0], "no --holes: every cell empty")
	assert.Error(t, pr.Generate(&bytes.Buffer{}, o, catalog.Gen{Size: 0, Holes: -1}))
}

// The command line's search for futoshiki: SearchFor's when --var is
// left out (CountingSearch on a plain 9×9, dom/wdeg on an adjacent 8×8),
// the heuristic named otherwise, and with counting-based search last
// conflict and nogoods unless the command line set them. Each case is
// told apart by its guesses, against Solve with the search expected, on
// puzzles of testdata/fresh-recursive.txt where the searches guess
// differently.
func TestCatalogSearch(t *testing.T) {
	pr := problem{}
	opt := Options{Lines: Auto, AllDiff: alldiff.GAC, Level: units.Hidden}
	counting, domwdeg := CountingSearch, DomWDegSearch
	noNogoods := counting
	noNogoods.Nogoods = false
	guesses := func(p *Puzzle, o csp.Options) int64 {
		_, res, err := Solve(context.Background(), p, opt, o)
		require.NoError(t, err)
		return res.Stats.Nodes
	}
	// The first 8×8 adjacent puzzle, and the first 9×9 one on which
	// nogoods change the guesses (one that restarts).
	var plain, adjacent *Puzzle
	f, err := os.Open("testdata/fresh-recursive.txt")
	require.NoError(t, err)
	defer f.Close()
	for it := range pr.Read(f) {
		require.NoError(t, it.Err)
		switch p := it.Value; {
		case p.Adjacent && p.N == 8 && adjacent == nil:
			adjacent = p
		case !p.Adjacent && p.N == 9 && plain == nil && guesses(p, counting) != guesses(p, noNogoods):
			plain = p
		}
	}
	require.NotNil(t, plain)
	require.NotNil(t, adjacent)
	require.NotEqual(t, guesses(plain, counting), guesses(plain, domwdeg))
	require.NotEqual(t, guesses(adjacent, counting), guesses(adjacent, domwdeg))
	for _, c := range []struct {
		name  string
		p     *Puzzle
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
		s := newSettings(t, "")
		s.Search.RandomTies = true // as the command line sets it with restarts
		s.Search.Var = c.v
		s.Given = func(f string) bool { return slices.Contains(c.given, f) }
		o, run := options(t, s)
		_, got, err := pr.Solve(context.Background(), c.p, o, run)
		require.NoError(t, err, c.name)
		assert.Equal(t, guesses(c.p, c.want), got.Stats.Nodes, c.name)
	}
}
