// Package linear posts linear constraints over integer variables: a sum of
// terms aᵢ·xᵢ compared with a constant, and the sum of a group of distinct
// cells (a Killer sudoku cage, a KenKen "+" cage whose cells all differ).
//
//	linear.Post(m, []int{2, 3, -1}, []csp.Var{x, y, z}, linear.Leq, 10) // 2x + 3y - z <= 10
//	linear.PostSum(m, cage, linear.Eq, 17)                              // x₁ + ... + xₙ = 17
//	linear.PostDistinctSum(m, cage, 17, linear.GAC)                     // distinct, summing to 17
//
// # Sums
//
// Post merges repeated variables and drops zero coefficients, then posts
// one propagator per relation. Eq reasons on bounds, the classic way (as in
// Harvey and Stuckey, "Improving linear constraint propagation by changing
// constraint representation", Constraints 2003): with L and H the smallest
// and largest value the whole sum can take, each term aᵢxᵢ must lie within
// c - (H - Hᵢ) .. c - (L - Lᵢ), and xᵢ's bounds move accordingly (rounded
// inwards); this repeats until no bound moves. The result is bounds(ℝ)
// consistency: each bound of each variable fits some real-valued choice of
// the others within their bounds. It is weaker than domain consistency (x
// + y = 5 keeps x = 2 when y is {1, 4}) and than bounds(ℤ) consistency,
// which is NP-hard for a linear equation. Leq and Geq need one pass, and
// for them moving bounds is domain consistency: a value fits if it fits
// with every other term at its smallest. Neq waits until one variable is
// left unassigned and removes its single forbidden value, which is domain
// consistency too.
//
// # Distinct sums
//
// PostDistinctSum at GAC keeps exactly the values of some assignment of
// pairwise different values with the given sum: domain consistency on the
// conjunction, which neither all-different nor the sum reaches alone. It
// walks the cells in order, the state being the set S of values placed so
// far (its size is the number of cells filled, its sum the partial sum),
// by a depth-first search that records for each S whether it can be
// completed, so each set is expanded once; a value v of cell |S| is
// supported when S ∪ {v} can be completed from some reachable S. This is
// dynamic programming over subsets (Bellman; Held and Karp, 1962), as in
// the visibility package's line level. A run costs O(R·u) for R reachable
// sets of the u values in the union of the cells' initial domains, at most
// 2^u: a 9-cell cage of 1..9 has 512 sets. For u above MaxDistinctValues
// the GAC level posts the Bounds level instead: all-different (alldiff.GAC)
// and a bounds-consistent sum as two propagators.
package linear
