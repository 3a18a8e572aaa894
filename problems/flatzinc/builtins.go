package flatzinc

import (
	"math"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/arith"
	"github.com/cspgo/csp/propagators/boolean"
	"github.com/cspgo/csp/propagators/chain"
	"github.com/cspgo/csp/propagators/channel"
	"github.com/cspgo/csp/propagators/count"
	"github.com/cspgo/csp/propagators/element"
	"github.com/cspgo/csp/propagators/lex"
	"github.com/cspgo/csp/propagators/linear"
	"github.com/cspgo/csp/propagators/neq"
	"github.com/cspgo/csp/propagators/reif"
	"github.com/cspgo/csp/propagators/table"
)

// builtin posts one FlatZinc constraint. args is its signature, a letter
// per argument: i an int, b a bool, s a set of int, I an array of int, B
// an array of bool (var or par alike: whether an argument must be a
// parameter is for post to say).
type builtin struct {
	args string
	post func(b *builder, c *Constraint) error
}

// builtins maps each FlatZinc constraint this solver takes onto the
// engine's propagators (docs/FLATZINC.md lists them). The csp_ ones are
// the predicates of the solver library (mznlib/), which MiniZinc emits in
// place of its decompositions of the globals.
var builtins = map[string]builtin{
	"int_eq":  {"ii", equal},
	"int_ne":  {"ii", binary(neq.Post)},
	"int_le":  {"ii", binary(arith.LessEq)},
	"int_lt":  {"ii", binary(arith.Less)},
	"bool_eq": {"bb", equal},
	"bool_le": {"bb", binary(arith.LessEq)},
	"bool_lt": {"bb", binary(arith.Less)},
	// bool2int is the identity: a Boolean is a 0/1 variable.
	"bool2int":    {"bi", binary(func(m *csp.Model, x, y csp.Var) error { return arith.Diff(m, x, y, 0) })},
	"int_plus":    {"iii", linearOf([]int64{1, 1, -1}, linear.Eq, 0)},
	"int_lin_eq":  {"IIi", intLin(linear.Eq)},
	"int_lin_le":  {"IIi", intLin(linear.Leq)},
	"int_lin_ne":  {"IIi", intLin(linear.Neq)},
	"bool_lin_eq": {"IBi", boolLin(linear.Eq)},
	"bool_lin_le": {"IBi", boolLin(linear.Leq)},
	// int_times is arith.Mul (Times, domain consistent, on domains from
	// 0; bounds otherwise); the others are fzn-engine's arith operations.
	"int_times": {"iii", ternary(arith.Mul)},
	"int_div":   {"iii", ternary(arith.Div)},
	"int_mod":   {"iii", ternary(arith.Mod)},
	"int_min":   {"iii", ternary(arith.Min)},
	"int_max":   {"iii", ternary(arith.Max)},
	"int_pow":   {"iii", ternary(arith.Pow)},
	"int_abs":   {"ii", binary(arith.Abs)},
	// array_int_maximum(m, xs), array_int_minimum(m, xs): one propagator
	// over the array (mznlib/redefinitions-2.0.mzn makes them builtins).
	"array_int_maximum": {"iI", arrayExtreme(arith.ArrayMax)},
	"array_int_minimum": {"iI", arrayExtreme(arith.ArrayMin)},
	"bool_not":          {"bb", parity(true)},
	"bool_xor":          {"bbb", parity(false)}, // r = a xor b: a + b + r even
	"array_bool_xor": {"B", func(b *builder, c *Constraint) error {
		xs, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		return b.wrap(c, boolean.Parity(b.m, xs, true))
	}},
	"bool_and":       {"bbb", andOr(boolean.And, false)},
	"bool_or":        {"bbb", andOr(boolean.Or, false)},
	"array_bool_and": {"Bb", andOr(boolean.And, true)},
	"array_bool_or":  {"Bb", andOr(boolean.Or, true)},
	"bool_clause": {"BB", func(b *builder, c *Constraint) error {
		pos, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		neg, err := b.vars(c.Args[1])
		if err != nil {
			return err
		}
		return b.wrap(c, boolean.Clause(b.m, pos, neg))
	}},
	"bool_eq_reif": {"bbb", truthTable(func(a, b int) bool { return a == b }, reif.Full)},
	"bool_le_reif": {"bbb", truthTable(func(a, b int) bool { return a <= b }, reif.Full)},
	"bool_lt_reif": {"bbb", truthTable(func(a, b int) bool { return a < b }, reif.Full)},
	"bool_eq_imp":  {"bbb", truthTable(func(a, b int) bool { return a == b }, reif.Imp)},
	"bool_le_imp":  {"bbb", truthTable(func(a, b int) bool { return a <= b }, reif.Imp)},
	"bool_lt_imp":  {"bbb", truthTable(func(a, b int) bool { return a < b }, reif.Imp)},
	"bool_and_imp": {"bbb", truthTable(func(a, b int) bool { return a == 1 && b == 1 }, reif.Imp)},
	"bool_or_imp":  {"bbb", truthTable(func(a, b int) bool { return a == 1 || b == 1 }, reif.Imp)},
	"bool_xor_imp": {"bbb", truthTable(func(a, b int) bool { return a != b }, reif.Imp)},
	"array_bool_and_imp": {"Bb", func(b *builder, c *Constraint) error {
		xs, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		r, err := b.variable(c.Args[1])
		if err != nil {
			return err
		}
		for _, x := range xs { // r -> x
			if err := b.wrap(c, boolean.Clause(b.m, []csp.Var{x}, []csp.Var{r})); err != nil {
				return err
			}
		}
		return nil
	}},
	"array_bool_or_imp": {"Bb", func(b *builder, c *Constraint) error {
		xs, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		r, err := b.variable(c.Args[1])
		if err != nil {
			return err
		}
		return b.wrap(c, boolean.Clause(b.m, xs, []csp.Var{r})) // r -> some x
	}},
	"bool_clause_reif":       {"BBb", clauseReif(reif.Full)},
	"bool_clause_imp":        {"BBb", clauseReif(reif.Imp)},
	"array_int_element":      {"iIi", constElement},
	"array_bool_element":     {"iBb", constElement},
	"array_var_int_element":  {"iIi", varElement},
	"array_var_bool_element": {"iBb", varElement},
	"int_eq_reif":            {"iib", binaryReif(reif.Full, linear.Eq)},
	"int_ne_reif":            {"iib", binaryReif(reif.Full, linear.Neq)},
	"int_le_reif":            {"iib", binaryReif(reif.Full, linear.Leq)},
	"int_lt_reif":            {"iib", binaryReif(reif.Full, linear.Geq)}, // Geq stands for <: see binaryReif
	"int_eq_imp":             {"iib", binaryReif(reif.Imp, linear.Eq)},
	"int_ne_imp":             {"iib", binaryReif(reif.Imp, linear.Neq)},
	"int_le_imp":             {"iib", binaryReif(reif.Imp, linear.Leq)},
	"int_lt_imp":             {"iib", binaryReif(reif.Imp, linear.Geq)},
	"int_lin_eq_reif":        {"IIib", linReif(reif.Full, linear.Eq)},
	"int_lin_le_reif":        {"IIib", linReif(reif.Full, linear.Leq)},
	"int_lin_ne_reif":        {"IIib", linReif(reif.Full, linear.Neq)},
	"int_lin_eq_imp":         {"IIib", linReif(reif.Imp, linear.Eq)},
	"int_lin_le_imp":         {"IIib", linReif(reif.Imp, linear.Leq)},
	"int_lin_ne_imp":         {"IIib", linReif(reif.Imp, linear.Neq)},
	"set_in_reif":            {"isb", setInReif(reif.Full)},
	"set_in_imp":             {"isb", setInReif(reif.Imp)},
	"set_in": {"is", func(b *builder, c *Constraint) error {
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
	"csp_all_different_int": {"I", func(b *builder, c *Constraint) error {
		xs, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		ys, _, err := b.fromZero(c, xs)
		if err != nil {
			return err
		}
		strength := allDiffStrength(c.Anns)
		if b.o.AllDiff != nil {
			strength = *b.o.AllDiff // the caller's choice over the model's
		}
		return b.wrap(c, alldiff.Post(b.m, ys, strength))
	}},
	"csp_table_int": {"II", func(b *builder, c *Constraint) error {
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
	// csp_windows(x, rels): the windows of the line x (chain.PostWindows).
	"csp_windows": {"II", windows},
	// csp_lex_less(eq)_int/bool(x, y): the lexicographic orderings,
	// domain consistent, on any representation.
	"csp_lex_less_int":    {"II", lexOrder(lex.Less)},
	"csp_lex_lesseq_int":  {"II", lexOrder(lex.LessEq)},
	"csp_lex_less_bool":   {"BB", lexOrder(lex.Less)},
	"csp_lex_lesseq_bool": {"BB", lexOrder(lex.LessEq)},
	// csp_count_eq(xs, y, c): c = the number of xs equal to y.
	"csp_count_eq": {"Iii", func(b *builder, c *Constraint) error {
		xs, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		yn, err := b.argVars(c.Args[1:]...)
		if err != nil {
			return err
		}
		return b.wrap(c, count.Post(b.m, xs, yn[0], yn[1]))
	}},
	// csp_inverse(f, invf, base): f[i] = j+base iff invf[j] = i+base,
	// both arrays indexed from base in the model (mznlib/ checks it).
	"csp_inverse": {"IIi", func(b *builder, c *Constraint) error {
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

// windows posts csp_windows(x, rels) (mznlib/csp_windows.mzn): for every
// cell x[i] with a relation on both sides (rels[i-1] and rels[i] not 0),
// x[i-1], x[i], x[i+1] pairwise different with rels[i-1] between the
// first two and rels[i] between the last two; the relations are coded as
// chain.Rel: 0 none, 1 <, 2 >, 3 |x-y| = 1, 4 |x-y| != 1. It is
// chain.PostWindows, one propagator per window, domain consistent on its
// three cells, as the native puzzle models post it; over copies shifted
// by one constant (the relations only read differences) when the line's
// values are not all within 0..63, and refused when they span more than
// 64 values.
func windows(b *builder, c *Constraint) error {
	xs, err := b.vars(c.Args[0])
	if err != nil {
		return err
	}
	codes, err := b.constInts(c.Args[1])
	if err != nil {
		return err
	}
	if len(xs) == 0 || len(codes) != len(xs)-1 {
		return errAt(c.Pos, ErrModel, "%s: %d relations for %d cells (wants one fewer relation than cells)", c.Name, len(codes), len(xs))
	}
	rels := make([]chain.Rel, len(codes))
	for i, r := range codes {
		if r < int64(chain.Any) || r > int64(chain.NotAdjacent) {
			return errAt(c.Pos, ErrModel, "%s: relation %d at position %d (wants 0 none, 1 <, 2 >, 3 |x-y| = 1 or 4 |x-y| != 1)", c.Name, r, i+1)
		}
		rels[i] = chain.Rel(r)
	}
	line := xs
	if !b.fitsWindows(xs) {
		if line, _, err = b.shiftToZero(c, xs, 64); err != nil {
			return err
		}
	}
	return b.wrap(c, chain.PostWindows(b.m, line, rels))
}

// fitsWindows reports whether chain.PostWindows takes xs as they are:
// bitsets from 0, every value below 64.
func (b *builder) fitsWindows(xs []csp.Var) bool {
	if b.m.CheckWords(xs...) != nil {
		return false
	}
	for _, x := range xs {
		if d := b.m.InitialDomain(x); !d.Empty() && (d.Min() < 0 || d.Max() >= 64) {
			return false
		}
	}
	return true
}

// lexOrder posts csp_lex_less(eq)_*(x, y) by lex.Post.
func lexOrder(strict lex.Strictness) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		x, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		y, err := b.vars(c.Args[1])
		if err != nil {
			return err
		}
		return b.wrap(c, lex.Post(b.m, x, y, strict))
	}
}

// defaultAllDiff is the all-different strength of a csp_all_different_int
// without a consistency annotation (docs/FLATZINC.md says why this one).
const defaultAllDiff = alldiff.GAC

// allDiffStrength reads MiniZinc's consistency annotation on an
// all-different call: domain (domain_propagation) and bounds
// (bounds_propagation) are GAC, which is bounds consistent too (the
// engine has no all-different between value and GAC that bounds would
// name); value_propagation is Value; none is defaultAllDiff.
func allDiffStrength(anns []Expr) alldiff.Strength {
	for _, a := range anns {
		switch ident(a) {
		case "domain", "domain_propagation", "bounds", "bounds_propagation":
			return alldiff.GAC
		case "value_propagation":
			return alldiff.Value
		}
	}
	return defaultAllDiff
}

// needs names what the engine lacks for the builtins it does not take
// yet, so that the error says it.
var needs = map[string]string{}

// arrayExtreme posts array_int_maximum and array_int_minimum(m, xs).
func arrayExtreme(post func(*csp.Model, []csp.Var, csp.Var) error) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		z, err := b.variable(c.Args[0])
		if err != nil {
			return err
		}
		xs, err := b.vars(c.Args[1])
		if err != nil {
			return err
		}
		return b.wrap(c, post(b.m, xs, z))
	}
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
	return b.shiftToZero(c, xs, domains.MaxValue+1)
}

// shiftToZero returns for each x of xs a new variable y = x + shift
// (arith.Diff, domain consistent), shift = -(the least value of all), so
// that the values start at 0; values spanning more than span are
// refused as unsupported.
func (b *builder) shiftToZero(c *Constraint, xs []csp.Var, span int) ([]csp.Var, int, error) {
	lo, hi := math.MaxInt, math.MinInt
	for _, x := range xs {
		d := b.m.InitialDomain(x)
		if d.Empty() {
			continue
		}
		lo, hi = min(lo, d.Min()), max(hi, d.Max())
	}
	if hi-lo >= span {
		return nil, 0, errAt(c.Pos, ErrUnsupported, "%s over values %d..%d (needs a span of at most %d values)", c.Name, lo, hi, span)
	}
	if lo > hi {
		lo = 0 // every domain empty
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

// postTable posts a table over xs (which takes bitsets from any base),
// over copies shifted by fromZero when some is an interval.
func (b *builder) postTable(c *Constraint, xs []csp.Var, tuples [][]int) error {
	if b.m.CheckBitset(xs...) == nil {
		return b.wrap(c, table.Post(b.ctx, b.m, xs, tuples))
	}
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

// ternary adapts a three-variable posting function.
func ternary(post func(m *csp.Model, x, y, z csp.Var) error) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		xs, err := b.argVars(c.Args...)
		if err != nil {
			return err
		}
		return b.wrap(c, post(b.m, xs[0], xs[1], xs[2]))
	}
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
		var err error
		if cs[i], err = b.int32(c, "coefficient", a); err != nil {
			return err
		}
	}
	kk, err := b.int32(c, "constant", k)
	if err != nil {
		return err
	}
	return b.wrap(c, linear.Post(b.m, cs, xs, rel, kk))
}

// boolLin posts bool_lin_eq(as, bs, c) and bool_lin_le: the sum of as[i]
// times bs[i] is c, or at most c, where c, unlike int_lin's constant, may
// be a variable (the FlatZinc builtins' var int): then it joins the sum
// with coefficient -1 against 0.
func boolLin(rel linear.Rel) func(*builder, *Constraint) error {
	lin := intLin(rel)
	return func(b *builder, c *Constraint) error {
		o, err := b.operand(c.Args[2])
		if err != nil {
			return err
		}
		if !o.IsVar {
			return lin(b, c)
		}
		cs, xs, err := b.linTerms(c)
		if err != nil {
			return err
		}
		return b.wrap(c, linear.Post(b.m, append(cs, -1), append(xs, o.Var), rel, 0))
	}
}

// linArgs resolves the coefficients, variables and constant of
// int_lin_* and bool_lin_*(as, xs, k, ...), refusing values beyond int32.
func (b *builder) linArgs(c *Constraint) ([]int, []csp.Var, int, error) {
	cs, xs, err := b.linTerms(c)
	if err != nil {
		return nil, nil, 0, err
	}
	k, err := b.constInt(c.Args[2])
	if err != nil {
		return nil, nil, 0, err
	}
	kk, err := b.int32(c, "constant", k)
	return cs, xs, kk, err
}

// linTerms reads the terms of a linear constraint: its coefficients (the
// first argument, each within int32) and variables (the second), as many
// of each.
func (b *builder) linTerms(c *Constraint) ([]int, []csp.Var, error) {
	as, err := b.constInts(c.Args[0])
	if err != nil {
		return nil, nil, err
	}
	xs, err := b.vars(c.Args[1])
	if err != nil {
		return nil, nil, err
	}
	if len(as) != len(xs) {
		return nil, nil, errAt(c.Pos, ErrModel, "%s: %d coefficients for %d variables", c.Name, len(as), len(xs))
	}
	cs := make([]int, len(as))
	for i, a := range as {
		if cs[i], err = b.int32(c, "coefficient", a); err != nil {
			return nil, nil, err
		}
	}
	return cs, xs, nil
}

// int32 checks a coefficient or constant against ±2^31.
func (b *builder) int32(c *Constraint, what string, v int64) (int, error) {
	if v > math.MaxInt32 || v < -math.MaxInt32 {
		return 0, errAt(c.Pos, ErrRange, "%s: %s %d beyond ±2^31", c.Name, what, v)
	}
	return int(v), nil
}

// intLin posts int_lin_* and bool_lin_*(as, xs, c). A difference
// x - y = k over two bitset variables (MiniZinc's definition of x + k in
// a global's argument, such as the diagonals of queens) is arith.Diff,
// domain consistent: linear's bounds would not pass y's holes on to x.
func intLin(rel linear.Rel) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		cs, xs, k, err := b.linArgs(c)
		if err != nil {
			return err
		}
		if rel == linear.Eq && len(xs) == 2 && xs[0] != xs[1] && cs[0] == -cs[1] && (cs[0] == 1 || cs[0] == -1) &&
			b.m.CheckBitset(xs...) == nil {
			x, y := xs[0], xs[1]
			if cs[0] == -1 {
				x, y = y, x
			}
			return b.wrap(c, arith.Diff(b.m, x, y, k))
		}
		return b.wrap(c, linear.Post(b.m, cs, xs, rel, k))
	}
}

// constElement posts array_int_element(i, as, z): z = as[i], 1-based
// (element.Int, domain consistent).
func constElement(b *builder, c *Constraint) error {
	i, z, err := b.elementEnds(c)
	if err != nil {
		return err
	}
	as, err := b.constInts(c.Args[1])
	if err != nil {
		return err
	}
	arr := make([]int, len(as))
	for k, a := range as {
		v, ok := fitsInt(a)
		if !ok {
			return errAt(c.Pos, ErrRange, "%s: %d beyond the engine's integers", c.Name, a)
		}
		arr[k] = v
	}
	return b.wrap(c, element.Int(b.m, i, arr, z, 1))
}

// varElement posts array_var_int_element(i, xs, z): z = xs[i], 1-based
// (element.Vars).
func varElement(b *builder, c *Constraint) error {
	i, z, err := b.elementEnds(c)
	if err != nil {
		return err
	}
	xs, err := b.vars(c.Args[1])
	if err != nil {
		return err
	}
	return b.wrap(c, element.Vars(b.m, i, xs, z, 1))
}

// elementEnds reads the index (first argument) and the result (third)
// of an element constraint, the two both forms share.
func (b *builder) elementEnds(c *Constraint) (i, z csp.Var, err error) {
	if i, err = b.variable(c.Args[0]); err != nil {
		return 0, 0, err
	}
	z, err = b.variable(c.Args[2])
	return i, z, err
}

// parity posts bool_not (odd: a + b = 1) and bool_xor (even: a + b + r).
func parity(odd bool) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		xs, err := b.argVars(c.Args...)
		if err != nil {
			return err
		}
		return b.wrap(c, boolean.Parity(b.m, xs, odd))
	}
}

// andOr posts r = a op b (bool_and, bool_or), or r = op(as) with array.
func andOr(post func(*csp.Model, []csp.Var, csp.Var) error, array bool) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		var xs []csp.Var
		var err error
		if array {
			xs, err = b.vars(c.Args[0])
		} else {
			xs, err = b.argVars(c.Args[:2]...)
		}
		if err != nil {
			return err
		}
		r, err := b.variable(c.Args[len(c.Args)-1])
		if err != nil {
			return err
		}
		return b.wrap(c, post(b.m, xs, r))
	}
}

// truthTable posts a Boolean relation r <-> op(a, b) (Full) or
// r -> op(a, b) (Imp) over the arguments (a, b, r) as the table of the
// triples that satisfy it.
func truthTable(op func(a, b int) bool, mode reif.Mode) func(*builder, *Constraint) error {
	var tuples [][]int
	for a := range 2 {
		for v := range 2 {
			for r := range 2 {
				holds := op(a, v)
				if r == 1 && holds || r == 0 && (mode == reif.Imp || !holds) {
					tuples = append(tuples, []int{a, v, r})
				}
			}
		}
	}
	return func(b *builder, c *Constraint) error {
		xs, err := b.argVars(c.Args...)
		if err != nil {
			return err
		}
		return b.postTable(c, xs, tuples)
	}
}

// clauseReif posts bool_clause_reif(as, bs, r): r <-> (some a or some
// not b), as r <-> or(as, nots) over fresh negations of bs (Full), and
// bool_clause_imp as the clause as ∨ ¬bs ∨ ¬r.
func clauseReif(mode reif.Mode) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		pos, err := b.vars(c.Args[0])
		if err != nil {
			return err
		}
		neg, err := b.vars(c.Args[1])
		if err != nil {
			return err
		}
		r, err := b.variable(c.Args[2])
		if err != nil {
			return err
		}
		if mode == reif.Imp {
			return b.wrap(c, boolean.Clause(b.m, pos, append(append([]csp.Var(nil), neg...), r)))
		}
		lits := append([]csp.Var(nil), pos...)
		for _, x := range neg {
			nx := b.m.NewBoolVar("not " + b.m.Name(x))
			if err := b.wrap(c, boolean.Parity(b.m, []csp.Var{x, nx}, true)); err != nil {
				return err
			}
			lits = append(lits, nx)
		}
		return b.wrap(c, boolean.Or(b.m, lits, r))
	}
}

// binaryReif posts int_eq/ne/le/lt_reif and _imp(x, y, r): equality and
// disequality by reif.Equal and reif.NotEqual (domain consistent), the
// orders by linear.Cond over x - y; rel Geq stands for x < y (x - y <= -1).
func binaryReif(mode reif.Mode, rel linear.Rel) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		xs, err := b.argVars(c.Args...)
		if err != nil {
			return err
		}
		x, y, r := xs[0], xs[1], xs[2]
		var cond reif.Cond
		switch rel {
		case linear.Eq:
			cond = reif.Equal(x, y, 0)
		case linear.Neq:
			cond = reif.NotEqual(x, y, 0)
		case linear.Leq:
			cond, err = linear.Cond(b.m, []int{1, -1}, []csp.Var{x, y}, linear.Leq, 0)
		default:
			cond, err = linear.Cond(b.m, []int{1, -1}, []csp.Var{x, y}, linear.Leq, -1)
		}
		if err != nil {
			return b.wrap(c, err)
		}
		return b.wrap(c, reif.Post(b.m, r, cond, mode))
	}
}

// linReif posts int_lin_*_reif and _imp(as, xs, k, r) by linear.Cond.
func linReif(mode reif.Mode, rel linear.Rel) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		cs, xs, k, err := b.linArgs(c)
		if err != nil {
			return err
		}
		r, err := b.variable(c.Args[3])
		if err != nil {
			return err
		}
		cond, err := linear.Cond(b.m, cs, xs, rel, k)
		if err != nil {
			return b.wrap(c, err)
		}
		return b.wrap(c, reif.Post(b.m, r, cond, mode))
	}
}

// maxSetValues bounds the values of a constant set given to the
// membership propagators as a list.
const maxSetValues = 1 << 20

// setValues lists a constant set's values, within maxSetValues (what
// names the set's place for the error).
func setValues(pos Pos, what string, rs []Range) ([]int, error) {
	var out []int
	for _, r := range rs {
		lo, hi := max(r.Lo, domains.MinInt), min(r.Hi, domains.MaxInt)
		if lo > hi {
			continue
		}
		if hi-lo >= maxSetValues || len(out)+int(hi-lo+1) > maxSetValues {
			return nil, errAt(pos, ErrUnsupported, "%s: a set of more than %d values", what, maxSetValues)
		}
		for v := lo; v <= hi; v++ {
			out = append(out, int(v))
		}
	}
	return out, nil
}

// setInReif posts set_in_reif and _imp(x, S, r) by reif.In.
func setInReif(mode reif.Mode) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		x, err := b.variable(c.Args[0])
		if err != nil {
			return err
		}
		s, err := b.constSet(c.Args[1])
		if err != nil {
			return err
		}
		vals, err := setValues(c.Pos, c.Name, s)
		if err != nil {
			return err
		}
		r, err := b.variable(c.Args[2])
		if err != nil {
			return err
		}
		return b.wrap(c, reif.Post(b.m, r, reif.In(x, vals), mode))
	}
}

// fitsInt returns v as an int when it is within ±2^31 (beyond, no
// variable of the engine holds it: a tuple with it is dropped).
func fitsInt(v int64) (int, bool) {
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, false
	}
	return int(v), true
}
