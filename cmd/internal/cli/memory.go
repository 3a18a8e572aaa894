package cli

import (
	"context"
	"math"
	"os"
	"path"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cspgo/csp/csp"
)

// The memory bound (--max-memory). Its contract, for a limit L:
//
//   - the Go runtime is told 7/8 of L as its soft memory limit
//     (debug.SetMemoryLimit), so the collector works harder as the heap
//     nears L instead of letting it double, the last eighth being for
//     what the runtime does not count (the binary's own pages) and for
//     its overshoot;
//   - the searches running at once share half of L for their saved state
//     (csp.Options.MaxMemory, split evenly over jobs, workers and portfolio
//     members): a search past its share ends its instance as unknown
//     (memory limit), the other half being left to models, propagators
//     and the rest;
//   - a watcher reads the live heap every memoryTick; past 3/4 of L
//     (confirmed by a collection) it cancels every instance running with
//     csp.ErrMemoryLimit as the cause, so they end as unknown (memory
//     limit) too, and the batch goes on with the next instances, which
//     run in the memory the cancelled ones gave back.
//
// So the process stays within L but for what an instance allocates
// between the watcher's tick and its next look at its context (a search
// looks at every node and every few propagator runs, model building at
// each unit or row; a step that does not look, such as making the grid
// of a large latin square, overshoots by what it allocates), and an
// instance the readers accept ends as unknown (memory limit) rather than
// the process dying with "out of memory". The default is half of the
// memory the process may use (DefaultMaxMemory).

// memoryTick is how often the watcher reads the heap: a read of one
// runtime metric stops nothing, and in a tick a search that grows by
// megabytes per node adds little.
const memoryTick = 25 * time.Millisecond

// fallbackMaxMemory is the default bound where the machine's memory
// cannot be read (no /proc/meminfo).
const fallbackMaxMemory = 4 << 30

// DefaultMaxMemory is half of what the process may use: the physical
// memory (memTotal), or less when a control group or
// the address-space limit (ulimit -v) allows less; fallbackMaxMemory
// when none of these can be read.
func DefaultMaxMemory() int64 {
	total := int64(math.MaxInt64)
	if n, ok := memTotal(); ok {
		total = n
	}
	if b, err := os.ReadFile("/proc/self/cgroup"); err == nil {
		for _, file := range cgroupLimitFiles(string(b)) {
			if n, ok := readLimit(file); ok {
				total = min(total, n)
			}
		}
	}
	if n := addressSpaceLimit(); n > 0 {
		total = min(total, n)
	}
	if total == math.MaxInt64 {
		return fallbackMaxMemory
	}
	return max(total/2, 1)
}

// cgroupLimitFiles lists the files that may hold the memory limit of the
// process's control groups, as /proc/self/cgroup names them (procCgroup):
// version 2 (memory.max) and version 1 (memory.limit_in_bytes), at the
// group itself, its ancestors and the root of the hierarchy (what a
// container sees as its own).
func cgroupLimitFiles(procCgroup string) []string {
	var out []string
	for line := range strings.Lines(procCgroup) {
		parts := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(parts) != 3 || !strings.HasPrefix(parts[2], "/") {
			continue
		}
		var dir, file string
		switch {
		case parts[0] == "0" && parts[1] == "":
			dir, file = "/sys/fs/cgroup", "memory.max"
		case strings.Contains(","+parts[1]+",", ",memory,"):
			dir, file = "/sys/fs/cgroup/memory", "memory.limit_in_bytes"
		default:
			continue
		}
		for p := path.Clean(parts[2]); ; p = path.Dir(p) {
			out = append(out, path.Join(dir, p, file))
			if p == "/" {
				break
			}
		}
	}
	return out
}

// readLimit reads a control group's limit in bytes: false for "max", a
// missing file, or a value so large it means none.
func readLimit(file string) (int64, bool) {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || n <= 0 || n >= 1<<60 {
		return 0, false
	}
	return n, true
}

// searchShare is the csp.Options.MaxMemory of each search when limit
// bounds the run (0: none): half of it, split over the searches that can
// run at once.
func searchShare(limit, jobs int64, workers, portfolio int) int64 {
	if limit <= 0 {
		return 0
	}
	searches := max(jobs, 1) * int64(max(workers, 1)) * int64(1+portfolio)
	return max(limit/2/searches, 1)
}

// memoryGuard enforces --max-memory for one command: it holds the slots
// that instances run in (see guardSlot), and cancels those running when
// the heap passes its bound.
type memoryGuard struct {
	limit int64
	mu    sync.Mutex
	slots map[*guardSlot]struct{}
}

type guardKey struct{}

// GuardMemory sets the runtime's soft memory limit to 7/8 of limit (or
// keeps a lower one, from GOMEMLIMIT) and starts the watcher, for the instances
// run under the returned context (in a worker's guardSlot, or one of their
// own through InstanceContext). release stops
// the watcher and puts the soft limit back. A limit of 0 means none: ctx
// is returned as it is.
//
// The watcher is a timer that looks at the heap and sets itself again,
// not a goroutine that waits for a ticker: a command that ends before the
// first tick (csp solve on a small puzzle) has started no goroutine, no
// thread and no read of the runtime's metrics for it.
func GuardMemory(ctx context.Context, limit int64) (_ context.Context, release func()) {
	if limit <= 0 {
		return ctx, func() {}
	}
	g := &memoryGuard{limit: limit, slots: map[*guardSlot]struct{}{}}
	old := debug.SetMemoryLimit(-1)
	debug.SetMemoryLimit(min(old, limit-limit/8))
	var (
		mu      sync.Mutex // held by a tick while it looks, and by release
		stopped bool
		t       *time.Timer
	)
	mu.Lock()
	t = time.AfterFunc(memoryTick, func() {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		g.look()
		t.Reset(memoryTick)
	})
	mu.Unlock()
	return context.WithValue(ctx, guardKey{}, g), func() {
		mu.Lock()
		stopped = true
		t.Stop()
		mu.Unlock() // a tick under way has ended
		debug.SetMemoryLimit(old)
	}
}

// guardSlot is where a worker runs its instances, one after another,
// under the memory guard of its context (if any): the instance's context
// is the slot's, made once and used again by every instance until the
// watcher cancels it (then the next instance gets a new one), so that an
// instance of microseconds costs no context of its own. enter starts an
// instance, exit ends it, close gives the slot up.
type guardSlot struct {
	parent context.Context
	g      *memoryGuard // nil: no guard; the instances run under parent
	// Under g.mu:
	ctx       context.Context
	cancel    context.CancelCauseFunc
	busy      bool // an instance runs in the slot
	cancelled bool // the watcher cancelled ctx
}

// newGuardSlot returns a slot for instances run under ctx.
func newGuardSlot(ctx context.Context) *guardSlot {
	s := &guardSlot{parent: ctx}
	if g, ok := ctx.Value(guardKey{}).(*memoryGuard); ok {
		s.g = g
		g.mu.Lock()
		g.slots[s] = struct{}{}
		g.mu.Unlock()
	}
	return s
}

// enter starts an instance in the slot and returns its context, which the
// watcher cancels, with csp.ErrMemoryLimit as the cause, when the heap
// passes its bound while the instance runs.
func (s *guardSlot) enter() context.Context {
	if s.g == nil {
		return s.parent
	}
	s.g.mu.Lock()
	defer s.g.mu.Unlock()
	if s.ctx == nil || s.cancelled {
		if s.cancel != nil {
			s.cancel(nil)
		}
		s.ctx, s.cancel = context.WithCancelCause(s.parent)
		s.cancelled = false
	}
	s.busy = true
	return s.ctx
}

// exit ends the slot's instance: its memory is no longer its own.
func (s *guardSlot) exit() {
	if s.g == nil {
		return
	}
	s.g.mu.Lock()
	s.busy = false
	s.g.mu.Unlock()
}

// close ends the instance, if one runs, and gives the slot up.
func (s *guardSlot) close() {
	if s.g == nil {
		return
	}
	s.g.mu.Lock()
	delete(s.g.slots, s)
	s.busy = false
	if s.cancel != nil {
		s.cancel(nil)
	}
	s.g.mu.Unlock()
}

// guardedInstance returns the context of one instance under the guard of
// ctx, if any, and the function to call when the instance is done: a slot
// of its own (InstanceContext's way; a worker keeps one slot instead).
func guardedInstance(ctx context.Context) (context.Context, func()) {
	s := newGuardSlot(ctx)
	return s.enter(), s.close
}

// look is one tick of the watcher. Past 3/4 of the limit, it collects
// garbage to see what is really live (an instance that ended may have
// left its model to the collector) and, if the heap is still past,
// cancels every running instance. It judges again only once those have
// returned: until then their memory is still theirs.
func (g *memoryGuard) look() {
	g.mu.Lock()
	waiting := false
	for s := range g.slots {
		waiting = waiting || s.busy && s.cancelled
	}
	g.mu.Unlock()
	if waiting || g.live() <= g.bound() {
		return
	}
	runtime.GC()
	if g.live() <= g.bound() {
		return
	}
	g.mu.Lock()
	for s := range g.slots {
		if s.busy && !s.cancelled {
			s.cancel(csp.ErrMemoryLimit)
			s.cancelled = true
		}
	}
	g.mu.Unlock()
}

// bound is the live heap past which the watcher cancels: 3/4 of the
// limit.
func (g *memoryGuard) bound() int64 { return g.limit - g.limit/4 }

// live reads the live heap (0 where the runtime does not report it: the
// soft limit and the searches' shares remain).
func (g *memoryGuard) live() int64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(min(sample[0].Value.Uint64(), math.MaxInt64))
}
