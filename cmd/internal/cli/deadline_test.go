package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// The instances of these tests take seconds to minutes without a deadline
// (an order-40 Latin square's ladder, an order-200 one's model and root
// propagation, a 9×9 KenKen whose 3×3 product cage lists 651,960 tuples,
// the order-5 census's table): each test asserts what the command says of
// a run stopped by --timeout or an interrupt, never how long it took.

// fixtures holds what makeFixture made, by name (*fixture).
var fixtures sync.Map

type fixture struct {
	once sync.Once
	text string
}

// makeFixture runs the command with args once per test binary and returns
// its standard output.
func makeFixture(t *testing.T, name string, stdin string, args ...string) string {
	t.Helper()
	v, _ := fixtures.LoadOrStore(name, &fixture{})
	f := v.(*fixture)
	f.once.Do(func() {
		r := runCSP(t, stdin, args...)
		require.Equal(t, 0, r.code, "%s: %s", name, r.stderr)
		f.text = r.stdout
	})
	require.NotEmpty(t, f.text, name)
	return f.text
}

func latin40(t *testing.T) string {
	return makeFixture(t, "latin40", "", "generate", "latin", "--order", "40", "--holes", "800", "--balanced", "--seed", "1")
}

// latin200 is an order-200 Latin square with 40 holes in every row and
// column (the cyclic square, emptied on a band of diagonals): building its
// model alone posts 120,000 variables. (Generating a random one takes a
// minute.)
func latin200(*testing.T) string {
	const n, holes = 200, 40
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", n)
	for r := range n {
		for c := range n {
			v := (r+c)%n + 1
			if (c-r+n)%n < holes {
				v = 0
			}
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(v))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// emptyLatin is an empty square of order 9: counting its solutions takes
// forever.
func emptyLatin() string {
	return "9\n" + strings.Repeat(strings.TrimSuffix(strings.Repeat("0 ", 9), " ")+"\n", 9)
}

// marks40 is latin40's pencil marks after every rule below assumptions:
// its next step needs the assumptions level, which tries every value of
// every cell.
func marks40(t *testing.T) string {
	return makeFixture(t, "marks40", latin40(t), "marks", "latin", "-", "--up-to", "subsets")
}

// kenken9 is a 9×9 KenKen whose top-left 3×3 box is one product cage of
// 362880 (its values 1..9), every other cell a given: listing the cage's
// table takes a second or more.
func kenken9() string {
	type cage struct {
		Cells  [][2]int `json:"cells"`
		Op     string   `json:"op,omitempty"`
		Target int      `json:"target"`
	}
	val := func(r, c int) int { return (r*3+r/3+c)%9 + 1 }
	box := cage{Op: "*", Target: 1}
	cages := []cage{}
	for r := range 9 {
		for c := range 9 {
			if r < 3 && c < 3 {
				box.Cells = append(box.Cells, [2]int{r, c})
				box.Target *= val(r, c)
				continue
			}
			cages = append(cages, cage{Cells: [][2]int{{r, c}}, Target: val(r, c)})
		}
	}
	b, _ := json.Marshal(map[string]any{"size": 9, "cages": append([]cage{box}, cages...)})
	return string(b) + "\n"
}

func TestTimeoutStopsLongCommands(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stdin func(t *testing.T) string
		args  []string
		want  []string // on standard output
	}{
		{"grade", latin40, []string{"grade", "latin", "-", "--timeout", "50ms"},
			[]string{"% instance 1 (line 2): unknown: timed out after "}},
		{"grade json", latin40, []string{"grade", "latin", "-", "--timeout", "50ms", "--json"},
			[]string{`"verdict":"unknown"`, `"stopped":"time limit"`}},
		{"explain", latin40, []string{"explain", "latin", "-", "--timeout", "50ms"},
			[]string{"% instance 1 (line 2): unknown: timed out after "}},
		{"hint", marks40, []string{"hint", "latin", "-", "--marks", "--timeout", "50ms"},
			[]string{"% instance 1 (line 2): unknown: timed out before a step was found"}},
		{"marks", marks40, []string{"marks", "latin", "-", "--marks", "--up-to", "assumptions", "--timeout", "50ms"},
			[]string{"% instance 1 (line 2): unknown: timed out before the marks up to assumptions"}},
		{"check builds under the deadline", func(*testing.T) string { return kenken9() },
			[]string{"check", "kenken", "-", "--timeout", "1ms"},
			[]string{"% instance 1 (line 1): unknown (time limit): 0 solutions found before the limit"}},
		{"diagnose builds under the deadline", latin200,
			[]string{"diagnose", "latin", "-", "--timeout", "1ms"},
			[]string{"% instance 1 (line 1): unknown: timed out"}},
		{"solve kenken: the table under the deadline", func(*testing.T) string { return kenken9() },
			[]string{"solve", "kenken", "-", "--timeout", "1ms", "--json"},
			[]string{`"status":"unknown"`, `"stopped":"time limit"`}},
		{"solve latin 200: model and root under the deadline", latin200,
			[]string{"solve", "latin", "-", "--timeout", "1ms"},
			[]string{"% instance 1 (line 1): unknown (time limit) after "}},
		{"backbone latin 200: the model under the deadline", latin200,
			[]string{"backbone", "latin", "-", "--timeout", "1ms"},
			[]string{"% instance 1 (line 1): unknown (time limit): 0 solutions listed before the limit"}},
		{"count latin 200", latin200,
			[]string{"count", "latin", "-", "--timeout", "1ms"},
			[]string{"% instance 1 (line 1): unknown (time limit): at least 0 solutions after "}},
		{"census", func(*testing.T) string { return "" },
			[]string{"census", "skyscraper", "--size", "5", "--clues", "8", "--list", "--progress=false", "--timeout", "50ms"},
			[]string{"% census timed out after "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCSP(t, tc.stdin(t), tc.args...)
			assert.Equal(t, 1, r.code, r.stderr)
			for _, w := range tc.want {
				assert.Contains(t, r.stdout, w)
			}
			assert.NotContains(t, r.stdout, "error:", "a deadline is no error")
		})
	}
}

// interruptAfter makes the commands' context end d after it is made, as
// a Ctrl-C would, for the rest of the test.
func interruptAfter(t *testing.T, d time.Duration) {
	t.Helper()
	saved := Interrupts
	t.Cleanup(func() { Interrupts = saved })
	Interrupts = func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(d, cancel)
		return ctx, cancel
	}
}

var summaryRE = regexp.MustCompile(`(?m)^% (\d+) instances: (\d+) solved, (\d+) unsatisfiable, (?:(\d+) multiple(?: \([^)]*\))?, )?(\d+) unknown, (\d+) errors?(?:, (\d+) not run)?$`)

// An interrupted batch says so and counts the instances it read but did
// not run as not run, never as errors.
func TestInterruptedBatchCountsNotRun(t *testing.T) {
	in := strings.Repeat(emptyLatin(), 4) // each count runs for ever
	interruptAfter(t, 200*time.Millisecond)
	r := runCSP(t, in, "count", "latin", "-")
	assert.Equal(t, 1, r.code)
	m := summaryRE.FindStringSubmatch(r.stdout)
	require.NotNil(t, m, r.stdout)
	n := make([]int, len(m))
	for i, s := range m[1:] {
		n[i+1], _ = strconv.Atoi(s)
	}
	total, solvedN, unsat, mult, unk, errs, notRunN := n[1], n[2], n[3], n[4], n[5], n[6], n[7]
	assert.Zero(t, errs, "an interrupt makes no errors")
	assert.GreaterOrEqual(t, notRunN, 1, "the instances after the one under way were not run")
	assert.Equal(t, total, solvedN+unsat+mult+unk+notRunN)
	assert.Contains(t, r.stdout, "% interrupted: ")
	assert.Contains(t, r.stdout, "not run (interrupted)")
	assert.Contains(t, r.stderr, "csp: interrupted: ")
	assert.NotContains(t, r.stdout, "error:")
}

// An interrupted authors' tool says which instance it stopped in.
func TestInterruptedToolSaysSo(t *testing.T) {
	in := latin40(t) + latin40(t)
	interruptAfter(t, 200*time.Millisecond)
	r := runCSP(t, in, "grade", "latin", "-")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stdout, "% instance 1 (line 2): unknown: interrupted after ")
	assert.Contains(t, r.stdout, "% interrupted during instance 1: the rest of standard input was not run")
	assert.NotContains(t, r.stdout, "instance 2")
	assert.Contains(t, r.stderr, "csp: interrupted during instance 1")
}

// The summary of an interrupted batch, from known outcomes.
func TestSummaryNotRun(t *testing.T) {
	var s summary
	s.Add(&outcome{Status: Solved, ran: true, elapsed: time.Millisecond})
	s.Add(&outcome{Status: Unknown, ran: true, elapsed: time.Second})
	for range 3 {
		s.Add(&outcome{Status: notRun})
	}
	s.interrupted, s.unread = true, true
	var b strings.Builder
	s.write(NewOutput(&b), NewConfig(), time.Second, "in.txt")
	lines := strings.Split(b.String(), "\n")
	assert.Equal(t, "% 5 instances: 1 solved, 0 unsatisfiable, 1 unknown, 0 errors, 3 not run", lines[0])
	assert.Equal(t, "% interrupted: 3 instances not run, the rest of in.txt not read", lines[1])
	assert.Equal(t, 4, s.bad, "not run is not solved: the exit status is 1")
}

// Attempt runs nothing once the run is interrupted.
func TestAttemptAfterInterrupt(t *testing.T) {
	p, ok := catalog.Lookup("latin")
	require.True(t, ok)
	var value any
	for it := range p.Read(strings.NewReader("2\n1 0\n0 0\n"), false) {
		require.NoError(t, it.Err)
		value = it.Value
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o := Attempt(ctx, p, catalog.Item[any]{Index: 1, Line: 1, Value: value}, catalog.NewSettings(p), &catalog.Cache{}, false)
	assert.Equal(t, notRun, o.Status)
	assert.False(t, o.ran)
	assert.NoError(t, o.Err)
}

// An interrupted bench counts the runs it never made apart from the
// errors.
func TestBenchInterruptedNotRun(t *testing.T) {
	configs := []Configuration{{Name: "default"}}
	p, _ := catalog.Lookup("latin")
	files := []BenchFile{{Name: "x.txt", Problem: p, Items: make([]catalog.Item[any], 4)}}
	results := []BenchRun{
		{Status: Solved, Time: time.Millisecond},
		{Status: Failed, Err: fmt.Errorf("bad")},
		{}, {}, // never run
	}
	s := summarise(results, 0)
	assert.Equal(t, 2, s.runs)
	assert.Equal(t, 1, s.errors)
	assert.Equal(t, 2, s.notRun)
	var b strings.Builder
	writeBenchTable(NewOutput(&b), configs, files, results, 0)
	assert.Contains(t, b.String(), "interrupted: 2 of 4 runs not run (not counted above)")
	assert.Regexp(t, `default\s+1/2\s+0\s+0\s+1 `, b.String())
}

func TestStoppedBy(t *testing.T) {
	live := context.Background()
	assert.Equal(t, csp.NotStopped, stoppedBy(live, nil))
	assert.Equal(t, csp.NotStopped, stoppedBy(live, context.Canceled), "a live context stopped nothing")

	ctx, cancel := csp.WithTimeLimit(live, time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	assert.Equal(t, csp.TimeLimit, stoppedBy(ctx, nil))
	assert.Equal(t, csp.TimeLimit, stoppedBy(ctx, fmt.Errorf("kenken: %w", context.Cause(ctx))))
	assert.Equal(t, csp.NotStopped, stoppedBy(ctx, fmt.Errorf("a bug")), "an error of its own stays an error")

	ctx, cancel = context.WithCancel(live)
	cancel()
	assert.Equal(t, csp.Canceled, stoppedBy(ctx, context.Canceled))
	assert.Equal(t, "interrupted", stopWord(csp.Canceled))
	assert.Equal(t, "timed out", stopWord(csp.TimeLimit))
}
