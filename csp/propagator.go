package csp

import "github.com/cspgo/csp/domains"

// Status is a propagator's answer after a run.
type Status uint8

// The answers a propagator gives, in Gecode's vocabulary.
const (
	// Fixpoint: the propagator has done all it can; its own changes need
	// not wake it again.
	Fixpoint Status = iota
	// NotFixpoint: the propagator changed domains and running it again on
	// its own changes might remove more; the queue runs it again if it
	// changed anything.
	NotFixpoint
	// Entailed: the constraint holds whatever the remaining values; the
	// propagator is switched off for the rest of the subtree.
	Entailed
	// Failed: the constraint cannot hold; the current node is a dead end.
	Failed
)

var statusNames = [...]string{"fixpoint", "not at fixpoint", "entailed", "failed"}

// String names the status.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(?)"
}

// Propagator owns one constraint. Propagate narrows the domains of its
// variables through the Space's filtering methods (Remove, Assign, ...) and
// reports what it achieved. It must be sound (never remove a value some
// solution of its constraint uses) and checking (return Failed when all its
// variables are assigned and the constraint does not hold).
//
// A propagator is run when a variable it watches changes by at least the
// event it subscribed to (see Model.Post). State kept between runs must be
// valid for any ancestor of the current node too (a matching that is only a
// hint, counters that are recomputed), since the engine restores domains but
// not propagator fields on backtracking; or it must be tied to the node
// where it was derived (Space.Mark), and dropped once the space no longer
// Holds that node. Stateful propagators implement Cloner so that every
// Space gets its own copy.
type Propagator interface {
	Propagate(s *Space) Status
}

// Priority orders the queue: lower runs first. Cheap propagators reach
// their fixpoint before expensive ones see the domains.
type Priority uint8

// Priorities by cost, cheapest first.
const (
	Unary     Priority = iota // constant time
	Binary                    // constant time on two variables
	Linear                    // linear in the number of variables
	Quadratic                 // quadratic, e.g. pairwise reasoning
	Expensive                 // matching, dynamic programs, search
	numPriorities
)

// Prioritized is implemented by propagators that are not Linear in cost.
type Prioritized interface {
	Priority() Priority
}

// Named is implemented by propagators that want their statistics grouped
// under a kind other than their Go type, e.g. "alldiff/gac".
type Named interface {
	Name() string
}

// Cloner is implemented by propagators that keep state between runs. Each
// Space made from a Model works on its own clone, so spaces can search in
// parallel.
type Cloner interface {
	Clone() Propagator
}

// Advisor is implemented by propagators that want to know which of their
// variables changed (Gecode's advisors). Advise is called during another
// propagator's run, each time the variable at position i of the list given
// to Model.Post changes by an event the propagator subscribed to; it
// records what it needs and reports whether the propagator should be
// scheduled. It is not called for changes the propagator makes itself, nor
// while it is entailed. What it records may be stale after a failure or a
// backtrack (the changes it heard of were undone), so a propagator must
// treat it as a hint that can only cost extra work, never a missed change:
// every change since the propagator last ran to completion is advised.
type Advisor interface {
	Advise(i int, ev domains.Event) bool
}

// Resetter is implemented by stateful propagators that can forget their
// state in place: Space.Reset calls Reset instead of cloning them again,
// which saves the allocations when one space solves many instances.
type Resetter interface {
	Reset()
}
