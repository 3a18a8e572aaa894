// Package domains holds finite domains of small non-negative integers as
// bitsets, and the events their filtering operations report.
//
// A domain is the set of values a variable may still take. Propagators
// narrow it; each narrowing says what it did, so the engine wakes only the
// propagators that care:
//
//	d := domains.Range(1, 9)
//	d.Remove(5)      // EventDomain: an inner value went
//	d.RemoveBelow(3) // EventBounds: the minimum moved
//	d.Assign(7)      // EventAssigned: one value is left
//
// Domains are views over 64-bit words (bit v is value v), so the engine can
// keep every domain of a problem in one slice and save it with one copy.
package domains
