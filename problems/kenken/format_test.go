package kenken

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tathamRow is one puzzle of testdata/tatham-keen.txt: printed by Keen
// itself (sgt-keen --generate, with the solution from its save file).
type tathamRow struct {
	seed, id string
	solution [][]int
}

// tathamRows reads the file: a comment "# seed SEED solution DIGITS",
// then the game ID.
func tathamRows(t testing.TB) []tathamRow {
	t.Helper()
	f, err := os.ReadFile("testdata/tatham-keen.txt")
	require.NoError(t, err)
	var rows []tathamRow
	var seed, digits string
	for line := range strings.Lines(string(f)) {
		line = strings.TrimRight(line, "\n")
		if _, err := fmt.Sscanf(line, "# seed %s solution %s", &seed, &digits); err == nil || line == "" || line[0] == '#' {
			continue
		}
		require.NotEmpty(t, digits, "a game ID without its comment: %s", line)
		size := int(line[0] - '0') // sizes are one digit: 4..9
		require.Len(t, digits, size*size, line)
		sol := make([][]int, size)
		for r := range size {
			sol[r] = make([]int, size)
			for k := range size {
				sol[r][k] = int(digits[r*size+k] - '0')
			}
		}
		rows = append(rows, tathamRow{seed: seed, id: line, solution: sol})
		seed, digits = "", ""
	}
	return rows
}

// same reports whether two puzzles have the same size and cages.
func same(a, b *Puzzle) bool {
	if a.N != b.N || len(a.Cages) != len(b.Cages) {
		return false
	}
	ca, cb := cages(a), cages(b)
	for k := range ca {
		if ca[k].Op != cb[k].Op || ca[k].Target != cb[k].Target || !slices.Equal(ca[k].Cells, cb[k].Cells) {
			return false
		}
	}
	return true
}

func TestTathamIDsRoundTrip(t *testing.T) {
	rows := tathamRows(t)
	require.Len(t, rows, 122)
	for _, r := range rows {
		t.Run(r.seed, func(t *testing.T) {
			p, err := ParseTatham(r.id, 1)
			require.NoError(t, err)
			assert.Equal(t, r.id, FormatTatham(p), "the game ID written back unchanged")
			require.NoError(t, Check(p, r.solution), "Keen's own solution passes the checker")
			for name, text := range map[string]string{
				"json":        FormatJSON(p, nil),
				"json+sol":    FormatJSON(p, r.solution),
				"board":       Format(p, nil),
				"board+sol":   Format(p, r.solution),
				"tatham+junk": "# a comment\n\n" + r.id + "\n% status\n",
			} {
				back, err := Parse(text)
				require.NoError(t, err, "%s:\n%s", name, text)
				assert.True(t, same(p, back), "%s:\n%s", name, text)
				if strings.HasSuffix(name, "+sol") {
					assert.Equal(t, r.solution, back.Solution, name)
				} else {
					assert.Nil(t, back.Solution, name)
				}
			}
		})
	}
}

func TestLayoutLongRuns(t *testing.T) {
	// A 10x10 board whose top three rows are one + cage and the rest one
	// cell each: runs of 27 sides without a wall, which need Keen's
	// 25-run symbol.
	n := 10
	p := &Puzzle{N: n}
	var big [][2]int
	for r := range 3 {
		for c := range n {
			big = append(big, [2]int{r, c})
		}
	}
	p.Cages = append(p.Cages, Cage{Op: 0, Target: 165, Cells: big})
	for r := 3; r < n; r++ {
		for c := range n {
			p.Cages = append(p.Cages, Cage{Target: 1 + (r+c)%n, Cells: [][2]int{{r, c}}})
		}
	}
	require.NoError(t, Validate(p))
	id := FormatTatham(p)
	assert.Contains(t, id, "y")
	back, err := ParseTatham(id, 1)
	require.NoError(t, err, id)
	assert.True(t, same(p, back), id)
	// Keen's reader takes 'z' for 26 sides then a wall, the same as "ya":
	// on a 6x6 board, rows 1 to 5 whole and the first two cells of row 6.
	const clues = ",a21a21a21a21a21a3a1a2a3a4"
	z, err := ParseTatham("6:z_34"+clues, 1)
	require.NoError(t, err)
	ya, err := ParseTatham("6:ya_34"+clues, 1)
	require.NoError(t, err)
	assert.True(t, same(z, ya))
	assert.Len(t, z.Cages, 10)
	assert.Equal(t, "6:ya_34"+clues, FormatTatham(z))
	_, err = ParseTatham("3:z,a18", 1)
	assert.ErrorIs(t, err, ErrStructure, "a 3x3 board has 12 inner walls")
}

func TestReadErrors(t *testing.T) {
	const keen4 = "4:_ba_5ba_a_aa_,a5a7s2d2m4s1m36"
	cases := []struct {
		name, input string
		err         error
		line, field int
	}{
		{"no colon", "5du#705179354156648", ErrFormat, 1, 1},
		{"size zero", "0:_,a1", ErrSize, 1, 1},
		{"size too big", "64:_,a1", ErrSize, 1, 1},
		{"bad params", "4dq:_ba_5ba_a_aa_,a5a7s2d2m4s1m36", ErrSyntax, 1, 1},
		{"no comma", "2:d", ErrSyntax, 1, 2},
		{"layout bad char", "2:D,a6", ErrStructure, 1, 2},
		{"layout too long", "2:e,a6", ErrStructure, 1, 2},
		{"layout too short", "2:a,a6", ErrStructure, 1, 2},
		{"layout count zero", "2:d0,a6", ErrStructure, 1, 2},
		{"too few clues", strings.TrimSuffix(keen4, "m36"), ErrCount, 1, 9},
		{"too many clues", keen4 + "a1", ErrCount, 1, 10},
		{"unknown clue letter", "2:d,x6", ErrClue, 1, 3},
		{"no target", "2:d,a", ErrClue, 1, 3},
		{"target zero", "2:d,a0", ErrClue, 1, 3},
		{"subtraction on four cells", "2:d,s1", ErrClue, 1, 3},
		{"unknown start", "hello", ErrFormat, 1, 0},
		{"json syntax", `{"size":2,`, ErrSyntax, 1, 0},
		{"json unknown field", `{"size":1,"cages":[{"cells":[[0,0]],"target":1}],"colour":1}`, ErrSyntax, 1, 0},
		{"json key case", `{"Size":1,"cages":[{"cells":[[0,0]],"target":1}]}`, ErrSyntax, 1, 0},
		{"json repeated key in a cage", `{"size":1,"cages":[{"cells":[[0,0]],"target":1,"target":2}]}`, ErrSyntax, 1, 0},
		{"json size", `{"size":99,"cages":[]}`, ErrSize, 1, 0},
		{"json cell shape", `{"size":1,"cages":[{"cells":[[0,0,0]],"target":1}]}`, ErrCage, 1, 0},
		{"json cell outside", `{"size":1,"cages":[{"cells":[[1,0]],"target":1}]}`, ErrCage, 1, 0},
		{"json overlap", `{"size":2,"cages":[{"cells":[[0,0],[0,1]],"op":"+","target":3},{"cells":[[0,1],[1,1]],"op":"+","target":3},{"cells":[[1,0]],"target":2}]}`, ErrCage, 1, 0},
		{"json uncovered", `{"size":2,"cages":[{"cells":[[0,0],[0,1]],"op":"+","target":3}]}`, ErrCover, 1, 0},
		{"json disconnected", `{"size":2,"cages":[{"cells":[[0,0],[1,1]],"op":"+","target":3},{"cells":[[0,1],[1,0]],"op":"+","target":3}]}`, ErrCage, 1, 0},
		{"json no op", `{"size":2,"cages":[{"cells":[[0,0],[0,1],[1,0],[1,1]],"target":6}]}`, ErrClue, 1, 0},
		{"json bad op", `{"size":2,"cages":[{"cells":[[0,0],[0,1],[1,0],[1,1]],"op":"^","target":6}]}`, ErrClue, 1, 0},
		{"json division on four", `{"size":2,"cages":[{"cells":[[0,0],[0,1],[1,0],[1,1]],"op":"/","target":2}]}`, ErrClue, 1, 0},
		{"json solution value", `{"size":1,"cages":[{"cells":[[0,0]],"target":1}],"solution":[[2]]}`, ErrValue, 1, 0},
		{"board top", "+---+--+\n|1  |2 |\n", ErrBoard, 1, 0},
		{"board short", "+---+\n|1  |\n", ErrBoard, 1, 0},
		{"board no clue", "+---+---+\n|3+ |   |\n|   |   |\n+---+---+\n|2+     |\n|       |\n+---+---+\n", ErrBoard, 2, 2},
		{"board two clues", "+---+---+\n|3+  3+ |\n|       |\n+---+---+\n|2+     |\n|       |\n+---+---+\n", ErrBoard, 2, 2},
		{"board bad sign", "+---+---+\n|3^     |\n|       |\n+---+---+\n|2+     |\n|       |\n+---+---+\n", ErrClue, 2, 1},
		{"board bad value", "+---+---+\n|3+     |\n| 1   3 |\n+---+---+\n|3+     |\n| 2   1 |\n+---+---+\n", ErrValue, 3, 2},
		{"board partial values", "+---+---+\n|3+     |\n| 1   2 |\n+---+---+\n|3+     |\n|       |\n+---+---+\n", ErrValue, 1, 0},
		{"board open outer wall", "+---+---+\n|3+      \n|       |\n+---+---+\n|3+     |\n|       |\n+---+---+\n", ErrBoard, 2, 2},
		{"board broken wall", "+---+---+\n|3+     |\n|       |\n+-- +---+\n|3+     |\n|       |\n+---+---+\n", ErrBoard, 4, 1},
		{"board walls disagree", "+---+---+\n|3+ |   |\n|       |\n+---+---+\n|3+     |\n|       |\n+---+---+\n", ErrBoard, 3, 2},
		{"board open bottom", "+---+---+\n|3+     |\n|       |\n+---+---+\n|3+     |\n|       |\n+   +---+\n", ErrBoard, 7, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var items []Item
			for it := range Read(strings.NewReader(c.input)) {
				items = append(items, it)
			}
			require.NotEmpty(t, items)
			err := items[0].Err
			require.Error(t, err)
			assert.True(t, errors.Is(err, c.err), "got %v", err)
			var pe *ParseError
			require.True(t, errors.As(err, &pe))
			assert.Equal(t, c.line, pe.Line, "%v", err)
			assert.Equal(t, c.field, pe.Field, "%v", err)
			assert.Equal(t, 1, pe.Instance, "%v", err)
			assert.Contains(t, err.Error(), "line ")
		})
	}
}

func TestBatchGoesOn(t *testing.T) {
	input := strings.Join([]string{
		"# a batch",
		"2:d,x6",                          // 2: bad clue
		"4:_ba_5ba_a_aa_,a5a7s2d2m4s1m36", // 3
		"",
		"+---+---+", // 5: a board, cut short by the blank line
		"|3+     |",
		"",
		`{"size":1,"cages":[{"cells":[[0,0]],"target":1}]}`, // 8
		"+---+---+", // 9: a whole board
		"|3+     |",
		"| 1   2 |",
		"+---+---+",
		"|3+     |",
		"| 2   1 |",
		"+---+---+",
		"% instance 4 (line 9): solved",
		"hello", // 17
	}, "\n")
	var items []Item
	for it := range Read(strings.NewReader(input)) {
		items = append(items, it)
	}
	require.Len(t, items, 6)
	lines := make([]int, len(items))
	for i, it := range items {
		lines[i] = it.Line
		assert.Equal(t, i+1, it.Index)
	}
	assert.Equal(t, []int{2, 3, 5, 8, 9, 17}, lines)
	assert.ErrorIs(t, items[0].Err, ErrClue)
	require.NoError(t, items[1].Err)
	assert.Equal(t, 4, items[1].Value.N)
	assert.Equal(t, 3, items[1].Value.Line)
	assert.ErrorIs(t, items[2].Err, ErrBoard)
	require.NoError(t, items[3].Err)
	require.NoError(t, items[4].Err)
	assert.Equal(t, [][]int{{1, 2}, {2, 1}}, items[4].Value.Solution)
	assert.NoError(t, Check(items[4].Value, items[4].Value.Solution))
	assert.ErrorIs(t, items[5].Err, ErrFormat)
}

func TestLongLine(t *testing.T) {
	input := strings.Repeat("9", MaxLine+10) + "\n2:d,a6\n"
	var items []Item
	for it := range Read(strings.NewReader(input)) {
		items = append(items, it)
	}
	require.Len(t, items, 2)
	assert.ErrorIs(t, items[0].Err, ErrTooLong)
	require.NoError(t, items[1].Err)
	assert.Equal(t, 2, items[1].Line)
}

// TestLongLineBetweenGood: a line over MaxLine between two good puzzles
// is one bad item, and reading goes on: good, error, good.
func TestLongLineBetweenGood(t *testing.T) {
	input := "2:d,a6\n" + strings.Repeat("{", 3*MaxLine) + "\r\n" + "4:_ba_5ba_a_aa_,a5a7s2d2m4s1m36\n"
	var items []Item
	for it := range Read(strings.NewReader(input)) {
		items = append(items, it)
	}
	require.Len(t, items, 3)
	require.NoError(t, items[0].Err)
	assert.Equal(t, 2, items[0].Value.N)
	assert.ErrorIs(t, items[1].Err, ErrTooLong)
	var pe *ParseError
	require.ErrorAs(t, items[1].Err, &pe)
	assert.Equal(t, 2, pe.Line)
	assert.Equal(t, 2, pe.Instance)
	require.NoError(t, items[2].Err)
	assert.Equal(t, 4, items[2].Value.N)
	assert.Equal(t, []int{1, 2, 3}, []int{items[0].Index, items[1].Index, items[2].Index})
	assert.Equal(t, 3, items[2].Line)
}

// TestReadEnds: a byte order mark and Windows line ends read as nothing,
// and a read error ends the batch with one item that wraps it, after the
// board it cut short.
func TestReadEnds(t *testing.T) {
	var items []Item
	for it := range Read(strings.NewReader("\ufeff2:d,a6\r\n% solved\r\n+---+---+\r\n|3+     |\r\n| 1   2 |\r\n+---+---+\r\n|3+     |\r\n| 2   1 |\r\n+---+---+")) {
		items = append(items, it)
	}
	require.Len(t, items, 2)
	require.NoError(t, items[0].Err)
	require.NoError(t, items[1].Err)
	assert.Equal(t, 3, items[1].Line)
	assert.Equal(t, [][]int{{1, 2}, {2, 1}}, items[1].Value.Solution)

	boom := errors.New("disk on fire")
	items = nil
	for it := range Read(io.MultiReader(strings.NewReader("2:d,a6\n+---+---+\n|3+     |\n"), iotest.ErrReader(boom))) {
		items = append(items, it)
	}
	require.Len(t, items, 3)
	require.NoError(t, items[0].Err)
	assert.ErrorIs(t, items[1].Err, ErrBoard, "the board cut short")
	assert.Equal(t, 2, items[1].Line)
	assert.ErrorIs(t, items[2].Err, boom)
	var pe *ParseError
	require.ErrorAs(t, items[2].Err, &pe)
	assert.Equal(t, 4, pe.Line)
	assert.Equal(t, 3, pe.Instance)
}

func TestBoardReadsLeniently(t *testing.T) {
	// Clues anywhere in their cage, signs as books print them, trailing
	// spaces cut, '.' for an empty cell.
	board := strings.Join([]string{
		"+-----+-----+-----+",
		"|     |2÷         |",
		"|  .  |           |",
		"+     +-----+-----+",
		"|3−   |6×         |",
		"|     |           |",
		"+-----+     +-----+",
		"|3    |     |1    |    ",
		"|     |     |     |",
		"+-----+-----+-----+",
	}, "\n")
	p, err := Parse(board)
	require.NoError(t, err)
	want, err := Parse(`{"size":3,"cages":[{"cells":[[0,0],[1,0]],"op":"-","target":3},{"cells":[[0,1],[0,2]],"op":"/","target":2},{"cells":[[1,1],[1,2],[2,1]],"op":"x","target":6},{"cells":[[2,0]],"target":3},{"cells":[[2,2]],"target":1}]}`)
	require.NoError(t, err)
	assert.True(t, same(want, p), Format(p, nil))
}

func FuzzRead(f *testing.F) {
	f.Add("4:_ba_5ba_a_aa_,a5a7s2d2m4s1m36")
	f.Add("6dnm:_a_8a_a_10a_ba5_a3b_aa_a_,m6m12m12m10m15m60m10m4m24m12m10m3m6m12m15m6m8")
	f.Add("2:d,a6\n3:z,a1")
	f.Add(`{"size":2,"cages":[{"cells":[[0,0],[0,1]],"op":"+","target":3},{"cells":[[1,0]],"target":2},{"cells":[[1,1]],"target":1}],"solution":[[1,2],[2,1]]}`)
	f.Add("+---+---+\n|3+     |\n| 1   2 |\n+---+---+\n|3+     |\n| 2   1 |\n+---+---+\n")
	f.Add("+---+---+\n|3+ |1  |\n|   |   |\n+   +---+\n|   |2  |\n|   |   |\n+---+---+\n")
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
			if err := Validate(p); err != nil {
				t.Fatalf("Read returned an invalid puzzle: %v", err)
			}
			for _, text := range []string{FormatTatham(p), FormatJSON(p, p.Solution), Format(p, p.Solution)} {
				back, err := Parse(text)
				if err != nil {
					t.Fatalf("round trip of\n%s\nfailed: %v", text, err)
				}
				if !same(p, back) {
					t.Fatalf("round trip changed the puzzle:\n%s", text)
				}
			}
		}
	})
}
