package skyscraper

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

// row is one line of the public TSV files.
type row struct {
	name, towers, clockwise, givens, solution string
	n                                         int
}

func publicRows(t testing.TB) []row {
	files, _ := filepath.Glob("testdata/*.tsv")
	require.NotEmpty(t, files)
	var rows []row
	for _, f := range files {
		if strings.Contains(f, "tatham-dev") {
			continue
		}
		fh, err := os.Open(f)
		require.NoError(t, err)
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "#") {
				continue
			}
			c := strings.Split(sc.Text(), "\t")
			n, _ := strconv.Atoi(c[1])
			rows = append(rows, row{name: c[0], n: n, towers: c[2], clockwise: c[3], givens: c[4], solution: c[5]})
		}
		fh.Close()
	}
	return rows
}

func digits(s string, n int) [][]int {
	if s == "-" {
		return nil
	}
	f := strings.Split(s, ",")
	g := make([][]int, n)
	for r := range n {
		g[r] = make([]int, n)
		for c := range n {
			g[r][c], _ = strconv.Atoi(f[r*n+c])
		}
	}
	return g
}

func TestPublicFormatsAgree(t *testing.T) {
	rows := publicRows(t)
	require.Len(t, rows, 123)
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			tw, err := ParseTowers(r.towers, 1)
			require.NoError(t, err)
			items := slices.Collect(Read(strings.NewReader(r.clockwise)))
			require.Len(t, items, 1)
			require.NoError(t, items[0].Err)
			cw := items[0].Value
			assert.Equal(t, tw.Clockwise(), cw.Clockwise(), "the Towers ID and the clockwise list are the same clues")
			if g := digits(r.givens, r.n); g != nil {
				assert.Equal(t, g, tw.Givens)
			}
			// Round trips through every format.
			for name, text := range map[string]string{"towers": FormatTowers(tw), "json": FormatJSON(tw), "grid": Format(tw, nil)} {
				back := slices.Collect(Read(strings.NewReader(text)))
				require.Len(t, back, 1, name)
				require.NoError(t, back[0].Err, "%s:\n%s", name, text)
				assert.Equal(t, tw.Clockwise(), back[0].Value.Clockwise(), name)
				if tw.Givens != nil {
					assert.Equal(t, tw.Givens, back[0].Value.Givens, name)
				}
			}
			if sol := digits(r.solution, r.n); sol != nil {
				assert.NoError(t, Check(tw, sol), "the published solution passes the checker")
			}
		})
	}
}

func TestTathamIDsRoundTrip(t *testing.T) {
	f, err := os.ReadFile("testdata/tatham-dev.tsv")
	require.NoError(t, err)
	count := 0
	for _, line := range strings.Split(string(f), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		c := strings.Split(line, "\t")
		p, err := ParseTowers(c[3], 1)
		require.NoError(t, err, c[3])
		assert.Equal(t, c[3], FormatTowers(p), "Towers ID written back unchanged")
		n := p.N
		sol := make([][]int, n)
		for r := range n {
			sol[r] = make([]int, n)
			for k := range n {
				sol[r][k] = int(c[4][r*n+k] - '0')
			}
		}
		require.NoError(t, Check(p, sol), c[3])
		count++
	}
	assert.Equal(t, 240, count)
}

func TestReadErrors(t *testing.T) {
	cases := []struct {
		name, input string
		err         error
		field       int
		detail      string // what the message must say, past the sentinel
	}{
		{"clockwise not 4N", "1,2,3,4,1", ErrCount, 0, "5 clues, want 4N (4 for 1x1 or 8 for 2x2)"},
		{"clockwise clue too big", "1,2,3,4,5,1,2,3", ErrClue, 3, "found 3, want 0..2"},
		{"clockwise empty field", "1,0,2,1,,2,1,0,2", ErrNumber, 5, "found nothing between commas, want a clue 0..N"},
		{"clockwise trailing comma", "1,0,2,1,2,1,0,2,", ErrNumber, 9, "found nothing between commas"},
		{"list empty field", "[1, 0, , 2, 1, 2, 1, 0, 2]", ErrNumber, 3, "found nothing between commas"},
		{"list not 4N", "[1,2,3]", ErrCount, 0, "3 clues, want 4N (4 for 1x1)"},
		{"list 15 values", "[1, 0, 0, 2, 3, 0, 0, 0, 0, 2, 0, 0, 0, 2, 3]", ErrCount, 0, "15 clues, want 4N (12 for 3x3 or 16 for 4x4)"},
		{"list empty", "[]", ErrCount, 0, "0 clues, want 4N (4 for 1x1)"},
		{"list unclosed", "[1, 0, 0, 2", ErrSyntax, 0, `found "[1, 0, 0, 2", want a clockwise list of 4N clues closed by ']'`},
		{"list not numbers", `["a","b","c","d"]`, ErrNumber, 1, `found "\"a\""`},
		{"null", "null", ErrFormat, 0, `found "null", want a Towers ID`},
		{"lone number", "4", ErrFormat, 0, `found "4", want a Towers ID`},
		{"words", "hello world", ErrFormat, 0, `found "hello world", want a Towers ID`},
		{"negative towers size", "-4:1/2", ErrSize, 1, `found "-4", want 1..63`},
		{"towers few fields", "4:1/2/3", ErrCount, 2, "3 clue fields, want 16 (4N)"},
		{"towers one slash short", "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3", ErrCount, 2, "15 clue fields, want 16 (4N)"},
		{"towers one slash extra", "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1/", ErrCount, 2, "17 clue fields, want 16 (4N)"},
		{"towers clue too big", "4:5/////////////// ", ErrClue, 2, "clue 1 is 5, want 1..4"},
		{"towers run overflows", "2:///////,e", ErrRun, 10, "5 cells or more, want 4 (2x2)"},
		{"towers short givens", "2:///////,b", ErrRun, 10, "2 cells, want 4 (2x2)"},
		{"towers empty givens", "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1,", ErrRun, 18, "nothing after ',', want the givens of 16 cells (or no ',')"},
		{"towers given too big", "2:///////,3c", ErrGiven, 10, `given "3" at cell 1, want 1..2`},
		{"towers bad size", "0:", ErrSize, 1, `found "0", want 1..63`},
		{"json bad size", `{"size":99}`, ErrSize, 0, `"size": found 99, want 1..63`},
		{"json clue count", `{"size":2,"clues":[1,2]}`, ErrCount, 0, `"clues": found 2 clues, want 8 (4N clockwise)`},
		{"json interior outside", `{"size":3,"interior":[{"row":3,"col":0,"look":"up","count":1}]}`, ErrInClue, 0, "outside the grid"},
		{"json interior look", `{"size":3,"interior":[{"row":1,"col":0,"look":"north","count":1}]}`, ErrInClue, 0, `look "north"`},
		{"json unknown field", `{"size":3,"colour":1}`, ErrSyntax, 0, "colour"},
		{"json key case", `{"SIZE":3}`, ErrSyntax, 0, `key "SIZE": keys are case-sensitive, want "size"`},
		{"json repeated key", `{"size":3,"size":4}`, ErrSyntax, 0, `key "size" given twice`},
		{"json nested key case", `{"size":3,"interior":[{"Row":1,"col":0,"look":"up","count":1}]}`, ErrSyntax, 0, `want "row"`},
		{"grid short", "  . .\n. 1 . .\n", ErrCount, 0, "a grid of 2 columns needs 4 lines, found 2"},
		{"grid bad token", "  . x\n. 1 . .\n. . . .\n  . .\n", ErrFormat, 2, `found "x"`},
		{"grid not indented", ". 2\n. 1 . .\n", ErrCount, 0, "a grid of 2 columns needs 4 lines, found 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := slices.Collect(Read(strings.NewReader(c.input)))
			require.NotEmpty(t, items)
			err := items[0].Err
			require.Error(t, err)
			assert.True(t, errors.Is(err, c.err), "got %v", err)
			var pe *ParseError
			require.True(t, errors.As(err, &pe))
			assert.Equal(t, c.field, pe.Field, "%v", err)
			assert.Contains(t, err.Error(), "line 1")
			assert.Contains(t, pe.Detail, c.detail)
		})
	}
	// In a grid block a number too big is a given's error in a cell, a
	// clue's at either end of the row.
	for _, c := range []struct {
		input string
		err   error
		field int
		want  string
	}{
		{"  . .\n. . 2 .\n. 3 . .\n  . .\n", ErrGiven, 2, "line 3, field 2: skyscraper: given out of range: given 3 at cell 1, want 1..2 or '.'"},
		{"  . .\n. . . 3\n. . . .\n  . .\n", ErrClue, 4, "line 2, field 4: skyscraper: clue out of range: found 3, want 1..2"},
	} {
		err := slices.Collect(Read(strings.NewReader(c.input)))[0].Err
		require.ErrorIs(t, err, c.err)
		var pe *ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, c.field, pe.Field)
		assert.Contains(t, err.Error(), c.want)
	}
}

// The skyscraper write-ups print a puzzle as a bracketed clockwise list:
// it reads as the same puzzle as the bare list, clockwise from the top
// left corner, and as the Towers ID with the same clues.
func TestReadBracketedList(t *testing.T) {
	items := slices.Collect(Read(strings.NewReader(
		"[1, 0, 0, 2, 3, 0, 0, 0, 0, 2, 0, 0, 0, 2, 3, 0]\n" +
			"1 0 0 2 3 0 0 0 0 2 0 0 0 2 3 0\n" +
			"4:1///2///2///3/2//3///\n" +
			"  [ 4, 3, 2, 1, 1, 2, 2, 2, 2, 2, 2, 2, 1, 2, 3, 4 ]  \n")))
	require.Len(t, items, 4)
	for _, it := range items[:3] {
		require.NoError(t, it.Err)
	}
	p := items[0].Value
	assert.Equal(t, []int{1, 0, 0, 2}, p.Top)
	assert.Equal(t, []int{3, 0, 0, 0}, p.Right)
	assert.Equal(t, []int{0, 0, 2, 0}, p.Bottom, "bottom right to left: 0 2 0 0 read backwards")
	assert.Equal(t, []int{0, 3, 2, 0}, p.Left, "left bottom to top: 0 2 3 0 read backwards")
	assert.Equal(t, p.Clockwise(), items[1].Value.Clockwise())
	assert.Equal(t, p.Clockwise(), items[2].Value.Clockwise())
	// An indented line starts a grid block, brackets or not.
	assert.ErrorIs(t, items[3].Err, ErrFormat)
}

// Givens that repeat read; Clash names the two cells, and the puzzle has
// no solution.
func TestClash(t *testing.T) {
	cases := []struct{ name, input, want string }{
		{"towers row", "2:///////,1_1b", "skyscraper: givens clash: r1c1 and r1c2 both hold 1 (row 1)"},
		{"towers column", "3:///////////,1b1e", "skyscraper: givens clash: r1c1 and r2c1 both hold 1 (column 1)"},
		{"json", `{"size":3,"givens":[[0,2,0],[0,0,0],[0,2,0]]}`, "skyscraper: givens clash: r1c2 and r3c2 both hold 2 (column 2)"},
		{"grid", "  . . .\n. 3 . 3 .\n. . . . .\n. . . . .\n  . . .\n", "skyscraper: givens clash: r1c1 and r1c3 both hold 3 (row 1)"},
		{"none", `{"size":3,"givens":[[1,2,3],[0,0,0],[0,0,0]]}`, ""},
		{"no givens", "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := slices.Collect(Read(strings.NewReader(c.input)))
			require.Len(t, items, 1)
			require.NoError(t, items[0].Err)
			p := items[0].Value
			err := p.Clash()
			if c.want == "" {
				assert.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrClash)
			assert.Contains(t, err.Error(), c.want)
			grid, res, err := Solve(context.Background(), p, Options{}, csp.Options{})
			require.NoError(t, err)
			assert.Nil(t, grid, "a puzzle whose givens clash has no solution")
			assert.True(t, res.Complete)
		})
	}
}

func TestBatchGoesOn(t *testing.T) {
	input := "# batch\n1,2,3\n4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1\n\n{\"size\":2}\n"
	items := slices.Collect(Read(strings.NewReader(input)))
	require.Len(t, items, 3)
	assert.ErrorIs(t, items[0].Err, ErrCount)
	require.NoError(t, items[1].Err)
	assert.Equal(t, 3, items[1].Line)
	require.NoError(t, items[2].Err)
	assert.Equal(t, 5, items[2].Line)
}

func FuzzRead(f *testing.F) {
	f.Add("4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1")
	f.Add("2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3")
	f.Add(`{"size":3,"clues":[0,0,0,0,0,0,0,0,0,0,0,0],"interior":[{"row":1,"col":1,"look":"right","count":1}]}`)
	f.Add("   . 2\n. 1 . .\n. . . .\n   . .\n")
	f.Add("7:/4/3///1//2//2//5//3//5//3/3////2//1/5/3/,r4d4y")
	f.Add("[1, 0, 0, 2, 3, 0, 0, 0, 0, 2, 0, 0, 0, 2, 3, 0]\nnull\n[1,2\n-4:1/2\n. 2\n")
	f.Add("4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1,\n2:///////,1_1b")
	f.Add("   . 2\n. 1 . .\n. . . .\n   . .\ninterior r1c2 left 2\n")
	f.Fuzz(func(t *testing.T, input string) {
		for it := range Read(strings.NewReader(input)) {
			if it.Err != nil {
				continue
			}
			p := it.Value
			for _, text := range []string{FormatJSON(p), Format(p, nil)} {
				back := slices.Collect(Read(strings.NewReader(text)))
				if len(back) != 1 || back[0].Err != nil {
					t.Fatalf("round trip of %q failed: %v", text, back)
				}
				if !equalInts(back[0].Value.Clockwise(), p.Clockwise()) {
					t.Fatalf("round trip changed the clues: %q", text)
				}
				if !slices.Equal(back[0].Value.Interior, p.Interior) {
					t.Fatalf("round trip changed the interior clues: %q", text)
				}
			}
			if len(p.Interior) == 0 {
				back := slices.Collect(Read(strings.NewReader(FormatTowers(p))))
				if len(back) != 1 || back[0].Err != nil {
					t.Fatalf("Towers round trip of %q failed", FormatTowers(p))
				}
			}
		}
	})
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
