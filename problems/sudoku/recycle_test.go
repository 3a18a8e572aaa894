package sudoku

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/internal/proptest"
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
	kept := proptest.Recycled(t, Read, Recycle, batch, func(p *Puzzle) any { return *p })
	require.Len(t, kept, 6)
	require.NoError(t, kept[4].Err, "the JSON form reads")
}
