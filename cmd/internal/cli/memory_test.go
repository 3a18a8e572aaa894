package cli

import (
	"context"
	"os"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// TestMaxMemoryFlag: --max-memory takes bench's sizes (--max-bytes), and
// 0 for none, which --max-bytes refuses.
func TestMaxMemoryFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		bad  bool
	}{
		{in: "0", want: 0},
		{in: "4096", want: 4096},
		{in: "512M", want: 512 << 20},
		{in: "512MiB", want: 512 << 20},
		{in: "2G", want: 2 << 30},
		{in: "2gib", want: 2 << 30},
		{in: "3K", want: 3 << 10},
		{in: "", bad: true},
		{in: "G", bad: true},
		{in: "-1", bad: true},
		{in: "1.5G", bad: true},
		{in: "2XB", bad: true},
		{in: "9999999999999G", bad: true}, // overflows int64
	} {
		t.Run(tc.in, func(t *testing.T) {
			n := int64(-1)
			err := sizeFlag{&n, true}.Set(tc.in)
			if tc.bad {
				assert.EqualError(t, err, "want a size in bytes, such as 1000000, 512M or 2G (0: none)")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, n)
		})
	}
	n := int64(5)
	assert.Error(t, sizeFlag{p: &n}.Set("0"), "--max-bytes wants at least 1")
	assert.Equal(t, int64(5), n)
}

func TestCgroupLimitFiles(t *testing.T) {
	v1 := "4:memory:/process_api/abc\n3:cpuset:/\n0::/\n"
	assert.Equal(t, []string{
		"/sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes",
		"/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes",
		"/sys/fs/cgroup/memory/memory.limit_in_bytes",
		"/sys/fs/cgroup/memory.max",
	}, cgroupLimitFiles(v1))
	v2 := "0::/user.slice/run-u7.scope\n"
	assert.Equal(t, []string{
		"/sys/fs/cgroup/user.slice/run-u7.scope/memory.max",
		"/sys/fs/cgroup/user.slice/memory.max",
		"/sys/fs/cgroup/memory.max",
	}, cgroupLimitFiles(v2))
	assert.Empty(t, cgroupLimitFiles("garbage\n1:cpu:/\n2:memory:relative\n"))
}

func TestDefaultMaxMemory(t *testing.T) {
	n := DefaultMaxMemory()
	assert.Positive(t, n)
	if total, ok := memTotal(); ok {
		assert.LessOrEqual(t, n, total/2, "at most half of the physical memory")
	}
	dir := t.TempDir()
	for content, want := range map[string]int64{"max\n": 0, "2147483648\n": 2 << 30, "9223372036854771712\n": 0, "x": 0} {
		f := dir + "/memory.max"
		require.NoError(t, os.WriteFile(f, []byte(content), 0o600))
		got, ok := readLimit(f)
		assert.Equal(t, want, got, content)
		assert.Equal(t, want > 0, ok, content)
	}
}

func TestSearchShare(t *testing.T) {
	for _, tc := range []struct {
		limit, jobs        int64
		workers, portfolio int
		want               int64
	}{
		{0, 4, 0, 0, 0},                 // no bound
		{2 << 30, 1, 0, 0, 1 << 30},     // half for the one search
		{2 << 30, 4, 0, 0, 256 << 20},   // split over the jobs
		{2 << 30, 2, 4, 0, 128 << 20},   // and the workers
		{2 << 30, 1, 0, 3, 256 << 20},   // and the portfolio with its own search
		{1000, 256, 1024, 0, 1},         // never 0, which would mean none
		{3 << 30, 1, 0, 0, 3 << 30 / 2}, // any limit
	} {
		assert.Equal(t, tc.want, searchShare(tc.limit, tc.jobs, tc.workers, tc.portfolio), "%+v", tc)
	}
	// The share reaches every search, the portfolio members' included.
	c := NewConfig()
	c.MaxMemory, c.Jobs = 1<<30, 2
	c.portfolio = [][]string{{"--var=mindom"}}
	p, ok := catalog.Lookup("latin")
	require.True(t, ok)
	require.NoError(t, c.settle(p, func(string) bool { return false }))
	assert.Equal(t, int64(1<<30/2/4), c.Settings.Search.MaxMemory)
	require.Len(t, c.Settings.Search.Portfolio, 1)
	assert.Equal(t, c.Settings.Search.MaxMemory, c.Settings.Search.Portfolio[0].MaxMemory)
}

// TestGuardCancelsRunningInstances: past the bound, the watcher cancels
// the running instances with csp.ErrMemoryLimit as the cause, and sets
// and restores the runtime's soft limit.
func TestGuardCancelsRunningInstances(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	ctx, release := GuardMemory(context.Background(), 16) // any heap is past 16 bytes
	assert.Equal(t, min(before, 14), debug.SetMemoryLimit(-1))
	ictx, done := guardedInstance(ctx)
	select {
	case <-ictx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the instance was not cancelled")
	}
	assert.ErrorIs(t, context.Cause(ictx), csp.ErrMemoryLimit)
	done()
	release()
	assert.Equal(t, before, debug.SetMemoryLimit(-1), "the soft limit is restored")

	// No guard: the context is the caller's.
	plain, done := guardedInstance(context.Background())
	done()
	assert.NoError(t, plain.Err())
}

// TestGuardSlots: a worker's slot keeps its context from one instance to
// the next; the watcher cancels only the slots running an instance, the
// next instance in a cancelled slot gets a fresh context, and the watcher
// cancels nothing more while a cancelled instance still runs.
func TestGuardSlots(t *testing.T) {
	g := &memoryGuard{limit: 16, slots: map[*guardSlot]struct{}{}} // any heap is past 16 bytes
	ctx := context.WithValue(context.Background(), guardKey{}, g)
	busy, idle, late := newGuardSlot(ctx), newGuardSlot(ctx), newGuardSlot(ctx)

	first := busy.enter()
	busy.exit()
	assert.Equal(t, first, busy.enter(), "an uncancelled slot keeps its context")
	g.look()
	require.Error(t, first.Err(), "the running instance is cancelled")
	assert.ErrorIs(t, context.Cause(first), csp.ErrMemoryLimit)

	lateCtx := late.enter() // starts while the cancelled instance runs
	g.look()
	assert.NoError(t, lateCtx.Err(), "nothing more is cancelled before the cancelled instance returns")
	busy.exit()
	g.look()
	assert.ErrorIs(t, context.Cause(lateCtx), csp.ErrMemoryLimit, "once it returned, the watcher judges again")
	late.exit()

	second := busy.enter()
	assert.NotEqual(t, first, second)
	assert.NoError(t, second.Err(), "the next instance in a cancelled slot runs under a fresh context")
	busy.exit()
	assert.NoError(t, idle.enter().Err(), "a slot without a running instance is not cancelled")
	idle.exit()

	for _, s := range []*guardSlot{busy, idle, late} {
		s.close()
	}
	assert.Empty(t, g.slots, "closed slots leave the guard")
	assert.Error(t, second.Err(), "closing a slot releases its context")
}

// TestMemoryLimitEndsTheInstance: an instance whose model alone passes
// --max-memory ends as unknown (memory limit), and the batch goes on to
// solve the next one in the memory it gave back.
func TestMemoryLimitEndsTheInstance(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an order-100 latin model (over 16 MiB)")
	}
	var big strings.Builder
	big.WriteString("100\n")
	for range 100 {
		big.WriteString(strings.Repeat("0 ", 99) + "0\n")
	}
	in := big.String() + latin5
	r := runCSP(t, in, "solve", "latin", "-", "--max-memory", "16M", "--timeout", "60s", "--jobs", "1")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, "% instance 1 (line 1): unknown (memory limit) after ")
	assert.Contains(t, r.stdout, "% instance 2 (line 102): solved in ")
	assert.Contains(t, r.stdout, "1 solved")
	assert.Contains(t, r.stdout, "1 unknown")
	assert.Empty(t, r.stderr)

	r = runCSP(t, in, "count", "latin", "-", "--max-memory", "16M", "--timeout", "60s", "--json")
	assert.Equal(t, 1, r.code, r.stderr)
	recs := decodeLines(t, r.stdout)
	require.Len(t, recs, 2)
	assert.Equal(t, "unknown", recs[0]["status"])
	assert.Equal(t, "memory limit", recs[0]["stopped"])
	assert.Equal(t, "solved", recs[1]["status"])
}
