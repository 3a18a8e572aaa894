package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// Statuses of an instance, as printed.
const (
	Solved        = "solved"
	Unsatisfiable = "unsatisfiable"
	Unknown       = "unknown"
	Failed        = "error"
	notRun        = "not run" // read, but an interrupt came first
)

// outcome is what became of one instance.
type outcome struct {
	catalog.Item[any]
	Status  string
	ran     bool    // a search ran: res is meaningful
	capped  bool    // count: stopped at --limit, which answers the question asked
	grid    [][]int // solve: the checked solution
	why     error   // unsatisfiable found without search: the reason
	Err     error   // the instance's parse error, or a bug found solving it
	Res     csp.Result
	elapsed time.Duration
	// portfolio: a portfolio ran (--portfolio), res.Member answered.
	portfolio bool
}

// ok reports whether the outcome leaves the exit status at 0.
func (o *outcome) ok() bool { return o.Status == Solved || o.capped }

// batch solves (or counts) every instance of the file named by args. The
// input is streamed: instances are read, solved by c.jobs workers and
// printed in input order with a bounded number in flight, so a batch of any
// length runs in constant memory.
func batch(e env, p *catalog.Entry, args []string, c *Config, counting bool) int {
	switch {
	case len(args) == 0:
		return UsageError(e.stderr, "%s: missing FILE (- for standard input)", e.cmd)
	case len(args) > 1:
		return UsageError(e.stderr, "%s: unexpected argument %q after FILE", e.cmd, args[1])
	}
	in, done, err := openInput(e, args[0])
	if err != nil {
		e.stderr.Printf("csp: %v\n", err)
		return 1
	}
	defer done()

	if c.marks && !p.CanMark {
		return UsageError(e.stderr, "%s: %s has no pencil-mark form", e.cmd, p.Name)
	}
	ctx, cancel := Interrupts()
	defer cancel()
	ctx, release := GuardMemory(ctx, c.memoryLimit())
	defer release()

	var sum summary
	start := time.Now()
	var read atomic.Bool // the whole input was read
	var chunks iter.Seq[*chunk]
	if c.all.on {
		chunks = eachSolution(ctx, e, p, p.Read(in, c.marks), c, &read) // one instance at a time, solutions printed as found
	} else {
		chunks = pipeline(ctx, p, p.Read(in, c.marks), c, counting, &read)
	}
	for ch := range chunks {
		// An empty buffer is not written: a write of nothing is still a
		// system call, two per chunk of a --quiet batch.
		if ch.out.Len() > 0 {
			e.stdout.write(ch.out.Bytes())
		}
		if ch.errOut.Len() > 0 {
			e.stderr.write(ch.errOut.Bytes())
		}
		for i := range ch.outs {
			sum.Add(&ch.outs[i])
		}
		if e.stdout.Err != nil {
			cancel() // nobody reads the answers: stop; run reports the error
			return 1
		}
	}
	if ctx.Err() != nil {
		sum.interrupted, sum.unread = true, !read.Load()
		e.stderr.Printf("csp: interrupted: %s\n", sum.stopped(inputName(args[0])))
	}
	if sum.n == 0 && !sum.interrupted {
		e.stderr.Printf("csp: no instance in %s\n", inputName(args[0]))
		return 1
	}
	if !c.json && (sum.n > 1 || sum.interrupted) {
		sum.write(e.stdout, c, time.Since(start), inputName(args[0]))
	}
	if sum.bad > 0 || sum.interrupted {
		return 1
	}
	return 0
}

// chunk is a run of consecutive instances handled by one worker, with what
// it printed. A pipeline hands its chunks back to the reader once they
// are consumed (chunks), arrays and buffers kept, so that a batch in its
// steady state allocates no chunk.
type chunk struct {
	seq         int
	Items       []catalog.Item[any]
	outs        []outcome
	out, errOut bytes.Buffer
	ce          env    // writes into out and errOut
	o, eo       Output // ce's outputs
}

// env returns the chunk's env, whose outputs write into its buffers
// (buffers do not fail: what a problem's Write reports is its own error).
func (ch *chunk) env() env {
	if ch.ce.stdout == nil {
		ch.o, ch.eo = Output{w: &ch.out}, Output{w: &ch.errOut}
		ch.ce = env{stdout: &ch.o, stderr: &ch.eo}
	}
	return ch.ce
}

// chunks is the free list of a pipeline's chunks: at most as many as can
// be in flight (the tokens bound them), taken by the reader and given
// back by the consumer once a chunk's outcomes are counted, with its
// instances handed back to the problem (Entry.Recycle).
type chunks struct {
	free chan *chunk
	p    *catalog.Entry
}

// get returns a free chunk numbered seq, or a new one.
func (f *chunks) get(seq int) *chunk {
	select {
	case ch := <-f.free:
		ch.seq = seq
		return ch
	default:
		return &chunk{seq: seq}
	}
}

// put hands ch's instances back to the problem and keeps ch for a later
// get, emptied, when there is room.
func (f *chunks) put(ch *chunk) {
	for i := range ch.Items {
		if it := &ch.Items[i]; it.Err == nil {
			f.p.Recycle(it.Value)
		}
	}
	clear(ch.Items)
	clear(ch.outs)
	ch.Items, ch.outs = ch.Items[:0], ch.outs[:0]
	ch.out.Reset()
	ch.errOut.Reset()
	ch.o.Err, ch.eo.Err = nil, nil
	select {
	case f.free <- ch:
	default:
	}
}

// pipeline solves the items with c.jobs workers and yields the chunks in
// input order. Chunks are sized by what the instances cost: the workers
// keep a running mean of the time per instance (pace), and the reader
// makes each chunk about chunkWork of work, from one instance (hard ones)
// up to maxChunk (instances of microseconds, whose hand-over from the
// reader to a worker would otherwise cost as much as solving them). The
// size at most doubles from one chunk to the next, starting at one. With
// several workers a chunk holds at most maxChunkParallel: the size is a
// guess from the instances before, and a run of hard instances after easy
// ones lands in one chunk, on one worker, while the others wait; the
// smaller cap bounds that, at the price of more hand-overs.
// At most 4 chunks per worker are in flight. Once ctx is done no more
// input is read, and the instances read but not started come back as not
// run; read is set when the whole input was read.
func pipeline(ctx context.Context, p *catalog.Entry, items iter.Seq[catalog.Item[any]], c *Config, counting bool, read *atomic.Bool) iter.Seq[*chunk] {
	var pace atomic.Int64 // mean nanoseconds per instance; 0: none measured yet
	jobs := int(c.Jobs)
	capped := maxChunk
	if jobs > 1 {
		capped = maxChunkParallel
	}
	work := make(chan *chunk, jobs)
	done := make(chan *chunk, 4*jobs)
	tokens := make(chan struct{}, 4*jobs)
	free := &chunks{free: make(chan *chunk, 4*jobs+1), p: p}
	go func() {
		defer close(work)
		cur := free.get(0)
		size := 1
		// send hands cur to the workers and reports whether to read on.
		// Once ctx is done it still hands it over, so that every instance
		// read is reported (as not run), and says to stop: the workers
		// skip what is left and the consumer frees the tokens.
		send := func() bool {
			tokens <- struct{}{}
			work <- cur
			cur = free.get(cur.seq + 1)
			size = chunkSize(size, pace.Load(), capped)
			return ctx.Err() == nil
		}
		for it := range items {
			cur.Items = append(cur.Items, it)
			if len(cur.Items) == size && !send() {
				return
			}
		}
		if len(cur.Items) > 0 && !send() {
			return
		}
		read.Store(true)
	}()
	if jobs == 1 {
		// One worker: the consumer's goroutine is the worker, so the
		// default run starts no worker goroutine (nor the one that
		// waits for the workers). The chunks come in order already.
		return func(yield func(*chunk) bool) {
			ws := &catalog.Cache{}
			slot := newGuardSlot(ctx)
			defer slot.close()
			stopped := false
			for ch := range work {
				runChunk(slot, p, ch, c, ws, counting, &pace)
				<-tokens
				if !stopped && !yield(ch) {
					stopped = true // drain the reader
				}
				free.put(ch)
			}
		}
	}
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ws := &catalog.Cache{}
			slot := newGuardSlot(ctx)
			defer slot.close()
			for ch := range work {
				runChunk(slot, p, ch, c, ws, counting, &pace)
				done <- ch
			}
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()
	return func(yield func(*chunk) bool) {
		pending := map[int]*chunk{}
		next := 0
		stopped := false
		for ch := range done {
			pending[ch.seq] = ch
			for {
				ready, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				<-tokens
				if !stopped && !yield(ready) {
					stopped = true // drain the workers
				}
				free.put(ready)
			}
		}
	}
}

// runChunk solves (or counts) the instances of ch in order, writing what
// each prints into ch's buffers and its outcome into ch.outs, and moves
// pace (the mean time per instance) toward each one's time. An instance
// not started before the slot's context is done is not run.
func runChunk(slot *guardSlot, p *catalog.Entry, ch *chunk, c *Config, ws *catalog.Cache, counting bool, pace *atomic.Int64) {
	ce := ch.env()
	ch.outs = slices.Grow(ch.outs[:0], len(ch.Items))
	for _, it := range ch.Items {
		// The outcome is made in place: printing takes its address.
		ch.outs = append(ch.outs, attemptIn(slot, p, it, c.Settings, ws, counting, nil))
		o := &ch.outs[len(ch.outs)-1]
		if o.ran {
			// A mean over the last few instances (weight 1/8 to the
			// newest); two workers may each drop the other's update,
			// which only slows the mean's move.
			old, t := pace.Load(), max(int64(o.elapsed), 1)
			if old == 0 {
				pace.Store(t) // the first time measured is the mean
			} else {
				pace.Store(old + (t-old)/8)
			}
		}
		switch {
		case c.json:
			writeJSON(ce, o, counting)
		case !c.quiet || !o.ok():
			writeHuman(ce, p, o, c, counting)
		}
		reportFrontier(ce, o)
		// Printed: keep only what the summary needs. The solution's
		// arrays are the worker's, written again by its next instance.
		o.grid, o.Res.Solution, o.Res.Stats.Propagators = nil, nil, nil
	}
}

// Chunk sizes: a chunk holds about chunkWork of solving, and at most
// maxChunk instances with one worker, maxChunkParallel with several (which
// bounds what a batch holds in flight: 4 chunks a worker).
const (
	chunkWork        = 500 * time.Microsecond
	maxChunk         = 64
	maxChunkParallel = 4
)

// chunkSize returns the size of the chunk after one of prev instances,
// when an instance takes pace nanoseconds on average (0: not known yet):
// chunkWork's worth, at most twice prev, between 1 and limit.
func chunkSize(prev int, pace int64, limit int) int {
	if pace <= 0 {
		return 1
	}
	want := int64(chunkWork) / pace
	return int(max(1, min(want, int64(2*prev), int64(limit))))
}

// reportFrontier says on standard error when a breadth-first frontier
// stopped the search of o.
func reportFrontier(e env, o *outcome) {
	if o.Res.Stopped == csp.FrontierLimit {
		e.stderr.Printf("csp: instance %d: the breadth-first frontier would exceed %d open nodes (%d bytes of domains); use --order dfs, or a larger --frontier\n",
			o.Index, o.Res.Stats.PeakFrontier, o.Res.Stats.PeakFrontierBytes)
	}
}

// Attempt solves or counts one instance, under one deadline (s's time
// limit, from the start of its model to the end of its search). Once ctx
// is done (an interrupt), an instance that has not started is not run.
func Attempt(ctx context.Context, p *catalog.Entry, it catalog.Item[any], s *catalog.Settings, ws *catalog.Cache, counting bool) outcome {
	return attemptEach(ctx, p, it, s, ws, counting, nil)
}

// attemptEach is attempt; with each set, it counts and hands each
// solution to each (solve --all).
func attemptEach(ctx context.Context, p *catalog.Entry, it catalog.Item[any], s *catalog.Settings, ws *catalog.Cache, counting bool, each func([][]int) bool) outcome {
	slot := newGuardSlot(ctx)
	defer slot.close()
	return attemptIn(slot, p, it, s, ws, counting, each)
}

// attemptIn is attemptEach in a worker's slot, whose context is the
// batch's: the instance runs under the slot's guarded context, and a
// context of its own only for a deadline.
func attemptIn(slot *guardSlot, p *catalog.Entry, it catalog.Item[any], s *catalog.Settings, ws *catalog.Cache, counting bool, each func([][]int) bool) outcome {
	ctx := slot.parent
	o := outcome{Item: it, Status: Failed, Err: it.Err}
	switch {
	case it.Err != nil:
		return o
	case ctx.Err() != nil:
		o.Status, o.Err = notRun, nil
		return o
	}
	o.ran = true
	o.portfolio = len(s.Search.Portfolio) > 0
	if o.Err = p.Prepare(it.Value, s, ws); o.Err != nil {
		return o
	}
	start := time.Now()
	ictx := slot.enter()
	defer slot.exit()
	if d := s.Search.TimeLimit; d > 0 {
		var cancel context.CancelFunc
		ictx, cancel = csp.WithTimeLimit(ictx, d)
		defer cancel()
	}
	switch {
	case each != nil:
		o.Res, o.Err = p.Each(ictx, it.Value, s, ws, each)
		o.capped = o.Res.Stopped == csp.SolutionLimit
	case counting:
		o.Res, o.Err = p.Count(ictx, it.Value, s, ws)
		o.capped = o.Res.Stopped == csp.SolutionLimit
	default:
		o.grid, o.Res, o.Err = p.Solve(ictx, it.Value, s, ws)
	}
	o.elapsed = time.Since(start)
	if o.Err != nil { // (errors.As's target would be on the heap for every instance)
		var unsat catalog.Unsatisfiable
		if errors.As(o.Err, &unsat) {
			o.why, o.Err = unsat.Reason, nil
			o.Res.Complete, o.Res.Solutions = true, 0
		}
	}
	if st := stoppedBy(ictx, o.Err); st != csp.NotStopped && o.Err != nil {
		// The deadline, the memory guard or an interrupt cut the model's
		// building short.
		o.Err, o.Res.Stopped = nil, st
	}
	if o.Res.Stopped == csp.MemoryLimit {
		*ws = catalog.Cache{} // what the instance built is not kept for the next
	}
	switch {
	case o.Err != nil:
		o.Status = Failed
	case o.Res.Complete && o.Res.Solutions == 0:
		o.Status = Unsatisfiable
	case counting && o.Res.Complete, !counting && o.grid != nil:
		o.Status = Solved
	default:
		o.Status = Unknown
	}
	return o
}

// errorAt is err's message for the status line of the instance numbered
// index that starts at line, which names both: a parse error leaves out
// the instance, and the line too when it is that one.
func errorAt(err error, index, line int) string {
	var pe *catalog.ParseError
	switch {
	case !errors.As(err, &pe):
		return err.Error()
	case pe.Line == line:
		return pe.At()
	case pe.Instance == index:
		return fmt.Sprintf("line %d, %s", pe.Line, pe.At())
	}
	return err.Error()
}

// instanceError is err's message for standard error, where nothing else
// names the instance: a parse error names it already, any other gets the
// instance and the line it starts at first.
func instanceError(err error, index, line int) string {
	var pe *catalog.ParseError
	if errors.As(err, &pe) {
		return err.Error()
	}
	return fmt.Sprintf("instance %d (line %d): %v", index, line, err)
}

// writeHuman prints an outcome for people: the solution, then a status
// line (a comment of the instance format), then the statistics.
func writeHuman(e env, p *catalog.Entry, o *outcome, c *Config, counting bool) {
	head := fmt.Sprintf("%% instance %d (line %d): ", o.Index, o.Line)
	if o.Status == notRun {
		e.stdout.Printf("%snot run (interrupted)\n", head)
		return
	}
	if o.Err != nil {
		e.stderr.Printf("csp: %s\n", instanceError(o.Err, o.Index, o.Line))
		e.stdout.Printf("%serror: %s\n", head, errorAt(o.Err, o.Index, o.Line))
		if !o.ran {
			return
		}
	}
	if o.grid != nil {
		if err := p.Write(e.stdout, o.Value, o.grid); err != nil {
			// The solution was found and checked but could not be
			// printed: the instance is not solved for the reader.
			o.Status, o.Err = Failed, fmt.Errorf("writing the solution: %w", err)
			e.stderr.Printf("csp: %s\n", instanceError(o.Err, o.Index, o.Line))
			e.stdout.Printf("%serror: %s\n", head, errorAt(o.Err, o.Index, o.Line))
			return
		}
	}
	cost := fmt.Sprintf("%s (%d %s, %d %s)", roundDuration(o.elapsed),
		o.Res.Stats.Nodes, plural(o.Res.Stats.Nodes, "node"), o.Res.Stats.Failures, plural(o.Res.Stats.Failures, "failure"))
	if o.portfolio {
		cost += fmt.Sprintf(" by portfolio member %d", o.Res.Member)
	}
	if st := o.Res.Stats; st.LocalSolved {
		cost += " by the local search"
	} else if st.LocalMoves > 0 && o.Status == Unknown {
		// How near the local search came, for a square left open.
		cost += fmt.Sprintf("; the local search's best grid %d %s short", st.LocalClashes, plural(st.LocalClashes, "clash"))
	}
	n := o.Res.Solutions
	sols := fmt.Sprintf("%d %s", n, plural(n, "solution"))
	word := "multiple"
	switch n {
	case 0:
		word = "none"
	case 1:
		word = "unique"
	}
	switch {
	case o.Err != nil:
		// Reported above; the statistics follow.
	case o.why != nil:
		e.stdout.Printf("%sunsatisfiable: %v\n", head, o.why)
		return
	case !counting && o.Status == Solved:
		e.stdout.Printf("%ssolved in %s\n", head, cost)
	case !counting && o.Status == Unsatisfiable:
		e.stdout.Printf("%sunsatisfiable in %s\n", head, cost)
	case o.Status == Unsatisfiable:
		e.stdout.Printf("%sunsatisfiable: 0 solutions (none), complete, in %s\n", head, cost)
	case o.Status == Solved:
		e.stdout.Printf("%s%s (%s), complete, in %s\n", head, sols, word, cost)
	case o.capped && n >= 2:
		e.stdout.Printf("%sat least %s (%s): stopped at %s after %s\n", head, sols, word, c.capFlag(), cost)
	case o.capped:
		// One solution found and the search stopped there: whether there
		// are others is not known (--limit 2 answers it).
		e.stdout.Printf("%sat least %s: stopped at %s after %s\n", head, sols, c.capFlag(), cost)
	case counting && n >= 2:
		e.stdout.Printf("%sunknown (%v): at least %s (%s) after %s\n", head, o.Res.Stopped, sols, word, cost)
	case counting:
		e.stdout.Printf("%sunknown (%v): at least %s after %s\n", head, o.Res.Stopped, sols, cost)
	default:
		e.stdout.Printf("%sunknown (%v) after %s\n", head, o.Res.Stopped, cost)
	}
	if c.stats {
		for line := range strings.Lines(o.Res.Stats.String()) {
			e.stdout.Printf("%%%%%%mzn-stat: %s", line)
		}
		e.stdout.Printf("%%%%%%mzn-stat-end\n")
	}
}

// record is the JSON form of an outcome.
type record struct {
	Instance int        `json:"instance"`
	Line     int        `json:"line"`
	Status   string     `json:"status"`
	Solution [][]int    `json:"solution,omitempty"`
	Count    *int64     `json:"count,omitempty"`
	Complete *bool      `json:"complete,omitempty"`
	Stopped  string     `json:"stopped,omitempty"` // the limit that ended the search
	Stats    *csp.Stats `json:"stats,omitempty"`
	Member   *int       `json:"member,omitempty"` // --portfolio: the member whose answer this is (0: the command line's own search)
	Error    string     `json:"error,omitempty"`
	Reason   string     `json:"reason,omitempty"` // why unsatisfiable, when found without search
	Time     float64    `json:"time"`             // seconds
}

// writeJSON prints an outcome as one line of JSON; errors go to stderr as
// well.
func writeJSON(e env, o *outcome, counting bool) {
	if o.Err != nil {
		e.stderr.Printf("csp: %s\n", instanceError(o.Err, o.Index, o.Line))
	}
	b, err := json.Marshal(RecordOf(o, counting))
	if err != nil { // cannot happen: every field marshals
		b = fmt.Appendf(nil, `{"instance":%d,"line":%d,"status":"error","error":%q}`, o.Index, o.Line, err.Error())
	}
	e.stdout.write(append(b, '\n'))
}

// RecordOf is the JSON record of an outcome (solve and count --json, csp
// serve's solve).
func RecordOf(o *outcome, counting bool) record {
	r := record{Instance: o.Index, Line: o.Line, Status: o.Status, Solution: o.grid, Time: o.elapsed.Seconds()}
	if o.Err != nil {
		r.Error = errorAt(o.Err, o.Index, o.Line)
	}
	if o.why != nil {
		r.Reason = o.why.Error()
	}
	if o.ran && o.portfolio {
		r.Member = &o.Res.Member
	}
	if o.ran {
		r.Stats = &o.Res.Stats
		// A first-solution search always ends at its cap of one: only a
		// count's cap is news.
		if o.Res.Stopped != csp.NotStopped && (counting || o.Res.Stopped != csp.SolutionLimit) {
			r.Stopped = o.Res.Stopped.String()
		}
		if counting {
			r.Count, r.Complete = &o.Res.Solutions, &o.Res.Complete
		}
	}
	return r
}

// generate writes c.n instances of p. Its output depends on the request
// and the seed only (no timing in it), so the same command writes the
// same bytes; --verbose says on standard error how long each puzzle took.
func generate(e env, p *catalog.Entry, args []string, c *Config) int {
	switch {
	case len(args) > 0:
		return UsageError(e.stderr, "generate: unexpected argument %q", args[0])
	case !p.CanGenerate:
		return UsageError(e.stderr, "generate: %s has no generator (want %s)", p.Name, Generators())
	case c.Settings.Size == 0:
		return UsageError(e.stderr, "generate: --order (or --size) is required")
	case c.Settings.Search.Seed > math.MaxUint64-uint64(c.n-1):
		// Puzzle i takes seed+i: past 2^64-1 the seeds would wrap to 0.
		return UsageError(e.stderr, "generate: --seed %d with -n %d: the seeds would run past %d", c.Settings.Search.Seed, c.n, uint64(math.MaxUint64))
	}
	ctx, cancel := Interrupts()
	defer cancel()
	var buf bytes.Buffer
	for i := range int(c.n) {
		buf.Reset()
		start := time.Now()
		if err := p.Generate(ctx, &buf, c.Settings, i); err != nil {
			if errors.Is(err, catalog.ErrNotMade) {
				e.stderr.Printf("csp: generate: puzzle %d of %d: %v\n", i+1, c.n, err)
				return 1
			}
			return UsageError(e.stderr, "generate: %v", err)
		}
		if c.verbose {
			e.stderr.Printf("csp: generate: puzzle %d of %d made in %v\n", i+1, c.n, roundDuration(time.Since(start)))
		}
		e.stdout.write(buf.Bytes())
		if e.stdout.Err != nil {
			return 1 // run reports the error
		}
	}
	return 0
}

// inputName names FILE in messages: "-" is standard input.
func inputName(arg string) string {
	if arg == "-" {
		return "standard input"
	}
	return arg
}

// closeInput closes a file that was only read. A failed Close loses no
// data (nothing was written) and leaves the answers as they are, but it
// is reported on standard error all the same, as a warning.
func closeInput(stderr *Output, f *os.File) {
	if err := f.Close(); err != nil {
		stderr.Printf("csp: warning: %v\n", err)
	}
}

// roundDuration keeps three significant digits.
func roundDuration(d time.Duration) time.Duration {
	r := time.Duration(1)
	for d/1000 >= r {
		r *= 10
	}
	return d.Round(r)
}

// plural gives word its plural unless n is 1: s, or es after an s or sh
// ("guesses", "clashes").
func plural[N int | int64](n N, word string) string {
	switch {
	case n == 1:
		return word
	case strings.HasSuffix(word, "s"), strings.HasSuffix(word, "sh"):
		return word + "es"
	}
	return word + "s"
}
