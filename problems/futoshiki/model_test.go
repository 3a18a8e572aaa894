package futoshiki

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/units"
)

// tathamRow is one line of testdata/tatham.tsv (made by testdata/gen.sh).
type tathamRow struct {
	name, params, id string
	solution         [][]int // as Unequal's own solver prints it
}

func tathamRows(t testing.TB) []tathamRow {
	data, err := os.ReadFile("testdata/tatham.tsv")
	require.NoError(t, err)
	var rows []tathamRow
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		require.Len(t, f, 4, line)
		n, _ := strconv.Atoi(strings.TrimRight(f[1], "adekxr"))
		vals := strings.Split(f[3], ",")
		require.Len(t, vals, n*n, f[0])
		sol := make([][]int, n)
		for r := range n {
			sol[r] = make([]int, n)
			for c := range n {
				sol[r][c], err = strconv.Atoi(vals[r*n+c])
				require.NoError(t, err)
			}
		}
		rows = append(rows, tathamRow{name: f[0], params: f[1], id: f[2], solution: sol})
	}
	return rows
}

var (
	strong = Options{AllDiff: alldiff.GAC}
	search = csp.Options{Var: csp.DomWDeg}
)

// Every committed Unequal puzzle: solved, the solution passes the
// checker and is the one Unequal printed, and it is the only one (a count
// capped at 2 finds 1), under every way of posting the lines.
func TestTathamPuzzles(t *testing.T) {
	rows := tathamRows(t)
	require.Len(t, rows, 141)
	type stat struct {
		n          int
		total, max time.Duration
		nodes      int64
	}
	bySize := map[string]*stat{}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			p, err := ParseUnequal(row.id, 1)
			require.NoError(t, err)
			require.NoError(t, Check(p, row.solution), "Unequal's solution passes our checker")
			for _, opt := range []Options{strong, {Lines: Units, Level: units.Hidden}, {Lines: Line}, {Lines: Auto, AllDiff: alldiff.GAC}} {
				start := time.Now()
				g, res, err := Solve(context.Background(), p, opt, search)
				took := time.Since(start)
				require.NoError(t, err)
				require.NotNil(t, g, res.Status())
				require.NoError(t, Check(p, g))
				assert.Equal(t, row.solution, g, "the solution Unequal printed")
				c, err := Count(context.Background(), p, opt, search, 2)
				require.NoError(t, err)
				assert.Equal(t, int64(1), c.Solutions, "unique")
				assert.True(t, c.Complete)
				if opt == strong {
					key := fmt.Sprintf("%d%s", p.N, map[bool]string{true: "a"}[p.Adjacent])
					s := bySize[key]
					if s == nil {
						s = &stat{n: p.N}
						bySize[key] = s
					}
					s.total += took
					s.max = max(s.max, took)
					s.nodes += res.Stats.Nodes
				}
			}
		})
	}
	keys := make([]string, 0, len(bySize))
	for k := range bySize {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return bySize[a].n*2 - bySize[b].n*2 + strings.Compare(a, b) })
	for _, k := range keys {
		t.Logf("size %-3s solve total %v, max %v, %d nodes", k, bySize[k].total, bySize[k].max, bySize[k].nodes)
	}
}

// Each sign's constraint, as the model posts it, against brute force:
// sound, and domain consistent.
func TestSignsAgainstBruteForce(t *testing.T) {
	cases := []struct {
		name     string
		sign     Sign
		adjacent bool
		holds    func(x, y int) bool
	}{
		{"less", Less, false, func(x, y int) bool { return x < y }},
		{"greater", Greater, false, func(x, y int) bool { return x > y }},
		{"no sign", None, false, func(x, y int) bool { return true }},
		{"bar", Bar, true, func(x, y int) bool { return x-y == 1 || y-x == 1 }},
		{"no bar", None, true, func(x, y int) bool { return x-y != 1 && y-x != 1 }},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: 2, MinVal: 1, MaxVal: 9,
				Post:     func(m *csp.Model, v []csp.Var) { require.NoError(t, postSign(m, v[0], v[1], c.sign, c.adjacent)) },
				Holds:    func(vals []int) bool { return c.holds(vals[0], vals[1]) },
				Complete: true,
				Seed:     uint64(i),
			})
		})
	}
}

// latinSquares returns every Latin square of order n, by plain
// enumeration of rows (no engine).
func latinSquares(n int) [][][]int {
	var perms [][]int
	var permute func(p []int, k int)
	permute = func(p []int, k int) {
		if k == n {
			perms = append(perms, slices.Clone(p))
			return
		}
		for i := k; i < n; i++ {
			p[k], p[i] = p[i], p[k]
			permute(p, k+1)
			p[k], p[i] = p[i], p[k]
		}
	}
	base := make([]int, n)
	for i := range base {
		base[i] = i + 1
	}
	permute(base, 0)
	var out [][][]int
	sq := make([][]int, 0, n)
	var fill func()
	fill = func() {
		if len(sq) == n {
			cp := make([][]int, n)
			for r := range sq {
				cp[r] = slices.Clone(sq[r])
			}
			out = append(out, cp)
			return
		}
	next:
		for _, p := range perms {
			for _, row := range sq {
				for c := range n {
					if row[c] == p[c] {
						continue next
					}
				}
			}
			sq = append(sq, p)
			fill()
			sq = sq[:len(sq)-1]
		}
	}
	fill()
	return out
}

// On random 4×4 boards of both variants, the model finds exactly the
// Latin squares that the checker accepts, under every way of posting the
// lines.
func TestCountAgainstBruteForce(t *testing.T) {
	squares := latinSquares(4)
	require.Len(t, squares, 576)
	opts := []Options{
		{AllDiff: alldiff.Value}, {AllDiff: alldiff.Hidden}, {AllDiff: alldiff.GAC},
		{Lines: Units, Level: units.Singles}, {Lines: Units, Level: units.Hidden}, {Lines: Line},
		{Lines: Auto, AllDiff: alldiff.GAC}, {Lines: Auto, AllDiff: alldiff.Value},
	}
	for seed := range uint64(40) {
		adjacent := seed%2 == 1
		p, sq, err := Random(4, adjacent, 0.3, 12+int(seed%5), seed)
		require.NoError(t, err)
		require.NoError(t, Check(p, sq), "the square solves its own puzzle")
		want := 0
		for _, s := range squares {
			if Check(p, s) == nil {
				want++
			}
		}
		for _, opt := range opts {
			m, err := Build(context.Background(), p, opt)
			require.NoError(t, err)
			got := 0
			for sol := range csp.NewSearch(m.Model, search).All(context.Background()) {
				require.NoError(t, Check(p, m.Board.Values(sol)))
				got++
			}
			assert.Equal(t, want, got, "seed %d %+v: %s", seed, opt, FormatUnequal(p))
		}
	}
}

func TestUnsatisfiable(t *testing.T) {
	// r1c1 < r1c2 and r2c1 < r2c2 put 1 twice in column 1.
	p := New(2, false)
	p.Right[0][0], p.Right[1][0] = Less, Less
	g, res, err := Solve(context.Background(), p, strong, search)
	require.NoError(t, err)
	assert.Nil(t, g)
	assert.Equal(t, "unsatisfiable", res.Status())
	// A 3×3 of the adjacent variant with no bar at all: 2 has two
	// neighbours in its row, one of them 1 or 3.
	res, err = Count(context.Background(), New(3, true), strong, search, 0)
	require.NoError(t, err)
	assert.True(t, res.Complete)
	assert.Zero(t, res.Solutions)
}

func TestBuildRejectsMalformed(t *testing.T) {
	p := New(3, false)
	p.Right[0][0] = Bar
	_, err := Build(context.Background(), p, strong)
	assert.ErrorIs(t, err, ErrSign)
	p = New(3, false)
	p.Givens = p.Givens[:2]
	_, _, err = Solve(context.Background(), p, strong, search)
	assert.ErrorIs(t, err, ErrCount)
	assert.ErrorIs(t, Check(p, nil), ErrInvalid)
}

func TestCheckNamesTheFault(t *testing.T) {
	p, err := ParseUnequal("3:0R,0,0,0,2,0,0,0,0,", 1)
	require.NoError(t, err)
	good := [][]int{{3, 1, 2}, {1, 2, 3}, {2, 3, 1}}
	require.NoError(t, Check(p, good))
	for name, c := range map[string]struct {
		grid [][]int
		want string
	}{
		"shape":  {[][]int{{1}}, "1 rows, want 3"},
		"range":  {[][]int{{3, 1, 2}, {1, 2, 4}, {2, 3, 1}}, "r2c3 holds 4"},
		"given":  {[][]int{{3, 2, 1}, {2, 1, 3}, {1, 3, 2}}, "the given is 2"},
		"repeat": {[][]int{{3, 1, 2}, {1, 2, 3}, {3, 1, 2}}, "column 1 holds 3 twice"},
		"sign":   {[][]int{{1, 3, 2}, {3, 2, 1}, {2, 1, 3}}, "r1c1 = 1 and r1c2 = 3 break '>'"},
	} {
		err := Check(p, c.grid)
		assert.ErrorIs(t, err, ErrInvalid, name)
		assert.ErrorContains(t, err, c.want, name)
	}
}

// Random boards are solvable (their square), at sizes past Unequal's.
func TestRandomBoards(t *testing.T) {
	for _, n := range []int{9, 16, 25} {
		for _, adjacent := range []bool{false, true} {
			holes := n * n * 3 / 4
			if adjacent {
				holes = n * n / 2 // bars prune little: fewer holes keep it quick
			}
			p, sq, err := Random(n, adjacent, 0.4, holes, uint64(n))
			require.NoError(t, err)
			require.NoError(t, Check(p, sq))
			o := search
			o.Restarts = csp.Luby
			o.TimeLimit = 20 * time.Second
			g, res, err := Solve(context.Background(), p, strong, o)
			require.NoError(t, err)
			require.NotNil(t, g, "size %d adjacent %v: %s", n, adjacent, res.Status())
			t.Logf("size %d adjacent %v: %v, %d nodes", n, adjacent, res.Stats.SolveTime, res.Stats.Nodes)
		}
	}
	_, _, err := Random(0, false, 0.5, 0, 1)
	assert.ErrorIs(t, err, ErrSize)
	_, _, err = Random(3, false, 2, 0, 1)
	assert.ErrorIs(t, err, ErrSign)
	_, _, err = Random(3, false, 0.5, 10, 1)
	assert.ErrorIs(t, err, ErrCount)
}
