package textio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
)

// Defaults of Options, used where a field is 0 (or less).
const (
	// DefaultMaxLine is the longest line read, in bytes without its end:
	// room for the largest one-line form of any puzzle, with a comment.
	DefaultMaxLine = 1 << 20
	// DefaultMaxBlockLines is the most lines a block may hold: the
	// largest block form (a drawn 63x63 KenKen board, 190 lines; an
	// order-200 Latin square, 201) with room to spare.
	DefaultMaxBlockLines = 4096
	// DefaultMaxBlockBytes is the most text a block may hold, line ends
	// not counted.
	DefaultMaxBlockBytes = 16 << 20
)

// Sentinels of the errors the readers yield for input past a bound; a
// *ParseError unwraps to one of them unless Options.TooLong names the
// caller's own.
var (
	ErrLineTooLong  = errors.New("textio: line too long")
	ErrBlockTooLong = errors.New("textio: block too long")
	// ErrNoLineEnd ends the input: a line ran past MaxSkip bytes without
	// an end (/dev/zero, a binary stream), so no later line can be
	// found in bounded time; every later call returns io.EOF.
	ErrNoLineEnd = errors.New("textio: no line end")
)

// MaxSkip is how many bytes of one over-long line a Reader reads past
// while looking for its end before it gives the rest of the input up
// (ErrNoLineEnd): far more than any real puzzle line, so a long line in
// a real file is one bad item, while an endless one ends the batch
// instead of hanging it.
const MaxSkip = 64 << 20

// bom is the UTF-8 byte order mark, dropped from the start of the input.
var bom = []byte{0xEF, 0xBB, 0xBF}

// Options set the bounds and the comment conventions of a Reader. The
// zero value is useful: default bounds, no comments.
type Options struct {
	// MaxLine is the longest line, in bytes without its end (0:
	// DefaultMaxLine). A longer line yields an error and is skipped
	// without being held in memory; reading goes on after it.
	MaxLine int
	// MaxBlockLines and MaxBlockBytes bound a block of NextBlock and
	// Blocks (0: DefaultMaxBlockLines, DefaultMaxBlockBytes), so that a
	// hostile file costs an error, not the machine's memory.
	MaxBlockLines int
	MaxBlockBytes int
	// Comment lists the bytes that make a line a comment when they are
	// its first non-blank byte ("#%": the status lines of csp solve read
	// back). A comment line is dropped (its number is still counted) and
	// does not end a block, unless CommentBlank is set. Empty: no comment
	// lines.
	Comment string
	// CommentBlank makes a comment line read as a blank line (empty
	// Text, its number kept), so that it ends a block, for formats where
	// a comment closes a grid.
	CommentBlank bool
	// Trailing lists the bytes that start a comment within a line, at
	// its start or after a space or tab ("#": "4..2... # hardest"): the
	// line is cut there, blanks before the cut dropped. A line cut to
	// nothing reads as blank. Empty: none.
	Trailing string
	// TooLong, when not nil, is the sentinel put in the *ParseError of an
	// over-long line or block in place of ErrLineTooLong or
	// ErrBlockTooLong, so that a problem package's errors all unwrap to
	// its own sentinels.
	TooLong error
}

// Line is one line of input.
type Line struct {
	No   int    // 1-based line number, counting every line read
	Text []byte // the line without its end ("\n", "\r\n", a final "\r")
}

// Blank reports whether the line holds only white space (as
// bytes.TrimSpace sees it).
func (l Line) Blank() bool { return len(bytes.TrimSpace(l.Text)) == 0 }

// Reader reads lines one at a time from an io.Reader, in memory bounded
// by Options.MaxLine and a buffer, whatever the input's length. Next and
// Peek serve formats that count their lines ("N, then N rows"); NextBlock
// and SkipBlock those whose blocks end at a blank line; Lines and Blocks
// range over the rest of the input.
//
// A Line's Text, and a Block's, points into the Reader's buffers: it
// stays valid only until the next call of Next, Peek (after a Next),
// NextBlock or SkipBlock; a caller that keeps it copies it.
//
// A Reader uses no goroutine and holds nothing that needs releasing; it
// never closes the underlying reader. It is not safe for concurrent use.
type Reader struct {
	br      *bufio.Reader
	opt     Options
	acc     []byte // a line longer than br's buffer, gathered
	no      int    // number of the last line read
	started bool   // the first chunk was read (and its BOM dropped)
	eof     bool   // the underlying reader said io.EOF
	done    bool   // the stream has ended: io.EOF, or a read error given
	peeked  bool   // pl, perr hold the next line
	pl      Line
	perr    error
	arena   []byte // the text of the current block
	lines   []Line // the lines of the current block
}

// bufSize is the size of a Reader's buffer for a reader that does not
// tell its length.
const bufSize = 64 << 10

// NewReader returns a Reader of r under opt. Its buffer is 64 KiB, less
// for a reader that tells its length (strings.Reader, bytes.Reader) and
// is shorter, so that parsing one short string stays cheap.
func NewReader(r io.Reader, opt Options) *Reader {
	if opt.MaxLine <= 0 {
		opt.MaxLine = DefaultMaxLine
	}
	if opt.MaxBlockLines <= 0 {
		opt.MaxBlockLines = DefaultMaxBlockLines
	}
	if opt.MaxBlockBytes <= 0 {
		opt.MaxBlockBytes = DefaultMaxBlockBytes
	}
	size := bufSize
	if l, ok := r.(interface{ Len() int }); ok && l.Len() < size {
		size = max(l.Len()+1, 16)
	}
	return &Reader{br: bufio.NewReaderSize(r, size), opt: opt}
}

// Next returns the next line, skipping comment lines as Options say, or
// an error for it:
//
//   - a line over Options.MaxLine: a *ParseError naming its number and
//     the bound (Err ErrLineTooLong, or Options.TooLong); the line has
//     been skipped and the next call goes on after it;
//   - a line of more than MaxSkip bytes: a *ParseError (Err
//     ErrNoLineEnd), after which every call returns io.EOF;
//   - a read error of the underlying reader: a *ParseError naming the
//     line being read, whose Err is that error; the incomplete line is
//     not returned, and every later call returns io.EOF;
//   - io.EOF after the last line.
//
// With an error, the Line holds only the number. Next costs no
// allocation in the steady state.
func (r *Reader) Next() (Line, error) {
	if r.peeked {
		r.peeked = false
		return r.pl, r.perr
	}
	return r.read()
}

// Peek returns what the next call of Next will return, without
// consuming it. Peek after Peek returns the same again.
func (r *Reader) Peek() (Line, error) {
	if !r.peeked {
		r.pl, r.perr = r.read()
		r.peeked = true
	}
	return r.pl, r.perr
}

// read reads the next line to return, applying the comment options.
func (r *Reader) read() (Line, error) {
	for {
		if r.done {
			return Line{No: r.no}, io.EOF
		}
		text, long, err := r.readLine()
		if err == io.EOF {
			r.done = true
			return Line{No: r.no}, io.EOF
		}
		r.no++
		if err == ErrNoLineEnd {
			r.done = true
			return Line{No: r.no}, &ParseError{Line: r.no, Err: err,
				Detail: fmt.Sprintf("more than %d MiB without one: the rest of the input is not read", MaxSkip>>20)}
		}
		if err != nil {
			r.done = true
			return Line{No: r.no}, &ParseError{Line: r.no, Err: err}
		}
		if long {
			return Line{No: r.no}, &ParseError{Line: r.no, Err: r.sentinel(ErrLineTooLong),
				Detail: fmt.Sprintf("more than %d bytes", r.opt.MaxLine)}
		}
		if r.opt.Trailing != "" {
			text = cutTrailing(text, r.opt.Trailing)
		}
		if r.opt.Comment != "" {
			if t := bytes.TrimSpace(text); len(t) > 0 && strings.IndexByte(r.opt.Comment, t[0]) >= 0 {
				if !r.opt.CommentBlank {
					continue
				}
				text = text[:0]
			}
		}
		return Line{No: r.no, Text: text}, nil
	}
}

// sentinel returns Options.TooLong, or def when it is nil.
func (r *Reader) sentinel(def error) error {
	if r.opt.TooLong != nil {
		return r.opt.TooLong
	}
	return def
}

// readLine returns the next line without its end. long says it was over
// MaxLine: it has been read to its end and dropped, only MaxLine+2 bytes
// of it held at most. err is io.EOF at the end of the input,
// ErrNoLineEnd past MaxSkip bytes of one line, or a read error (the
// incomplete line before it dropped).
func (r *Reader) readLine() (text []byte, long bool, err error) {
	if r.eof {
		return nil, false, io.EOF
	}
	limit := r.opt.MaxLine + 2 // room for "\r\n"
	acc := r.acc[:0]
	n, pieces := 0, false // bytes of the line so far, line end included
	for {
		chunk, err := r.br.ReadSlice('\n')
		if !r.started {
			// The buffer holds at least 16 bytes, so a BOM at the start
			// is whole in the first chunk.
			r.started = true
			chunk = bytes.TrimPrefix(chunk, bom)
		}
		n += len(chunk)
		if err == bufio.ErrBufferFull {
			if n <= limit {
				acc = append(acc, chunk...)
			}
			if n > MaxSkip {
				r.acc, r.eof = acc[:0], true
				return nil, false, ErrNoLineEnd
			}
			pieces = true
			continue
		}
		if err != nil {
			if err != io.EOF {
				r.acc = acc[:0]
				return nil, false, err
			}
			r.eof = true
			if n == 0 {
				return nil, false, io.EOF
			}
		}
		text = chunk
		if pieces {
			if n <= limit {
				acc = append(acc, chunk...)
			}
			r.acc, text = acc, acc
		}
		if n > limit {
			return nil, true, nil
		}
		text = trimEOL(text)
		return text, len(text) > r.opt.MaxLine, nil
	}
}

// trimEOL drops a final "\n", then a final "\r".
func trimEOL(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] == '\n' {
		b = b[:len(b)-1]
	}
	if len(b) > 0 && b[len(b)-1] == '\r' {
		b = b[:len(b)-1]
	}
	return b
}

// cutTrailing cuts b at the first byte of set that starts it or follows a
// space or tab, and drops the spaces and tabs before the cut.
func cutTrailing(b []byte, set string) []byte {
	for i, c := range b {
		if (i == 0 || b[i-1] == ' ' || b[i-1] == '\t') && strings.IndexByte(set, c) >= 0 {
			return bytes.TrimRight(b[:i], " \t")
		}
	}
	return b
}

// Lines ranges over the rest of the lines as Next returns them, io.EOF
// left out: a line with a nil error, or a line number with a
// *ParseError. After a read error the sequence ends. Breaking out of the
// loop leaves the Reader at the line after the last one yielded.
func (r *Reader) Lines() iter.Seq2[Line, error] {
	return func(yield func(Line, error) bool) {
		for {
			l, err := r.Next()
			if err == io.EOF || !yield(l, err) {
				return
			}
		}
	}
}

// Lines ranges over the lines of in, as Reader.Lines does for a new
// Reader, made when the loop starts: a single pass over in, in constant
// memory, without goroutines; breaking out stops reading.
//
//	for l, err := range textio.Lines(in, textio.Options{Comment: "#%"}) {
//		if err != nil { ... report err, a *ParseError, and go on ... }
//		use l.No, l.Text (valid until the next step)
//	}
func Lines(in io.Reader, opt Options) iter.Seq2[Line, error] {
	return func(yield func(Line, error) bool) {
		NewReader(in, opt).Lines()(yield)
	}
}

// Fields splits text around runs of white space, as bytes.Fields does,
// into dst's array (from its start) when it has room: the fields are
// sub-slices of text, valid as long as text is. A reader that keeps dst
// from one line to the next splits every line of a batch without an
// allocation. A line holding bytes past ASCII is split by bytes.Fields
// itself, so that Unicode's white space separates fields here as there.
func Fields(dst [][]byte, text []byte) [][]byte {
	out := dst[:0]
	start := -1
	for i, c := range text {
		if c >= 0x80 {
			return append(out[:0], bytes.Fields(text)...)
		}
		switch space := asciiSpace[c]; {
		case space && start >= 0:
			out = append(out, text[start:i:i])
			start = -1
		case !space && start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, text[start:len(text):len(text)])
	}
	return out
}

// asciiSpace marks the bytes below 0x80 that unicode.IsSpace calls white
// space: '\t', '\n', '\v', '\f', '\r' and ' '.
var asciiSpace = [0x80]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}
