package textio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// got is a line or an error as a test records it: "3:text", or "3!" and
// the sentinel for an error at line 3.
type got struct {
	at  string
	err error
}

// collect ranges over seq and records what it yields; the Text is
// copied, as a caller that keeps it must.
func collect(t *testing.T, seq func(func(Line, error) bool)) []got {
	t.Helper()
	var out []got
	for l, err := range seq {
		if err != nil {
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, l.No, pe.Line, "the error names the line it is for")
			out = append(out, got{fmt.Sprintf("%d!", l.No), pe.Err})
			continue
		}
		out = append(out, got{at: fmt.Sprintf("%d:%s", l.No, l.Text)})
	}
	return out
}

// ok lists lines without errors.
func ok(lines ...string) []got {
	out := make([]got, len(lines))
	for i, l := range lines {
		out[i] = got{at: l}
	}
	return out
}

// noLen hides a reader's Len, so that NewReader gives it the full buffer.
type noLen struct{ r io.Reader }

func (n noLen) Read(p []byte) (int, error) { return n.r.Read(p) }

var errBoom = errors.New("boom")

func TestLines(t *testing.T) {
	long := strings.Repeat("x", 9)
	huge := strings.Repeat("y", 3*bufSize+7) // spans several buffers
	for _, tc := range []struct {
		name string
		in   string
		opt  Options
		want []got
	}{
		{"empty", "", Options{}, nil},
		{"one newline", "\n", Options{}, ok("1:")},
		{"plain", "a\nb\n", Options{}, ok("1:a", "2:b")},
		{"no final newline", "a\nb", Options{}, ok("1:a", "2:b")},
		{"crlf", "a\r\nb\r\n", Options{}, ok("1:a", "2:b")},
		{"lone final cr", "a\r\nb\r", Options{}, ok("1:a", "2:b")},
		{"inner cr kept", "a\rb\n", Options{}, ok("1:a\rb")},
		{"one cr dropped", "a\r\r\n", Options{}, ok("1:a\r")},
		{"bom", "\xEF\xBB\xBFa\nb\n", Options{}, ok("1:a", "2:b")},
		{"bom only", "\xEF\xBB\xBF", Options{}, nil},
		{"bom then crlf", "\xEF\xBB\xBF\r\nx", Options{}, ok("1:", "2:x")},
		{"bom later kept", "a\n\xEF\xBB\xBFb\n", Options{}, ok("1:a", "2:\xEF\xBB\xBFb")},
		{"blank lines kept", "a\n\n  \nb\n", Options{}, ok("1:a", "2:", "3:  ", "4:b")},
		{"comments dropped", "# c\na\n  % d\nb#c\n", Options{Comment: "#%"}, ok("2:a", "4:b#c")},
		{"comments off", "# c\n", Options{}, ok("1:# c")},
		{"comments blank", "a\n# c\nb\n", Options{Comment: "#", CommentBlank: true}, ok("1:a", "2:", "3:b")},
		{"trailing", "4..2 # hard\n#all\nx#y\nx\t# z\n", Options{Trailing: "#"}, ok("1:4..2", "2:", "3:x#y", "4:x")},
		{"long line continues", "ab\n" + long + "\ncd\n", Options{MaxLine: 8}, []got{{at: "1:ab"}, {"2!", ErrLineTooLong}, {at: "3:cd"}}},
		{"at the bound", "12345678\r\n123456789\n", Options{MaxLine: 8}, []got{{at: "1:12345678"}, {"2!", ErrLineTooLong}}},
		{"long last line", "ab\n" + long, Options{MaxLine: 8}, []got{{at: "1:ab"}, {"2!", ErrLineTooLong}}},
		{"own sentinel", long, Options{MaxLine: 8, TooLong: errBoom}, []got{{"1!", errBoom}}},
		{"huge line continues", "a\n" + huge + "\nb", Options{MaxLine: bufSize}, []got{{at: "1:a"}, {"2!", ErrLineTooLong}, {at: "3:b"}}},
		{"huge line fits", "a\n" + huge + "\r\nb", Options{}, ok("1:a", "2:"+huge, "3:b")},
		{"long comment", "# " + long + "\na", Options{MaxLine: 8, Comment: "#"}, []got{{"1!", ErrLineTooLong}, {at: "2:a"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Read whole, one byte at a time, and without Len: the
			// buffer's size and the reader's chunks must not matter.
			for _, r := range []io.Reader{
				strings.NewReader(tc.in),
				iotest.OneByteReader(strings.NewReader(tc.in)),
				noLen{strings.NewReader(tc.in)},
			} {
				assert.Equal(t, tc.want, collect(t, Lines(r, tc.opt)))
			}
		})
	}
}

// TestReadError: a read error is yielded once, at the line being read,
// after the complete lines before it, and ends the stream; the incomplete
// line is not yielded.
func TestReadError(t *testing.T) {
	for _, tc := range []struct {
		name, before string
		want         []got
	}{
		{"mid line", "a\nb\npart", []got{{at: "1:a"}, {at: "2:b"}, {"3!", errBoom}}},
		{"at a line start", "a\n", []got{{at: "1:a"}, {"2!", errBoom}}},
		{"at once", "", []got{{"1!", errBoom}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := io.MultiReader(strings.NewReader(tc.before), iotest.ErrReader(errBoom), strings.NewReader("never\n"))
			r := NewReader(in, Options{})
			assert.Equal(t, tc.want, collect(t, r.Lines()))
			_, err := r.Next()
			assert.Equal(t, io.EOF, err, "the stream stays ended")
		})
	}
}

// TestEOFSticky: after io.EOF the Reader does not read again (a terminal
// would wait for more).
func TestEOFSticky(t *testing.T) {
	var reads int
	r := NewReader(countReader{strings.NewReader("a"), &reads}, Options{})
	l, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, "a", string(l.Text))
	for range 3 {
		_, err = r.Next()
		assert.Equal(t, io.EOF, err)
	}
	assert.Equal(t, 2, reads, "one read for the data, one for io.EOF")
}

type countReader struct {
	r io.Reader
	n *int
}

func (c countReader) Read(p []byte) (int, error) { *c.n++; return c.r.Read(p) }

// TestBreak: breaking out of the loop stops reading (no yield after false,
// which the runtime would report, and nothing read past the buffer).
func TestBreak(t *testing.T) {
	in := strings.Repeat("line\n", 1<<20)
	var reads int
	n := 0
	for range Lines(countReader{noLen{strings.NewReader(in)}, &reads}, Options{}) {
		n++
		if n == 3 {
			break
		}
	}
	assert.Equal(t, 3, n)
	assert.Equal(t, 1, reads)
}

// TestPeek: Peek returns what Next will, as often as asked; a count-prefixed
// form reads with it, blank lines between instances or not, and a lone
// number where a row belongs is left for the next instance.
func TestPeek(t *testing.T) {
	in := "2\n1 2\n2 1\n\n% c\n3\n1 2 3\n1\n1\n"
	r := NewReader(strings.NewReader(in), Options{Comment: "%"})
	type inst struct {
		line int
		rows []string
	}
	var insts []inst
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if l.Blank() {
			continue
		}
		var n int
		_, err = fmt.Sscan(string(l.Text), &n)
		require.NoError(t, err)
		in := inst{line: l.No}
		for range n {
			p, err := r.Peek()
			if err != nil || len(strings.Fields(string(p.Text))) == 1 && n > 1 {
				break // the next instance's order
			}
			again, _ := r.Peek()
			assert.Equal(t, p, again)
			l, _ := r.Next()
			assert.Equal(t, p, l)
			in.rows = append(in.rows, fmt.Sprintf("%d:%s", l.No, l.Text))
		}
		insts = append(insts, in)
	}
	assert.Equal(t, []inst{
		{1, []string{"2:1 2", "3:2 1"}},
		{6, []string{"7:1 2 3"}},
		{8, []string{"9:1"}},
	}, insts)
}

// FuzzLines: no panic, and without over-long lines the lines yielded,
// each with "\n", are the input with its BOM dropped and its line ends
// made "\n" (a final line end added), numbered 1, 2, ...
func FuzzLines(f *testing.F) {
	for _, s := range []string{"", "\n", "a\r\nb", "\xEF\xBB\xBFx\r", "a\r\r\n\rb\n\n", "# c\n  x # y\n"} {
		f.Add(s, 0, false)
	}
	f.Fuzz(func(t *testing.T, in string, maxLine int, comments bool) {
		maxLine = maxLine%64 + 1
		if maxLine <= 0 {
			maxLine += 64
		}
		opt := Options{MaxLine: maxLine}
		if comments {
			opt.Comment, opt.Trailing = "#%", "#"
		}
		var b strings.Builder
		last, long := 0, false
		for l, err := range Lines(iotest.OneByteReader(strings.NewReader(in)), opt) {
			if comments {
				require.Greater(t, l.No, last, "numbered in order, comments counted")
			} else {
				require.Equal(t, last+1, l.No, "numbered in order")
			}
			last = l.No
			if err != nil {
				require.ErrorIs(t, err, ErrLineTooLong)
				long = true
				continue
			}
			require.LessOrEqual(t, len(l.Text), maxLine)
			b.Write(l.Text)
			b.WriteByte('\n')
		}
		if long || comments {
			return
		}
		assert.Equal(t, normalise(in), b.String())
	})
}

// normalise is the reference: the input's lines as Lines yields them,
// each ended by "\n".
func normalise(in string) string {
	in = strings.TrimPrefix(in, "\xEF\xBB\xBF")
	if in == "" {
		return ""
	}
	lines := strings.Split(in, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimSuffix(l, "\r"))
		b.WriteByte('\n')
	}
	return b.String()
}

// endless yields n lines of text without holding them: a large input in
// constant memory, with an over-long line every so often.
type endless struct {
	n, every int // lines to give; one in every lines is over-long
	line     int // lines given
	pending  []byte
	long     []byte
}

func (e *endless) Read(p []byte) (int, error) {
	if len(e.pending) == 0 {
		if e.line == e.n {
			return 0, io.EOF
		}
		e.line++
		if e.every > 0 && e.line%e.every == 0 {
			e.pending = e.long
		} else {
			e.pending = []byte("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\r\n")
		}
	}
	n := copy(p, e.pending)
	e.pending = e.pending[n:]
	return n, nil
}

// heap returns the live heap after a collection.
func heap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestBoundedMemory: 10^6 lines, some of them 16 MiB long, read in a few
// MiB: the heap never grows past the line bound and the buffers, the
// over-long lines are errors, and every line is counted.
func TestBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 10^6 lines")
	}
	const n = 1_000_000
	const every = 250_000
	in := &endless{n: n, every: every, long: append(bytes.Repeat([]byte("1"), 16<<20), '\n')}
	base := heap()
	var peak uint64
	lines, long := 0, 0
	for l, err := range Lines(in, Options{}) {
		lines++
		if err != nil {
			require.ErrorIs(t, err, ErrLineTooLong)
			long++
		} else {
			require.Len(t, l.Text, 81)
		}
		if l.No%every == 1 || l.No%every == every/2 { // just after an over-long line, and between

			peak = max(peak, heap())
		}
	}
	assert.Equal(t, n, lines)
	assert.Equal(t, n/every, long)
	// The line bound (1 MiB) and a 64 KiB buffer; 8 MiB leaves room for
	// the runtime's own noise, below one over-long line (16 MiB) and far
	// below what 10^6 lines (98 MB) take.
	grown := int64(peak) - int64(base)
	t.Logf("heap grew by %d bytes over %d lines", grown, lines)
	assert.Less(t, grown, int64(8<<20), "heap grew by %d bytes", grown)
}

// TestZeroAllocs: reading lines allocates nothing per line, only the
// Reader and its buffer.
func TestZeroAllocs(t *testing.T) {
	const n = 10_000
	in := strings.Repeat("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n", n)
	allocs := testing.AllocsPerRun(5, func() {
		k := 0
		for range Lines(noLen{strings.NewReader(in)}, Options{Comment: "#%"}) {
			k++
		}
		if k != n {
			t.Fatalf("%d lines, want %d", k, n)
		}
	})
	assert.Less(t, allocs, 10.0, "allocations for %d lines", n)
}

// BenchmarkLines reads a large batch of one-line puzzles; allocs/line
// must be 0.
func BenchmarkLines(b *testing.B) {
	const n = 100_000
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	in := strings.Repeat(line, n)
	b.ReportAllocs()
	b.SetBytes(int64(len(in)))
	var k int
	for b.Loop() {
		k = 0
		for range Lines(noLen{strings.NewReader(in)}, Options{Comment: "#%"}) {
			k++
		}
	}
	if k != n {
		b.Fatalf("%d lines, want %d", k, n)
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for range Lines(noLen{strings.NewReader(in)}, Options{Comment: "#%"}) {
	}
	runtime.ReadMemStats(&m1)
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/n, "allocs/line")
}

// An endless line (/dev/zero) ends the input with ErrNoLineEnd after
// MaxSkip bytes instead of reading forever; the lines before it stay.
func TestEndlessLineEndsInput(t *testing.T) {
	in := io.MultiReader(strings.NewReader("first\n"), zeros{})
	r := NewReader(in, Options{})
	l, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, "first", string(l.Text))
	_, err = r.Next()
	var pe *ParseError
	require.ErrorAs(t, err, &pe)
	assert.ErrorIs(t, err, ErrNoLineEnd)
	assert.Equal(t, 2, pe.Line)
	assert.Contains(t, err.Error(), "the rest of the input is not read")
	_, err = r.Next()
	assert.Equal(t, io.EOF, err)
}

// zeros is an endless reader of zero bytes, as /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestFieldsLikeBytesFields: Fields splits as bytes.Fields does, ASCII and
// Unicode white space alike, reusing dst, and costs no allocation on an
// ASCII line once dst has room.
func TestFieldsLikeBytesFields(t *testing.T) {
	lines := []string{
		"", " ", "1", " 1 2\t3 ", "10 0\v 7\f8\r", "a\u00a0b c", "\u3000x y\u2028z", "é 1",
		"  trailing  ", "\x85", "1\x002",
	}
	var dst [][]byte
	for _, l := range lines {
		dst = Fields(dst, []byte(l))
		want := bytes.Fields([]byte(l))
		if len(dst) != len(want) {
			t.Errorf("Fields(%q) = %q, want %q", l, dst, want)
			continue
		}
		for i := range want {
			if !bytes.Equal(dst[i], want[i]) {
				t.Errorf("Fields(%q) = %q, want %q", l, dst, want)
				break
			}
		}
	}
	line := []byte(" 1 2 3 4 5 6 7 8 9 ")
	dst = Fields(nil, line)
	if n := testing.AllocsPerRun(100, func() { dst = Fields(dst, line) }); n != 0 {
		t.Errorf("Fields on an ASCII line with dst of room: %v allocations, want 0", n)
	}
}

func FuzzFields(f *testing.F) {
	for _, s := range []string{"1 2 3", "a\u00a0b", " \t", "\xff 1"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		got, want := Fields(nil, text), bytes.Fields(text)
		if len(got) != len(want) {
			t.Fatalf("Fields(%q) = %q, want %q", text, got, want)
		}
		for i := range want {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("Fields(%q) = %q, want %q", text, got, want)
			}
		}
	})
}
