package linear

import (
	"encoding/binary"
	"slices"
	"sync"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// DistinctSums keeps what PostDistinctSum's GAC level builds from the
// values of a group's initial domains (their numbering by rank), so that
// the groups of many models over the same values, such as the runs of a
// batch of Kakuro puzzles, all 1..9, build it once; and it leaves the
// propagator's scratch tables to the spaces that search it, which make
// their own anyway. The posted propagators filter exactly as
// PostDistinctSum's.
//
// What it keeps is immutable: models posted through one DistinctSums, and
// their searches, may run in concurrent goroutines, and Post may be called
// from several goroutines at once. It keeps at most MaxDistinctSets sets
// of values, dropping the oldest past that. The zero value is ready.
type DistinctSums struct {
	mu    sync.Mutex
	m     map[string]*valueSet
	order []string // the keys, oldest first
}

// MaxDistinctSets bounds the sets of values a DistinctSums keeps; each
// holds at most MaxDistinctValues values.
const MaxDistinctSets = 1024

// Post is PostDistinctSum(m, vars, sum, s), sharing c's numbering of the
// values; a nil c is PostDistinctSum itself.
func (c *DistinctSums) Post(m *csp.Model, vars []csp.Var, sum int, s Strength) error {
	if c == nil || s != GAC {
		return PostDistinctSum(m, vars, sum, s)
	}
	if err := m.CheckWords(vars...); err != nil {
		return PostDistinctSum(m, vars, sum, s) // its error
	}
	union, width := unionOf(m, vars)
	if len(slices.Compact(slices.Sorted(slices.Values(vars)))) < len(vars) {
		return PostDistinctSum(m, vars, sum, s) // unsatisfiable
	}
	d := domains.View(union)
	if d.Size() > MaxDistinctValues {
		return PostDistinctSum(m, vars, sum, s) // Bounds
	}
	vs := c.values(union, d)
	p := &distinctSum{vars: slices.Clone(vars), sum: sum, vals: vs.vals, lo: vs.lo, rank: vs.rank, width: width}
	m.Post(p, domains.EventDomain, vars...)
	return nil
}

// values returns the numbering of d's values, union its words.
func (c *DistinctSums) values(union []uint64, d domains.Domain) *valueSet {
	var buf [64]byte
	b := buf[:0]
	for _, w := range union {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if vs, ok := c.m[string(b)]; ok {
		return vs
	}
	key := string(b)
	vs := newValueSet(d)
	if len(c.order) >= MaxDistinctSets {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	if c.m == nil {
		c.m = map[string]*valueSet{}
	}
	c.m[key] = vs
	c.order = append(c.order, key)
	return vs
}

// Len returns the number of sets of values kept.
func (c *DistinctSums) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
