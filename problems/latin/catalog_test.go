package latin

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/textio"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/grid"
	"github.com/cspgo/csp/propagators/alldiff"
)

// settingsFor returns the settings the command line makes for latin with
// flags (name -> text) given.
func settingsFor(t *testing.T, model string, flags map[string]string) *catalog.Settings {
	t.Helper()
	e, ok := catalog.Lookup("latin")
	require.True(t, ok)
	s := catalog.NewSettings(e)
	s.Model = model
	for k, v := range flags {
		s.SetFlag(k, v)
	}
	return s
}

// TestOptions: the defaults (rowcol and Auto with the default learning,
// DefaultOptions; channeled without learning; the local search on),
// --model, --symbols picking the model only when --model is not given,
// and --local=false.
func TestOptions(t *testing.T) {
	for _, c := range []struct {
		name      string
		model     string
		flags     map[string]string
		learnNone bool // --learn none given
		want      Options
	}{
		{"defaults", "", nil, false, DefaultOptions},
		{"defaults without learning", "", nil, true, Options{AllDiff: alldiff.Auto, View: Channeled, Local: true}},
		{"model", "symbols", nil, false, Options{AllDiff: alldiff.Auto, View: Symbols, Local: true}},
		{"model with learning", "channeled", nil, false, Options{AllDiff: alldiff.Auto, View: Channeled, Local: true}},
		{"alldiff", "rowcol", map[string]string{"alldiff": "value"}, false, Options{AllDiff: alldiff.Value, View: RowCol, Local: true}},
		{"symbols off", "", map[string]string{"symbols": "false"}, false, Options{AllDiff: alldiff.Auto, View: RowCol, Local: true}},
		{"symbols on", "", map[string]string{"symbols": "true"}, false, Options{AllDiff: alldiff.Auto, View: Channeled, Local: true}},
		{"model beats symbols", "symbols", map[string]string{"symbols": "false"}, false, Options{AllDiff: alldiff.Auto, View: Symbols, Local: true}},
		{"local off", "", map[string]string{"local": "false"}, false, Options{AllDiff: alldiff.Auto, View: RowCol, Staged: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := settingsFor(t, c.model, c.flags)
			if c.learnNone {
				s.Search.Learn = csp.LearnNone
				s.Given = func(name string) bool { return name == "learn" }
			}
			o, err := problem{}.Options(s)
			require.NoError(t, err)
			assert.Equal(t, c.want, o.Options)
		})
	}
	o, err := problem{}.Options(settingsFor(t, "", map[string]string{"balanced": "true", "difficulty": "subsets", "no-minimize": "true"}))
	require.NoError(t, err)
	assert.True(t, o.balanced)
	assert.Equal(t, catalog.MakeRequest{On: true, Level: 2, Minimize: false, Limit: o.make.Limit}, o.make)
}

// TestSearchDefaults: the search flags the command line leaves out get
// DefaultSearch's learning and variable choice; those it gives stay.
func TestSearchDefaults(t *testing.T) {
	for _, c := range []struct {
		name  string
		given []string
		in    csp.Options
		want  csp.Options
	}{
		{"none given", nil, csp.Options{Var: csp.DomWDeg}, csp.Options{Var: DefaultSearch.Var, Learn: csp.LearnClauses, LearnAfter: DefaultSearch.LearnAfter}},
		{"learn given", []string{"learn"}, csp.Options{Var: csp.DomWDeg, Learn: csp.LearnClauses}, csp.Options{Var: DefaultSearch.Var, Learn: csp.LearnClauses}},
		{"learn none", []string{"learn"}, csp.Options{Var: csp.DomWDeg}, csp.Options{Var: DefaultSearch.Var}},
		{"learn-after given", []string{"learn-after"}, csp.Options{Var: csp.DomWDeg, LearnAfter: 7}, csp.Options{Var: DefaultSearch.Var, Learn: csp.LearnClauses, LearnAfter: 7}},
		{"var given", []string{"var"}, csp.Options{Var: csp.MinDomain}, csp.Options{Var: csp.MinDomain, Learn: csp.LearnClauses, LearnAfter: DefaultSearch.LearnAfter}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := settingsFor(t, "", nil)
			s.Search = c.in
			s.Given = func(name string) bool { return slices.Contains(c.given, name) }
			_, err := problem{}.Options(s)
			require.NoError(t, err)
			assert.Equal(t, c.want, s.Search)
		})
	}
	assert.Positive(t, DefaultSearch.LearnAfter)
}

// TestBadFlags: a bad value of each of latin's flags is a
// *catalog.FlagError naming the flag, the value and what it takes.
func TestBadFlags(t *testing.T) {
	for _, c := range []struct {
		flag, value, want string
	}{
		{"model", "rowcl", "channeled, rowcol or symbols"},
		{"alldiff", "gca", "value, hidden, gac or auto"},
		{"symbols", "maybe", "true or false"},
		{"balanced", "yes please", "true or false"},
		{"difficulty", "fiendish", "singles, hidden singles, subsets, assumptions, search, or 1..5"},
		{"no-minimize", "sure", "true or false"},
		{"time-limit", "soon", "a duration such as 30s"},
		{"attempts", "-1", "a whole number from 0"},
	} {
		t.Run(c.flag, func(t *testing.T) {
			var s *catalog.Settings
			if c.flag == "model" {
				s = settingsFor(t, c.value, nil)
			} else {
				flags := map[string]string{c.flag: c.value}
				if c.flag != "difficulty" {
					flags["difficulty"] = "singles" // the make flags are read with --difficulty
				}
				s = settingsFor(t, "", flags)
			}
			_, err := problem{}.Options(s)
			var fe *catalog.FlagError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, c.flag, fe.Flag)
			assert.Equal(t, c.value, fe.Value)
			assert.Contains(t, err.Error(), `"`+c.value+`"`)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestCatalogProblem drives the typed problem as the command line does:
// read, solve, check, write and read back, count, model.
func TestCatalogProblem(t *testing.T) {
	pr := problem{}
	o, err := pr.Options(settingsFor(t, "", nil))
	require.NoError(t, err)
	run := catalog.Run{Search: hardSearch, Cache: &catalog.Cache{}}
	input := "3\n1 0 0\n0 0 0\n0 0 2\n% bad\n2\n1 1\n0 0\n4\n1 2 3 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"
	n := 0
	for it := range pr.Read(strings.NewReader(input)) {
		n++
		if it.Index == 2 {
			require.NoError(t, it.Err, "givens that clash read")
			assert.ErrorIs(t, pr.Clash(it.Value), ErrClash)
			continue
		}
		require.NoError(t, it.Err)
		p := it.Value
		grid, res, err := pr.Solve(context.Background(), p, o, run)
		require.NoError(t, err, "line %d", it.Line)
		require.NotNil(t, grid, "line %d: %+v", it.Line, res)
		require.NoError(t, pr.Check(p, grid))
		var out strings.Builder
		require.NoError(t, pr.Write(&out, p, grid))
		back, err := Parse(out.String())
		require.NoError(t, err)
		assert.Equal(t, grid, back.Grid)
		run.Limit = 2
		c, err := pr.Count(context.Background(), p, o, run)
		run.Limit = 0
		require.NoError(t, err)
		assert.EqualValues(t, map[int]int{1: 1, 3: 2}[it.Index], c.Solutions, "line %d: one completion, then 24 (capped at 2)", it.Line)
		m, rows, err := pr.Model(context.Background(), p, o)
		require.NoError(t, err)
		assert.Equal(t, p.Order*p.Order, len(slices.Concat(rows(make([]int, m.NumVars()))...)))
	}
	assert.Equal(t, 3, n)
}

// TestCatalogUnsatisfiable: pencil marks that leave a cell nothing make
// Solve, Count and Model say unsatisfiable, before search.
func TestCatalogUnsatisfiable(t *testing.T) {
	pr := problem{}
	o, err := pr.Options(settingsFor(t, "", nil))
	require.NoError(t, err)
	inst := &Instance{Order: 2, Grid: [][]int{{0, 0}, {0, 0}}, Marks: []uint64{1 << 3, 6, 6, 6}}
	run := catalog.Run{Cache: &catalog.Cache{}}
	var u catalog.Unsatisfiable
	_, _, err = pr.Solve(context.Background(), inst, o, run)
	assert.ErrorAs(t, err, &u)
	_, err = pr.Count(context.Background(), inst, o, run)
	assert.ErrorAs(t, err, &u)
	_, _, err = pr.Model(context.Background(), inst, o)
	assert.ErrorAs(t, err, &u)
}

// TestCatalogClues: Clues names the givens, Keep and Give make copies.
func TestCatalogClues(t *testing.T) {
	pr := problem{}
	inst, err := Parse("2\n1 0\n0 1\n")
	require.NoError(t, err)
	assert.Len(t, pr.Clues(inst), 2)
	kept := pr.Keep(inst, []bool{true, false})
	assert.Equal(t, [][]int{{1, 0}, {0, 0}}, kept.Grid)
	more := pr.Give(inst, map[[2]int]int{{0, 1}: 2})
	assert.Equal(t, [][]int{{1, 2}, {0, 1}}, more.Grid)
	assert.Equal(t, [][]int{{1, 0}, {0, 1}}, inst.Grid, "the instance is not changed")
}

// TestCatalogGenerate: the benchmark generator (random and balanced
// holes) and a graded puzzle read back; --holes is needed without
// --difficulty and refused with it, and --no-minimize and --attempts are
// refused without it.
func TestCatalogGenerate(t *testing.T) {
	pr := problem{}
	for _, flags := range []map[string]string{nil, {"balanced": "true"}, {"difficulty": "singles"}} {
		o, err := pr.Options(settingsFor(t, "", flags))
		require.NoError(t, err)
		var out strings.Builder
		holes := 10
		if flags["difficulty"] != "" {
			holes = -1
			assert.ErrorContains(t, pr.Generate(&out, o, catalog.Gen{Size: 5, Holes: 10, Seed: 3}), "--holes does not apply with --difficulty")
		}
		require.NoError(t, pr.Generate(&out, o, catalog.Gen{Size: 5, Holes: holes, Seed: 3}), "%v", flags)
		inst, err := Parse(out.String())
		require.NoError(t, err, out.String())
		assert.Equal(t, 5, inst.Order)
		if flags["difficulty"] == "" {
			assert.Equal(t, 25-10, givens(inst), "%v", flags)
		}
	}
	o, err := pr.Options(settingsFor(t, "", nil))
	require.NoError(t, err)
	assert.Error(t, pr.Generate(&strings.Builder{}, o, catalog.Gen{Size: 5, Holes: -1}))
	for _, flags := range []map[string]string{{"no-minimize": "true"}, {"attempts": "3"}, {"no-minimize": "T"}} {
		_, err := pr.Options(settingsFor(t, "", flags))
		assert.ErrorContains(t, err, "want it only with --difficulty", "%v", flags)
	}
	for _, flags := range []map[string]string{{"no-minimize": "f"}, {"no-minimize": "0"}, {"attempts": "00"}} {
		_, err := pr.Options(settingsFor(t, "", flags))
		assert.NoError(t, err, "%v: the flag's value is off", flags)
	}
}

// TestReadLongLine: a line over textio.DefaultMaxLine is one bad instance, and the
// batch goes on (a comment too: textio bounds every line).
func TestReadLongLine(t *testing.T) {
	huge := strings.Repeat("1 ", textio.DefaultMaxLine/2+10)
	good := "2\n1 0\n0 0\n"
	for _, c := range []struct {
		name  string
		input string
		errs  []error
	}{
		{"between instances", good + huge + "\n" + good, []error{nil, ErrLong, nil}},
		{"in a row", good + "2\n" + huge + "\n0 0\n" + good, []error{nil, ErrLong, nil}},
		{"last, no newline", good + huge, []error{nil, ErrLong}},
		{"a comment too", good + "#" + huge + "\n" + good, []error{nil, ErrLong, nil}},
	} {
		t.Run(c.name, func(t *testing.T) {
			items := slices.Collect(Read(strings.NewReader(c.input)))
			require.Len(t, items, len(c.errs))
			for i, it := range items {
				assert.Equal(t, i+1, it.Index)
				if c.errs[i] == nil {
					require.NoError(t, it.Err)
					assert.Equal(t, [][]int{{1, 0}, {0, 0}}, it.Value.Grid)
					continue
				}
				assert.ErrorIs(t, it.Err, c.errs[i])
				var pe *ParseError
				require.ErrorAs(t, it.Err, &pe)
				assert.Equal(t, i+1, pe.Instance)
			}
		})
	}
}

// TestReadMarksLongLine: a line over textio.DefaultMaxLine spoils its block only.
func TestReadMarksLongLine(t *testing.T) {
	huge := strings.Repeat("12 ", textio.DefaultMaxLine/3+10)
	good := "2\n1 2\n2 1\n"
	for _, input := range []string{
		good + "\n" + huge + "\n\n" + good,
		good + "\n2\n" + huge + "\n2 1\n\n" + good,
	} {
		items := slices.Collect(ReadMarks(strings.NewReader(input)))
		require.Len(t, items, 3)
		require.NoError(t, items[0].Err)
		assert.ErrorIs(t, items[1].Err, ErrLong)
		require.NoError(t, items[2].Err)
		assert.Equal(t, items[0].Value.Marks, items[2].Value.Marks)
	}
}

// TestReadStops: the readers stop when the loop does, and read no
// further than they must.
func TestReadStops(t *testing.T) {
	r := &countingReader{r: strings.NewReader(strings.Repeat("2\n1 0\n0 0\n", 100000))}
	for it := range Read(r) {
		require.NoError(t, it.Err)
		break
	}
	assert.Less(t, r.n, 1<<20, "bytes read for the first instance")
	r = &countingReader{r: strings.NewReader(strings.Repeat("2\n12 1\n1 2\n\n", 100000))}
	for it := range ReadMarks(r) {
		require.NoError(t, it.Err)
		break
	}
	assert.Less(t, r.n, 1<<20, "bytes read for the first block")
}

// TestReadIOError: a read error ends the batch with an item saying so.
func TestReadIOError(t *testing.T) {
	boom := errors.New("boom")
	for _, read := range []func(string) []Item{
		func(s string) []Item { return slices.Collect(Read(&failingReader{s: s, err: boom})) },
		func(s string) []Item { return slices.Collect(ReadMarks(&failingReader{s: s, err: boom})) },
	} {
		items := read("2\n1 2\n2 1\n\n") // the blank line ends the block before the error
		require.Len(t, items, 2)
		require.NoError(t, items[0].Err)
		assert.ErrorIs(t, items[1].Err, boom)
		assert.Equal(t, 2, items[1].Index)
	}
}

type countingReader struct {
	r interface{ Read([]byte) (int, error) }
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += k
	return k, err
}

// failingReader gives s, then err.
type failingReader struct {
	s   string
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.s == "" {
		return 0, f.err
	}
	k := copy(p, f.s)
	f.s = f.s[k:]
	return k, nil
}

// TestCatalogReuses solves instances of mixed orders through one worker's
// cache, in two orders: each gets the solution and the search its own
// model gives it, and after a warm-up, resetting the reused model, posing
// an instance and propagating at the root allocate nothing.
func TestCatalogReuses(t *testing.T) {
	pr := problem{}
	s := settingsFor(t, "", nil)
	s.Search = hardSearch
	o, err := pr.Options(s)
	require.NoError(t, err)
	var insts []*Instance
	for i, n := range []int{5, 7, 6, 5, 7, 6} {
		inst, _, err := Generate(n, n*n/2, RandomHoles, uint64(i+1))
		require.NoError(t, err)
		insts = append(insts, inst)
	}
	ctx := context.Background()
	type got struct {
		grid  [][]int
		nodes int64
	}
	alone := make([]got, len(insts))
	for i, inst := range insts {
		m, err := Build(ctx, inst, o.Options)
		require.NoError(t, err)
		g, res, err := grid.Solve(ctx, m.Model, s.Search, m.Grid, func(g [][]int) error { return Check(inst, g) })
		require.NoError(t, err)
		alone[i] = got{g, res.Stats.Nodes}
	}
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5}, {4, 2, 0, 5, 3, 1}} {
		run := s.Run(&catalog.Cache{})
		for _, i := range order {
			g, res, err := pr.Solve(ctx, insts[i], o, run)
			require.NoError(t, err)
			assert.Equal(t, alone[i].grid, g, "instance %d", i)
			assert.Equal(t, alone[i].nodes, res.Stats.Nodes, "instance %d: nodes", i)
		}
	}
	run := s.Run(&catalog.Cache{})
	r, err := reuse(ctx, insts[0], o, run)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(20, func() {
		for _, inst := range []*Instance{insts[0], insts[3]} {
			r.Search.Reset()
			if r.Model.Pose(r.Search.Space(), inst) != nil || !r.Search.Space().Propagate() {
				t.Fatal("an instance failed at the root")
			}
		}
	})
	assert.Zero(t, allocs, "reset, pose and propagate at the root")
}
