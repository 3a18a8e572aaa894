package skyscraper

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomInterior returns k interior clues valid on a board of size n.
func randomInterior(n, k int, rng *rand.Rand) []Interior {
	if k == 0 {
		return nil
	}
	looks := []Look{Up, Down, Left, Right}
	out := make([]Interior, k)
	for i := range out {
		in := Interior{Row: rng.IntN(n), Col: rng.IntN(n), Look: looks[rng.IntN(4)]}
		in.Count = 1 + rng.IntN(in.length(n))
		out[i] = in
	}
	return out
}

// Interior clues survive both block forms: the grid Format prints (and
// Read takes) and the pencil marks (FormatMarks, ReadMarks).
func TestInteriorInBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 3, 4, 9, 12} {
		for _, k := range []int{0, 1, 3} {
			t.Run(fmt.Sprintf("size %d, %d interior", n, k), func(t *testing.T) {
				p, cands := markPuzzle(n, 0.5, rng)
				p.Interior = randomInterior(n, k, rng)
				grid := Format(p, nil)
				assert.Equal(t, k, strings.Count(grid, "\ninterior r"), "%s", grid)
				back := slices.Collect(Read(strings.NewReader(grid)))
				require.Len(t, back, 1)
				require.NoError(t, back[0].Err, "%s", grid)
				assert.Equal(t, p.Interior, back[0].Value.Interior)
				assert.Equal(t, p.Clockwise(), back[0].Value.Clockwise())

				marks := FormatMarks(p, cands)
				mb := slices.Collect(ReadMarks(strings.NewReader(marks + "\n" + marks)))
				require.Len(t, mb, 2, "two blocks")
				for _, it := range mb {
					require.NoError(t, it.Err, "%s", marks)
					assert.Equal(t, p.Interior, it.Value.Interior)
					assert.Equal(t, cands, candsOf(n, it.Value.Marks))
				}
			})
		}
	}
}

// The interior clue read from a block is the one the JSON form gives, and
// the model and the reasoning use it: the 4x4 puzzle has 24
// solutions, 12 with the clue 1 at r3c3 looking down.
func TestInteriorBlockCounts(t *testing.T) {
	json := `{"size":4,"clues":[0,3,0,0,0,0,0,0,0,0,0,1,1,0,0,0],"interior":[{"row":2,"col":2,"look":"down","count":1}]}`
	items := slices.Collect(Read(strings.NewReader(json)))
	require.NoError(t, items[0].Err)
	p := items[0].Value
	block := Format(p, nil)
	assert.Contains(t, block, "interior r3c3 down 1\n")
	fromBlock := slices.Collect(Read(strings.NewReader(block)))[0].Value
	marks := slices.Collect(ReadMarks(strings.NewReader(FormatMarks(p, nil))))[0].Value
	for name, q := range map[string]*Puzzle{"json": p, "grid": fromBlock, "marks": marks} {
		res, err := Count(t.Context(), q, Options{}, DefaultSearch, 0)
		require.NoError(t, err, name)
		assert.EqualValues(t, 12, res.Solutions, name)
	}
}

func TestInteriorLineErrors(t *testing.T) {
	board := "  . . .\n. . . . .\n. . . . .\n. . . . .\n  . . .\n"
	marks := FormatMarks(New(3), nil)
	cases := []struct {
		name, line string
		field      int
		want       string
	}{
		{"few fields", "interior r1c1 down", 4, "3 fields, want 4"},
		{"bad cell", "interior 1,1 down 2", 2, `found "1,1", want a cell rRcC`},
		{"cell with junk", "interior r1c1x down 2", 2, `found "r1c1x"`},
		{"cell outside", "interior r4c1 up 1", 2, "cell r4c1 outside the grid (3x3)"},
		{"bad look", "interior r1c1 north 1", 3, `look "north"`},
		{"count not a number", "interior r1c1 down x", 4, `found "x"`},
		{"count too big", "interior r2c2 right 3", 4, "count 3, want 1..2"},
		{"count zero", "interior r2c2 right 0", 4, "count 0, want 1..2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for form, items := range map[string][]Item{
				"grid":  slices.Collect(Read(strings.NewReader(board + c.line + "\n"))),
				"marks": slices.Collect(ReadMarks(strings.NewReader(marks + c.line + "\n"))),
			} {
				require.Len(t, items, 1, form)
				var pe *ParseError
				require.ErrorAs(t, items[0].Err, &pe, form)
				assert.Equal(t, 6, pe.Line, form)
				assert.Equal(t, c.field, pe.Field, form)
				assert.Contains(t, pe.Error(), c.want, form)
			}
		})
	}
	// Interior lines end a block: one in the middle of the board counts
	// as a board line, one too many.
	items := slices.Collect(Read(strings.NewReader("  . . .\n. . . . .\ninterior r1c1 down 1\n. . . . .\n. . . . .\n  . . .\n")))
	require.Len(t, items, 1)
	assert.ErrorIs(t, items[0].Err, ErrCount)
}
