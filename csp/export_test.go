package csp

// CheckClauses makes e call check with its space and every clause it
// learns, before it jumps back (a test hook: the clause's literals must
// then all be false, and no solution may violate it).
func CheckClauses(e *Search, check func(s *Space, lits []Fact)) {
	if e.cl == nil {
		return
	}
	e.cl.check = func(lits []Fact) { check(e.space, lits) }
}
