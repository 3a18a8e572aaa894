// Package domains holds finite domains of integers, as bitsets or, for
// wide ranges, as intervals, and the events their filtering operations
// report.
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
// Domains are views over 64-bit words, so the engine can keep every domain
// of a problem in one slice and save it with one copy. Values 0..MaxValue
// are held from 0 (bit v is value v); negative or larger values from an
// offset (bit i is value Base()+i); a range of more than MaxWidth values as
// an interval, two words holding its bounds (see Domain and
// docs/ENGINE.md).
package domains
