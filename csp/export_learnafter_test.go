package csp

// SetNodeLimit sets e's node limit, as RunPortfolio does between slices.
func SetNodeLimit(e *Search, n int64) { e.opts.NodeLimit = n }

// SavedBytes is e.savedBytes, what MaxMemory counts.
func SavedBytes(e *Search) int64 { return e.savedBytes() }

// CheckLateClauses is CheckClauses for a search that holds learning back
// (Options.LearnAfter): the hook goes on the learner it will switch to.
func CheckLateClauses(e *Search, check func(s *Space, lits []Fact)) { checkClauses(e, e.late, check) }

// CheckLateKeptReasons is CheckKeptReasons for the learner held back.
func CheckLateKeptReasons(e *Search, mismatch func(i int32, kept, fresh []Fact)) *int {
	return checkKeptReasons(e, e.late, mismatch)
}

// HeldLearning is the bytes of the learner and the trail of facts that e
// keeps, whether on (cl, lt) or held back (late, idle).
func HeldLearning(e *Search) int64 {
	var n int64
	if l := e.late; l != nil {
		n += l.bytes()
	} else if e.cl != nil {
		n += e.cl.bytes()
	}
	if t := e.space.lt; t != nil {
		n += t.bytes()
	} else if t := e.space.idle; t != nil {
		n += t.bytes()
	}
	return n
}
