package skyscraper

import (
	"context"
	"errors"
	"io"
	"iter"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
)

// settingsFor returns settings holding the defaults of skyscraper's flags,
// as the command line starts them.
func settingsFor(t testing.TB) *catalog.Settings {
	t.Helper()
	s := &catalog.Settings{Holes: -1}
	for _, f := range (problem{}).Info().Flags {
		s.SetFlag(f.Name, f.Default)
	}
	return s
}

// TestCatalogSolves drives the typed problem as the command line does:
// read, options, solve, check, write (the solution reads back as a
// grid), count, and the model it hands out.
func TestCatalogSolves(t *testing.T) {
	pr := problem{}
	s := settingsFor(t)
	o, err := pr.Options(s)
	require.NoError(t, err)
	assert.Equal(t, Options{AllDiff: alldiff.GAC, Visibility: visibility.Line}, o.Options, "the defaults")
	run := s.Run(&catalog.Cache{})
	in := "4:3/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3\n" +
		`{"size":4,"clues":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"givens":[[1,2,3,4],[2,3,4,1],[3,4,1,2],[0,0,0,0]]}` + "\n"
	n := 0
	for it := range pr.Read(strings.NewReader(in)) {
		require.NoError(t, it.Err)
		n++
		p := it.Value
		grid, res, err := pr.Solve(context.Background(), p, o, run)
		require.NoError(t, err)
		require.NotNil(t, grid, "line %d: %s", it.Line, res.Status())
		require.NoError(t, pr.Check(p, grid))
		var out strings.Builder
		require.NoError(t, pr.Write(&out, p, grid))
		back := slices.Collect(pr.Read(strings.NewReader(out.String())))
		require.Len(t, back, 1)
		require.NoError(t, back[0].Err, out.String())
		assert.Equal(t, grid, back[0].Value.Givens, "the solution is written framed by the clues")
		run.Limit = 2
		c, err := pr.Count(context.Background(), p, o, run)
		run.Limit = 0
		require.NoError(t, err)
		assert.EqualValues(t, 1, c.Solutions, "line %d", it.Line)

		m, rows, err := pr.Model(context.Background(), p, o)
		require.NoError(t, err)
		var sols [][][]int
		for vals := range csp.NewSearch(m, search).All(context.Background()) {
			sols = append(sols, rows(vals))
		}
		assert.Equal(t, [][][]int{grid}, sols, "the model's one solution")
	}
	assert.Equal(t, 2, n)
}

// TestCatalogBadFlags: a bad value of each of skyscraper's own flags is a
// *catalog.FlagError that names the flag, the value and what it takes.
func TestCatalogBadFlags(t *testing.T) {
	for _, c := range []struct {
		flag, value, want string
	}{
		{"alldiff", "gacc", "value, hidden, gac or auto"},
		{"visibility", "lne", "edge, bounds, gac or line"},
		{"clues", "101", "a whole number from 0 to 100"},
		{"clues", "many", "a whole number from 0 to 100"},
		{"difficulty", "9", "edge rules and singles, clue bounds, clue filtering, whole lines, assumptions, search, 1..6, or one of easy, hard, extreme, unreasonable"},
		{"no-minimize", "maybe", "true or false"},
		{"time-limit", "soon", "a duration such as 30s"},
		{"attempts", "-1", "a whole number from 0 to"},
	} {
		t.Run(c.flag+"="+c.value, func(t *testing.T) {
			s := settingsFor(t)
			if c.flag != "difficulty" {
				s.SetFlag("difficulty", "1") // the other generate flags count with it
			}
			s.SetFlag(c.flag, c.value)
			_, err := problem{}.Options(s)
			var fe *catalog.FlagError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, c.flag, fe.Flag)
			assert.Equal(t, c.value, fe.Value)
			assert.Contains(t, fe.Want, c.want)
			assert.Contains(t, err.Error(), `"`+c.value+`"`)
		})
	}
	for _, f := range (problem{}).Info().Flags {
		if f.Name == "visibility" || f.Name == "alldiff" {
			assert.NotEmpty(t, f.Choices, "--%s lists its values", f.Name)
		}
	}
}

// TestCatalogGenerates: both generators write a Towers ID that reads back
// and has a solution; the graded one has exactly one.
func TestCatalogGenerates(t *testing.T) {
	pr := problem{}
	for _, c := range []struct {
		flags  map[string]string
		unique bool
	}{
		{map[string]string{"clues": "50"}, false},
		{map[string]string{"difficulty": "1"}, true},
	} {
		s := settingsFor(t)
		for k, v := range c.flags {
			s.SetFlag(k, v)
		}
		o, err := pr.Options(s)
		require.NoError(t, err)
		var out strings.Builder
		require.NoError(t, pr.Generate(&out, o, catalog.Gen{Size: 5, Holes: -1, Seed: 3}))
		items := slices.Collect(pr.Read(strings.NewReader(out.String())))
		require.Len(t, items, 1, out.String())
		require.NoError(t, items[0].Err)
		res, err := pr.Count(context.Background(), items[0].Value, o, s.Run(nil))
		require.NoError(t, err)
		require.True(t, res.Complete)
		if c.unique {
			assert.EqualValues(t, 1, res.Solutions, out.String())
		} else {
			assert.Positive(t, res.Solutions, out.String())
		}
	}
}

// TestCatalogCensus: the census's record is the Census, its summary the
// lines the command line prints after "% " (it ends the last with the time
// and the jobs), its list Towers IDs (one per class with Canonical), and a
// request out of range a bad request.
func TestCatalogCensus(t *testing.T) {
	pr := problem{}
	var ids []string
	rep, err := pr.Census(context.Background(), catalog.CensusRequest{Size: 4, Clues: 5, Jobs: 2}, nil, nil)
	require.NoError(t, err)
	c, ok := rep.Record.(Census)
	require.True(t, ok, "%T", rep.Record)
	assert.Equal(t, Census{Size: 4, Clues: 5, Squares: 576, Sets: 4368, SetsUpToSymmetry: 546, Puzzles: 4472832, Unique: 173152, UniqueUpToSymmetry: 21644}, c)
	assert.Equal(t, []string{
		"skyscraper census: size 4, 5 clues anywhere on the 16 edge positions",
		"position sets            4368  (546 up to symmetry)",
		"clue sets             4472832  (every value 1..4 on every position)",
		"unique                 173152  (21644 up to symmetry; 3.87% of the clue sets)",
		"576 Latin squares of order 4",
	}, rep.Summary)

	rep, err = pr.Census(context.Background(), catalog.CensusRequest{Size: 4, Clues: 1, OneSide: true, Jobs: 1}, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, "skyscraper census: size 4, 1 clue all on one side", rep.Summary[0])

	for _, canonical := range []bool{false, true} {
		ids = ids[:0]
		rep, err = pr.Census(context.Background(), catalog.CensusRequest{Size: 4, Clues: 3, Jobs: 2, Canonical: canonical},
			func(line string) { ids = append(ids, line) }, nil)
		require.NoError(t, err)
		c := rep.Record.(Census)
		want := c.Unique
		if canonical {
			want = c.UniqueUpToSymmetry
		}
		assert.EqualValues(t, want, len(ids), "canonical %v", canonical)
		for _, id := range ids {
			p, err := ParseTowers(id, 1)
			require.NoError(t, err)
			assert.Equal(t, id, FormatTowers(p))
			if canonical {
				assert.True(t, Canonical(p), id)
			}
		}
	}

	for _, req := range []catalog.CensusRequest{{Size: 6, Clues: 3}, {Size: 4, Clues: 17}, {Size: 4, Clues: 5, OneSide: true}, {Size: 4, Clues: 1, Jobs: -1}} {
		_, err := pr.Census(context.Background(), req, nil, nil)
		assert.ErrorIs(t, err, catalog.ErrBadRequest, "%+v", req)
		assert.ErrorIs(t, err, ErrCensus, "%+v", req)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = pr.Census(ctx, catalog.CensusRequest{Size: 5, Clues: 6}, nil, nil)
	assert.ErrorIs(t, err, context.Canceled)
	assert.NotErrorIs(t, err, catalog.ErrBadRequest, "a cancelled census is no bad request")
}

// TestReadLongLine: a line over MaxLine, between two good puzzles, is one
// bad item and reading goes on, in either reader and in a grid block.
func TestReadLongLine(t *testing.T) {
	huge := strings.Repeat("1", MaxLine+1)
	good := "4:3/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3"
	items := slices.Collect(Read(strings.NewReader(good + "\n" + huge + "\n" + good + "\n")))
	require.Len(t, items, 3)
	assert.NoError(t, items[0].Err)
	assert.ErrorIs(t, items[1].Err, ErrTooLong)
	assert.Equal(t, 2, items[1].Line)
	require.NoError(t, items[2].Err)
	assert.Equal(t, 3, items[2].Value.Line)
	assert.Equal(t, []int{1, 2, 3}, []int{items[0].Index, items[1].Index, items[2].Index})

	// In a grid block, the long line spoils the block only.
	grid := Format(New(2), nil)
	items = slices.Collect(Read(strings.NewReader(grid + "\n" + grid[:len(grid)-1] + huge + "\n\n" + good + "\n")))
	require.Len(t, items, 3)
	assert.NoError(t, items[0].Err)
	assert.ErrorIs(t, items[1].Err, ErrTooLong)
	assert.Equal(t, 6, items[1].Line)
	assert.NoError(t, items[2].Err)

	marks := FormatMarks(New(2), nil)
	items = slices.Collect(ReadMarks(strings.NewReader(marks + "\n" + huge + "\n\n" + marks)))
	require.Len(t, items, 3)
	assert.NoError(t, items[0].Err)
	assert.ErrorIs(t, items[1].Err, ErrTooLong)
	assert.Equal(t, 6, items[1].Line)
	assert.NoError(t, items[2].Err)
	assert.Equal(t, 8, items[2].Value.Line)
}

// TestReadStreams: the readers take CRLF line ends and a byte-order mark,
// read no further than asked, and end a batch cut by a read error with an
// item holding it.
func TestReadStreams(t *testing.T) {
	good := "4:3/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3"
	items := slices.Collect(Read(strings.NewReader("\uFEFF" + good + "\r\n\r\n" + strings.ReplaceAll(Format(New(2), nil), "\n", "\r\n"))))
	require.Len(t, items, 2)
	assert.NoError(t, items[0].Err)
	assert.NoError(t, items[1].Err)
	assert.Equal(t, 3, items[1].Line)

	for name, read := range map[string]func(io.Reader) iter.Seq[Item]{"Read": Read, "ReadMarks": ReadMarks} {
		first := good + "\n\n"
		if name == "ReadMarks" {
			first = FormatMarks(New(2), nil) + "\n"
		}
		// Stopping after the first item reads no further.
		r := &failing{data: first + first + first}
		n := 0
		for it := range read(r) {
			require.NoError(t, it.Err, name)
			n++
			break
		}
		assert.Equal(t, 1, n)
		assert.False(t, r.failed, "%s read on", name)

		// A read error ends the batch with an item holding it.
		r = &failing{data: first}
		items := slices.Collect(read(r))
		require.Len(t, items, 2, name)
		assert.NoError(t, items[0].Err, name)
		assert.ErrorIs(t, items[1].Err, errBroken, name)
		assert.Equal(t, 2, items[1].Index)
	}
}

var errBroken = errors.New("broken pipe")

// failing is a reader that gives data one byte at a time, then errBroken.
type failing struct {
	data   string
	failed bool
}

func (f *failing) Read(b []byte) (int, error) {
	if f.data == "" {
		f.failed = true
		return 0, errBroken
	}
	b[0] = f.data[0]
	f.data = f.data[1:]
	return 1, nil
}

// TestCatalogReuses solves a batch of Tatham's puzzles of mixed sizes, with
// givens and without, through one worker's cache, in two orders: every
// puzzle gets the solution and the search (nodes, propagations) its own
// model gives it, so what an earlier puzzle left in the reused model
// changes nothing; counting and listing agree too. Once a size's model is
// built, resetting it, posing a puzzle and propagating at the root
// allocates nothing.
func TestCatalogReuses(t *testing.T) {
	pr := problem{}
	s := settingsFor(t)
	s.Search = csp.Options{Var: csp.DomWDeg, Val: csp.ValMin, Restarts: csp.Luby, Seed: 1, RandomTies: true}
	o, err := pr.Options(s)
	require.NoError(t, err)
	var ps []*Puzzle
	for _, cell := range []struct {
		n     int
		level string
	}{{4, "e"}, {5, "u"}, {6, "h"}, {5, "x"}, {4, "u"}} {
		ps = append(ps, tathamGroup(t, cell.n, cell.level)[:4]...)
	}
	withGivens, err := ParseTowers("4:3///////////////,a1_4m", 1)
	require.NoError(t, err)
	ps = append(ps, withGivens)
	ctx := context.Background()
	type got struct {
		grid              [][]int
		nodes, props, sol int64
	}
	alone := make([]got, len(ps))
	for i, p := range ps {
		g, res, err := Solve(ctx, p, o.Options, s.Search)
		require.NoError(t, err)
		alone[i] = got{g, res.Stats.Nodes, res.Stats.Propagations, 0}
		cres, err := Count(ctx, p, o.Options, s.Search, 0)
		require.NoError(t, err)
		alone[i].sol = cres.Solutions
	}
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}, {20, 3, 17, 9, 0, 12, 5, 19, 1, 14, 7, 10, 2, 16, 4, 18, 6, 11, 8, 15, 13}} {
		require.Len(t, order, len(ps))
		var c catalog.Cache
		run := s.Run(&c)
		for _, i := range order {
			g, res, err := pr.Solve(ctx, ps[i], o, run)
			require.NoError(t, err, "puzzle %d", i)
			assert.Equal(t, alone[i].grid, g, "puzzle %d", i)
			assert.Equal(t, alone[i].nodes, res.Stats.Nodes, "puzzle %d: nodes", i)
			assert.Equal(t, alone[i].props, res.Stats.Propagations, "puzzle %d: propagations", i)
			cres, err := pr.Count(ctx, ps[i], o, run)
			require.NoError(t, err)
			assert.Equal(t, alone[i].sol, cres.Solutions, "puzzle %d: count", i)
		}
	}

	var c catalog.Cache
	run := s.Run(&c)
	r, err := reuse(ctx, ps[0], o, run)
	require.NoError(t, err)
	require.NotNil(t, r)
	allocs := testing.AllocsPerRun(20, func() {
		for _, p := range []*Puzzle{ps[0], ps[1], ps[2], withGivens} {
			r.Search.Reset()
			if r.Model.Pose(r.Search.Space(), p) != nil || !r.Search.Space().Propagate() {
				t.Fatal("a puzzle failed at the root")
			}
		}
	})
	assert.Zero(t, allocs, "reset, pose and propagate at the root")
}

// The usage text (csp help) says in which order clues go; this holds it to
// the reader: the side names are taken from the doc line, each side gets
// its own clue values in the order named, and the reader must put them on
// the side of that name (Towers IDs list sides top, bottom, left, right;
// clockwise lists go round from the top-left corner).
func TestDocStatesClueOrder(t *testing.T) {
	doc := problem{}.Info().Doc
	towers := regexp.MustCompile(`N:(\w+)/(\w+)/(\w+)/(\w+)`).FindStringSubmatch(doc)
	require.NotNil(t, towers, "the doc names the Towers ID's sides: %s", doc)
	clockwise := regexp.MustCompile(`\((\w+), (\w+), (\w+), (\w+): clockwise`).FindStringSubmatch(doc)
	require.NotNil(t, clockwise, "the doc names the clockwise list's sides: %s", doc)

	// Side name -> its clues as read left to right or top to bottom, and
	// as met going clockwise (bottom and left are walked backwards).
	sides := map[string][]int{"top": {1, 2, 0, 0}, "bottom": {0, 3, 0, 0}, "left": {0, 0, 2, 0}, "right": {0, 0, 0, 4}}
	clockwiseOf := func(side string) []int {
		s := slices.Clone(sides[side])
		if side == "bottom" || side == "left" {
			slices.Reverse(s)
		}
		return s
	}
	join := func(vs []int, sep string, zero string) string {
		out := make([]string, len(vs))
		for i, v := range vs {
			out[i] = strconv.Itoa(v)
			if v == 0 {
				out[i] = zero
			}
		}
		return strings.Join(out, sep)
	}
	var id, list []string
	for _, side := range towers[1:] {
		id = append(id, join(sides[side], "/", ""))
	}
	for _, side := range clockwise[1:] {
		list = append(list, join(clockwiseOf(side), ", ", "0"))
	}
	items := slices.Collect(Read(strings.NewReader("4:" + strings.Join(id, "/") + "\n[" + strings.Join(list, ", ") + "]\n")))
	require.Len(t, items, 2)
	for _, it := range items {
		require.NoError(t, it.Err)
		p := it.Value
		assert.Equal(t, sides["top"], p.Top, "line %d", it.Line)
		assert.Equal(t, sides["bottom"], p.Bottom, "line %d", it.Line)
		assert.Equal(t, sides["left"], p.Left, "line %d", it.Line)
		assert.Equal(t, sides["right"], p.Right, "line %d", it.Line)
	}
}
