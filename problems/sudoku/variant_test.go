package sudoku

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
)

// soloSet is one file of Solo game IDs made by Solo's generator (see
// testdata/solo/generate.sh) and the rules every puzzle in it has.
type soloSet struct {
	name                      string
	regions, diagonals, cages bool
}

var soloSets = []soloSet{
	{"plain", false, false, false},
	{"x", false, true, false},
	{"jigsaw", true, false, false},
	{"killer", false, false, true},
	{"jigsaw_x", true, true, false},
	{"killer_x", false, true, true},
	{"killer_jigsaw", true, false, true},
	{"killer_jigsaw_x", true, true, true},
}

// soloLines returns the IDs of a set, one per line as Solo wrote them.
func soloLines(t testing.TB, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "solo", name+".txt"))
	require.NoError(t, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out)
	return out
}

// TestSoloCorpus reads every generated ID, checks that it has its set's
// rules, that writing it back gives Solo's own text, that its JSON form
// reads back the same, and that the default model finds one solution,
// which the checker accepts, and no second one.
func TestSoloCorpus(t *testing.T) {
	for _, set := range soloSets {
		t.Run(set.name, func(t *testing.T) {
			ids := soloLines(t, set.name)
			if set.name != "plain" {
				assert.GreaterOrEqual(t, len(ids), 24, "a few dozen of each variant")
			}
			sizes := map[int]int{}
			for k, id := range ids {
				p, err := Parse(id)
				require.NoError(t, err, "line %d", k+1)
				require.NoError(t, p.Validate())
				require.NoError(t, p.Clash(), "line %d", k+1)
				assert.Equal(t, FormSolo, p.Form)
				assert.Equal(t, set.regions, p.Regions != nil, "line %d", k+1)
				assert.Equal(t, set.diagonals, p.Diagonals, "line %d", k+1)
				assert.Equal(t, set.cages, len(p.Cages) > 0, "line %d", k+1)
				sizes[p.N()]++

				back, err := FormatSolo(p, nil)
				require.NoError(t, err)
				assert.Equal(t, id, back, "line %d: written as Solo writes it", k+1)
				assert.Equal(t, id+"\n", Format(p, nil))

				j, err := ParseJSON(FormatJSON(p, nil))
				require.NoError(t, err, "line %d: %s", k+1, FormatJSON(p, nil))
				j.Form = FormSolo
				assert.Equal(t, p, j, "line %d: the JSON form holds the same puzzle", k+1)

				sol, res, err := Solve(context.Background(), p, DefaultOptions, DefaultSearch)
				require.NoError(t, err, "line %d", k+1)
				require.NotNil(t, sol, "line %d: %+v", k+1, res)
				require.NoError(t, CheckCells(p, sol))
				s, err := NewSolverFor(p, DefaultOptions, DefaultSearch)
				require.NoError(t, err)
				c, err := s.Count(context.Background(), p, 2)
				require.NoError(t, err)
				assert.EqualValues(t, 1, c.Solutions, "line %d: unique", k+1)

				// The solution written through the puzzle reads back
				// as a full grid of the same rules.
				full, err := Parse(Format(p, sol))
				require.NoError(t, err)
				assert.Equal(t, sol, full.Cells)
				require.NoError(t, CheckCells(full, sol))
			}
			t.Logf("%s: %d puzzles by side %v", set.name, len(ids), sizes)
		})
	}
}

// variantLadder is the strength ladder plus the weaker cage strength.
var variantLadder = append(slices.Clone(ladder), Options{View: Units, AllDiff: alldiff.Hidden, BoxLine: true, CageBounds: true})

// TestSoloEveryStrength solves every generated puzzle under every
// strength and view but the weakest (value, whose naked singles alone
// search millions of nodes on the X jigsaws): the solution is checked and
// unique. On the first few puzzles of each set, every strength runs: the
// strongest level searches less than the weakest, and the two views
// search the same tree at the same strength.
func TestSoloEveryStrength(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds: run without -short")
	}
	const few = 3
	for _, set := range soloSets {
		var ps []*Puzzle
		for _, id := range soloLines(t, set.name) {
			p, err := Parse(id)
			require.NoError(t, err)
			ps = append(ps, p)
		}
		nodes := map[string]int64{} // on the first few puzzles
		for _, o := range variantLadder {
			for k, p := range ps {
				if o.AllDiff == alldiff.Value && k >= few {
					break
				}
				s, err := NewSolverFor(p, o, csp.Options{Var: csp.MinDomain})
				require.NoError(t, err)
				res, err := s.Count(context.Background(), p, 2)
				require.NoError(t, err)
				require.EqualValues(t, 1, res.Solutions, "%s %v #%d", set.name, o, k+1)
				require.NoError(t, CheckCells(p, s.cellsOf(res.Solution)), "%s %v #%d", set.name, o, k+1)
				if k < few {
					nodes[o.String()] += res.Stats.Nodes
				}
			}
		}
		t.Logf("%s: search nodes on the first %d puzzles by strength %v", set.name, few, nodes)
		// With the variable choice depending on the domains, a stronger
		// level may search more on a puzzle; not than the weakest.
		assert.GreaterOrEqual(t, nodes[ladder[0].String()], nodes[ladder[3].String()], set.name)
		assert.Equal(t, nodes[ladder[0].String()], nodes[ladder[4].String()], "%s: units and generic at value strength", set.name)
		assert.Equal(t, nodes[ladder[2].String()], nodes[ladder[5].String()], "%s: units and generic at hidden+boxline", set.name)
		assert.Equal(t, nodes[ladder[3].String()], nodes[ladder[6].String()], "%s: units and generic at gac+boxline", set.name)
	}
}

// latinSquares lists every Latin square of side n (n <= 5: 576 of side 4,
// 161,280 of side 5), row by row.
func latinSquares(n int) [][]int {
	var out [][]int
	grid := make([]int, n*n)
	var fill func(i int)
	fill = func(i int) {
		if i == n*n {
			out = append(out, slices.Clone(grid))
			return
		}
		r, c := i/n, i%n
	next:
		for v := 1; v <= n; v++ {
			for k := range c {
				if grid[r*n+k] == v {
					continue next
				}
			}
			for k := range r {
				if grid[k*n+c] == v {
					continue next
				}
			}
			grid[i] = v
			fill(i + 1)
		}
		grid[i] = 0
	}
	fill(0)
	return out
}

// randomRules makes an empty puzzle of side n with random rules: regions
// (the value classes of a Latin square, or any partition) or boxes, and
// maybe the diagonals.
func randomRules(rng *rand.Rand, n int, squares [][]int) *Puzzle {
	p := &Puzzle{Cells: make([]int, n*n), Diagonals: rng.IntN(2) == 0}
	p.BoxRows, p.BoxCols, _ = Shape(n)
	switch k := rng.IntN(4); {
	case k == 0 && p.BoxRows != 0:
	case k < 3:
		p.BoxRows, p.BoxCols = 1, n
		p.Regions = slices.Clone(squares[rng.IntN(len(squares))])
	default:
		p.BoxRows, p.BoxCols = 1, n
		p.Regions = make([]int, n*n)
		for i, j := range rng.Perm(n * n) {
			p.Regions[i] = j / n
		}
	}
	return p
}

// randomVariant makes a puzzle of side n with random rules (randomRules,
// drawn up to draws times while no Latin square keeps them), then, from a
// target square that keeps them, cages grown from random cells with the
// target's sums (one of them, now and then, one more), and a few of the
// target's cells given. It may have any number of solutions, none
// included.
func randomVariant(rng *rand.Rand, n int, squares [][]int, draws int) *Puzzle {
	var p *Puzzle
	var fits [][]int
	for range draws {
		p, fits = randomRules(rng, n, squares), nil
		for _, sq := range squares {
			if CheckCells(p, sq) == nil {
				fits = append(fits, sq)
			}
		}
		if len(fits) > 0 || rng.IntN(8) == 0 {
			break
		}
	}
	if len(fits) == 0 {
		fits = squares
	}
	target := fits[rng.IntN(len(fits))]
	owner := make([]bool, n*n)
	for range rng.IntN(n + 2) {
		start := rng.IntN(n * n)
		if owner[start] {
			continue
		}
		cells := []int{start}
		owner[start] = true
		for range rng.IntN(3) {
			last := cells[len(cells)-1]
			steps := []int{last - n, last + n}
			if last%n > 0 {
				steps = append(steps, last-1)
			}
			if last%n < n-1 {
				steps = append(steps, last+1)
			}
			next := steps[rng.IntN(len(steps))]
			if next < 0 || next >= n*n || owner[next] {
				break
			}
			owner[next] = true
			cells = append(cells, next)
		}
		sum := 0
		for _, i := range cells {
			sum += target[i]
		}
		p.Cages = append(p.Cages, Cage{Cells: cells, Sum: sum})
	}
	if len(p.Cages) > 0 && rng.IntN(4) == 0 {
		p.Cages[0].Sum++
	}
	for range rng.IntN(n) {
		i := rng.IntN(n * n)
		p.Cells[i] = target[i]
	}
	return p
}

// TestVariantsAgainstBruteForce counts the solutions of random small
// variants two ways: by the solver, under several strengths, and by
// putting every Latin square of the side to the checker. Clash must never
// call a puzzle with solutions unsatisfiable.
func TestVariantsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, n := range []int{4, 5} {
		squares := latinSquares(n)
		trials, draws := 300, 30
		if n == 5 { // each draw checks 161,280 squares
			trials, draws = 6, 3
			if testing.Short() {
				trials = 2
			}
		}
		counts := map[int64]int{}
		for trial := range trials {
			p := randomVariant(rng, n, squares, draws)
			require.NoError(t, p.Validate(), "trial %d: %+v", trial, p)
			want := int64(0)
			for _, sq := range squares {
				if CheckCells(p, sq) == nil {
					want++
				}
			}
			counts[min(want, 2)]++
			if p.Clash() != nil {
				assert.Zero(t, want, "trial %d: Clash says %v, but %+v has solutions", trial, p.Clash(), p)
			}
			for _, o := range []Options{DefaultOptions, ladder[0], ladder[6], variantLadder[len(variantLadder)-1]} {
				s, err := NewSolverFor(p, o, csp.Options{Var: csp.MinDomain})
				require.NoError(t, err)
				res, err := s.Count(context.Background(), p, 0)
				require.NoError(t, err)
				require.Equal(t, want, res.Solutions, "trial %d, %v: %+v", trial, o, p)
			}
		}
		t.Logf("side %d: %d puzzles with 0, 1, 2+ solutions: %d, %d, %d", n, trials, counts[0], counts[1], counts[2])
	}
}

// xSquare returns a 4x4 square whose rows, columns, 2x2 boxes and both
// diagonals hold 1..4: 1234 / 3412 / 4321 / 2143.
func xSquare() []int {
	return []int{1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3}
}

func TestCheckVariants(t *testing.T) {
	sol := xSquare()
	jig := &Puzzle{BoxRows: 1, BoxCols: 4, Cells: make([]int, 16),
		// Regions that the square keeps: the value classes of another
		// square, 1234 / 2143 / 3412 / 4321.
		Regions: []int{1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1}}
	x := &Puzzle{BoxRows: 2, BoxCols: 2, Cells: make([]int, 16), Diagonals: true}
	killer := &Puzzle{BoxRows: 2, BoxCols: 2, Cells: make([]int, 16),
		Cages: []Cage{{Cells: []int{0, 1}, Sum: 3}, {Cells: []int{2, 6, 7}, Sum: 6}}}
	swap := func(s []int, a, b int) []int {
		s = slices.Clone(s)
		s[a], s[b] = s[b], s[a]
		return s
	}
	latin5 := &Puzzle{BoxRows: 1, BoxCols: 5, Cells: make([]int, 25), Regions: make([]int, 25), Diagonals: true}
	for i := range latin5.Regions {
		latin5.Regions[i] = i / 5
	}
	// plain solves the boxes but not the X: rows 1234 / 3412 / 2143 / 4321.
	plain := []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	cases := []struct {
		name     string
		p        *Puzzle
		solution []int
		msg      string // "" for a solution
	}{
		{"jigsaw", jig, sol, ""},
		{"x", x, sol, ""},
		{"killer", killer, sol, ""},
		{"not X", x, plain, "r2c2 and r3c3 both hold 4 (main diagonal)"},
		// No 4x4 Latin square with a good main diagonal has a bad
		// anti-diagonal: this one is 5x5, its regions the rows.
		{"anti-diagonal", latin5, []int{1, 2, 3, 4, 5, 2, 3, 4, 5, 1, 3, 4, 5, 1, 2, 4, 5, 1, 2, 3, 5, 1, 2, 3, 4}, "r1c5 and r2c4 both hold 5 (anti-diagonal)"},
		{"region", jig, plain, "r2c2 and r3c3 both hold 4 (region 1)"},
		{"rows before regions", jig, swap(sol, 0, 4), "r1c1 and r1c3 both hold 3 (row 1)"},
		{"cage adds up", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: make([]int, 16), Cages: []Cage{{Cells: []int{0, 5}, Sum: 6}}}, sol, "cage 1 (r1c1 r2c2) adds up to 5, want 6"},
		{"cage repeat", &Puzzle{BoxRows: 1, BoxCols: 4, Cells: make([]int, 16), Regions: jig.Regions, Cages: []Cage{{Cells: []int{0, 6}, Sum: 2}}}, sol, "r1c1 and r2c3 both hold 1 (cage 1)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckCells(c.p, c.solution)
			if c.msg == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, ErrInvalid)
			assert.Contains(t, err.Error(), c.msg)
		})
	}
}

func TestClashVariants(t *testing.T) {
	cells := func(kv ...int) []int {
		s := make([]int, 16)
		for i := 0; i < len(kv); i += 2 {
			s[kv[i]] = kv[i+1]
		}
		return s
	}
	regions := []int{1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1}
	cases := []struct {
		name string
		p    *Puzzle
		msg  string // "" for no clash
	}{
		{"none", &Puzzle{BoxRows: 1, BoxCols: 4, Cells: cells(0, 1, 5, 2), Regions: regions, Diagonals: true}, ""},
		{"region", &Puzzle{BoxRows: 1, BoxCols: 4, Cells: cells(0, 3, 15, 3), Regions: regions}, "r1c1 and r4c4 both hold 3 (region 1)"},
		{"regions, not boxes", &Puzzle{BoxRows: 1, BoxCols: 4, Cells: cells(0, 3, 5, 3), Regions: []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}}, ""},
		{"main diagonal", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: cells(0, 2, 10, 2), Diagonals: true}, "r1c1 and r3c3 both hold 2 (main diagonal)"},
		{"anti-diagonal", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: cells(3, 4, 12, 4), Diagonals: true}, "r1c4 and r4c1 both hold 4 (anti-diagonal)"},
		{"boxes before diagonals", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: cells(0, 2, 5, 2), Diagonals: true}, "(box 1)"},
		{"cage repeat", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: cells(0, 2, 6, 2), Cages: []Cage{{Cells: []int{0, 1, 2, 6}, Sum: 10}}}, "r1c1 and r2c3 both hold 2 (cage 1)"},
		{"cage too small", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: cells(), Cages: []Cage{{Cells: []int{0, 1}, Sum: 9}}}, "cage 1 (r1c1 r1c2) wants 9, but its cells can only add up to 3..7"},
		{"cage with givens", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: cells(0, 4), Cages: []Cage{{Cells: []int{0, 1, 4}, Sum: 6}}}, "wants 6, but its cells can only add up to 7..9"},
		{"cage in reach", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: cells(0, 4), Cages: []Cage{{Cells: []int{0, 1, 4}, Sum: 7}}}, ""},
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
			assert.Contains(t, err.Error(), c.msg)
		})
	}
}

func TestValidateVariants(t *testing.T) {
	regions := []int{1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1}
	jig := func(labels []int) *Puzzle {
		return &Puzzle{BoxRows: 1, BoxCols: 4, Cells: make([]int, 16), Regions: labels}
	}
	cages := func(cs ...Cage) *Puzzle {
		return &Puzzle{BoxRows: 2, BoxCols: 2, Cells: make([]int, 16), Cages: cs}
	}
	seven := &Puzzle{BoxRows: 1, BoxCols: 7, Cells: make([]int, 49), Regions: make([]int, 49)}
	for i := range seven.Regions {
		seven.Regions[i] = i / 7
	}
	cases := []struct {
		name string
		p    *Puzzle
		err  error
		msg  string
	}{
		{"jigsaw", jig(regions), nil, ""},
		{"prime jigsaw", seven, nil, ""},
		{"jigsaw with boxes", &Puzzle{BoxRows: 2, BoxCols: 2, Cells: make([]int, 16), Regions: regions}, nil, ""},
		{"labels short", jig(regions[:15]), ErrRegions, "15 labels, want one per cell (16)"},
		{"region too big", jig(append([]int{2}, regions[1:]...)), ErrRegions, "region 1 reaches 5 cells at r4c3, want 4"},
		{"too many regions", jig(append([]int{9}, regions[1:]...)), ErrRegions, "starts region 5, want 4 regions"},
		{"1x4 without regions", &Puzzle{BoxRows: 1, BoxCols: 4, Cells: make([]int, 16)}, ErrShape, "boxes of 1x4"},
		{"jigsaw of side 1", &Puzzle{BoxRows: 1, BoxCols: 1, Cells: make([]int, 1), Regions: []int{0}}, ErrShape, "side 1, want at least 2"},
		{"cages", cages(Cage{Cells: []int{0, 1}, Sum: 3}, Cage{Cells: []int{5}, Sum: 4}), nil, ""},
		{"empty cage", cages(Cage{Sum: 3}), ErrCage, "cage 1 has 0 cells, want 1..4"},
		{"big cage", cages(Cage{Cells: []int{0, 1, 2, 3, 4}, Sum: 10}), ErrCage, "cage 1 has 5 cells"},
		{"cell off the grid", cages(Cage{Cells: []int{0, 16}, Sum: 3}), ErrCage, "cage 1 has cell 16, want 0..15"},
		{"cell twice", cages(Cage{Cells: []int{3, 3}, Sum: 3}), ErrCage, "cage 1 has r1c4 twice"},
		{"cages overlap", cages(Cage{Cells: []int{0, 1}, Sum: 3}, Cage{Cells: []int{1, 2}, Sum: 3}), ErrCage, "r1c2 is in cages 1 and 2"},
		{"no sum", cages(Cage{Cells: []int{0, 1}}), ErrCage, "cage 1 sums to 0, want at least 1"},
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

func TestParseSolo(t *testing.T) {
	// A 4x4 X sudoku, written and read.
	p := &Puzzle{BoxRows: 2, BoxCols: 2, Cells: []int{1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3}, Diagonals: true}
	s, err := FormatSolo(p, nil)
	require.NoError(t, err)
	assert.Equal(t, "2x2x:1f2g3", s)
	back, err := ParseSolo("  " + s + " ")
	require.NoError(t, err)
	p.Form = FormSolo
	assert.Equal(t, p, back)

	// Sides past 9 write numbers in decimal, '_' between two of them.
	big := solved(3, 4)
	s, err = FormatSolo(big, nil)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(s, "3x4:1_2_3_4_5_6_7_8_9_10_11_12_5_6"), s)
	back, err = ParseSolo(s)
	require.NoError(t, err)
	assert.Equal(t, big.Cells, back.Cells)

	// Runs of more than 26 empty cells take several letters; the
	// difficulty and symmetry of the generator's parameters are skipped.
	back, err = ParseSolo("3x3dbr4:zzzc")
	require.NoError(t, err)
	assert.Equal(t, make([]int, 81), back.Cells)
	s, err = FormatSolo(back, nil)
	require.NoError(t, err)
	assert.Equal(t, "3x3:zzzc", s)

	// A lone number is CxC; "CxRj" is a jigsaw of side C*R; "Cx1" too.
	for id, n := range map[string]int{"2:p": 4, "2x2j:p,l____________": 4, "4x1:p,l____________": 4} {
		back, err = ParseSolo(id)
		require.NoError(t, err, id)
		assert.Equal(t, n, back.N(), id)
	}

	// Regions whose walls run past 25 non-lines: "z" is 26 with no line,
	// as Solo reads it. Here the regions are the rows of a 6x6 grid: 30
	// walls across that are not lines ("zd": 26 + 4, then a line), then
	// 29 lines down and the one that ends the walk.
	rows := &Puzzle{BoxRows: 1, BoxCols: 6, Cells: make([]int, 36), Regions: make([]int, 36)}
	for i := range rows.Regions {
		rows.Regions[i] = i / 6
	}
	s, err = FormatSolo(rows, nil)
	require.NoError(t, err)
	assert.Equal(t, "6j:zj,zd"+strings.Repeat("_", 30), s)
	back, err = ParseSolo(s)
	require.NoError(t, err)
	assert.Equal(t, rows.Regions, back.Regions)

	// A killer whose cages do not cover the grid has no Solo ID.
	_, err = FormatSolo(&Puzzle{BoxRows: 2, BoxCols: 2, Cells: make([]int, 16), Cages: []Cage{{Cells: []int{0}, Sum: 1}}}, nil)
	assert.ErrorIs(t, err, ErrCage)
}

func TestParseSoloErrors(t *testing.T) {
	cases := []struct {
		name, input string
		err         error
		field       int
		detail      string
	}{
		{"seed", "3x3#1234", ErrSolo, 1, "a random seed, not a game ID"},
		{"no params", ":abc", ErrSolo, 1, "want CxR"},
		{"bad flag", "3x3q:zzzc", ErrSolo, 4, "found 'q' in the parameters"},
		{"symmetry without number", "3x3m:zzzc", ErrSolo, 5, "symmetry \"3x3m\" without its number"},
		{"boxes of 1", "1x3:i", ErrShape, 1, "want boxes of at least 2x2"},
		{"too big", "6x6:zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", ErrShape, 1, "side of 36, want at most 35"},
		{"huge number", "99999999999x3:a", ErrSymbol, 1, `found "99999999999", want a number up to 1048576`},
		{"short grid", "2x2:o", ErrLength, 5, "givens: 15 cells, want 16"},
		{"long grid", "2x2:q", ErrLength, 5, "givens run past cell 16"},
		{"number past the grid", "2x2:p1", ErrLength, 6, "a number past cell 16"},
		{"value past N", "2x2:5o", ErrSymbol, 5, "givens: found 5, want 1..4"},
		{"zero", "2x2:0p", ErrSymbol, 5, "found '0'"},
		{"capital", "2x2:P", ErrSymbol, 5, "found 'P'"},
		{"trailing", "2x2:p,a", ErrSolo, 6, "found ',' after the description"},
		{"no regions", "2j:d", ErrSolo, 5, "want ',' and a jigsaw's regions"},
		{"bad wall", "2j:d,A", ErrSymbol, 6, "found 'A' among the walls"},
		{"walls short", "2j:d,a", ErrRegions, 6, "the walls stop after 2 of the 5 steps of the walk (4 walls between cells, then the end)"},
		{"walls long", "2j:d,aaaa", ErrRegions, 8, "run past the 4 between cells"},
		{"regions unequal", "2j:d,d", ErrRegions, 6, "region 1 reaches 3 cells at r2c1, want 2"},
		{"line past the end", "2j:d,b___", ErrRegions, 9, "a line past the end of the walk"},
		{"cage walls short", "2x2k:p,a,1", ErrCage, 8, "the walls stop after 2 of the 25 steps"},
		{"no cages", "2x2k:p", ErrSolo, 7, "want ',' and the killer cages"},
		{"no sums", "2x2k:p,_a______abaa_aaa", ErrSolo, 24, "want ',' and the cage sums"},
		{"sum not first", "2x2k:p,_a______abaa_aaa,6_3_2_7a5_5a8b6d", ErrCage, 25, "a sum of 2 in r1c3, which is not the first cell of its cage (r1c2)"},
		{"missing sum", "2x2k:p,_a______abaa_aaa,6_3a7a5_5a8g", ErrCage, 25, "the cage starting at r3c4 has no sum"},
		{"big cage", "2x2k:p,x,10o", ErrCage, 8, "has more than 4 cells"},
		{"sum too big", "2x2k:p,_a______abaa_aaa,11o", ErrSymbol, 25, "cage sums: found 11, want 1..10"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := readAll("# a comment\n" + c.input + " # an ID\n")
			require.Len(t, items, 1)
			it := items[0]
			require.ErrorIs(t, it.Err, c.err)
			var pe *ParseError
			require.ErrorAs(t, it.Err, &pe)
			assert.Equal(t, 2, pe.Line)
			assert.Equal(t, 1, pe.Instance)
			assert.Equal(t, c.field, pe.Field, "%v", it.Err)
			assert.Contains(t, pe.Detail, c.detail)
			_, err := ParseSolo(c.input)
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, c.field, pe.Field, "ParseSolo counts from the ID's start")
		})
	}
}

func TestJSON(t *testing.T) {
	in := `{"size":4,"givens":["1...","....","....","...."],"diagonals":true,"cages":[{"sum":7,"cells":[[1,2],[1,3]]}]}`
	p, err := ParseJSON(in)
	require.NoError(t, err)
	want := &Puzzle{BoxRows: 2, BoxCols: 2, Cells: []int{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, Diagonals: true,
		Cages: []Cage{{Cells: []int{1, 2}, Sum: 7}}, Form: FormJSON}
	assert.Equal(t, want, p)
	assert.Equal(t, `{"size":4,"boxes":[2,2],"givens":["1...","....","....","...."],"diagonals":true,"cages":[{"sum":7,"cells":[[1,2],[1,3]]}]}`, FormatJSON(p, nil))
	sol, _, err := Solve(context.Background(), p, DefaultOptions, DefaultSearch)
	require.NoError(t, err)
	require.NotNil(t, sol)
	assert.Equal(t, 7, sol[1]+sol[2])

	// Over several lines, with regions of any characters.
	p, err = ParseJSON("{\n  \"size\": 4,\n  \"regions\": [\"aabb\", \"aabb\", \"ccdd\", \"ccdé\"]\n}\n")
	require.Error(t, err)
	var pe *ParseError
	require.ErrorAs(t, err, &pe)
	assert.ErrorIs(t, err, ErrRegions)
	assert.Equal(t, [2]int{3, 14}, [2]int{pe.Line, pe.Field}, "%v", err)
	p, err = ParseJSON("{\n  \"size\": 4,\n  \"regions\": [\"aabb\", \"aabb\", \"ccdd\", \"ccdd\"]\n}\n")
	require.NoError(t, err)
	assert.Equal(t, []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}, p.Regions)
	assert.Equal(t, [2]int{1, 4}, [2]int{p.BoxRows, p.BoxCols})
	assert.Equal(t, `{"size":4,"regions":["AABB","AABB","CCDD","CCDD"],"givens":["....","....","....","...."]}`, FormatJSON(p, nil))

	_, err = ParseJSON(`{"size":4},`)
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 11, pe.Field, "%v", err)

	// No cage is no cage.
	p, err = ParseJSON(`{"size":4,"cages":[]}`)
	require.NoError(t, err)
	assert.Nil(t, p.Cages)

	// A prime side needs regions.
	seven := `{"size":7,"regions":["AAAAAAA","BBBBBBB","CCCCCCC","DDDDDDD","EEEEEEE","FFFFFFF","GGGGGGG"]}`
	p, err = ParseJSON(seven)
	require.NoError(t, err)
	assert.Equal(t, 7, p.N())
	back, err := ParseJSON(FormatJSON(p, nil))
	require.NoError(t, err)
	assert.Equal(t, p, back)
}

func TestJSONErrors(t *testing.T) {
	cases := []struct {
		name, input string
		err         error
		field       int
		detail      string
	}{
		{"syntax", `{"size":4,}`, ErrJSON, 11, "invalid character '}'"},
		{"unterminated", `{"size":4`, ErrJSON, 1, "the JSON object is cut short"},
		{"not an object", `{"size":4}x`, ErrJSON, 11, "want a space before a comment"},
		{"unknown key", `{"size":4,"diagonal":true}`, ErrJSON, 11, `unknown key "diagonal"`},
		{"repeated key", `{"size":4,"size":4}`, ErrJSON, 11, `key "size" twice`},
		{"no size", `{"givens":[]}`, ErrJSON, 1, `no "size"`},
		{"size type", `{"size":"4"}`, ErrJSON, 9, "size: found a JSON string, want a whole number"},
		{"size range", `{"size":36}`, ErrShape, 9, "size 36, want 2..35"},
		{"prime without regions", `{"size":7}`, ErrShape, 9, "side 7 has no box shape, want regions"},
		{"boxes and regions", `{"size":4,"boxes":[2,2],"regions":["AABB","AABB","CCDD","CCDD"]}`, ErrJSON, 11, "both boxes and regions"},
		{"boxes wrong", `{"size":6,"boxes":[2,2]}`, ErrShape, 19, "boxes [2 2], want [rows, columns], both at least 2, making 6"},
		{"givens rows", `{"size":4,"givens":["....","...."]}`, ErrLength, 20, "givens: 2 rows, want 4"},
		{"givens row length", `{"size":4,"givens":["....","...","....","...."]}`, ErrLength, 28, "givens: row 2 has 3 cells, want 4"},
		{"givens symbol", `{"size":4,"givens":["....","..5.","....","...."]}`, ErrSymbol, 31, "givens: found '5'"},
		{"givens type", `{"size":4,"givens":"...."}`, ErrJSON, 20, "want an array of strings, one per row"},
		{"diagonals type", `{"size":4,"diagonals":1}`, ErrJSON, 23, "diagonals: found a JSON number, want true or false"},
		{"regions", `{"size":4,"regions":["AABB","AABB","CCDD","CCDA"]}`, ErrRegions, 21, "region 1 reaches 5 cells at r4c4"},
		{"cage key", `{"size":4,"cages":[{"sum":3,"cell":[[1,1]]}]}`, ErrJSON, 29, `cages[0]: unknown key "cell"`},
		{"cage no cells", `{"size":4,"cages":[{"sum":3}]}`, ErrCage, 20, `cages[0]: want both "sum" and "cells"`},
		{"cage cell", `{"size":4,"cages":[{"sum":3,"cells":[[1,5]]}]}`, ErrCage, 37, "cages[0]: cell [1 5], want [row, column] in 1..4"},
		{"cage overlap", `{"size":4,"cages":[{"sum":3,"cells":[[1,1],[1,2]]},{"sum":3,"cells":[[1,2],[2,2]]}]}`, ErrCage, 69, "cages[1]: r1c2 is in cage 1 too"},
		{"cage sum", `{"size":4,"cages":[{"sum":0,"cells":[[1,1]]}]}`, ErrCage, 27, "cages[0]: sum 0, want at least 1"},
		{"cages type", `{"size":4,"cages":{}}`, ErrJSON, 19, "cages: want an array of"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := readAll("1..4..2..1..4..1\n" + c.input + "\n")
			require.Len(t, items, 2)
			require.NoError(t, items[0].Err)
			it := items[1]
			require.ErrorIs(t, it.Err, c.err)
			var pe *ParseError
			require.ErrorAs(t, it.Err, &pe)
			assert.Equal(t, 2, pe.Line)
			assert.Equal(t, 2, pe.Instance)
			assert.Equal(t, c.field, pe.Field, "%v", it.Err)
			assert.Contains(t, pe.Detail, c.detail)
		})
	}
}

// TestReadMixed reads a batch of every form, good and bad lines mixed: a
// bad line spoils only its own item.
func TestReadMixed(t *testing.T) {
	input := strings.Join([]string{
		"# every form",                   // 1
		"1..4..2..1..4..1",               // 2: item 1, a line
		"2x2x:1f2g3 # an X",              // 3: item 2, a Solo ID
		"2x2x:1f2g # short",              // 4: item 3, bad
		`{"size":4,"diagonals":true}`,    // 5: item 4, JSON
		`{"size":4,"diagonals":tru}`,     // 6: item 5, bad
		"1 . | . 4",                      // 7: item 6, a ruled grid
		". . | 2 .",                      // 8
		"----+----",                      // 9
		". 1 | . .",                      // 10
		"4 . | . 1",                      // 11
		"2x2k:p,_a______abaa_aaa,6_3a7a", // 12: item 7, bad: sums short
		"2j:d,b__",                       // 13: item 8, a 2x2 jigsaw
	}, "\n")
	items := readAll(input)
	type want struct {
		line int
		err  error
		form Form
	}
	wants := []want{{2, nil, FormPlain}, {3, nil, FormSolo}, {4, ErrLength, 0}, {5, nil, FormJSON}, {6, ErrJSON, 0},
		{7, nil, FormPlain}, {12, ErrLength, 0}, {13, nil, FormSolo}}
	require.Len(t, items, len(wants))
	for i, w := range wants {
		it := items[i]
		assert.Equal(t, i+1, it.Index)
		assert.Equal(t, w.line, it.Line, "item %d", i+1)
		if w.err != nil {
			assert.ErrorIs(t, it.Err, w.err, "item %d", i+1)
			continue
		}
		require.NoError(t, it.Err, "item %d", i+1)
		assert.Equal(t, w.form, it.Value.Form, "item %d", i+1)
	}
	// The ruled grid and the line are the same puzzle, the X and the
	// JSON puzzle the same rules.
	assert.Equal(t, items[0].Value.Cells, items[5].Value.Cells)
	assert.True(t, items[1].Value.Diagonals && items[3].Value.Diagonals)

	// Format writes each back in its own form; the batch reads back.
	var b strings.Builder
	for _, it := range items {
		if it.Err == nil {
			b.WriteString(Format(it.Value, nil))
		}
	}
	var again []*Puzzle
	for it := range Read(strings.NewReader(b.String())) {
		require.NoError(t, it.Err, b.String())
		again = append(again, it.Value)
	}
	var good []*Puzzle
	for _, it := range items {
		if it.Err == nil {
			good = append(good, it.Value)
		}
	}
	assert.Equal(t, good, again)
}

// TestFormatVariantInPlainForm: a variant built in Go (FormPlain) is
// written as JSON, which holds its rules.
func TestFormatVariantInPlainForm(t *testing.T) {
	p := &Puzzle{BoxRows: 2, BoxCols: 2, Cells: make([]int, 16), Diagonals: true}
	out := Format(p, nil)
	assert.True(t, strings.HasPrefix(out, `{"size":4,"boxes":[2,2]`), out)
	back, err := Parse(out)
	require.NoError(t, err)
	assert.True(t, back.Diagonals)

	// A Solo killer whose cages no longer cover the grid falls back to
	// JSON too.
	k, err := ParseSolo("2x2k:p,_a______abaa_aaa,6_3a7a5_5a8b6d")
	require.NoError(t, err)
	k.Cages = k.Cages[1:]
	back, err = Parse(Format(k, nil))
	require.NoError(t, err)
	assert.Equal(t, FormJSON, back.Form)
	assert.Len(t, back.Cages, len(k.Cages))
}

func TestSolverFits(t *testing.T) {
	x, err := ParseSolo("2x2x:1f2g3")
	require.NoError(t, err)
	plain := &Puzzle{BoxRows: 2, BoxCols: 2, Cells: x.Cells}
	s, err := NewSolverFor(x, DefaultOptions, DefaultSearch)
	require.NoError(t, err)
	assert.True(t, s.Fits(x))
	assert.False(t, s.Fits(plain))
	_, _, err = s.Solve(context.Background(), plain)
	assert.ErrorContains(t, err, "other regions, diagonals or cages")

	classic, err := NewSolver(2, 2, DefaultOptions, DefaultSearch)
	require.NoError(t, err)
	assert.True(t, classic.Fits(plain))
	assert.False(t, classic.Fits(x))
	_, err = classic.Count(context.Background(), x, 2)
	assert.Error(t, err)

	k1, err := ParseSolo("2x2k:p,_a______abaa_aaa,6_3a7a5_5a8b6d")
	require.NoError(t, err)
	k2 := *k1
	k2.Cages = slices.Clone(k1.Cages)
	k2.Cages[0].Sum++
	sk, err := NewSolverFor(k1, DefaultOptions, DefaultSearch)
	require.NoError(t, err)
	assert.True(t, sk.Fits(k1))
	assert.False(t, sk.Fits(&k2), "another sum")

	_, err = NewSolverFor(&Puzzle{BoxRows: 1, BoxCols: 4}, DefaultOptions, DefaultSearch)
	assert.ErrorIs(t, err, ErrShape)
}

func ExampleParseSolo() {
	// A killer sudoku of side 4 from Simon Tatham's Solo: no givens, cages
	// as walls, sums in their first cells.
	p, err := ParseSolo("2x2k:p,_a______abaa_aaa,6_3a7a5_5a8b6d")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range p.Cages {
		fmt.Println(c.Sum, c.Cells)
	}
	sol, _, err := Solve(context.Background(), p, DefaultOptions, DefaultSearch)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(FormatGrid(p, sol))
	// Output:
	// 6 [0 4]
	// 3 [1 2]
	// 7 [3 7]
	// 5 [5 9]
	// 5 [6 10]
	// 8 [8 12 13]
	// 6 [11 14 15]
	// 4 1 | 2 3
	// 2 3 | 1 4
	// ----+----
	// 3 2 | 4 1
	// 1 4 | 3 2
}

// TestCatalogVariants runs a batch of every variant through the catalog
// entry the command line uses, with one worker's cache: each puzzle is
// solved with a solver of its own rules (a classic or X solver kept per
// shape, a jigsaw or killer solver built by Prepare) and checked, and
// counting says unique.
func TestCatalogVariants(t *testing.T) {
	prob, ok := catalog.Lookup("sudoku")
	require.True(t, ok)
	var b strings.Builder
	for round := range 2 { // the same shapes again, in another order
		for k := range soloSets {
			set := soloSets[(k+round*3)%len(soloSets)]
			for _, id := range soloLines(t, set.name)[:3] {
				b.WriteString(id + "\n")
			}
		}
	}
	s := catalog.NewSettings(prob)
	pr := problem{}
	o, err := pr.Options(s)
	require.NoError(t, err)
	run := s.Run(&catalog.Cache{})
	n := 0
	for it := range pr.Read(strings.NewReader(b.String())) {
		require.NoError(t, it.Err)
		n++
		p := it.Value
		require.NoError(t, pr.Prepare(p, o, run))
		grid, res, err := pr.Solve(context.Background(), p, o, run)
		require.NoError(t, err, "line %d", it.Line)
		require.NotNil(t, grid, "line %d: %+v", it.Line, res)
		require.NoError(t, CheckCells(p, slices.Concat(grid...)))
		var out strings.Builder
		require.NoError(t, pr.Write(&out, p, grid))
		back, err := Parse(out.String())
		require.NoError(t, err)
		assert.Equal(t, slices.Concat(grid...), back.Cells, "the solution is written in the puzzle's form")
		run.Limit = 2
		c, err := pr.Count(context.Background(), p, o, run)
		run.Limit = 0
		require.NoError(t, err)
		assert.EqualValues(t, 1, c.Solutions, "line %d", it.Line)
	}
	assert.Equal(t, 2*3*len(soloSets), n)

	// The killer flag: cages at bounds; a bad value names the flag.
	s.SetFlag("cages", "bounds")
	o, err = pr.Options(s)
	require.NoError(t, err)
	assert.True(t, o.CageBounds)
	s.SetFlag("cages", "bound")
	_, err = pr.Options(s)
	var fe *catalog.FlagError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "cages", fe.Flag)
	assert.Contains(t, err.Error(), `"bound"`)
	assert.Contains(t, err.Error(), "gac or bounds")
}

// BenchmarkSolveVariants is one puzzle per op, first solution, cycling
// through the generated puzzles of each variant with their solvers built
// beforehand (go test -bench SolveVariants ./problems/sudoku).
func BenchmarkSolveVariants(b *testing.B) {
	for _, set := range soloSets {
		b.Run(set.name, func(b *testing.B) {
			var ps []*Puzzle
			var solvers []*Solver
			for _, id := range soloLines(b, set.name) {
				p, err := Parse(id)
				require.NoError(b, err)
				s, err := NewSolverFor(p, DefaultOptions, DefaultSearch)
				require.NoError(b, err)
				ps, solvers = append(ps, p), append(solvers, s)
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				k := i % len(ps)
				if sol, _, _ := solvers[k].Solve(context.Background(), ps[k]); sol == nil {
					b.Fatalf("%s #%d: no solution", set.name, k+1)
				}
			}
		})
	}
}

// TestSoloEveryLevel: the 9x9 plain, killer, jigsaw and X games at every
// difficulty Solo offers (testdata/solo/levels.txt), each solved, checked
// and unique.
func TestSoloEveryLevel(t *testing.T) {
	ids := soloLines(t, "levels")
	require.Len(t, ids, 72)
	for k, id := range ids {
		p, err := Parse(id)
		require.NoError(t, err, "line %d", k+1)
		sol, _, err := Solve(context.Background(), p, DefaultOptions, DefaultSearch)
		require.NoError(t, err, "line %d", k+1)
		require.NotNil(t, sol, "line %d", k+1)
		require.NoError(t, CheckCells(p, sol), "line %d", k+1)
		s, err := NewSolverFor(p, DefaultOptions, DefaultSearch)
		require.NoError(t, err)
		res, err := s.Count(context.Background(), p, 2)
		require.NoError(t, err)
		assert.EqualValues(t, 1, res.Solutions, "line %d: unique", k+1)
	}
}
