package sudoku

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/internal/replay"
)

// TestExplainReplays explains samples of the public sets with the whole
// ladder and replays their paths (see replay.Explain).
func TestExplainReplays(t *testing.T) {
	sample := map[string]int{"17_clue": 20, "magictour_top1465": 10, "norvig_top95": 5, "forum_hardest_1905_11plus": 2}
	if testing.Short() {
		sample = map[string]int{"17_clue": 6, "magictour_top1465": 4}
	}
	for set, k := range sample {
		t.Run(set, func(t *testing.T) {
			ps, sols := samples(t, set)
			require.NotEmpty(t, sols)
			levels := map[string]int{}
			for i, p := range ps[:min(k, len(ps))] {
				sol := make([][]int, 9)
				for r := range sol {
					sol[r] = sols[i][9*r : 9*r+9]
				}
				out, top := replay.Explain(t, func() (*catalog.Reasoning, error) { return Reason(p) }, Ladder, sol, fmt.Sprintf("%s line %d", set, i+1))
				if out == csp.Solved {
					levels[Ladder.Levels[max(top, 0)]]++
				} else {
					levels["search"]++
				}
			}
			t.Logf("grades: %v", levels)
		})
	}
}

// TestExplainReplaysVariants replays the paths of Solo's jigsaw and X
// puzzles (regions and diagonals are units like the others), judged
// against the solution the solver finds and the checker accepts.
func TestExplainReplaysVariants(t *testing.T) {
	// How many of each set, from the first: the 9x9 X jigsaws that need
	// assumptions or search take seconds each, so only the 7x7 ones.
	sample := map[string]int{"plain": 8, "x": 6, "jigsaw": 8, "jigsaw_x": 3}
	if testing.Short() {
		sample = map[string]int{"plain": 4, "x": 2, "jigsaw": 2, "jigsaw_x": 1}
	}
	for set, k := range sample {
		t.Run(set, func(t *testing.T) {
			levels := map[string]int{}
			for i, id := range soloLines(t, set)[:k] {
				p, err := ParseSolo(id)
				require.NoError(t, err)
				cells, _, err := Solve(context.Background(), p, DefaultOptions, DefaultSearch)
				require.NoError(t, err)
				require.NoError(t, CheckCells(p, cells))
				n := p.N()
				sol := make([][]int, n)
				for r := range sol {
					sol[r] = cells[n*r : n*r+n]
				}
				out, top := replay.Explain(t, func() (*catalog.Reasoning, error) { return Reason(p) }, Ladder, sol, fmt.Sprintf("%s line %d", set, i+1))
				if out == csp.Solved {
					levels[Ladder.Levels[max(top, 0)]]++
				} else {
					levels["search"]++
				}
			}
			t.Logf("grades: %v", levels)
		})
	}
}

// BenchmarkReasonerStep is the cost of one Reasoner.Next on a 9x9 sudoku
// (the first of 17_clue and of magictour_top1465) in three states: at the
// givens (a naked single is found at once), once singles are exhausted
// (Next tries the weaker levels first, then finds a hidden single), and
// where only subsets or assumptions apply (every weaker level tried).
// Next changes nothing, so every op sees the same state.
func BenchmarkReasonerStep(b *testing.B) {
	ps17, _ := samples(b, "17_clue")
	psHard, _ := samples(b, "magictour_top1465")
	// ready returns the puzzle's reasoning after running up to level pre
	// (-1: none), and the level Next must reach from there.
	ready := func(p *Puzzle, pre int) (*catalog.Reasoning, int) {
		r, err := Reason(p)
		require.NoError(b, err)
		if pre >= 0 {
			out, _ := r.Reasoner.Run(r.Space, pre, nil)
			require.Equal(b, csp.Stuck, out)
		}
		st, ok := r.Reasoner.Next(r.Space, len(Ladder.Levels)-1)
		require.True(b, ok)
		return r, st.Level
	}
	for _, c := range []struct {
		name string
		p    *Puzzle
		pre  int
	}{
		{"givens", ps17[0], -1},
		{"after singles", ps17[0], 0},
		{"after box-line", ps17[0], 2},
		{"after subsets", psHard[0], 3},
	} {
		r, level := ready(c.p, c.pre)
		b.Run(fmt.Sprintf("%s/finds %s", c.name, Ladder.Levels[level]), func(b *testing.B) {
			b.ReportAllocs()
			var st csp.Step
			ok := true
			for b.Loop() {
				var found bool
				st, found = r.Reasoner.Next(r.Space, len(Ladder.Levels)-1)
				ok = ok && found
			}
			if !ok || st.Level != level {
				b.Fatalf("Next found level %d, want %d", st.Level, level)
			}
		})
	}
}

// BenchmarkGrade is one whole grading per op (Reason, then the ladder to
// its end), cycling through the samples of a set.
func BenchmarkGrade(b *testing.B) {
	for _, set := range []string{"17_clue", "magictour_top1465"} {
		b.Run(set, func(b *testing.B) {
			ps, _ := samples(b, set)
			b.ReportAllocs()
			levels := 0
			for i := 0; b.Loop(); i++ {
				r, err := Reason(ps[i%len(ps)])
				if err != nil {
					b.Fatal(err)
				}
				levels += r.Grade()
			}
			if levels == 0 {
				b.Fatal("every puzzle graded at singles")
			}
		})
	}
}
