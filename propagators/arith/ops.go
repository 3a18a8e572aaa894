package arith

import (
	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// The operations of FlatZinc's integer builtins over variables of any
// sign and representation (int_times, int_div, int_mod, int_abs, int_min,
// int_max, int_pow). Mul, Div, Mod, Min, Max and Pow reason on bounds
// (interval arithmetic: sound, and exact once the operands are assigned,
// not bounds(Z) consistent on domains with holes); Abs is domain
// consistent on bitset domains. Each wakes on bound changes (Abs on every
// change) and returns an error wrapping ErrVar, posting nothing, when a
// variable is not in m. A variable may fill several positions (x / y = y,
// x mod x = x, y^x = y): each is then checking too, failing once every
// variable is assigned and the constraint does not hold (Div, Mod and Pow
// rerun while their own narrowing changes a domain, see narrowed).

// Mul constrains x·y = z for values of any sign. On bitset domains from
// 0 it posts Times (domain consistent up to TimesLimit); otherwise it
// narrows each variable to the hull that the others' bounds allow:
// z within the products of x's and y's bounds, x within the quotients of
// z's bounds by y's when y excludes 0 (and y alike).
func Mul(m *csp.Model, x, y, z csp.Var) error {
	if err := checkVars(m, x, y, z); err != nil {
		return err
	}
	if m.CheckWords(x, y, z) == nil {
		return Times(m, x, y, z)
	}
	m.Post(&mulProp{x, y, z}, domains.EventBounds, x, y, z)
	return nil
}

type mulProp struct{ x, y, z csp.Var }

// Propagate narrows z to x·y, then x to z/y and y to z/x, until no bound
// moves.
func (p *mulProp) Propagate(s *csp.Space) csp.Status {
	for {
		before := bounds3(s, p.x, p.y, p.z)
		lo, hi := mulHull(s.Min(p.x), s.Max(p.x), s.Min(p.y), s.Max(p.y))
		if !s.RemoveBelow(p.z, lo) || !s.RemoveAbove(p.z, hi) ||
			!divNarrow(s, p.x, p.z, p.y) || !divNarrow(s, p.y, p.z, p.x) {
			return csp.Failed
		}
		if bounds3(s, p.x, p.y, p.z) == before {
			return csp.Fixpoint
		}
	}
}

func (p *mulProp) Name() string { return "arith/mul" }

// bounds3 returns the bounds of three variables, to see whether a pass
// moved any.
func bounds3(s *csp.Space, a, b, c csp.Var) [6]int {
	return [6]int{s.Min(a), s.Max(a), s.Min(b), s.Max(b), s.Min(c), s.Max(c)}
}

// mulHull returns the smallest and largest products of a value of alo..ahi
// with a value of blo..bhi: at the corners.
func mulHull(alo, ahi, blo, bhi int) (lo, hi int) {
	c := [4]int{alo * blo, alo * bhi, ahi * blo, ahi * bhi}
	lo, hi = c[0], c[0]
	for _, v := range c[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

// divNarrow keeps x within z/y when y's range excludes 0: x·y = z puts
// x between the smallest and largest quotients of z's and y's bounds
// (rounded inward). When y may be 0 nothing follows, unless z excludes 0,
// which then removes 0 from x.
func divNarrow(s *csp.Space, x, z, y csp.Var) bool {
	ylo, yhi := s.Min(y), s.Max(y)
	zlo, zhi := s.Min(z), s.Max(z)
	if ylo <= 0 && yhi >= 0 {
		if zlo > 0 || zhi < 0 {
			return s.Remove(x, 0)
		}
		return true
	}
	lo, hi := domains.MaxInt, domains.MinInt
	for _, zc := range [2]int{zlo, zhi} {
		for _, yc := range [2]int{ylo, yhi} {
			lo = min(lo, ceilDiv(zc, yc))
			hi = max(hi, floorDiv(zc, yc))
		}
	}
	return s.RemoveBelow(x, lo) && s.RemoveAbove(x, hi)
}

// floorDiv and ceilDiv round a/b down and up (b != 0).
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) == (b < 0) {
		q++
	}
	return q
}

// Div constrains z = x / y rounded toward zero (FlatZinc's int_div, Go's
// /), with y != 0: y loses 0, z is kept within the quotients of x's bounds
// by the bounds of y's negative and positive parts, and is assigned once x
// and y are.
func Div(m *csp.Model, x, y, z csp.Var) error {
	if err := checkVars(m, x, y, z); err != nil {
		return err
	}
	m.Post(&divProp{x, y, z, false, repeated(x, y, z)}, domains.EventBounds, x, y, z)
	return nil
}

// Mod constrains z = x mod y with the sign of x (FlatZinc's int_mod, Go's
// %), y != 0: y loses 0, z has x's sign and |z| < max|y| and |z| <= |x|,
// and is assigned once x and y are.
func Mod(m *csp.Model, x, y, z csp.Var) error {
	if err := checkVars(m, x, y, z); err != nil {
		return err
	}
	m.Post(&divProp{x, y, z, true, repeated(x, y, z)}, domains.EventBounds, x, y, z)
	return nil
}

type divProp struct {
	x, y, z csp.Var
	mod     bool
	same    bool // a variable appears twice: see narrowed
}

// repeated reports whether a variable appears twice among x, y and z.
func repeated(x, y, z csp.Var) bool { return x == y || x == z || y == z }

// narrowed is the status of a run of Div, Mod or Pow that narrowed z's
// bounds from x's and y's and left a variable unassigned. These narrow
// only z (and take 0 out of y or x), never x or y from z, so what a run
// removed gives it nothing more to do: Fixpoint. Unless a variable is
// repeated: narrowing z then narrows, or assigns, x or y, which the run
// read before, and the engine does not wake a propagator on its own
// changes, so returning Fixpoint left Div(x, y, y) at x = -2, y = -2
// (-2 / -2 is 1) unchecked, a wrong solution. NotFixpoint has the queue run
// it again while it changes something: the last run sees the final
// domains and, once x and y are assigned, assigns z their quotient,
// remainder or power, failing if z (that is x or y) holds another value.
// Without a repeated variable nothing changes: one field read.
func narrowed(same bool) csp.Status {
	if same {
		return csp.NotFixpoint
	}
	return csp.Fixpoint
}

func (p *divProp) Propagate(s *csp.Space) csp.Status {
	if !s.Remove(p.y, 0) {
		return csp.Failed
	}
	if s.Min(p.y) == 0 && !s.RemoveBelow(p.y, 1) || s.Max(p.y) == 0 && !s.RemoveAbove(p.y, -1) {
		return csp.Failed // an interval keeps 0 inside: only a bound can go
	}
	if a, ok := s.Value(p.x); ok {
		if b, ok := s.Value(p.y); ok && b != 0 {
			r := a / b
			if p.mod {
				r = a % b
			}
			if !s.Assign(p.z, r) {
				return csp.Failed
			}
			return csp.Entailed
		}
	}
	xlo, xhi := s.Min(p.x), s.Max(p.x)
	ylo, yhi := s.Min(p.y), s.Max(p.y)
	if p.mod {
		top := max(-ylo, yhi) - 1 // |z| < max|y|
		lo, hi := -top, top
		if xlo >= 0 {
			lo = 0
		}
		if xhi <= 0 {
			hi = 0
		}
		lo, hi = max(lo, -max(-xlo, xhi)), min(hi, max(-xlo, xhi))
		if !s.RemoveBelow(p.z, lo) || !s.RemoveAbove(p.z, hi) {
			return csp.Failed
		}
		return narrowed(p.same)
	}
	lo, hi := domains.MaxInt, domains.MinInt
	for _, part := range [2][2]int{{ylo, min(yhi, -1)}, {max(ylo, 1), yhi}} {
		if part[0] > part[1] {
			continue
		}
		for _, a := range [2]int{xlo, xhi} {
			for _, b := range part {
				lo, hi = min(lo, a/b), max(hi, a/b)
			}
		}
	}
	if !s.RemoveBelow(p.z, lo) || !s.RemoveAbove(p.z, hi) {
		return csp.Failed
	}
	return narrowed(p.same)
}

func (p *divProp) Name() string {
	if p.mod {
		return "arith/mod"
	}
	return "arith/div"
}

// Abs constrains z = |x|: domain consistent on bitset domains (a value of
// x stays when z holds its absolute value, a value of z when x holds it or
// its opposite), bounds on intervals.
func Abs(m *csp.Model, x, z csp.Var) error {
	if err := checkVars(m, x, z); err != nil {
		return err
	}
	m.Post(&absProp{x, z}, domains.EventDomain, x, z)
	return nil
}

type absProp struct{ x, z csp.Var }

func (p *absProp) Propagate(s *csp.Space) csp.Status {
	x, z := p.x, p.z
	for {
		before := [4]int{s.Min(x), s.Max(x), s.Min(z), s.Max(z)}
		xlo, xhi := s.Min(x), s.Max(x)
		zlo, zhi := 0, max(-xlo, xhi)
		switch {
		case xlo >= 0:
			zlo, zhi = xlo, xhi
		case xhi <= 0:
			zlo, zhi = -xhi, -xlo
		}
		if !s.RemoveBelow(z, zlo) || !s.RemoveAbove(z, zhi) ||
			!s.RemoveBelow(x, -s.Max(z)) || !s.RemoveAbove(x, s.Max(z)) {
			return csp.Failed
		}
		if s.Min(z) > 0 && s.Min(x) > -s.Min(z) && s.Max(x) < s.Min(z) {
			return csp.Failed // x is strictly inside -min(z)..min(z)
		}
		if s.Min(z) > 0 { // x's bounds out of -min(z)+1..min(z)-1
			if lo := s.Min(x); lo > -s.Min(z) && lo < s.Min(z) && !s.RemoveBelow(x, s.Min(z)) {
				return csp.Failed
			}
			if hi := s.Max(x); hi < s.Min(z) && hi > -s.Min(z) && !s.RemoveAbove(x, -s.Min(z)) {
				return csp.Failed
			}
		}
		if [4]int{s.Min(x), s.Max(x), s.Min(z), s.Max(z)} == before {
			break
		}
	}
	dx, dz := s.Dom(x), s.Dom(z)
	if !dx.IsInterval() && !dz.IsInterval() {
		for v, ok := dx.Next(s.Min(x)); ok; v, ok = dx.Next(v + 1) {
			if !s.Contains(z, max(v, -v)) && !s.Remove(x, v) {
				return csp.Failed
			}
		}
		for w, ok := dz.Next(s.Min(z)); ok; w, ok = dz.Next(w + 1) {
			if !s.Contains(x, w) && !s.Contains(x, -w) && !s.Remove(z, w) {
				return csp.Failed
			}
		}
	}
	if s.Assigned(x) {
		return csp.Entailed
	}
	return csp.Fixpoint
}

func (p *absProp) Name() string           { return "arith/abs" }
func (p *absProp) Priority() csp.Priority { return csp.Binary }

// Min constrains z = min(x, y) (int_min): z within min(x, y)'s bounds, x
// and y at least min(z), and once one of x and y is surely the smaller, z
// equal to it on bounds.
func Min(m *csp.Model, x, y, z csp.Var) error {
	if err := checkVars(m, x, y, z); err != nil {
		return err
	}
	m.Post(&minProp{x, y, z, false}, domains.EventBounds, x, y, z)
	return nil
}

// Max constrains z = max(x, y) (int_max): Min mirrored.
func Max(m *csp.Model, x, y, z csp.Var) error {
	if err := checkVars(m, x, y, z); err != nil {
		return err
	}
	m.Post(&minProp{x, y, z, true}, domains.EventBounds, x, y, z)
	return nil
}

// minProp is z = min(x, y), or z = max(x, y) with max: values are read
// negated (max(x, y) = -min(-x, -y)) through lo, hi and the narrowing
// helpers.
type minProp struct {
	x, y, z csp.Var
	max     bool
}

// lo and hi are a variable's bounds as the propagator reads them.
func (p *minProp) lo(s *csp.Space, v csp.Var) int {
	if p.max {
		return -s.Max(v)
	}
	return s.Min(v)
}

func (p *minProp) hi(s *csp.Space, v csp.Var) int {
	if p.max {
		return -s.Min(v)
	}
	return s.Max(v)
}

// atLeast and atMost narrow v in the propagator's reading.
func (p *minProp) atLeast(s *csp.Space, v csp.Var, k int) bool {
	if p.max {
		return s.RemoveAbove(v, -k)
	}
	return s.RemoveBelow(v, k)
}

func (p *minProp) atMost(s *csp.Space, v csp.Var, k int) bool {
	if p.max {
		return s.RemoveBelow(v, -k)
	}
	return s.RemoveAbove(v, k)
}

func (p *minProp) Propagate(s *csp.Space) csp.Status {
	x, y, z := p.x, p.y, p.z
	for {
		before := bounds3(s, x, y, z)
		ok := p.atLeast(s, z, min(p.lo(s, x), p.lo(s, y))) && p.atMost(s, z, min(p.hi(s, x), p.hi(s, y))) &&
			p.atLeast(s, x, p.lo(s, z)) && p.atLeast(s, y, p.lo(s, z))
		if !ok {
			return csp.Failed
		}
		// The one that is surely the smaller equals z.
		for _, pair := range [2][2]csp.Var{{x, y}, {y, x}} {
			a, b := pair[0], pair[1]
			if p.hi(s, a) <= p.lo(s, b) || p.lo(s, b) > p.hi(s, z) {
				if !p.atMost(s, a, p.hi(s, z)) || !p.atLeast(s, z, p.lo(s, a)) || !p.atMost(s, z, p.hi(s, a)) {
					return csp.Failed
				}
			}
		}
		if bounds3(s, x, y, z) == before {
			return csp.Fixpoint
		}
	}
}

func (p *minProp) Name() string {
	if p.max {
		return "arith/max"
	}
	return "arith/min"
}

// Pow constrains z = x^y (int_pow), with 0^0 = 1 and FlatZinc's meaning
// for a negative exponent: z = 1 div x^-y, which is 1 for x = 1, 1 or -1
// for x = -1 (as -y is even or odd), 0 for |x| >= 2 and nothing for x = 0
// (the division by zero leaves no value). Once y is assigned, z is kept
// within the powers of x's bounds (and of 0, 1 and -1 when x may take them),
// or, for y < 0, within the values above, x losing 0; z is assigned once
// x is too (a power beyond domains.MaxInt fails).
func Pow(m *csp.Model, x, y, z csp.Var) error {
	if err := checkVars(m, x, y, z); err != nil {
		return err
	}
	m.Post(&powProp{x, y, z, repeated(x, y, z)}, domains.EventBounds, x, y, z)
	return nil
}

type powProp struct {
	x, y, z csp.Var
	same    bool // a variable appears twice: see narrowed
}

// pow returns a^k, and false when it is beyond MaxInt in magnitude.
func pow(a, k int) (int, bool) {
	r := 1
	for range k {
		r *= a
		if r > domains.MaxInt || r < -domains.MaxInt {
			return 0, false
		}
	}
	return r, true
}

func (p *powProp) Propagate(s *csp.Space) csp.Status {
	k, ok := s.Value(p.y)
	if !ok {
		return csp.Fixpoint
	}
	if k < 0 {
		return p.inverse(s, k)
	}
	if a, ok := s.Value(p.x); ok {
		r, fits := pow(a, k)
		if !fits || !s.Assign(p.z, r) {
			return csp.Failed
		}
		return csp.Entailed
	}
	xlo, xhi := s.Min(p.x), s.Max(p.x)
	cands := []int{xlo, xhi}
	if xlo < 0 && xhi > 0 {
		cands = append(cands, 0)
	}
	if xlo < -1 && xhi > -1 {
		cands = append(cands, -1)
	}
	if xlo < 1 && xhi > 1 {
		cands = append(cands, 1)
	}
	lo, hi := domains.MaxInt, domains.MinInt
	for _, a := range cands {
		r, fits := pow(a, k)
		if !fits { // beyond MaxInt: the domain's own limit bounds z
			if a > 0 || k%2 == 0 {
				hi = domains.MaxInt
			} else {
				lo = domains.MinInt
			}
			continue
		}
		lo, hi = min(lo, r), max(hi, r)
	}
	if !s.RemoveBelow(p.z, lo) || !s.RemoveAbove(p.z, hi) {
		return csp.Failed
	}
	return narrowed(p.same)
}

// inverse propagates z = 1 div x^-k for k < 0: x is not 0, and z lies
// among 1 (x = 1), (-1)^k (x = -1) and 0 (|x| >= 2), as x's bounds allow.
func (p *powProp) inverse(s *csp.Space, k int) csp.Status {
	if !s.Remove(p.x, 0) {
		return csp.Failed
	}
	xlo, xhi := s.Min(p.x), s.Max(p.x)
	if xlo == 0 && xhi == 0 { // an interval domain keeps 0 inside; fixed to it, x has no power
		return csp.Failed
	}
	lo, hi := domains.MaxInt, domains.MinInt
	add := func(r int) { lo, hi = min(lo, r), max(hi, r) }
	if xlo <= 1 && 1 <= xhi {
		add(1)
	}
	if xlo <= -1 && -1 <= xhi {
		add(1 - 2*(-k%2))
	}
	if xlo <= -2 || xhi >= 2 {
		add(0)
	}
	if !s.RemoveBelow(p.z, lo) || !s.RemoveAbove(p.z, hi) {
		return csp.Failed
	}
	if xlo == xhi {
		return csp.Entailed // one value of x, one of z
	}
	return narrowed(p.same)
}

func (p *powProp) Name() string { return "arith/pow" }
