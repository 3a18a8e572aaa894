package all_test

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/problems/catalog"
)

// repeat is a reader of text over and over until lines lines have been
// given, without holding more than text: a batch of any length.
type repeat struct {
	text  string
	lines int // lines left to give
	pos   int
}

func (r *repeat) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && r.lines > 0 {
		c := copy(p[n:], r.text[r.pos:])
		for _, b := range p[n : n+c] {
			if b == '\n' {
				r.lines--
			}
		}
		n += c
		if r.pos += c; r.pos == len(r.text) {
			r.pos = 0
		}
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// TestMillionLineBatchInBoundedMemory reads a batch of 10^6 lines (each
// problem's suite, repeated) through its streaming reader and checks the
// live heap does not grow with the batch: items are made one at a time
// and dropped, whatever the input's length.
func TestMillionLineBatchInBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 10^6 lines per problem")
	}
	const lines = 1_000_000
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			p, _ := catalog.Lookup(name)
			require.NotEmpty(t, p.Suite)
			text := p.Suite
			if !strings.HasSuffix(text, "\n") {
				text += "\n"
			}
			text += "\n" // a blank line between copies keeps blocks apart
			heap := func() uint64 {
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				return ms.HeapAlloc
			}
			var base, peak uint64
			n, bad := 0, 0
			per := strings.Count(text, "\n")
			copies := (lines + per - 1) / per // whole copies, at least 10^6 lines
			for it := range p.Read(&repeat{text: text, lines: copies * per}, false) {
				if it.Err != nil {
					bad++
				}
				if n++; n == 1000 {
					base = heap()
				} else if n%20000 == 0 {
					peak = max(peak, heap())
				}
			}
			require.GreaterOrEqual(t, n, copies, "every copy of the suite read")
			assert.Zero(t, bad, "the suite reads without error")
			// The heap after 10^3 items and at any later point differ by
			// less than 8 MiB: kept items would add up to far more.
			assert.Less(t, peak, base+8<<20, "%s: live heap %d bytes after 1,000 items, %d at most later", name, base, peak)
			t.Logf("%d items; live heap %d KiB after 1,000, at most %d KiB later", n, base>>10, peak>>10)
		})
	}
}
