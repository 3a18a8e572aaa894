package flatzinc

import (
	"io"
	"math"
	"slices"
	"strings"
)

// Limits bound what Read accepts, so that a hostile input costs an error,
// not the machine's memory. The zero value means the defaults.
type Limits struct {
	// MaxLine is the longest line in bytes (default 32 MiB: MiniZinc
	// writes a whole table constraint on one line).
	MaxLine int
	// MaxNodes is the most expressions the whole model may hold, every
	// array element and annotation argument counted (default 1<<23).
	MaxNodes int
	// MaxDepth is the deepest nesting of arrays and annotation calls
	// (default 64).
	MaxDepth int
}

// Defaults of Limits.
const (
	DefaultMaxLine  = 32 << 20
	DefaultMaxNodes = 1 << 23
	DefaultMaxDepth = 64
)

// Read parses one FlatZinc model (the language of the MiniZinc 2.6
// reference manual's FlatZinc specification, as MiniZinc writes it) under
// the default Limits. The model is read as a stream of lines, each
// bounded; only the model itself is kept. Errors are *Error values naming
// the line and column.
func Read(in io.Reader) (*Model, error) { return ReadLimits(in, Limits{}) }

// ReadLimits is Read under the given limits.
func ReadLimits(in io.Reader, lim Limits) (*Model, error) {
	if lim.MaxLine <= 0 {
		lim.MaxLine = DefaultMaxLine
	}
	if lim.MaxNodes <= 0 {
		lim.MaxNodes = DefaultMaxNodes
	}
	if lim.MaxDepth <= 0 {
		lim.MaxDepth = DefaultMaxDepth
	}
	p := &parser{lx: newLexer(in, lim.MaxLine), lim: lim, m: &Model{byName: map[string]int{}}}
	if err := p.model(); err != nil {
		return nil, err
	}
	return p.m, nil
}

// parser is a recursive-descent parser over the lexer's tokens.
type parser struct {
	lx    *lexer
	lim   Limits
	nodes int
	depth int
	m     *Model
}

func (p *parser) next() (token, error)      { return p.lx.next() }
func (p *parser) lookahead() (token, error) { return p.lx.lookahead() }

// expect consumes the punctuation or keyword want.
func (p *parser) expect(want string) (token, error) {
	t, err := p.next()
	if err != nil {
		return t, err
	}
	if t.text != want || t.kind != tPunct && t.kind != tIdent {
		return t, errAt(t.pos, ErrSyntax, "found %s, want %q", t.describe(), want)
	}
	return t, nil
}

// is reports whether the next token is the punctuation or keyword s.
func (p *parser) is(s string) (bool, error) {
	t, err := p.lookahead()
	if err != nil {
		return false, err
	}
	return (t.kind == tPunct || t.kind == tIdent) && t.text == s, nil
}

// accept consumes the next token if it is s.
func (p *parser) accept(s string) (bool, error) {
	ok, err := p.is(s)
	if ok {
		_, err = p.next()
	}
	return ok, err
}

func (p *parser) count(pos Pos) error {
	p.nodes++
	if p.nodes > p.lim.MaxNodes {
		return errAt(pos, ErrTooLarge, "more than %d expressions", p.lim.MaxNodes)
	}
	return nil
}

// model: items up to the solve item, then the end of the input.
func (p *parser) model() error {
	for {
		t, err := p.next()
		if err != nil {
			return err
		}
		switch {
		case t.kind == tEOF:
			return errAt(t.pos, ErrSyntax, "input ends before the solve item")
		case t.kind != tIdent:
			return errAt(t.pos, ErrSyntax, "found %s, want an item (predicate, a declaration, constraint or solve)", t.describe())
		case t.text == "predicate":
			err = p.predicate()
		case t.text == "constraint":
			err = p.constraint(t.pos)
		case t.text == "solve":
			if err := p.solve(t.pos); err != nil {
				return err
			}
			end, err := p.next()
			if err != nil {
				return err
			}
			if end.kind != tEOF {
				return errAt(end.pos, ErrSyntax, "found %s after the solve item, want the end of the input", end.describe())
			}
			return nil
		default:
			err = p.decl(t)
		}
		if err != nil {
			return err
		}
	}
}

// predicate skips a predicate declaration's parameters (their types do
// not matter to a solver that implements the predicate natively).
func (p *parser) predicate() error {
	name, err := p.next()
	if err != nil {
		return err
	}
	if name.kind != tIdent {
		return errAt(name.pos, ErrSyntax, "found %s, want the predicate's name", name.describe())
	}
	if _, err := p.expect("("); err != nil {
		return err
	}
	depth := 1
	for depth > 0 {
		t, err := p.next()
		if err != nil {
			return err
		}
		switch {
		case t.kind == tEOF:
			return errAt(t.pos, ErrSyntax, "input ends inside predicate %s", name.text)
		case t.kind == tPunct && (t.text == "(" || t.text == "["):
			depth++
		case t.kind == tPunct && (t.text == ")" || t.text == "]"):
			depth--
		case t.kind == tPunct && t.text == ";":
			return errAt(t.pos, ErrSyntax, "';' inside predicate %s's parameters", name.text)
		}
	}
	p.m.Preds = append(p.m.Preds, name.text)
	_, err = p.expect(";")
	return err
}

// decl parses a parameter or variable declaration starting with t.
func (p *parser) decl(t token) error {
	d := Decl{Pos: t.pos}
	if t.text == "array" {
		if err := p.arrayIndex(&d); err != nil {
			return err
		}
		var err error
		if t, err = p.next(); err != nil {
			return err
		}
	}
	if err := p.baseType(t, &d); err != nil {
		return err
	}
	if _, err := p.expect(":"); err != nil {
		return err
	}
	name, err := p.next()
	if err != nil {
		return err
	}
	if name.kind != tIdent {
		return errAt(name.pos, ErrSyntax, "found %s, want a name", name.describe())
	}
	d.Name = name.text
	if d.Anns, err = p.annotations(); err != nil {
		return err
	}
	if ok, err := p.accept("="); err != nil {
		return err
	} else if ok {
		e, err := p.expr()
		if err != nil {
			return err
		}
		d.Value = &e
	} else if !d.Var {
		return errAt(name.pos, ErrSyntax, "parameter %s has no value", d.Name)
	}
	if _, err := p.expect(";"); err != nil {
		return err
	}
	if _, dup := p.m.byName[d.Name]; dup {
		return errAt(name.pos, ErrModel, "%s declared twice", d.Name)
	}
	p.m.byName[d.Name] = len(p.m.Decls)
	p.m.Decls = append(p.m.Decls, d)
	return nil
}

// arrayIndex parses "[1..n] of" after "array".
func (p *parser) arrayIndex(d *Decl) error {
	if _, err := p.expect("["); err != nil {
		return err
	}
	lo, err := p.next()
	if err != nil {
		return err
	}
	if lo.kind != tInt || lo.num != 1 {
		return errAt(lo.pos, ErrSyntax, "found %s, want an index set 1..n", lo.describe())
	}
	if _, err := p.expect(".."); err != nil {
		return err
	}
	hi, err := p.next()
	if err != nil {
		return err
	}
	if hi.kind != tInt || hi.num < 0 {
		return errAt(hi.pos, ErrSyntax, "found %s, want the array's length", hi.describe())
	}
	if hi.num > int64(p.lim.MaxNodes) {
		return errAt(hi.pos, ErrTooLarge, "array of %d elements (at most %d)", hi.num, p.lim.MaxNodes)
	}
	d.Array, d.Len = true, int(hi.num)
	if _, err := p.expect("]"); err != nil {
		return err
	}
	_, err = p.expect("of")
	return err
}

// baseType parses the element type starting with t: bool, int, set of
// int, float (refused), or var followed by one of those or a domain.
func (p *parser) baseType(t token, d *Decl) error {
	if t.kind == tIdent && t.text == "var" {
		d.Var = true
		var err error
		if t, err = p.next(); err != nil {
			return err
		}
	}
	switch {
	case t.kind == tIdent && t.text == "int":
		d.Base = Int
	case t.kind == tIdent && t.text == "bool":
		d.Base = Bool
	case t.kind == tIdent && t.text == "float" || t.kind == tFloat:
		return errAt(t.pos, ErrUnsupported, "float %s (this solver has integer and Boolean variables only)", kindWord(d.Var))
	case t.kind == tIdent && t.text == "set":
		if _, err := p.expect("of"); err != nil {
			return err
		}
		if d.Var {
			return errAt(t.pos, ErrUnsupported, "set variables (this solver has integer and Boolean variables only)")
		}
		u, err := p.next()
		if err != nil {
			return err
		}
		if u.kind != tIdent || u.text != "int" {
			return errAt(u.pos, ErrSyntax, "found %s, want int", u.describe())
		}
		d.Base = SetOfInt
	case d.Var && (t.kind == tInt || t.kind == tPunct && t.text == "{"):
		p.lx.unread(t)
		e, err := p.expr()
		if err != nil {
			return err
		}
		if e.Kind != SetLit {
			return errAt(e.Pos, ErrSyntax, "want a domain lo..hi or {v, ...}")
		}
		d.Base, d.Dom = Int, e.Set
		if d.Dom == nil {
			d.Dom = []Range{}
		}
	default:
		return errAt(t.pos, ErrSyntax, "found %s, want a type", t.describe())
	}
	return nil
}

func kindWord(v bool) string {
	if v {
		return "variables"
	}
	return "parameters"
}

// annotations parses zero or more ":: annotation".
func (p *parser) annotations() ([]Expr, error) {
	var anns []Expr
	for {
		ok, err := p.accept("::")
		if err != nil || !ok {
			return anns, err
		}
		a, err := p.expr()
		if err != nil {
			return nil, err
		}
		if a.Kind != Ident && a.Kind != Call {
			return nil, errAt(a.Pos, ErrSyntax, "want an annotation (a name or a call)")
		}
		anns = append(anns, a)
	}
}

// constraint parses "name(args) annotations;" after "constraint".
func (p *parser) constraint(pos Pos) error {
	name, err := p.next()
	if err != nil {
		return err
	}
	if name.kind != tIdent {
		return errAt(name.pos, ErrSyntax, "found %s, want a constraint's name", name.describe())
	}
	if _, err := p.expect("("); err != nil {
		return err
	}
	args, err := p.list(")")
	if err != nil {
		return err
	}
	c := Constraint{Name: name.text, Pos: name.pos, Args: args}
	if c.Anns, err = p.annotations(); err != nil {
		return err
	}
	_, err = p.expect(";")
	p.m.Constraints = append(p.m.Constraints, c)
	return err
}

// solve parses the solve item after "solve".
func (p *parser) solve(pos Pos) error {
	s := SolveItem{Pos: pos}
	var err error
	if s.Anns, err = p.annotations(); err != nil {
		return err
	}
	g, err := p.next()
	if err != nil {
		return err
	}
	switch {
	case g.kind == tIdent && g.text == "satisfy":
		s.Goal = Satisfy
	case g.kind == tIdent && g.text == "minimize":
		s.Goal = Minimize
	case g.kind == tIdent && g.text == "maximize":
		s.Goal = Maximize
	default:
		return errAt(g.pos, ErrSyntax, "found %s, want satisfy, minimize or maximize", g.describe())
	}
	if s.Goal != Satisfy {
		if s.Objective, err = p.expr(); err != nil {
			return err
		}
	}
	if _, err := p.expect(";"); err != nil {
		return err
	}
	p.m.Solve = s
	return nil
}

// list parses expressions separated by commas up to the closing token
// (a trailing comma is allowed).
func (p *parser) list(closing string) ([]Expr, error) {
	var out []Expr
	if n := p.lx.elementsAhead(); n >= minListHint {
		// A long list on one line (MiniZinc writes a table so): its slice
		// is made once, at its size (within the expressions the limits
		// leave), instead of doubling as it grows.
		out = make([]Expr, 0, min(n, max(p.lim.MaxNodes-p.nodes, 0)+1))
	}
	for {
		if ok, err := p.accept(closing); err != nil || ok {
			return out, err
		}
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
		t, err := p.next()
		if err != nil {
			return nil, err
		}
		if t.kind == tPunct && t.text == closing {
			return out, nil
		}
		if t.kind != tPunct || t.text != "," {
			return nil, errAt(t.pos, ErrSyntax, "found %s, want ',' or %q", t.describe(), closing)
		}
	}
}

// minListHint is the length from which list sizes a list's slice ahead.
const minListHint = 64

// expr parses one expression.
func (p *parser) expr() (Expr, error) {
	t, err := p.next()
	if err != nil {
		return Expr{}, err
	}
	if err := p.count(t.pos); err != nil {
		return Expr{}, err
	}
	e := Expr{Pos: t.pos}
	switch {
	case t.kind == tInt:
		if ok, err := p.accept(".."); err != nil {
			return e, err
		} else if ok {
			hi, err := p.next()
			if err != nil {
				return e, err
			}
			if hi.kind != tInt {
				return e, errAt(hi.pos, ErrSyntax, "found %s, want the range's upper bound", hi.describe())
			}
			e.Kind = SetLit
			if t.num <= hi.num {
				e.Set = []Range{{t.num, hi.num}}
			}
			return e, nil
		}
		e.Kind, e.Int = IntLit, t.num
	case t.kind == tFloat:
		if ok, err := p.is(".."); err != nil {
			return e, err
		} else if ok {
			return e, errAt(t.pos, ErrUnsupported, "float ranges (this solver has integer and Boolean variables only)")
		}
		e.Kind, e.Str = FloatLit, t.text
	case t.kind == tString:
		e.Kind, e.Str = StringLit, t.text
	case t.kind == tIdent && (t.text == "true" || t.text == "false"):
		e.Kind, e.Bool = BoolLit, t.text == "true"
	case t.kind == tIdent:
		e.Kind, e.Str = Ident, t.text
		n, err := p.lookahead()
		if err != nil {
			return e, err
		}
		switch {
		case n.kind == tPunct && n.text == "(":
			_, _ = p.next()
			if e.Elems, err = p.nested(")"); err != nil {
				return e, err
			}
			e.Kind = Call
		case n.kind == tPunct && n.text == "[":
			_, _ = p.next()
			i, err := p.next()
			if err != nil {
				return e, err
			}
			if i.kind != tInt {
				return e, errAt(i.pos, ErrSyntax, "found %s, want an index", i.describe())
			}
			if _, err := p.expect("]"); err != nil {
				return e, err
			}
			e.Kind, e.Int = Access, i.num
		}
	case t.kind == tPunct && t.text == "[":
		e.Kind = ArrayLit
		if e.Elems, err = p.nested("]"); err != nil {
			return e, err
		}
	case t.kind == tPunct && t.text == "{":
		elems, err := p.nested("}")
		if err != nil {
			return e, err
		}
		e.Kind = SetLit
		for _, x := range elems {
			if x.Kind != IntLit {
				return e, errAt(x.Pos, ErrUnsupported, "a set of something other than integer literals")
			}
			e.Set = append(e.Set, Range{x.Int, x.Int})
		}
		e.Set = normalise(e.Set)
	default:
		return e, errAt(t.pos, ErrSyntax, "found %s, want an expression", t.describe())
	}
	return e, nil
}

// nested parses a list one level deeper, within MaxDepth.
func (p *parser) nested(closing string) ([]Expr, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > p.lim.MaxDepth {
		t, _ := p.lookahead()
		return nil, errAt(t.pos, ErrTooLarge, "nested deeper than %d", p.lim.MaxDepth)
	}
	return p.list(closing)
}

// normalise sorts ranges and merges those that overlap or touch.
func normalise(rs []Range) []Range {
	if len(rs) == 0 {
		return rs
	}
	slices.SortFunc(rs, func(a, b Range) int {
		switch {
		case a.Lo < b.Lo:
			return -1
		case a.Lo > b.Lo:
			return 1
		}
		return 0
	})
	out := rs[:1]
	for _, r := range rs[1:] {
		last := &out[len(out)-1]
		if r.Lo <= last.Hi || last.Hi != math.MaxInt64 && r.Lo == last.Hi+1 {
			last.Hi = max(last.Hi, r.Hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

// String writes an expression in FlatZinc syntax.
func (e Expr) String() string {
	var b strings.Builder
	e.write(&b)
	return b.String()
}
