package latin

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

// randomCands returns pencil marks of order n that a person could hold
// for the cyclic square: every cell keeps its value, and each other
// symbol with probability keep.
func randomCands(n int, keep float64, rng *rand.Rand) [][][]int {
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

func TestMarksRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 4, 9, 10, 12, 16, 63} {
		for _, keep := range []float64{0, 0.3, 1} {
			t.Run(fmt.Sprintf("order %d keep %v", n, keep), func(t *testing.T) {
				cands := randomCands(n, keep, rng)
				text := FormatMarks(&Instance{Order: n}, cands)
				items := slices.Collect(ReadMarks(strings.NewReader(text)))
				require.Len(t, items, 1)
				require.NoError(t, items[0].Err, "%s", text)
				inst := items[0].Value
				require.Equal(t, n, inst.Order)
				assert.Equal(t, cands, candsOf(n, inst.Marks))
				for r := range n {
					for c := range n {
						want := 0
						if len(cands[r][c]) == 1 {
							want = cands[r][c][0]
						}
						assert.Equal(t, want, inst.Grid[r][c], "r%dc%d", r+1, c+1)
					}
				}
				assert.Equal(t, text, FormatMarks(inst, nil), "formatting what was read")
			})
		}
	}
}

func TestFormatMarks(t *testing.T) {
	cases := []struct {
		name  string
		inst  *Instance
		cands [][][]int
		want  string
	}{
		{"small", &Instance{Order: 2}, [][][]int{{{1, 2}, {2}}, {{1}, {1, 2}}}, "2\n12 2\n1  12\n"},
		{"commas above 9", &Instance{Order: 12}, nil, ""},
		{"from givens", &Instance{Order: 2, Grid: [][]int{{0, 2}, {0, 0}}}, nil, "2\n12 2\n12 12\n"},
		{"unsorted and repeated", &Instance{Order: 3}, [][][]int{{{3, 1, 3}, {2}, {1}}, {{1}, {2}, {3}}, {{1}, {2}, {3}}}, "3\n13 2  1\n1  2  3\n1  2  3\n"},
		{"empty and bad cells", &Instance{Order: 2}, [][][]int{{{}, {7}}, {{1}}}, "2\n- ?\n1 ?\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := FormatMarks(c.inst, c.cands)
			if c.want == "" {
				// Order 12, no givens: every cell lists 1..12 with commas.
				row := strings.Repeat("1,2,3,4,5,6,7,8,9,10,11,12 ", 11) + "1,2,3,4,5,6,7,8,9,10,11,12\n"
				assert.Equal(t, "12\n"+strings.Repeat(row, 12), got)
				return
			}
			assert.Equal(t, c.want, got)
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
		{"order not a number", "x\n1\n", ErrOrder, 1, 1},
		{"order with a row", "2 1\n12 12\n12 12\n", ErrOrder, 1, 1},
		{"order zero", "0\n", ErrOrder, 1, 1},
		{"order above 63", "64\n", ErrOrder, 1, 1},
		{"order above MaxOrder", "999999999999999999999\n", ErrOrder, 1, 1},
		{"few tokens", "2\n12\n12 12\n", ErrRowLength, 2, 2},
		{"many tokens", "2\n12 12\n12 12 12\n", ErrRowLength, 3, 3},
		{"few rows", "# marks\n3\n123 123 123\n123 123 123\n", ErrMarkRows, 4, 0},
		{"many rows", "2\n12 12\n12 12\n12 12\n", ErrMarkRows, 4, 0},
		{"symbol too big", "3\n123 124 123\n123 123 123\n123 123 123\n", ErrSymbol, 2, 2},
		{"symbol zero", "2\n12 0\n12 12\n", ErrSymbol, 2, 2},
		{"symbol too big, commas", "10\n" + strings.Repeat("1,11 ", 10) + "\n", ErrSymbol, 2, 1},
		{"not a number", "2\n12 1x\n12 12\n", ErrNumber, 2, 2},
		{"negative", "10\n-1 " + strings.Repeat("1 ", 9) + "\n", ErrNumber, 2, 1},
		{"repeated candidate", "3\n123 1231 123\n123 123 123\n123 123 123\n", ErrMarkRepeat, 2, 2},
		{"repeated candidate, commas", "10\n" + strings.Repeat("1,10,10 ", 10) + "\n", ErrMarkRepeat, 2, 1},
		{"empty token", "2\n12 -\n12 12\n", ErrMarkEmpty, 2, 2},
		{"empty between commas", "2\n12 1,,2\n12 12\n", ErrMarkEmpty, 2, 2},
		{"trailing comma", "2\n12 12\n1, 12\n", ErrMarkEmpty, 3, 1},
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

func TestReadMarksBatchGoesOn(t *testing.T) {
	input := "# a batch\n2\n12 2\n1 12\n\n3\n123 123 9\n123 123 123\n123 123 123\n\n\n% a status line\n1\n1\n"
	items := slices.Collect(ReadMarks(strings.NewReader(input)))
	require.Len(t, items, 3)
	require.NoError(t, items[0].Err)
	assert.Equal(t, 2, items[0].Line)
	assert.Equal(t, [][]int{{0, 2}, {1, 0}}, items[0].Value.Grid)
	assert.ErrorIs(t, items[1].Err, ErrSymbol)
	assert.Contains(t, items[1].Err.Error(), "instance 2, line 7, field 3")
	require.NoError(t, items[2].Err)
	assert.Equal(t, 3, items[2].Index)
	assert.Equal(t, 13, items[2].Line)
	assert.Equal(t, []uint64{2}, items[2].Value.Marks)
}

func TestReadMarksCommasAnyOrder(t *testing.T) {
	items := slices.Collect(ReadMarks(strings.NewReader("2\n1,2 2\n1 2,1\n")))
	require.Len(t, items, 1)
	require.NoError(t, items[0].Err)
	assert.Equal(t, []uint64{6, 4, 2, 6}, items[0].Value.Marks)
}

func FuzzReadMarks(f *testing.F) {
	f.Add("2\n12 2\n1 12\n")
	f.Add("4\n1234 34 12 4\n1 2 3 4\n-  ? 1,2 12\n1 1 1 1\n\n# c\n64\n")
	f.Add(FormatMarks(&Instance{Order: 12}, nil) + "\n" + FormatMarks(&Instance{Order: 3}, nil))
	f.Add("10\n1,10 10 " + strings.Repeat("1,2,3 ", 8) + "\n")
	f.Fuzz(func(t *testing.T, input string) {
		for i, it := range slices.Collect(ReadMarks(strings.NewReader(input))) {
			if it.Index != i+1 {
				t.Fatalf("item %d has index %d", i+1, it.Index)
			}
			if (it.Value == nil) == (it.Err == nil) {
				t.Fatalf("item %d: want exactly one of instance and error, got %v and %v", i+1, it.Value, it.Err)
			}
			if it.Err != nil {
				var pe *ParseError
				if errors.As(it.Err, &pe) && (pe.Line < 1 || pe.Instance != i+1) {
					t.Fatalf("error does not say where: %v", it.Err)
				}
				continue
			}
			text := FormatMarks(it.Value, nil)
			back := slices.Collect(ReadMarks(strings.NewReader(text)))
			if len(back) != 1 || back[0].Err != nil {
				t.Fatalf("round trip of %q: %v", text, back)
			}
			b := back[0].Value
			if b.Order != it.Value.Order || !reflect.DeepEqual(b.Marks, it.Value.Marks) || !reflect.DeepEqual(b.Grid, it.Value.Grid) {
				t.Fatalf("round trip of %q gave %+v, want %+v", text, b, it.Value)
			}
		}
	})
}

func ExampleFormatMarks() {
	inst := &Instance{Order: 4}
	cands := [][][]int{
		{{1, 2}, {3}, {1, 2, 4}, {1, 2, 4}},
		{{4}, {1, 2}, {1, 2, 3}, {1, 2, 3}},
		{{1, 2, 3}, {1, 2, 4}, {1, 2, 3, 4}, {1, 2, 3, 4}},
		{{1, 2, 3}, {1, 2, 4}, {1, 2, 3, 4}, {1, 2, 3, 4}},
	}
	text := FormatMarks(inst, cands)
	fmt.Print(text)
	items := slices.Collect(ReadMarks(strings.NewReader(text)))
	fmt.Println(items[0].Value.Grid[0])
	// Output:
	// 4
	// 12   3    124  124
	// 4    12   123  123
	// 123  124  1234 1234
	// 123  124  1234 1234
	// [0 3 0 0]
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
