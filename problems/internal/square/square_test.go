package square

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

var errBad = errors.New("bad")

func TestCheck(t *testing.T) {
	givens := [][]int{{1, 0}, {0, 0}}
	for _, tc := range []struct {
		g      [][]int
		givens [][]int
		want   string
	}{
		{[][]int{{1, 2}, {2, 1}}, givens, ""},
		{[][]int{{1, 2}}, nil, "bad: 1 rows, want 2"},
		{[][]int{{1, 2}, {2}}, nil, "bad: row 2 has 1 cells, want 2"},
		{[][]int{{1, 2}, {3, 1}}, nil, "bad: r2c1 holds 3, want 1..2"},
		{[][]int{{2, 1}, {1, 2}}, givens, "bad: r1c1 holds 2, the given is 1"},
		{[][]int{{2, 1}, {1, 2}}, nil, ""},
	} {
		err := Check(tc.g, 2, tc.givens, errBad)
		if tc.want == "" {
			if err != nil {
				t.Errorf("Check(%v) = %v, want nil", tc.g, err)
			}
			continue
		}
		if err == nil || err.Error() != tc.want || !errors.Is(err, errBad) {
			t.Errorf("Check(%v) = %v, want %q wrapping errBad", tc.g, err, tc.want)
		}
	}
}

func TestRepeat(t *testing.T) {
	for _, tc := range []struct {
		g        [][]int
		line     string
		i, value int
		ok       bool
	}{
		{[][]int{{1, 2, 3}, {2, 3, 1}, {3, 1, 2}}, "", 0, 0, false},
		{[][]int{{1, 1, 3}, {2, 3, 1}, {3, 2, 2}}, "row", 0, 1, true},
		{[][]int{{1, 2, 3}, {1, 3, 2}, {3, 1, 2}}, "column", 0, 1, true},
		{[][]int{{1, 2, 3}, {2, 3, 1}, {3, 2, 1}}, "column", 1, 2, true},
	} {
		line, i, v, ok := Repeat(tc.g)
		if line != tc.line || i != tc.i || v != tc.value || ok != tc.ok {
			t.Errorf("Repeat(%v) = %q, %d, %d, %v; want %q, %d, %d, %v", tc.g, line, i, v, ok, tc.line, tc.i, tc.value, tc.ok)
		}
	}
}

func TestClash(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    [][]int
		want string
	}{
		{"empty", [][]int{{0, 0}, {0, 0}}, ""},
		{"distinct", [][]int{{1, 2, 0}, {0, 0, 1}, {2, 0, 0}}, ""},
		{"row", [][]int{{1, 0, 1}, {0, 0, 0}, {0, 0, 0}}, "r1c1 and r1c3 both hold 1 (row 1)"},
		{"column", [][]int{{0, 2, 0}, {0, 0, 0}, {0, 2, 0}}, "r1c2 and r3c2 both hold 2 (column 2)"},
		{"rows before columns", [][]int{{3, 0, 0}, {3, 0, 0}, {0, 1, 1}}, "r3c2 and r3c3 both hold 1 (row 3)"},
		{"out of range left out", [][]int{{7, 7}, {0, 0}}, ""},
		{"short row", [][]int{{1, 0}, {1}}, "r1c1 and r2c1 both hold 1 (column 1)"},
	} {
		if got := Clash(tc.g); got != tc.want {
			t.Errorf("%s: Clash(%v) = %q, want %q", tc.name, tc.g, got, tc.want)
		}
	}
}

func TestReach(t *testing.T) {
	for _, tc := range []struct {
		n             int
		givens, cells []int
		lo, hi        int
	}{
		{9, []int{0, 0}, []int{0, 1}, 3, 17},
		{9, []int{9, 0}, []int{0, 1}, 10, 17},
		{9, []int{9, 8}, []int{0, 1}, 17, 17},
		{4, []int{0, 0, 0, 0}, []int{0, 1, 2, 3}, 10, 10},
		{4, []int{1, 0, 0, 0}, []int{0, 2}, 3, 5},
	} {
		lo, hi := Reach(tc.n, tc.givens, tc.cells)
		if lo != tc.lo || hi != tc.hi {
			t.Errorf("Reach(%d, %v, %v) = %d..%d, want %d..%d", tc.n, tc.givens, tc.cells, lo, hi, tc.lo, tc.hi)
		}
	}
}

// TestZeros: Zeros gives an n×n grid of zeros, in dst's arrays when they
// have room (values cleared), whatever side dst had.
func TestZeros(t *testing.T) {
	g := Zeros(nil, 5)
	for r := range g {
		for c := range g[r] {
			g[r][c] = r*5 + c + 1
		}
	}
	for _, n := range []int{3, 5, 6, 1} {
		before := g
		g = Zeros(g, n)
		if len(g) != n {
			t.Fatalf("Zeros(_, %d): %d rows", n, len(g))
		}
		for r, row := range g {
			if len(row) != n {
				t.Fatalf("Zeros(_, %d): row %d has %d cells", n, r, len(row))
			}
			for c, v := range row {
				if v != 0 {
					t.Fatalf("Zeros(_, %d): r%dc%d = %d", n, r+1, c+1, v)
				}
				row[c] = 7
			}
		}
		if n <= cap(before) && &g[0][0] != &before[0][:1][0] && cap(before[0]) >= n {
			t.Errorf("Zeros(_, %d) did not reuse the first row's array", n)
		}
	}
	if a := testing.AllocsPerRun(10, func() { g = Zeros(g, 5) }); a != 0 {
		t.Errorf("Zeros on a grid of room: %v allocations", a)
	}
}

// TestCandidates: a cell's candidates come from the reasoning's list when
// there is one, else from the marks, else from the given, else every
// value; a cell outside the list or the marks is not ok.
func TestCandidates(t *testing.T) {
	cands := [][][]int{{{1, 3}, {}}, {{2}}}
	marks := []uint64{1<<2 | 1<<4, 0, 1 << 1, 1<<1 | 1<<2 | 1<<3 | 1<<4}
	for _, tc := range []struct {
		name           string
		cands          [][][]int
		marks          []uint64
		n, r, c, given int
		want           []int
		ok             bool
	}{
		{"list", cands, marks, 2, 0, 0, 4, []int{1, 3}, true},
		{"list, empty", cands, marks, 2, 0, 1, 0, []int{}, true},
		{"list lacks the cell", cands, marks, 2, 1, 1, 0, nil, false},
		{"marks over the given, values up to n", nil, marks, 2, 0, 0, 3, []int{2}, true},
		{"marks, none left", nil, marks, 2, 0, 1, 0, nil, true},
		{"marks, row 2", nil, marks, 2, 1, 0, 0, []int{1}, true},
		{"marks, side 4", nil, marks, 4, 0, 3, 0, []int{1, 2, 3, 4}, true},
		{"marks lack the cell", nil, marks[:2], 2, 1, 0, 0, nil, false},
		{"given", nil, nil, 2, 1, 1, 3, []int{3}, true},
		{"every value", nil, nil, 2, 1, 1, 0, []int{1, 2}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := Candidates(tc.cands, tc.marks, tc.n, tc.r, tc.c, tc.given)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.want, got)
		})
	}
}
