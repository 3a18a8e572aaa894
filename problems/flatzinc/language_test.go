package flatzinc

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
)

// fzn is the FlatZinc language as the catalog serves it.
func fzn(t *testing.T) *catalog.LanguageEntry {
	t.Helper()
	l, ok := catalog.LookupLanguage("fzn")
	require.True(t, ok, "the package registers FlatZinc")
	return l
}

const (
	// threeVars has three all-different variables over 1..3, through csp's
	// library: six solutions, searched in input order, smallest first.
	threeVars = "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\nvar 1..3: z :: output_var;\n" +
		"constraint csp_all_different_int([x, y, z]);\nsolve :: int_search([x, y, z], input_order, indomain_min, complete) satisfy;\n"
	// maxSum maximises x + y, x < y over 1..3: the optimum is 5.
	maxSum = "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\nvar 2..6: s :: output_var;\n" +
		"constraint int_lt(x, y);\nconstraint int_lin_eq([1, 1, -1], [x, y, s], 0);\nsolve maximize s;\n"
)

func TestLanguageInfoAndOptions(t *testing.T) {
	l := fzn(t)
	assert.Equal(t, "FlatZinc", l.Title)
	assert.Equal(t, ".fzn", l.Ext)
	require.Len(t, l.Flags, 1)
	assert.Equal(t, []string{"value", "hidden", "gac", "auto"}, l.Flags[0].Choices)

	for _, tc := range []struct {
		value string
		want  *alldiff.Strength
	}{{"", nil}, {"value", ptr(alldiff.Value)}, {"hidden", ptr(alldiff.Hidden)}, {"gac", ptr(alldiff.GAC)}, {"auto", ptr(alldiff.Auto)}} {
		s := catalog.NewLanguageSettings(l)
		s.SetFlag("alldiff", tc.value)
		o, err := language{}.Options(s)
		require.NoError(t, err, tc.value)
		assert.Equal(t, tc.want, o.AllDiff, "--alldiff %q", tc.value)
	}
	s := catalog.NewLanguageSettings(l)
	s.SetFlag("alldiff", "strong")
	err := l.Configure(s)
	var fe *catalog.FlagError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.EqualError(t, err, `invalid value "strong" for flag -alldiff: want value, hidden, gac or auto`)
}

// The catalog's Source builds under the options Configure parsed, and
// says where --alldiff applies: only to models that post csp's
// all-different.
func TestLanguageBuildsThroughTheCatalog(t *testing.T) {
	l := fzn(t)
	src, err := l.Read(strings.NewReader(threeVars))
	require.NoError(t, err)
	assert.True(t, src.Applies("alldiff"))
	other, err := l.Read(strings.NewReader(maxSum))
	require.NoError(t, err)
	assert.False(t, other.Applies("alldiff"))
	assert.Contains(t, l.Scope("alldiff"), "csp's library")

	for _, value := range []string{"", "value", "gac"} {
		s := catalog.NewLanguageSettings(l)
		s.SetFlag("alldiff", value)
		require.NoError(t, l.Configure(s))
		b, err := src.Build(context.Background(), s)
		require.NoError(t, err)
		assert.Equal(t, catalog.Satisfy, b.Goal())
		rep, err := b.Solve(context.Background(), nil, catalog.SolveSettings{All: true})
		require.NoError(t, err)
		assert.EqualValues(t, 6, rep.Solutions, "--alldiff %q", value)
		assert.True(t, rep.Complete)
	}
	b, err := other.Build(context.Background(), nil)
	require.NoError(t, err)
	assert.Equal(t, catalog.Maximize, b.Goal())

	_, err = l.Read(strings.NewReader("var 1..3: x;\n"))
	assert.Error(t, err, "a model without its solve item")
}

// Solve with a writer streams the FlatZinc output form: each solution's
// outputs, then the separator; WriteStatus ends the run with the line the
// specification asks.
func TestLanguageOutput(t *testing.T) {
	l := fzn(t)
	run := func(model string, s catalog.SolveSettings) (string, catalog.SolveReport) {
		src, err := l.Read(strings.NewReader(model))
		require.NoError(t, err)
		b, err := src.Build(context.Background(), nil)
		require.NoError(t, err)
		var out strings.Builder
		rep, err := b.Solve(context.Background(), &out, s)
		require.NoError(t, err)
		require.NoError(t, l.WriteStatus(&out, b.Goal(), rep, s))
		return out.String(), rep
	}
	out, _ := run(threeVars, catalog.SolveSettings{})
	assert.Equal(t, "x = 1;\ny = 2;\nz = 3;\n----------\n", out, "the first solution, no status: not every one was asked")
	out, _ = run(threeVars, catalog.SolveSettings{Solutions: 2})
	assert.Equal(t, "x = 1;\ny = 2;\nz = 3;\n----------\nx = 1;\ny = 3;\nz = 2;\n----------\n", out)
	out, _ = run(threeVars, catalog.SolveSettings{All: true})
	assert.Equal(t, 6, strings.Count(out, "----------\n"))
	assert.True(t, strings.HasSuffix(out, "----------\n==========\n"), out)
	out, rep := run(maxSum, catalog.SolveSettings{})
	assert.Equal(t, "x = 2;\ny = 3;\ns = 5;\n----------\n==========\n", out, "the optimum, proved")
	assert.EqualValues(t, 5, rep.Objective)
	out, _ = run("var 1..2: x;\nconstraint int_eq(x, 3);\nsolve satisfy;\n", catalog.SolveSettings{})
	assert.Equal(t, "=====UNSATISFIABLE=====\n", out)

	var unknown strings.Builder
	require.NoError(t, l.WriteStatus(&unknown, catalog.Satisfy, catalog.SolveReport{}, catalog.SolveSettings{}))
	assert.Equal(t, "=====UNKNOWN=====\n", unknown.String(), "a run stopped before its model was built")

	// A failed write ends the run with its error.
	src, err := l.Read(strings.NewReader(threeVars))
	require.NoError(t, err)
	b, err := src.Build(context.Background(), nil)
	require.NoError(t, err)
	broken := errors.New("disk full")
	rep, err = b.Solve(context.Background(), failingWriter{broken}, catalog.SolveSettings{All: true})
	assert.ErrorIs(t, err, broken)
	assert.EqualValues(t, 1, rep.Solutions, "the search stops at the first write")
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// WriteStats writes MiniZinc's names, the objective only for an
// optimisation with a solution, then the end line and the notes.
func TestWriteStats(t *testing.T) {
	m, err := Read(strings.NewReader(maxSum))
	require.NoError(t, err)
	p, err := Build(context.Background(), m)
	require.NoError(t, err)
	p.Notes = []string{"a note"}
	rep := Report{Solutions: 2, Complete: true, Objective: 5, OutputTime: 2 * time.Millisecond,
		Stats: csp.Stats{Nodes: 4, Failures: 1, SolveTime: 1500 * time.Microsecond}}
	var b strings.Builder
	require.NoError(t, p.WriteStats(&b, rep, 3*time.Millisecond))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	var names []string
	for _, line := range lines {
		if name, _, ok := strings.Cut(strings.TrimPrefix(line, "%%%mzn-stat: "), "="); ok {
			names = append(names, name)
		}
	}
	assert.Equal(t, []string{"initTime", "solveTime", "checkTime", "solutions", "objective", "variables", "propagators",
		"propagations", "nodes", "failures", "restarts", "peakDepth"}, names)
	assert.Contains(t, lines, "%%%mzn-stat: initTime=0.003000")
	assert.Contains(t, lines, "%%%mzn-stat: solveTime=0.001500")
	assert.Contains(t, lines, "%%%mzn-stat: objective=5")
	assert.Equal(t, []string{"%%%mzn-stat-end", "% note: a note"}, lines[len(lines)-2:])
}

// Settings.Adjust has the last word on the engine options, after Free
// and the seed.
func TestOptionsAdjustLast(t *testing.T) {
	p := &Problem{Search: csp.Options{Var: csp.InputOrder}}
	o := p.Options(Settings{Free: true, Seed: 7, TimeLimit: time.Second, Adjust: func(o csp.Options) csp.Options {
		assert.Equal(t, csp.DomWDeg, o.Var, "the free search, before Adjust")
		assert.EqualValues(t, 7, o.Seed)
		o.Var, o.NodeLimit = csp.MinDomain, 9
		return o
	}})
	assert.Equal(t, csp.MinDomain, o.Var)
	assert.EqualValues(t, 9, o.NodeLimit)
	assert.Equal(t, time.Second, o.TimeLimit)
}
