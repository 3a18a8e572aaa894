// Package arith posts binary and ternary arithmetic constraints: orderings,
// differences and products of two variables.
//
//	arith.Less(m, x, y)                  // x < y (Futoshiki's inequality signs)
//	arith.LessEqPlus(m, x, y, 2)         // x <= y + 2
//	arith.AbsDiff(m, x, y, 1)            // |x - y| = 1 (a Kropki white dot)
//	arith.AbsDiffNotIn(m, x, y, []int{1}) // |x - y| != 1 (no dot: not consecutive)
//	arith.DiffNotIn(m, x, y, []int{0, 3}) // x != y and x != y + 3 (a queens diagonal)
//	arith.Times(m, x, y, z)              // x * y = z (values from 0)
//	arith.Mul(m, x, y, z)                // x * y = z, any signs (int_times)
//	arith.Div(m, x, y, z)                // z = x / y toward 0 (int_div); Mod, Abs, Min, Max, Pow alike
//
// Each returns an error wrapping ErrVar, and posts nothing, when a
// variable is not in the model.
//
// Every constraint here is filtered to domain consistency (Times below a
// size limit, see Times), so none has strength levels, except FlatZinc's
// operations on values of any sign (Mul, Div, Mod, Min, Max, Pow), which
// reason on bounds (see ops.go; Abs is domain consistent).
//
// # Orderings
//
// LessEqPlus (and Less and LessEq, its special cases) is x <= y + c. A value
// v of x has a support exactly when v <= max(y) + c, and a value w of y when
// w >= min(x) - c, so moving the two bounds is domain consistency, in O(W)
// for domains of W words. It wakes on bound changes only.
//
// # Differences
//
// DiffIn is x - y ∈ Δ for a set Δ of integers; Diff, AbsDiff, AbsDiffIn are
// the sets {d}, {d, -d} and ±S. The values of x with a support are the
// union of the translates y + δ over δ ∈ Δ, which on bitsets is a shift of
// y's words per δ; or, equally, the union of the translates w + Δ over the
// values w of y, a shift of Δ's words per w. Each run takes whichever of
// the two is shorter, so it costs O(min(|Δ|, |D|)·W) word operations for
// each side. DiffNotIn and AbsDiffNotIn forbid a set instead: a value v of
// x has no support only when every value of y lies in v - Δ, so x loses the
// intersection of the translates w + Δ over the values w of y, which is
// empty (and skipped) as soon as y has more values than Δ. The word
// shifting is the bitset form of the support reasoning in AC-3 for binary
// constraints (Mackworth, "Consistency in networks of relations", 1977):
// for a binary constraint one revision of each side is arc consistency.
//
// # Products
//
// Times is x·y = z, domain consistent by enumerating the pairs of the two
// smaller domains, up to TimesLimit pairs; above that it reasons on bounds.
//
// Values are the engine's: integers in domains.MinInt..MaxInt. The
// orderings work on every domain; the differences on bitset domains of any
// base (each variable's Base is folded into the set of differences), not
// on intervals; Times on bitset domains from 0 only (csp.ErrWords
// otherwise). Constraints whose offsets put every value out of reach fail
// at the root.
package arith
