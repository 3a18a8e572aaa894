package kakuro

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tiny is a 3×3 puzzle with one solution: 1 2 / 3 1.
const tiny = "#\t4\\  3\\\n\\3 . .\n\\4 . .\n"

// items reads all of text.
func items(text string) []Item {
	var out []Item
	for it := range Read(strings.NewReader(text)) {
		out = append(out, it)
	}
	return out
}

func TestReadErrors(t *testing.T) {
	row := func(n int, tok string) string { return strings.TrimSpace(strings.Repeat(tok+" ", n)) }
	tests := []struct {
		name        string
		in          string
		line, field int
		err         error
	}{
		{"unknown token", "#  4\\ 3\\\n\\3 ? .\n\\4 . .", 2, 2, ErrToken},
		{"two separators", "#  4\\3\\ 3\\\n\\3 . .\n\\4 . .", 1, 2, ErrToken},
		{"digit ten", "#  4\\ 3\\\n\\3 10 .\n\\4 . .", 2, 2, ErrToken},
		{"clue not a number", "#  4\\x 3\\\n\\3 . .\n\\4 . .", 1, 2, ErrClue},
		{"clue of three digits", "#  4\\ 3\\\n\\3 . .\n\\004 . .", 3, 1, ErrClue},
		{"clue zero", "#  0\\ 3\\\n\\3 . .\n\\4 . .", 1, 2, ErrClue},
		{"clue above 45", "#  46\\ 3\\\n\\3 . .\n\\4 . .", 1, 2, ErrClue},
		{"clue too small for its run", "#  4\\ 3\\\n\\2 . .\n\\4 . .", 2, 1, ErrClue},
		{"clue too large for its run", "#  4\\ 18\\\n\\3 . .\n\\4 . .", 1, 3, ErrClue},
		{"short row", "#  4\\ 3\\\n\\3 .\n\\4 . .", 2, 0, ErrRagged},
		{"long row", "#  4\\ 3\\\n\\3 . . .\n\\4 . .", 2, 4, ErrRagged},
		{"run without clue", "#  \\ 3\\\n\\3 . .\n\\4 . .", 1, 2, ErrNoClue},
		{"white cell in first column", "#  4\\ 3\\\n. . .\n\\4 . .", 2, 1, ErrNoClue},
		{"white cell in first row", "#  . 3\\\n\\3 . .\n\\4 . .", 1, 2, ErrNoClue},
		{"run of one", "#  4\\ 3\\\n\\3 . .\n\\4 . #", 3, 1, ErrRun},
		{"run of ten", row(11, "3\\") + "\n\\45 " + row(10, ".") + "\n\\45 " + row(10, "."), 2, 1, ErrRun},
		{"clue without run", "#  4\\ 3\\ 5\\\n\\3 . . #\n\\4 . . #", 1, 4, ErrNoRun},
		{"across clue at the edge", "#  4\\ 3\\ #\n\\3 . . #\n\\4 . . \\3", 3, 4, ErrNoRun},
		{"no white cell", "% nothing\n# #\n# #", 2, 0, ErrSize},
		{"too many rows", strings.Repeat("# #\n", MaxSize+1), MaxSize + 1, 0, ErrSize},
		{"too many cells", row(MaxSize+1, "#"), 1, MaxSize + 1, ErrSize},
		{"huge line without newline", strings.Repeat("\\3 . ", 2<<20), 1, 0, ErrLong},
		{"line too long", "#  4\\ 3\\\n\\3 . ." + strings.Repeat(" ", MaxLine) + "\n\\4 . .", 2, 0, ErrLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			its := items(tt.in)
			require.Len(t, its, 1)
			assert.Nil(t, its[0].Value)
			var pe *ParseError
			require.ErrorAs(t, its[0].Err, &pe)
			assert.ErrorIs(t, its[0].Err, tt.err)
			assert.Equal(t, tt.line, pe.Line, "line: %v", pe)
			assert.Equal(t, tt.field, pe.Field, "field: %v", pe)
			assert.Equal(t, 1, its[0].Index)
			assert.Equal(t, 1, pe.Instance, "the error names its puzzle")
		})
	}
}

// A bad puzzle spoils only itself: the next one reads, with its index
// and line.
func TestReadGoesOn(t *testing.T) {
	in := "% first\n#  4\\ 3\\\n\\3 ? .\n\\4 . .\n\n\n% second\r\n" + strings.ReplaceAll(tiny, "\n", "\r\n") + "\n" + strings.Repeat("x", 3*MaxLine) + "\n\n" + tiny
	its := items("\ufeff" + in)
	require.Len(t, its, 4)
	assert.ErrorIs(t, its[0].Err, ErrToken)
	assert.Equal(t, Item{Index: 1, Line: 2, Err: its[0].Err}, its[0])
	require.NoError(t, its[1].Err)
	assert.Equal(t, 2, its[1].Index)
	assert.Equal(t, 8, its[1].Line)
	assert.Equal(t, Format(readOne(t, tiny)), Format(its[1].Value))
	assert.ErrorIs(t, its[2].Err, ErrLong)
	assert.Equal(t, 12, its[2].Line)
	require.NoError(t, its[3].Err)
	assert.Equal(t, 4, its[3].Index)
	assert.Equal(t, 14, its[3].Line)
}

func TestReadTokens(t *testing.T) {
	// Every spelling of every cell kind, and the slash.
	p := readOne(t, "x\t4/ 3\\\n  \\3 0 _\n/4 2 .\n")
	assert.Equal(t, " # 4\\ 3\\\n\\3  .  .\n\\4  2  .\n", Format(p))
	assert.Equal(t, Cell{Black: true, Down: 4}, p.At(0, 1))
	assert.Equal(t, Cell{Given: 2}, p.At(2, 1))
	assert.Equal(t, 1, p.Givens())
	assert.Equal(t, 4, p.White())
	require.Len(t, p.Runs(), 4)
	assert.Equal(t, Run{Clue: 3, Sum: 3, Cells: []int{4, 5}}, p.Runs()[0])
	assert.Equal(t, Run{Clue: 1, Down: true, Sum: 4, Cells: []int{4, 7}}, p.Runs()[2])
}

func TestReadError(t *testing.T) {
	r := iotest.TimeoutReader(strings.NewReader(tiny + "\n" + tiny)) // fails on the second read
	var got []Item
	for it := range Read(r) {
		got = append(got, it)
	}
	require.Len(t, got, 2)
	require.NoError(t, got[0].Err)
	// The puzzle being read when the reader failed is spoilt: its rows
	// may go on.
	last := got[1]
	assert.ErrorIs(t, last.Err, ErrRead)
	assert.ErrorIs(t, last.Err, iotest.ErrTimeout)
	var pe *ParseError
	require.ErrorAs(t, last.Err, &pe)
	assert.Equal(t, 2, pe.Instance)
}

func TestReadStops(t *testing.T) {
	n := 0
	for range Read(strings.NewReader(tiny + "\n" + tiny + "\n" + tiny)) {
		n++
		break
	}
	assert.Equal(t, 1, n)
}

func TestNewErrors(t *testing.T) {
	b, w := Cell{Black: true}, Cell{}
	tests := []struct {
		name     string
		rows     [][]Cell
		row, col int
		err      error
	}{
		{"empty", nil, 0, 0, ErrSize},
		{"too wide", [][]Cell{make([]Cell, MaxSize+1)}, 0, 0, ErrSize},
		{"ragged", [][]Cell{{b, b}, {b}}, 1, 1, ErrRagged},
		{"given on black", [][]Cell{{b, {Black: true, Given: 3}}}, 0, 1, ErrToken},
		{"clue on white", [][]Cell{{b, {Across: 3}}}, 0, 1, ErrToken},
		{"given 10", [][]Cell{{b, {Given: 10}}}, 0, 1, ErrToken},
		{"negative clue", [][]Cell{{b, {Black: true, Down: -1}}}, 0, 1, ErrToken},
		{"white corner", [][]Cell{{w}}, 0, 0, ErrNoClue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.rows)
			var prob *Problem
			require.ErrorAs(t, err, &prob)
			assert.ErrorIs(t, err, tt.err)
			assert.Equal(t, [2]int{tt.row, tt.col}, [2]int{prob.Row, prob.Col})
		})
	}
}

func TestSumRange(t *testing.T) {
	for _, tt := range []struct{ n, lo, hi int }{{1, 1, 9}, {2, 3, 17}, {3, 6, 24}, {8, 36, 44}, {9, 45, 45}} {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			lo, hi := SumRange(tt.n)
			assert.Equal(t, [2]int{tt.lo, tt.hi}, [2]int{lo, hi})
		})
	}
}

func TestFormatSolutionBadGrid(t *testing.T) {
	p := readOne(t, tiny)
	text := FormatSolution(p, [][]int{{0, 0, 0}, {0, 1, 12}})
	assert.Equal(t, " # 4\\ 3\\\n\\3  1  ?\n\\4  ?  ?\n", text)
	its := items(text)
	require.Len(t, its, 1)
	assert.ErrorIs(t, its[0].Err, ErrToken)
}

// FuzzRead checks that Read never panics, that its errors are
// *ParseErrors wrapping a sentinel at a line of the input, and that a
// puzzle it reads comes back from Format unchanged.
func FuzzRead(f *testing.F) {
	f.Add(tiny)
	f.Add("x\t4/ 3\\\n  \\3 0 _\n/4 2 .\n\n" + tiny)
	f.Add("#  4\\ 3\\ 5\\\n\\3 . . #\n\\4 . . #")
	f.Add("% c\r\n#  \\ 3\\\r\n\\3 . .\r\n\\4 . .")
	for _, c := range corpora {
		ps := corpus(f, c.file)
		f.Add(Format(ps[0]))
	}
	sentinels := []error{ErrToken, ErrClue, ErrRun, ErrNoClue, ErrNoRun, ErrRagged, ErrSize, ErrLong}
	f.Fuzz(func(t *testing.T, in string) {
		lines := strings.Count(in, "\n") + 1
		for it := range Read(strings.NewReader(in)) {
			if it.Err != nil {
				var pe *ParseError
				require.ErrorAs(t, it.Err, &pe)
				require.True(t, slices.ContainsFunc(sentinels, func(e error) bool { return errors.Is(pe.Err, e) }), "sentinel %v", pe.Err)
				require.True(t, pe.Line >= 1 && pe.Line <= lines, "line %d of %d", pe.Line, lines)
				require.Nil(t, it.Value)
				continue
			}
			text := Format(it.Value)
			back := readOne(t, text)
			require.Equal(t, it.Value, back, "%q", text)
			require.Equal(t, text, Format(back))
		}
	})
}
