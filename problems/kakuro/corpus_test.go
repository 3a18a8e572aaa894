package kakuro

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/small.txt and testdata/large.txt with Generate, and suite.txt from them")

// corpora are the committed corpora: their file, the size of their
// puzzles, and how many Generate made (seeds 1..n).
var corpora = []struct {
	file      string
	size, num int
}{
	{"small.txt", 7, 35},
	{"large.txt", 10, 35},
}

// header is the comment line before each puzzle of a corpus.
func header(size int, seed uint64) string {
	return fmt.Sprintf("%% %dx%d, made by kakuro.Generate(ctx, %d, %d)", size, size, size, seed)
}

// TestWriteCorpus rewrites the corpora with -update.
func TestWriteCorpus(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the corpora")
	}
	for _, c := range corpora {
		var sb strings.Builder
		for seed := uint64(1); seed <= uint64(c.num); seed++ {
			p, err := Generate(context.Background(), c.size, seed)
			require.NoError(t, err)
			if seed > 1 {
				sb.WriteString("\n")
			}
			fmt.Fprintf(&sb, "%s\n%s", header(c.size, seed), Format(p))
		}
		require.NoError(t, os.WriteFile(filepath.Join("testdata", c.file), []byte(sb.String()), 0o644))
	}
	require.NoError(t, os.WriteFile("suite.txt", []byte(suiteText(t)), 0o644))
}

// corpus reads a committed corpus, failing on any error.
func corpus(tb testing.TB, file string) []*Puzzle {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", file))
	require.NoError(tb, err)
	defer f.Close()
	var ps []*Puzzle
	for it := range Read(f) {
		require.NoError(tb, it.Err, "puzzle %d", it.Index)
		ps = append(ps, it.Value)
	}
	return ps
}

// TestCorpus reads every committed puzzle, solves it under both models,
// has Check judge the solution, counts exactly one solution, and reads
// the solution back from FormatSolution.
func TestCorpus(t *testing.T) {
	for _, c := range corpora {
		ps := corpus(t, c.file)
		require.Len(t, ps, c.num, c.file)
		for i, p := range ps {
			t.Run(fmt.Sprintf("%s/%d", c.file, i+1), func(t *testing.T) {
				assert.Equal(t, c.size, p.Rows())
				assert.Equal(t, c.size, p.Cols())
				for _, opt := range []Options{{Model: DistinctSum}, {Model: Split}} {
					grid, res, err := Solve(context.Background(), p, opt, DefaultSearch)
					require.NoError(t, err, opt.Model)
					require.NotNil(t, grid, "%v: %s", opt.Model, res.Status())
					assert.NoError(t, Check(p, grid), opt.Model)

					back := readOne(t, FormatSolution(p, grid))
					assert.Equal(t, p.White(), back.Givens(), "every white cell given")
					assert.NoError(t, Check(back, grid))
					assert.NoError(t, Check(p, solutionOf(back)))
				}
				res, err := Count(context.Background(), p, Options{}, DefaultSearch, 2)
				require.NoError(t, err)
				assert.True(t, res.Complete, "count finished")
				assert.EqualValues(t, 1, res.Solutions)
			})
		}
	}
}

// TestCorpusGenerated checks that the first puzzles of each corpus are
// what Generate makes for their seed today (every one with -update's
// full run, in long mode: size 10 takes seconds a puzzle).
func TestCorpusGenerated(t *testing.T) {
	for _, c := range corpora {
		n := 3
		if testing.Short() || c.size > 7 {
			n = 1
		}
		ps := corpus(t, c.file)
		require.GreaterOrEqual(t, len(ps), n)
		for seed := 1; seed <= n; seed++ {
			p, err := Generate(context.Background(), c.size, uint64(seed))
			require.NoError(t, err)
			assert.Equal(t, Format(ps[seed-1]), Format(p), "%s seed %d", c.file, seed)
		}
	}
}

// readOne reads a text holding exactly one puzzle.
func readOne(tb testing.TB, text string) *Puzzle {
	tb.Helper()
	var ps []*Puzzle
	for it := range Read(strings.NewReader(text)) {
		require.NoError(tb, it.Err)
		ps = append(ps, it.Value)
	}
	require.Len(tb, ps, 1)
	return ps[0]
}

// solutionOf returns the grid of a puzzle whose white cells are all
// given.
func solutionOf(p *Puzzle) [][]int {
	g := make([][]int, p.Rows())
	for r := range g {
		g[r] = make([]int, p.Cols())
		for c := range g[r] {
			g[r][c] = p.At(r, c).Given
		}
	}
	return g
}

func TestGenerateSize(t *testing.T) {
	for _, size := range []int{MinGenerate - 1, MaxSize + 1} {
		_, err := Generate(context.Background(), size, 1)
		assert.ErrorIs(t, err, ErrGenerate, "size %d", size)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Generate(ctx, 7, 1)
	assert.ErrorIs(t, err, context.Canceled)
	p, err := Generate(context.Background(), MinGenerate, 1)
	require.NoError(t, err)
	res, err := Count(context.Background(), p, Options{}, DefaultSearch, 2)
	require.NoError(t, err)
	assert.EqualValues(t, 1, res.Solutions)
	assert.True(t, res.Complete)
}

// TestGenerateLarge: where the uniqueness search gives up on every
// pattern (size 25, seed 1: nine of ten patterns undecided, one not
// filled), Generate still makes a puzzle, giving digits of its fill until
// the search decides, and the puzzle is unique.
func TestGenerateLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("a 25x25 takes seconds")
	}
	p, err := Generate(context.Background(), 25, 1)
	require.NoError(t, err)
	given := 0
	for r := range p.Rows() {
		for c := range p.Cols() {
			if cell := p.At(r, c); !cell.Black && cell.Given != 0 {
				given++
			}
		}
	}
	assert.Positive(t, given, "the search could not decide without givens")
	res, err := Count(context.Background(), p, Options{}, DefaultSearch, 2)
	require.NoError(t, err)
	assert.EqualValues(t, 1, res.Solutions)
	assert.True(t, res.Complete)
}
