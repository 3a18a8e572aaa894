package sudoku

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// markCands returns pencil marks a person could hold for a full grid with
// boxes rows x cols: every cell keeps its value, and each other value with
// probability keep.
func markCands(rows, cols int, keep float64, rng *rand.Rand) [][][]int {
	n := rows * cols
	cands := make([][][]int, n)
	for r := range n {
		cands[r] = make([][]int, n)
		for c := range n {
			want := ((r%rows)*cols+r/rows+c)%n + 1
			for v := 1; v <= n; v++ {
				if v == want || rng.Float64() < keep {
					cands[r][c] = append(cands[r][c], v)
				}
			}
		}
	}
	return cands
}

// candsOf lists the candidates of Marks, row by row.
func candsOf(n int, marks []uint64) [][][]int {
	cands := make([][][]int, n)
	for r := range n {
		cands[r] = make([][]int, n)
		for c := range n {
			for v := 1; v <= n; v++ {
				if marks[r*n+c]>>v&1 == 1 {
					cands[r][c] = append(cands[r][c], v)
				}
			}
		}
	}
	return cands
}

// readMarks collects a batch of pencil-mark grids.
func readMarks(s string) []Item {
	return slices.Collect(ReadMarks(strings.NewReader(s)))
}

func TestMarksRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	shapes := [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 3}, {4, 4}, {5, 5}, {5, 7}}
	for _, s := range shapes {
		for _, keep := range []float64{0, 0.3, 1} {
			t.Run(fmt.Sprintf("%dx%d keep %v", s[0], s[1], keep), func(t *testing.T) {
				n := s[0] * s[1]
				cands := markCands(s[0], s[1], keep, rng)
				text := FormatMarks(&Puzzle{BoxRows: s[0], BoxCols: s[1]}, cands)
				items := readMarks(text)
				require.Len(t, items, 1)
				require.NoError(t, items[0].Err, "%s", text)
				p := items[0].Value
				require.NoError(t, p.Validate())
				assert.Equal(t, s, [2]int{p.BoxRows, p.BoxCols}, "box shape")
				assert.Equal(t, cands, candsOf(n, p.Marks))
				for i, vs := range slices.Concat(cands...) {
					want := 0
					if len(vs) == 1 {
						want = vs[0]
					}
					assert.Equal(t, want, p.Cells[i], "%s", cellName(n, i))
				}
				assert.Equal(t, text, FormatMarks(p, nil), "formatting what was read")
			})
		}
	}
}

func TestFormatMarks(t *testing.T) {
	cases := []struct {
		name  string
		p     *Puzzle
		cands [][][]int
		want  string
	}{
		{"from givens", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: []int{1, 0, 0, 4, 0, 0, 2, 0, 0, 1, 0, 0, 4, 0, 0, 1}}, nil, "" +
			"1    1234 | 1234 4\n" +
			"1234 1234 | 2    1234\n" +
			"----------+----------\n" +
			"1234 1    | 1234 1234\n" +
			"4    1234 | 1234 1\n"},
		{"jigsaw has no rules", &Puzzle{BoxRows: 1, BoxCols: 4, Regions: make([]int, 16), Cells: []int{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}},
			[][][]int{{{1}, {2, 3}, {2, 3, 4}, {4}}, {{4}, {1}, {2}, {3}}, {{2}, {3}, {4}, {1}}, {{3}, {4}, {1}, {2}}}, "" +
				"1   23  234 4\n" +
				"4   1   2   3\n" +
				"2   3   4   1\n" +
				"3   4   1   2\n"},
		{"empty, bad and missing cells", &Puzzle{BoxRows: 2, BoxCols: 2}, [][][]int{{{}, {5}, {4, 1, 4}}}, "" +
			"-  ?  | 14 ?\n" +
			"?  ?  | ?  ?\n" +
			"------+------\n" +
			"?  ?  | ?  ?\n" +
			"?  ?  | ?  ?\n"},
		{"letters", &Puzzle{BoxRows: 3, BoxCols: 4}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := FormatMarks(c.p, c.cands)
			if c.want == "" {
				lines := strings.Split(got, "\n")
				assert.Equal(t, "123456789ABC 123456789ABC 123456789ABC 123456789ABC | 123456789ABC", lines[0][:5*13+1])
				assert.Equal(t, strings.Repeat("-", 4*13-1)+"-+-"+strings.Repeat("-", 4*13-1)+"-+-"+strings.Repeat("-", 4*13-1), lines[3])
				return
			}
			assert.Equal(t, c.want, got)
		})
	}
}

func TestReadMarksShapes(t *testing.T) {
	row := func(toks ...string) string { return strings.Join(toks, " ") + "\n" }
	all6 := strings.Repeat("123456 ", 6)
	cases := []struct {
		name       string
		input      string
		rows, cols int
	}{
		{"no rules: Shape", strings.Repeat(all6+"\n", 6), 2, 3},
		{"bars every 2", strings.Repeat(row("123456 123456 |", "123456 123456 |", "123456 123456"), 6), 3, 2},
		{"rules every 3", strings.Repeat(all6+"\n", 3) + "-----\n" + strings.Repeat(all6+"\n", 3), 3, 2},
		{"bars and rules", strings.Repeat(row("12 12 12 | 12 12 12"), 2) + "--+--\n" + strings.Repeat(row("12 12 12 | 12 12 12"), 2) + "--+--\n" + strings.Repeat(row("12 12 12 | 12 12 12"), 2), 2, 3},
		{"irregular bars are ignored", strings.Repeat(row("12 | 12 12 12 12 12"), 6), 2, 3},
		{"a frame", ".-----.-----.-----.\n" + strings.Repeat(row("|", "12 12 | 12 12 | 12 12", "|"), 3) + ":-----+-----+-----:\n" + strings.Repeat(row("|", "12 12 | 12 12 | 12 12", "|"), 3) + "'-----'-----'-----'\n", 3, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := readMarks(c.input)
			require.Len(t, items, 1)
			require.NoError(t, items[0].Err, "%s", c.input)
			p := items[0].Value
			assert.Equal(t, [2]int{c.rows, c.cols}, [2]int{p.BoxRows, p.BoxCols})
		})
	}
}

func TestReadMarksErrors(t *testing.T) {
	good := "1234 1234 | 1234 1234\n"
	cases := []struct {
		name        string
		input       string
		err         error
		line, field int
	}{
		{"short row", good + "1234 1234 | 1234\n" + good + good, ErrLength, 2, 0},
		{"long row", good + good + "1234 1234 | 1234 1234 1\n" + good, ErrLength, 3, 23},
		{"few rows", "# c\n" + good + good + "----+----\n" + good, ErrLength, 2, 0},
		{"many rows", good + good + good + good + good, ErrLength, 5, 0},
		{"symbol too big", good + "1234 1235 | 1234 1234\n" + good + good, ErrSymbol, 2, 9},
		{"zero", good + good + "1234 1234 | 0 1234\n" + good, ErrSymbol, 3, 13},
		{"dot", good + good + "1234 1234 | . 1234\n" + good, ErrSymbol, 3, 13},
		{"letter in 9x9", strings.Repeat("1 ", 8) + "A\n", ErrSymbol, 1, 17},
		{"repeated candidate", good + good + good + "1234 1234 | 1231 1234\n", ErrMarkRepeat, 4, 16},
		{"repeated letter, either case", strings.Repeat("1 ", 11) + "Aa\n", ErrMarkRepeat, 1, 24},
		{"empty token", good + "1234 - | 1234 1234\n" + good + good, ErrMarkEmpty, 2, 6},
		{"prime side", "1 2 3 4 5\n", ErrShape, 1, 0},
		{"side too small", "1 2 3\n", ErrShape, 1, 0},
		{"side too big", strings.Repeat("1 ", 36) + "\n", ErrShape, 1, 0},
		{"only rules", "------\n", ErrLength, 1, 0},
		{"long line", good + strings.Repeat(" ", MaxLine+1) + "\n" + good + good, ErrTooLong, 2, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := readMarks(c.input)
			require.NotEmpty(t, items)
			err := items[0].Err
			require.Error(t, err)
			assert.Nil(t, items[0].Value)
			assert.ErrorIs(t, err, c.err)
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, c.line, pe.Line, "%v", err)
			assert.Equal(t, c.field, pe.Field, "%v", err)
			assert.Contains(t, err.Error(), fmt.Sprintf("line %d", c.line))
		})
	}
}

func TestReadMarksBatchGoesOn(t *testing.T) {
	good := FormatMarks(&Puzzle{BoxRows: 2, BoxCols: 2}, nil)
	bad := strings.Replace(good, "1234", "12x4", 1)
	input := "# a batch\n" + good + "\n" + bad + "\n\n% a status line\n" + good
	items := readMarks(input)
	require.Len(t, items, 3)
	require.NoError(t, items[0].Err)
	assert.Equal(t, 2, items[0].Line)
	assert.ErrorIs(t, items[1].Err, ErrSymbol)
	assert.Contains(t, items[1].Err.Error(), "instance 2, line 8, field 3")
	require.NoError(t, items[2].Err)
	assert.Equal(t, 3, items[2].Index)
	assert.Equal(t, 16, items[2].Line)
	// Stopping early stops reading.
	for it := range ReadMarks(strings.NewReader(input)) {
		require.Equal(t, 1, it.Index)
		break
	}
}

func TestReadMarksClashIsNoParseError(t *testing.T) {
	items := readMarks("1 1 | 1234 1234\n" + strings.Repeat("1234 1234 | 1234 1234\n", 3))
	require.Len(t, items, 1)
	require.NoError(t, items[0].Err)
	assert.Error(t, items[0].Value.Clash())
}

func FuzzReadMarks(f *testing.F) {
	f.Add(FormatMarks(&Puzzle{BoxRows: 2, BoxCols: 2}, nil))
	f.Add(FormatMarks(&Puzzle{BoxRows: 3, BoxCols: 2}, nil) + "\n# c\n" + FormatMarks(&Puzzle{BoxRows: 3, BoxCols: 4}, nil))
	f.Add("1 2 | 3 4\n34 12 | 12 4\n--+--\n- 1 | 1 1\n? 5 | 7 ab\n\n1 2 3\n")
	f.Add(".---.---.\n| 12 12 | 12 12 |\n:---+---:\n| 12 12 | 12 12 |\n'---'---'\n")
	f.Fuzz(func(t *testing.T, input string) {
		for i, it := range readMarks(input) {
			if it.Index != i+1 {
				t.Fatalf("item %d has index %d", i+1, it.Index)
			}
			if (it.Value == nil) == (it.Err == nil) {
				t.Fatalf("item %d: want exactly one of puzzle and error, got %v and %v", i+1, it.Value, it.Err)
			}
			if it.Err != nil {
				var pe *ParseError
				if !errors.As(it.Err, &pe) || pe.Line < 1 || pe.Instance != i+1 {
					t.Fatalf("error does not say where: %v", it.Err)
				}
				continue
			}
			p := it.Value
			if err := p.Validate(); err != nil {
				t.Fatalf("item %d does not validate: %v", i+1, err)
			}
			text := FormatMarks(p, nil)
			back := readMarks(text)
			if len(back) != 1 || back[0].Err != nil || !reflect.DeepEqual(back[0].Value, p) {
				t.Fatalf("round trip of\n%s\ngave %+v, want %+v", text, back, p)
			}
		}
	})
}

func ExampleFormatMarks() {
	p, err := Parse("1..4..2..1..4..1")
	if err != nil {
		fmt.Println(err)
		return
	}
	text := FormatMarks(p, [][][]int{
		{{1}, {2, 3}, {2, 3}, {4}},
		{{3, 4}, {3, 4}, {2}, {1, 3}},
		{{2, 3}, {1}, {3, 4}, {2, 3}},
		{{4}, {2, 3}, {3}, {1}},
	})
	fmt.Print(text)
	for it := range ReadMarks(strings.NewReader(text)) {
		fmt.Println(FormatLine(it.Value, nil))
	}
	// Output:
	// 1  23 | 23 4
	// 34 34 | 2  13
	// ------+------
	// 23 1  | 34 23
	// 4  23 | 3  1
	// 1..4..2..1..4.31
}

// TestMarksSample reads testdata/marks.txt, pencil marks as FormatMarks
// writes them, and writes each block back the same.
func TestMarksSample(t *testing.T) {
	data, err := os.ReadFile("testdata/marks.txt")
	require.NoError(t, err)
	var blocks []string
	for _, b := range strings.Split(string(data), "\n\n") {
		var kept strings.Builder
		for line := range strings.Lines(b) {
			if !strings.HasPrefix(line, "#") {
				kept.WriteString(line)
			}
		}
		blocks = append(blocks, strings.TrimSuffix(kept.String(), "\n")+"\n")
	}
	items := readMarks(string(data))
	require.Len(t, items, len(blocks))
	for i, it := range items {
		require.NoError(t, it.Err)
		assert.Equal(t, blocks[i], FormatMarks(it.Value, nil))
	}
}
