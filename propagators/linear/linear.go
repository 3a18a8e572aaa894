package linear

import (
	"errors"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/enum"
)

// Rel is the comparison between a sum and its constant.
type Rel uint8

// The relations.
const (
	Eq  Rel = iota // sum = c
	Leq            // sum <= c
	Geq            // sum >= c
	Neq            // sum != c
)

var relNames = enum.Names{"=", "<=", ">=", "!="}

// String returns the relation as written: =, <=, >= or !=.
func (r Rel) String() string { return relNames.Name("Rel", int(r)) }

// ParseRel reads a relation written as String writes it. An unknown one
// gives an error wrapping ErrLinear.
func ParseRel(s string) (Rel, error) {
	if i, ok := relNames.Parse(s); ok {
		return Rel(i), nil
	}
	return 0, fmt.Errorf("%w: unknown relation %q (want %s)", ErrLinear, s, relNames.List())
}

// Errors that the posting functions wrap.
var (
	// ErrLinear: a constraint that cannot be posted (coefficients and
	// variables of different lengths, a variable not in the model, an
	// unknown relation, coefficients so large that a sum could overflow;
	// for PostDistinctSum, with csp.ErrWords, a domain that is not a
	// bitset from 0).
	ErrLinear = errors.New("linear: invalid constraint")
	// ErrStrength: a strength that is not Bounds or GAC.
	ErrStrength = errors.New("linear: unknown strength")
)

// maxMagnitude bounds Σ|aᵢ|·max(xᵢ): sums, and sums of two of them, stay
// far from overflowing an int64.
const maxMagnitude = 1 << 61

// PostSum posts vars[0] + ... + vars[n-1] rel c. See Post.
func PostSum(m *csp.Model, vars []csp.Var, rel Rel, c int) error {
	ones := make([]int, len(vars))
	for i := range ones {
		ones[i] = 1
	}
	return Post(m, ones, vars, rel, c)
}

// Post posts Σ coeffs[i]·vars[i] rel c, for integer coefficients of any
// sign. Repeated variables are merged (x + 2y - x is 2y) and zero
// coefficients dropped; a sum left with no term is checked at the root.
//
// Eq and Geq/Leq wake on bound changes; Eq narrows bounds until they stop
// moving, to bounds(ℝ) consistency (see the package documentation), in
// O(n) per pass, and is entailed once every variable is assigned. Leq and
// Geq are domain consistent after one O(n) pass and entailed once the
// largest possible sum is at most c (Leq). Neq wakes on assignments and is
// domain consistent: O(n) per run, entailed once at most one variable is
// unassigned.
//
// Post returns an error wrapping ErrLinear, and posts nothing, when the
// slices differ in length, a variable is not in m, rel is unknown, or
// Σ|coeffs[i]|·max(vars[i]) exceeds 2^61.
func Post(m *csp.Model, coeffs []int, vars []csp.Var, rel Rel, c int) error {
	ts, c, err := normalize(m, coeffs, vars, rel, c)
	if err != nil {
		return err
	}
	if rel == Geq {
		for i := range ts {
			ts[i].a = -ts[i].a
		}
		c, rel = -c, Leq
	}
	xs := make([]csp.Var, len(ts))
	for i, t := range ts {
		xs[i] = t.x
	}
	switch {
	case len(ts) == 0:
		m.Post(constProp(holds(0, rel, c)), domains.EventAssigned)
	case rel == Eq:
		m.Post(&eqProp{terms: ts, c: c}, domains.EventBounds, xs...)
	case rel == Leq:
		m.Post(&leqProp{terms: ts, c: c}, domains.EventBounds, xs...)
	default:
		m.Post(&neqProp{terms: ts, c: c}, domains.EventAssigned, xs...)
	}
	return nil
}

// holds compares a sum with c.
func holds(sum int, rel Rel, c int) bool {
	switch rel {
	case Eq:
		return sum == c
	case Leq:
		return sum <= c
	case Geq:
		return sum >= c
	}
	return sum != c
}

// term is a·x.
type term struct {
	a int
	x csp.Var
}

// normalize checks the arguments, merges repeated variables, drops zero
// coefficients and clamps c to just outside the range of the sum (so that
// no arithmetic on it overflows and it means the same).
func normalize(m *csp.Model, coeffs []int, vars []csp.Var, rel Rel, c int) ([]term, int, error) {
	if len(coeffs) != len(vars) {
		return nil, 0, fmt.Errorf("%w: %d coefficients for %d variables", ErrLinear, len(coeffs), len(vars))
	}
	if rel > Neq {
		return nil, 0, fmt.Errorf("%w: unknown relation %v", ErrLinear, rel)
	}
	if err := m.CheckVars(vars...); err != nil {
		return nil, 0, fmt.Errorf("%w: %w", ErrLinear, err)
	}
	at := map[csp.Var]int{}
	var ts []term
	for i, x := range vars {
		if k, ok := at[x]; ok {
			a, ok := addInt(ts[k].a, coeffs[i])
			if !ok {
				return nil, 0, fmt.Errorf("%w: coefficients of variable %d overflow", ErrLinear, x)
			}
			ts[k].a = a
			continue
		}
		at[x] = len(ts)
		ts = append(ts, term{a: coeffs[i], x: x})
	}
	total := 0
	k := 0
	for _, t := range ts {
		if t.a == 0 {
			continue
		}
		d := m.InitialDomain(t.x)
		top := max(d.Max(), -d.Min(), 0) // the largest |x|
		a := max(t.a, -t.a)
		if t.a == -t.a || top > 0 && a > maxMagnitude/top {
			return nil, 0, fmt.Errorf("%w: coefficient %d of variable %d too large", ErrLinear, t.a, t.x)
		}
		if total += a * top; total > maxMagnitude {
			return nil, 0, fmt.Errorf("%w: coefficients too large, a sum could overflow", ErrLinear)
		}
		ts[k] = t
		k++
	}
	return ts[:k], max(-total-1, min(c, total+1)), nil
}

func addInt(a, b int) (int, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

// bounds returns the smallest and largest value of a·x.
func (t term) bounds(s *csp.Space) (lo, hi int) {
	if t.a > 0 {
		return t.a * s.Min(t.x), t.a * s.Max(t.x)
	}
	return t.a * s.Max(t.x), t.a * s.Min(t.x)
}

// narrow keeps a·x within lo..hi; it reports false on a wipe-out.
func (t term) narrow(s *csp.Space, lo, hi int) bool {
	if t.a > 0 {
		return s.RemoveBelow(t.x, ceilDiv(lo, t.a)) && s.RemoveAbove(t.x, floorDiv(hi, t.a))
	}
	return s.RemoveBelow(t.x, ceilDiv(hi, t.a)) && s.RemoveAbove(t.x, floorDiv(lo, t.a))
}

// floorDiv and ceilDiv round a/b down and up (b != 0).
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}

// eqProp is Σ aᵢxᵢ = c at bounds(ℝ) consistency.
type eqProp struct {
	terms []term
	c     int
}

// Propagate narrows every term to c minus the others' range, pass after
// pass, until no bound moves.
func (p *eqProp) Propagate(s *csp.Space) csp.Status {
	for {
		lo, hi := 0, 0
		for _, t := range p.terms {
			l, h := t.bounds(s)
			lo, hi = lo+l, hi+h
		}
		if lo > p.c || hi < p.c {
			return csp.Failed
		}
		if lo == hi {
			return csp.Entailed // every term fixed, and the sum is c
		}
		changed := false
		for _, t := range p.terms {
			l, h := t.bounds(s)
			tlo, thi := p.c-(hi-h), p.c-(lo-l)
			if tlo <= l && h <= thi {
				continue
			}
			if !t.narrow(s, tlo, thi) {
				return csp.Failed
			}
			l2, h2 := t.bounds(s)
			lo, hi = lo+l2-l, hi+h2-h
			changed = true
		}
		if !changed {
			return csp.Fixpoint
		}
	}
}

func (p *eqProp) Name() string { return "linear/eq" }

// leqProp is Σ aᵢxᵢ <= c, domain consistent.
type leqProp struct {
	terms []term
	c     int
}

// Propagate caps every term at c minus the others' smallest sum, in one
// pass: capping a term's top leaves its bottom, so the sum of bottoms does
// not move.
func (p *leqProp) Propagate(s *csp.Space) csp.Status {
	lo := 0
	for _, t := range p.terms {
		l, _ := t.bounds(s)
		lo += l
	}
	if lo > p.c {
		return csp.Failed
	}
	hi := 0
	for _, t := range p.terms {
		l, h := t.bounds(s)
		if top := p.c - (lo - l); h > top {
			if !t.narrow(s, l, top) {
				return csp.Failed
			}
			_, h = t.bounds(s)
		}
		hi += h
	}
	if hi <= p.c {
		return csp.Entailed
	}
	return csp.Fixpoint
}

func (p *leqProp) Name() string { return "linear/leq" }

// neqProp is Σ aᵢxᵢ != c.
type neqProp struct {
	terms []term
	c     int
}

// Propagate removes the last unassigned variable's forbidden value.
func (p *neqProp) Propagate(s *csp.Space) csp.Status {
	sum, free := 0, -1
	for i, t := range p.terms {
		v, ok := s.Value(t.x)
		if !ok {
			if free >= 0 {
				return csp.Fixpoint // two free variables: every value has a support
			}
			free = i
			continue
		}
		sum += t.a * v
	}
	if free < 0 {
		if sum == p.c {
			return csp.Failed
		}
		return csp.Entailed
	}
	t := p.terms[free]
	if r := p.c - sum; r%t.a == 0 {
		if !s.Remove(t.x, r/t.a) {
			return csp.Failed
		}
		if s.Contains(t.x, r/t.a) {
			return csp.Fixpoint // an interval cannot hold the hole: wait for its assignment
		}
	}
	return csp.Entailed
}

func (p *neqProp) Name() string { return "linear/neq" }

// constProp holds always (true) or never (false).
type constProp bool

func (p constProp) Propagate(*csp.Space) csp.Status {
	if p {
		return csp.Entailed
	}
	return csp.Failed
}

func (p constProp) Name() string           { return "linear/const" }
func (p constProp) Priority() csp.Priority { return csp.Unary }
