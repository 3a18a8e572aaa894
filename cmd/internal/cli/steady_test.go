package cli

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBatchAllocatesNothingPerInstance: a batch of one-line sudokus,
// Towers IDs or Latin squares, in its steady state, allocates nothing per
// instance (readers that fill recycled instances, chunks handed back, the
// worker's model, result and rows reused, one guarded context per worker),
// so that a batch a hundred times longer runs in the same memory. The
// allocations of a batch of 2n instances are those of a batch of n, give
// or take a few: instances are made anew only when more of them are in
// flight between the reader and the worker than ever before (the reader
// runs up to a few chunks ahead), which a first run of 2n has mostly
// reached, and whose cost does not grow with n (a fifth of an allocation
// per instance is allowed here); one allocation per instance would add n.
func TestBatchAllocatesNothingPerInstance(t *testing.T) {
	if raceDetector {
		t.Skip("under the race detector the readers' free lists (sync.Pool) drop instances at random")
	}
	dir := t.TempDir()
	latin := runCSP(t, "", "generate", "latin", "--order", "8", "--holes", "30", "-n", "50", "--seed", "1")
	require.Equal(t, 0, latin.code, latin.stderr)
	for _, tc := range []struct {
		problem string
		source  string // instance lines, one instance each (latin: a batch)
		repeat  int    // copies of source in the batch of n
	}{
		{"sudoku", lines(t, "../../../problems/sudoku/testdata/samples/17_clue.txt", ""), 200},
		{"skyscraper", lines(t, "../../../problems/skyscraper/suite.txt", "4:", "5:"), 50},
		{"latin", latin.stdout, 80},
	} {
		for _, cmd := range []string{"solve", "count"} {
			t.Run(cmd+"/"+tc.problem, func(t *testing.T) {
				n := filepath.Join(dir, cmd+tc.problem+"-n.txt")
				twice := filepath.Join(dir, cmd+tc.problem+"-2n.txt")
				require.NoError(t, os.WriteFile(n, []byte(strings.Repeat(tc.source, tc.repeat)), 0o600))
				require.NoError(t, os.WriteFile(twice, []byte(strings.Repeat(tc.source, 2*tc.repeat)), 0o600))
				solve := func(file string) uint64 {
					// No collection is forced: one would drop what the free
					// lists hold (sync.Pool), and the next batch would make
					// its instances again.
					var before, after runtime.MemStats
					runtime.ReadMemStats(&before)
					code := Run([]string{cmd, tc.problem, file, "--quiet", "--jobs", "1"}, nil, io.Discard, io.Discard)
					runtime.ReadMemStats(&after)
					require.Equal(t, 0, code)
					return after.Mallocs - before.Mallocs
				}
				solve(twice) // code paths, the runtime and the free lists warm
				small, large := solve(n), solve(twice)
				instances := uint64(strings.Count(tc.source, "\n")) * uint64(tc.repeat)
				if tc.problem == "latin" {
					instances = 50 * uint64(tc.repeat)
				}
				t.Logf("%d instances: %d allocations; %d: %d", instances, small, 2*instances, large)
				require.LessOrEqual(t, large, small+instances/5,
					"the second half of the batch allocated %d times for %d instances", int64(large)-int64(small), instances)
			})
		}
	}
}

// lines returns the lines of file that start with one of prefixes ("":
// every line but comments and blank ones), each ending in a newline.
func lines(t *testing.T, file string, prefixes ...string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	var out strings.Builder
	for l := range strings.Lines(string(b)) {
		l = strings.TrimRight(l, "\r\n")
		if l == "" || l[0] == '#' || l[0] == '%' {
			continue
		}
		for _, p := range prefixes {
			if strings.HasPrefix(l, p) {
				out.WriteString(l + "\n")
				break
			}
		}
	}
	return out.String()
}
