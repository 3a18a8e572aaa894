package flatzinc

import (
	"errors"
	"fmt"
)

// Sentinels of the errors Read and Build return; an *Error unwraps to one.
var (
	// ErrSyntax: the text is not FlatZinc (a token out of place, a
	// statement cut short).
	ErrSyntax = errors.New("flatzinc: syntax error")
	// ErrUnsupported: valid FlatZinc that this solver does not take (set
	// or float variables, a builtin it does not know, a construct the
	// engine lacks).
	ErrUnsupported = errors.New("flatzinc: unsupported")
	// ErrRange: a literal out of range (beyond 64 bits when read, beyond
	// what the engine's variables hold when built).
	ErrRange = errors.New("flatzinc: literal out of range")
	// ErrTooLarge: the model passes one of the reader's bounds (Limits).
	ErrTooLarge = errors.New("flatzinc: model too large")
	// ErrModel: a well-formed statement that makes no sense (an unknown
	// name, a wrong argument type, a duplicate declaration).
	ErrModel = errors.New("flatzinc: bad model")
	// ErrRead: the input could not be read.
	ErrRead = errors.New("flatzinc: read error")
)

// Pos is a place in the input: 1-based line and column (in bytes).
type Pos struct {
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("line %d, column %d", p.Line, p.Col) }

// Error says where a FlatZinc input is malformed or unsupported: the
// place, what was found or expected, and a sentinel (ErrSyntax,
// ErrUnsupported, ...) for errors.Is.
type Error struct {
	Pos
	Detail string
	Err    error
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%v: %s", e.Err, e.Detail)
	}
	return fmt.Sprintf("%v: %v: %s", e.Pos, e.Err, e.Detail)
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

// errAt makes an *Error.
func errAt(p Pos, sentinel error, format string, args ...any) *Error {
	return &Error{Pos: p, Detail: fmt.Sprintf(format, args...), Err: sentinel}
}

// Kind says what an Expr is.
type Kind uint8

// Kinds of expressions.
const (
	IntLit    Kind = iota + 1 // Int
	BoolLit                   // Bool
	FloatLit                  // Str holds the literal's text (floats are not solved, only carried in annotations)
	SetLit                    // Set: a set of integers, sorted, disjoint, non-adjacent ranges
	StringLit                 // Str, without the quotes, escapes kept as written
	Ident                     // Str: a name
	Access                    // Str[Int]: an element of an array, 1-based
	ArrayLit                  // Elems
	Call                      // Str(Elems): an annotation with arguments
)

// Range is the integers Lo..Hi, both included.
type Range struct{ Lo, Hi int64 }

// Expr is a FlatZinc expression: a literal, a name, an array or an
// annotation call. Only the fields its Kind names are set.
type Expr struct {
	Kind  Kind
	Pos   Pos
	Int   int64
	Bool  bool
	Set   []Range
	Str   string
	Elems []Expr
}

// Base is the element type of a declaration.
type Base uint8

// Base types.
const (
	Int Base = iota + 1
	Bool
	SetOfInt
)

func (b Base) String() string {
	switch b {
	case Int:
		return "int"
	case Bool:
		return "bool"
	case SetOfInt:
		return "set of int"
	}
	return "?"
}

// Decl is a parameter or variable declaration, alone or as an array
// (index set 1..Len).
type Decl struct {
	Name  string
	Pos   Pos
	Var   bool    // var (a decision variable), else a parameter
	Base  Base    // element type
	Dom   []Range // var int's domain (sorted, disjoint ranges); nil: unbounded
	Array bool    // an array of Len elements
	Len   int
	Anns  []Expr
	Value *Expr // the assigned expression; nil for a variable without one
}

// Constraint is a constraint item: a builtin or predicate applied to
// arguments.
type Constraint struct {
	Name string
	Pos  Pos
	Args []Expr
	Anns []Expr
}

// Goal is what the solve item asks.
type Goal uint8

// Goals.
const (
	Satisfy Goal = iota
	Minimize
	Maximize
)

func (g Goal) String() string { return [...]string{"satisfy", "minimize", "maximize"}[g] }

// SolveItem is the solve item.
type SolveItem struct {
	Pos       Pos
	Goal      Goal
	Objective Expr // Minimize and Maximize only
	Anns      []Expr
}

// Model is a FlatZinc model as read: its items in input order.
type Model struct {
	Preds       []string // names of the predicate declarations
	Decls       []Decl   // parameters and variables
	Constraints []Constraint
	Solve       SolveItem
	byName      map[string]int // index into Decls
}

// Lookup returns the declaration called name.
func (m *Model) Lookup(name string) (*Decl, bool) {
	i, ok := m.byName[name]
	if !ok {
		return nil, false
	}
	return &m.Decls[i], true
}

// HasAnn reports whether anns holds the annotation name (with or without
// arguments), and returns it.
func HasAnn(anns []Expr, name string) (Expr, bool) {
	for _, a := range anns {
		if (a.Kind == Ident || a.Kind == Call) && a.Str == name {
			return a, true
		}
	}
	return Expr{}, false
}
