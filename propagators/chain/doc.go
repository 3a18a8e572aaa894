// Package chain posts an ordered line of pairwise different variables
// with a relation between each pair of neighbours: a Futoshiki row with
// its inequality signs, or a row of Tatham's adjacent variant with its
// bars (|x-y| = 1) and their absence (|x-y| != 1).
//
//	// r1 < r2, nothing between r2 and r3, r3 > r4
//	chain.Post(m, row, []chain.Rel{chain.Less, chain.Any, chain.Greater})
//
// The pairwise relations and a domain-consistent all-different together
// miss deductions that need both at once: on a line a, b, c over 1..3
// with bars |a-b| = 1 and |b-c| = 1, each bar alone allows b = 1 (with a
// 2 beside it) and the all-different allows anything, but b = 1 needs
// a = c = 2; only the conjunction puts b = 2. Post filters the
// conjunction to domain consistency: it keeps exactly the values that
// some arrangement of the whole line uses, an
// arrangement being distinct values within the domains, every
// neighbouring pair in its relation.
//
// # Algorithm
//
// A dynamic program over (set of values placed, last value placed), the
// Held-Karp scheme for Hamiltonian paths (Held and Karp, "A dynamic
// programming approach to sequencing problems", 1962), which Bellman gave
// the same year: filling the line from the front, the state after i
// cells is the set S of the i values used (|S| = i says which cell comes
// next) and the value in cell i-1 (the only one the next relation looks
// at). F[S] holds the set of last values reachable, as bits of a word; a
// forward pass fills it layer by layer (layer t: the subsets of t values
// reached after t cells), expanding only the subsets reached, and a
// backward pass over the same layers in reverse computes the states from
// which the line can be completed, marking every value placed by a
// transition from a reachable state into a completable one: those are
// exactly the supported values (the forward/backward scheme of Pesant's
// regular constraint, CP 2004, on this state space).
//
// With k values in the union of the domains there are 2^k subsets and k
// last values, so a run costs O(2^k·k) word operations at worst (cheap at
// the root of a 9×9 puzzle: see docs/BENCHMARKS.md, section "Chain: run
// cost, witnesses and windows"), far less deep in a search, where the
// assigned cells drop out of the program and few subsets are reached;
// memory is 2·2^k 32-bit words per propagator, allocated at its first
// run with a cell unassigned. Post uses it when k <= MaxValues; above that it falls back to the
// decomposition (alldiff.GAC on the line and a binary constraint per
// relation): the same solutions, weaker filtering.
//
// # Witnesses
//
// Most runs in a search remove nothing: a few values have left the line
// and every value left still has a support. The propagator keeps
// witnesses, whole arrangements of the line (residual supports, as in
// Lecoutre and Hemery's AC3rm, IJCAI 2007), up to 64 of them: the program
// adds one per supported value that no witness held, read off its
// tables. A run first checks the witnesses against the domains (a few
// word operations per value, through a table of the witnesses holding
// each value); for the few values none of them holds it searches for an
// arrangement depth first, within a budget of steps, and a search that
// ends without one within the budget proves the value unsupported. Only
// when the witnesses and the searches leave a value undecided does the
// run fall back to the program. Witnesses are hints and nothing more:
// checked before use, they need no undoing on backtrack.
//
// # Windows
//
// PostWindows is the cheap strength: for every cell with a relation on
// both sides, the cell and its two neighbours, three different values
// in both relations, domain consistent on those three cells alone, one
// propagator per window, in a few word operations per value of the
// middle cell. It catches what the relations and the all-different miss
// apart and a window suffices to see (a cell between two bars is neither
// 1 nor N; a cell above both neighbours is at least 3), not what needs
// the whole line.
package chain
