package sudoku

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecycledPuzzlesReadAsNew: a puzzle handed back (Recycle) and filled
// again by the reader is the puzzle a fresh read makes, whatever it held
// before: another size, another form, givens where the new one has none.
func TestRecycledPuzzlesReadAsNew(t *testing.T) {
	batch := strings.Join([]string{
		"4.3....4.1..3.2.",
		".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
		"1234",
		"................",
		`{"size":4,"givens":["1...","....","....","...."],"diagonals":true}`,
		".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
	}, "\n") + "\n"
	var fresh []Item
	for it := range Read(strings.NewReader(batch)) {
		fresh = append(fresh, it)
	}
	require.Len(t, fresh, 6)
	require.NoError(t, fresh[4].Err, "the JSON form reads")
	for round := range 3 {
		i := 0
		for it := range Read(strings.NewReader(batch)) {
			want := fresh[i]
			i++
			require.Equal(t, want.Err != nil, it.Err != nil, "round %d, item %d: %v", round, i, it.Err)
			if it.Err != nil {
				continue
			}
			assert.Equal(t, *want.Value, *it.Value, "round %d, item %d", round, i)
			Recycle(it.Value)
		}
		require.Equal(t, len(fresh), i)
	}
}
