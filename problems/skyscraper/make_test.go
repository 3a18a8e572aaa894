package skyscraper

import (
	"context"
	"testing"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/internal/author"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/visibility"
	"github.com/stretchr/testify/require"
)

// TestMakeGradedUnique checks what Make promises on a sample of seeds:
// one solution, the grade asked exactly, minimal, the same puzzle for the
// same seed, and the puzzle read back from its Towers ID.
func TestMakeGradedUnique(t *testing.T) {
	sizes := []int{4, 5}
	if !testing.Short() {
		sizes = append(sizes, 6)
	}
	count := func(p *Puzzle) int64 {
		res, err := Count(context.Background(), p, Options{AllDiff: alldiff.GAC, Visibility: visibility.Line}, csp.Options{Var: csp.DomWDeg}, 2)
		require.NoError(t, err)
		require.True(t, res.Complete || res.Solutions == 2)
		return res.Solutions
	}
	for _, n := range sizes {
		for level := 0; level <= len(Ladder.Levels); level++ {
			switch {
			case level == len(Ladder.Levels):
				continue // one that needs search is rare up to 6x6: none in 400 attempts
			case n == 6 && level == len(Ladder.Levels)-1:
				continue // the assumptions level takes seconds to make at 6
			}
			for _, v := range []struct {
				seed     uint64
				noGivens bool
			}{{1, false}, {2, false}, {1, true}} {
				if v.noGivens && n > 5 {
					continue // most full clue sets of a 6x6 square leave several solutions: see BENCHMARKS
				}
				seed := v.seed
				req := MakeRequest{Size: n, Level: level, Seed: seed, NoGivens: v.noGivens, Attempts: 300}
				p, sol, _, err := Make(context.Background(), req)
				require.NoError(t, err, "n=%d level=%d seed=%d no givens %v", n, level, seed, v.noGivens)
				if v.noGivens {
					require.Zero(t, givenCount(p), "--no-givens: %s", FormatTowers(p))
				}
				require.NoError(t, Check(p, sol))
				require.Equal(t, int64(1), count(p))
				require.Equal(t, level, gradeOf(p), FormatTowers(p))
				// Minimal: each clue and given is needed.
				mk := &making{cur: p, cw: FromGrid(sol).Clockwise(), sol: sol}
				for r, row := range p.Givens {
					for c, v := range row {
						if v != 0 {
							mk.givens = append(mk.givens, [2]int{r, c})
						}
					}
				}
				cw := p.Clockwise()
				for i := range mk.Items() {
					if i < len(cw) && cw[i] == 0 {
						continue
					}
					mk.Set(i, false)
					require.Greater(t, count(mk.cur), int64(1), "item %d of %s can go", i, FormatTowers(p))
					mk.Set(i, true)
				}
				again, _, _, err := Make(context.Background(), req)
				require.NoError(t, err)
				require.Equal(t, FormatTowers(p), FormatTowers(again))
				back, err := ParseTowers(FormatTowers(p), 1)
				require.NoError(t, err)
				require.Equal(t, FormatTowers(p), FormatTowers(back))
			}
		}
	}
}

// TestMakeTimeLimit: an impossible request stops at its time limit with
// an error saying what it tried.
func TestMakeTimeLimit(t *testing.T) {
	_, _, st, err := Make(context.Background(), MakeRequest{Size: 2, Level: 3, Seed: 1, Limit: 200 * time.Millisecond})
	require.Error(t, err)
	require.ErrorIs(t, err, author.ErrTimeLimit)
	require.Contains(t, err.Error(), " attempts: ")
	require.Greater(t, st.Attempts, 0)
	_, _, _, err = Make(context.Background(), MakeRequest{Size: 12, Level: 0})
	require.Error(t, err)
}
