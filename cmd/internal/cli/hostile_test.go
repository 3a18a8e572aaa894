package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/problems/catalog"
)

// The hostile-input suite (issue 20): for every problem,
// testdata/hostile/PROBLEM/ holds malformed files (junk, binary bytes,
// empty, a byte-order mark with CRLF line ends, instances cut short,
// wrong counts, values out of range, numbers past any integer, negative
// sizes, givens that clash, bad pencil marks), most of them ending with a
// good instance; the test adds inputs too big to keep (a 2 MiB line, an
// order-1000 Latin square), a directory and a missing file. Each input
// goes through solve, count, check and hint (where the problem has them);
// what they print and their exit status are compared with
// testdata/hostile/PROBLEM/NAME.golden (go test ./cmd/internal/cli -run TestHostile
// -update rewrites them; review the diff: every message must say where,
// what was found and what was wanted). Beside the goldens the test holds
// what must not change whatever the messages say: no panic, no usage
// error, and the batch goes on past a bad instance (hostileSolved: the
// good instances each file holds are solved).

// hostileSolved is how many instances of each input solve must solve:
// the good ones after (or among) the bad. Every input has an entry, so a
// new file says what it expects.
var hostileSolved = map[string]int{
	"latin/binary": 1, "latin/bom-crlf": 2, "latin/clash": 1, "latin/comments": 0, "latin/empty": 0,
	"latin/huge": 1, "latin/junk": 1, "latin/marks-clash": 1, "latin/marks-junk": 1, "latin/negative": 1,
	"latin/out-of-range": 1, "latin/truncated": 1, "latin/wrong-count": 1,
	"latin/long-line": 2, "latin/order-1000": 1, "latin/directory": 0, "latin/missing": 0,

	"skyscraper/binary": 1, "skyscraper/bom-crlf": 3, "skyscraper/clash": 1, "skyscraper/comments": 0,
	"skyscraper/empty": 0, "skyscraper/givens": 1, "skyscraper/huge": 1, "skyscraper/junk": 1,
	"skyscraper/marks-clash": 1, "skyscraper/marks-junk": 1, "skyscraper/negative": 1,
	"skyscraper/out-of-range": 1, "skyscraper/truncated": 1, "skyscraper/wrong-count": 1,
	"skyscraper/long-line": 2, "skyscraper/directory": 0, "skyscraper/missing": 0,

	"sudoku/binary": 1, "sudoku/bom-crlf": 3, "sudoku/clash": 1, "sudoku/comments": 0, "sudoku/empty": 0,
	"sudoku/huge": 1, "sudoku/junk": 1, "sudoku/marks-clash": 1, "sudoku/marks-junk": 1, "sudoku/negative": 1,
	"sudoku/out-of-range": 1, "sudoku/truncated": 2, "sudoku/wrong-count": 1,
	"sudoku/long-line": 2, "sudoku/directory": 0, "sudoku/missing": 0,

	"futoshiki/binary": 1, "futoshiki/bom-crlf": 1, "futoshiki/clash": 1, "futoshiki/comments": 0,
	"futoshiki/empty": 0, "futoshiki/huge": 1, "futoshiki/junk": 1, "futoshiki/negative": 1,
	"futoshiki/out-of-range": 1, "futoshiki/truncated": 1, "futoshiki/wrong-count": 1,
	"futoshiki/long-line": 2, "futoshiki/directory": 0, "futoshiki/missing": 0,

	"kenken/binary": 1, "kenken/bom-crlf": 2, "kenken/comments": 0, "kenken/empty": 0, "kenken/huge": 1,
	"kenken/junk": 1, "kenken/negative": 1, "kenken/out-of-range": 1, "kenken/truncated": 1,
	"kenken/wrong-count": 1, "kenken/long-line": 2, "kenken/directory": 0, "kenken/missing": 0,

	"kakuro/binary": 1, "kakuro/bom-crlf": 2, "kakuro/clash": 1, "kakuro/comments": 0, "kakuro/empty": 0,
	"kakuro/huge": 1, "kakuro/junk": 1, "kakuro/negative": 1, "kakuro/out-of-range": 1,
	"kakuro/truncated": 1, "kakuro/wrong-count": 1,
	"kakuro/long-line": 2, "kakuro/directory": 0, "kakuro/missing": 0,
}

// hostileGood is one good instance of each problem, in its input form,
// for the inputs the test makes.
var hostileGood = map[string]string{
	"latin":      "3\n1 2 0\n2 0 0\n0 0 0\n",
	"skyscraper": "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1\n",
	"sudoku":     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n",
	"futoshiki":  "4:0D,0,0,0,0D,0,0U,0L,0,0,0,0,0,0,0,0UL,\n",
	"kenken":     "4:a_a_3a_a_a_b_a__,d2a7a6s2m12d2m2s2\n",
	"kakuro":     "#  4\\ 3\\\n\\3 . .\n\\4 . .\n",
}

// hostileInput is one input of the suite: a file, or standard input made
// by the test.
type hostileInput struct {
	Problem, Name string
	File          string // FILE as the commands get it
	stdin         string // for file "-"
	about         string // what stdin holds, for the golden file
	marks         bool   // pencil marks: the commands get --marks
}

// hostileInputs lists the files of testdata/hostile and the inputs the
// test makes, for every registered problem with a directory there.
func hostileInputs(t *testing.T) []hostileInput {
	t.Helper()
	var ins []hostileInput
	for _, problem := range catalog.Names() {
		dir := filepath.Join("testdata", "hostile", problem)
		files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
		require.NoError(t, err)
		if len(files) == 0 {
			continue
		}
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".txt")
			ins = append(ins, hostileInput{Problem: problem, Name: name, File: f, marks: strings.HasPrefix(name, "marks-")})
		}
		good := hostileGood[problem]
		require.NotEmpty(t, good, "no good %s instance in hostileGood", problem)
		long := strings.Repeat("1", 2<<20)
		ins = append(ins,
			hostileInput{Problem: problem, Name: "long-line", File: "-", stdin: good + "\n" + long + "\n\n" + good,
				about: "a good instance, a line of 2 MiB of '1' between blank lines, a good instance"},
			hostileInput{Problem: problem, Name: "directory", File: dir},
			hostileInput{Problem: problem, Name: "missing", File: filepath.Join(dir, "no-such-file.txt")})
		if problem == "latin" {
			row := strings.TrimSpace(strings.Repeat("0 ", 1000)) + "\n"
			ins = append(ins, hostileInput{Problem: problem, Name: "order-1000", File: "-",
				stdin: "1000\n" + strings.Repeat(row, 1000) + good,
				about: "an order-1000 square of holes (over latin.MaxOrder), a good square"})
		}
	}
	return ins
}

// hostileCommands are the command lines an input goes through.
func hostileCommands(p *catalog.Entry, in hostileInput) [][]string {
	cmds := [][]string{
		{"solve", p.Name, in.File, "--seed", "1", "--jobs", "1"},
		{"count", p.Name, in.File, "--limit", "2", "--seed", "1", "--jobs", "1"},
	}
	if p.CanModel {
		cmds = append(cmds, []string{"check", p.Name, in.File, "--seed", "1", "--jobs", "1"})
	}
	if p.CanReason {
		cmds = append(cmds, []string{"hint", p.Name, in.File, "--jobs", "1"})
	}
	if in.marks {
		for i := range cmds {
			cmds[i] = append(cmds[i], "--marks")
		}
	}
	return cmds
}

func TestHostileInputs(t *testing.T) {
	ins := hostileInputs(t)
	require.NotEmpty(t, ins)
	seen := map[string]bool{}
	for _, in := range ins {
		key := in.Problem + "/" + in.Name
		seen[key] = true
		t.Run(key, func(t *testing.T) {
			want, listed := hostileSolved[key]
			require.True(t, listed, "add %q to hostileSolved: how many of its instances solve must solve", key)
			p, _ := catalog.Lookup(in.Problem)
			var b strings.Builder
			for _, args := range hostileCommands(p, in) {
				r := runCSP(t, in.stdin, args...)
				cmd := strings.Join(args, " ")
				assert.Contains(t, []int{0, 1}, r.code, "%s: a hostile input is no usage error\n%s", cmd, r.stderr)
				assert.NotContains(t, r.stderr, "panic", cmd)
				assert.NotContains(t, r.stderr, "goroutine", cmd)
				if args[0] == "solve" {
					assert.Equal(t, want, strings.Count(r.stdout, ": solved in "), "%s: the batch goes on past a bad instance\n%s", cmd, r.stdout)
				}
				fmt.Fprintf(&b, "$ csp %s\n", shellQuote(args))
				if in.about != "" {
					fmt.Fprintf(&b, "-- stdin: %s --\n", in.about)
				}
				section(&b, "stdout", normaliseCatalog(normalise(r.stdout)))
				section(&b, "stderr", normaliseCatalog(normalise(r.stderr)))
				fmt.Fprintf(&b, "-- exit --\n%d\n\n", r.code)
			}
			path := filepath.Join("testdata", "hostile", in.Problem, in.Name+".golden")
			if *update {
				require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
				return
			}
			golden, err := os.ReadFile(path)
			require.NoError(t, err, "go test ./cmd/internal/cli -run TestHostileInputs -update writes it")
			assert.Equal(t, string(golden), b.String(), "%s (go test ./cmd/internal/cli -run TestHostileInputs -update rewrites it)", path)
		})
	}
	for key := range hostileSolved {
		assert.True(t, seen[key], "hostileSolved lists %s, which is no input", key)
	}
	// No golden file is left without its input.
	goldens, err := filepath.Glob(filepath.Join("testdata", "hostile", "*", "*.golden"))
	require.NoError(t, err)
	for _, g := range goldens {
		key := filepath.Base(filepath.Dir(g)) + "/" + strings.TrimSuffix(filepath.Base(g), ".golden")
		assert.True(t, seen[key], "%s has no input", g)
	}
}

// Every problem's readers take a UTF-8 byte-order mark and CRLF line
// ends as plain text: the embedded benchmark suite (and, for a problem
// with pencil marks, the marks of its first instance) reads to the same
// instances with them as without.
func TestReadersTakeBOMAndCRLF(t *testing.T) {
	for _, name := range catalog.Names() {
		p, _ := catalog.Lookup(name)
		if p.Suite == "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			texts := map[bool]string{false: p.Suite}
			if p.CanMark && p.CanReason {
				first := collect(t, p, p.Suite, false)[0]
				require.NoError(t, first.Err)
				r, err := p.Reason(first.Value)
				require.NoError(t, err)
				var b strings.Builder
				require.NoError(t, p.WriteMarks(&b, first.Value, r.Candidates()))
				texts[true] = b.String()
			}
			for marks, plain := range texts {
				want := collect(t, p, plain, marks)
				require.NotEmpty(t, want)
				crlf := strings.ReplaceAll(plain, "\n", "\r\n")
				for form, text := range map[string]string{"BOM": "\uFEFF" + plain, "CRLF": crlf, "BOM and CRLF": "\uFEFF" + crlf} {
					got := collect(t, p, text, marks)
					require.Len(t, got, len(want), "%s, marks %v", form, marks)
					for i := range want {
						assert.Equal(t, want[i].Line, got[i].Line, "%s, marks %v, item %d", form, marks, i+1)
						if assert.Equal(t, want[i].Err == nil, got[i].Err == nil, "%s, marks %v, item %d: %v", form, marks, i+1, got[i].Err) {
							assert.Equal(t, want[i].Value, got[i].Value, "%s, marks %v, item %d", form, marks, i+1)
						}
					}
				}
			}
		})
	}
}

// collect reads text as p's instances (pencil marks with marks).
func collect(t *testing.T, p *catalog.Entry, text string, marks bool) []catalog.Item[any] {
	t.Helper()
	return slices.Collect(p.Read(strings.NewReader(text), marks))
}
