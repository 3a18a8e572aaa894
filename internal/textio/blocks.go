package textio

import (
	"fmt"
	"io"
	"iter"
)

// Block is a run of consecutive non-blank lines, as NextBlock reads it.
type Block struct {
	Start int    // number of its first line
	Lines []Line // its lines in order, none blank; Text valid until the next step
}

// NextBlock skips blank lines, then reads lines up to the next blank line
// (left unread) or the end of the input, and returns them as a Block.
// Comment lines are dropped or read as blank, as Options say.
//
// A block that fails yields its start and an error, and the rest of it
// has been skipped (SkipBlock), so the next call reads the next block:
//
//   - a line over Options.MaxLine: Next's *ParseError for it;
//   - more than Options.MaxBlockLines lines or MaxBlockBytes bytes of
//     text: a *ParseError at the first line past the bound, naming the
//     block's start and the bound (Err ErrBlockTooLong, or
//     Options.TooLong); nothing past the bound is held;
//   - a read error: Next's *ParseError; the block read so far is
//     dropped, and every later call returns io.EOF.
//
// It returns io.EOF when no block is left. The Block's lines are copies
// into one buffer the Reader reuses: no allocation per block in the
// steady state, valid until the next step.
func (r *Reader) NextBlock() (Block, error) {
	var l Line
	var err error
	for {
		l, err = r.Next()
		if err == io.EOF {
			return Block{}, io.EOF
		}
		if err != nil {
			r.SkipBlock()
			return Block{Start: l.No}, err
		}
		if !l.Blank() {
			break
		}
	}
	start := l.No
	r.arena, r.lines = r.arena[:0], r.lines[:0]
	for {
		if err := r.add(l, start); err != nil {
			r.SkipBlock()
			return Block{Start: start}, err
		}
		l, err = r.Peek()
		if err == io.EOF || err == nil && l.Blank() {
			break
		}
		if _, err = r.Next(); err != nil {
			r.SkipBlock()
			return Block{Start: start}, err
		}
	}
	// The arena may have moved as it grew: point every line into its
	// final array, where add left each line's end in Text's length.
	off := 0
	for i := range r.lines {
		end := off + len(r.lines[i].Text)
		r.lines[i].Text = r.arena[off:end:end]
		off = end
	}
	return Block{Start: start, Lines: r.lines}, nil
}

// add copies l into the current block, which started at line start, or
// says which bound it breaks.
func (r *Reader) add(l Line, start int) error {
	switch {
	case len(r.lines) >= r.opt.MaxBlockLines:
		return &ParseError{Line: l.No, Err: r.sentinel(ErrBlockTooLong),
			Detail: fmt.Sprintf("the block from line %d has more than %d lines", start, r.opt.MaxBlockLines)}
	case len(r.arena)+len(l.Text) > r.opt.MaxBlockBytes:
		return &ParseError{Line: l.No, Err: r.sentinel(ErrBlockTooLong),
			Detail: fmt.Sprintf("the block from line %d has more than %d bytes", start, r.opt.MaxBlockBytes)}
	}
	r.arena = append(r.arena, l.Text...)
	r.lines = append(r.lines, Line{No: l.No, Text: l.Text[:len(l.Text):len(l.Text)]})
	return nil
}

// SkipBlock discards lines up to the next blank line or the end of the
// input, one at a time, over-long ones included: the way to resume after
// a malformed block. The blank line, or a read error, is left for the
// next call.
func (r *Reader) SkipBlock() {
	for {
		l, err := r.Peek()
		if err == io.EOF || err == nil && l.Blank() || err != nil && r.done {
			return
		}
		_, _ = r.Next()
	}
}

// Blocks ranges over the rest of the blocks as NextBlock returns them,
// io.EOF left out. Breaking out of the loop leaves the Reader after the
// last block yielded.
func (r *Reader) Blocks() iter.Seq2[Block, error] {
	return func(yield func(Block, error) bool) {
		for {
			b, err := r.NextBlock()
			if err == io.EOF || !yield(b, err) {
				return
			}
		}
	}
}

// Blocks ranges over the blocks of in (runs of non-blank lines separated
// by blank lines), as Reader.Blocks does for a new Reader made when the
// loop starts.
func Blocks(in io.Reader, opt Options) iter.Seq2[Block, error] {
	return func(yield func(Block, error) bool) {
		NewReader(in, opt).Blocks()(yield)
	}
}
