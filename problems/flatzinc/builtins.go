package flatzinc

import (
	"math"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/arith"
	"github.com/cspgo/csp/propagators/channel"
	"github.com/cspgo/csp/propagators/linear"
	"github.com/cspgo/csp/propagators/neq"
	"github.com/cspgo/csp/propagators/table"
)

// builtin posts one FlatZinc constraint.
type builtin struct {
	arity int
	post  func(b *builder, c *Constraint) error
}

// builtins maps each FlatZinc constraint this solver takes onto the
// engine's propagators (docs/FLATZINC.md lists them). The csp_ ones are
// the predicates of the solver library (mznlib/), which MiniZinc emits in
// place of its decompositions of the globals.
var builtins = map[string]builtin{
	"int_eq":  {2, equal},
	"int_ne":  {2, binary(neq.Post)},
	"int_le":  {2, binary(arith.LessEq)},
	"int_lt":  {2, binary(arith.Less)},
	"bool_eq": {2, equal},
	"bool_le": {2, binary(arith.LessEq)},
	"bool_lt": {2, binary(arith.Less)},
	// bool2int is the identity: a Boolean is a 0/1 variable.
	"bool2int":    {2, binary(func(m *csp.Model, x, y csp.Var) error { return arith.Diff(m, x, y, 0) })},
	"bool_not":    {2, linearOf([]int64{1, 1}, linear.Eq, 1)},
	"int_plus":    {3, linearOf([]int64{1, 1, -1}, linear.Eq, 0)},
	"int_lin_eq":  {3, intLin(linear.Eq)},
	"int_lin_le":  {3, intLin(linear.Leq)},
	"int_lin_ne":  {3, intLin(linear.Neq)},
	"bool_lin_eq": {3, intLin(linear.Eq)},
	"bool_lin_le": {3, intLin(linear.Leq)},
	"int_times": {3, func(b *builder, c *Constraint) error {
		xs, err := b.argVars(c.Args...)
		if err != nil {
			return err
		}
		if b.m.CheckWords(xs...) != nil {
			return errAt(c.Pos, ErrUnsupported, "int_times over values outside 0..%d (needs times over any integers)", domains.MaxValue)
		}
		return b.wrap(c, arith.Times(b.m, xs[0], xs[1], xs[2]))
	}},
	// |a| = b is a = b while a cannot be negative.
	"int_abs": {2, func(b *builder, c *Constraint) error {
		xs, err := b.argVars(c.Args...)
		if err != nil {
			return err
		}
		if d := b.m.InitialDomain(xs[0]); d.Min() < 0 {
			return errAt(c.Pos, ErrUnsupported, "int_abs over negative values (needs its arithmetic propagator)")
		}
		return b.postEqual(c, xs[0], xs[1])
	}},
	// r = a ∧ b: r <= a, r <= b, a + b - r <= 1.
	"bool_and": {3, clauses(
		lin{[]int64{-1, 0, 1}, linear.Leq, 0},
		lin{[]int64{0, -1, 1}, linear.Leq, 0},
		lin{[]int64{1, 1, -1}, linear.Leq, 1})},
	// r = a ∨ b: a <= r, b <= r, r <= a + b.
	"bool_or": {3, clauses(
		lin{[]int64{1, 0, -1}, linear.Leq, 0},
		lin{[]int64{0, 1, -1}, linear.Leq, 0},
		lin{[]int64{-1, -1, 1}, linear.Leq, 0})},
	"bool_xor":           {3, tabled([][]int{{0, 0, 0}, {0, 1, 1}, {1, 0, 1}, {1, 1, 0}})},
	"bool_eq_reif":       {3, tabled([][]int{{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {1, 1, 1}})},
	"bool_le_reif":       {3, tabled([][]int{{0, 0, 1}, {0, 1, 1}, {1, 0, 0}, {1, 1, 1}})},
	"bool_lt_reif":       {3, tabled([][]int{{0, 0, 0}, {0, 1, 1}, {1, 0, 0}, {1, 1, 0}})},
	"bool_clause":        {2, boolClause},
	"array_bool_and":     {2, arrayBoolAndOr(true)},
	"array_bool_or":      {2, arrayBoolAndOr(false)},
	"array_bool_xor":     {1, arrayBoolXor},
	"array_int_element":  {3, constElement},
	"array_bool_element": {3, constElement},
	"set_in": {2, func(b *builder, c *Constraint) error {
		x, err := b.variable(c.Args[0])
		if err != nil {
			return err
		}
		s, err := b.constSet(c.Args[1])
		if err != nil {
			return err
		}
		return b.restrict(c.Pos, x, s)
	}},
	"csp_all_different_int": {1, func(b *builder, c *Constraint) error {
		xs, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		ys, _, err := b.fromZero(c, xs)
		if err != nil {
			return err
		}
		return b.wrap(c, alldiff.Post(b.m, ys, alldiff.GAC))
	}},
	"csp_table_int": {2, func(b *builder, c *Constraint) error {
		xs, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		flat, err := b.constInts(c.Args[1])
		if err != nil {
			return err
		}
		if len(xs) == 0 || len(flat)%len(xs) != 0 {
			return errAt(c.Pos, ErrModel, "%s: %d values do not make tuples of %d", c.Name, len(flat), len(xs))
		}
		tuples := make([][]int, 0, len(flat)/len(xs))
	next:
		for i := 0; i < len(flat); i += len(xs) {
			t := make([]int, len(xs))
			for j := range t {
				v, ok := fitsInt(flat[i+j])
				if !ok {
					continue next // no variable holds it
				}
				t[j] = v
			}
			tuples = append(tuples, t)
		}
		return b.postTable(c, xs, tuples)
	}},
	// csp_inverse(f, invf, base): f[i] = j+base iff invf[j] = i+base,
	// both arrays indexed from base in the model (mznlib/ checks it).
	"csp_inverse": {3, func(b *builder, c *Constraint) error {
		f, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		inv, err := b.vars(c.Args[1])
		if err != nil {
			return err
		}
		base, err := b.constInt(c.Args[2])
		if err != nil {
			return err
		}
		both, shift, err := b.fromZero(c, append(append([]csp.Var(nil), f...), inv...))
		if err != nil {
			return err
		}
		base += int64(shift)
		if base < 0 || base > domains.MaxValue {
			return errAt(c.Pos, ErrUnsupported, "%s with index sets from %d (needs index sets within 0..%d)", c.Name, base, domains.MaxValue)
		}
		f, inv = both[:len(f)], both[len(f):]
		if err := b.wrap(c, channel.Inverse(b.m, f, inv, int(base))); err != nil {
			return err
		}
		return b.wrap(c, alldiff.Post(b.m, f, alldiff.GAC))
	}},
}

// needs names what the engine lacks for the builtins it does not take
// yet, so that the error says it.
var needs = map[string]string{}

func init() {
	for _, name := range []string{"int_eq", "int_ne", "int_le", "int_lt", "int_lin_eq", "int_lin_le", "int_lin_ne", "set_in", "bool_and", "bool_or", "bool_xor", "bool_clause", "array_bool_and", "array_bool_or", "bool_eq", "bool_le", "bool_lt", "bool_not"} {
		for _, suffix := range []string{"_reif", "_imp"} {
			if _, ok := builtins[name+suffix]; !ok {
				needs[name+suffix] = "reification"
			}
		}
	}
	for _, name := range []string{"int_div", "int_mod", "int_min", "int_max", "int_pow"} {
		needs[name] = "its arithmetic propagator"
	}
	needs["array_var_int_element"] = "an element propagator"
	needs["array_var_bool_element"] = "an element propagator"
}

// equal posts int_eq, bool_eq and bool2int (a Boolean is a 0/1
// variable: bool2int is equality).
func equal(b *builder, c *Constraint) error {
	xs, err := b.argVars(c.Args...)
	if err != nil {
		return err
	}
	return b.postEqual(c, xs[0], xs[1])
}

// postEqual posts x = y: by the domain-consistent difference propagator
// on bitsets, by bounds (linear) when one is an interval.
func (b *builder) postEqual(c *Constraint, x, y csp.Var) error {
	if b.m.CheckBitset(x, y) == nil {
		return b.wrap(c, arith.Diff(b.m, x, y, 0))
	}
	return b.postLinear(c, []int64{1, -1}, []csp.Var{x, y}, linear.Eq, 0)
}

// fromZero returns variables that the word-reading propagators take (a
// bitset from 0) standing for xs shifted by one constant: xs themselves
// when they are such, else for each x a new variable y = x + shift
// (arith.Diff, domain consistent), shift = -(the least value of all).
// Shifting all by one constant keeps all-different, inverse (with the
// base shifted) and tables (with the tuples shifted) the same constraint.
// Values spanning more than domains.MaxValue are refused as unsupported.
func (b *builder) fromZero(c *Constraint, xs []csp.Var) ([]csp.Var, int, error) {
	if b.m.CheckWords(xs...) == nil {
		return xs, 0, nil
	}
	lo, hi := math.MaxInt, math.MinInt
	for _, x := range xs {
		d := b.m.InitialDomain(x)
		if d.Empty() {
			continue
		}
		lo, hi = min(lo, d.Min()), max(hi, d.Max())
	}
	if hi-lo > domains.MaxValue {
		return nil, 0, errAt(c.Pos, ErrUnsupported, "%s over values %d..%d (needs a span of at most %d values)", c.Name, lo, hi, domains.MaxValue+1)
	}
	shift := -lo
	ys := make([]csp.Var, len(xs))
	for i, x := range xs {
		d := b.m.InitialDomain(x)
		nd := domains.Range(1, 0)
		if !d.Empty() {
			nd = domains.Range(d.Min()+shift, d.Max()+shift)
			for v := d.Min(); v <= d.Max(); v++ {
				if !d.Contains(v) {
					nd.Remove(v + shift)
				}
			}
		}
		ys[i] = b.m.NewVar(nd, b.m.Name(x)+"+shift")
		if err := b.wrap(c, arith.Diff(b.m, ys[i], x, shift)); err != nil {
			return nil, 0, err
		}
	}
	return ys, shift, nil
}

// postTable posts a table over xs, shifted by fromZero when they need it.
func (b *builder) postTable(c *Constraint, xs []csp.Var, tuples [][]int) error {
	ys, shift, err := b.fromZero(c, xs)
	if err != nil {
		return err
	}
	if shift != 0 {
		shifted := make([][]int, len(tuples))
		for i, t := range tuples {
			shifted[i] = make([]int, len(t))
			for j, v := range t {
				shifted[i][j] = v + shift
			}
		}
		tuples = shifted
	}
	return b.wrap(c, table.Post(b.ctx, b.m, ys, tuples))
}

// wrap turns a posting function's error into an *Error at the constraint.
func (b *builder) wrap(c *Constraint, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*Error); ok {
		return err
	}
	return errAt(c.Pos, ErrUnsupported, "%s: %v", c.Name, err)
}

// argVars resolves scalar arguments to variables.
func (b *builder) argVars(args ...Expr) ([]csp.Var, error) {
	out := make([]csp.Var, len(args))
	for i, a := range args {
		x, err := b.variable(a)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}

// binary adapts a two-variable posting function.
func binary(post func(m *csp.Model, x, y csp.Var) error) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		xs, err := b.argVars(c.Args...)
		if err != nil {
			return err
		}
		return b.wrap(c, post(b.m, xs[0], xs[1]))
	}
}

// lin is Σ coeffs·args rel c over a constraint's scalar arguments.
type lin struct {
	coeffs []int64
	rel    linear.Rel
	c      int64
}

// linearOf posts one linear relation over the scalar arguments.
func linearOf(coeffs []int64, rel linear.Rel, c int64) func(*builder, *Constraint) error {
	return clauses(lin{coeffs, rel, c})
}

// clauses posts linear relations over the scalar arguments.
func clauses(ls ...lin) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		xs, err := b.argVars(c.Args...)
		if err != nil {
			return err
		}
		for _, l := range ls {
			if err := b.postLinear(c, l.coeffs, xs, l.rel, l.c); err != nil {
				return err
			}
		}
		return nil
	}
}

// postLinear posts Σ coeffs·xs rel k, refusing coefficients beyond int.
func (b *builder) postLinear(c *Constraint, coeffs []int64, xs []csp.Var, rel linear.Rel, k int64) error {
	cs := make([]int, len(coeffs))
	for i, a := range coeffs {
		if a > math.MaxInt32 || a < -math.MaxInt32 {
			return errAt(c.Pos, ErrRange, "%s: coefficient %d beyond ±2^31", c.Name, a)
		}
		cs[i] = int(a)
	}
	if k > math.MaxInt32 || k < -math.MaxInt32 {
		return errAt(c.Pos, ErrRange, "%s: constant %d beyond ±2^31", c.Name, k)
	}
	return b.wrap(c, linear.Post(b.m, cs, xs, rel, int(k)))
}

// intLin posts int_lin_* and bool_lin_*(as, xs, c).
func intLin(rel linear.Rel) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		as, err := b.constInts(c.Args[0])
		if err != nil {
			return err
		}
		xs, err := b.vars(c.Args[1])
		if err != nil {
			return err
		}
		if len(as) != len(xs) {
			return errAt(c.Pos, ErrModel, "%s: %d coefficients for %d variables", c.Name, len(as), len(xs))
		}
		k, err := b.constInt(c.Args[2])
		if err != nil {
			return err
		}
		return b.postLinear(c, as, xs, rel, k)
	}
}

// tabled posts a constraint over the scalar arguments as its table of
// allowed tuples (for Boolean relations, the truth table itself).
func tabled(tuples [][]int) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		xs, err := b.argVars(c.Args...)
		if err != nil {
			return err
		}
		return b.postTable(c, xs, tuples)
	}
}

// boolClause posts bool_clause(as, bs): some a is true or some b false,
// as Σas - Σbs >= 1 - |bs|.
func boolClause(b *builder, c *Constraint) error {
	as, err := b.vars(c.Args[0])
	if err != nil {
		return err
	}
	bs, err := b.vars(c.Args[1])
	if err != nil {
		return err
	}
	coeffs := make([]int64, 0, len(as)+len(bs))
	for range as {
		coeffs = append(coeffs, 1)
	}
	for range bs {
		coeffs = append(coeffs, -1)
	}
	return b.postLinear(c, coeffs, append(append([]csp.Var(nil), as...), bs...), linear.Geq, 1-int64(len(bs)))
}

// arrayBoolAndOr posts r = ∧as (and) or r = ∨as: r <= a for each a and
// Σas - r <= n-1 (and); a <= r for each a and r <= Σas (or).
func arrayBoolAndOr(and bool) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		as, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		r, err := b.variable(c.Args[1])
		if err != nil {
			return err
		}
		sign := int64(1)
		if !and {
			sign = -1
		}
		for _, a := range as {
			if err := b.postLinear(c, []int64{sign, -sign}, []csp.Var{r, a}, linear.Leq, 0); err != nil {
				return err
			}
		}
		coeffs := make([]int64, len(as)+1)
		for i := range as {
			coeffs[i] = sign
		}
		coeffs[len(as)] = -sign
		k := int64(len(as) - 1)
		if !and {
			k = 0
		}
		return b.postLinear(c, coeffs, append(append([]csp.Var(nil), as...), r), linear.Leq, k)
	}
}

// arrayBoolXor posts an odd number of as true: a chain of xors over
// fresh Booleans, the last fixed true.
func arrayBoolXor(b *builder, c *Constraint) error {
	as, err := b.vars(c.Args[0])
	if err != nil {
		return err
	}
	xor := [][]int{{0, 0, 0}, {0, 1, 1}, {1, 0, 1}, {1, 1, 0}}
	one, err := b.constant(c.Pos, 1)
	if err != nil {
		return err
	}
	if len(as) == 0 {
		zero, err := b.constant(c.Pos, 0)
		if err != nil {
			return err
		}
		return b.postEqual(c, zero, one) // an empty xor is false
	}
	acc := as[0]
	for _, a := range as[1:] {
		next := b.m.NewIntVar(0, 1, "xor")
		if err := b.postTable(c, []csp.Var{acc, a, next}, xor); err != nil {
			return err
		}
		acc = next
	}
	return b.postEqual(c, acc, one)
}

// constElement posts array_int_element(i, as, z): z = as[i], 1-based,
// as the table of pairs (i, as[i]).
func constElement(b *builder, c *Constraint) error {
	i, err := b.variable(c.Args[0])
	if err != nil {
		return err
	}
	as, err := b.constInts(c.Args[1])
	if err != nil {
		return err
	}
	z, err := b.variable(c.Args[2])
	if err != nil {
		return err
	}
	tuples := make([][]int, 0, len(as))
	for k, a := range as {
		if v, ok := fitsInt(a); ok {
			tuples = append(tuples, []int{k + 1, v})
		}
	}
	return b.postTable(c, []csp.Var{i, z}, tuples)
}

// fitsInt returns v as an int when it is within ±2^31 (beyond, no
// variable of the engine holds it: a tuple with it is dropped).
func fitsInt(v int64) (int, bool) {
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, false
	}
	return int(v), true
}
