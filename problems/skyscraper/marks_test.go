package skyscraper

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

// markPuzzle returns a board of size n with random clues (about half of
// them none), and pencil marks a person could hold for the cyclic grid:
// every cell keeps its height, and each other height with probability
// keep.
func markPuzzle(n int, keep float64, rng *rand.Rand) (*Puzzle, [][][]int) {
	p := New(n)
	for _, side := range [][]int{p.Top, p.Bottom, p.Left, p.Right} {
		for i := range side {
			if rng.IntN(2) == 0 {
				side[i] = 1 + rng.IntN(n)
			}
		}
	}
	cands := make([][][]int, n)
	for r := range n {
		cands[r] = make([][]int, n)
		for c := range n {
			for v := 1; v <= n; v++ {
				if v == (r+c)%n+1 || rng.Float64() < keep {
					cands[r][c] = append(cands[r][c], v)
				}
			}
		}
	}
	return p, cands
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

func TestMarksRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 4, 6, 9, 10, 12, 16, 63} {
		for _, keep := range []float64{0, 0.3, 1} {
			t.Run(fmt.Sprintf("size %d keep %v", n, keep), func(t *testing.T) {
				p, cands := markPuzzle(n, keep, rng)
				text := FormatMarks(p, cands)
				items := slices.Collect(ReadMarks(strings.NewReader(text)))
				require.Len(t, items, 1)
				require.NoError(t, items[0].Err, "%s", text)
				q := items[0].Value
				require.Equal(t, n, q.N)
				assert.Equal(t, p.Clockwise(), q.Clockwise(), "clues")
				assert.Equal(t, cands, candsOf(n, q.Marks))
				for r := range n {
					for c := range n {
						want := 0
						if len(cands[r][c]) == 1 {
							want = cands[r][c][0]
						}
						assert.Equal(t, want, q.Givens[r][c], "r%dc%d", r+1, c+1)
					}
				}
				assert.Equal(t, 1, q.Line)
				assert.Equal(t, text, FormatMarks(q, nil), "formatting what was read")
			})
		}
	}
}

func TestFormatMarks(t *testing.T) {
	withGivens := New(3)
	withGivens.Top[1], withGivens.Right[2] = 2, 3
	withGivens.Givens = [][]int{{0, 0, 3}, {0, 0, 0}, {0, 0, 0}}
	big := New(10)
	big.Left[0] = 10
	cases := []struct {
		name  string
		p     *Puzzle
		cands [][][]int
		want  string
	}{
		{"from givens", withGivens, nil, "" +
			"  .   2   .\n" +
			". 123 123 3   .\n" +
			". 123 123 123 .\n" +
			". 123 123 123 3\n" +
			"  .   .   .\n"},
		{"commas above 9", big, [][][]int{{{1, 10}, {2}}}, "" +
			"   .    .    .    .    .    .    .    .    .    .\n" +
			"10 1,10 2    ?    ?    ?    ?    ?    ?    ?    ?    .\n" +
			strings.Repeat(" . ?    ?    ?    ?    ?    ?    ?    ?    ?    ?    .\n", 9) +
			"   .    .    .    .    .    .    .    .    .    .\n"},
		{"empty and bad cells", New(2), [][][]int{{{}, {3}}, {{2, 1, 2}, {1}}}, "" +
			"  .  .\n" +
			". -  ?  .\n" +
			". 12 1  .\n" +
			"  .  .\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, FormatMarks(c.p, c.cands))
		})
	}
}

func TestReadMarksErrors(t *testing.T) {
	cases := []struct {
		name        string
		input       string
		err         error
		line, field int
	}{
		{"too big", strings.Repeat(". ", 64) + "\n", ErrSize, 1, 0},
		{"few lines", "  . .\n. 12 12 .\n. 12 12 .\n", ErrCount, 3, 0},
		{"a Towers ID", "4:3/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3\n", ErrCount, 1, 0},
		{"many lines", "  . .\n. 12 12 .\n. 12 12 .\n  . .\n  . .\n", ErrCount, 5, 0},
		{"short row", "  . .\n. 12 12 .\n. 12 12\n  . .\n", ErrCount, 3, 4},
		{"long row", "  . .\n. 12 12 1 .\n. 12 12 .\n  . .\n", ErrCount, 2, 5},
		{"short bottom", "  . .\n. 12 12 .\n. 12 12 .\n  .\n", ErrCount, 4, 2},
		{"top clue too big", "  . 3\n. 12 12 .\n. 12 12 .\n  . .\n", ErrClue, 1, 2},
		{"left clue zero", "  . .\n0 12 12 .\n. 12 12 .\n  . .\n", ErrClue, 2, 1},
		{"right clue too big", "  . .\n. 12 12 .\n. 12 12 9\n  . .\n", ErrClue, 3, 4},
		{"bottom clue not a number", "  . .\n. 12 12 .\n. 12 12 .\n  x .\n", ErrNumber, 4, 1},
		{"candidate too big", "  . .\n. 12 13 .\n. 12 12 .\n  . .\n", ErrMarkRange, 2, 3},
		{"candidate too big, commas", "   " + strings.Repeat(". ", 10) + "\n. 1,11" + strings.Repeat(" 1", 9) + " .\n", ErrMarkRange, 2, 2},
		{"candidate not a number", "  . .\n. 12 1? .\n. 12 12 .\n  . .\n", ErrNumber, 2, 3},
		{"repeated candidate", "  . .\n. 12 12 .\n. 121 12 .\n  . .\n", ErrMarkRepeat, 3, 2},
		{"empty token", "  . .\n. - 12 .\n. 12 12 .\n  . .\n", ErrMarkEmpty, 2, 2},
		{"empty between commas", "  . .\n. 12 12 .\n. 12 1, .\n  . .\n", ErrMarkEmpty, 3, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := slices.Collect(ReadMarks(strings.NewReader(c.input)))
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

// Two cells of a row or column with the same single candidate are givens
// that clash: the block reads, and Clash names them.
func TestReadMarksClash(t *testing.T) {
	for _, c := range []struct{ name, input, want string }{
		{"row", "  . .\n. 12 12 .\n. 2 2 .\n  . .\n", "r2c1 and r2c2 both hold 2 (row 2)"},
		{"column", "  . .\n. 1 12 .\n. 1 12 .\n  . .\n", "r1c1 and r2c1 both hold 1 (column 1)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			items := slices.Collect(ReadMarks(strings.NewReader(c.input)))
			require.Len(t, items, 1)
			require.NoError(t, items[0].Err)
			err := items[0].Value.Clash()
			assert.ErrorIs(t, err, ErrClash)
			assert.ErrorContains(t, err, c.want)
		})
	}
}

func TestReadMarksBatchGoesOn(t *testing.T) {
	good := "  2 .\n. 12 2 1\n. 1 12 .\n  . .\n"
	bad := "  2 .\n. 12 2 1\n. 1 12 3\n  . .\n"
	input := "# a batch\n" + good + "\n" + bad + "\n\n% a status line\n" + good
	items := slices.Collect(ReadMarks(strings.NewReader(input)))
	require.Len(t, items, 3)
	require.NoError(t, items[0].Err)
	assert.Equal(t, 2, items[0].Line)
	assert.Equal(t, [][]int{{0, 2}, {1, 0}}, items[0].Value.Givens)
	assert.Equal(t, []int{2, 0}, items[0].Value.Top)
	assert.Equal(t, []int{1, 0}, items[0].Value.Right)
	assert.ErrorIs(t, items[1].Err, ErrClue)
	assert.Contains(t, items[1].Err.Error(), "line 9, field 4")
	require.NoError(t, items[2].Err)
	assert.Equal(t, 3, items[2].Index)
	assert.Equal(t, 14, items[2].Line)
	assert.Equal(t, 14, items[2].Value.Line)
}

func FuzzReadMarks(f *testing.F) {
	f.Add("  2 .\n. 12 2 1\n. 1 12 .\n  . .\n")
	f.Add(FormatMarks(New(10), nil) + "\n# c\n" + FormatMarks(New(4), nil))
	f.Add("  . 3\n. - ? .\n. 1,2 x 0\n  .\n\n" + strings.Repeat(". ", 64))
	f.Add("   " + strings.Repeat(". ", 10) + "\n. 1,11" + strings.Repeat(" 1", 9) + " .\n")
	f.Add("  2 .\n. 12 2 1\n. 1 12 .\n  . .\ninterior r2c1 up 2\n")
	f.Fuzz(func(t *testing.T, input string) {
		for i, it := range slices.Collect(ReadMarks(strings.NewReader(input))) {
			if it.Index != i+1 {
				t.Fatalf("item %d has index %d", i+1, it.Index)
			}
			if (it.Value == nil) == (it.Err == nil) {
				t.Fatalf("item %d: want exactly one of puzzle and error, got %v and %v", i+1, it.Value, it.Err)
			}
			if it.Err != nil {
				var pe *ParseError
				if errors.As(it.Err, &pe) && pe.Line < 1 {
					t.Fatalf("error does not say where: %v", it.Err)
				}
				continue
			}
			p := it.Value
			text := FormatMarks(p, nil)
			back := slices.Collect(ReadMarks(strings.NewReader(text)))
			if len(back) != 1 || back[0].Err != nil {
				t.Fatalf("round trip of %q: %v", text, back)
			}
			q := back[0].Value
			q.Line = p.Line
			if !reflect.DeepEqual(q, p) {
				t.Fatalf("round trip of %q gave %+v, want %+v", text, q, p)
			}
		}
	})
}

func ExampleFormatMarks() {
	p := New(4)
	p.Top = []int{2, 0, 0, 1}
	p.Left = []int{0, 4, 0, 0}
	cands := [][][]int{
		{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {4}},
		{{1}, {2}, {3}, {4}},
		{{2, 3, 4}, {1, 3, 4}, {1, 2, 4}, {1, 2, 3}},
		{{2, 3, 4}, {1, 3, 4}, {1, 2, 4}, {1, 2, 3}},
	}
	fmt.Print(FormatMarks(p, cands))
	// Output:
	//   2   .   .   1
	// . 123 123 123 4   .
	// 4 1   2   3   4   .
	// . 234 134 124 123 .
	// . 234 134 124 123 .
	//   .   .   .   .
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
	items := slices.Collect(ReadMarks(strings.NewReader(string(data))))
	require.Len(t, items, len(blocks))
	for i, it := range items {
		require.NoError(t, it.Err)
		assert.Equal(t, blocks[i], FormatMarks(it.Value, nil))
	}
}
