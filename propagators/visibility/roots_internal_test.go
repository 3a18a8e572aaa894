package visibility

import (
	"encoding/binary"
	"flag"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
)

var updateRoots = flag.Bool("update-roots", false, "rewrite roots.bin from the Line program")

// TestRootTable: the built-in runs on full domains (roots.bin) are what
// the program computes, for every size up to rootTableMax and every pair
// of clues; `go test ./propagators/visibility -run RootTable
// -update-roots` rewrites the file after a change to the program.
func TestRootTable(t *testing.T) {
	want := encodeRoots(rootTableMax)
	if *updateRoots {
		require.NoError(t, os.WriteFile("roots.bin", want, 0o644))
		rootsBin = want
	}
	require.Equal(t, want, rootsBin, "roots.bin is stale: rerun with -update-roots")
	for n := 1; n <= rootTableMax; n++ {
		for front := 0; front <= n; front++ {
			for back := 0; back <= n; back++ {
				p := newLine(make([]csp.Var, n), &Clues{front, back})
				p.alloc()
				got := rootTable(n, p.front, p.back)
				fresh := p.computeRoot()
				require.Equal(t, fresh.keep, got.keep, "n=%d front=%d back=%d", n, front, back)
				require.Equal(t, len(fresh.wit), len(got.wit), "n=%d front=%d back=%d", n, front, back)
				require.Equal(t, fresh.wit, got.wit, "n=%d front=%d back=%d", n, front, back)
				require.Same(t, got, p.rootResult(), "the table serves size %d", n)
			}
		}
	}
}

// encodeRoots computes the table of roots.bin for sizes 1..max.
func encodeRoots(max int) []byte {
	var b []byte
	for n := 1; n <= max; n++ {
		for front := 0; front <= n; front++ {
			for back := 0; back <= n; back++ {
				p := newLine(make([]csp.Var, n), &Clues{front, back})
				p.alloc()
				r := p.computeRoot()
				for c := range n {
					b = binary.LittleEndian.AppendUint16(b, r.keep[c])
				}
				b = binary.LittleEndian.AppendUint16(b, uint16(len(r.wit)))
				for _, w := range r.wit {
					b = binary.LittleEndian.AppendUint64(b, w)
				}
			}
		}
	}
	return b
}
