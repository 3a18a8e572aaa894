// Package lex posts lexicographic orderings between two arrays of integer
// variables: x <=lex y (LessEq) and x <lex y (Less).
//
//	lex.Post(m, row1, row2, lex.LessEq) // rows in order: a symmetry breaker
//
// The propagator is domain consistent (GAC) when the variables of x and y
// are all distinct, after Frisch, Hnich, Kiziltan, Miguel and Walsh,
// "Global constraints for lexicographic orderings" (CP 2002). Their
// algorithm keeps two pointers: alpha, the first position where x and y
// are not both assigned the same value, and beta, the first position from
// which x > y is forced for the rest of the arrays. Every value removal
// the constraint implies happens at alpha: x[alpha] <= max y[alpha] and
// y[alpha] >= min x[alpha], strictly when beta = alpha + 1 (the suffix
// after alpha cannot be in order, so alpha must decide). This package
// recomputes alpha at each call and, instead of beta, the one bit the
// pruning uses (whether the suffix after alpha can be in order), in
// time linear in the arrays; it reads only bounds (Min, Max), so it works
// on every domain representation and wakes on bound changes.
//
// Arrays of different lengths compare as MiniZinc's lex_less and
// lex_lesseq do: position by position over the shorter length, and when
// that common part is equal, the shorter array is the smaller. A variable
// repeated across the arrays keeps the propagator sound but may leave it
// short of domain consistency.
package lex
