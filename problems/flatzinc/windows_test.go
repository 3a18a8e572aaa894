package flatzinc

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// windowsHold is csp_windows(x, rels) on a full assignment, written from
// its definition (mznlib/csp_windows.mzn) apart from Check's.
func windowsHold(rels []int) func([]int) bool {
	related := func(r, x, y int) bool {
		d := x - y
		switch r {
		case 1:
			return d < 0
		case 2:
			return d > 0
		case 3:
			return d == 1 || d == -1
		}
		return d != 1 && d != -1
	}
	return func(v []int) bool {
		for i := 1; i+1 < len(v); i++ {
			if rels[i-1] == 0 || rels[i] == 0 {
				continue
			}
			if !proptest.Distinct(v[i-1:i+2]) || !related(rels[i-1], v[i-1], v[i]) || !related(rels[i], v[i], v[i+1]) {
				return false
			}
		}
		return true
	}
}

// TestWindowsAgainstBruteForce: csp_windows on random lines of 3 to 5
// cells, random relations and random domains with holes, from 0, from
// negative values and near 64 (the builder's shifted copies): after
// propagation at the root every value some solution uses is kept, and
// only those when the line has at most one window (each window is
// domain consistent on its own cells); the search finds exactly the
// solutions brute force counts.
func TestWindowsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	for trial := range 300 {
		n := 3 + rng.IntN(3)
		rels := make([]int, n-1)
		for i := range rels {
			rels[i] = rng.IntN(5)
		}
		base := []int{0, 1, -3, 58}[trial%4]
		doms := make([][]int, n)
		var src strings.Builder
		for i := range doms {
			for v := base; v < base+6; v++ {
				if rng.IntN(4) > 0 {
					doms[i] = append(doms[i], v)
				}
			}
			if len(doms[i]) == 0 {
				doms[i] = []int{base + rng.IntN(6)}
			}
			fmt.Fprintf(&src, "var %s: x%d :: output_var;\n", setLiteral(doms[i]), i)
		}
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("x%d", i)
		}
		fmt.Fprintf(&src, "constraint csp_windows([%s], [%s]);\nsolve satisfy;\n", strings.Join(names, ", "), joinInts(rels))
		text := src.String()
		windows := 0
		for i := 1; i < len(rels); i++ {
			if rels[i-1] != 0 && rels[i] != 0 {
				windows++
			}
		}
		t.Run(fmt.Sprintf("%d/%v/%v", trial, rels, doms), func(t *testing.T) {
			m, err := Read(strings.NewReader(text))
			require.NoError(t, err)
			p, err := Build(context.Background(), m)
			require.NoError(t, err)
			holds := windowsHold(rels)
			sup, count := proptest.Supports(doms, holds)
			s := csp.NewSpace(p.Model, csp.Copying)
			ok := s.Propagate()
			if count > 0 {
				require.True(t, ok, "propagation failed on a satisfiable line")
			}
			for i := range doms {
				if !ok {
					break
				}
				x, _ := p.Var(names[i])
				kept := s.Dom(x).AppendValues(nil)
				for v := range sup[i] {
					assert.Contains(t, kept, v, "x%d: a supported value removed", i)
				}
				if windows <= 1 {
					var want []int
					for _, v := range doms[i] {
						if sup[i][v] {
							want = append(want, v)
						}
					}
					if count > 0 {
						assert.Equal(t, want, kept, "x%d: domain consistency", i)
					}
				}
			}
			if windows <= 1 {
				assert.Equal(t, count > 0, ok, "failure iff no solution")
			}
			rep, err := Solve(context.Background(), p, Settings{All: true}, func([]int) bool { return true })
			require.NoError(t, err)
			assert.True(t, rep.Complete)
			assert.Equal(t, int64(count), rep.Solutions)
		})
	}
}

// setLiteral writes values as a FlatZinc set literal.
func setLiteral(vs []int) string { return "{" + joinInts(vs) + "}" }

func joinInts(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ", ")
}

// TestWindowsErrors: a malformed csp_windows is an error at its line.
func TestWindowsErrors(t *testing.T) {
	decls := "var 0..3: a;\nvar 0..3: b;\nvar 0..3: c;\nvar 0..100: w;\n"
	cases := []struct {
		c    string
		err  error
		want string
	}{
		{"csp_windows([a, b, c], [1])", ErrModel, "csp_windows: 1 relations for 3 cells"},
		{"csp_windows([], [])", ErrModel, "0 relations for 0 cells"},
		{"csp_windows([a, b, c], [1, 5])", ErrModel, "relation 5 at position 2"},
		{"csp_windows([a, b, c], [-1, 1])", ErrModel, "relation -1 at position 1"},
		{"csp_windows([a, w, c], [1, 1])", ErrUnsupported, "csp_windows over values 0..100 (needs a span of at most 64 values)"},
	}
	for _, tc := range cases {
		t.Run(tc.c, func(t *testing.T) {
			m, err := Read(strings.NewReader(decls + "constraint " + tc.c + ";\nsolve satisfy;\n"))
			require.NoError(t, err)
			_, err = Build(context.Background(), m)
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.err)
			assert.Contains(t, err.Error(), "line 5")
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestWindowsModelAgainstGecode: bench/mzn/futoshiki.mzn, whose windows
// are csp_windows, on random small boards of both variants, compiled
// with csp's library (the builtin: chain.PostWindows) and with MiniZinc's
// standard library (csp_windows.mzn beside the model: its decomposition),
// has as many solutions (-a) by csp on the first as by Gecode on the
// second, and by csp on the second. Skipped when minizinc or fzn-gecode
// is not installed.
func TestWindowsModelAgainstGecode(t *testing.T) {
	needMiniZinc(t, "runs MiniZinc and Gecode")
	mzn, err := filepath.Abs("../../bench/mzn/futoshiki.mzn")
	require.NoError(t, err)
	solvers := t.TempDir()
	require.NoError(t, Install(solvers, "/bin/false")) // compiling only
	rng := rand.New(rand.NewPCG(15, 2))
	for trial := range 12 {
		n := 4 + trial%2
		adjacent := trial%3 != 0
		dzn := futoshikiData(rng, n, adjacent)
		t.Run(fmt.Sprintf("%d/n=%d/adjacent=%v", trial, n, adjacent), func(t *testing.T) {
			dir := t.TempDir()
			data := filepath.Join(dir, "p.dzn")
			require.NoError(t, os.WriteFile(data, []byte(dzn), 0o644))
			compileWith := func(fzn string, flags ...string) *Model {
				args := append([]string{"-c", "--no-output-ozn", "-o", fzn}, flags...)
				out, err := exec.Command("minizinc", append(args, mzn, data)...).CombinedOutput()
				require.NoError(t, err, "minizinc: %s\n%s", out, dzn)
				src, err := os.ReadFile(fzn)
				require.NoError(t, err)
				m, err := Read(strings.NewReader(string(src)))
				require.NoError(t, err)
				return m
			}
			std := filepath.Join(dir, "std.fzn")
			stdModel := compileWith(std, "-G", "std")
			lib := compileWith(filepath.Join(dir, "csp.fzn"), "--solver", filepath.Join(solvers, "csp.msc"))
			hasWindows := func(m *Model) bool {
				return slices.ContainsFunc(m.Constraints, func(c Constraint) bool { return c.Name == "csp_windows" })
			}
			require.True(t, hasWindows(lib), "csp's library keeps csp_windows a builtin")
			require.False(t, hasWindows(stdModel), "the standard library route decomposes it")
			want := runGecode(t, std, true)
			for _, route := range []*Model{lib, stdModel} {
				p, err := Build(context.Background(), route)
				require.NoError(t, err)
				rep, err := Solve(context.Background(), p, Settings{All: true}, func([]int) bool { return true })
				require.NoError(t, err)
				require.True(t, rep.Complete)
				if want.status == "=====UNSATISFIABLE=====" {
					assert.Zero(t, rep.Solutions)
					continue
				}
				require.Equal(t, "==========", want.status)
				assert.Equal(t, int64(want.solutions), rep.Solutions, "%s", dzn)
			}
		})
	}
}

// futoshikiData writes data for bench/mzn/futoshiki.mzn from a random
// n×n Latin square, so that it has a solution: a few of its values given;
// plain: some of its signs; adjacent: a bar between every two
// consecutive values of it (the unmarked pairs then not consecutive).
func futoshikiData(rng *rand.Rand, n int, adjacent bool) string {
	rows, cols, syms := rng.Perm(n), rng.Perm(n), rng.Perm(n)
	sq := func(i, j int) int { return 1 + syms[(rows[i]+cols[j])%n] }
	rel := func(a, b int) int {
		switch {
		case adjacent && (a-b == 1 || b-a == 1):
			return 3
		case adjacent || rng.IntN(4) > 0:
			return 0
		case a < b:
			return 1
		}
		return 2
	}
	var given, right, down []string
	for i := range n {
		for j := range n {
			g := 0
			if rng.IntN(12) == 0 {
				g = sq(i, j)
			}
			given = append(given, fmt.Sprint(g))
			if j+1 < n {
				right = append(right, fmt.Sprint(rel(sq(i, j), sq(i, j+1))))
			}
			if i+1 < n {
				down = append(down, fmt.Sprint(rel(sq(i, j), sq(i+1, j))))
			}
		}
	}
	return fmt.Sprintf("n = %d;\nadjacent = %v;\ngiven = array2d(1..%d, 1..%d, [%s]);\n"+
		"right = array2d(1..%d, 1..%d, [%s]);\ndown = array2d(1..%d, 1..%d, [%s]);\n",
		n, adjacent, n, n, strings.Join(given, ", "), n, n-1, strings.Join(right, ", "), n-1, n, strings.Join(down, ", "))
}
