// Package alldiff posts the all-different constraint at three strengths,
// and Auto, which is GAC or Value by whether the search learns clauses.
//
//	if err := alldiff.Post(m, row, alldiff.GAC); err != nil {
//		return err // an unknown strength, a variable not in m
//	}
//
// Value removes assigned values from the other variables; Hidden adds
// hidden singles when the group is a permutation of its values; GAC keeps
// exactly the values that some assignment of distinct values uses, with
// Régin's matching-based algorithm ("A filtering algorithm for constraints
// of difference in CSPs", AAAI 1994), reusing the matching between runs so
// a run after a small change costs little more than checking it. Auto is
// GAC in a space that does not track facts and Value in one that does
// (csp.Space.Tracking: a search learning clauses), where GAC's Hall-set
// reasons cost more than its pruning saves on large squares.
//
// Costs per run, for n variables over values below 64·W: Value and Hidden
// O(n·W) per pass; GAC O(n·W) to repair a still-valid matching plus
// O(n·d) for the components, d the domain size, and O(n·m) worst case to
// rebuild a matching from scratch. A GAC group of at most 64 variables
// over values below 64, in a space whose domains are all one word (Latin
// squares up to order 63, Futoshiki, sudoku), takes a one-word path that
// reads the space's words directly and holds the graph's node sets as
// words: a run reads again only the domains that changed since the last
// run when the space is still below the node where that run ended
// (Space.Holds), all n otherwise, plus one pass over the rows per round of
// elimination, then word operations on the unassigned variables only, and
// it changes the domains exactly as the general path does.
package alldiff
