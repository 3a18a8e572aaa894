package skyscraper

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	var fresh []Item
	for it := range Read(strings.NewReader(batch)) {
		fresh = append(fresh, it)
	}
	for round := range 3 {
		i := 0
		for it := range Read(strings.NewReader(batch)) {
			want := fresh[i]
			i++
			require.Equal(t, want.Err != nil, it.Err != nil, "round %d, item %d: %v", round, i, it.Err)
			if it.Err != nil {
				continue
			}
			got, exp := *it.Value, *want.Value
			got.spare, exp.spare = nil, nil
			assert.Equal(t, exp, got, "round %d, item %d", round, i)
			assert.Equal(t, want.Value.Givens == nil, it.Value.Givens == nil, "givens nil as read: round %d, item %d", round, i)
			Recycle(it.Value)
		}
		require.Equal(t, len(fresh), i)
	}
}
