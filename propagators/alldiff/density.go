package alldiff

import (
	"math"
	"math/bits"

	"github.com/cspgo/csp/csp"
)

// Densities estimates the solution densities of the group's variables as
// counting-based search does for all-different (Pesant, Quimper, Zanarini,
// JAIR 2012). The number of solutions is estimated by the Brégman-Minc
// upper bound of the permanent, the product over the variables of f(d) =
// (d!)^(1/d) for a domain of d values (a bound when there are as many
// values as variables; with more values, that of the square matrix padded
// with full rows, whose extra factor is the same for every value and
// cancels below), and giving x the value v takes v from the domain of
// every other variable holding it. The density of v for x is the estimate
// with x = v over the sum of the estimates over x's values. Every factor not touched by v, and x's own, is the same
// for each of x's values and cancels, which leaves P(v) over the sum of
// P(w) for w in x's domain, P(v) the product of f(d-1)/f(d) over the
// variables holding v: one pass over the group for every P, O(n·W), then
// one over each unassigned variable's values.
func (g *group) Densities(s *csp.Space, yield func(i, v int, d float64)) {
	if len(g.prod) == 0 {
		g.prod = make([]float64, 64*g.width)
	}
	prod := g.prod
	for i := range prod {
		prod[i] = 1
	}
	for _, y := range g.vars {
		w := s.Words(y)
		d := 0
		for _, b := range w {
			d += bits.OnesCount64(b)
		}
		r := mincRatio(d)
		for k, b := range w[:min(len(w), g.width)] {
			for ; b != 0; b &= b - 1 {
				prod[k*64+bits.TrailingZeros64(b)] *= r
			}
		}
	}
	for i, x := range g.vars {
		w := s.Words(x)
		if single(w) {
			continue
		}
		w = w[:min(len(w), g.width)]
		sum := 0.0
		for k, b := range w {
			for ; b != 0; b &= b - 1 {
				sum += prod[k*64+bits.TrailingZeros64(b)]
			}
		}
		for k, b := range w {
			for ; b != 0; b &= b - 1 {
				v := k*64 + bits.TrailingZeros64(b)
				d := 0.0
				if sum > 0 {
					d = prod[v] / sum
				}
				yield(i, v, d)
			}
		}
	}
}

// mincRatios[d] is f(d-1)/f(d) for f(d) = (d!)^(1/d), the Brégman-Minc
// factor of a domain of d values; f(0) = 0.
var mincRatios = func() []float64 {
	t := make([]float64, 257)
	for d := 2; d < len(t); d++ {
		t[d] = mincRatioOf(d)
	}
	return t
}()

// mincRatio returns f(d-1)/f(d).
func mincRatio(d int) float64 {
	if d < len(mincRatios) {
		return mincRatios[d]
	}
	return mincRatioOf(d)
}

func mincRatioOf(d int) float64 {
	if d < 2 {
		return 0
	}
	a, _ := math.Lgamma(float64(d))
	b, _ := math.Lgamma(float64(d + 1))
	return math.Exp(a/float64(d-1) - b/float64(d))
}
