package units_test

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/units"
)

// overlap is a box and a line as positions in one list of variables.
type overlap struct {
	name      string
	box, line []int
	values    int // values 1..values
}

var overlaps = []overlap{
	{"3 and 3 sharing 2", []int{0, 1, 2}, []int{0, 1, 3}, 3},
	{"4 and 4 sharing 2", []int{0, 1, 2, 3}, []int{0, 1, 4, 5}, 4},
	{"4 and 4 sharing 3", []int{0, 1, 2, 3}, []int{4, 2, 1, 0}, 4},
	{"4 and 3 sharing 2", []int{0, 1, 2, 3}, []int{1, 4, 2}, 4}, // the line is no permutation
	{"4 and 4 sharing 2 over 5 values", []int{0, 1, 2, 3}, []int{0, 1, 4, 5}, 5},
}

// TestExplainBoxLineAgainstBruteForce: on small random domains of a box
// and a line that overlap, each all different, every box-line deduction
// removes only values no solution uses; and when the domains admit a
// solution and both units start as permutations, the deductions reach
// PostBoxLine's fixpoint.
func TestExplainBoxLineAgainstBruteForce(t *testing.T) {
	trials := 600
	if testing.Short() {
		trials = 150
	}
	for k, o := range overlaps {
		t.Run(o.name, func(t *testing.T) {
			nv := max(slices.Max(o.box), slices.Max(o.line)) + 1
			rng := rand.New(rand.NewPCG(uint64(k), 3))
			fired := 0
			for trial := range trials {
				doms := make([][]int, nv)
				density := 0.3 + 0.7*rng.Float64()
				for i := range doms {
					for v := 1; v <= o.values; v++ {
						if rng.Float64() < density {
							doms[i] = append(doms[i], v)
						}
					}
					if doms[i] == nil {
						doms[i] = []int{1 + rng.IntN(o.values)}
					}
				}
				m := csp.NewModel()
				vars := make([]csp.Var, nv)
				for i, d := range doms {
					vars[i] = m.NewVar(domains.Of(d...), fmt.Sprintf("x%d", i))
				}
				us := pick(vars, [][]int{o.box, o.line})
				e := units.ExplainBoxLine(us[0], us[1], "the box", "the line")
				hold := holds([][]int{o.box, o.line})
				s := csp.NewSpace(m, csp.Copying)
				where := fmt.Sprintf("trial %d, domains %v", trial, doms)
				before := proptest.Snapshot(s, vars)
				failed := proptest.DeduceSteps(t, rng, s, vars, e, hold, where)
				if t.Failed() {
					return
				}
				if !slices.EqualFunc(before, proptest.Snapshot(s, vars), slices.Equal) {
					fired++
				}
				if _, n := proptest.Supports(doms, hold); n == 0 || failed || !perm(doms, o.box) || !perm(doms, o.line) {
					continue
				}
				// The propagator, on the same domains, reaches the same
				// fixpoint.
				pm := csp.NewModel()
				pvars := make([]csp.Var, nv)
				for i, d := range doms {
					pvars[i] = pm.NewVar(domains.Of(d...), fmt.Sprintf("x%d", i))
				}
				pus := pick(pvars, [][]int{o.box, o.line})
				require.NoError(t, units.PostBoxLine(pm, pus[0], pus[1]))
				ps := csp.NewSpace(pm, csp.Copying)
				require.True(t, ps.Propagate(), where)
				assert.Equal(t, proptest.Snapshot(ps, pvars), proptest.Snapshot(s, vars), "%s: PostBoxLine's fixpoint", where)
			}
			t.Logf("box-line removed something in %d of %d trials", fired, trials)
		})
	}
}

// perm reports whether the cells at positions hold as many values between
// them as there are cells.
func perm(doms [][]int, at []int) bool {
	u := uint64(0)
	for _, i := range at {
		for _, v := range doms[i] {
			u |= 1 << v
		}
	}
	return bits.OnesCount64(u) == len(at)
}

// TestExplainBoxLineWording: pointing (from the box) and claiming (from
// the line), and nothing when the units share one cell or when neither
// is a permutation.
func TestExplainBoxLineWording(t *testing.T) {
	// A 2x2 box r1c1 r1c2 r2c1 r2c2 and row 1 r1c1..r1c4, values 1..4.
	cases := []struct {
		name string
		doms [][]int // r1c1 r1c2 r2c1 r2c2 r1c3 r1c4
		rm   [][2]int
		why  string
	}{
		{"pointing", [][]int{{1, 3}, {2, 3}, {1, 2, 4}, {1, 2, 4}, {3, 4}, {1, 2, 3, 4}}, [][2]int{{4, 3}, {5, 3}},
			"in box 1, 3 fits only in r1c1 and r1c2, all in row 1, so 3 leaves the rest of row 1: r1c3 and r1c4"},
		{"claiming", [][]int{{1, 2, 3, 4}, {1, 2}, {1, 2, 3, 4}, {1, 3}, {2, 3, 4}, {2, 3}}, [][2]int{{2, 1}, {3, 1}},
			"in row 1, 1 fits only in r1c1 and r1c2, all in box 1, so 1 leaves the rest of box 1: r2c1 and r2c2"},
	}
	names := []string{"r1c1", "r1c2", "r2c1", "r2c2", "r1c3", "r1c4"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			v := make([]csp.Var, len(c.doms))
			for i, d := range c.doms {
				v[i] = m.NewVar(domains.Of(d...), names[i])
			}
			e := units.ExplainBoxLine([]csp.Var{v[0], v[1], v[2], v[3]}, []csp.Var{v[0], v[1], v[4], v[5]}, "box 1", "row 1")
			var got []csp.Deduction
			e.Deduce(csp.NewSpace(m, csp.Copying), func(r string) bool { return r == units.RuleBoxLine }, func(d csp.Deduction) bool {
				got = append(got, d)
				return true
			})
			require.Len(t, got, 1)
			var want []csp.Lit
			for _, l := range c.rm {
				want = append(want, csp.Lit{Var: v[l[0]], Val: l[1]})
			}
			assert.Equal(t, units.RuleBoxLine, got[0].Rule)
			assert.Equal(t, want, got[0].Removed)
			assert.Equal(t, c.why, got[0].Why)
		})
	}
	t.Run("nothing", func(t *testing.T) {
		m := csp.NewModel()
		var v []csp.Var
		for i := range 7 {
			v = append(v, m.NewIntVar(1, 4, fmt.Sprintf("x%d", i)))
		}
		s := csp.NewSpace(m, csp.Copying)
		csp.Apply(s, csp.Step{Deduction: csp.Deduction{Removed: []csp.Lit{{Var: v[2], Val: 3}, {Var: v[3], Val: 3}}}})
		for _, e := range []csp.Explainer{
			units.ExplainBoxLine(v[:4], []csp.Var{v[0], v[4], v[5], v[6]}, "box", "line"), // one shared cell
			units.ExplainBoxLine(v[:4], v[:4], "box", "line"),                             // no cell outside
		} {
			e.Deduce(s, func(string) bool { return true }, func(d csp.Deduction) bool {
				t.Errorf("unexpected deduction: %s", d.Why)
				return true
			})
		}
		// Not wanted: nothing either, though 3 is confined to x0, x1.
		e := units.ExplainBoxLine(v[:4], []csp.Var{v[0], v[1], v[4], v[5]}, "box", "line")
		e.Deduce(s, func(string) bool { return false }, func(d csp.Deduction) bool {
			t.Errorf("unexpected deduction: %s", d.Why)
			return true
		})
		n := 0
		e.Deduce(s, func(string) bool { return true }, func(csp.Deduction) bool { n++; return true })
		assert.Equal(t, 1, n, "3 leaves x4 and x5")
	})
}
