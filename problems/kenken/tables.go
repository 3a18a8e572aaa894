package kenken

import (
	"cmp"
	"context"
	"encoding/binary"
	"sync"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/propagators/table"
)

// Tables keeps the tables of the cages Build has listed, so that a batch
// lists each distinct cage once: puzzles almost never repeat a layout,
// but their cages repeat a lot, and listing and indexing a cage's table
// is most of what building a model costs. A cage's table depends on its
// operation, its target, the size N, its number of cells and which of its
// cells share a row or column (in the order the puzzle lists them); that
// is the key.
//
// The tables are immutable (table.Prepared): the models built from one
// Tables, and their searches, may run in concurrent goroutines, and Build
// may be called from several goroutines on one Tables.
//
// A Tables holds at most MaxTableEntries cages and about MaxTableBytes of
// tables (or its own MaxEntries and MaxBytes): past either, the cages
// kept longest are dropped first, and a table larger than the bound on
// its own is used once and not kept, so a batch of ever new cages costs
// time, not memory. The zero value is ready.
type Tables struct {
	// MaxEntries and MaxBytes bound what it keeps; 0 stands for
	// MaxTableEntries and MaxTableBytes. Set them before the first use.
	MaxEntries, MaxBytes int

	mu    sync.Mutex
	m     map[string]*table.Prepared
	order []string // the keys, oldest first
	bytes int      // the sum of the kept tables' Bytes
}

// The bounds of a Tables: the most cages it keeps, and about the most
// bytes of tables. A 9×9 puzzle has some 20-40 cages, most of a few
// cells, whose tables take a few kilobytes each.
const (
	MaxTableEntries = 1 << 14
	MaxTableBytes   = 64 << 20
)

// Len returns the number of cages kept.
func (c *Tables) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// Bytes returns the estimated memory of the tables kept.
func (c *Tables) Bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// cage returns the number of tuples of the cage (op, target) over vars of
// a board of size n, differ its pairs of cells in one line, and a func
// posting it into m: from c when c keeps it, else listed (table.Cage) and,
// when c is not nil, kept. Its errors are table.Cage's.
func (c *Tables) cage(ctx context.Context, m *csp.Model, vars []csp.Var, op table.Op, target, n int, differ [][2]int) (int, func() error, error) {
	if c == nil {
		tuples, err := table.Cage(ctx, op, target, n, len(vars), differ)
		return len(tuples), func() error { return table.Post(ctx, m, vars, tuples) }, err
	}
	key := cageKey(op, target, n, len(vars), differ)
	c.mu.Lock()
	pr, ok := c.m[key]
	c.mu.Unlock()
	if !ok {
		tuples, err := table.Cage(ctx, op, target, n, len(vars), differ)
		if err != nil {
			return 0, nil, err
		}
		doms := make([]domains.Domain, len(vars))
		for i, x := range vars {
			doms[i] = m.InitialDomain(x)
		}
		if pr, err = table.Prepare(ctx, doms, tuples); err != nil {
			return 0, nil, err
		}
		c.keep(key, pr)
	}
	return pr.Len(), func() error { return table.PostPrepared(ctx, m, vars, pr) }, nil
}

// keep adds pr under key, dropping the oldest tables to stay within the
// bounds.
func (c *Tables) keep(key string, pr *table.Prepared) {
	maxEntries, maxBytes := cmp.Or(c.MaxEntries, MaxTableEntries), cmp.Or(c.MaxBytes, MaxTableBytes)
	size := pr.Bytes() + len(key)
	if size > maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[key]; ok {
		return // another goroutine listed it meanwhile
	}
	for len(c.order) > 0 && (len(c.m) >= maxEntries || c.bytes+size > maxBytes) {
		old := c.order[0]
		c.order = c.order[1:]
		c.bytes -= c.m[old].Bytes() + len(old)
		delete(c.m, old)
	}
	if c.m == nil {
		c.m = map[string]*table.Prepared{}
	}
	c.m[key] = pr
	c.order = append(c.order, key)
	c.bytes += size
}

// cageKey names what a cage's table depends on.
func cageKey(op table.Op, target, n, cells int, differ [][2]int) string {
	b := make([]byte, 0, 16+2*len(differ))
	b = append(b, byte(op))
	b = binary.AppendVarint(b, int64(target))
	b = binary.AppendUvarint(b, uint64(n))
	b = binary.AppendUvarint(b, uint64(cells))
	for _, d := range differ {
		b = binary.AppendUvarint(b, uint64(d[0]))
		b = binary.AppendUvarint(b, uint64(d[1]))
	}
	return string(b)
}
