package units_test

import (
	"fmt"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/units"
)

// justifyCases are small nets at every level: the band (a chute: its
// rows' cells are its boxes'), the ring, and a 3×3 Latin square's rows
// and columns; and PostBoxLine on a row and a box.
func justifyCases() []proptest.NamedExplaining {
	type jc = proptest.NamedExplaining
	latin := [][]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}}
	var cases []jc
	for _, l := range []units.Level{units.Singles, units.Hidden, units.BoxLine, units.Chutes} {
		for _, sh := range []struct {
			name   string
			us     [][]int
			lo, hi int
		}{{"band", band, 1, 4}, {"ring", ring, 1, 4}, {"latin 3×3", latin, 1, 3}} {
			cases = append(cases, jc{Name: fmt.Sprintf("%v, %s", l, sh.name), Explaining: proptest.Explaining{
				Sizes: []int{len(sh.us[0]) * 2}, MinVal: sh.lo, MaxVal: sh.hi, Density: 0.6, Trials: 120,
				Post:  func(m *csp.Model, v []csp.Var) error { return units.Post(m, pick(v, sh.us), l) },
				Holds: holds(sh.us),
			}})
		}
	}
	// The latin net has 9 cells.
	for k := range cases {
		if cases[k].MaxVal == 3 {
			cases[k].Sizes = []int{9}
		}
	}
	row, box := []int{0, 1, 2, 3}, []int{0, 1, 4, 5}
	cases = append(cases, jc{Name: "boxline", Explaining: proptest.Explaining{
		Sizes: []int{6}, MinVal: 1, MaxVal: 4, Density: 0.6,
		Post: func(m *csp.Model, v []csp.Var) error {
			return units.PostBoxLine(m, pick(v, [][]int{row})[0], pick(v, [][]int{box})[0])
		},
		Holds: holds([][]int{row, box}),
	}})
	return cases
}

// TestJustify: every removal and failure of the units propagators is
// explained by facts that held before it and imply it, by brute force
// (proptest.CheckJustify).
func TestJustify(t *testing.T) { proptest.JustifyTable(t, justifyCases()) }

// FuzzJustify drives CheckJustify from the fuzzer's seeds.
func FuzzJustify(f *testing.F) { proptest.FuzzJustify(f, justifyCases()) }
