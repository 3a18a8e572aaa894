package textio

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// blk records a block as "start:no text|no text", or "start!" and the
// sentinel for an error.
func collectBlocks(t *testing.T, seq func(func(Block, error) bool)) []got {
	t.Helper()
	var out []got
	for b, err := range seq {
		if err != nil {
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			out = append(out, got{fmt.Sprintf("%d!%d", b.Start, pe.Line), pe.Err})
			continue
		}
		require.NotEmpty(t, b.Lines)
		assert.Equal(t, b.Start, b.Lines[0].No)
		parts := make([]string, len(b.Lines))
		for i, l := range b.Lines {
			assert.False(t, l.Blank())
			parts[i] = fmt.Sprintf("%d %s", l.No, l.Text)
		}
		out = append(out, got{at: fmt.Sprintf("%d:%s", b.Start, strings.Join(parts, "|"))})
	}
	return out
}

func TestBlocks(t *testing.T) {
	big := strings.Repeat("r\n", 5000)
	for _, tc := range []struct {
		name string
		in   string
		opt  Options
		want []got
	}{
		{"empty", "", Options{}, nil},
		{"only blanks", "\n \n\t\n", Options{}, nil},
		{"two", "a\nb\n\n\nc\n", Options{}, ok("1:1 a|2 b", "5:5 c")},
		{"crlf, bom, no final newline", "\xEF\xBB\xBFa\r\nb\r\n \r\nc", Options{}, ok("1:1 a|2 b", "4:4 c")},
		{"comment inside dropped", "a\n# c\nb\n", Options{Comment: "#"}, ok("1:1 a|3 b")},
		{"comment as blank splits", "a\n# c\nb\n", Options{Comment: "#", CommentBlank: true}, ok("1:1 a", "3:3 b")},
		{"long line spoils its block only", "a\n123456789\nb\n\nc\n", Options{MaxLine: 8}, []got{{"1!2", ErrLineTooLong}, {at: "5:5 c"}}},
		{"long first line", "123456789\nb\n\nc\n", Options{MaxLine: 8}, []got{{"1!1", ErrLineTooLong}, {at: "4:4 c"}}},
		{"too many lines", "a\nb\nc\n\nd\n", Options{MaxBlockLines: 2}, []got{{"1!3", ErrBlockTooLong}, {at: "5:5 d"}}},
		{"too many bytes", "ab\ncd\n\nef\n", Options{MaxBlockBytes: 3}, []got{{"1!2", ErrBlockTooLong}, {at: "4:4 ef"}}},
		{"own sentinel", "a\nb\n", Options{MaxBlockLines: 1, TooLong: errBoom}, []got{{"1!2", errBoom}}},
		{"default bound", big + "\nx\n", Options{}, []got{{"1!4097", ErrBlockTooLong}, {at: "5002:5002 x"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(tc.in), iotest.OneByteReader(strings.NewReader(tc.in))} {
				assert.Equal(t, tc.want, collectBlocks(t, Blocks(r, tc.opt)))
			}
		})
	}
}

// TestBlocksReadError: a read error drops the block it cut and ends the
// blocks.
func TestBlocksReadError(t *testing.T) {
	in := io.MultiReader(strings.NewReader("a\n\nb\nc"), iotest.ErrReader(errBoom))
	assert.Equal(t, []got{{at: "1:1 a"}, {"3!4", errBoom}}, collectBlocks(t, Blocks(in, Options{})))
}

// TestBlockReuse: a block's lines are copies that survive the reading of
// later lines, as far as the next block.
func TestBlockReuse(t *testing.T) {
	long := strings.Repeat("z", 100)
	r := NewReader(iotest.OneByteReader(strings.NewReader("a\n"+long+"\nb\n\nc\n")), Options{})
	b, err := r.NextBlock()
	require.NoError(t, err)
	p, err := r.Peek()
	require.NoError(t, err)
	assert.True(t, p.Blank())
	require.Len(t, b.Lines, 3)
	assert.Equal(t, []string{"a", long, "b"}, []string{string(b.Lines[0].Text), string(b.Lines[1].Text), string(b.Lines[2].Text)})
	b, err = r.NextBlock()
	require.NoError(t, err)
	assert.Equal(t, 5, b.Start)
	_, err = r.NextBlock()
	assert.Equal(t, io.EOF, err)
}

// TestMixed: one-line forms and blocks in one input, told apart by Peek,
// and SkipBlock resuming after a bad block.
func TestMixed(t *testing.T) {
	in := "one\n\n+--\n|x\n+--\nbad\n+--\n|y\n\ntwo\n"
	r := NewReader(strings.NewReader(in), Options{})
	var seen []string
	for {
		l, err := r.Peek()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch {
		case l.Blank():
			_, _ = r.Next()
		case l.Text[0] == '+':
			start := l.No
			var rows []string
			for {
				l, err := r.Peek()
				if err != nil || l.Blank() {
					break
				}
				if l.Text[0] != '+' && l.Text[0] != '|' {
					seen = append(seen, fmt.Sprintf("bad board at %d, line %d", start, l.No))
					r.SkipBlock()
					rows = nil
					break
				}
				_, _ = r.Next()
				rows = append(rows, string(l.Text))
			}
			if rows != nil {
				seen = append(seen, fmt.Sprintf("board at %d: %d lines", start, len(rows)))
			}
		default:
			_, _ = r.Next()
			seen = append(seen, fmt.Sprintf("line %d: %s", l.No, l.Text))
		}
	}
	assert.Equal(t, []string{"line 1: one", "bad board at 3, line 6", "line 10: two"}, seen)
}

// TestBlocksBoundedMemory: a block of 10^6 lines is one error, read in
// bounded memory, and the next block is read.
func TestBlocksBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 10^6 lines")
	}
	in := io.MultiReader(&endless{n: 1_000_000}, strings.NewReader("\nlast\n"))
	base := heap()
	var got []string
	var peak uint64
	for b, err := range Blocks(in, Options{}) {
		peak = max(peak, heap()) // the Reader, its buffers and the block live
		if err != nil {
			require.ErrorIs(t, err, ErrBlockTooLong)
			got = append(got, fmt.Sprintf("error at %d", b.Start))
			continue
		}
		got = append(got, fmt.Sprintf("%d: %s", b.Start, b.Lines[0].Text))
	}
	grown := int64(peak) - int64(base)
	t.Logf("heap grew by %d bytes", grown)
	assert.Equal(t, []string{"error at 1", "1000002: last"}, got)
	// The block's buffers hold at most 4096 lines of 81 bytes.
	assert.Less(t, grown, int64(8<<20), "heap grew by %d bytes", grown)
}

// FuzzBlocks: no panic under small bounds; every block is non-blank
// lines numbered in order, within the bounds; every error is a bound's
// (a block's start at or before its line); and without errors the blocks
// hold the input's non-blank lines, in order, each once.
func FuzzBlocks(f *testing.F) {
	for _, s := range []string{"", "a\nb\n\nc", "\xEF\xBB\xBFa\r\n\r\nb", "# c\nx\n\n\n%y\nz", strings.Repeat("ab\n", 20)} {
		f.Add(s, 0, 0, 0, false)
	}
	f.Fuzz(func(t *testing.T, in string, maxLine, maxLines, maxBytes int, comments bool) {
		bound := func(v, n int) int { return (v%n+n)%n + 1 }
		opt := Options{MaxLine: bound(maxLine, 64), MaxBlockLines: bound(maxLines, 8), MaxBlockBytes: bound(maxBytes, 128)}
		if comments {
			opt.Comment = "#%"
		}
		var got []string
		last, failed := 0, false
		for b, err := range Blocks(iotest.HalfReader(strings.NewReader(in)), opt) {
			if err != nil {
				var pe *ParseError
				require.ErrorAs(t, err, &pe)
				if !errors.Is(err, ErrLineTooLong) {
					require.ErrorIs(t, err, ErrBlockTooLong)
				}
				require.LessOrEqual(t, b.Start, pe.Line)
				failed = true
				continue
			}
			require.NotEmpty(t, b.Lines)
			require.LessOrEqual(t, len(b.Lines), opt.MaxBlockLines)
			n := 0
			for _, l := range b.Lines {
				require.Greater(t, l.No, last, "lines numbered in order")
				require.False(t, l.Blank())
				require.LessOrEqual(t, len(l.Text), opt.MaxLine)
				last = l.No
				n += len(l.Text)
				got = append(got, string(l.Text))
			}
			require.LessOrEqual(t, n, opt.MaxBlockBytes)
		}
		if failed {
			return
		}
		var want []string
		for l, err := range Lines(strings.NewReader(in), Options{MaxLine: opt.MaxLine, Comment: opt.Comment}) {
			require.NoError(t, err)
			if !l.Blank() {
				want = append(want, string(l.Text))
			}
		}
		assert.Equal(t, want, got)
	})
}
