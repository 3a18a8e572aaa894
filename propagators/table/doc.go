// Package table posts extensional constraints: the variables must take one
// of a list of allowed tuples. It also generates the tuples of KenKen cages.
//
//	table.Post(ctx, m, []csp.Var{x, y, z}, [][]int{{1, 2, 3}, {2, 3, 1}, {3, 1, 2}})
//	// a KenKen "12×" cage of three cells over 1..6, cells 0 and 1 in one row
//	table.PostCage(ctx, m, cells, table.Mul, 12, 6, [][2]int{{0, 1}})
//
// # Filtering
//
// Post filters to generalised arc consistency (every value left is in some
// allowed tuple all of whose values are left) with Compact-Table
// (Demeulenaere, Lecoutre, Lagerkvist, Perez, Schulte, Rossi, "Compact-Table:
// efficiently filtering table constraints with reversible sparse
// bit-sets", CP 2016). The tuples still valid are a bitset over the table,
// kept sparse (the indices of its non-zero words come first, so operations
// skip the words already empty); each (variable, value) has the bitset of
// the tuples holding it. A run first removes from the current tuples those
// that the domain changes since the last run invalidate, variable by
// variable, either by the values removed (incremental) or by the values
// left (reset), whichever are fewer; then a value keeps its place when its
// tuples meet the current ones, checked first on the word that answered
// last time (its residue), then over the non-zero words.
//
// # State across backtracking
//
// The engine restores domains on backtracking but not propagator fields,
// and offers no hook to save a propagator's state with the space. So the
// propagator keeps its own stack, validated against the domains: each
// entry holds the domains of its variables after a run (a snapshot) and
// the words of the current tuples that changed since the entry below (a
// trail). The current tuples of an entry are exactly the tuples valid in
// its snapshot, so they are right for any domains contained in it, whatever
// path of the search led there: a run pops the entries whose snapshots do
// not contain the current domains (restoring the words from their trails),
// then updates the current tuples for the variables that differ from the
// top snapshot. Below the root the stack grows only when domains shrink,
// so it never holds more entries than the domains have values. Residues are
// hints, checked before use, and need no restoring.
//
// # Costs
//
// For r variables, t tuples, w = ⌈t/64⌉ words and d values per domain: the
// tables take r·d·w words, shared by every Space; each Space's copy holds
// the current tuples (w words) and its stack. A run costs O(Σ Δ·w') for
// the update, Δ the values removed (or left) per changed variable and w'
// the non-zero words, plus O(r·d) residue checks and, for a residue that
// fails, O(w') for the search; checking the snapshot costs O(r) word
// comparisons.
//
// The stack pays deep in a search: rebuilding the current tuples from the
// initial ones at every run instead costs the same near the root, but
// several times more a few levels down (BenchmarkTable; measured in
// docs/BENCHMARKS.md, section "Table: the stack of current tuples").
package table
