package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/internal/latinsquare"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/problems/skyscraper"
)

// The tests of clues and backbone judge their answers with check, the
// problems' checkers and brute forces (every Latin square listed by
// latinsquare.All), never against memorised output.

// Inline instances of the golden cases of clues and backbone.
const (
	// towersUnique solved, as solve prints it.
	towersSolved = "  2 2 1 3\n3 1 3 4 2 2\n1 4 2 1 3 2\n2 3 4 2 1 3\n3 2 1 3 4 1\n  3 2 2 1\n"
	// A 6x6 grid its edge clues single out.
	grid6 = `{"size":6,"givens":[[3,1,2,5,6,4],[6,2,4,1,5,3],[5,3,1,2,4,6],[4,6,5,3,1,2],[2,5,6,4,3,1],[1,4,3,6,2,5]]}` + "\n"
	// A 4x4 grid its edge clues do not single out.
	grid4Open = `{"size":4,"givens":[[1,2,3,4],[2,1,4,3],[3,4,1,2],[4,3,2,1]]}` + "\n"
	// The main diagonal all 4s.
	diagonal4 = "4:///////////////,4d4d4d4\n"
)

// gridsJSON writes grids as skyscraper boards, one JSON object a line,
// every cell given.
func gridsJSON(t *testing.T, grids [][][]int) string {
	t.Helper()
	var b strings.Builder
	for _, g := range grids {
		line, err := json.Marshal(map[string]any{"size": len(g), "givens": g})
		require.NoError(t, err)
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// puzzleLines returns the lines of a clues output that are puzzles (not
// % comments).
func puzzleLines(out string) []string {
	var lines []string
	for line := range strings.Lines(out) {
		if !strings.HasPrefix(line, "%") {
			lines = append(lines, strings.TrimSuffix(line, "\n"))
		}
	}
	return lines
}

// TestCluesMinimalOnRandomGrids: clues --minimal on 100 random 6x6 and
// 100 random 7x7 grids (10 each in short mode) prints one clue set per
// grid that check calls unique, whose solution is the grid, and from
// which no single clue or given can go (each removal leaves two
// solutions, counted by the problem's model).
func TestCluesMinimalOnRandomGrids(t *testing.T) {
	count := 100
	if testing.Short() {
		count = 10
	}
	p, ok := catalog.Lookup("skyscraper")
	require.True(t, ok)
	s := catalog.NewSettings(p)
	s.Limit = 2
	for _, n := range []int{6, 7} {
		t.Run(fmt.Sprint("size", n), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(n), 16))
			var sqs [][][]int
			for range count {
				sqs = append(sqs, latinsquare.Random(n, rng))
			}
			r := runCSP(t, gridsJSON(t, sqs), "clues", "skyscraper", "-", "--minimal", "--seed", "3")
			require.Equal(t, 0, r.code, r.stderr)
			lines := puzzleLines(r.stdout)
			require.Len(t, lines, count)

			c := runCSP(t, strings.Join(lines, "\n")+"\n", "check", "skyscraper", "-", "--json")
			require.Equal(t, 0, c.code, "check calls every clue set unique: %s", c.stdout)
			recs := decodeLines(t, c.stdout)
			require.Len(t, recs, count)
			for i, rec := range recs {
				assert.Equal(t, "unique", rec["verdict"], lines[i])
				assert.Equal(t, sqs[i], grids(t, rec["solutions"])[0], "%s: its solution is the grid", lines[i])
			}
			for i, inst := range instancesOf(t, "skyscraper", strings.Join(lines, "\n")+"\n") {
				names := p.Clues(inst)
				for j := range names {
					kept := slices.Repeat([]bool{true}, len(names))
					kept[j] = false
					res, err := p.Count(context.Background(), p.Keep(inst, kept), s, &catalog.Cache{})
					require.NoError(t, err)
					assert.EqualValues(t, 2, res.Solutions, "%s: %s can go", lines[i], names[j])
				}
			}
		})
	}
}

// TestCluesReadsSolveOutput: solve's output, grids each followed by a %
// status line, is a batch of full grids for clues: one record per puzzle
// solved, each clue set (the grid's edge clues) singling out the grid
// solve printed.
func TestCluesReadsSolveOutput(t *testing.T) {
	towers := readFile(t, "testdata/bench/towers.txt")
	solved := runCSP(t, towers, "solve", "skyscraper", "-")
	require.Equal(t, 0, solved.code, solved.stderr)
	r := runCSP(t, solved.stdout, "clues", "skyscraper", "-", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	recs := decodeLines(t, r.stdout)
	require.Len(t, recs, len(instancesOf(t, "skyscraper", towers)))
	for _, rec := range recs {
		report := rec["report"].(map[string]any)
		assert.Equal(t, "clues", report["mode"])
		assert.Equal(t, true, report["unique"])
	}
}

// TestCluesBoardsAndModes: a full grid's clues, a board's fewest clue
// sets listed, every one read back unique by check with a solution that
// respects the board; usage errors for clashing flags.
func TestCluesBoardsAndModes(t *testing.T) {
	board := "4:///////////////,4d4d4d4\n" // the main diagonal all 4s
	r := runCSP(t, board, "clues", "skyscraper", "-", "--list", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	recs := decodeLines(t, r.stdout)
	require.Len(t, recs, 1)
	var lines []string
	for _, l := range recs[0]["puzzles"].([]any) {
		lines = append(lines, l.(string))
	}
	report := recs[0]["report"].(map[string]any)
	census := report["census"].(map[string]any)
	assert.EqualValues(t, len(lines), census["sets_up_to_symmetry"])
	c := runCSP(t, strings.Join(lines, "\n")+"\n", "check", "skyscraper", "-", "--json")
	require.Equal(t, 0, c.code, c.stdout)
	b := instancesOf(t, "skyscraper", board)[0]
	check := checker(t, "skyscraper")
	for _, rec := range decodeLines(t, c.stdout) {
		assert.Equal(t, "unique", rec["verdict"])
		assert.NoError(t, check(b, grids(t, rec["solutions"])[0]), "respects the board")
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--minimal", "--smallest"}, "exclude each other"},
		{[]string{"--minimal", "--list"}, "--list goes with"},
		{[]string{"--interior", "--clues", "3"}, "--interior does not go with --clues"},
		{[]string{"--interior", "--one-side"}, "exclude each other"},
		{[]string{"--clues", "-1"}, "invalid value"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCSP(t, board, append([]string{"clues", "skyscraper", "-"}, tc.args...)...)
			assert.Equal(t, 2, r.code)
			assert.Contains(t, r.stderr, tc.want)
		})
	}
	r = runCSP(t, "", "clues", "sudoku", "-")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "sudoku has no clue finder")
}

// backboneTruth is the brute force's backbone of a skyscraper puzzle:
// the squares that Check accepts, the cells they agree on, and for every
// name of what a grid shows, whether they agree on it, judged by Check
// on a puzzle holding that clue alone.
func backboneTruth(t *testing.T, p *skyscraper.Puzzle, all [][][]int) (sols [][][]int, cells [][]int, derived map[string]int) {
	t.Helper()
	n := p.N
	for _, g := range all {
		if skyscraper.Check(p, g) == nil {
			sols = append(sols, g)
		}
	}
	if len(sols) == 0 {
		return nil, nil, nil
	}
	cells = make([][]int, n)
	for r := range n {
		cells[r] = slices.Clone(sols[0][r])
		for _, g := range sols {
			for c := range n {
				if g[r][c] != cells[r][c] {
					cells[r][c] = 0
				}
			}
		}
	}
	// Each name as a puzzle of that one clue, at each value: the value
	// every solution meets, if one does.
	derived = map[string]int{}
	for _, name := range skyscraper.ShownNames(n) {
		for v := 1; v <= n; v++ {
			q := skyscraper.New(n)
			var col, row, r, c int
			var look string
			switch {
			case sscan(name, "clue above column %d", &col):
				q.Top[col-1] = v
			case sscan(name, "clue below column %d", &col):
				q.Bottom[col-1] = v
			case sscan(name, "clue left of row %d", &row):
				q.Left[row-1] = v
			case sscan(name, "clue right of row %d", &row):
				q.Right[row-1] = v
			default:
				_, err := fmt.Sscanf(name, "r%dc%d looking %s", &r, &c, &look)
				require.NoError(t, err, name)
				q.Interior = []skyscraper.Interior{{Row: r - 1, Col: c - 1, Look: skyscraper.Look(look), Count: v}}
			}
			if !slices.ContainsFunc(sols, func(g [][]int) bool { return skyscraper.Check(q, g) != nil }) {
				derived[name] = v
			}
		}
	}
	return sols, cells, derived
}

// sscan reports whether s reads as format with one number.
func sscan(s, format string, k *int) bool {
	_, err := fmt.Sscanf(s, format, k)
	return err == nil
}

// TestBackboneAgreesWithBruteForce: on sampled 4x4 and 5x5 puzzles (a
// random grid's clues, some of them, now and then a given), backbone's
// count, fixed cells and fixed clues, edge and interior, are the brute
// force's.
func TestBackboneAgreesWithBruteForce(t *testing.T) {
	samples := map[int]int{4: 40, 5: 12}
	if testing.Short() {
		samples = map[int]int{4: 12, 5: 3}
	}
	for _, n := range []int{4, 5} {
		all := latinsquare.All(n)
		rng := rand.New(rand.NewPCG(uint64(n), 17))
		var text strings.Builder
		var puzzles []*skyscraper.Puzzle
		for range samples[n] {
			g := latinsquare.Random(n, rng)
			p := skyscraper.FromGrid(g)
			cw := p.Clockwise()
			keep := 1 + rng.IntN(2*n)
			for _, i := range rng.Perm(4 * n)[keep:] {
				cw[i] = 0
			}
			p.SetClockwise(cw)
			if rng.IntN(3) == 0 {
				r, c := rng.IntN(n), rng.IntN(n)
				p.Givens = make([][]int, n)
				for i := range p.Givens {
					p.Givens[i] = make([]int, n)
				}
				p.Givens[r][c] = g[r][c]
			}
			puzzles = append(puzzles, p)
			text.WriteString(skyscraper.FormatJSON(p) + "\n")
		}
		r := runCSP(t, text.String(), "backbone", "skyscraper", "-", "--json", "--limit", "0")
		require.Equal(t, 0, r.code, r.stderr)
		recs := decodeLines(t, r.stdout)
		require.Len(t, recs, len(puzzles))
		for i, rec := range recs {
			t.Run(fmt.Sprintf("size%d/%s", n, skyscraper.FormatJSON(puzzles[i])), func(t *testing.T) {
				sols, cells, derived := backboneTruth(t, puzzles[i], all)
				assert.EqualValues(t, len(sols), rec["solutions"])
				assert.Equal(t, true, rec["complete"])
				assert.Equal(t, cells, grid(t, rec["cells"]))
				got := map[string]int{}
				for k, v := range rec["derived"].(map[string]any) {
					got[k] = int(v.(float64))
				}
				assert.Equal(t, derived, got)
			})
		}
	}
}

// TestBackboneLimitAndOtherProblems: past --limit no backbone is claimed
// (exit 1); every problem with a model is served, a Kakuro's blocks
// shown as '#'.
func TestBackboneLimitAndOtherProblems(t *testing.T) {
	r := runCSP(t, "4:2///////////////\n", "backbone", "skyscraper", "-", "--limit", "100")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stdout, "more than 100 solutions (--limit 100): no backbone is claimed")
	r = runCSP(t, "4:2///////////////\n", "backbone", "skyscraper", "-", "--limit", "264")
	assert.Equal(t, 0, r.code, r.stdout)
	assert.Contains(t, r.stdout, "264 solutions; 0 of 16 cells")
	for _, name := range catalog.Names() {
		p, _ := catalog.Lookup(name)
		assert.True(t, p.CanModel, name)
	}
	r = runCSP(t, readFile(t, "../../../problems/kakuro/testdata/small.txt"), "backbone", "kakuro", "-")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "# # #")
	assert.NotContains(t, r.stdout, "edge clues", "kakuro derives nothing")
}
