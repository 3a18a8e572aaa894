package flatzinc

import (
	"errors"
	"math"
	"math/big"
	"slices"
)

// ErrInvalid: an assignment that breaks the model (Check's error).
var ErrInvalid = errors.New("flatzinc: not a solution")

// Check evaluates every constraint and every variable's domain of m on an
// assignment (value gives each scalar variable declaration's value, a
// Boolean as 0 or 1), by the FlatZinc specification's definitions: the
// verifier of every solution csp fzn prints. It shares no code with the
// propagators nor with Build's posting: it reads the model as written.
// The error wraps ErrInvalid and names the first broken constraint's line;
// a constraint it does not know is an error too (ErrUnsupported), never a
// pass.
func Check(m *Model, value func(name string) (int64, bool)) error {
	ev := &evaluator{m: m, value: value}
	for _, d := range m.Decls {
		if !d.Var {
			continue
		}
		if d.Array {
			if _, err := ev.ints(Expr{Kind: Ident, Str: d.Name, Pos: d.Pos}); err != nil {
				return err
			}
			continue
		}
		v, err := ev.int(Expr{Kind: Ident, Str: d.Name, Pos: d.Pos})
		if err != nil {
			return err
		}
		switch {
		case d.Base == Bool && v != 0 && v != 1:
			return errAt(d.Pos, ErrInvalid, "Boolean %s = %d", d.Name, v)
		case d.Base == Int && d.Dom != nil && !inRanges(d.Dom, v):
			return errAt(d.Pos, ErrInvalid, "%s = %d is outside its domain", d.Name, v)
		}
		if d.Value != nil {
			w, err := ev.int(*d.Value)
			if err != nil {
				return err
			}
			if w != v {
				return errAt(d.Pos, ErrInvalid, "%s = %d, but it is defined as %s = %d", d.Name, v, d.Value, w)
			}
		}
	}
	for i := range m.Constraints {
		c := &m.Constraints[i]
		ok, err := ev.holds(c)
		if err != nil {
			return err
		}
		if !ok {
			return errAt(c.Pos, ErrInvalid, "constraint %s does not hold", c.Name)
		}
	}
	return nil
}

// evaluator reads expressions under an assignment.
type evaluator struct {
	m     *Model
	value func(string) (int64, bool)
}

func (ev *evaluator) int(e Expr) (int64, error) {
	switch e.Kind {
	case IntLit:
		return e.Int, nil
	case BoolLit:
		if e.Bool {
			return 1, nil
		}
		return 0, nil
	case Ident:
		d, ok := ev.m.Lookup(e.Str)
		switch {
		case !ok:
			return 0, errAt(e.Pos, ErrModel, "unknown name %s", e.Str)
		case d.Array:
			return 0, errAt(e.Pos, ErrModel, "%s is an array", e.Str)
		case d.Var:
			v, ok := ev.value(e.Str)
			if !ok {
				return 0, errAt(e.Pos, ErrInvalid, "%s has no value", e.Str)
			}
			return v, nil
		case d.Value == nil || d.Value.Kind == Ident || d.Value.Kind == Access:
			return 0, errAt(e.Pos, ErrModel, "parameter %s is not a literal", e.Str)
		}
		return ev.int(*d.Value)
	case Access:
		d, ok := ev.m.Lookup(e.Str)
		if !ok || !d.Array || d.Value == nil || d.Value.Kind != ArrayLit {
			return 0, errAt(e.Pos, ErrModel, "%s is not an array", e.Str)
		}
		if e.Int < 1 || e.Int > int64(len(d.Value.Elems)) {
			return 0, errAt(e.Pos, ErrModel, "%s[%d] is outside the array", e.Str, e.Int)
		}
		el := d.Value.Elems[e.Int-1]
		if el.Kind == Access || el.Kind == ArrayLit {
			return 0, errAt(e.Pos, ErrModel, "%s[%d] is not a scalar", e.Str, e.Int)
		}
		return ev.int(el)
	}
	return 0, errAt(e.Pos, ErrModel, "want an integer, found %s", describeExpr(e))
}

func (ev *evaluator) ints(e Expr) ([]int64, error) {
	elems := e.Elems
	if e.Kind == Ident {
		d, ok := ev.m.Lookup(e.Str)
		if !ok || !d.Array || d.Value == nil || d.Value.Kind != ArrayLit {
			return nil, errAt(e.Pos, ErrModel, "%s is not an array", e.Str)
		}
		elems = d.Value.Elems
	} else if e.Kind != ArrayLit {
		return nil, errAt(e.Pos, ErrModel, "want an array, found %s", describeExpr(e))
	}
	out := make([]int64, len(elems))
	for i, el := range elems {
		if el.Kind == ArrayLit {
			return nil, errAt(el.Pos, ErrModel, "an array element that is not a scalar")
		}
		v, err := ev.int(el)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (ev *evaluator) set(e Expr) ([]Range, error) {
	if e.Kind == SetLit {
		return e.Set, nil
	}
	if e.Kind == Ident {
		if d, ok := ev.m.Lookup(e.Str); ok && !d.Var && !d.Array && d.Value != nil && d.Value.Kind == SetLit {
			return d.Value.Set, nil
		}
	}
	return nil, errAt(e.Pos, ErrModel, "want a set, found %s", describeExpr(e))
}

// relations are the comparisons by the suffix of their builtin's name.
var relations = map[string]func(a, b int64) bool{
	"eq": func(a, b int64) bool { return a == b },
	"ne": func(a, b int64) bool { return a != b },
	"le": func(a, b int64) bool { return a <= b },
	"lt": func(a, b int64) bool { return a < b },
}

// cut splits a builtin's name into its stem and a reification suffix:
// "int_le_reif" is ("int_le", "_reif").
func cut(name string) (string, string) {
	for _, s := range []string{"_reif", "_imp"} {
		if len(name) > len(s) && name[len(name)-len(s):] == s {
			return name[:len(name)-len(s)], s
		}
	}
	return name, ""
}

// holds evaluates one constraint.
func (ev *evaluator) holds(c *Constraint) (bool, error) {
	stem, suffix := cut(c.Name)
	args := c.Args
	nargs := len(args)
	if suffix != "" {
		nargs--
	}
	if nargs < 0 {
		return false, errAt(c.Pos, ErrModel, "%s without arguments", c.Name)
	}
	truth, err := ev.truth(c, stem, args[:nargs])
	if err != nil {
		return false, err
	}
	if suffix == "" {
		return truth, nil
	}
	r, err := ev.int(args[nargs])
	if err != nil {
		return false, err
	}
	if suffix == "_imp" {
		return r == 0 || truth, nil
	}
	return (r == 1) == truth, nil
}

// want checks a builtin's arity.
func want(c *Constraint, args []Expr, n int) error {
	if len(args) != n {
		return errAt(c.Pos, ErrModel, "%s takes %d arguments, found %d", c.Name, n, len(args))
	}
	return nil
}

// truth evaluates the constraint stem over args (the reification
// argument removed).
func (ev *evaluator) truth(c *Constraint, stem string, args []Expr) (bool, error) {
	scalars := func(n int) ([]int64, error) {
		if err := want(c, args, n); err != nil {
			return nil, err
		}
		out := make([]int64, n)
		for i, a := range args {
			v, err := ev.int(a)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	if rel, ok := relations[stem[max(len(stem)-2, 0):]]; ok && len(stem) > 3 {
		switch stem[:len(stem)-2] {
		case "int_", "bool_":
			v, err := scalars(2)
			if err != nil {
				return false, err
			}
			return rel(v[0], v[1]), nil
		case "int_lin_", "bool_lin_":
			if err := want(c, args, 3); err != nil {
				return false, err
			}
			as, err := ev.ints(args[0])
			if err != nil {
				return false, err
			}
			xs, err := ev.ints(args[1])
			if err != nil {
				return false, err
			}
			k, err := ev.int(args[2])
			if err != nil {
				return false, err
			}
			if len(as) != len(xs) {
				return false, errAt(c.Pos, ErrModel, "%s: %d coefficients for %d variables", c.Name, len(as), len(xs))
			}
			sum, term := new(big.Int), new(big.Int)
			for i := range as {
				sum.Add(sum, term.Mul(big.NewInt(as[i]), big.NewInt(xs[i])))
			}
			return rel(int64(sum.Cmp(big.NewInt(k))), 0), nil
		}
	}
	switch stem {
	case "int_plus", "int_times", "int_div", "int_mod", "int_min", "int_max", "int_pow":
		v, err := scalars(3)
		if err != nil {
			return false, err
		}
		x, y, z := v[0], v[1], v[2]
		switch stem {
		case "int_plus":
			p := new(big.Int).Add(big.NewInt(x), big.NewInt(y))
			return p.IsInt64() && p.Int64() == z, nil
		case "int_times":
			p := new(big.Int).Mul(big.NewInt(x), big.NewInt(y))
			return p.IsInt64() && p.Int64() == z, nil
		case "int_div":
			return y != 0 && !(y == -1 && x == math.MinInt64) && x/y == z, nil // Go's / truncates toward zero, as FlatZinc's div
		case "int_mod":
			return y != 0 && (y == -1 && z == 0 || y != -1 && x%y == z), nil // the sign of x, as FlatZinc's mod
		case "int_min":
			return min(x, y) == z, nil
		case "int_max":
			return max(x, y) == z, nil
		}
		if y < 0 { // 1 div x^-y: 1 for x = 1, (-1)^-y for x = -1, 0 for |x| >= 2, none for x = 0
			switch x {
			case 0:
				return false, nil
			case 1:
				return z == 1, nil
			case -1:
				return z == 1-2*(-y%2), nil
			}
			return z == 0, nil
		}
		if y > 64 && (x > 1 || x < -1) {
			return false, nil // a power beyond 64 bits
		}
		p := new(big.Int).Exp(big.NewInt(x), big.NewInt(y), nil)
		return p.IsInt64() && p.Int64() == z, nil
	case "int_abs":
		v, err := scalars(2)
		if err != nil {
			return false, err
		}
		return v[0] != math.MinInt64 && max(v[0], -v[0]) == v[1], nil
	case "bool2int":
		v, err := scalars(2)
		if err != nil {
			return false, err
		}
		return v[0] == v[1], nil
	case "bool_not":
		v, err := scalars(2)
		if err != nil {
			return false, err
		}
		return v[0] != v[1], nil
	case "bool_and", "bool_or", "bool_xor":
		if len(args) == 2 { // the reified form's stem: bool_and_reif(a, b, r)
			v, err := scalars(2)
			if err != nil {
				return false, err
			}
			return boolOp(stem, v[0] == 1, v[1] == 1), nil
		}
		v, err := scalars(3)
		if err != nil {
			return false, err
		}
		return boolOp(stem, v[0] == 1, v[1] == 1) == (v[2] == 1), nil
	case "bool_clause":
		if err := want(c, args, 2); err != nil {
			return false, err
		}
		as, err := ev.ints(args[0])
		if err != nil {
			return false, err
		}
		bs, err := ev.ints(args[1])
		if err != nil {
			return false, err
		}
		return slices.Contains(as, 1) || slices.Contains(bs, 0), nil
	case "array_bool_and", "array_bool_or":
		if len(args) != 1 && len(args) != 2 {
			return false, want(c, args, 2)
		}
		as, err := ev.ints(args[0])
		if err != nil {
			return false, err
		}
		truth := !slices.Contains(as, 0)
		if stem == "array_bool_or" {
			truth = slices.Contains(as, 1)
		}
		if len(args) == 1 {
			return truth, nil
		}
		r, err := ev.int(args[1])
		if err != nil {
			return false, err
		}
		return truth == (r == 1), nil
	case "array_bool_xor":
		if err := want(c, args, 1); err != nil {
			return false, err
		}
		as, err := ev.ints(args[0])
		if err != nil {
			return false, err
		}
		odd := false
		for _, a := range as {
			odd = odd != (a == 1)
		}
		return odd, nil
	case "array_int_element", "array_var_int_element", "array_bool_element", "array_var_bool_element":
		if err := want(c, args, 3); err != nil {
			return false, err
		}
		i, err := ev.int(args[0])
		if err != nil {
			return false, err
		}
		as, err := ev.ints(args[1])
		if err != nil {
			return false, err
		}
		z, err := ev.int(args[2])
		if err != nil {
			return false, err
		}
		return i >= 1 && i <= int64(len(as)) && as[i-1] == z, nil
	case "array_int_maximum", "array_int_minimum":
		if err := want(c, args, 2); err != nil {
			return false, err
		}
		z, err := ev.int(args[0])
		if err != nil {
			return false, err
		}
		as, err := ev.ints(args[1])
		if err != nil {
			return false, err
		}
		if len(as) == 0 {
			return false, nil
		}
		if stem == "array_int_maximum" {
			return slices.Max(as) == z, nil
		}
		return slices.Min(as) == z, nil
	case "set_in":
		if err := want(c, args, 2); err != nil {
			return false, err
		}
		x, err := ev.int(args[0])
		if err != nil {
			return false, err
		}
		s, err := ev.set(args[1])
		if err != nil {
			return false, err
		}
		return inRanges(s, x), nil
	case "csp_all_different_int":
		if err := want(c, args, 1); err != nil {
			return false, err
		}
		xs, err := ev.ints(args[0])
		if err != nil {
			return false, err
		}
		seen := map[int64]bool{}
		for _, x := range xs {
			if seen[x] {
				return false, nil
			}
			seen[x] = true
		}
		return true, nil
	case "csp_table_int":
		if err := want(c, args, 2); err != nil {
			return false, err
		}
		xs, err := ev.ints(args[0])
		if err != nil {
			return false, err
		}
		flat, err := ev.ints(args[1])
		if err != nil {
			return false, err
		}
		if len(xs) == 0 {
			return len(flat) > 0, nil
		}
		for i := 0; i+len(xs) <= len(flat); i += len(xs) {
			if slices.Equal(flat[i:i+len(xs)], xs) {
				return true, nil
			}
		}
		return false, nil
	case "csp_inverse":
		if err := want(c, args, 3); err != nil {
			return false, err
		}
		f, err := ev.ints(args[0])
		if err != nil {
			return false, err
		}
		inv, err := ev.ints(args[1])
		if err != nil {
			return false, err
		}
		base, err := ev.int(args[2])
		if err != nil {
			return false, err
		}
		if len(f) != len(inv) {
			return false, nil
		}
		for i, x := range f {
			j := x - base
			if j < 0 || j >= int64(len(inv)) || inv[j] != int64(i)+base {
				return false, nil
			}
		}
		return true, nil
	case "csp_count_eq":
		if err := want(c, args, 3); err != nil {
			return false, err
		}
		xs, err := ev.ints(args[0])
		if err != nil {
			return false, err
		}
		y, err := ev.int(args[1])
		if err != nil {
			return false, err
		}
		n, err := ev.int(args[2])
		if err != nil {
			return false, err
		}
		k := int64(0)
		for _, x := range xs {
			if x == y {
				k++
			}
		}
		return k == n, nil
	case "csp_windows":
		if err := want(c, args, 2); err != nil {
			return false, err
		}
		xs, err := ev.ints(args[0])
		if err != nil {
			return false, err
		}
		rels, err := ev.ints(args[1])
		if err != nil {
			return false, err
		}
		if len(xs) == 0 || len(rels) != len(xs)-1 {
			return false, errAt(c.Pos, ErrModel, "%s: %d relations for %d cells", c.Name, len(rels), len(xs))
		}
		for i, r := range rels {
			if r < 0 || r > 4 {
				return false, errAt(c.Pos, ErrModel, "%s: relation %d at position %d", c.Name, r, i+1)
			}
		}
		for i := 1; i+1 < len(xs); i++ {
			a, b, d := xs[i-1], xs[i], xs[i+1]
			if rels[i-1] != 0 && rels[i] != 0 &&
				(a == b || b == d || a == d || !windowRel(rels[i-1], a, b) || !windowRel(rels[i], b, d)) {
				return false, nil
			}
		}
		return true, nil
	case "csp_lex_less_int", "csp_lex_lesseq_int", "csp_lex_less_bool", "csp_lex_lesseq_bool":
		if err := want(c, args, 2); err != nil {
			return false, err
		}
		x, err := ev.ints(args[0])
		if err != nil {
			return false, err
		}
		y, err := ev.ints(args[1])
		if err != nil {
			return false, err
		}
		if k := slices.Compare(x, y); k != 0 {
			return k < 0, nil
		}
		return stem == "csp_lex_lesseq_int" || stem == "csp_lex_lesseq_bool", nil
	}
	return false, errAt(c.Pos, ErrUnsupported, "the checker does not know constraint %s", c.Name)
}

// windowRel reports whether csp_windows' relation r (1 <, 2 >,
// 3 |x-y| = 1, 4 |x-y| != 1) holds between x and y; any other r, none.
func windowRel(r, x, y int64) bool {
	switch r {
	case 1:
		return x < y
	case 2:
		return x > y
	case 3:
		return x-y == 1 || y-x == 1
	case 4:
		return x-y != 1 && y-x != 1
	}
	return false
}

// boolOp applies a Boolean connective by name.
func boolOp(name string, a, b bool) bool {
	switch name {
	case "bool_and":
		return a && b
	case "bool_or":
		return a || b
	}
	return a != b
}
