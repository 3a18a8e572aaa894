package domains

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"

	"github.com/bits-and-blooms/bitset"
)

// Event says what a filtering operation did to a domain. Events are ordered
// by strength: every assignment is also a bounds change, and every bounds
// change is also a domain change, so a subscriber to EventDomain hears about
// all three. EventFailed means the domain became empty.
type Event uint8

// The events, weakest first.
const (
	EventNone     Event = iota // nothing changed
	EventDomain                // values removed, bounds and size > 1 unchanged
	EventBounds                // the minimum or the maximum moved, size still > 1
	EventAssigned              // exactly one value is left
	EventFailed                // no value is left
)

var eventNames = [...]string{"none", "domain", "bounds", "assigned", "failed"}

// String returns the event's name: none, domain, bounds, assigned or failed.
func (e Event) String() string {
	if int(e) < len(eventNames) {
		return eventNames[e]
	}
	return fmt.Sprintf("Event(%d)", uint8(e))
}

// MaxValue is the largest value a domain may hold. It bounds the memory a
// hostile input can ask for; models with larger values should offset them.
const MaxValue = 1<<16 - 1

// Domain is a finite set of small non-negative integers held as a bitset
// (github.com/bits-and-blooms/bitset). Its capacity is fixed when it is made:
// values range over 0 .. Cap()-1. A Domain is a view over its words: copying
// a Domain value shares them, which is how a csp.Space keeps all domains in
// one contiguous slice and saves or restores them with a single copy.
//
// Filtering operations (Remove, Assign, Intersect, RemoveBelow, RemoveAbove,
// RemoveAll) return the Event they caused. They cost O(W) for W words, and
// W is 1 for every domain of values below 64.
type Domain struct {
	bits bitset.BitSet
}

// WordsFor returns how many 64-bit words a domain of values 0..maxValue needs.
func WordsFor(maxValue int) int { return maxValue/64 + 1 }

// View returns a Domain that reads and writes words in place. The words must
// not be resized while the view is in use.
func View(words []uint64) Domain {
	return Domain{bits: *bitset.From(words)}
}

// Range returns a new domain holding lo..hi (empty when lo > hi). It panics
// when hi exceeds MaxValue or lo is negative: callers validate input first.
func Range(lo, hi int) Domain {
	if lo < 0 || hi > MaxValue {
		panic(fmt.Sprintf("domains: range %d..%d outside 0..%d", lo, hi, MaxValue))
	}
	top := max(hi, lo, 0)
	d := View(make([]uint64, WordsFor(top)))
	if lo <= hi {
		d.bits.SetRange(uint(lo), uint(hi)+1)
	}
	return d
}

// Of returns a new domain holding exactly the given values, with capacity
// for the largest of them. It panics on a value outside 0..MaxValue.
func Of(values ...int) Domain {
	top := 0
	for _, v := range values {
		if v < 0 || v > MaxValue {
			panic(fmt.Sprintf("domains: value %d outside 0..%d", v, MaxValue))
		}
		top = max(top, v)
	}
	d := View(make([]uint64, WordsFor(top)))
	for _, v := range values {
		d.bits.Set(uint(v))
	}
	return d
}

// Words returns the words of the domain, shared, not copied: bit v of the
// set (word v/64, bit v%64) is value v. Propagators read them for word-level
// set operations; writing them directly bypasses events.
func (d *Domain) Words() []uint64 { return d.bits.Words() }

// Cap returns one more than the largest value the domain can hold.
func (d *Domain) Cap() int { return int(d.bits.Len()) }

// Contains reports whether v is in the domain.
func (d *Domain) Contains(v int) bool { return v >= 0 && d.bits.Test(uint(v)) }

// Size returns the number of values in the domain.
func (d *Domain) Size() int {
	n := 0
	for _, w := range d.bits.Words() {
		n += bits.OnesCount64(w)
	}
	return n
}

// Empty reports whether the domain has no value.
func (d *Domain) Empty() bool { return d.bits.None() }

// Min returns the smallest value, or -1 when the domain is empty.
func (d *Domain) Min() int {
	if v, ok := d.bits.NextSet(0); ok {
		return int(v)
	}
	return -1
}

// Max returns the largest value, or -1 when the domain is empty.
func (d *Domain) Max() int {
	w := d.bits.Words()
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] != 0 {
			return i*64 + 63 - bits.LeadingZeros64(w[i])
		}
	}
	return -1
}

// Value returns the single value of an assigned domain; ok is false when the
// domain holds zero or several values.
func (d *Domain) Value() (v int, ok bool) {
	found := -1
	for i, w := range d.bits.Words() {
		if w == 0 {
			continue
		}
		if found >= 0 || w&(w-1) != 0 {
			return 0, false
		}
		found = i*64 + bits.TrailingZeros64(w)
	}
	return found, found >= 0
}

// Assigned reports whether exactly one value is left.
func (d *Domain) Assigned() bool {
	_, ok := d.Value()
	return ok
}

// Next returns the smallest value >= v in the domain; ok is false if none.
func (d *Domain) Next(v int) (int, bool) {
	if v < 0 {
		v = 0
	}
	n, ok := d.bits.NextSet(uint(v))
	return int(n), ok
}

// Values yields the values in increasing order. The domain must not change
// while the sequence runs.
func (d *Domain) Values() iter.Seq[int] {
	return func(yield func(int) bool) {
		for i, w := range d.bits.Words() {
			for w != 0 {
				if !yield(i*64 + bits.TrailingZeros64(w)) {
					return
				}
				w &= w - 1
			}
		}
	}
}

// AppendValues appends the values in increasing order to buf.
func (d *Domain) AppendValues(buf []int) []int {
	for v := range d.Values() {
		buf = append(buf, v)
	}
	return buf
}

// String formats the domain as {1,3..5}.
func (d *Domain) String() string {
	var b strings.Builder
	b.WriteByte('{')
	first, start, prev := true, -2, -2
	flush := func() {
		if start < 0 {
			return
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		switch {
		case start == prev:
			fmt.Fprintf(&b, "%d", start)
		case start+1 == prev:
			fmt.Fprintf(&b, "%d,%d", start, prev)
		default:
			fmt.Fprintf(&b, "%d..%d", start, prev)
		}
	}
	for v := range d.Values() {
		if v != prev+1 {
			flush()
			start = v
		}
		prev = v
	}
	flush()
	b.WriteByte('}')
	return b.String()
}

// Equal reports whether two domains hold the same values.
func (d *Domain) Equal(o *Domain) bool {
	a, b := d.bits.Words(), o.bits.Words()
	if len(a) > len(b) {
		a, b = b, a
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	for _, w := range b[len(a):] {
		if w != 0 {
			return false
		}
	}
	return true
}

// CopyFrom sets d to the values of o that fit d's capacity.
func (d *Domain) CopyFrom(o *Domain) {
	a, b := d.bits.Words(), o.bits.Words()
	n := copy(a, b)
	clear(a[n:])
}

// Clone returns an independent copy with the same capacity.
func (d *Domain) Clone() Domain {
	w := make([]uint64, len(d.bits.Words()))
	copy(w, d.bits.Words())
	return View(w)
}

// Remove removes v.
func (d *Domain) Remove(v int) Event {
	if !d.Contains(v) {
		return EventNone
	}
	w := d.bits.Words()
	i, bit := v/64, uint64(1)<<(v%64)
	// Was v a bound? Only the words at v's position need a look.
	isMin := w[i]&(bit-1) == 0 && allZero(w[:i])
	isMax := w[i]&^(bit|(bit-1)) == 0 && allZero(w[i+1:])
	w[i] &^= bit
	return settle(w, isMin || isMax)
}

// Assign keeps only v. Assigning a value the domain lacks fails it.
func (d *Domain) Assign(v int) Event {
	w := d.bits.Words()
	if !d.Contains(v) {
		clear(w)
		return EventFailed
	}
	if d.Assigned() {
		return EventNone
	}
	clear(w)
	w[v/64] = 1 << (v % 64)
	return EventAssigned
}

// Intersect keeps only the values also in o.
func (d *Domain) Intersect(o *Domain) Event {
	return d.IntersectWords(o.bits.Words())
}

// IntersectWords keeps only the values whose bits are set in mask; words past
// the end of mask count as zero.
func (d *Domain) IntersectWords(mask []uint64) Event {
	w := d.bits.Words()
	changed := false
	oldMin, oldMax := -1, -1
	for i := range w {
		m := uint64(0)
		if i < len(mask) {
			m = mask[i]
		}
		if w[i]&^m != 0 {
			if !changed {
				oldMin, oldMax = d.Min(), d.Max()
				changed = true
			}
			w[i] &= m
		}
	}
	if !changed {
		return EventNone
	}
	return settle(w, d.Min() != oldMin || d.Max() != oldMax)
}

// RemoveWords removes every value whose bit is set in mask.
func (d *Domain) RemoveWords(mask []uint64) Event {
	w := d.bits.Words()
	changed := false
	oldMin, oldMax := -1, -1
	for i := range min(len(w), len(mask)) {
		if w[i]&mask[i] != 0 {
			if !changed {
				oldMin, oldMax = d.Min(), d.Max()
				changed = true
			}
			w[i] &^= mask[i]
		}
	}
	if !changed {
		return EventNone
	}
	return settle(w, d.Min() != oldMin || d.Max() != oldMax)
}

// RemoveBelow removes every value smaller than v.
func (d *Domain) RemoveBelow(v int) Event {
	if v <= 0 {
		return EventNone
	}
	if d.Min() >= v {
		return EventNone
	}
	w := d.bits.Words()
	for i := range w {
		switch lo := i * 64; {
		case lo+64 <= v:
			w[i] = 0
		case lo < v:
			w[i] &^= 1<<(v-lo) - 1
		}
	}
	return settle(w, true)
}

// RemoveAbove removes every value larger than v.
func (d *Domain) RemoveAbove(v int) Event {
	if d.Max() <= v {
		return EventNone
	}
	if v < 0 {
		clear(d.bits.Words())
		return EventFailed
	}
	w := d.bits.Words()
	for i := range w {
		switch lo := i * 64; {
		case lo > v:
			w[i] = 0
		case lo+63 > v:
			w[i] &= 1<<(v-lo+1) - 1
		}
	}
	return settle(w, true)
}

// Change classifies the change of a one-word domain from old to new (new a
// subset of old): the fast path of every filtering operation on domains of
// values below 64, exported for the engine's own fast paths.
func Change(old, new uint64) Event {
	switch {
	case old == new:
		return EventNone
	case new == 0:
		return EventFailed
	case new&(new-1) == 0:
		return EventAssigned
	case bits.TrailingZeros64(old) != bits.TrailingZeros64(new) || bits.LeadingZeros64(old) != bits.LeadingZeros64(new):
		return EventBounds
	}
	return EventDomain
}

// settle classifies a change that already happened: failed when nothing is
// left, assigned when one value is, else bounds or domain.
func settle(w []uint64, bounds bool) Event {
	n := 0
	for _, x := range w {
		n += bits.OnesCount64(x)
		if n > 1 {
			break
		}
	}
	switch {
	case n == 0:
		return EventFailed
	case n == 1:
		return EventAssigned
	case bounds:
		return EventBounds
	}
	return EventDomain
}

func allZero(w []uint64) bool {
	for _, x := range w {
		if x != 0 {
			return false
		}
	}
	return true
}
