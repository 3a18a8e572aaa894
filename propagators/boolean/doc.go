// Package boolean posts constraints over 0/1 variables (1 is true), the
// Boolean builtins of FlatZinc:
//
//	boolean.And(m, xs, r)         // r <-> x1 ∧ ... ∧ xn   (bool_and, array_bool_and)
//	boolean.Or(m, xs, r)          // r <-> x1 ∨ ... ∨ xn   (bool_or, array_bool_or)
//	boolean.Clause(m, pos, neg)   // ∨ pos ∨ ¬neg          (bool_clause)
//	boolean.Parity(m, xs, true)   // an odd number true    (array_bool_xor)
//
// bool_xor(a, b, r) is Parity(m, [a, b, r], false), bool_not(a, b) and
// bool_eq_reif(a, b, r) are Parity(..., true), bool_eq(a, b) is
// Parity([a, b], false); bool_le and bool_lt are arith.LessEq and
// arith.Less; bool_le_reif and the like are reif.Post over linear.Cond;
// bool_lin_eq and bool_lin_le are linear.Post; bool2int is the identity
// (a Boolean is an integer variable). Every propagator here is domain
// consistent and runs in O(n) (a clause is scanned, not watched: watched
// literals are the learning engine's, issue 18).
package boolean
