package flatzinc

import (
	"context"
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/linear"
	"github.com/cspgo/csp/propagators/reif"
)

// Operand is an argument of a constraint or an output: a variable of the
// csp model, or a constant.
type Operand struct {
	Var   csp.Var
	Const int64
	IsVar bool
}

// Output is one output_var or output_array of the model, in the order of
// declaration: what a solution prints.
type Output struct {
	Name  string
	Bool  bool    // print true/false
	Array bool    // output_array: printed as arrayNd(...)
	Dims  []Range // the index sets of output_array's annotation
	Elems []Operand
}

// Problem is a FlatZinc model built onto the engine.
type Problem struct {
	FZN     *Model
	Model   *csp.Model
	Outputs []Output
	// Goal and Objective: what the solve item asks; Objective is set for
	// Minimize and Maximize (a variable, fixed for a constant objective).
	Goal      Goal
	Objective Operand
	// Search is what the solve item's annotations ask, mapped onto the
	// engine (see docs/FLATZINC.md): a phase per search annotation, and
	// a last one over every other variable.
	Search csp.Options
	// Notes are the annotations the engine has no exact counterpart for,
	// and what was done instead, one line each (printed by csp fzn -s).
	Notes       []string
	vars        map[string]csp.Var // scalar variable declarations
	bools       map[csp.Var]bool   // variables declared var bool
	restartSet  *restartAnn        // the solve item's restart annotation
	restartNone bool               // restart_none
}

// Var returns the csp variable of a scalar variable declaration.
func (p *Problem) Var(name string) (csp.Var, bool) {
	x, ok := p.vars[name]
	return x, ok
}

// builder turns a Model into a Problem.
type builder struct {
	ctx    context.Context
	fz     *Model
	m      *csp.Model
	p      *Problem
	o      BuildOptions
	consts map[int64]csp.Var
}

// BuildOptions are the model choices BuildWith leaves to its caller, for
// benchmarks that compare them on the same FlatZinc; the zero value is
// Build's.
type BuildOptions struct {
	// AllDiff is the strength of the engine's all-different behind
	// csp_all_different_int, the predicate the solver library (mznlib/)
	// makes of all_different_int, over the call's consistency annotation
	// (nil: the annotation's, else alldiff.GAC). A model compiled
	// with MiniZinc's standard library has none: its all-differents are
	// decomposed into builtins, which this does not change. inverse's
	// all-different stays GAC: it is part of that global's propagation,
	// not an all_different of the model.
	AllDiff *alldiff.Strength
}

// Build makes the engine's model of m: one variable per scalar variable
// declaration (aliases share theirs), one or more propagators per
// constraint, the outputs and the search the annotations ask. A
// construct the engine cannot take yet is an *Error (ErrUnsupported)
// naming its place and what it needs; a builtin Build does not know is
// one too, never a silently weaker model. ctx stops the building of large
// tables.
func Build(ctx context.Context, fz *Model) (*Problem, error) {
	return BuildWith(ctx, fz, BuildOptions{})
}

// BuildWith is Build with the model choices of o.
func BuildWith(ctx context.Context, fz *Model, o BuildOptions) (*Problem, error) {
	b := &builder{ctx: ctx, fz: fz, m: csp.NewModel(), o: o, consts: map[int64]csp.Var{}}
	b.p = &Problem{FZN: fz, Model: b.m, Goal: fz.Solve.Goal, vars: map[string]csp.Var{}, bools: map[csp.Var]bool{}}
	for i := range fz.Decls {
		if err := b.decl(&fz.Decls[i]); err != nil {
			return nil, err
		}
	}
	for i := range fz.Constraints {
		if err := ctx.Err(); err != nil {
			return nil, context.Cause(ctx)
		}
		c := &fz.Constraints[i]
		post, ok := builtins[c.Name]
		if !ok {
			if need, ok := needs[c.Name]; ok {
				return nil, errAt(c.Pos, ErrUnsupported, "%s (needs %s)", c.Name, need)
			}
			return nil, errAt(c.Pos, ErrUnsupported, "constraint %s (not a builtin this solver knows)", c.Name)
		}
		if len(c.Args) != len(post.args) {
			return nil, errAt(c.Pos, ErrModel, "%s takes %d arguments, found %d", c.Name, len(post.args), len(c.Args))
		}
		if err := b.argTypes(c, post.args); err != nil {
			return nil, err
		}
		if err := post.post(b, c); err != nil {
			return nil, err
		}
	}
	if fz.Solve.Goal != Satisfy {
		obj, err := b.operand(fz.Solve.Objective)
		if err != nil {
			return nil, err
		}
		// A constant objective is a fixed variable: every solution is
		// optimal.
		x, err := b.varOf(fz.Solve.Objective.Pos, obj)
		if err != nil {
			return nil, err
		}
		b.p.Objective = Operand{Var: x, IsVar: true}
	}
	if err := b.outputs(); err != nil {
		return nil, err
	}
	if err := b.search(); err != nil {
		return nil, err
	}
	return b.p, nil
}

// newVar makes a variable over ranges: a bitset (from 0, or from an
// offset) when they span at most domains.MaxWidth values, else an
// interval, which holds no holes: ranges with holes that wide are refused
// as unsupported, naming what they need.
func (b *builder) newVar(pos Pos, name string, rs []Range) (csp.Var, error) {
	if len(rs) == 0 {
		return 0, errAt(pos, ErrModel, "%s has an empty domain", name)
	}
	lo, hi := rs[0].Lo, rs[len(rs)-1].Hi
	if lo < domains.MinInt || hi > domains.MaxInt {
		return 0, errAt(pos, ErrRange, "%s ranges over %d..%d, beyond the engine's %d..%d", name, lo, hi, domains.MinInt, domains.MaxInt)
	}
	d := domains.Range(int(lo), int(hi))
	if d.IsInterval() && len(rs) > 1 {
		x := b.m.NewVar(d, name)
		return x, b.member(pos, x, rs)
	}
	for i := 1; i < len(rs); i++ {
		for v := rs[i-1].Hi + 1; v < rs[i].Lo; v++ {
			d.Remove(int(v))
		}
	}
	return b.m.NewVar(d, name), nil
}

// member posts x ∈ rs by reif.PostIn (for an interval domain, whose holes
// its words cannot hold).
func (b *builder) member(pos Pos, x csp.Var, rs []Range) error {
	if len(rs) == 1 { // bounds
		lo, hi := max(rs[0].Lo, domains.MinInt-1), min(rs[0].Hi, domains.MaxInt+1)
		for _, bound := range []struct {
			rel linear.Rel
			c   int64
		}{{linear.Geq, lo}, {linear.Leq, hi}} {
			if err := linear.Post(b.m, []int{1}, []csp.Var{x}, bound.rel, int(bound.c)); err != nil {
				return errAt(pos, ErrUnsupported, "%v", err)
			}
		}
		return nil
	}
	vals, err := setValues(pos, b.m.Name(x), rs)
	if err != nil {
		return err
	}
	if err := reif.PostIn(b.m, x, vals); err != nil {
		return errAt(pos, ErrUnsupported, "%v", err)
	}
	return nil
}

// constant returns a variable fixed to c, one per value.
func (b *builder) constant(pos Pos, c int64) (csp.Var, error) {
	if x, ok := b.consts[c]; ok {
		return x, nil
	}
	x, err := b.newVar(pos, fmt.Sprint(c), []Range{{c, c}})
	if err != nil {
		return 0, err
	}
	b.consts[c] = x
	return x, nil
}

// decl makes the variable of a scalar variable declaration, or checks an
// array's elements.
func (b *builder) decl(d *Decl) error {
	if d.Value != nil {
		if err := literalsFit(d.Name, *d.Value, d.Base); err != nil {
			return err
		}
	}
	if !d.Var || d.Array {
		return nil // parameters and arrays are read where they are used
	}
	rs := d.Dom
	switch {
	case d.Base == Bool:
		rs = []Range{{0, 1}}
	case rs == nil && d.Value == nil:
		rs = []Range{{domains.MinInt, domains.MaxInt}} // an interval
	}
	if d.Value != nil {
		v, err := b.operand(*d.Value)
		if err != nil {
			return err
		}
		if !v.IsVar {
			if rs != nil && !inRanges(rs, v.Const) {
				return errAt(d.Value.Pos, ErrModel, "%s = %d is outside its domain", d.Name, v.Const)
			}
			x, err := b.constant(d.Value.Pos, v.Const)
			if err != nil {
				return err
			}
			b.bind(d, x)
			return nil
		}
		if rs != nil {
			if err := b.restrict(d.Pos, v.Var, rs); err != nil {
				return err
			}
		}
		b.bind(d, v.Var)
		return nil
	}
	x, err := b.newVar(d.Pos, d.Name, rs)
	if err != nil {
		return err
	}
	b.bind(d, x)
	return nil
}

// literalsFit checks the literals of name's value (itself, or an
// array's elements) against its element type: an int literal for a bool
// (bool: b = 3) or the reverse is an error at the literal, not a value
// read as the other type. Names are checked where they are used.
func literalsFit(name string, e Expr, base Base) error {
	kinds := map[Kind]Base{IntLit: Int, BoolLit: Bool, SetLit: SetOfInt}
	switch e.Kind {
	case ArrayLit:
		for _, x := range e.Elems {
			if err := literalsFit(name, x, base); err != nil {
				return err
			}
		}
	case IntLit, BoolLit, SetLit:
		if got := kinds[e.Kind]; got != base {
			return errAt(e.Pos, ErrModel, "%s is declared %s, and this is %s", name, withArticle(base), withArticle(got))
		}
	}
	return nil
}

// withArticle is "an int", "a bool", "a set of int".
func withArticle(b Base) string {
	if b == Int {
		return "an int"
	}
	return "a " + b.String()
}

func (b *builder) bind(d *Decl, x csp.Var) {
	b.p.vars[d.Name] = x
	if d.Base == Bool {
		b.p.bools[x] = true
	}
}

// restrict narrows x's initial domain to rs: by its words for a bitset;
// for an interval, by a membership propagator.
func (b *builder) restrict(pos Pos, x csp.Var, rs []Range) error {
	if len(rs) == 0 {
		rs = []Range{{1, 0}}
	}
	d := b.m.InitialDomain(x)
	if d.IsInterval() {
		return b.member(pos, x, rs)
	}
	base := int64(d.Base())
	keep := make([]uint64, len(d.Words()))
	width := int64(len(keep) * 64)
	for _, r := range rs {
		for v := max(r.Lo-base, 0); v <= min(r.Hi-base, width-1); v++ {
			keep[v/64] |= 1 << (v % 64)
		}
	}
	// An empty domain (the error) makes a model without solutions, which
	// the search finds at once.
	_ = b.m.Restrict(x, keep)
	return nil
}

func inRanges(rs []Range, v int64) bool {
	for _, r := range rs {
		if r.Lo <= v && v <= r.Hi {
			return true
		}
	}
	return false
}

// operand resolves a scalar expression: a variable's name, an element of
// an array, a literal or a parameter.
func (b *builder) operand(e Expr) (Operand, error) {
	switch e.Kind {
	case IntLit:
		return Operand{Const: e.Int}, nil
	case BoolLit:
		if e.Bool {
			return Operand{Const: 1}, nil
		}
		return Operand{Const: 0}, nil
	case Ident:
		if x, ok := b.p.vars[e.Str]; ok {
			return Operand{Var: x, IsVar: true}, nil
		}
		d, ok := b.fz.Lookup(e.Str)
		if !ok {
			return Operand{}, errAt(e.Pos, ErrModel, "unknown name %s", e.Str)
		}
		if d.Array || d.Var || d.Value == nil {
			return Operand{}, errAt(e.Pos, ErrModel, "%s is not a scalar", e.Str)
		}
		if d.Value.Kind == Ident || d.Value.Kind == Access {
			return Operand{}, errAt(e.Pos, ErrModel, "parameter %s is not a literal", e.Str)
		}
		return b.operand(*d.Value)
	case Access:
		elems, err := b.elems(Expr{Kind: Ident, Str: e.Str, Pos: e.Pos})
		if err != nil {
			return Operand{}, err
		}
		if e.Int < 1 || e.Int > int64(len(elems)) {
			return Operand{}, errAt(e.Pos, ErrModel, "%s[%d] is outside 1..%d", e.Str, e.Int, len(elems))
		}
		el := elems[e.Int-1]
		if el.Kind == Access || el.Kind == ArrayLit {
			return Operand{}, errAt(e.Pos, ErrModel, "%s[%d] is not a scalar", e.Str, e.Int)
		}
		return b.operand(el)
	}
	return Operand{}, errAt(e.Pos, ErrModel, "want an integer or Boolean, found %s", describeExpr(e))
}

// argTypes checks each argument of c against sig, the builtin's
// signature (see builtin): a Boolean where an integer is due, or the
// reverse, is an error, as MiniZinc's type checker makes it, not a 0/1
// read silently. An argument whose type is unknown here (an unknown name,
// an empty array) is left to the reading that reports it, or fits any.
func (b *builder) argTypes(c *Constraint, sig string) error {
	for i, e := range c.Args {
		want := argTypes[sig[i]]
		got, ok := b.typeOf(e)
		if ok && got != want {
			return errAt(e.Pos, ErrModel, "%s: argument %d is %s, want %s", c.Name, i+1, got, want)
		}
	}
	return nil
}

// argType is the type of an argument: its base type, whether it is an
// array of them, and, for what no builtin takes (a float, a string, an
// annotation, a mixed array), what it is instead.
type argType struct {
	base  Base
	array bool
	other string
}

// argTypes gives the types of the letters of a builtin's signature.
var argTypes = map[byte]argType{
	'i': {base: Int}, 'b': {base: Bool}, 's': {base: SetOfInt},
	'I': {base: Int, array: true}, 'B': {base: Bool, array: true},
}

func (t argType) String() string {
	switch {
	case t.other != "":
		return t.other
	case t.array:
		return "an array of " + t.base.String()
	}
	return withArticle(t.base)
}

// typeOf returns the type of an argument; false when it cannot tell.
func (b *builder) typeOf(e Expr) (argType, bool) {
	switch e.Kind {
	case IntLit:
		return argType{base: Int}, true
	case BoolLit:
		return argType{base: Bool}, true
	case SetLit:
		return argType{base: SetOfInt}, true
	case FloatLit, StringLit, Call:
		return argType{other: describeExpr(e)}, true
	case Ident, Access:
		d, ok := b.fz.Lookup(e.Str)
		if !ok || d.Base == 0 || (e.Kind == Access && !d.Array) {
			return argType{}, false
		}
		return argType{base: d.Base, array: d.Array && e.Kind == Ident}, true
	case ArrayLit:
		var elem argType
		for i, el := range e.Elems {
			t, ok := b.typeOf(el)
			switch {
			case !ok:
				return argType{}, false
			case t.array || t.other != "":
				return argType{other: "an array holding " + t.String()}, true
			case i > 0 && t != elem:
				return argType{other: "an array of " + elem.base.String() + " and " + t.base.String()}, true
			}
			elem = t
		}
		if len(e.Elems) == 0 {
			return argType{}, false // [] fits an array of any type
		}
		return argType{base: elem.base, array: true}, true
	}
	return argType{}, false
}

// describeExpr names an expression's kind for an error.
func describeExpr(e Expr) string {
	switch e.Kind {
	case FloatLit:
		return "a float (floats are unsupported)"
	case SetLit:
		return "a set"
	case StringLit:
		return "a string"
	case ArrayLit:
		return "an array"
	case Call:
		return "an annotation"
	}
	return e.String()
}

// elems resolves an array expression: a literal or an array's name.
func (b *builder) elems(e Expr) ([]Expr, error) {
	switch e.Kind {
	case ArrayLit:
		return e.Elems, nil
	case Ident:
		d, ok := b.fz.Lookup(e.Str)
		if !ok {
			return nil, errAt(e.Pos, ErrModel, "unknown name %s", e.Str)
		}
		if !d.Array {
			return nil, errAt(e.Pos, ErrModel, "%s is not an array", e.Str)
		}
		if d.Value == nil {
			return nil, errAt(d.Pos, ErrModel, "array %s has no elements given", e.Str)
		}
		if d.Value.Kind != ArrayLit {
			return nil, errAt(d.Value.Pos, ErrModel, "array %s is not an array literal", e.Str)
		}
		if len(d.Value.Elems) != d.Len {
			return nil, errAt(d.Value.Pos, ErrModel, "array %s has %d elements for 1..%d", e.Str, len(d.Value.Elems), d.Len)
		}
		return d.Value.Elems, nil
	}
	return nil, errAt(e.Pos, ErrModel, "want an array, found %s", describeExpr(e))
}

// operands resolves an array of integers or Booleans.
func (b *builder) operands(e Expr) ([]Operand, error) {
	elems, err := b.elems(e)
	if err != nil {
		return nil, err
	}
	out := make([]Operand, len(elems))
	for i, el := range elems {
		if out[i], err = b.operand(el); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// varOf returns an operand's variable, a constant's fixed variable for a
// constant.
func (b *builder) varOf(pos Pos, o Operand) (csp.Var, error) {
	if o.IsVar {
		return o.Var, nil
	}
	return b.constant(pos, o.Const)
}

// vars resolves an array argument to variables.
func (b *builder) vars(e Expr) ([]csp.Var, error) {
	ops, err := b.operands(e)
	if err != nil {
		return nil, err
	}
	out := make([]csp.Var, len(ops))
	for i, o := range ops {
		if out[i], err = b.varOf(e.Pos, o); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// variable resolves a scalar argument to a variable.
func (b *builder) variable(e Expr) (csp.Var, error) {
	o, err := b.operand(e)
	if err != nil {
		return 0, err
	}
	return b.varOf(e.Pos, o)
}

// constInt resolves a parameter argument.
func (b *builder) constInt(e Expr) (int64, error) {
	o, err := b.operand(e)
	if err != nil {
		return 0, err
	}
	if o.IsVar {
		return 0, errAt(e.Pos, ErrModel, "want a constant, found variable %s", e)
	}
	return o.Const, nil
}

// constInts resolves an array of parameters.
func (b *builder) constInts(e Expr) ([]int64, error) {
	ops, err := b.operands(e)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(ops))
	for i, o := range ops {
		if o.IsVar {
			return nil, errAt(e.Pos, ErrModel, "want constants, element %d is a variable", i+1)
		}
		out[i] = o.Const
	}
	return out, nil
}

// constSet resolves a set argument.
func (b *builder) constSet(e Expr) ([]Range, error) {
	switch e.Kind {
	case SetLit:
		return e.Set, nil
	case Ident:
		d, ok := b.fz.Lookup(e.Str)
		if ok && !d.Var && !d.Array && d.Base == SetOfInt && d.Value != nil && d.Value.Kind == SetLit {
			return d.Value.Set, nil
		}
	}
	return nil, errAt(e.Pos, ErrModel, "want a set of integers, found %s", describeExpr(e))
}

// outputs collects output_var and output_array declarations in order.
func (b *builder) outputs() error {
	for _, d := range b.fz.Decls {
		if !d.Var {
			continue
		}
		if !d.Array {
			if _, ok := HasAnn(d.Anns, "output_var"); ok {
				b.p.Outputs = append(b.p.Outputs, Output{Name: d.Name, Bool: d.Base == Bool,
					Elems: []Operand{{Var: b.p.vars[d.Name], IsVar: true}}})
			}
			continue
		}
		a, ok := HasAnn(d.Anns, "output_array")
		if !ok {
			continue
		}
		if a.Kind != Call || len(a.Elems) != 1 || a.Elems[0].Kind != ArrayLit {
			return errAt(a.Pos, ErrModel, "output_array wants one array of index sets")
		}
		out := Output{Name: d.Name, Bool: d.Base == Bool, Array: true}
		size := int64(1)
		for _, s := range a.Elems[0].Elems {
			if s.Kind != SetLit || len(s.Set) > 1 {
				return errAt(s.Pos, ErrModel, "output_array wants index sets lo..hi")
			}
			r := Range{1, 0}
			if len(s.Set) == 1 {
				r = s.Set[0]
			}
			out.Dims = append(out.Dims, r)
			n := r.Hi - r.Lo + 1
			if n < 0 || n > int64(d.Len) {
				n = -1
			}
			size *= max(n, 0)
			if n < 0 || size > int64(d.Len) {
				size = -1
				break
			}
		}
		if size != int64(d.Len) {
			return errAt(a.Pos, ErrModel, "output_array's index sets do not hold the %d elements of %s", d.Len, d.Name)
		}
		ops, err := b.operands(Expr{Kind: Ident, Str: d.Name, Pos: d.Pos})
		if err != nil {
			return err
		}
		out.Elems = ops
		b.p.Outputs = append(b.p.Outputs, out)
	}
	return nil
}

// missing returns the variables of m that are not in order, in order.
func missing(order []csp.Var, m *csp.Model) []csp.Var {
	seen := make([]bool, m.NumVars())
	for _, x := range order {
		seen[x] = true
	}
	var out []csp.Var
	for x := range m.NumVars() {
		if !seen[x] {
			out = append(out, csp.Var(x))
		}
	}
	return out
}
