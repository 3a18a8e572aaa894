package sudoku

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheck(t *testing.T) {
	// sol has row r, column c holding ((r%3)*3 + r/3 + c)%9 + 1: row 1 is
	// 123456789, row 2 is 456789123, row 4 is 234567891.
	sol := solved(3, 3).Cells
	empty := &Puzzle{BoxRows: 3, BoxCols: 3, Cells: make([]int, 81)}
	givens, _ := holed(3, 3) // givens in columns 1, 4 and 7
	// change returns a copy of sol with cell kv[0] set to kv[1], and so on
	// (cells 0-based, row-major).
	change := func(kv ...int) []int {
		s := slices.Clone(sol)
		for i := 0; i < len(kv); i += 2 {
			s[kv[i]] = kv[i+1]
		}
		return s
	}
	swapRows := func(a, b int) []int {
		s := slices.Clone(sol)
		for c := range 9 {
			s[a*9+c], s[b*9+c] = s[b*9+c], s[a*9+c]
		}
		return s
	}
	cases := []struct {
		name     string
		puzzle   *Puzzle
		solution []int
		msg      string // "" for a solution
	}{
		{"solution", empty, sol, ""},
		{"solution keeps the givens", givens, sol, ""},
		{"short", empty, sol[:80], "80 cells, want 81"},
		{"empty cell", empty, change(4, 0), "r1c5 holds 0, want 1..9"},
		{"value past N", empty, change(80, 10), "r9c9 holds 10, want 1..9"},
		{"given changed", givens, change(3, 5, 4, 4), "r1c4 holds 5, but the given is 4"},
		{"swap in a row breaks a column", empty, change(1, 3, 2, 2), "r1c2 and r4c2 both hold 3 (column 2)"},
		{"swap in a column breaks a row", empty, change(0, 4, 9, 1), "r1c1 and r1c4 both hold 4 (row 1)"},
		{"swap across bands breaks a box", empty, swapRows(0, 3), "r1c3 and r2c1 both hold 4 (box 1)"},
		{"duplicate", empty, change(40, 1), "r5c5 and r5c6 both hold 1 (row 5)"},
		{"boxes of another shape", &Puzzle{BoxRows: 2, BoxCols: 3, Cells: make([]int, 36)}, solved(3, 2).Cells, "(box 1)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckCells(c.puzzle, c.solution)
			if c.msg == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, ErrInvalid)
			assert.Contains(t, err.Error(), c.msg)
		})
	}
	assert.ErrorIs(t, CheckCells(&Puzzle{BoxRows: 1, BoxCols: 4, Cells: make([]int, 16)}, solved(2, 2).Cells), ErrShape, "a malformed puzzle")
}

func TestClash(t *testing.T) {
	// set returns an empty puzzle of the shape with the givens rXcY = v
	// from triples (r, c, v), 1-based.
	set := func(rows, cols int, rcv ...int) *Puzzle {
		n := rows * cols
		p := &Puzzle{BoxRows: rows, BoxCols: cols, Cells: make([]int, n*n)}
		for i := 0; i < len(rcv); i += 3 {
			p.Cells[(rcv[i]-1)*n+rcv[i+1]-1] = rcv[i+2]
		}
		return p
	}
	cases := []struct {
		name string
		p    *Puzzle
		msg  string // "" for no clash
	}{
		{"none", set(3, 3, 1, 3, 5, 2, 7, 5, 9, 9, 5), ""},
		{"row", set(3, 3, 1, 3, 5, 1, 7, 5), "r1c3 and r1c7 both hold 5 (row 1)"},
		{"column", set(3, 3, 2, 4, 7, 8, 4, 7), "r2c4 and r8c4 both hold 7 (column 4)"},
		{"box", set(3, 3, 1, 1, 3, 3, 3, 3), "r1c1 and r3c3 both hold 3 (box 1)"},
		{"box of 2x3", set(2, 3, 3, 4, 2, 4, 6, 2), "r3c4 and r4c6 both hold 2 (box 4)"},
		{"box of 3x2", set(3, 2, 1, 3, 6, 3, 4, 6), "r1c3 and r3c4 both hold 6 (box 2)"},
		{"rows before columns", set(2, 2, 1, 1, 1, 2, 1, 1, 1, 2, 1), "r1c1 and r1c2 both hold 1 (row 1)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, c.p.Validate())
			err := c.p.Clash()
			if c.msg == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, ErrClash)
			assert.EqualError(t, err, "sudoku: givens clash: "+c.msg)
		})
	}
	bad := set(2, 2)
	bad.Cells[3] = 9
	assert.ErrorIs(t, bad.Clash(), ErrSymbol, "a malformed puzzle")
}

func TestValidate(t *testing.T) {
	cells := func(n int, kv ...int) []int {
		s := make([]int, n*n)
		for i := 0; i < len(kv); i += 2 {
			s[kv[i]] = kv[i+1]
		}
		return s
	}
	cases := []struct {
		name string
		p    *Puzzle
		err  error
		msg  string
	}{
		{"full grid", solved(2, 3), nil, ""},
		{"empty grid", &Puzzle{BoxRows: 5, BoxCols: 7, Cells: cells(35)}, nil, ""},
		{"nil", nil, ErrShape, "no puzzle"},
		{"zero", &Puzzle{}, ErrShape, "boxes of 0x0"},
		{"rows of boxes", &Puzzle{BoxRows: 1, BoxCols: 4, Cells: cells(4)}, ErrShape, "boxes of 1x4"},
		{"negative", &Puzzle{BoxRows: -2, BoxCols: -2, Cells: cells(4)}, ErrShape, "boxes of -2x-2"},
		{"too big", &Puzzle{BoxRows: 6, BoxCols: 6, Cells: cells(36)}, ErrShape, "side 36, want at most 35"},
		{"cell count", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: cells(3)}, ErrLength, "9 cells, want 16"},
		{"negative value", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: cells(4, 0, -1)}, ErrSymbol, "r1c1 holds -1, want 0..4"},
		{"value past N", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: cells(4, 15, 5)}, ErrSymbol, "r4c4 holds 5, want 0..4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.p.Validate()
			if c.err == nil {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, c.err)
			assert.Contains(t, err.Error(), c.msg)
		})
	}
}

// readPuzzles reads a sample file, every line a puzzle.
func readPuzzles(t testing.TB, path string) []*Puzzle {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var ps []*Puzzle
	for it := range Read(f) {
		require.NoError(t, it.Err, path)
		ps = append(ps, it.Value)
	}
	require.NotEmpty(t, ps, path)
	return ps
}

func TestSamples(t *testing.T) {
	files, err := filepath.Glob("testdata/samples/*.txt")
	require.NoError(t, err)
	require.Len(t, files, 13)
	for _, file := range files {
		if strings.HasSuffix(file, ".sol.txt") {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(name, func(t *testing.T) {
			puzzles := readPuzzles(t, file)
			for _, p := range puzzles {
				assert.Equal(t, [2]int{3, 3}, [2]int{p.BoxRows, p.BoxCols})
				assert.NoError(t, p.Clash())
			}
			solFile := strings.TrimSuffix(file, ".txt") + ".sol.txt"
			if _, err := os.Stat(solFile); err != nil {
				return // serg_benchmark: several solutions each, none given
			}
			sols := readPuzzles(t, solFile)
			require.Len(t, sols, len(puzzles))
			for k, p := range puzzles {
				sol := sols[k].Cells
				require.NoError(t, CheckCells(p, sol), "puzzle %d", k+1)
				require.NoError(t, CheckCells(sols[k], sol), "a solution solves itself")
				mutations(t, p, sol)
			}
		})
	}
}

// mutations checks that Check rejects solutions spoilt in three ways.
func mutations(t *testing.T, p *Puzzle, sol []int) {
	t.Helper()
	n := p.N()
	// Two free cells in the same row, the first row that has them.
	a, b := -1, -1
	for i := 0; i < n*n && b < 0; i++ {
		if i%n == 0 {
			a = -1
		}
		if p.Cells[i] != 0 {
			continue
		}
		if a < 0 {
			a = i
		} else {
			b = i
		}
	}
	require.True(t, b >= 0, "a row with two free cells")

	swapped := slices.Clone(sol)
	swapped[a], swapped[b] = swapped[b], swapped[a]
	err := CheckCells(p, swapped)
	assert.ErrorIs(t, err, ErrInvalid, "a swapped pair")
	assert.Contains(t, err.Error(), "column", "a swap in a row breaks two columns")

	dup := slices.Clone(sol)
	dup[a] = dup[b]
	err = CheckCells(p, dup)
	assert.ErrorIs(t, err, ErrInvalid, "a duplicate")
	assert.Contains(t, err.Error(), "both hold")

	g := slices.IndexFunc(p.Cells, func(v int) bool { return v != 0 })
	require.True(t, g >= 0)
	changed := slices.Clone(sol)
	changed[g] = sol[g]%n + 1
	err = CheckCells(p, changed)
	assert.ErrorIs(t, err, ErrInvalid, "a changed given")
	assert.Contains(t, err.Error(), "the given is")
}

// TestRepeatsByUnit compares repeats with a reading of every unit by
// division, on solutions of several box shapes, with one cell at a time
// set to a value of another cell of its box, row or column (a repeat in
// that unit alone, or in several), or to 0.
func TestRepeatsByUnit(t *testing.T) {
	byDivision := func(p *Puzzle, cells []int) bool {
		n := p.N()
		seen := map[[3]int]bool{}
		for i, v := range cells {
			if v == 0 {
				continue
			}
			r, c := i/n, i%n
			for _, u := range [][3]int{{0, r, v}, {1, c, v}, {2, r/p.BoxRows*p.BoxRows + c/p.BoxCols, v}} {
				if seen[u] {
					return true
				}
				seen[u] = true
			}
		}
		return false
	}
	for _, shape := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {4, 3}} {
		p, sol, err := Random(shape[0], shape[1], 0, uint64(shape[0]*10+shape[1]))
		require.NoError(t, err)
		n := p.N()
		require.False(t, repeats(p, sol), "%v: a solution", shape)
		for i := range sol {
			for _, j := range []int{(i + 1) % (n * n), (i + n) % (n * n), (i + p.BoxCols + n) % (n * n), i} {
				cells := slices.Clone(sol)
				cells[i] = sol[j]
				if j == i {
					cells[i] = 0
				}
				assert.Equal(t, byDivision(p, cells), repeats(p, cells), "%v: cell %d set to cell %d's value", shape, i, j)
			}
		}
	}
}
