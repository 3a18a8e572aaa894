package sudoku

import (
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// solved returns a full grid with boxes of rows x cols: the pattern that
// shifts each row by a box width and each band by one.
func solved(rows, cols int) *Puzzle {
	n := rows * cols
	p := &Puzzle{BoxRows: rows, BoxCols: cols, Cells: make([]int, n*n)}
	for r := range n {
		for c := range n {
			p.Cells[r*n+c] = ((r%rows)*cols+r/rows+c)%n + 1
		}
	}
	return p
}

// holed returns the grid with about two cells in three emptied, and the
// full grid it came from.
func holed(rows, cols int) (puzzle *Puzzle, solution []int) {
	full := solved(rows, cols)
	p := &Puzzle{BoxRows: rows, BoxCols: cols, Cells: slices.Clone(full.Cells)}
	for i := range p.Cells {
		if i*7%3 != 0 {
			p.Cells[i] = 0
		}
	}
	return p, full.Cells
}

// readAll collects a batch.
func readAll(s string) []Item {
	return slices.Collect(Read(strings.NewReader(s)))
}

func TestShape(t *testing.T) {
	cases := []struct{ n, rows, cols int }{
		{4, 2, 2}, {6, 2, 3}, {8, 2, 4}, {9, 3, 3}, {10, 2, 5}, {12, 3, 4},
		{14, 2, 7}, {15, 3, 5}, {16, 4, 4}, {18, 3, 6}, {20, 4, 5}, {24, 4, 6},
		{25, 5, 5}, {30, 5, 6}, {32, 4, 8}, {35, 5, 7},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.n), func(t *testing.T) {
			r, k, err := Shape(c.n)
			require.NoError(t, err)
			assert.Equal(t, [2]int{c.rows, c.cols}, [2]int{r, k})
		})
	}
	for _, n := range []int{-1, 0, 1, 2, 3, 5, 7, 11, 13, 17, 31, 36, 49} {
		_, _, err := Shape(n)
		assert.ErrorIs(t, err, ErrShape, "side %d", n)
	}
}

func TestFormatGrid(t *testing.T) {
	p, err := Parse("1..4..2..1..4..1")
	require.NoError(t, err)
	want := "" +
		"1 . | . 4\n" +
		". . | 2 .\n" +
		"----+----\n" +
		". 1 | . .\n" +
		"4 . | . 1\n"
	assert.Equal(t, want, FormatGrid(p, nil))
	assert.Equal(t, "1..4..2..1..4..1", FormatLine(p, nil))
	assert.Equal(t, "1..4..2..1..4..1\n", Format(p, nil))
	p.Ruled = true
	assert.Equal(t, want+"\n", Format(p, nil))

	// Symbols past 9 are letters; a bad value prints as '?'.
	big := solved(4, 4)
	assert.Equal(t, "1234", FormatLine(big, nil)[:4])
	assert.Equal(t, "9ABCDEFG", FormatLine(big, nil)[8:16])
	assert.Equal(t, "?.", FormatLine(&Puzzle{BoxRows: 2, BoxCols: 2, Cells: []int{5, 0}}, nil)[:2])
	assert.Empty(t, FormatGrid(&Puzzle{}, nil), "no shape, no grid, no panic")
}

func TestRoundTrip(t *testing.T) {
	shapes := [][2]int{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {2, 5}, {3, 4}, {4, 4}, {5, 5}, {5, 7}}
	for _, s := range shapes {
		t.Run(fmt.Sprintf("%dx%d", s[0], s[1]), func(t *testing.T) {
			p, sol := holed(s[0], s[1])
			require.NoError(t, p.Validate())
			require.NoError(t, CheckCells(p, sol))

			grid := FormatGrid(p, nil)
			back, err := Parse(grid)
			require.NoError(t, err, grid)
			assert.Equal(t, &Puzzle{BoxRows: s[0], BoxCols: s[1], Cells: p.Cells, Ruled: true}, back, grid)
			assert.Equal(t, grid, FormatGrid(back, nil))

			line := FormatLine(p, nil)
			back, err = Parse(line + "  # a comment")
			require.NoError(t, err, line)
			assert.Equal(t, p.Cells, back.Cells)
			assert.False(t, back.Ruled)
			r, c, err := Shape(p.N())
			require.NoError(t, err)
			assert.Equal(t, [2]int{r, c}, [2]int{back.BoxRows, back.BoxCols}, "one line gives the default shape")

			// The solution written through the puzzle reads back too.
			back, err = Parse(FormatGrid(p, sol))
			require.NoError(t, err)
			assert.Equal(t, sol, back.Cells)
		})
	}
}

func TestFormatBatch(t *testing.T) {
	var b strings.Builder
	var want []*Puzzle
	for i, s := range [][2]int{{2, 2}, {3, 3}, {2, 3}, {4, 4}} {
		p, _ := holed(s[0], s[1])
		p.Ruled = i%2 == 0
		want = append(want, p)
		b.WriteString(Format(p, nil))
	}
	var got []*Puzzle
	for it := range Read(strings.NewReader(b.String())) {
		require.NoError(t, it.Err)
		got = append(got, it.Value)
	}
	assert.Equal(t, want, got)
}

func TestReadSymbols(t *testing.T) {
	p, err := Parse(strings.Repeat("0", 15) + "4")
	require.NoError(t, err)
	assert.Equal(t, 4, p.Cells[15], "'0' is empty")
	assert.Equal(t, 0, p.Cells[0])

	lower := strings.ToLower(FormatLine(solved(4, 4), nil))
	p, err = Parse(lower)
	require.NoError(t, err)
	assert.Equal(t, solved(4, 4).Cells, p.Cells, "letters read in either case")

	p, err = Parse("\t" + FormatLine(solved(5, 7), nil) + "\r\n")
	require.NoError(t, err, "leading tab, CRLF")
	assert.Equal(t, 35, p.Cells[34], "Z is 35")
}

func TestReadErrors(t *testing.T) {
	sudoku81 := "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	cases := []struct {
		name, input string
		err         error
		line, field int
		detail      string
	}{
		{"short line", sudoku81[:80], ErrLength, 1, 0, "found 80 cells, want 64 (8x8) or 81 (9x9)"},
		{"long line", sudoku81 + "1", ErrLength, 1, 0, "found 82 cells, want 81 (9x9) or 100 (10x10)"},
		{"tiny line", "123", ErrLength, 1, 0, "found 3 cells, want 16 (4x4)"},
		{"huge line", strings.Repeat(".", 36*36), ErrLength, 1, 0, "want at most 1225 (35x35)"},
		{"prime side", strings.Repeat(".", 49), ErrShape, 1, 0, "7x7 grid, which has no box shape; want 36 (6x6) or 64 (8x8)"},
		{"bad character", "# comment\n\n" + sudoku81[:10] + "x" + sudoku81[11:], ErrSymbol, 3, 11, ""},
		{"dash in line", "  " + sudoku81[:10] + "-" + sudoku81[11:], ErrSymbol, 1, 13, `found '-'`},
		{"non-ASCII", sudoku81[:4] + "é" + sudoku81[5:], ErrSymbol, 1, 5, `found 'é'`},
		{"value past N", sudoku81[:80] + "A", ErrSymbol, 1, 81, "found 'A' (10), want '1'-'9', '.' or '0' in a 9x9 grid"},
		{"letter past N in 16x16", strings.Repeat(".", 255) + "H", ErrSymbol, 1, 256, "'1'-'9', 'A'-'G'"},
		{"grid bad character", "1 . | . 4\n. x | 2 .\n----+----\n. 1 | . .\n4 . | . 1\n", ErrSymbol, 2, 3, "found 'x'"},
		{"grid value past N", "1 . | . 4\n. 5 | 2 .\n----+----\n. 1 | . .\n4 . | . 1\n", ErrSymbol, 2, 3, "found '5' (5)"},
		{"grid short row", "1 . | . 4\n. . | 2\n----+----\n. 1 | . .\n4 . | . 1\n", ErrLength, 2, 0, "row 2 has 3 cells, want 4"},
		{"grid long row", "1 . | . 4\n. . | 2 . 3\n----+----\n. 1 | . .\n4 . | . 1\n", ErrLength, 2, 11, "row 2 has 5 cells"},
		{"grid bar moved", "1 . | . 4\n. . 2 | .\n----+----\n. 1 | . .\n4 . | . 1\n", ErrRules, 2, 7, "'|' after every 2 as on line 1"},
		{"grid uneven boxes", "1 . . | 4\n", ErrRules, 1, 7, "box 2 of the row has 1 cells, want 3"},
		{"grid leading bar", "| 1 . | . 4\n", ErrRules, 1, 1, "'|' before the first cell"},
		{"grid empty box", "1 . || . 4\n", ErrRules, 1, 6, "a box with no cells"},
		{"grid rule first", "----+----\n1 . | . 4\n", ErrRules, 1, 0, "rule line before any row"},
		{"grid two rules", "1 . | . 4\n. . | 2 .\n----+----\n----+----\n. 1 | . .\n4 . | . 1\n", ErrRules, 4, 0, "two rule lines in a row (lines 3 and 4)"},
		{"grid rule last", "1 . | . 4\n. . | 2 .\n----+----\n. 1 | . .\n4 . | . 1\n----+----\n", ErrRules, 6, 0, "after the last row"},
		{"grid rule pluses", "1 . | . 4\n. . | 2 .\n---------\n. 1 | . .\n4 . | . 1\n", ErrRules, 3, 0, "0 '+' in the rule, want 1"},
		{"grid uneven bands", "1 2 3 | 4 5 6\n------+------\n4 5 6 | 1 2 3\n2 3 1 | 5 6 4\n5 6 4 | 2 3 1\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n", ErrRules, 7, 0, "the last band has 5 rows, want 1"},
		{"grid band too long", "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n------+------\n2 3 1 | 5 6 4\n5 6 4 | 2 3 1\n3 1 2 | 6 4 5\n------+------\n6 4 5 | 3 1 2\n", ErrRules, 7, 0, "a band of 3 rows, want 2"},
		{"grid no rules", "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n2 3 1 | 5 6 4\n5 6 4 | 2 3 1\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n", ErrRules, 1, 0, "want a rule line after every 2 rows"},
		{"grid few rows", "\n1 . | . 4\n. . | 2 .\n----+----\n. 1 | . .\n", ErrLength, 2, 0, "3 rows on lines 2-5, want 4"},
		{"grid many rows", "1 . | . 4\n. . | 2 .\n----+----\n. 1 | . .\n4 . | . 1\n4 . | . 1\n", ErrLength, 6, 0, "more than 4 rows"},
		{"grid degenerate boxes", "1 | 2 | 3 | 4\n2 | 3 | 4 | 1\n3 | 4 | 1 | 2\n4 | 1 | 2 | 3\n", ErrShape, 1, 0, "boxes of 4x1"},
		{"grid too wide", strings.Repeat("1 ", 18) + "| " + strings.Repeat("1 ", 18) + "\n", ErrShape, 1, 0, "a row of 36 cells, want at most 35"},
		{"line too long", strings.Repeat(".", MaxLine+1) + "\n", ErrTooLong, 1, 0, "more than 65536 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := readAll(c.input)
			require.Len(t, items, 1)
			it := items[0]
			assert.Equal(t, 1, it.Index)
			assert.Nil(t, it.Value)
			require.ErrorIs(t, it.Err, c.err)
			var pe *ParseError
			require.ErrorAs(t, it.Err, &pe)
			assert.Equal(t, 1, pe.Instance)
			assert.Equal(t, c.line, pe.Line, "%v", it.Err)
			assert.Equal(t, c.field, pe.Field, "%v", it.Err)
			assert.Contains(t, pe.Detail, c.detail)
			assert.Contains(t, it.Err.Error(), fmt.Sprintf("line %d", c.line))

			_, err := Parse(c.input)
			assert.Equal(t, it.Err, err, "Parse gives Read's error")
		})
	}
}

// TestReadBOMAndCRLF: a byte-order mark and CRLF line ends, as files from
// Windows editors have them, read as plain lines.
func TestReadBOMAndCRLF(t *testing.T) {
	good4 := "1..4..2..1..4..1"
	items := readAll("\ufeff" + good4 + "\r\n1 . | . 4\r\n. . | 2 .\r\n----+----\r\n. 1 | . .\r\n4 . | . 1\r\n")
	require.Len(t, items, 2)
	for _, it := range items {
		require.NoError(t, it.Err, "item %d", it.Index)
	}
	assert.Equal(t, items[0].Value.Cells, items[1].Value.Cells)
	assert.Equal(t, 2, items[1].Line)
}

func TestReadRecovers(t *testing.T) {
	good4 := "1..4..2..1..4..1"
	input := strings.Join([]string{
		"# header",                     // 1
		good4,                          // 2: item 1
		"1..4..2..1..4..",              // 3: item 2, short
		good4 + " # note",              // 4: item 3
		"1 . | . 4",                    // 5: item 4, a grid ended early by a comment
		"# interruption",               // 6
		". . | 2 .",                    // 7: item 5, the rest of it
		"----+----",                    // 8
		". 1 | . .",                    // 9
		"4 . | . 1",                    // 10
		"1..4..2..1..4..Z",             // 11: item 6, a value past 4
		"1 . | . 4",                    // 12: item 7, a good grid
		". . | 2 .",                    // 13
		"----+----",                    // 14
		". 1 | . .",                    // 15
		"4 . | . 1",                    // 16
		strings.Repeat("x", 2*MaxLine), // 17: item 8, too long
		good4,                          // 18: item 9
	}, "\n")
	type want struct {
		line int
		err  error
	}
	wants := []want{{2, nil}, {3, ErrLength}, {4, nil}, {5, ErrLength}, {7, ErrLength}, {11, ErrSymbol}, {12, nil}, {17, ErrTooLong}, {18, nil}}
	items := readAll(input)
	require.Len(t, items, len(wants))
	for i, w := range wants {
		it := items[i]
		assert.Equal(t, i+1, it.Index)
		assert.Equal(t, w.line, it.Line, "item %d", i+1)
		if w.err == nil {
			assert.NoError(t, it.Err, "item %d", i+1)
			assert.NotNil(t, it.Value)
			continue
		}
		assert.ErrorIs(t, it.Err, w.err, "item %d", i+1)
		assert.Nil(t, it.Value)
		var pe *ParseError
		require.ErrorAs(t, it.Err, &pe)
		assert.Equal(t, i+1, pe.Instance)
	}
	assert.Equal(t, items[6].Value.Cells, items[0].Value.Cells, "the grid and the line are the same puzzle")
}

func TestBatchFile(t *testing.T) {
	f, err := os.Open("testdata/batch.txt")
	require.NoError(t, err)
	defer f.Close()
	type want struct {
		line         int
		rows, cols   int
		err          error
		errLine, fld int
	}
	wants := []want{
		{line: 3, rows: 2, cols: 2},
		{line: 4, rows: 3, cols: 3},
		{line: 6, rows: 2, cols: 2},
		{line: 13, rows: 2, cols: 3},
		{line: 22, rows: 3, cols: 2},
		{line: 29, err: ErrLength, errLine: 29},
		{line: 30, err: ErrLength, errLine: 31},
		{line: 35, err: ErrSymbol, errLine: 35, fld: 81},
	}
	var items []Item
	for it := range Read(f) {
		items = append(items, it)
	}
	require.Len(t, items, len(wants))
	for i, w := range wants {
		it := items[i]
		assert.Equal(t, w.line, it.Line, "item %d", i+1)
		if w.err != nil {
			var pe *ParseError
			require.ErrorAs(t, it.Err, &pe, "item %d", i+1)
			assert.ErrorIs(t, it.Err, w.err)
			assert.Equal(t, [2]int{w.errLine, w.fld}, [2]int{pe.Line, pe.Field}, "item %d: %v", i+1, it.Err)
			continue
		}
		require.NoError(t, it.Err, "item %d", i+1)
		p := it.Value
		assert.Equal(t, [2]int{w.rows, w.cols}, [2]int{p.BoxRows, p.BoxCols}, "item %d", i+1)
		assert.NoError(t, p.Validate())
	}
	// The full 6x6 grids are solutions of themselves, in either box shape.
	for _, i := range []int{3, 4} {
		assert.NoError(t, CheckCells(items[i].Value, items[i].Value.Cells), "item %d", i+1)
	}
}

// lines is an endless reader of the same line, counting the bytes read.
type lines struct {
	line string
	off  int
	read int
}

func (l *lines) Read(b []byte) (int, error) {
	n := 0
	for n < len(b) {
		k := copy(b[n:], l.line[l.off:])
		n += k
		l.off = (l.off + k) % len(l.line)
	}
	l.read += n
	return n, nil
}

func TestReadStreams(t *testing.T) {
	src := &lines{line: "1..4..2..1..4..1\n"}
	count := 0
	for it := range Read(src) {
		require.NoError(t, it.Err)
		count++
		if count == 1000 {
			break
		}
	}
	assert.Equal(t, 1000, count)
	assert.Less(t, src.read, 1<<20, "an endless input is read as far as asked")
}

func TestReadIOError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("1..4..2..1..4..1\n1 . | . 4\n"), iotest.ErrReader(boom))
	items := slices.Collect(Read(r))
	require.Len(t, items, 3)
	assert.NoError(t, items[0].Err)
	assert.ErrorIs(t, items[1].Err, ErrLength, "the grid cut short")
	assert.ErrorIs(t, items[2].Err, boom)
	assert.Equal(t, 3, items[2].Index)
	assert.Equal(t, 3, items[2].Line)
}

func TestParse(t *testing.T) {
	_, err := Parse("# nothing\n\n")
	assert.ErrorIs(t, err, ErrCount)
	_, err = Parse("1..4..2..1..4..1\n1..4..2..1..4..1\n")
	assert.ErrorIs(t, err, ErrCount)
	var pe *ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 2, pe.Line)
	_, err = Parse("1..4..2..1..4..\n1..4..2..1..4..1\n")
	assert.ErrorIs(t, err, ErrLength, "the first error, not the count")
	p, err := Parse("% a puzzle\n1..4..2..1..4..1 comment\n\n")
	require.NoError(t, err)
	assert.Equal(t, 2, p.BoxRows)
}

func FuzzRead(f *testing.F) {
	f.Add("1..4..2..1..4..1")
	f.Add("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. # comment")
	f.Add("1 . | . 4\n. . | 2 .\n----+----\n. 1 | . .\n4 . | . 1\n")
	f.Add("1 2 | 3 4 | 5 6\n3 4 | 5 6 | 1 2\n5 6 | 1 2 | 3 4\n----+-----+----\n2 1 | 4 3 | 6 5\n4 3 | 6 5 | 2 1\n6 5 | 2 1 | 4 3\n")
	f.Add("1 . | . 4\n. . | 2\n----+----\n\n# c\n1..4..2..1..4..Z\n")
	f.Add("| 1 . | . 4\n----\n1 | 2 | 3 | 4\n")
	f.Add(FormatGrid(solved(4, 4), nil))
	f.Add(FormatLine(solved(3, 4), nil) + "\r\n" + strings.Repeat(".", 49))
	// Solo game IDs of every variant, and JSON puzzles.
	for _, set := range soloSets {
		f.Add(soloLines(f, set.name)[0] + " # " + set.name)
	}
	f.Add("2x2k:p,_a______abaa_aaa,6_3a7a5_5a8b6d\n2j:d,b__\n3x2x:1_2k3l\n6j:zj,zd" + strings.Repeat("_", 30))
	f.Add("3x3#1234\n2x2k:p,x,10o\n2j:d,aaaa\n9jxk:zzzc,_,_\n12x3:a\n2x2dbm4a:p")
	f.Add(`{"size":4,"givens":["1...","....","....","...."],"diagonals":true,"cages":[{"sum":7,"cells":[[1,2],[1,3]]}]}`)
	f.Add(`{"size":5,"regions":["AABBB","AABBC","DDDCC","DEECC","DEEEE"]} # a jigsaw` + "\n" + `{"size":4,"cages":[{"sum":3,"cells":[[1,1],[1,1]]}]}`)
	f.Fuzz(func(t *testing.T, input string) {
		index := 0
		for it := range Read(strings.NewReader(input)) {
			index++
			if it.Index != index {
				t.Fatalf("item %d has index %d", index, it.Index)
			}
			if (it.Value == nil) == (it.Err == nil) {
				t.Fatalf("item %d: want exactly one of puzzle and error, got %v and %v", index, it.Value, it.Err)
			}
			if it.Err != nil {
				var pe *ParseError
				if !errors.As(it.Err, &pe) || pe.Line < 1 || pe.Instance != index {
					t.Fatalf("item %d: error %v does not say where", index, it.Err)
				}
				continue
			}
			p := it.Value
			if err := p.Validate(); err != nil {
				t.Fatalf("item %d does not validate: %v", index, err)
			}
			_ = p.Clash()
			// Every puzzle reads back from JSON, and from Format in its
			// own form.
			back, err := ParseJSON(FormatJSON(p, nil))
			if err != nil || back.Form != FormJSON {
				t.Fatalf("JSON round trip of %q gave %+v, %v", FormatJSON(p, nil), back, err)
			}
			back.Form, back.Ruled = p.Form, p.Ruled
			if back.Regions != nil {
				back.BoxRows, back.BoxCols = p.BoxRows, p.BoxCols
			}
			if !reflect.DeepEqual(back, p) {
				t.Fatalf("JSON round trip of %q gave %+v, want %+v", FormatJSON(p, nil), back, p)
			}
			if p.Form != FormPlain {
				out := Format(p, nil)
				back, err := Parse(out)
				if err != nil || !reflect.DeepEqual(back, p) {
					t.Fatalf("round trip of %q gave %+v, %v; want %+v", out, back, err, p)
				}
				continue
			}
			grid := FormatGrid(p, nil)
			back, err = Parse(grid)
			if err != nil || back.BoxRows != p.BoxRows || back.BoxCols != p.BoxCols || !back.Ruled || !slices.Equal(back.Cells, p.Cells) {
				t.Fatalf("grid round trip of\n%s\ngave %+v, %v", grid, back, err)
			}
			line := FormatLine(p, nil)
			back, err = Parse(line)
			if err != nil || back.N() != p.N() || back.Ruled || !slices.Equal(back.Cells, p.Cells) {
				t.Fatalf("line round trip of %q gave %+v, %v", line, back, err)
			}
		}
	})
}

func ExampleFormatGrid() {
	p, err := Parse("1..4..2..1..4..1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(FormatGrid(p, nil))
	// Output:
	// 1 . | . 4
	// . . | 2 .
	// ----+----
	// . 1 | . .
	// 4 . | . 1
}

func ExampleParse() {
	_, err := Parse("1..4..2..1..4..")
	fmt.Println(err)
	_, err = Parse("1 . | . 4\n. . | 2 .\n----+----\n. 1 | . .\n4 . | . 7\n")
	fmt.Println(err)
	// Output:
	// instance 1, line 1: sudoku: wrong count of cells: found 15 cells, want 16 (4x4)
	// instance 1, line 5, field 9: sudoku: bad symbol: found '7' (7), want '1'-'4', '.' or '0' in a 4x4 grid
}
