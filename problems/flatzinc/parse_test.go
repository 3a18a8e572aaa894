package flatzinc

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadMiniZincOutput(t *testing.T) {
	f, err := os.Open("testdata/queens_opt.fzn")
	require.NoError(t, err)
	defer f.Close()
	m, err := Read(f)
	require.NoError(t, err)
	q, ok := m.Lookup("q")
	require.True(t, ok)
	assert.True(t, q.Var && q.Array && q.Len == 6)
	_, ok = HasAnn(q.Anns, "output_array")
	assert.True(t, ok)
	z, ok := m.Lookup("z")
	require.True(t, ok)
	assert.Equal(t, []Range{{-2, 20}}, z.Dom)
	assert.Equal(t, Minimize, m.Solve.Goal)
	assert.Equal(t, "z", m.Solve.Objective.Str)
	require.Len(t, m.Solve.Anns, 1)
	assert.Equal(t, "int_search(q,first_fail,indomain_min,complete)", m.Solve.Anns[0].String())
	assert.Equal(t, "int_times", m.Constraints[len(m.Constraints)-1].Name)
}

func TestReadForms(t *testing.T) {
	src := `% a comment
predicate my_pred(array [int] of var int: x, var 1..3: y);
int: n = 3; bool: t = true;
set of int: s = {5,1,2,3};
array [1..3] of set of int: ss = [1..2, {}, {7}];
array [1..2] of int: c = [0x1F, -0o7];
var {1,3,5}: x :: output_var;
var bool: b :: output_var = true;
array [1..2] of var int: xs :: output_array([1..2]) = [x, 4];
constraint int_lin_le(c, xs, 10) :: domain;
constraint my_pred(xs, xs[2]);
solve :: seq_search([int_search(xs, input_order, indomain_min, complete), bool_search([b], input_order, indomain_max, complete)]) :: restart_geometric(1.5, 100) satisfy;
`
	m, err := Read(strings.NewReader(src))
	require.NoError(t, err)
	assert.Equal(t, []string{"my_pred"}, m.Preds)
	s, _ := m.Lookup("s")
	assert.Equal(t, []Range{{1, 3}, {5, 5}}, s.Value.Set)
	c, _ := m.Lookup("c")
	assert.Equal(t, int64(31), c.Value.Elems[0].Int)
	assert.Equal(t, int64(-7), c.Value.Elems[1].Int)
	x, _ := m.Lookup("x")
	assert.Equal(t, []Range{{1, 1}, {3, 3}, {5, 5}}, x.Dom)
	assert.Equal(t, Access, m.Constraints[1].Args[1].Kind)
	assert.Len(t, m.Solve.Anns, 2)
	assert.Equal(t, FloatLit, m.Solve.Anns[1].Elems[0].Kind)

	var b strings.Builder
	require.NoError(t, Write(&b, m))
	back, err := Read(strings.NewReader(b.String()))
	require.NoError(t, err, b.String())
	var again strings.Builder
	require.NoError(t, Write(&again, back))
	assert.Equal(t, b.String(), again.String())
	assert.Len(t, back.Decls, len(m.Decls))
	assert.Len(t, back.Constraints, len(m.Constraints))
}

func TestReadErrors(t *testing.T) {
	cases := []struct {
		name, src string
		sentinel  error
		want      string
	}{
		{"truncated", "var 1..3: x;\nconstraint int_le(x,", ErrSyntax, "line 2, column 21"},
		{"no solve", "var 1..3: x;\n", ErrSyntax, "before the solve item"},
		{"set variable", "var set of 1..3: s;\nsolve satisfy;", ErrUnsupported, "line 1, column 5: flatzinc: unsupported: set variables"},
		{"float variable", "var float: f;\nsolve satisfy;", ErrUnsupported, "line 1, column 5"},
		{"float range", "var 0.0..1.0: f;\nsolve satisfy;", ErrUnsupported, "float"},
		{"out of range", "int: n = 99999999999999999999;\nsolve satisfy;", ErrRange, "line 1, column 10"},
		{"bad char", "var 1..3: x;\n  @\nsolve satisfy;", ErrSyntax, "line 2, column 3"},
		{"after solve", "solve satisfy;\nvar 1..3: x;", ErrSyntax, "after the solve item"},
		{"duplicate", "var 1..3: x;\nvar 1..3: x;\nsolve satisfy;", ErrModel, "declared twice"},
		{"param without value", "int: n;\nsolve satisfy;", ErrSyntax, "no value"},
		{"open string", "solve :: foo(\"abc) satisfy;", ErrSyntax, "string"},
		{"deep", "solve :: " + strings.Repeat("[", 100) + "satisfy;", ErrTooLarge, "nested"},
		{"bad index set", "array [0..3] of int: a = [];\nsolve satisfy;", ErrSyntax, "index set"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.src))
			require.Error(t, err)
			assert.True(t, errors.Is(err, tc.sentinel), "%v", err)
			var fe *Error
			require.True(t, errors.As(err, &fe))
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestReadLineTooLong(t *testing.T) {
	_, err := ReadLimits(strings.NewReader("int: n = 1;\n"+strings.Repeat(" ", 200)+"\nsolve satisfy;"), Limits{MaxLine: 100})
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Contains(t, err.Error(), "line 2")
	_, err = ReadLimits(strings.NewReader("array [1..5] of int: a = [1,2,3,4,5];\nsolve satisfy;"), Limits{MaxNodes: 4})
	require.ErrorIs(t, err, ErrTooLarge)
}

// TestElementsAhead: the count of a list's elements read ahead on its
// line, its nested brackets and strings skipped; -1 where the list does
// not close on the line.
func TestElementsAhead(t *testing.T) {
	for _, tc := range []struct {
		rest string // the line after the list's opening bracket
		want int
	}{
		{"1, 2, 3];", 3},
		{"];", 0},
		{" 1 ,2 , 3 ] ;", 3},
		{",,,,,,];", 0},
		{"1,,2,];", 2},
		{"[1, 2], {3, 4}, f(5, 6)] :: output_array([1..2]);", 3},
		{`"a,]b", "c\",]", 7];`, 3},
		{"1, 2, 3", -1},
		{"1, 2 % a comment, ]", -1},
		{"1, [2, 3", -1},
	} {
		lx := &lexer{line: []byte(tc.rest)}
		assert.Equal(t, tc.want, lx.elementsAhead(), "%q", tc.rest)
	}
	lx := &lexer{line: []byte("1, 2];"), peeked: true}
	assert.Equal(t, -1, lx.elementsAhead(), "a token read ahead")
}

// TestReadLongList: a list long enough to be sized ahead reads as the
// same list written over several lines (sized as it grows), with nested
// literals and strings among its elements, and stops at the expression
// limit as before.
func TestReadLongList(t *testing.T) {
	var one, many strings.Builder
	for i := range 300 {
		item := fmt.Sprint(i)
		switch i % 3 {
		case 1:
			item = fmt.Sprintf("{%d, %d}", i, i+1)
		case 2:
			item = fmt.Sprintf("%d..%d", i, i+2)
		}
		if i > 0 {
			one.WriteString(", ")
			many.WriteString(",\n")
		}
		one.WriteString(item)
		many.WriteString(item)
	}
	read := func(list string) *Model {
		m, err := Read(strings.NewReader("array [1..300] of set of int: a = [" + list + "];\nsolve satisfy;\n"))
		require.NoError(t, err)
		return m
	}
	a, b := read(one.String()), read(many.String())
	require.Len(t, a.Decls[0].Value.Elems, 300)
	for i := range a.Decls[0].Value.Elems {
		x, y := a.Decls[0].Value.Elems[i], b.Decls[0].Value.Elems[i]
		assert.Equal(t, x.Kind, y.Kind, "element %d", i)
		assert.Equal(t, x.Set, y.Set, "element %d", i)
	}
	_, err := ReadLimits(strings.NewReader("array [1..300] of set of int: a = ["+one.String()+"];\nsolve satisfy;\n"), Limits{MaxNodes: 100})
	require.ErrorIs(t, err, ErrTooLarge)
}

// BenchmarkReadLongArray reads a parameter array of 100,000 integers on
// one line, as MiniZinc writes a table.
func BenchmarkReadLongArray(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("array [1..100000] of int: a = [")
	for i := range 100000 {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprint(&sb, i%97)
	}
	sb.WriteString("];\nsolve satisfy;\n")
	text := sb.String()
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := Read(strings.NewReader(text)); err != nil {
			b.Fatal(err)
		}
	}
}
