package csp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

// vocabulary is one enumeration of the search vocabulary seen through
// strings: its constants in value order, its names, and parse-then-String.
type vocabulary struct {
	kind   string         // as the error message says it
	values []fmt.Stringer // every constant, in value order
	names  func() []string
	parse  func(string) (fmt.Stringer, error)
}

// vocabularies lists the constants by hand, so a constant added without a
// name (or a name without a constant) fails the tests below.
var vocabularies = []vocabulary{
	{
		kind:   "variable order",
		values: []fmt.Stringer{csp.InputOrder, csp.MinDomain, csp.DomWDeg, csp.MaxDensity, csp.Activity, csp.LiteralActivity},
		names:  csp.VarSelectNames,
		parse:  func(s string) (fmt.Stringer, error) { return csp.ParseVarSelect(s) },
	},
	{
		kind:   "value order",
		values: []fmt.Stringer{csp.ValMin, csp.ValMax, csp.ValSplit, csp.ValRandom, csp.ValDensity, csp.ValMedian, csp.ValReverseSplit},
		names:  csp.ValSelectNames,
		parse:  func(s string) (fmt.Stringer, error) { return csp.ParseValSelect(s) },
	},
	{
		kind:   "restart policy",
		values: []fmt.Stringer{csp.NoRestarts, csp.Luby, csp.Geometric, csp.Glucose},
		names:  csp.RestartNames,
		parse:  func(s string) (fmt.Stringer, error) { return csp.ParseRestart(s) },
	},
	{
		kind:   "save mode",
		values: []fmt.Stringer{csp.Copying, csp.Trailing},
		names:  csp.SaveModeNames,
		parse:  func(s string) (fmt.Stringer, error) { return csp.ParseSaveMode(s) },
	},
	{
		kind:   "search order",
		values: []fmt.Stringer{csp.DepthFirst, csp.BreadthFirst},
		names:  csp.OrderNames,
		parse:  func(s string) (fmt.Stringer, error) { return csp.ParseOrder(s) },
	},
	{
		kind:   "learning",
		values: []fmt.Stringer{csp.LearnNone, csp.LearnNogoods, csp.LearnClauses},
		names:  csp.LearnNames,
		parse:  func(s string) (fmt.Stringer, error) { return csp.ParseLearn(s) },
	},
}

// The names are the command line's public interface: they must not change.
func TestVocabularyNames(t *testing.T) {
	tests := []struct {
		kind string
		want []string
	}{
		{"variable order", []string{"input", "mindom", "domwdeg", "maxsd", "activity", "literal"}},
		{"value order", []string{"min", "max", "split", "random", "density", "median", "reverse-split"}},
		{"restart policy", []string{"none", "luby", "geometric", "glucose"}},
		{"save mode", []string{"copying", "trailing"}},
		{"search order", []string{"dfs", "bfs"}},
		{"learning", []string{"none", "nogoods", "clauses"}},
	}
	require.Len(t, vocabularies, len(tests))
	for i, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			v := vocabularies[i]
			require.Equal(t, tt.kind, v.kind)
			assert.Equal(t, tt.want, v.names())
			require.Len(t, v.values, len(tt.want), "one constant per name")
			for j, x := range v.values {
				assert.Equal(t, tt.want[j], x.String(), "constant %d", j)
			}
		})
	}
}

func TestVocabularyRoundTrip(t *testing.T) {
	for _, v := range vocabularies {
		t.Run(v.kind, func(t *testing.T) {
			for _, x := range v.values {
				got, err := v.parse(x.String())
				require.NoError(t, err, x.String())
				assert.Equal(t, x, got, "Parse(String(%v))", x)
			}
			for _, name := range v.names() {
				got, err := v.parse(name)
				require.NoError(t, err, name)
				assert.Equal(t, name, got.String())
			}
		})
	}
}

func TestVocabularyUnknown(t *testing.T) {
	for _, v := range vocabularies {
		first := v.names()[0]
		for _, bad := range []string{"", "domwdg", strings.ToUpper(first), " " + first, first + " ", "0", "\x00"} {
			t.Run(v.kind+"/"+fmt.Sprintf("%q", bad), func(t *testing.T) {
				_, err := v.parse(bad)
				require.Error(t, err)
				assert.ErrorIs(t, err, csp.ErrUnknownName)
				msg := err.Error()
				assert.True(t, strings.HasPrefix(msg, "csp: unknown "+v.kind+" "+fmt.Sprintf("%q", bad)+": want "), msg)
				for _, name := range v.names() {
					assert.Contains(t, msg, name, "every choice is named")
				}
			})
		}
	}
}

// The error names the value and the choices in the form a user reads.
func TestParseVarSelectMessage(t *testing.T) {
	_, err := csp.ParseVarSelect("domwdg")
	require.Error(t, err)
	assert.EqualError(t, err, `csp: unknown variable order "domwdg": want input, mindom, domwdeg, maxsd, activity or literal`)
}

// Values outside the lists still print, as Kind(n), and do not parse back.
func TestVocabularyStringOutOfRange(t *testing.T) {
	tests := []struct {
		v    fmt.Stringer
		want string
	}{
		{csp.VarSelect(200), "VarSelect(200)"},
		{csp.ValSelect(7), "ValSelect(7)"},
		{csp.Restart(4), "Restart(4)"},
		{csp.SaveMode(2), "SaveMode(2)"},
		{csp.Order(2), "Order(2)"},
		{csp.Learn(3), "Learn(3)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.v.String())
		})
	}
}

// The names list is a copy: changing it changes nothing in csp.
func TestVocabularyNamesAreCopies(t *testing.T) {
	for _, v := range vocabularies {
		t.Run(v.kind, func(t *testing.T) {
			names := v.names()
			first := names[0]
			names[0] = "changed"
			assert.Equal(t, first, v.names()[0])
			_, err := v.parse("changed")
			assert.Error(t, err)
		})
	}
}

// FuzzParseVocabulary checks, for any text, that each parse function
// either accepts it and String gives it back, or refuses it with an error
// that matches ErrUnknownName and quotes it; never a panic.
func FuzzParseVocabulary(f *testing.F) {
	for _, v := range vocabularies {
		for _, name := range v.names() {
			f.Add(name)
		}
	}
	f.Add("domwdg")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range vocabularies {
			x, err := v.parse(s)
			if err != nil {
				if !assert.ErrorIs(t, err, csp.ErrUnknownName) {
					return
				}
				assert.Contains(t, err.Error(), fmt.Sprintf("%q", s))
				continue
			}
			assert.Equal(t, s, x.String(), "%s round trip", v.kind)
		}
	})
}
