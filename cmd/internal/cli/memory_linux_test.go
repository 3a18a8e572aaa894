package cli

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// memTotal agrees with MemTotal in /proc/meminfo, the figure it stands
// for.
func TestMemTotalIsMemInfo(t *testing.T) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skip("no /proc/meminfo to compare with")
	}
	var want int64
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			require.NoError(t, err, line)
			want = kb * 1024
		}
	}
	require.Positive(t, want, "MemTotal in /proc/meminfo")
	got, ok := memTotal()
	require.True(t, ok)
	assert.Equal(t, want, got)
}
