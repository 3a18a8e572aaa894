package domains

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// naive is the reference: a plain set of values below capacity.
type naive map[int]bool

func (n naive) sorted() []int {
	var out []int
	for v := range n {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

// expect computes the event a change from before to after must report.
func expect(before, after naive) Event {
	b, a := before.sorted(), after.sorted()
	switch {
	case slices.Equal(a, b):
		return EventNone
	case len(a) == 0:
		return EventFailed
	case len(a) == 1:
		return EventAssigned
	case a[0] != b[0] || a[len(a)-1] != b[len(b)-1]:
		return EventBounds
	}
	return EventDomain
}

func TestRangeAndQueries(t *testing.T) {
	d := Range(3, 70)
	assert.Equal(t, 68, d.Size())
	assert.Equal(t, 3, d.Min())
	assert.Equal(t, 70, d.Max())
	assert.Equal(t, 2, len(d.Words()))
	assert.False(t, d.Contains(2))
	assert.True(t, d.Contains(64))
	n, ok := d.Next(71)
	assert.False(t, ok, "no value after the max, got %d", n)
	assert.Equal(t, "{3..70}", d.String())

	e := Of()
	assert.True(t, e.Empty())
	assert.Equal(t, -1, e.Min())
	assert.Equal(t, -1, e.Max())
	assert.Equal(t, "{}", e.String())
}

func TestEvents(t *testing.T) {
	cases := []struct {
		name string
		op   func(d *Domain) Event
		want Event
		left string
	}{
		{"remove inner", func(d *Domain) Event { return d.Remove(3) }, EventDomain, "{1,2,4,5}"},
		{"remove min", func(d *Domain) Event { return d.Remove(1) }, EventBounds, "{2..5}"},
		{"remove absent", func(d *Domain) Event { return d.Remove(9) }, EventNone, "{1..5}"},
		{"assign", func(d *Domain) Event { return d.Assign(4) }, EventAssigned, "{4}"},
		{"assign absent", func(d *Domain) Event { return d.Assign(7) }, EventFailed, "{}"},
		{"below", func(d *Domain) Event { return d.RemoveBelow(3) }, EventBounds, "{3..5}"},
		{"below to one", func(d *Domain) Event { return d.RemoveBelow(5) }, EventAssigned, "{5}"},
		{"above all", func(d *Domain) Event { return d.RemoveAbove(0) }, EventFailed, "{}"},
		{"above none", func(d *Domain) Event { return d.RemoveAbove(8) }, EventNone, "{1..5}"},
		{"intersect", func(d *Domain) Event { o := Of(2, 4, 9); return d.Intersect(&o) }, EventBounds, "{2,4}"},
		{"remove words", func(d *Domain) Event { return d.RemoveWords([]uint64{1<<2 | 1<<4}) }, EventDomain, "{1,3,5}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Range(1, 5)
			assert.Equal(t, c.want, c.op(&d))
			assert.Equal(t, c.left, d.String())
		})
	}
}

// FuzzDomain applies a sequence of operations to a Domain and to a naive set
// and checks that contents, queries and events agree after every step.
func FuzzDomain(f *testing.F) {
	f.Add(uint8(9), []byte{0, 3, 1, 5, 2, 2})
	f.Add(uint8(130), []byte{3, 64, 4, 100, 0, 65, 5, 7})
	f.Add(uint8(64), []byte{1, 63, 0, 63})
	f.Fuzz(func(t *testing.T, size uint8, ops []byte) {
		hi := int(size)
		d := Range(0, hi)
		ref := naive{}
		for v := 0; v <= hi; v++ {
			ref[v] = true
		}
		for i := 0; i+1 < len(ops); i += 2 {
			v := int(ops[i+1])
			before := naive{}
			for k := range ref {
				before[k] = true
			}
			var got Event
			switch ops[i] % 6 {
			case 0:
				got = d.Remove(v)
				delete(ref, v)
			case 1:
				got = d.Assign(v)
				had := ref[v]
				ref = naive{}
				if had {
					ref[v] = true
				}
			case 2:
				got = d.RemoveBelow(v)
				for k := range ref {
					if k < v {
						delete(ref, k)
					}
				}
			case 3:
				got = d.RemoveAbove(v)
				for k := range ref {
					if k > v {
						delete(ref, k)
					}
				}
			case 4: // intersect with the multiples of v%7+1 below v*2
				step := v%7 + 1
				var keep []int
				for k := 0; k <= min(2*v, hi); k += step {
					keep = append(keep, k)
				}
				o := Of(keep...)
				got = d.Intersect(&o)
				for k := range ref {
					if !slices.Contains(keep, k) {
						delete(ref, k)
					}
				}
			case 5: // remove the odd values up to v
				mask := make([]uint64, WordsFor(hi))
				for k := 1; k <= min(v, hi); k += 2 {
					mask[k/64] |= 1 << (k % 64)
					delete(ref, k)
				}
				got = d.RemoveWords(mask)
			}
			want := expect(before, ref)
			if len(before) == 0 && want == EventNone {
				want = EventNone
			}
			// Assign on an already empty domain reports failure: allow it.
			if len(before) == 0 && got == EventFailed {
				want = EventFailed
			}
			require.Equal(t, want, got, "op %d value %d on %v", ops[i]%6, v, before.sorted())
			vals := d.AppendValues(nil)
			require.Equal(t, ref.sorted(), vals)
			require.Equal(t, len(ref), d.Size())
			if len(vals) > 0 {
				require.Equal(t, vals[0], d.Min())
				require.Equal(t, vals[len(vals)-1], d.Max())
			} else {
				require.Equal(t, -1, d.Min())
				require.True(t, d.Empty())
			}
			x, ok := d.Value()
			require.Equal(t, len(vals) == 1, ok)
			if ok {
				require.Equal(t, vals[0], x)
			}
		}
	})
}
