package channel

import "github.com/cspgo/csp/csp"

var _ csp.Justifier = (*inverse)(nil)

// Justify explains a removal (csp.Justifier, for learning from
// conflicts): a value outside base..base+n-1 needs no reason (the
// constraint alone excludes it), and [ys[j] != i+base] holds because
// [xs[i] != j+base] held, and the reverse. A variable listed more than
// once is explained through whichever of its positions had its partner's
// fact first; if none had (a state the propagator does not make), by
// every removal within base..base+n-1 from the constraint's variables
// that held then, which implies whatever it deduced.
func (p *inverse) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	k := int(f.V) - p.base
	if k < 0 || k >= p.n {
		return out
	}
	for pos, x := range p.vars {
		if x != f.X {
			continue
		}
		self, other := pos, 0 // index within its side, start of the other side
		if pos >= p.n {
			self -= p.n
		} else {
			other = p.n
		}
		if r := (csp.Fact{X: p.vars[other+k], V: int32(self + p.base)}); at.Held(r) {
			return append(out, r)
		}
	}
	for _, x := range p.vars {
		for v := p.base; v < p.base+p.n; v++ {
			if r := (csp.Fact{X: x, V: int32(v)}); at.Held(r) {
				out = append(out, r)
			}
		}
	}
	return out
}
