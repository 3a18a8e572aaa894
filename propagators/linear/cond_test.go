package linear_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/proptest"
	"github.com/cspgo/csp/propagators/linear"
	"github.com/cspgo/csp/propagators/reif"
)

// TestCondAgainstBruteForce reifies every relation on the shared sums
// (variable 0 is the Boolean, the sum's positions count from 1), fully
// and by half, on domains from 0 and from -3.
func TestCondAgainstBruteForce(t *testing.T) {
	for _, rel := range []linear.Rel{linear.Eq, linear.Leq, linear.Geq, linear.Neq} {
		for i, sc := range sums {
			for _, mode := range []reif.Mode{reif.Full, reif.Imp} {
				for _, lo := range []int{0, -3} {
					t.Run(fmt.Sprintf("%v%v%v%d/mode%d/from%d", sc.coeffs, sc.pos, rel, sc.c, mode, lo), func(t *testing.T) {
						proptest.Check(t, proptest.Case{
							Vars: 4, MinVal: lo, MaxVal: lo + 4, Trials: 60,
							Post: func(m *csp.Model, v []csp.Var) {
								proptest.RestrictBool(m, v[0])
								c, err := linear.Cond(m, sc.coeffs, vars(v[1:], sc.pos), rel, sc.c)
								require.NoError(t, err)
								require.NoError(t, reif.Post(m, v[0], c, mode))
							},
							Holds: func(v []int) bool {
								s := eval(sc.coeffs, sc.pos, v[1:])
								var h bool
								switch rel {
								case linear.Eq:
									h = s == sc.c
								case linear.Leq:
									h = s <= sc.c
								case linear.Geq:
									h = s >= sc.c
								default:
									h = s != sc.c
								}
								if mode == reif.Imp {
									return v[0] == 0 || h
								}
								return (v[0] == 1) == h
							},
							// Leq and Geq decide exactly from bounds and
							// enforce domain consistency either way.
							Complete: rel == linear.Leq || rel == linear.Geq,
							Seed:     uint64(i),
						})
					})
				}
			}
		}
	}
}
