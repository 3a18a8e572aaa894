package kakuro

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// run is the search side of a request as the command line makes it by
// default: DefaultSearch, a fresh cache.
func run(limit int64) catalog.Run {
	return catalog.Run{Search: DefaultSearch, Limit: limit, Cache: &catalog.Cache{}}
}

// TestCatalogCorpus drives every committed puzzle through the typed
// problem, under each --model: Read, Solve (judged by Check here as well
// as inside Solve), Count capped at 2 (exactly one, proved), the model of
// csp check (two solutions asked, one found, the same), and Write, whose
// text reads back as the puzzle with every digit given.
func TestCatalogCorpus(t *testing.T) {
	var pr problem
	for _, c := range corpora {
		f, err := os.Open(filepath.Join("testdata", c.file))
		require.NoError(t, err)
		var ps []*Puzzle
		for it := range pr.Read(f) {
			require.NoError(t, it.Err, "%s puzzle %d", c.file, it.Index)
			require.Equal(t, len(ps)+1, it.Index)
			ps = append(ps, it.Value)
		}
		require.NoError(t, f.Close())
		require.Len(t, ps, c.num, c.file)
		for _, model := range models {
			s := &catalog.Settings{Model: model}
			o, err := pr.Options(s)
			require.NoError(t, err)
			for i, p := range ps {
				t.Run(fmt.Sprintf("%s/%s/%d", model, c.file, i+1), func(t *testing.T) {
					ctx := context.Background()
					grid, res, err := pr.Solve(ctx, p, o, run(0))
					require.NoError(t, err)
					require.NotNil(t, grid, res.Status())
					require.NoError(t, pr.Check(p, grid))

					cnt, err := pr.Count(ctx, p, o, run(2))
					require.NoError(t, err)
					assert.True(t, cnt.Complete, "count finished")
					assert.EqualValues(t, 1, cnt.Solutions)

					m, values, err := pr.Model(context.Background(), p, o)
					require.NoError(t, err)
					var sols [][][]int
					csp.NewSearch(m, csp.Options{}).Run(ctx, 2, func(sp *csp.Space) bool {
						sols = append(sols, values(sp.Values(nil)))
						return true
					})
					require.Len(t, sols, 1, "the model of csp check")
					assert.Equal(t, grid, sols[0])

					var buf bytes.Buffer
					require.NoError(t, pr.Write(&buf, p, grid))
					back := readOne(t, buf.String())
					assert.Equal(t, p.White(), back.Givens(), "every white cell written")
					assert.NoError(t, pr.Check(p, solutionOf(back)))
				})
			}
		}
	}
}

// A grid that is not a solution is refused by the catalog's Check, and
// two solutions written one after the other read back as two puzzles.
func TestCatalogCheckWrite(t *testing.T) {
	var pr problem
	p := readOne(t, tiny)
	good := [][]int{{0, 0, 0}, {0, 1, 2}, {0, 3, 1}}
	require.NoError(t, pr.Check(p, good))
	assert.ErrorIs(t, pr.Check(p, [][]int{{0, 0, 0}, {0, 2, 1}, {0, 3, 1}}), ErrInvalid)

	var buf bytes.Buffer
	require.NoError(t, pr.Write(&buf, p, good))
	buf.WriteString("% instance 2 (line 5): solved\n")
	require.NoError(t, pr.Write(&buf, p, good))
	var n int
	for it := range Read(&buf) {
		require.NoError(t, it.Err)
		assert.NoError(t, Check(p, solutionOf(it.Value)))
		n++
	}
	assert.Equal(t, 2, n)
}

// Every bad flag value is a *catalog.FlagError naming the flag, the value
// and the choices; the good ones parse to their model.
func TestCatalogOptions(t *testing.T) {
	tests := []struct {
		model string
		want  Posting
		bad   bool
	}{
		{"", DistinctSum, false},
		{"distinctsum", DistinctSum, false},
		{"split", Split, false},
		{"gac", 0, true},
		{"Split", 0, true},
		{"distinct-sum", 0, true},
		{" split", 0, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.model), func(t *testing.T) {
			o, err := problem{}.Options(&catalog.Settings{Model: tt.model})
			if !tt.bad {
				require.NoError(t, err)
				assert.Equal(t, tt.want, o.Model)
				return
			}
			var fe *catalog.FlagError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, catalog.FlagError{Flag: "model", Value: tt.model, Want: "distinctsum or split"}, *fe)
			assert.Contains(t, err.Error(), "-model")
			assert.Contains(t, err.Error(), fmt.Sprintf("%q", tt.model))
		})
	}
}

// The catalog's entry shows what the problem can do: the compile-time
// checks say the methods exist, this says Register found them.
func TestCatalogEntry(t *testing.T) {
	e, ok := catalog.Lookup("kakuro")
	require.True(t, ok)
	assert.Equal(t, models, e.Models)
	assert.True(t, e.CanGenerate)
	assert.True(t, e.CanModel)
	assert.False(t, e.CanClue, "no Cluer: see problem")
	assert.Equal(t, suite, e.Suite)
	assert.Contains(t, catalog.Names(), "kakuro")
}

// TestCatalogGenerate makes puzzles through the catalog: each is headed by
// its comment, reads back as the puzzle Generate makes for its seed, and
// has one solution; a bad size or --holes is a bad request, not ErrNotMade.
func TestCatalogGenerate(t *testing.T) {
	var pr problem
	var buf bytes.Buffer
	for seed := uint64(5); seed < 7; seed++ {
		require.NoError(t, pr.Generate(&buf, settings{}, catalog.Gen{Size: 6, Holes: -1, Seed: seed}))
	}
	assert.True(t, strings.HasPrefix(buf.String(), "% kakuro 6x6, seed 5, "), buf.String())
	var got []*Puzzle
	for it := range Read(&buf) {
		require.NoError(t, it.Err)
		got = append(got, it.Value)
	}
	require.Len(t, got, 2)
	for i, p := range got {
		want, err := Generate(context.Background(), 6, uint64(5+i))
		require.NoError(t, err)
		assert.Equal(t, Format(want), Format(p))
		res, err := pr.Count(context.Background(), p, settings{}, run(2))
		require.NoError(t, err)
		assert.EqualValues(t, 1, res.Solutions)
		assert.True(t, res.Complete)
	}
	for _, g := range []catalog.Gen{{Size: MinGenerate - 1, Holes: -1}, {Size: MaxSize + 1, Holes: -1}, {Size: 7, Holes: 3}} {
		err := pr.Generate(&buf, settings{}, g)
		require.Error(t, err, "%+v", g)
		assert.False(t, errors.Is(err, catalog.ErrNotMade), "%+v: %v", g, err)
	}
	// A request whose context is done gives up: not made, nothing written.
	done, cancel := context.WithCancel(context.Background())
	cancel()
	buf.Reset()
	err := pr.Generate(&buf, settings{}, catalog.Gen{Size: 6, Holes: -1, Seed: 5, Ctx: done})
	require.ErrorIs(t, err, catalog.ErrNotMade)
	assert.Zero(t, buf.Len())
}

// suiteCount is how many puzzles of each corpus the benchmark suite takes.
const suiteCount = 25

// suiteText makes the benchmark suite from the corpora: a comment, then
// the first suiteCount puzzles of each, with their headers.
func suiteText(tb testing.TB) string {
	tb.Helper()
	var sb strings.Builder
	sb.WriteString("% Default bench suite, kakuro: the first 25 puzzles of problems/kakuro/testdata/small.txt (7x7) and large.txt (10x10), made by kakuro.Generate, each with one solution\n")
	for _, c := range corpora {
		text, err := os.ReadFile(filepath.Join("testdata", c.file))
		require.NoError(tb, err)
		blocks := strings.Split(strings.TrimSpace(string(text)), "\n\n")
		require.GreaterOrEqual(tb, len(blocks), suiteCount, c.file)
		for _, b := range blocks[:suiteCount] {
			sb.WriteString("\n" + b + "\n")
		}
	}
	return sb.String()
}

// TestSuite checks that the embedded suite is suiteText of the corpora
// (go test -run TestSuite -update writes it), that it holds puzzles of
// both sizes, and that the catalog's entry reads every one.
func TestSuite(t *testing.T) {
	want := suiteText(t)
	if *update {
		require.NoError(t, os.WriteFile("suite.txt", []byte(want), 0o644))
		return
	}
	require.Equal(t, want, suite, "suite.txt is stale: go test -run TestSuite -update")
	e, ok := catalog.Lookup("kakuro")
	require.True(t, ok)
	n := 0
	for it := range e.Read(strings.NewReader(e.Suite), false) {
		require.NoError(t, it.Err)
		n++
	}
	assert.Equal(t, 2*suiteCount, n)
	var sizes []int
	for it := range (problem{}).Read(strings.NewReader(suite)) {
		require.NoError(t, it.Err)
		sizes = append(sizes, it.Value.Rows())
	}
	assert.Equal(t, suiteCount, slices.Index(sizes, 10), "the 10x10 puzzles follow the 7x7 ones")
	assert.Equal(t, suiteCount, len(sizes)-slices.Index(sizes, 10))
}
