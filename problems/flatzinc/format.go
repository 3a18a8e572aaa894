package flatzinc

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// write writes e in FlatZinc syntax.
func (e Expr) write(b *strings.Builder) {
	switch e.Kind {
	case IntLit:
		b.WriteString(strconv.FormatInt(e.Int, 10))
	case BoolLit:
		b.WriteString(strconv.FormatBool(e.Bool))
	case FloatLit, Ident:
		b.WriteString(e.Str)
	case StringLit:
		b.WriteString(`"` + e.Str + `"`)
	case SetLit:
		writeSet(b, e.Set)
	case Access:
		fmt.Fprintf(b, "%s[%d]", e.Str, e.Int)
	case ArrayLit, Call:
		open, closing := "[", "]"
		if e.Kind == Call {
			b.WriteString(e.Str)
			open, closing = "(", ")"
		}
		b.WriteString(open)
		for i, x := range e.Elems {
			if i > 0 {
				b.WriteByte(',')
			}
			x.write(b)
		}
		b.WriteString(closing)
	}
}

// writeSet writes a set as lo..hi when it is one range, else as {v,...}.
func writeSet(b *strings.Builder, set []Range) {
	if len(set) == 1 {
		fmt.Fprintf(b, "%d..%d", set[0].Lo, set[0].Hi)
		return
	}
	b.WriteByte('{')
	first := true
	for _, r := range set {
		for v := r.Lo; ; v++ {
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(strconv.FormatInt(v, 10))
			if v == r.Hi {
				break
			}
		}
	}
	b.WriteByte('}')
}

func writeAnns(b *strings.Builder, anns []Expr) {
	for _, a := range anns {
		b.WriteString(" :: ")
		a.write(b)
	}
}

// Write writes m in FlatZinc, one item per line, in the order Read gives
// them (predicates as bare names are not written back: their parameter
// lists are not kept). Reading the text back gives m again.
func Write(w io.Writer, m *Model) error {
	var b strings.Builder
	for _, d := range m.Decls {
		if d.Array {
			fmt.Fprintf(&b, "array [1..%d] of ", d.Len)
		}
		if d.Var {
			b.WriteString("var ")
		}
		if d.Var && d.Base == Int && d.Dom != nil {
			if len(d.Dom) == 0 {
				b.WriteString("{}")
			} else {
				writeSet(&b, d.Dom)
			}
		} else {
			b.WriteString(d.Base.String())
		}
		b.WriteString(": " + d.Name)
		writeAnns(&b, d.Anns)
		if d.Value != nil {
			b.WriteString(" = ")
			d.Value.write(&b)
		}
		b.WriteString(";\n")
	}
	for _, c := range m.Constraints {
		b.WriteString("constraint " + c.Name + "(")
		for i, a := range c.Args {
			if i > 0 {
				b.WriteByte(',')
			}
			a.write(&b)
		}
		b.WriteByte(')')
		writeAnns(&b, c.Anns)
		b.WriteString(";\n")
	}
	b.WriteString("solve")
	writeAnns(&b, m.Solve.Anns)
	b.WriteString(" " + m.Solve.Goal.String())
	if m.Solve.Goal != Satisfy {
		b.WriteByte(' ')
		m.Solve.Objective.write(&b)
	}
	b.WriteString(";\n")
	_, err := io.WriteString(w, b.String())
	return err
}
