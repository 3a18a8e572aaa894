// Package reif reifies constraints: a 0/1 variable b that is 1 exactly
// when a constraint C holds (b <-> C, MiniZinc's _reif), or that forces C
// when it is 1 (b -> C, half-reification, MiniZinc's _imp).
//
//	c := reif.Equal(x, y, 0)                 // x = y, domain consistent
//	err := reif.Post(m, b, c, reif.Full)     // b <-> x = y
//
// A reifiable constraint is a Cond: it says from the current domains
// whether it is entailed or disentailed (Check), propagates itself
// (Enforce), and gives its negation, itself a Cond. Post watches b and
// C's variables with one propagator: b = 1 enforces C, b = 0 enforces
// not C (Full only), and while b is free an entailed C sets b = 1 (Full
// only) and a disentailed one b = 0. Other packages implement Cond for
// their constraints (linear.Cond for linear relations). The design is in
// docs/ENGINE.md.
//
// Strength: when C's Check is exact (it reports Disentailed whenever no
// assignment of C's variables satisfies C, and Entailed whenever every
// one does) and its Enforce and its negation's are domain consistent,
// the reified propagator is domain consistent too: while b is free every
// value of C's variables has a support (with b = 1 or b = 0). Equal,
// NotEqual, In and NotIn are such Conds.
package reif
