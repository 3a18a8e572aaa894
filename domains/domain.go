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

// MaxValue is the largest value of a bitset domain from 0 (Base 0), the
// representation every domain of values 0..MaxValue gets and the one that
// word-level propagators read. It bounds the memory a hostile input can
// ask for.
const MaxValue = 1<<16 - 1

// MaxWidth is the most values a bitset domain spans (hi-lo+1): a range
// wider than that is held as an interval (see Range).
const MaxWidth = 1 << 16

// MinInt and MaxInt bound every value a domain may hold (Gecode's limits):
// a value, its neighbours and the product of two values fit an int64, and
// a value fits an int32.
const (
	MaxInt = 1<<31 - 2
	MinInt = -MaxInt
)

// Domain is a finite set of integers in one of two representations, chosen
// when it is made (see Range):
//
//   - a bitset (github.com/bits-and-blooms/bitset) whose bit i is the value
//     Base()+i; Base is 0 for every domain of values 0..MaxValue, and the
//     smallest value otherwise (an offset, for negative or large values);
//   - an interval lo..hi (IsInterval), for ranges wider than MaxWidth: two
//     words hold lo and hi, and there are no holes. Removing an interior
//     value does nothing (a bounds-only domain: sound, only weaker), and
//     it never reports EventDomain.
//
// Every method that takes or returns a value speaks real values, offset
// applied; Words and the word-level methods speak bits. The capacity is
// fixed when the domain is made. A Domain is a view over its words:
// copying a Domain value shares them, which is how a csp.Space keeps all
// domains in one contiguous slice and saves or restores them with a single
// copy.
//
// Filtering operations (Remove, Assign, Intersect, RemoveBelow, RemoveAbove,
// RemoveAll) return the Event they caused. They cost O(W) for W words, and
// W is 1 for every domain of values below 64.
type Domain struct {
	bits bitset.BitSet
	base int32 // the value of bit 0 (0 for an interval)
	wide bool  // an interval: words[0], words[1] are lo and hi
}

// WordsFor returns how many 64-bit words a domain of values 0..maxValue needs.
func WordsFor(maxValue int) int { return maxValue/64 + 1 }

// View returns a bitset Domain from 0 that reads and writes words in
// place. The words must not be resized while the view is in use.
func View(words []uint64) Domain {
	return Domain{bits: *bitset.From(words)}
}

// Over returns a view of words in d's representation (base, or interval):
// words must be as many as d's and hold a state of d, such as a copy of
// d's words. A csp.Space makes its domains so.
func (d *Domain) Over(words []uint64) Domain {
	return Domain{bits: *bitset.From(words), base: d.base, wide: d.wide}
}

// CheckRange returns nil when lo..hi is a range Range accepts (lo > hi
// included, as the empty range), and otherwise an error saying what is
// out of bounds: the check a caller makes on untrusted input first.
func CheckRange(lo, hi int) error {
	if lo < MinInt || hi > MaxInt || lo > MaxInt || hi < MinInt {
		return fmt.Errorf("domains: range %d..%d outside %d..%d", lo, hi, MinInt, MaxInt)
	}
	return nil
}

// Range returns a new domain holding lo..hi (empty when lo > hi): a bitset
// from 0 when 0 <= lo and hi <= MaxValue (the puzzles' domains, unchanged),
// a bitset from lo when the range spans at most MaxWidth values, an
// interval when it spans more. It panics when CheckRange fails: callers
// validate input first.
func Range(lo, hi int) Domain {
	if err := CheckRange(lo, hi); err != nil {
		panic(err.Error())
	}
	switch {
	case lo > hi && (lo < 0 || lo > MaxValue):
		return Domain{bits: *bitset.From(make([]uint64, 1)), base: int32(lo)}
	case lo >= 0 && hi <= MaxValue:
		top := max(hi, lo, 0)
		d := View(make([]uint64, WordsFor(top)))
		if lo <= hi {
			d.bits.SetRange(uint(lo), uint(hi)+1)
		}
		return d
	case hi-lo < MaxWidth:
		d := Domain{bits: *bitset.From(make([]uint64, WordsFor(hi-lo))), base: int32(lo)}
		d.bits.SetRange(0, uint(hi-lo)+1)
		return d
	}
	return Interval(lo, hi)
}

// Interval returns a new interval domain lo..hi whatever its width (empty
// when lo > hi): bounds only, see Domain. It panics when CheckRange fails.
func Interval(lo, hi int) Domain {
	if err := CheckRange(lo, hi); err != nil {
		panic(err.Error())
	}
	w := []uint64{uint64(int64(lo)), uint64(int64(hi))}
	return Domain{bits: *bitset.From(w), wide: true}
}

// Of returns a new bitset domain holding exactly the given values: from 0
// when they are all in 0..MaxValue, else from the smallest. It panics on
// a value outside MinInt..MaxInt or values spanning more than MaxWidth
// (a wider set is an interval and a membership constraint).
func Of(values ...int) Domain {
	lo, hi := 0, 0
	for i, v := range values {
		if v < MinInt || v > MaxInt {
			panic(fmt.Sprintf("domains: value %d outside %d..%d", v, MinInt, MaxInt))
		}
		if i == 0 || v < lo {
			lo = v
		}
		hi = max(hi, v)
	}
	if lo >= 0 && hi <= MaxValue {
		lo = 0
	} else if hi-lo >= MaxWidth {
		panic(fmt.Sprintf("domains: values %d..%d span more than %d", lo, hi, MaxWidth))
	}
	d := Domain{bits: *bitset.From(make([]uint64, WordsFor(hi-lo))), base: int32(lo)}
	for _, v := range values {
		d.bits.Set(uint(v - lo))
	}
	return d
}

// Base returns the value of bit 0 of a bitset domain (0 for every domain
// of values 0..MaxValue, and for an interval).
func (d *Domain) Base() int { return int(d.base) }

// IsInterval reports whether d is an interval domain (bounds only).
func (d *Domain) IsInterval() bool { return d.wide }

// bounds returns an interval's lo and hi.
func (d *Domain) bounds() (lo, hi int) {
	w := d.bits.Words()
	return int(int64(w[0])), int(int64(w[1]))
}

// setBounds sets an interval's lo and hi and classifies the change from
// the bounds it had (both bounds, or one, moved inward).
func (d *Domain) setBounds(lo, hi int) Event {
	w := d.bits.Words()
	olo, ohi := int(int64(w[0])), int(int64(w[1]))
	if lo == olo && hi == ohi {
		return EventNone
	}
	w[0], w[1] = uint64(int64(lo)), uint64(int64(hi))
	switch {
	case lo > hi:
		return EventFailed
	case lo == hi:
		return EventAssigned
	}
	return EventBounds
}

// Words returns the words of the domain, shared, not copied: bit i of the
// set (word i/64, bit i%64) is value Base()+i; an interval's two words are
// its bounds. Propagators read them for word-level set operations; writing
// them directly bypasses events.
func (d *Domain) Words() []uint64 { return d.bits.Words() }

// Cap returns one more than the largest value the domain can hold (for an
// interval, one more than its upper bound when made... or now: its bounds
// are its state).
func (d *Domain) Cap() int {
	if d.wide {
		_, hi := d.bounds()
		return hi + 1
	}
	return int(d.base) + int(d.bits.Len())
}

// Contains reports whether v is in the domain (for an interval, within
// its bounds).
func (d *Domain) Contains(v int) bool {
	if d.wide {
		w := d.bits.Words()
		return int(int64(w[0])) <= v && v <= int(int64(w[1]))
	}
	return d.bits.Test(uint(v - int(d.base))) // a value below Base wraps past the end
}

// Size returns the number of values in the domain.
func (d *Domain) Size() int {
	if d.wide {
		lo, hi := d.bounds()
		return max(hi-lo+1, 0)
	}
	n := 0
	for _, w := range d.bits.Words() {
		n += bits.OnesCount64(w)
	}
	return n
}

// Empty reports whether the domain has no value.
func (d *Domain) Empty() bool {
	if d.wide {
		lo, hi := d.bounds()
		return lo > hi
	}
	return d.bits.None()
}

// Min returns the smallest value; when the domain is empty, Base()-1 for
// a bitset (-1 for one from 0) and the upper bound for an interval.
func (d *Domain) Min() int {
	w := d.bits.Words()
	if d.wide {
		return min(int(int64(w[0])), int(int64(w[1])))
	}
	for i, x := range w {
		if x != 0 {
			return i*64 + bits.TrailingZeros64(x) + int(d.base)
		}
	}
	return int(d.base) - 1
}

// Max returns the largest value; when the domain is empty, Base()-1 for a
// bitset (-1 for one from 0) and the upper bound for an interval.
func (d *Domain) Max() int {
	w := d.bits.Words()
	if d.wide {
		return int(int64(w[1]))
	}
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] != 0 {
			return i*64 + 63 - bits.LeadingZeros64(w[i]) + int(d.base)
		}
	}
	return int(d.base) - 1
}

// Value returns the single value of an assigned domain; ok is false when the
// domain holds zero or several values.
func (d *Domain) Value() (v int, ok bool) {
	words := d.bits.Words()
	if d.wide {
		return int(int64(words[0])), words[0] == words[1]
	}
	found := -1
	for i, w := range words {
		if w == 0 {
			continue
		}
		if found >= 0 || w&(w-1) != 0 {
			return 0, false
		}
		found = i*64 + bits.TrailingZeros64(w)
	}
	return found + int(d.base), found >= 0
}

// Assigned reports whether exactly one value is left.
func (d *Domain) Assigned() bool {
	words := d.bits.Words()
	if d.wide {
		return words[0] == words[1]
	}
	one := false
	for _, w := range words {
		if w != 0 {
			if one || w&(w-1) != 0 {
				return false
			}
			one = true
		}
	}
	return one
}

// Next returns the smallest value >= v in the domain; ok is false if none.
func (d *Domain) Next(v int) (int, bool) {
	if d.wide {
		lo, hi := d.bounds()
		v = max(v, lo)
		return v, v <= hi
	}
	v -= int(d.base)
	if v < 0 {
		v = 0
	}
	n, ok := d.bits.NextSet(uint(v))
	return int(n) + int(d.base), ok
}

// Prev returns the largest value <= v in the domain; ok is false if none.
func (d *Domain) Prev(v int) (int, bool) {
	if d.wide {
		lo, hi := d.bounds()
		v = min(v, hi)
		return v, v >= lo
	}
	v -= int(d.base)
	w := d.bits.Words()
	if v < 0 {
		return 0, false
	}
	i := min(v/64, len(w)-1)
	if i == v/64 {
		x := w[i] & (^uint64(0) >> (63 - v%64))
		if x != 0 {
			return i*64 + 63 - bits.LeadingZeros64(x) + int(d.base), true
		}
		i--
	}
	for ; i >= 0; i-- {
		if w[i] != 0 {
			return i*64 + 63 - bits.LeadingZeros64(w[i]) + int(d.base), true
		}
	}
	return 0, false
}

// Values yields the values in increasing order (every value of an
// interval, however many). The domain must not change while the sequence
// runs.
func (d *Domain) Values() iter.Seq[int] {
	return func(yield func(int) bool) {
		if d.wide {
			lo, hi := d.bounds()
			for v := lo; v <= hi; v++ {
				if !yield(v) {
					return
				}
			}
			return
		}
		base := int(d.base)
		for i, w := range d.bits.Words() {
			for w != 0 {
				if !yield(i*64 + bits.TrailingZeros64(w) + base) {
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
	if d.wide {
		lo, hi := d.bounds()
		switch {
		case lo > hi:
			return "{}"
		case lo == hi:
			return fmt.Sprintf("{%d}", lo)
		}
		return fmt.Sprintf("{%d..%d}", lo, hi)
	}
	var b strings.Builder
	b.WriteByte('{')
	first, started, start, prev := true, false, 0, 0
	flush := func() {
		if !started {
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
		if !started || v != prev+1 {
			flush()
			start, started = v, true
		}
		prev = v
	}
	flush()
	b.WriteByte('}')
	return b.String()
}

// Equal reports whether two domains hold the same values, whatever their
// representations.
func (d *Domain) Equal(o *Domain) bool {
	if d.wide || o.wide || d.base != o.base {
		n := d.Size()
		if n != o.Size() {
			return false
		}
		if n == 0 {
			return true
		}
		if d.Min() != o.Min() || d.Max() != o.Max() {
			return false
		}
		if d.wide || o.wide { // same size and bounds, one without holes
			return n == d.Max()-d.Min()+1
		}
		for v := range d.Values() {
			if !o.Contains(v) {
				return false
			}
		}
		return true
	}
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

// CopyFrom sets d to the values of o that fit d's capacity (for an
// interval d, the hull of o).
func (d *Domain) CopyFrom(o *Domain) {
	switch {
	case d.wide:
		if o.Empty() {
			d.setBounds(1, 0)
		} else {
			d.setBounds(o.Min(), o.Max())
		}
	case o.wide || d.base != o.base:
		clear(d.bits.Words())
		top := int(d.base) + 64*len(d.bits.Words()) - 1
		for v, ok := o.Next(int(d.base)); ok && v <= top; v, ok = o.Next(v + 1) {
			d.bits.Set(uint(v - int(d.base)))
		}
	default:
		a, b := d.bits.Words(), o.bits.Words()
		n := copy(a, b)
		clear(a[n:])
	}
}

// Clone returns an independent copy with the same capacity and
// representation.
func (d *Domain) Clone() Domain {
	w := make([]uint64, len(d.bits.Words()))
	copy(w, d.bits.Words())
	return d.Over(w)
}

// Remove removes v (from an interval, only a bound: see Domain).
func (d *Domain) Remove(v int) Event {
	if d.wide {
		lo, hi := d.bounds()
		switch v {
		case lo:
			return d.setBounds(lo+1, hi)
		case hi:
			return d.setBounds(lo, hi-1)
		}
		return EventNone
	}
	if !d.Contains(v) {
		return EventNone
	}
	v -= int(d.base)
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
	if d.wide {
		if !d.Contains(v) {
			return d.setBounds(1, 0)
		}
		return d.setBounds(v, v)
	}
	w := d.bits.Words()
	if !d.Contains(v) {
		clear(w)
		return EventFailed
	}
	if d.Assigned() {
		return EventNone
	}
	clear(w)
	v -= int(d.base)
	w[v/64] = 1 << (v % 64)
	return EventAssigned
}

// Intersect keeps only the values also in o (in an interval, the hull of
// those).
func (d *Domain) Intersect(o *Domain) Event {
	switch {
	case d.wide:
		lo, hi := d.bounds()
		nlo, ok1 := o.Next(lo)
		nhi, ok2 := o.Prev(hi)
		if !ok1 || !ok2 {
			return d.setBounds(1, 0)
		}
		return d.setBounds(nlo, nhi)
	case o.wide || d.base != o.base:
		w := d.bits.Words()
		changed := false
		oldMin, oldMax := d.Min(), d.Max()
		for v := range d.Values() {
			if !o.Contains(v) {
				i := v - int(d.base)
				w[i/64] &^= 1 << (i % 64)
				changed = true
			}
		}
		if !changed {
			return EventNone
		}
		return settle(w, d.Min() != oldMin || d.Max() != oldMax)
	}
	return d.IntersectWords(o.bits.Words())
}

// maskHull returns the smallest and largest values of lo..hi whose bit is
// set (keep) or clear (!keep) in mask, bits past its ends counting as
// clear; ok is false when there is none.
func maskHull(mask []uint64, lo, hi int, keep bool) (nlo, nhi int, ok bool) {
	top := 64 * len(mask)
	in := func(v int) bool {
		set := v >= 0 && v < top && mask[v/64]&(1<<(v%64)) != 0
		return set == keep
	}
	if keep { // only values in 0..top-1 can be kept
		lo, hi = max(lo, 0), min(hi, top-1)
	}
	for nlo = lo; nlo <= hi && !in(nlo); nlo++ {
	}
	if nlo > hi {
		return 0, 0, false
	}
	for nhi = hi; !in(nhi); nhi-- {
	}
	return nlo, nhi, true
}

// IntersectWords keeps only the values whose bits are set in mask; words past
// the end of mask count as zero. An interval keeps the hull of those
// values, bit v meaning value v.
func (d *Domain) IntersectWords(mask []uint64) Event {
	if d.wide {
		lo, hi := d.bounds()
		nlo, nhi, ok := maskHull(mask, lo, hi, true)
		if !ok {
			return d.setBounds(1, 0)
		}
		return d.setBounds(nlo, nhi)
	}
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

// RemoveWords removes every value whose bit is set in mask. An interval
// loses the bounds whose bit is set, bit v meaning value v, until its
// bounds' bits are clear.
func (d *Domain) RemoveWords(mask []uint64) Event {
	if d.wide {
		lo, hi := d.bounds()
		nlo, nhi, ok := maskHull(mask, lo, hi, false)
		if !ok {
			return d.setBounds(1, 0)
		}
		return d.setBounds(nlo, nhi)
	}
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
	if d.wide {
		lo, hi := d.bounds()
		return d.setBounds(max(lo, v), hi)
	}
	v -= int(d.base)
	if v <= 0 {
		return EventNone
	}
	if d.Min()-int(d.base) >= v {
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
	if d.wide {
		lo, hi := d.bounds()
		return d.setBounds(lo, min(hi, v))
	}
	v -= int(d.base)
	if d.Max()-int(d.base) <= v {
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
