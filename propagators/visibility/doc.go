// Package visibility posts the skyscraper clue: over an ordered line of
// heights, exactly c buildings are visible from the front, a building being
// visible when it is strictly taller than every building before it.
//
//	// heights 1..5; clue 3 on the left of a row, 2 on its right
//	visibility.Post(m, row, 5, 3, visibility.GAC)
//	visibility.Post(m, reversed(row), 5, 2, visibility.GAC)
//	// or both clues and the row's all-different as one propagator
//	visibility.PostLine(m, row, 5, 3, 2)
//
// The line is handed over already ordered from the clue's side: the
// opposite clue gets the reversed slice and a clue inside the grid a
// sub-slice, so one implementation serves every edge and interior clue.
// Heights range over 1..n, n the grid's size, which for a sub-line is more
// than its length; n is at most MaxHeight (63), so that heights and counts
// fit a word.
//
// # Strengths
//
// Edge applies the classic edge-clue rules at the root: clue 1 on a full
// line puts n in the first cell; clue c = len(line) makes the line
// increase strictly (cell d holds at least d+1, so with len(line) = n it is
// 1..n); for 1 < c, the cell at distance d from the clue (from 0) cannot
// hold a value from n-c+2+d up to n. Below the root it only checks the
// count once the line is assigned. Cost: O(L) at the root and at the
// check, O(1) for most wake-ups (it watches one unassigned cell).
//
// Bounds reasons on the domains' bounds in O(L) per run: the cells that
// may be seen (hi_i above every lo before) and must be seen (lo_i above
// every hi before) give the most and the fewest buildings visible; it fails
// when c is outside, removes heights above n-c+A_i (A_i: may-cells up to
// i; at the root this is Edge's rule, wherever it runs), and when the most
// or the fewest equals c, forces the may-cells to be seen or the others to
// hide (the rules are spelled out on Bounds). It is re-run on every change.
//
// GAC keeps exactly the values some arrangement within the domains with
// exactly c visible uses, for the clue alone (heights need not differ). It
// is Pesant's regular constraint ("A regular language membership
// constraint for finite sequences of variables", CP 2004) over the
// automaton whose states are (tallest so far, seen so far): a backward
// pass marks the states from which c can still be reached, a forward pass
// walks the reachable ones and keeps a value when one of its transitions
// joins the two. The counts of one tallest height are the bits of one word,
// so a run costs O(L·n) word operations, not O(L·n·c·d), with (L+1)·(n+1)
// words of table.
//
// Line (PostLine) filters a full line's all-different and both its clues
// together, to domain consistency on the conjunction. The tallest building
// n splits the line into A n B; the front count is 1 + the left-to-right
// maxima of A, the back count 1 + the right-to-left maxima of B, and A and
// B only share that their heights split {1..n-1}. So a dynamic program
// over the set S of heights placed in the first |S| cells (Bellman; Held
// and Karp, 1962: the tallest so far is max S, so the state is S and the
// count, and the counts of one S are the bits of one word) and one over
// the set placed in the last cells give, with a backward pass each, every
// supported value. A run costs O(2^(n-1)·n) at worst, below the
// 2^n·n² of a (set, tallest, count) program, and 10·2^(n-1) bytes of
// tables. Most runs in a search skip the program: the propagator keeps
// witnesses, whole permutations meeting both clues that earlier runs
// found, and when those still inside the domains (a few repaired or
// rearranged by a swap) use every height left, the domains are consistent
// already; a check costs O(n) per witness (residual supports, as in
// Lecoutre and Hemery, IJCAI 2007). Up to MaxLine (16), where a worst-case
// run of the program is still affordable; above it PostLine posts GAC per
// clue and alldiff.GAC instead (see MaxLine; measured in
// docs/BENCHMARKS.md, section "Visibility: the Line program up to
// MaxLine").
//
// Edge, Bounds and GAC filter the clue alone, and so are sound for a line
// of distinct heights too. The exception is Edge's clue-1 rule, which holds
// only when n is in the line: on a full line Edge's constraint is "a
// permutation of 1..n with c visible". Reasoning that needs the heights to
// differ (GAC on clue 1 does not put n first by itself when alldiff is
// posted beside it) is Line's.
//
// All tables are sized at Post and kept per Space (the propagators are
// Cloners), so propagation allocates nothing.
package visibility
