package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// searchVocab is each search flag with the list its names come from.
var searchVocab = []struct {
	flag  string
	names []string
}{
	{"var", csp.VarSelectNames()},
	{"val", csp.ValSelectNames()},
	{"restarts", csp.RestartNames()},
	{"save", csp.SaveModeNames()},
}

// A bad search name is a usage error before anything runs: exit 2,
// nothing on stdout, and a message naming the subcommand, the flag, the
// value and every choice. FILE does not exist, so a run that got past the
// flags would fail differently (exit 1, "no such file"). A bad item of a
// bench list (inList) is named once, after the whole list: "the item is
// not one of the choices"; a value alone is named once, by the flag
// package.
func TestSearchFlagBadValue(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		flag   string
		bad    string
		inList bool
	}{
		{"solve var", []string{"solve", "sudoku", "missing.txt", "--var", "domwdg"}, "var", "domwdg", false},
		{"solve val", []string{"solve", "sudoku", "missing.txt", "--val", "minimum"}, "val", "minimum", false},
		{"solve restarts", []string{"solve", "sudoku", "missing.txt", "--restarts", "lubi"}, "restarts", "lubi", false},
		{"solve save", []string{"solve", "sudoku", "missing.txt", "--save", "copy"}, "save", "copy", false},
		{"solve var before problem", []string{"solve", "--var=MinDom", "sudoku", "missing.txt"}, "var", "MinDom", false},
		{"count var", []string{"count", "latin", "missing.txt", "--var", "dom/wdeg"}, "var", "dom/wdeg", false},
		{"count save", []string{"count", "latin", "missing.txt", "--save", "trail"}, "save", "trail", false},
		{"solve empty val", []string{"solve", "sudoku", "missing.txt", "--val="}, "val", "", false},
		{"bench var", []string{"bench", "--var", "domwdg", "missing.txt"}, "var", "domwdg", false},
		{"bench var in list", []string{"bench", "--var", "mindom,domwdg", "missing.txt"}, "var", "domwdg", true},
		{"bench save in list", []string{"bench", "--save", "copy,copying", "missing.txt"}, "save", "copy", true},
		{"bench val", []string{"bench", "--val", "mn", "missing.txt"}, "val", "mn", false},
		{"bench restarts", []string{"bench", "--restarts", "lubi", "missing.txt"}, "restarts", "lubi", false},
		{"bench save", []string{"bench", "--save", "copy", "missing.txt"}, "save", "copy", false},
		{"portfolio member var", []string{"solve", "sudoku", "missing.txt", "--portfolio", "var=mindom; var=domwdg"}, "var", "domwdg", false},
		{"portfolio member restarts", []string{"solve", "sudoku", "missing.txt", "--portfolio", "restarts=lubi"}, "restarts", "lubi", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCSP(t, "", tt.args...)
			assert.Equal(t, 2, r.code, r.stderr)
			assert.Empty(t, r.stdout)
			assert.True(t, strings.HasPrefix(r.stderr, "csp: "+tt.args[0]+": "), r.stderr)
			assert.Contains(t, r.stderr, "flag -"+tt.flag+":")
			assert.Contains(t, r.stderr, fmt.Sprintf("%q", tt.bad))
			var names []string
			for _, v := range searchVocab {
				if v.flag == tt.flag {
					names = v.names
				}
			}
			require.NotEmpty(t, names, "flag %s is in searchVocab", tt.flag)
			if tt.args[0] == "bench" && (tt.flag == "var" || tt.flag == "val" || tt.flag == "restarts") {
				names = append(slices.Clip(names), annotated) // bench's: keep a FlatZinc file's annotations
			}
			choices := catalog.List(names)
			if tt.inList {
				assert.Contains(t, r.stderr, fmt.Sprintf("%q is not one of %s\n", tt.bad, choices))
			} else {
				assert.Contains(t, r.stderr, "want "+choices+"\n")
			}
			assert.Equal(t, 1, strings.Count(r.stderr, fmt.Sprintf("%q", tt.bad)), "the bad value is named once: %s", r.stderr)
			assert.NotContains(t, r.stderr, "no such file", "nothing ran")
		})
	}
}

// Every name of the vocabulary is accepted by solve's flags, by a
// portfolio member and by bench's matrix, and reaches the search options
// as the value of that name.
func TestSearchFlagNamesReachOptions(t *testing.T) {
	p, ok := catalog.Lookup("latin")
	require.True(t, ok)
	for _, v := range searchVocab {
		for _, name := range v.names {
			t.Run(v.flag+"="+name, func(t *testing.T) {
				got := map[string]func(csp.Options) string{
					"var":      func(o csp.Options) string { return o.Var.String() },
					"val":      func(o csp.Options) string { return o.Val.String() },
					"restarts": func(o csp.Options) string { return o.Restarts.String() },
					"save":     func(o csp.Options) string { return o.SaveMode.String() },
				}[v.flag]
				require.NotNil(t, got)

				// The command line.
				c := NewConfig()
				fs := flag.NewFlagSet("test", flag.ContinueOnError)
				batchFlags(false)(fs, c)
				require.NoError(t, fs.Set(v.flag, name))
				assert.Equal(t, name, got(c.search), "solve --%s", v.flag)
				assert.Equal(t, name, fs.Lookup(v.flag).Value.String(), "the flag prints its name")

				// Bench: the configuration's value reaches the settings.
				s, err := settingsFor(p, Configuration{Values: map[string]string{v.flag: name}}, &BenchConfig{})
				require.NoError(t, err)
				assert.Equal(t, name, got(s.Search), "bench --%s", v.flag)

				// A portfolio member (save mode is not a member's flag).
				if v.flag != "save" {
					o, err := portfolioMember(csp.Options{}, 0, []string{"--" + v.flag + "=" + name})
					require.NoError(t, err)
					assert.Equal(t, name, got(o), "portfolio member %s", v.flag)
				}
			})
		}
	}
}

// The usage text lists each search flag's choices as csp names them, in
// their order, so the help cannot drift from what the flags accept.
func TestUsageListsSearchNames(t *testing.T) {
	u := usage()
	for _, v := range searchVocab {
		t.Run(v.flag, func(t *testing.T) {
			// The whole list, not a prefix of a longer one.
			re := regexp.MustCompile(regexp.QuoteMeta("--"+v.flag+" "+strings.Join(v.names, "|")) + `\s`)
			assert.Regexp(t, re, u)
		})
	}
}

// The README's table of the flags of solve and count lists, for each
// search flag, exactly the names csp's vocabulary has: the values column
// names each choice once in backquotes (the default first), and what
// stands in parentheses there is a note on defaults, whose names repeat
// choices already listed. So the guide cannot drift from the flags.
func TestReadmeListsSearchNames(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "README.md"))
	require.NoError(t, err)
	rows := map[string]string{} // flag -> its values cell
	for line := range strings.Lines(string(data)) {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`--") {
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		rows[strings.TrimPrefix(name, "--")] = cells[2]
	}
	note := regexp.MustCompile(`\([^)]*\)`)
	quoted := regexp.MustCompile("`([^`]+)`")
	vocab := append(slices.Clip(searchVocab), []struct {
		flag  string
		names []string
	}{
		{"order", csp.OrderNames()},
		{"learn", csp.LearnNames()},
	}...)
	for _, v := range vocab {
		t.Run(v.flag, func(t *testing.T) {
			cell, ok := rows[v.flag]
			require.True(t, ok, "README.md has a row | `--%s` | in its table of flags", v.flag)
			var listed []string
			for _, m := range quoted.FindAllStringSubmatch(note.ReplaceAllString(cell, ""), -1) {
				listed = append(listed, m[1])
			}
			assert.ElementsMatch(t, v.names, listed, "README.md's values of --%s: %s", v.flag, strings.TrimSpace(cell))
		})
	}
}
