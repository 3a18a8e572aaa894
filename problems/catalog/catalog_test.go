package catalog_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// word is a toy problem: an instance is a word, its one "solution" the
// word's length in a 1x1 grid; --colour takes red or blue.
type word struct{ name string }

type colour int

func (w word) Info() catalog.Info {
	return catalog.Info{Name: w.name, Flags: []catalog.Flag{
		{Name: "colour", Default: "red", Choices: []string{"red", "blue"}},
		{Name: "loud", Bool: true, Default: "false", Generate: true},
	}}
}

func (word) Options(s *catalog.Settings) (colour, error) {
	c, err := catalog.ParseFlag(s, "colour", catalog.ParseChoice([]string{"red", "blue"}))
	if !s.Gave("var") {
		s.Search.Var = csp.MaxDensity
	}
	return colour(c), err
}

func (word) Read(r io.Reader) iter.Seq[catalog.Item[string]] {
	return func(yield func(catalog.Item[string]) bool) {
		b, _ := io.ReadAll(r)
		for i, f := range strings.Fields(string(b)) {
			it := catalog.Item[string]{Index: i + 1, Line: 1, Value: f}
			if f == "bad" {
				it = catalog.Item[string]{Index: i + 1, Line: 1, Err: errors.New("a bad word")}
			}
			if !yield(it) {
				return
			}
		}
	}
}

func (word) Solve(_ context.Context, w string, c colour, _ catalog.Run) ([][]int, csp.Result, error) {
	return [][]int{{len(w) + int(c)}}, csp.Result{Solutions: 1}, nil
}

func (word) Count(_ context.Context, _ string, _ colour, run catalog.Run) (csp.Result, error) {
	return csp.Result{Solutions: run.Limit}, nil
}

func (word) Check(w string, g [][]int) error {
	if len(g) != 1 || len(g[0]) != 1 || g[0][0] < len(w) {
		return errors.New("wrong")
	}
	return nil
}

func (word) Write(w io.Writer, s string, g [][]int) error {
	_, err := fmt.Fprintf(w, "%s=%d\n", s, g[0][0])
	return err
}

// generating is word with a generator.
type generating struct{ word }

var _ catalog.Generator[colour] = generating{}

func (generating) Generate(w io.Writer, c colour, g catalog.Gen) error {
	_, err := fmt.Fprintf(w, "%d %d %d %d\n", c, g.Size, g.Holes, g.Seed)
	return err
}

func TestRegisterAndLookup(t *testing.T) {
	catalog.Register[string, colour](word{"test-word"})
	catalog.Register[string, colour](generating{word{"test-gen"}})
	p, ok := catalog.Lookup("test-word")
	require.True(t, ok)
	assert.Equal(t, "test-word", p.Name)
	assert.Contains(t, catalog.Names(), "test-word")
	_, ok = catalog.Lookup("no-such-puzzle")
	assert.False(t, ok)
	assert.PanicsWithValue(t, "catalog: problem test-word registered twice", func() { catalog.Register[string, colour](word{"test-word"}) })
	assert.Panics(t, func() { catalog.Register[string, colour](word{""}) }, "missing name")

	// Capabilities are found by type assertion, once.
	assert.False(t, p.CanGenerate || p.CanModel || p.CanReason || p.CanMark || p.CanClue || p.CanCensus)
	g, _ := catalog.Lookup("test-gen")
	assert.True(t, g.CanGenerate)
	assert.False(t, g.CanReason)

	s := catalog.NewSettings(p)
	assert.Equal(t, "red", s.Flag("colour"), "a flag's default")
	assert.EqualValues(t, -1, s.Holes, "holes not given")
}

func TestEntryDrivesTheTypedProblem(t *testing.T) {
	catalog.Register[string, colour](generating{word{"test-entry"}})
	p, _ := catalog.Lookup("test-entry")
	s := catalog.NewSettings(p)
	s.SetFlag("colour", "blue")
	require.NoError(t, p.Configure(s))
	assert.Equal(t, csp.MaxDensity, s.Search.Var, "the problem's search default")

	var got []string
	for it := range p.Read(strings.NewReader("ab bad abc"), false) {
		if it.Err != nil {
			got = append(got, "error: "+it.Err.Error())
			continue
		}
		g, res, err := p.Solve(context.Background(), it.Value, s, nil)
		require.NoError(t, err)
		require.NoError(t, p.Check(it.Value, g))
		var b strings.Builder
		require.NoError(t, p.Write(&b, it.Value, g))
		got = append(got, fmt.Sprintf("%d %s %d", it.Index, strings.TrimSpace(b.String()), res.Solutions))
	}
	assert.Equal(t, []string{"1 ab=3 1", "error: a bad word", "3 abc=4 1"}, got, "blue adds one")

	s.Limit = 7
	res, err := p.Count(context.Background(), "x", s, nil)
	require.NoError(t, err)
	assert.EqualValues(t, 7, res.Solutions, "the limit reaches the problem")

	var b strings.Builder
	s.Size, s.Holes, s.Search.Seed = 5, 3, 10
	require.NoError(t, p.Generate(context.Background(), &b, s, 2))
	assert.Equal(t, "1 5 3 12\n", b.String(), "the seed of instance i is seed+i")

	// What the problem lacks says so; no panic.
	_, err = p.Reason("x")
	assert.ErrorIs(t, err, catalog.ErrUnsupported)
	_, _, err = p.Model(context.Background(), "x", s)
	assert.ErrorIs(t, err, catalog.ErrUnsupported)
	for it := range p.Read(strings.NewReader("x"), true) {
		assert.ErrorIs(t, it.Err, catalog.ErrUnsupported, "no pencil-mark form")
	}
	assert.Nil(t, p.Clues("x"))

	// An instance of another type is an error, not a panic.
	_, _, err = p.Solve(context.Background(), 42, s, nil)
	assert.ErrorContains(t, err, "instance of type int")
}

func TestConfigureRejectsBadFlags(t *testing.T) {
	catalog.Register[string, colour](word{"test-flags"})
	p, _ := catalog.Lookup("test-flags")
	s := catalog.NewSettings(p)
	s.SetFlag("colour", "green")
	err := p.Configure(s)
	var fe *catalog.FlagError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, &catalog.FlagError{Flag: "colour", Value: "green", Want: "red or blue"}, fe)
	assert.EqualError(t, err, `invalid value "green" for flag -colour: want red or blue`)
	_, _, err = p.Solve(context.Background(), "x", s, nil)
	assert.ErrorAs(t, err, &fe, "Solve configures first, and says so")
}

func TestParsers(t *testing.T) {
	s := &catalog.Settings{}
	for _, tc := range []struct {
		value string
		parse func(string) error
		want  string // "" for no error
	}{
		{"true", func(v string) error { _, err := catalog.ParseBool(v); return err }, ""},
		{"yes", func(v string) error { _, err := catalog.ParseBool(v); return err }, "true or false"},
		{"50", func(v string) error { _, err := catalog.ParseRange(0, 100)(v); return err }, ""},
		{"150", func(v string) error { _, err := catalog.ParseRange(0, 100)(v); return err }, "a whole number from 0 to 100"},
		{"30s", func(v string) error { _, err := catalog.ParseDuration(v); return err }, ""},
		{"-1s", func(v string) error { _, err := catalog.ParseDuration(v); return err }, "a duration such as 30s"},
	} {
		s.SetFlag("f", tc.value)
		_, err := catalog.ParseFlag(s, "f", func(v string) (int, error) { return 0, tc.parse(v) })
		if tc.want == "" {
			assert.NoError(t, err, tc.value)
			continue
		}
		assert.EqualError(t, err, fmt.Sprintf("invalid value %q for flag -f: want %s", tc.value, tc.want))
	}

	levels := []string{"easy", "hard"}
	s = &catalog.Settings{}
	for _, f := range catalog.MakeFlags(levels) {
		s.SetFlag(f.Name, f.Default)
	}
	req, err := catalog.ParseMake(s, levels)
	require.NoError(t, err)
	assert.False(t, req.On, "no --difficulty: the benchmark generator")
	s.SetFlag("difficulty", "2")
	req, err = catalog.ParseMake(s, levels)
	require.NoError(t, err)
	assert.Equal(t, catalog.MakeRequest{On: true, Level: 1, Minimize: true, Limit: 60e9}, req)
	s.SetFlag("difficulty", "9")
	s.SetFlag("time-limit", "soon")
	_, err = catalog.ParseMake(s, levels)
	assert.ErrorContains(t, err, `invalid value "9" for flag -difficulty: want easy, hard, search, or 1..3`)
	assert.ErrorContains(t, err, `invalid value "soon" for flag -time-limit`, "every bad flag is told")

	s = &catalog.Settings{Model: "b"}
	i, err := catalog.ParseModel(s, []string{"a", "b"})
	require.NoError(t, err)
	assert.Equal(t, 1, i)
	s.Model = "c"
	_, err = catalog.ParseModel(s, []string{"a", "b"})
	assert.EqualError(t, err, `invalid value "c" for flag -model: want a or b`)
}

func TestCacheMakesOnce(t *testing.T) {
	var c catalog.Cache
	made := 0
	mk := func() (int, error) { made++; return made, nil }
	v, _ := catalog.Get(&c, "k", mk)
	assert.Equal(t, 1, v)
	v, _ = catalog.Get(&c, "k", mk)
	assert.Equal(t, 1, v)
	v, _ = catalog.Get(&c, "other", mk)
	assert.Equal(t, 2, v)
	_, err := catalog.Get(&c, "bad", func() (int, error) { return 0, io.EOF })
	assert.ErrorIs(t, err, io.EOF)
	v, _ = catalog.Get(&c, "bad", mk)
	assert.Equal(t, 3, v, "a failed make is not kept")

	// A value of another type under a key is not returned as a V: it is
	// replaced, and the new one is kept.
	w, err := catalog.Get(&c, "k", func() (string, error) { return "s", nil })
	require.NoError(t, err)
	assert.Equal(t, "s", w)
	w, _ = catalog.Get(&c, "k", func() (string, error) { return "again", nil })
	assert.Equal(t, "s", w)
}

func TestRows(t *testing.T) {
	assert.Nil(t, catalog.Rows(nil, 3))
	assert.Equal(t, [][]int{{1, 2}, {3, 4}}, catalog.Rows([]int{1, 2, 3, 4}, 2))
}

func TestUnsatisfiableUnwraps(t *testing.T) {
	err := catalog.Unsatisfiable{Reason: io.EOF}
	assert.ErrorIs(t, err, io.EOF)
	assert.Equal(t, "EOF", err.Error())
}

// clashing is word whose words with a repeated letter are givens that
// clash; it has a model too, so that Model is guarded as Solve is.
type clashing struct{ word }

var (
	_ catalog.Clasher[string]         = clashing{}
	_ catalog.Modeler[string, colour] = clashing{}
)

func (clashing) Clash(w string) error {
	for i := 1; i < len(w); i++ {
		if w[i] == w[i-1] {
			return fmt.Errorf("letters %d and %d both %c", i, i+1, w[i])
		}
	}
	return nil
}

func (clashing) Model(context.Context, string, colour) (*csp.Model, func([]int) [][]int, error) {
	return csp.NewModel(), func([]int) [][]int { return nil }, nil
}

// Solve, Count and Model answer an instance whose givens clash with
// Unsatisfiable and the problem's reason, without calling the problem;
// the others reach it.
func TestClasherMakesUnsatisfiable(t *testing.T) {
	catalog.Register[string, colour](clashing{word{"test-clash"}})
	p, _ := catalog.Lookup("test-clash")
	s := catalog.NewSettings(p)
	require.NoError(t, p.Prepare("aab", s, nil), "nothing to ready for a clash")

	_, _, err := p.Solve(context.Background(), "aab", s, nil)
	var unsat catalog.Unsatisfiable
	require.ErrorAs(t, err, &unsat)
	assert.EqualError(t, unsat.Reason, "letters 1 and 2 both a")
	_, err = p.Count(context.Background(), "aab", s, nil)
	assert.ErrorAs(t, err, &unsat)
	_, _, err = p.Model(context.Background(), "aab", s)
	assert.ErrorAs(t, err, &unsat)

	g, _, err := p.Solve(context.Background(), "abc", s, nil)
	require.NoError(t, err)
	assert.Equal(t, [][]int{{3}}, g)
	_, _, err = p.Model(context.Background(), "abc", s)
	assert.NoError(t, err)
}
