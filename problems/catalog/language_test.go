package catalog_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/problems/catalog"
)

// sums is a toy language: a model is a list of numbers, built into their
// sum times --scale (1 by default); it is neither a Scoper nor an
// Installer.
type sums struct{ name string }

type sumModel []int

func (l sums) Info() catalog.LanguageInfo {
	return catalog.LanguageInfo{Name: l.name, Title: "Sums", Ext: ".sum",
		Flags: []catalog.Flag{{Name: "scale", Default: "1"}}}
}

func (sums) Read(r io.Reader) (sumModel, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var m sumModel
	for _, f := range strings.Fields(string(b)) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("not a number: %q", f)
		}
		m = append(m, n)
	}
	return m, nil
}

func (sums) Options(s *catalog.Settings) (int, error) {
	return catalog.ParseFlag(s, "scale", catalog.ParseRange(1, 10))
}

func (sums) Build(_ context.Context, m sumModel, scale int) (catalog.Built, error) {
	total := 0
	for _, n := range m {
		total += n
	}
	return sumBuilt(total * scale), nil
}

func (sums) WriteStatus(w io.Writer, _ catalog.Goal, rep catalog.SolveReport, _ catalog.SolveSettings) error {
	_, err := fmt.Fprintf(w, "done %d\n", rep.Solutions)
	return err
}

type sumBuilt int

func (sumBuilt) Goal() catalog.Goal { return catalog.Maximize }

func (b sumBuilt) Solve(_ context.Context, w io.Writer, _ catalog.SolveSettings) (catalog.SolveReport, error) {
	if w != nil {
		if _, err := fmt.Fprintf(w, "%d\n", int(b)); err != nil {
			return catalog.SolveReport{}, err
		}
	}
	return catalog.SolveReport{Solutions: 1, Complete: true, Objective: int64(b)}, nil
}

func (sumBuilt) WriteStats(io.Writer, catalog.SolveReport, time.Duration) error { return nil }

var _ catalog.Language[sumModel, int] = sums{}

func TestLanguageRegistry(t *testing.T) {
	catalog.RegisterLanguage[sumModel, int](sums{"test-sums"})
	l, ok := catalog.LookupLanguage("test-sums")
	require.True(t, ok)
	assert.Equal(t, "Sums", l.Title)
	assert.Contains(t, catalog.Languages(), "test-sums")
	_, ok = catalog.LookupLanguage("no-such-language")
	assert.False(t, ok)
	_, ok = catalog.Lookup("test-sums")
	assert.False(t, ok, "a language is not a problem")

	assert.PanicsWithValue(t, "catalog: language test-sums registered twice", func() { catalog.RegisterLanguage[sumModel, int](sums{"test-sums"}) })
	assert.PanicsWithValue(t, "catalog: a language needs a name", func() { catalog.RegisterLanguage[sumModel, int](sums{""}) })
	catalog.Register[string, colour](word{"test-word-or-language"})
	assert.PanicsWithValue(t, "catalog: language test-word-or-language has the name of a problem",
		func() { catalog.RegisterLanguage[sumModel, int](sums{"test-word-or-language"}) })
	catalog.RegisterLanguage[sumModel, int](sums{"test-language-or-word"})
	assert.PanicsWithValue(t, "catalog: problem test-language-or-word has the name of a language",
		func() { catalog.Register[string, colour](word{"test-language-or-word"}) })
}

func TestLanguageEntryDrivesTheTypedLanguage(t *testing.T) {
	catalog.RegisterLanguage[sumModel, int](sums{"test-sums-entry"})
	l, _ := catalog.LookupLanguage("test-sums-entry")
	assert.False(t, l.CanInstall)

	src, err := l.Read(strings.NewReader("1 2 3"))
	require.NoError(t, err)
	_, err = l.Read(strings.NewReader("1 x"))
	assert.EqualError(t, err, `not a number: "x"`)

	// nil settings: every flag at its default.
	b, err := src.Build(context.Background(), nil)
	require.NoError(t, err)
	var out strings.Builder
	rep, err := b.Solve(context.Background(), &out, catalog.SolveSettings{})
	require.NoError(t, err)
	assert.Equal(t, "6\n", out.String())
	assert.Equal(t, catalog.Maximize, b.Goal())

	// Options parsed once by Configure, then every build's.
	s := catalog.NewLanguageSettings(l)
	assert.Equal(t, "1", s.Flag("scale"), "a flag's default")
	s.SetFlag("scale", "3")
	require.NoError(t, l.Configure(s))
	b, err = src.Build(context.Background(), s)
	require.NoError(t, err)
	rep, err = b.Solve(context.Background(), nil, catalog.SolveSettings{})
	require.NoError(t, err)
	assert.EqualValues(t, 18, rep.Objective)

	// A bad value is a *FlagError, from Configure or from an unconfigured
	// build.
	s.SetFlag("scale", "11")
	var fe *catalog.FlagError
	assert.True(t, errors.As(l.Configure(s), &fe))
	_, err = src.Build(context.Background(), s)
	assert.True(t, errors.As(err, &fe))

	// Options of another type (a problem's) are an error, not a panic.
	catalog.Register[string, colour](word{"test-word-options"})
	p, _ := catalog.Lookup("test-word-options")
	ps := catalog.NewSettings(p)
	require.NoError(t, p.Configure(ps))
	_, err = src.Build(context.Background(), ps)
	assert.ErrorContains(t, err, "options of type")

	// No Scoper: every flag applies to every model; no Installer.
	assert.True(t, src.Applies("scale"))
	assert.Equal(t, "", l.Scope("scale"))
	assert.ErrorIs(t, l.Install(io.Discard, "", "/bin/csp"), catalog.ErrUnsupported)
	out.Reset()
	require.NoError(t, l.WriteStatus(&out, catalog.Satisfy, rep, catalog.SolveSettings{}))
	assert.Equal(t, "done 1\n", out.String())
}

func TestGoalString(t *testing.T) {
	assert.Equal(t, "satisfy minimize maximize Goal(7)",
		strings.Join([]string{catalog.Satisfy.String(), catalog.Minimize.String(), catalog.Maximize.String(), catalog.Goal(7).String()}, " "))
}
