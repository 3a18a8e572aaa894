package units_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/units"
)

// A ring of four units of four cells over eight variables: neighbours
// share two cells, so every level, box-line included, has work to do.
var ring = [][]int{{0, 1, 2, 3}, {2, 3, 4, 5}, {4, 5, 6, 7}, {6, 7, 0, 1}}

// Two rows and two boxes of a 4x4 sudoku band, over eight cells.
var band = [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 4, 5}, {2, 3, 6, 7}}

// The ring with its variables renamed, so that the propagator's cells are
// not the model's variables in order (its slower path for reading words).
var shuffled = [][]int{{5, 3, 7, 1}, {7, 1, 2, 6}, {2, 6, 0, 4}, {0, 4, 5, 3}}

func pick(vars []csp.Var, shape [][]int) [][]csp.Var {
	out := make([][]csp.Var, len(shape))
	for i, u := range shape {
		for _, k := range u {
			out[i] = append(out[i], vars[k])
		}
	}
	return out
}

func holds(shape [][]int) func([]int) bool {
	return func(vals []int) bool {
		for _, u := range shape {
			unit := make([]int, len(u))
			for i, k := range u {
				unit[i] = vals[k]
			}
			if !proptest.Distinct(unit) {
				return false
			}
		}
		return true
	}
}

func TestAgainstBruteForce(t *testing.T) {
	shapes := map[string][][]int{"ring": ring, "band": band, "shuffled": shuffled}
	for _, l := range []units.Level{units.Singles, units.Hidden, units.BoxLine, units.Chutes} {
		for name, shape := range shapes {
			for _, hi := range []int{3, 4} { // 4 values: permutations; 5: not
				t.Run(fmt.Sprintf("%v/%s/values 0..%d", l, name, hi), func(t *testing.T) {
					proptest.Check(t, proptest.Case{
						Vars: 8, MinVal: 0, MaxVal: hi, Trials: 150,
						Post:  func(m *csp.Model, vars []csp.Var) { require.NoError(t, units.Post(m, pick(vars, shape), l)) },
						Holds: holds(shape),
					})
				})
			}
		}
	}
}

func TestBoxLineAgainstBruteForce(t *testing.T) {
	for name, shape := range map[string][][]int{"ring": ring, "band": band} {
		t.Run(name, func(t *testing.T) {
			proptest.Check(t, proptest.Case{
				Vars: 8, MinVal: 0, MaxVal: 3, Trials: 150,
				Post: func(m *csp.Model, vars []csp.Var) {
					us := pick(vars, shape)
					for _, u := range us {
						require.NoError(t, alldiff.Post(m, u, alldiff.Value))
					}
					for i := range us {
						for j := i + 1; j < len(us); j++ {
							require.NoError(t, units.PostBoxLine(m, us[i], us[j]))
						}
					}
				},
				Holds: holds(shape),
			})
		})
	}
}

// sudokuUnits returns the rows, columns and boxes of an n x n grid with
// r x c boxes over cells (values 1..n).
func sudokuUnits(m *csp.Model, r, c int) (cells []csp.Var, us [][]csp.Var) {
	n := r * c
	cells = make([]csp.Var, n*n)
	for i := range cells {
		cells[i] = m.NewIntVar(1, n, fmt.Sprintf("r%dc%d", i/n+1, i%n+1))
	}
	for i := range n {
		var row, col, box []csp.Var
		for j := range n {
			row = append(row, cells[i*n+j])
			col = append(col, cells[j*n+i])
			br, bc := i/r*r+j/c, i%r*c+j%c
			box = append(box, cells[br*n+bc])
		}
		us = append(us, row, col, box)
	}
	return cells, us
}

// TestSameFixpointAsOneConstraintAtATime: the fused propagator and the
// same rules posted one constraint at a time (alldiff at hidden strength
// per unit, PostBoxLine per overlapping pair) reach the same domains on
// random partial grids, or both fail. The rules only remove values, so
// their closure is unique; a difference is a bug in one of them.
func TestSameFixpointAsOneConstraintAtATime(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, shape := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {3, 4}} {
		r, c := shape[0], shape[1]
		n := r * c
		fused := csp.NewModel()
		fcells, fus := sudokuUnits(fused, r, c)
		require.NoError(t, units.Post(fused, fus, units.BoxLine))
		generic := csp.NewModel()
		gcells, gus := sudokuUnits(generic, r, c)
		for _, u := range gus {
			require.NoError(t, alldiff.Post(generic, u, alldiff.Hidden))
		}
		for i := range gus {
			for j := i + 1; j < len(gus); j++ {
				require.NoError(t, units.PostBoxLine(generic, gus[i], gus[j]))
			}
		}
		fs, gs := csp.NewSpace(fused, csp.Copying), csp.NewSpace(generic, csp.Copying)
		agreeOK, bothFail := 0, 0
		for trial := range 300 {
			fs.Reset()
			gs.Reset()
			// Random removals, some of them assignments.
			type op struct {
				k, v   int
				assign bool
			}
			var ops []op
			for range rng.IntN(n * n) {
				ops = append(ops, op{rng.IntN(n * n), 1 + rng.IntN(n), rng.IntN(4) == 0})
			}
			apply := func(s *csp.Space, cells []csp.Var) {
				for _, o := range ops {
					if o.assign {
						s.Assign(cells[o.k], o.v)
					} else {
						s.Remove(cells[o.k], o.v)
					}
				}
			}
			apply(fs, fcells)
			apply(gs, gcells)
			fok, gok := fs.Propagate(), gs.Propagate()
			if !fok || !gok {
				// One side may see a failure the other only finds by
				// search: then there must be no solution.
				if fok != gok {
					e := csp.NewSearch(generic, csp.Options{Var: csp.MinDomain})
					apply(e.Space(), gcells)
					res := e.Run(context.Background(), 1, func(*csp.Space) bool { return true })
					require.Zero(t, res.Solutions, "%dx%d trial %d: fused %v generic %v", r, c, trial, fok, gok)
				}
				bothFail++
				continue
			}
			for k := range fcells {
				require.Equal(t, gs.Dom(gcells[k]).AppendValues(nil), fs.Dom(fcells[k]).AppendValues(nil),
					"%dx%d trial %d cell %s", r, c, trial, fused.Name(fcells[k]))
			}
			agreeOK++
		}
		assert.Positive(t, agreeOK, "%dx%d: some trials must propagate without failing", r, c)
		assert.Positive(t, bothFail, "%dx%d: some trials must fail", r, c)
	}
}

// TestEveryLossCounts: with no hint of an earlier run (a fresh space, and
// after Reset), a cell that lost any value counts as changed, however
// little it lost: losing one value from three cells of a 9x9 row, and
// nothing else, leaves the value one cell there (a hidden single), at
// every value and every level that has the rule.
func TestEveryLossCounts(t *testing.T) {
	for _, l := range []units.Level{units.Hidden, units.BoxLine, units.Chutes} {
		m := csp.NewModel()
		cells, us := sudokuUnits(m, 3, 3)
		require.NoError(t, units.Post(m, us, l))
		s := csp.NewSpace(m, csp.Copying)
		for v := 1; v <= 9; v++ {
			for keep := range 9 {
				s.Reset()
				// Row 1 (cells 0..8): v leaves all but cell keep, so
				// that within its box row and box v stays possible.
				for k := range 9 {
					if k != keep {
						require.True(t, s.Remove(cells[k], v))
					}
				}
				require.True(t, s.Propagate(), "%v: v=%d keep=%d", l, v, keep)
				got, ok := s.Value(cells[keep])
				require.True(t, ok, "%v: v=%d keep=%d: the hidden single was missed", l, v, keep)
				require.Equal(t, v, got)
			}
		}
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range []units.Level{units.Singles, units.Hidden, units.BoxLine, units.Chutes} {
		got, err := units.ParseLevel(l.String())
		require.NoError(t, err)
		assert.Equal(t, l, got)
	}
	_, err := units.ParseLevel("subsets")
	assert.ErrorContains(t, err, "singles, hidden, boxline or chutes")
}

func TestPostBadArguments(t *testing.T) {
	cases := []struct {
		name  string
		units func(x, y, wide csp.Var) [][]csp.Var
		level units.Level
		want  error
		msg   string
	}{
		{"a value of 64 or more", func(x, y, wide csp.Var) [][]csp.Var { return [][]csp.Var{{wide, y}} },
			units.Hidden, units.ErrUnit, "variable w has values of 64 or more"},
		{"a variable twice in a unit", func(x, y, wide csp.Var) [][]csp.Var { return [][]csp.Var{{x, y}, {y, y}} },
			units.Hidden, units.ErrUnit, "unit 2: variable y twice"},
		{"a variable not in the model", func(x, y, wide csp.Var) [][]csp.Var { return [][]csp.Var{{x, 7}} },
			units.Singles, units.ErrUnit, "variable 7 not in the model"},
		{"a negative variable", func(x, y, wide csp.Var) [][]csp.Var { return [][]csp.Var{{-1, x}} },
			units.BoxLine, units.ErrUnit, "variable -1 not in the model"},
		{"an unknown level", func(x, y, wide csp.Var) [][]csp.Var { return [][]csp.Var{{x, y}} },
			units.Chutes + 1, units.ErrLevel, "Level(4)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			x, y, wide := m.NewIntVar(1, 3, "x"), m.NewIntVar(1, 3, "y"), m.NewIntVar(1, 70, "w")
			err := units.Post(m, c.units(x, y, wide), c.level)
			require.ErrorIs(t, err, c.want)
			assert.ErrorContains(t, err, c.msg)
			assert.Zero(t, m.NumPropagators(), "nothing posted")
			if c.want == units.ErrUnit {
				us := c.units(x, y, wide)
				a, b := us[0], us[len(us)-1]
				assert.ErrorIs(t, units.PostBoxLine(m, a, b), units.ErrUnit, "PostBoxLine refuses it too")
				assert.Zero(t, m.NumPropagators(), "nothing posted")
			}
		})
	}
}

// solutionGrid returns a random full sudoku grid with r x c boxes (values
// 1..n, row-major): the pattern grid with its rows shuffled within bands,
// its bands shuffled, and its values relabelled.
func solutionGrid(rng *rand.Rand, r, c int) []int {
	n := r * c
	rows := make([]int, 0, n)
	for _, band := range rng.Perm(c) { // n/r = c bands of r rows
		for _, k := range rng.Perm(r) {
			rows = append(rows, band*r+k)
		}
	}
	label := rng.Perm(n)
	g := make([]int, n*n)
	for i, row := range rows {
		for col := range n {
			g[i*n+col] = 1 + label[(c*(row%r)+row/r+col)%n]
		}
	}
	return g
}

// TestChutesKeepTheSolution: on random partial grids of a known full
// grid (some cells given, a few other values removed), the chute
// level never fails and never removes a value of the full grid, and it
// deduces at least what box-line reduction does; over the trials it
// deduces more somewhere. Boxes of 2x3 and 3x4 give chutes of two,
// three and four units a side (the k = 4 ones use the general tables).
func TestChutesKeepTheSolution(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, shape := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {3, 4}} {
		r, c := shape[0], shape[1]
		n := r * c
		spaces := map[units.Level]*csp.Space{}
		var cells []csp.Var
		for _, l := range []units.Level{units.BoxLine, units.Chutes} {
			m := csp.NewModel()
			var us [][]csp.Var
			cells, us = sudokuUnits(m, r, c)
			require.NoError(t, units.Post(m, us, l))
			spaces[l] = csp.NewSpace(m, csp.Copying)
		}
		stronger := 0
		for trial := range 200 {
			sol := solutionGrid(rng, r, c)
			given, keep := 0.2+0.25*rng.Float64(), 0.9+0.1*rng.Float64()
			for _, s := range spaces {
				s.Reset()
			}
			for k, v := range sol {
				g := rng.Float64() < given
				for w := 1; w <= n; w++ {
					if w != v && (g || rng.Float64() > keep) {
						for _, s := range spaces {
							s.Remove(cells[k], w)
						}
					}
				}
			}
			for _, s := range spaces {
				require.True(t, s.Propagate(), "%dx%d trial %d", r, c, trial)
			}
			more := false
			for k, v := range sol {
				got := spaces[units.Chutes].Dom(cells[k]).AppendValues(nil)
				weaker := spaces[units.BoxLine].Dom(cells[k]).AppendValues(nil)
				require.Contains(t, got, v, "%dx%d trial %d cell %d", r, c, trial, k)
				require.Subset(t, weaker, got, "%dx%d trial %d cell %d", r, c, trial, k)
				more = more || len(got) < len(weaker)
			}
			if more {
				stronger++
			}
		}
		if r > 2 || c > 2 { // with two units a side, the matching is box-line reduction
			assert.Positive(t, stronger, "%dx%d: chutes must deduce more than box-line somewhere", r, c)
		}
		t.Logf("%dx%d: chutes deduced more than box-line in %d trials of 200", r, c, stronger)
	}
}
