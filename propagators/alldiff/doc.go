// Package alldiff posts the all-different constraint at three strengths.
//
//	alldiff.Post(m, row, alldiff.GAC)
//
// Value removes assigned values from the other variables; Hidden adds
// hidden singles when the group is a permutation of its values; GAC keeps
// exactly the values that some assignment of distinct values uses, with
// Régin's matching-based algorithm ("A filtering algorithm for constraints
// of difference in CSPs", AAAI 1994), reusing the matching between runs so
// a run after a small change costs little more than checking it.
//
// Costs per run, for n variables over values below 64·W: Value and Hidden
// O(n·W) per pass; GAC O(n·W) to repair a still-valid matching plus
// O(n·d) for the components, d the domain size, and O(n·m) worst case to
// rebuild a matching from scratch.
package alldiff
