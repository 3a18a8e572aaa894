package flatzinc

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// templates are constraints over the variables x1..x3 (0..3), n1, n2
// (-2..1: offset domains) and b1..b3 (Booleans) of the differential
// test, one or more per builtin Build takes.
var templates = []string{
	"int_eq(x1, x2)", "int_ne(x1, x2)", "int_le(x1, x2)", "int_lt(x2, x3)",
	"int_eq(x1, 2)", "int_le(1, x3)",
	"int_lin_eq([2, -1, 1], [x1, x2, x3], 3)", "int_lin_le([1, 1], [x1, x2], 3)", "int_lin_ne([1, -1], [x1, x3], 1)",
	"int_plus(x1, x2, x3)", "int_times(x1, x2, x3)", "int_abs(x1, x2)",
	"int_lin_eq([1, -1], [x1, n1], 2)", "int_lin_eq([-1, 1], [x2, x3], 1)", "int_lin_eq([1, -1], [x1, x1], 0)",
	"bool_eq(b1, b2)", "bool_le(b1, b2)", "bool_lt(b2, b3)", "bool_not(b1, b3)", "bool2int(b1, x1)",
	"bool_and(b1, b2, b3)", "bool_or(b1, b2, b3)", "bool_xor(b1, b2, b3)",
	"bool_eq_reif(b1, b2, b3)", "bool_le_reif(b1, b2, b3)", "bool_lt_reif(b1, b2, b3)",
	"bool_clause([b1, b2], [b3])", "bool_clause([], [b1, b2])",
	"array_bool_and([b1, b2], b3)", "array_bool_or([b1, b2], b3)", "array_bool_xor([b1, b2, b3])",
	"bool_lin_eq([1, 2, 1], [b1, b2, b3], 2)", "bool_lin_le([1, 1, 1], [b1, b2, b3], 1)",
	"bool_lin_eq([1, 2, 1], [b1, b2, b3], x1)", "bool_lin_le([2, -1, 1], [b1, b2, b3], n1)",
	"array_int_element(x1, [3, 1, 2], x2)", "array_bool_element(x2, [true, false, true], b1)",
	"set_in(x1, {0, 2, 3})", "set_in(x2, 1..2)",
	"csp_all_different_int([x1, x2, x3])", "csp_table_int([x1, x2], [0, 1, 1, 2, 2, 3, 3, 3, 9, 9])",
	"csp_inverse([x1, x2], [x3, x1], 1)",
	"int_le(n1, x1)", "int_lt(n1, -1)", "int_eq(n1, n2)", "int_ne(n1, n2)", "int_lin_eq([1, 1], [n1, n2], -1)",
	"int_plus(n1, x1, n2)", "set_in(n1, {-2, 0})", "csp_all_different_int([n1, n2, x1])",
	"csp_table_int([n1, x2], [-2, 0, 1, 3, 0, 1])", "array_int_element(x1, [-2, 1, 0], n1)",
	"csp_inverse([n1, n2], [n2, n1], -1)",
	"int_eq_reif(x1, x2, b1)", "int_ne_reif(n1, x1, b2)", "int_le_reif(x1, n2, b1)", "int_lt_reif(x2, x3, b3)",
	"int_le_imp(x1, x2, b1)", "int_eq_imp(n1, n2, b2)", "int_ne_imp(x1, x3, b1)", "int_lt_imp(n1, x1, b3)",
	"int_lin_le_reif([1, 2], [x1, n1], 2, b1)", "int_lin_eq_imp([1, -1], [x2, x3], 1, b2)",
	"int_lin_ne_reif([1, 1], [x1, x2], 3, b3)", "int_lin_eq_reif([3, -2], [n1, x1], -2, b1)",
	"int_lin_le_imp([1, 1], [x1, x2], 2, b2)", "int_lin_ne_imp([1, 1], [n1, n2], -2, b3)",
	"set_in_reif(x1, {1, 3}, b1)", "set_in_imp(n1, -1..0, b2)",
	"bool_clause_reif([b1], [b2], b3)", "bool_clause_imp([b1], [b2], b3)",
	"array_bool_and_imp([b1, b2], b3)", "array_bool_or_imp([b1, b2], b3)",
	"bool_and_imp(b1, b2, b3)", "bool_or_imp(b1, b2, b3)", "bool_xor_imp(b1, b2, b3)",
	"bool_eq_imp(b1, b2, b3)", "bool_le_imp(b1, b2, b3)", "bool_lt_imp(b1, b2, b3)",
	"array_var_int_element(x1, [n1, x2, 3], x3)", "array_var_bool_element(x2, [b1, b2, b3], b1)",
	"int_times(n1, n2, x1)", "int_times(n1, x2, n2)", "int_abs(n1, x1)", "int_div(x1, n1, n2)",
	"int_mod(x1, n1, n2)", "int_min(n1, x1, n2)", "int_max(n1, n2, x2)", "int_pow(n1, x1, n2)",
	"csp_lex_less_int([x1, n1], [x2, n2])", "csp_lex_lesseq_int([x1, x2, x3], [x3, 1, n1])",
	"csp_lex_less_int([x1], [x2, 0])", "csp_lex_lesseq_int([n1, n2], [n1])",
	"csp_lex_less_bool([b1, b2], [b3, b1])", "csp_lex_lesseq_bool([b1, b2, b3], [b2, b3, b1])",
	"csp_count_eq([x1, x2, x3], 2, n1)", "csp_count_eq([x1, n1, n2], x2, x3)", "csp_count_eq([x3, x2, x1], x1, x2)",
	"csp_count_eq([x1, n2], -1, 0)",
	"array_int_maximum(x1, [x2, n1, x3])", "array_int_minimum(n1, [x1, n2])", "array_int_maximum(n2, [n1, -1])",
	"csp_windows([x1, x2, x3], [3, 4])", "csp_windows([x1, x2, x3, 1], [1, 2, 2])", "csp_windows([x2, x3], [1])",
	"csp_windows([n1, x1, n2, x3], [4, 3, 0])", "csp_windows([n2, n1, x2], [2, 1])", "csp_windows([x1, x2, x1], [3, 3])",
}

// TestBuildAgainstCheck: on random conjunctions of the templates, the
// engine finds exactly the assignments the checker accepts, counted by
// enumerating all 4^5·2^3 of them.
func TestBuildAgainstCheck(t *testing.T) {
	decls := "var 0..3: x1 :: output_var;\nvar 0..3: x2 :: output_var;\nvar 0..3: x3 :: output_var;\n" +
		"var bool: b1 :: output_var;\nvar bool: b2 :: output_var;\nvar bool: b3 :: output_var;\n" +
		"var -2..1: n1 :: output_var;\nvar -2..1: n2 :: output_var;\n"
	rng := rand.New(rand.NewPCG(1, 2))
	cases := make([][]string, 0, 300)
	for _, tpl := range templates {
		cases = append(cases, []string{tpl})
	}
	for range 200 {
		n := 2 + rng.IntN(3)
		var cs []string
		for range n {
			cs = append(cs, templates[rng.IntN(len(templates))])
		}
		cases = append(cases, cs)
	}
	for _, cs := range cases {
		t.Run(strings.Join(cs, " /\\ "), func(t *testing.T) {
			src := decls
			for _, c := range cs {
				src += "constraint " + c + ";\n"
			}
			src += "solve satisfy;\n"
			m, err := Read(strings.NewReader(src))
			require.NoError(t, err)
			want := 0
			vals := map[string]int64{}
			for code := range 64 * 8 * 16 {
				for i := range 3 {
					vals[fmt.Sprintf("x%d", i+1)] = int64(code >> (2 * i) & 3)
					vals[fmt.Sprintf("b%d", i+1)] = int64(code >> (6 + i) & 1)
				}
				vals["n1"], vals["n2"] = int64(code>>9&3)-2, int64(code>>11&3)-2
				if Check(m, func(name string) (int64, bool) { v, ok := vals[name]; return v, ok }) == nil {
					want++
				}
			}
			p, err := Build(context.Background(), m)
			require.NoError(t, err)
			rep, err := Solve(context.Background(), p, Settings{All: true}, func([]int) bool { return true })
			require.NoError(t, err)
			assert.True(t, rep.Complete)
			assert.Equal(t, int64(want), rep.Solutions)

			// The optima of x1 - n2 by branch and bound against the
			// enumeration's.
			if want == 0 {
				return
			}
			lo, hi := int64(100), int64(-100)
			for code := range 64 * 8 * 16 {
				for i := range 3 {
					vals[fmt.Sprintf("x%d", i+1)] = int64(code >> (2 * i) & 3)
					vals[fmt.Sprintf("b%d", i+1)] = int64(code >> (6 + i) & 1)
				}
				vals["n1"], vals["n2"] = int64(code>>9&3)-2, int64(code>>11&3)-2
				vals["o"] = vals["x1"] - vals["n2"]
				if Check(m, func(name string) (int64, bool) { v, ok := vals[name]; return v, ok }) == nil {
					lo, hi = min(lo, vals["o"]), max(hi, vals["o"])
				}
			}
			for _, goal := range []struct {
				text string
				want int64
			}{{"minimize", lo}, {"maximize", hi}} {
				src := strings.Replace(src, "solve satisfy;", "var -5..5: o :: output_var;\nconstraint int_lin_eq([1, -1, -1], [x1, n2, o], 0);\nsolve "+goal.text+" o;", 1)
				m, err := Read(strings.NewReader(src))
				require.NoError(t, err)
				p, err := Build(context.Background(), m)
				require.NoError(t, err)
				var last []int
				rep, err := Solve(context.Background(), p, Settings{All: true}, func(v []int) bool { last = append(last[:0], v...); return true })
				require.NoError(t, err)
				require.True(t, rep.Complete)
				o, _ := p.Var("o")
				assert.Equal(t, goal.want, int64(last[o]), goal.text)
				assert.Equal(t, goal.want, rep.Objective, goal.text)
			}
		})
	}
}

// TestCheckBuiltins: each definition of the checker on an assignment
// that satisfies it and one that does not.
func TestCheckBuiltins(t *testing.T) {
	cases := []struct {
		c       string
		yes, no map[string]int64
	}{
		{"int_div(x, y, z)", map[string]int64{"x": -7, "y": 2, "z": -3}, map[string]int64{"x": -7, "y": 2, "z": -4}},
		{"int_mod(x, y, z)", map[string]int64{"x": -7, "y": 2, "z": -1}, map[string]int64{"x": -7, "y": 2, "z": 1}},
		{"int_div(x, y, z)", map[string]int64{"x": 7, "y": -2, "z": -3}, map[string]int64{"x": 7, "y": 0, "z": 0}},
		{"int_pow(x, y, z)", map[string]int64{"x": -2, "y": 3, "z": -8}, map[string]int64{"x": -2, "y": 3, "z": 8}},
		{"int_pow(x, y, z)", map[string]int64{"x": 2, "y": -1, "z": 0}, map[string]int64{"x": 0, "y": -1, "z": 0}},
		{"int_pow(x, y, z)", map[string]int64{"x": -1, "y": -3, "z": -1}, map[string]int64{"x": -1, "y": -3, "z": 1}},
		{"int_pow(x, y, z)", map[string]int64{"x": 1, "y": -2, "z": 1}, map[string]int64{"x": 3, "y": -2, "z": 1}},
		{"int_min(x, y, z)", map[string]int64{"x": -2, "y": 3, "z": -2}, map[string]int64{"x": -2, "y": 3, "z": 3}},
		{"int_max(x, y, z)", map[string]int64{"x": -2, "y": 3, "z": 3}, map[string]int64{"x": -2, "y": 3, "z": -2}},
		{"int_abs(x, y)", map[string]int64{"x": -5, "y": 5}, map[string]int64{"x": -5, "y": -5}},
		{"int_le_reif(x, y, r)", map[string]int64{"x": 1, "y": 0, "r": 0}, map[string]int64{"x": 1, "y": 0, "r": 1}},
		{"int_le_imp(x, y, r)", map[string]int64{"x": 1, "y": 0, "r": 0}, map[string]int64{"x": 1, "y": 0, "r": 1}},
		{"int_lin_le_reif([1, 1], [x, y], 3, r)", map[string]int64{"x": 1, "y": 2, "r": 1}, map[string]int64{"x": 2, "y": 2, "r": 1}},
		{"int_lin_eq([1, -1], [x, y], 0)", map[string]int64{"x": 4, "y": 4}, map[string]int64{"x": 4, "y": 3}},
		{"set_in_reif(x, {1, 3}, r)", map[string]int64{"x": 2, "r": 0}, map[string]int64{"x": 3, "r": 0}},
		{"bool_clause_reif([x], [y], r)", map[string]int64{"x": 0, "y": 1, "r": 0}, map[string]int64{"x": 0, "y": 0, "r": 0}},
		{"array_var_int_element(x, [y, r], z)", map[string]int64{"x": 2, "y": 5, "r": 6, "z": 6}, map[string]int64{"x": 3, "y": 5, "r": 6, "z": 6}},
		{"array_int_maximum(z, [x, y])", map[string]int64{"x": 2, "y": 5, "z": 5}, map[string]int64{"x": 2, "y": 5, "z": 2}},
		{"array_int_minimum(z, [x, y])", map[string]int64{"x": 2, "y": 5, "z": 2}, map[string]int64{"x": 2, "y": 5, "z": 5}},
		{"csp_lex_less_int([x, y], [z, r])", map[string]int64{"x": 1, "y": 5, "z": 1, "r": 6}, map[string]int64{"x": 1, "y": 5, "z": 1, "r": 5}},
		{"csp_lex_lesseq_int([x, y], [z, r])", map[string]int64{"x": 1, "y": 5, "z": 1, "r": 5}, map[string]int64{"x": 2, "y": 0, "z": 1, "r": 9}},
		{"csp_lex_less_int([x, y], [z])", map[string]int64{"x": 0, "y": 5, "z": 1}, map[string]int64{"x": 1, "y": 0, "z": 1}},
		{"csp_lex_lesseq_bool([x], [y, z])", map[string]int64{"x": 1, "y": 1, "z": 0}, map[string]int64{"x": 1, "y": 0, "z": 1}},
		{"csp_count_eq([x, y, z], 2, r)", map[string]int64{"x": 2, "y": 5, "z": 2, "r": 2}, map[string]int64{"x": 2, "y": 5, "z": 2, "r": 1}},
		{"csp_count_eq([x, y], z, r)", map[string]int64{"x": 3, "y": 1, "z": 4, "r": 0}, map[string]int64{"x": 4, "y": 1, "z": 4, "r": 0}},
		{"csp_all_different_int([x, y, z])", map[string]int64{"x": 1, "y": 2, "z": 3}, map[string]int64{"x": 1, "y": 2, "z": 1}},
		{"csp_windows([x, y, z, r], [1, 3, 4])", map[string]int64{"x": 1, "y": 4, "z": 3, "r": 0}, map[string]int64{"x": 1, "y": 4, "z": 3, "r": 2}},
		{"csp_windows([x, y, z, r], [0, 4, 4])", map[string]int64{"x": 1, "y": 1, "z": 4, "r": 7}, map[string]int64{"x": 1, "y": 1, "z": 4, "r": 5}},
		{"csp_windows([x, y, z], [2, 2])", map[string]int64{"x": 9, "y": 5, "z": -1}, map[string]int64{"x": 9, "y": 5, "z": 9}},
		{"csp_inverse([x, y], [z, r], 0)", map[string]int64{"x": 1, "y": 0, "z": 1, "r": 0}, map[string]int64{"x": 1, "y": 0, "z": 0, "r": 1}},
	}
	for _, tc := range cases {
		t.Run(tc.c, func(t *testing.T) {
			src := "var int: x;\nvar int: y;\nvar int: z;\nvar int: r;\nconstraint " + tc.c + ";\nsolve satisfy;\n"
			m, err := Read(strings.NewReader(src))
			require.NoError(t, err)
			at := func(vals map[string]int64) func(string) (int64, bool) {
				return func(name string) (int64, bool) { return vals[name], true }
			}
			assert.NoError(t, Check(m, at(tc.yes)))
			assert.ErrorIs(t, Check(m, at(tc.no)), ErrInvalid)
		})
	}
	m, err := Read(strings.NewReader("var int: x;\nconstraint int_frob(x);\nsolve satisfy;\n"))
	require.NoError(t, err)
	assert.ErrorIs(t, Check(m, func(string) (int64, bool) { return 0, true }), ErrUnsupported)
}

// TestWideDomains: values far apart are an interval with a membership
// constraint, set_in on an interval likewise; the solutions are exactly
// the values of the sets.
func TestWideDomains(t *testing.T) {
	cases := []struct {
		src  string
		want int64
	}{
		{"var {-100000, 0, 100000}: w :: output_var;\nconstraint int_ne(w, 0);\nsolve satisfy;", 2},
		{"var int: w :: output_var;\nconstraint set_in(w, {-3000000, 5, 7, 3000000});\nsolve satisfy;", 4},
		{"var int: w :: output_var;\nconstraint set_in(w, -3000000..-2999998);\nsolve satisfy;", 3},
		{"var 0..10000000: w :: output_var;\nvar bool: b :: output_var;\nconstraint set_in_reif(w, {3, 9999999}, b);\nconstraint int_le(w, 5);\nsolve satisfy;", 6},
	}
	for _, tc := range cases {
		t.Run(tc.src, func(t *testing.T) {
			m, err := Read(strings.NewReader(tc.src))
			require.NoError(t, err)
			p, err := Build(context.Background(), m)
			require.NoError(t, err)
			rep, err := Solve(context.Background(), p, Settings{All: true}, func([]int) bool { return true })
			require.NoError(t, err)
			assert.True(t, rep.Complete)
			assert.Equal(t, tc.want, rep.Solutions)
		})
	}
}

// TestBuildErrors: what the engine cannot take is an error at its place.
func TestBuildErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"beyond the engine", "var 0..4000000000: x;\nsolve satisfy;", "line 1, column 1: flatzinc: literal out of range: x ranges over 0..4000000000"},
		{"not an array", "var 0..3: x;\nconstraint int_lin_eq(x, [x], 1);\nsolve satisfy;", "line 2, column 23: flatzinc: bad model: int_lin_eq: argument 1 is an int, want an array of int"},
		{"bool for an int", "var 0..3: x;\nconstraint int_eq(true, x);\nsolve satisfy;", "line 2, column 19: flatzinc: bad model: int_eq: argument 1 is a bool, want an int"},
		{"int var for a bool", "var 0..3: x;\nvar bool: b;\nconstraint bool_eq(b, x);\nsolve satisfy;", "line 3, column 23: flatzinc: bad model: bool_eq: argument 2 is an int, want a bool"},
		{"bool array for ints", "array [1..2] of var bool: bs;\nconstraint csp_all_different_int(bs);\nsolve satisfy;", "csp_all_different_int: argument 1 is an array of bool, want an array of int"},
		{"bool element for an int", "array [1..2] of var bool: bs;\nconstraint int_le(bs[1], 1);\nsolve satisfy;", "int_le: argument 1 is a bool, want an int"},
		{"mixed array", "var 0..3: x;\nconstraint int_lin_eq([1, true], [x, x], 1);\nsolve satisfy;", "int_lin_eq: argument 1 is an array of int and bool, want an array of int"},
		{"set in an array", "var 0..3: x;\nconstraint int_lin_eq([1, {2}], [x, x], 1);\nsolve satisfy;", "int_lin_eq: argument 1 is an array of int and set of int, want an array of int"},
		{"float for an int", "var 0..3: x;\nconstraint int_le(x, 1.5);\nsolve satisfy;", "int_le: argument 2 is a float (floats are unsupported), want an int"},
		{"outside output array", "var 0..3: x;\narray [1..1] of var int: a :: output_array([1..2]) = [x];\nsolve satisfy;", "index sets"},
		{"bad access", "var 0..3: x;\narray [1..1] of var int: a = [x];\nconstraint int_le(a[2], 1);\nsolve satisfy;", "a[2] is outside 1..1"},
		{"int for a bool", "bool: b = 3;\nsolve satisfy;", "line 1, column 11: flatzinc: bad model: b is declared a bool, and this is an int"},
		{"bool in an int array", "array [1..2] of int: a = [1, true];\nsolve satisfy;", "column 30: flatzinc: bad model: a is declared an int, and this is a bool"},
		{"int for a var bool", "var bool: v = 0;\nsolve satisfy;", "v is declared a bool, and this is an int"},
		{"int for a set", "set of int: s = 3;\nsolve satisfy;", "s is declared a set of int, and this is an int"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Read(strings.NewReader(tc.src))
			require.NoError(t, err)
			p, err := Build(context.Background(), m)
			if err == nil {
				_, err = Solve(context.Background(), p, Settings{}, func([]int) bool { return true })
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestSearchAnnotations: each int_search and bool_search is a phase with
// its choices, a last phase takes the other variables, restarts and
// unknown annotations are mapped or noted.
func TestSearchAnnotations(t *testing.T) {
	src := "var 0..3: x;\nvar 0..3: y;\nvar 0..3: z;\nvar bool: b;\n" +
		"solve :: seq_search([int_search([y, x], first_fail, indomain_median, complete), " +
		"bool_search([b], input_order, indomain_max, complete)]) :: restart_luby(50) :: restart_constant(9) :: int_search([z], largest, indomain_reverse_split, complete) satisfy;\n"
	m, err := Read(strings.NewReader(src))
	require.NoError(t, err)
	p, err := Build(context.Background(), m)
	require.NoError(t, err)
	x, _ := p.Var("x")
	y, _ := p.Var("y")
	z, _ := p.Var("z")
	bv, _ := p.Var("b")
	ph := p.Search.Phases
	require.Len(t, ph, 3)
	assert.Equal(t, []csp.Var{y, x}, ph[0].Vars)
	assert.Equal(t, csp.MinDomain, ph[0].Var)
	assert.Equal(t, csp.ValMedian, ph[0].Val)
	assert.Equal(t, []csp.Var{bv}, ph[1].Vars)
	assert.Equal(t, csp.ValMax, ph[1].Val)
	assert.Equal(t, []csp.Var{z}, ph[2].Vars)
	assert.Equal(t, csp.InputOrder, ph[2].Var)
	assert.Equal(t, csp.ValReverseSplit, ph[2].Val)
	assert.Equal(t, csp.Luby, p.Search.Restarts)
	assert.Equal(t, int64(50), p.Search.RestartBase)
	notes := strings.Join(p.Notes, "\n")
	assert.Contains(t, notes, "restart_constant(9) ignored")
	assert.Contains(t, notes, "largest: the engine has no largest-value choice")

	// Without annotations, or with -f: the free search over every variable.
	m, err = Read(strings.NewReader("var 0..3: x;\nsolve satisfy;\n"))
	require.NoError(t, err)
	p, err = Build(context.Background(), m)
	require.NoError(t, err)
	assert.Equal(t, FreeSearch, p.Search)
	assert.Equal(t, FreeSearch, p.Options(Settings{Free: true}))
}

// TestBuildWithAllDiff: BuildOptions.AllDiff sets the strength of the
// all-different behind csp_all_different_int, on domains from 0 and from
// an offset; every strength finds the same solutions (the permutations),
// and the statistics name the propagator posted.
func TestBuildWithAllDiff(t *testing.T) {
	for _, dom := range []string{"0..2", "-5..-3"} {
		src := fmt.Sprintf("var %[1]s: a :: output_var;\nvar %[1]s: b :: output_var;\nvar %[1]s: c :: output_var;\n"+
			"constraint csp_all_different_int([a, b, c]);\nsolve satisfy;\n", dom)
		fz, err := Read(strings.NewReader(src))
		require.NoError(t, err)
		for _, st := range []*alldiff.Strength{nil, ptr(alldiff.Value), ptr(alldiff.Hidden), ptr(alldiff.GAC)} {
			want := alldiff.GAC // nil: Build's
			if st != nil {
				want = *st
			}
			t.Run(dom+"/"+want.String(), func(t *testing.T) {
				p, err := BuildWith(context.Background(), fz, BuildOptions{AllDiff: st})
				require.NoError(t, err)
				rep, err := Solve(context.Background(), p, Settings{All: true}, func([]int) bool { return true })
				require.NoError(t, err, "every solution passes Check")
				assert.Equal(t, int64(6), rep.Solutions)
				assert.True(t, rep.Complete)
				var kinds []string
				for _, k := range rep.Stats.Propagators {
					kinds = append(kinds, k.Kind)
				}
				assert.Contains(t, kinds, "alldiff/"+want.String())
			})
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestAllDifferentAnnotations: MiniZinc's consistency annotation on
// csp_all_different_int chooses the strength. x and y hold {1, 2}, so
// GAC removes 1 and 2 from z at the root; Value, which waits for
// assignments, does not.
func TestAllDifferentAnnotations(t *testing.T) {
	cases := []struct {
		ann  string
		want []int
	}{
		{"", []int{3}}, // the default: GAC
		{" :: domain", []int{3}},
		{" :: domain_propagation", []int{3}},
		{" :: bounds", []int{3}},
		{" :: value_propagation", []int{1, 2, 3}},
		{" :: some_other_annotation", []int{3}},
	}
	for _, c := range cases {
		t.Run(c.ann, func(t *testing.T) {
			src := "var 1..2: x :: output_var;\nvar 1..2: y :: output_var;\nvar 1..3: z :: output_var;\n" +
				"constraint csp_all_different_int([x, y, z])" + c.ann + ";\nsolve satisfy;\n"
			m, err := Read(strings.NewReader(src))
			require.NoError(t, err)
			p, err := Build(context.Background(), m)
			require.NoError(t, err)
			s := csp.NewSpace(p.Model, csp.Copying)
			require.True(t, s.Propagate())
			z, ok := p.Var("z")
			require.True(t, ok)
			assert.Equal(t, c.want, s.Dom(z).AppendValues(nil))
		})
	}
}

// TestAllDiffOptionOverAnnotation: BuildOptions.AllDiff (csp bench's
// --alldiff) wins over the call's annotation.
func TestAllDiffOptionOverAnnotation(t *testing.T) {
	src := "var 1..2: x;\nvar 1..2: y;\nvar 1..3: z :: output_var;\n" +
		"constraint csp_all_different_int([x, y, z]) :: value_propagation;\nsolve satisfy;\n"
	m, err := Read(strings.NewReader(src))
	require.NoError(t, err)
	p, err := BuildWith(context.Background(), m, BuildOptions{AllDiff: ptr(alldiff.GAC)})
	require.NoError(t, err)
	s := csp.NewSpace(p.Model, csp.Copying)
	require.True(t, s.Propagate())
	z, _ := p.Var("z")
	assert.Equal(t, []int{3}, s.Dom(z).AppendValues(nil))
}

// TestDifferenceKeepsHoles: int_lin_eq x - y = k over two bitsets is
// domain consistent (arith.Diff), so x's holes reach y; over an interval
// it stays linear (bounds).
func TestDifferenceKeepsHoles(t *testing.T) {
	cases := []struct {
		name, decl, con string
		want            []int
	}{
		{"x - y = -1", "var 0..5: y :: output_var;", "int_lin_eq([1, -1], [x, y], -1)", []int{2, 4}},
		{"-x + y = 1", "var 0..5: y :: output_var;", "int_lin_eq([-1, 1], [x, y], 1)", []int{2, 4}},
		{"x + y = 4", "var 0..5: y :: output_var;", "int_lin_eq([1, 1], [x, y], 4)", []int{1, 2, 3}},
		{"interval", "var -9000000..9000000: y :: output_var;", "int_lin_eq([1, -1], [x, y], -1)", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "var {1, 3}: x :: output_var;\n" + c.decl + "\nconstraint " + c.con + ";\nsolve satisfy;\n"
			m, err := Read(strings.NewReader(src))
			require.NoError(t, err)
			p, err := Build(context.Background(), m)
			require.NoError(t, err)
			s := csp.NewSpace(p.Model, csp.Copying)
			require.True(t, s.Propagate())
			y, _ := p.Var("y")
			if c.want == nil { // bounds only: 2..4
				assert.Equal(t, [2]int{2, 4}, [2]int{s.Min(y), s.Max(y)})
				return
			}
			assert.Equal(t, c.want, s.Dom(y).AppendValues(nil))
		})
	}
}
