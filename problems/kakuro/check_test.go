package kakuro

import (
	"context"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheck(t *testing.T) {
	p := readOne(t, "#  4\\ 3\\\n\\3 . .\n\\4 . 1\n")
	tests := []struct {
		name string
		grid [][]int
		want string // "" for a solution
	}{
		{"solution", [][]int{{0, 0, 0}, {0, 1, 2}, {0, 3, 1}}, ""},
		{"missing row", [][]int{{0, 0, 0}, {0, 1, 2}}, "kakuro: not a solution: 2 rows, want 3"},
		{"short row", [][]int{{0, 0, 0}, {0, 1}, {0, 3, 1}}, "kakuro: not a solution: row 2 has 2 cells, want 3"},
		{"black cell filled", [][]int{{0, 5, 0}, {0, 1, 2}, {0, 3, 1}}, "kakuro: not a solution: r1c2 is black but holds 5, want 0"},
		{"white cell empty", [][]int{{0, 0, 0}, {0, 0, 2}, {0, 3, 1}}, "kakuro: not a solution: r2c2 holds 0, want 1..9"},
		{"digit ten", [][]int{{0, 0, 0}, {0, 1, 2}, {0, 10, 1}}, "kakuro: not a solution: r3c2 holds 10, want 1..9"},
		{"given changed", [][]int{{0, 0, 0}, {0, 1, 2}, {0, 2, 2}}, "kakuro: not a solution: r3c3 holds 2, but the given is 1"},
		{"repeat", [][]int{{0, 0, 0}, {0, 2, 1}, {0, 2, 1}}, "kakuro: not a solution: the down run of r1c2 holds 2 twice (its cells 1 and 2)"},
		{"wrong sum", [][]int{{0, 0, 0}, {0, 3, 2}, {0, 1, 1}}, "kakuro: not a solution: the across run of r2c1 adds up to 5, want 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(p, tt.grid)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, ErrInvalid)
			assert.EqualError(t, err, tt.want)
		})
	}
}

// The models, counting every solution of puzzles with several, agree
// with each other and with Check on each solution they enumerate.
// Givens that repeat in a run, or put its clue out of reach, read; Clash
// names them, and the puzzle has no solution.
func TestClash(t *testing.T) {
	tests := []struct{ name, input, want string }{
		{"repeat across", "#  4\\ 3\\\n\\4 3 3\n\\3 . .\n", "kakuro: givens clash: r2c2 and r2c3 both hold 3 (the across run of r2c1)"},
		{"repeat down", "#  4\\ 4\\\n\\3 1 .\n\\5 1 .\n", "kakuro: givens clash: r2c2 and r3c2 both hold 1 (the down run of r1c2)"},
		{"out of reach", "#  4\\ 3\\\n\\3 . 9\n\\4 . .\n", "kakuro: givens clash: the across run of r2c1 wants 3, but its cells can only add up to 10..17"},
		{"none", "#  4\\ 3\\\n\\3 . .\n\\4 . 1\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := readOne(t, tt.input)
			err := p.Clash()
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, ErrClash)
			assert.EqualError(t, err, tt.want)
			g, res, err := Solve(context.Background(), p, Options{}, csp.Options{})
			require.NoError(t, err)
			assert.Nil(t, g, "no solution")
			assert.True(t, res.Complete)
		})
	}
}

func TestModelsAgree(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		count int64
	}{
		{"unique", tiny, 1},
		// Two cells summing to 10 across and down, twice: 1+9, 2+8, 3+7,
		// 4+6 in either order, the second row its mirror.
		{"square", "#  10\\ 10\\\n\\10 . .\n\\10 . .\n", 8},
		{"clashing givens", "#  4\\ 3\\\n\\3 1 1\n\\4 . .\n", 0},
		{"pure sums", "#  17\\ 16\\ #\n\\16 . . #\n\\17 . . #\n", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := readOne(t, tt.text)
			for _, opt := range []Options{{Model: DistinctSum}, {Model: Split}} {
				m, err := Build(p, opt)
				require.NoError(t, err)
				var n int64
				for sol := range newSearch(m).All(context.Background()) {
					assert.NoError(t, Check(p, m.Values(sol)), opt.Model)
					n++
				}
				assert.Equal(t, tt.count, n, opt.Model)
				res, err := Count(context.Background(), p, opt, DefaultSearch, 0)
				require.NoError(t, err)
				assert.Equal(t, tt.count, res.Solutions, opt.Model)
			}
		})
	}
}

func TestBuildUnknownModel(t *testing.T) {
	_, err := Build(readOne(t, tiny), Options{Model: Posting(7)})
	assert.ErrorContains(t, err, "unknown model")
}

func TestParsePosting(t *testing.T) {
	for _, k := range []Posting{DistinctSum, Split} {
		got, err := ParsePosting(k.String())
		require.NoError(t, err)
		assert.Equal(t, k, got)
	}
	_, err := ParsePosting("gac")
	assert.EqualError(t, err, `kakuro: unknown model "gac" (want distinctsum or split)`)
}

// newSearch is a plain search of m, enumerating in a fixed order.
func newSearch(m *Model) *csp.Search { return csp.NewSearch(m.Model, csp.Options{}) }
