package skyscraper

import (
	"strings"
	"testing"

	"github.com/cspgo/csp/internal/proptest"
)

// TestRecycledPuzzlesReadAsNew: a puzzle handed back (Recycle) and filled
// again by the reader is the puzzle a fresh read makes, whatever it held
// before: another size, givens or none, clues where the new one has none.
func TestRecycledPuzzlesReadAsNew(t *testing.T) {
	batch := strings.Join([]string{
		"6:3/1/2/2/3/3/4/3/4/2/2/1/2/2/1/2/3/4/4/2/3/3/2/1,2h4j3d5j",
		"4:3/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3",
		"4:2/////////3/2///2//,j1e",
		"5:2/2/1/3/3/3/2/4/1/2/2/3/1/2/3/1/2/2/3/3",
		"4:/1/2/////3////////,1d1j",
		"4:9/2/1/2/1/3/2/2/2/2/3/1/2/2/1/3", // a bad clue: no puzzle to recycle
		"6:2/3/1/2/3/4/4/2/4/3/2/1/2/3/1/2/3/3/3/2/3/3/2/1,a2l4f5_1m",
		"4:1/2/2/2/4/1/2/3/1/2/2/2/4/1/2/3",
	}, "\n") + "\n"
	proptest.Recycled(t, Read, Recycle, batch, func(p *Puzzle) any {
		q := *p
		q.spare = nil // arrays kept aside for a later puzzle's givens
		return q
	})
}
