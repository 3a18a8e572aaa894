package csp

import "slices"

// CheckClauses makes e call check with its space and every clause it
// learns, before it jumps back (a test hook: the clause's literals must
// then all be false, and no solution may violate it).
func CheckClauses(e *Search, check func(s *Space, lits []Fact)) { checkClauses(e, e.cl, check) }

// checkClauses puts CheckClauses's hook on learner l of e (none when l is
// nil).
func checkClauses(e *Search, l *learner, check func(s *Space, lits []Fact)) {
	if l == nil {
		return
	}
	l.check = func(lits []Fact) { check(e.space, lits) }
}

// NegativeDecisions returns how many of the decisions on e's branch were
// taken as x != v, the literal's phase being false (LiteralActivity).
func NegativeDecisions(e *Search) int {
	n := 0
	for _, f := range e.frames {
		if f.neg {
			n++
		}
	}
	return n
}

// SetMaxBlocked sets how many solutions e blocks by a clause before it
// flips decisions instead (a test hook: 0 flips from the first).
func SetMaxBlocked(e *Search, n int) {
	if e.cl != nil {
		e.cl.maxBlocked = n
	}
}

// SetShrink turns the shrinking of e's learned clauses on or off (a test
// hook: on by default).
func SetShrink(e *Search, on bool) {
	if e.cl != nil {
		e.cl.noShrink = !on
	}
}

// CheckKeptReasons makes e compare every reason it takes from those it
// kept with the reason computed afresh, calling mismatch on a difference,
// and returns the count of reasons so taken (a test hook).
func CheckKeptReasons(e *Search, mismatch func(i int32, kept, fresh []Fact)) *int {
	return checkKeptReasons(e, e.cl, mismatch)
}

// checkKeptReasons puts CheckKeptReasons's hook on learner l of e (none
// when l is nil: the count stays 0).
func checkKeptReasons(e *Search, l *learner, mismatch func(i int32, kept, fresh []Fact)) *int {
	n := new(int)
	if l == nil {
		return n
	}
	l.checkKept = func(i int32, kept []Fact) {
		*n++
		if fresh := e.freshReason(i, nil); !slices.Equal(kept, fresh) {
			mismatch(i, kept, fresh)
		}
	}
	return n
}

// SetMaxCut sets how many subproblems the parallel cut lists before it
// stops (a test hook) and returns a function that puts it back.
func SetMaxCut(n int) func() {
	old := maxCut
	maxCut = n
	return func() { maxCut = old }
}

// TargetLength is the length in facts of e's target branch, 0 before the
// first (a test hook).
func TargetLength(e *Search) int {
	if e.cl == nil {
		return 0
	}
	return e.cl.best
}

// ShareEvery sets the length of a portfolio's epoch, in nodes, and
// shows every clause a member takes in to taken (test hooks, for every
// portfolio until the returned function puts them back).
func ShareEvery(nodes int64, taken func(lits []Fact)) (restore func()) {
	oldNodes, oldHook := shareNodes, takenHook
	shareNodes, takenHook = nodes, taken
	return func() { shareNodes, takenHook = oldNodes, oldHook }
}
