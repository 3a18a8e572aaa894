package futoshiki

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

// readAll reads input and returns its items.
func readAll(input string) []Item {
	var items []Item
	for it := range Read(strings.NewReader(input)) {
		items = append(items, it)
	}
	return items
}

// same reports whether two puzzles are the same, wherever they were read.
func same(t *testing.T, want, got *Puzzle, msg ...any) {
	t.Helper()
	a, b := *want, *got
	a.Line, b.Line = 0, 0
	assert.Equal(t, a, b, msg...)
}

// Every committed game ID is written back byte for byte, and the puzzle
// goes through the JSON and grid forms unchanged.
func TestTathamIDsRoundTrip(t *testing.T) {
	for _, row := range tathamRows(t) {
		p, err := ParseUnequal(row.id, 1)
		require.NoError(t, err, row.name)
		assert.Equal(t, row.id, FormatUnequal(p), row.name)
		assert.Equal(t, strings.Contains(row.params, "a"), p.Adjacent, row.name)
		for name, text := range map[string]string{"id": FormatUnequal(p), "json": FormatJSON(p), "grid": Format(p, nil)} {
			items := readAll(text)
			require.Len(t, items, 1, "%s %s:\n%s", row.name, name, text)
			require.NoError(t, items[0].Err, "%s %s:\n%s", row.name, name, text)
			same(t, p, items[0].Value, "%s %s", row.name, name)
		}
	}
}

func TestParseUnequal(t *testing.T) {
	// Skip letters stand for runs of empty cells; "a" is the adjacent
	// variant; a difficulty after the size is ignored.
	p, err := ParseUnequal("3dk:b3L,a2,c0U,", 1)
	require.NoError(t, err)
	assert.Equal(t, [][]int{{0, 0, 3}, {0, 2, 0}, {0, 0, 0}}, p.Givens)
	assert.False(t, p.Adjacent)
	assert.Equal(t, Less, p.Right[0][1], "L on r1c3: r1c3 is greater than r1c2")
	assert.Equal(t, Less, p.Down[1][2], "U on r3c3: r3c3 is greater than r2c3")

	p, err = ParseUnequal("3:0R,0,0,0U,0,0,0,0L,0,", 1)
	require.NoError(t, err)
	assert.Equal(t, Greater, p.Right[0][0], "R: the cell is greater than its right neighbour")
	assert.Equal(t, Less, p.Down[0][0], "U on r2c1: r2c1 is greater than r1c1")
	assert.Equal(t, Less, p.Right[2][0], "L on r3c2: r3c2 is greater than r3c1")

	p, err = ParseUnequal("3a:0R,0L,0,0D,0,0,0U,0,0", 1)
	require.NoError(t, err)
	assert.True(t, p.Adjacent)
	assert.Equal(t, Bar, p.Right[0][0])
	assert.Equal(t, Bar, p.Down[1][0])
	assert.Equal(t, "3a:0R,0L,0,0D,0,0,0U,0,0,", FormatUnequal(p), "written with a comma after every cell")
}

func TestReadErrors(t *testing.T) {
	cases := []struct {
		name, input string
		err         error
		line, field int
	}{
		{"id size", "0:0,", ErrSize, 1, 1},
		{"id size too big", "64:0,", ErrSize, 1, 1},
		{"not an id", "4b:0", ErrFormat, 1, 2}, // a stray line: no ID, so a grid row
		{"id few cells", "2:0,0,0", ErrCount, 1, 4},
		{"id many cells", "2:0,0,0,0,0", ErrCount, 1, 6},
		{"id skip overflows", "2:0,d0", ErrCount, 1, 3},
		{"id given too big", "2:0,3,0,0", ErrGiven, 1, 3},
		{"id bad flag", "2:0X,0,0,0", ErrSyntax, 1, 2},
		{"id no number", "2:0,,0,0", ErrSyntax, 1, 3},
		{"id flag off grid", "2:0,0R,0,0", ErrSign, 1, 3},
		{"id contradiction", "2:0R,0L,0,0", ErrSign, 1, 3},
		{"id one-sided bar", "2a:0R,0,0,0", ErrSign, 1, 0},
		{"json syntax", `{"size":2,`, ErrSyntax, 1, 0},
		{"json unknown key", `{"size":2,"colour":1}`, ErrSyntax, 1, 0},
		{"json key case", `{"size":2,"Less":[[0,0,0,1]]}`, ErrSyntax, 1, 0},
		{"json repeated key", `{"size":2,"givens":[[1,0],[0,0]],"givens":[[2,0],[0,0]]}`, ErrSyntax, 1, 0},
		{"json size", `{"size":0}`, ErrSize, 1, 0},
		{"json givens rows", `{"size":2,"givens":[[0,0]]}`, ErrCount, 1, 0},
		{"json given range", `{"size":2,"givens":[[0,3],[0,0]]}`, ErrGiven, 1, 0},
		{"json not neighbours", `{"size":3,"less":[[0,0,1,1]]}`, ErrSign, 1, 0},
		{"json short entry", `{"size":3,"less":[[0,0,0]]}`, ErrCount, 1, 0},
		{"json long entry", `{"size":3,"bars":[[0,0,0,1,2]],"adjacent":true}`, ErrCount, 1, 0},
		{"json outside", `{"size":3,"less":[[0,2,0,3]]}`, ErrSign, 1, 0},
		{"json contradiction", `{"size":3,"less":[[0,0,0,1],[0,1,0,0]]}`, ErrSign, 1, 0},
		{"json bars without adjacent", `{"size":3,"bars":[[0,0,0,1]]}`, ErrSign, 1, 0},
		{"json less in adjacent", `{"size":3,"adjacent":true,"less":[[0,0,0,1]]}`, ErrSign, 1, 0},
		{"grid stray line", "hello world", ErrFormat, 1, 1},
		{"grid short row", ". < .\n.\n", ErrCount, 2, 0},
		{"grid given too big", ". < .\n. 3\n", ErrGiven, 2, 2},
		{"grid dangling sign", ". <\n", ErrSign, 1, 2},
		{"grid two signs", ". < > .\n", ErrSign, 1, 3},
		{"grid bad char", ". < .\n. x\n", ErrSyntax, 2, 2},
		{"grid ambiguous sign", "1   2\n  v\n2   1\n", ErrSign, 2, 1},
		{"grid two signs under a cell", "1   2\nvv\n2   1\n", ErrSign, 2, 2},
		{"grid signs first", "v\n", ErrSign, 1, 1},
		{"grid mixed variants", ". | . < .\n\n.   .   .\n\n.   .   .\n", ErrSign, 1, 4},
		{"grid too few rows", ". .\n\n\n", ErrCount, 1, 0},
		{"grid header twice", "adjacent\nadjacent\n", ErrSyntax, 2, 1},
		{"grid header alone", "adjacent\n", ErrCount, 1, 0},
		{"line too long", strings.Repeat("0", MaxLine+1) + "\n2:0,0,0,0", ErrLong, 1, 0},
		{"line long enough", strings.Repeat(" ", MaxLine-4) + "2:0,\n", ErrCount, 1, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := readAll(c.input)
			require.NotEmpty(t, items)
			err := items[0].Err
			require.Error(t, err)
			assert.ErrorIs(t, err, c.err)
			var pe *ParseError
			require.True(t, errors.As(err, &pe))
			assert.Equal(t, c.line, pe.Line, "%v", err)
			assert.Equal(t, c.field, pe.Field, "%v", err)
		})
	}
}

// Givens that repeat in a row or column, or that break a sign, read;
// Clash names them, and the puzzle has no solution.
// TestJSONSignMessages: a bad entry of "less" or "bars" is named by its
// key and place in the list, as written, with its cells in the input's
// own terms (rows and columns from 0) and what was wanted.
func TestJSONSignMessages(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"size":3,"less":[[0,0,0,1],[0,0,0,2]]}`,
			`futoshiki: bad sign: "less" entry 2 of 2, [0,0,0,2]: cells (0,0) and (0,2) are not neighbours (want two cells side by side in a row or a column)`},
		{`{"size":3,"less":[[0,2,0,3]]}`,
			`futoshiki: bad sign: "less" entry 1 of 1, [0,2,0,3]: cell (0,3) is outside the 3x3 grid (want rows and columns 0..2)`},
		{`{"size":3,"less":[[0,0,0,1],[0,1,0,0]]}`,
			`futoshiki: bad sign: "less" entry 2 of 2, [0,1,0,0]: cells (0,1) and (0,0) already have another sign from an earlier entry`},
		{`{"size":3,"adjacent":true,"bars":[[-1,0,0,0]]}`,
			`futoshiki: bad sign: "bars" entry 1 of 1, [-1,0,0,0]: cell (-1,0) is outside the 3x3 grid (want rows and columns 0..2)`},
		{`{"size":-4}`, `futoshiki: size out of range: "size": found -4, want 1..63`},
	} {
		_, err := ParseJSON(c.in, 1)
		require.Error(t, err, c.in)
		var pe *ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, c.want, pe.Err.Error()+": "+pe.Detail, c.in)
	}
}

func TestClash(t *testing.T) {
	cases := []struct{ name, input, want string }{
		{"id repeat", "2:1,1,0,0", "futoshiki: givens clash: r1c1 and r1c2 both hold 1 (row 1)"},
		{"grid repeat", "1 .\n1 .\n", "futoshiki: givens clash: r1c1 and r2c1 both hold 1 (column 1)"},
		{"id givens break a sign", "2:1R,2,0,0", "futoshiki: givens clash: r1c1 = 1 and r1c2 = 2 break '>'"},
		{"json adjacent", `{"size":2,"adjacent":true,"givens":[[1,2],[0,0]]}`, "futoshiki: givens clash: r1c1 = 1 and r1c2 = 2 break the missing bar (not consecutive)"},
		{"none", "2:1,2,0,0", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := readAll(c.input)
			require.Len(t, items, 1)
			require.NoError(t, items[0].Err)
			p := items[0].Value
			err := p.Clash()
			if c.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, ErrClash)
			assert.EqualError(t, err, c.want)
			g, res, err := Solve(context.Background(), p, Options{}, csp.Options{})
			require.NoError(t, err)
			assert.Nil(t, g, "no solution")
			assert.True(t, res.Complete)
		})
	}
}

// A batch of every format with bad lines among them: each bad line is
// one error item naming its line, and reading goes on.
func TestBatchGoesOn(t *testing.T) {
	input := strings.Join([]string{
		"# a batch",                      // 1
		"4:0,0,0,0,0,0,0,0,0,0,0,0,0,0,", // 2: two cells short
		`{"size":2,"less":[[0,0,0,1]]}`,  // 3
		"",                               // 4
		"2 > .",                          // 5: a grid of two rows
		"    ^",                          // 6: under r1c2
		". < .",                          // 7
		"what is this",                   // 8: a stray line
		"adjacent",                       // 9
		"1 | 2",                          // 10
		"",                               // 11: no bars between the rows
		"2   1",                          // 12: consecutive, with no bar
		"5a:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,", // 13
		"% a status line", // 14
	}, "\n")
	items := readAll(input)
	require.Len(t, items, 6)
	for i, it := range items {
		assert.Equal(t, i+1, it.Index)
	}
	assert.ErrorIs(t, items[0].Err, ErrCount)
	assert.Equal(t, 2, items[0].Line)
	require.NoError(t, items[1].Err)
	assert.Equal(t, 3, items[1].Line)
	assert.Equal(t, 3, items[1].Value.Line)
	require.NoError(t, items[2].Err)
	assert.Equal(t, 5, items[2].Line)
	assert.Equal(t, [][]Sign{{Greater}, {Less}}, items[2].Value.Right)
	assert.Equal(t, [][]Sign{{None, Less}}, items[2].Value.Down)
	assert.ErrorIs(t, items[3].Err, ErrFormat)
	assert.Contains(t, items[3].Err.Error(), "line 8, field 1")
	// Row 2's givens 2 and 1 are consecutive with no bar between them:
	// the puzzle reads, and its givens clash.
	require.NoError(t, items[4].Err)
	assert.Equal(t, 9, items[4].Line)
	assert.ErrorIs(t, items[4].Value.Clash(), ErrClash)
	require.NoError(t, items[5].Err)
	assert.True(t, items[5].Value.Adjacent)
	assert.Equal(t, 13, items[5].Line)
}

// Grids as people type them: Tatham's own text layout, tabs, signs
// roughly under their cell, blank or missing lines of signs, 0 for empty.
func TestGridForms(t *testing.T) {
	want := New(3, false)
	want.Givens[0][0] = 2
	want.Right[0][0] = Greater
	want.Right[1][1] = Less
	want.Down[0][2] = Greater
	want.Down[1][0] = Less
	for name, text := range map[string]string{
		"format":        Format(want, nil),
		"tatham text":   "2>. .\n    v\n. .<.\n^\n. . .\n",
		"tabs":          "2\t>\t.\t.\n\t\t\t\tv\n.\t.\t<\t.\n^\n.\t.\t.\n",
		"zeros, wide":   "  2  >  0     0\n              v\n  0     0  <  0\n  ^\n  0     0     0\n",
		"no sign lines": "2 > . .\n" + "      v\n" + ". . < .\n" + "^\n" + ". . .\n",
		"signs nearby":  "2 > .   .\n         v\n.   . < .\n^\n.   .   .\n",
	} {
		items := readAll(text)
		require.Len(t, items, 1, "%s:\n%s", name, text)
		require.NoError(t, items[0].Err, "%s:\n%s", name, text)
		same(t, want, items[0].Value, name)
	}
	// A row right after a row: no signs between them.
	items := readAll("1 < 2\n2 > 1\n")
	require.Len(t, items, 1)
	require.NoError(t, items[0].Err)
	assert.Equal(t, [][]Sign{{None, None}}, items[0].Value.Down)
}

func TestFormatShowsSolution(t *testing.T) {
	p, err := ParseUnequal("3a:0R,0L,0,0,0,0,0,0,0,", 1)
	require.NoError(t, err)
	out := Format(p, [][]int{{1, 2, 3}, {3, 1, 2}, {2, 3, 1}})
	assert.Equal(t, "adjacent\n1 | 2   3\n\n3   1   2\n\n2   3   1\n", out)
	items := readAll(out)
	require.Len(t, items, 1)
	require.NoError(t, items[0].Err)
	assert.ErrorContains(t, items[0].Value.Clash(), "r1c2 = 2 and r1c3 = 3 break the missing bar", "2 3 in row 1 are consecutive without a bar")
}

func FuzzRead(f *testing.F) {
	f.Add("4:0D,0,0,0,0D,0,0U,0L,0,0,0,0,0,0,0,0UL,")
	f.Add("5a:0R,0L,0,0RD,0L,5,0RD,0DL,0U,0,0,0UR,0URL,0L,0,0D,0R,0L,0,0D,0U,0R,0L,0R,0UL,")
	f.Add("3dk:b3L,a2,c0U,")
	f.Add(`{"size":3,"givens":[[0,0,0],[0,2,0],[0,0,0]],"less":[[0,0,0,1],[2,2,1,2]]}`)
	f.Add(`{"size":3,"adjacent":true,"bars":[[0,0,1,0]]}`)
	f.Add("2 > .   .\n        v\n.   . < .\n^\n.   .   .\n")
	f.Add("adjacent\n1 | 2\n\n.   .\n")
	f.Fuzz(func(t *testing.T, input string) {
		for it := range Read(strings.NewReader(input)) {
			if it.Err != nil {
				var pe *ParseError
				if !errors.As(it.Err, &pe) || pe.Line < 1 {
					t.Fatalf("error without a line: %v", it.Err)
				}
				continue
			}
			p := it.Value
			if err := p.Validate(); err != nil {
				t.Fatalf("read an invalid puzzle: %v", err)
			}
			for _, text := range []string{FormatUnequal(p), FormatJSON(p), Format(p, nil)} {
				var back []Item
				for b := range Read(strings.NewReader(text)) {
					back = append(back, b)
				}
				if len(back) != 1 || back[0].Err != nil {
					t.Fatalf("round trip of %q failed: %+v", text, back)
				}
				q := back[0].Value
				q.Line = p.Line
				if FormatUnequal(q) != FormatUnequal(p) {
					t.Fatalf("round trip changed the puzzle: %q", text)
				}
			}
		}
	})
}

// The examples in the documentation read.
func TestDocExamples(t *testing.T) {
	for _, text := range []string{
		`{"size":4,"givens":[[0,0,0,0],[0,0,1,0],[0,0,0,0],[0,0,0,0]],"less":[[0,0,0,1],[2,3,1,3]]}`,
		`{"size":5,"adjacent":true,"bars":[[0,0,0,1],[3,2,4,2]]}`,
		"2 > .   .   .\n        v\n.   .   . < .\n^\n.   .   .   .\n            ^\n.   .   . > .\n",
		"4:0D,0,0,0,0D,0,0U,0L,0,0,0,0,0,0,0,0UL,",
	} {
		items := readAll(text)
		require.Len(t, items, 1, text)
		require.NoError(t, items[0].Err, text)
	}
}

// A line over MaxLine between two good puzzles is one bad item: the
// puzzles either side of it are read, with their lines, and the reader
// keeps none of the long line.
func TestReadLongLineGoesOn(t *testing.T) {
	for name, long := range map[string]string{
		"id":    "4:" + strings.Repeat("0,", MaxLine),
		"grid":  strings.Repeat(". ", MaxLine),
		"blank": strings.Repeat(" ", MaxLine+1),
	} {
		t.Run(name, func(t *testing.T) {
			input := "2:0R,0,0,0,\n" + long + "\r\n" + "# between\n" + "3a:0R,0L,0,0D,0,0,0U,0,0,\n"
			items := readAll(input)
			require.Len(t, items, 3)
			require.NoError(t, items[0].Err)
			assert.Equal(t, 1, items[0].Line)
			assert.Equal(t, Greater, items[0].Value.Right[0][0])
			assert.ErrorIs(t, items[1].Err, ErrLong)
			assert.Equal(t, 2, items[1].Line)
			assert.Contains(t, items[1].Err.Error(), "line 2")
			require.NoError(t, items[2].Err)
			assert.Equal(t, 4, items[2].Line)
			assert.True(t, items[2].Value.Adjacent)
			for i, it := range items {
				assert.Equal(t, i+1, it.Index)
			}
		})
	}
}

// A read error ends the batch with one item holding it, after the
// puzzles read before it; a byte order mark and CRLF line ends read as
// nothing; every error names its instance.
func TestReadEnds(t *testing.T) {
	boom := errors.New("disk on fire")
	in := io.MultiReader(strings.NewReader("\ufeff2:0R,0,0,0,\r\n# c\r\n2 > .\r\n\r\n. < .\r\n"), iotest.ErrReader(boom))
	var items []Item
	for it := range Read(in) {
		items = append(items, it)
	}
	require.Len(t, items, 3)
	require.NoError(t, items[0].Err)
	require.NoError(t, items[1].Err)
	assert.Equal(t, 3, items[1].Line)
	assert.Equal(t, [][]Sign{{Greater}, {Less}}, items[1].Value.Right)
	assert.ErrorIs(t, items[2].Err, boom)
	var pe *ParseError
	require.ErrorAs(t, items[2].Err, &pe)
	assert.Equal(t, 3, pe.Instance)
	assert.Equal(t, 6, pe.Line)

	// Stopping early stops reading.
	n := 0
	for range Read(strings.NewReader("2:0,0,0,0,\n2:0,0,0,0,\n2:0,0,0,0,\n")) {
		n++
		break
	}
	assert.Equal(t, 1, n)
}
