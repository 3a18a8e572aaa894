// Package textio holds what the problem readers share: one streaming
// reader of lines and blocks, the Item a reader yields, and the error that
// says where an input is malformed.
//
// A batch may hold a million instances, so a reader never gathers its
// input: a Reader reads one line at a time from a buffer of at most
// 64 KiB, costs no allocation per line, and bounds every line
// (Options.MaxLine, 1 MiB by default) and every block. Nothing in the
// input ends the stream early: an over-long line is one *ParseError
// naming its line and the bound, skipped without being held, and reading
// goes on with the next line; only a read error of the underlying reader
// ends it, once, with the line it was reading. Line ends may be "\n",
// "\r\n" or a final "\r"; a UTF-8 byte order mark at the start is
// dropped. Comments are the caller's choice (Options.Comment,
// Options.Trailing), as the formats differ.
//
// Four ways to read, one Reader under them all:
//
//   - Lines: each line with its number, for one-line forms;
//   - Blocks: runs of non-blank lines separated by blank lines, with the
//     number of each one's first line, for grids drawn over several lines;
//   - Reader's Next and Peek: pull one line at a time, for forms that
//     count their lines ("N, then N rows"), blank lines between them or
//     not; NextBlock and SkipBlock mix blocks in, and resume after a
//     malformed one;
//   - Batch numbers the Items a problem's reader yields.
//
// A problem's reader, in outline:
//
//	func Read(in io.Reader) iter.Seq[textio.Item[*Puzzle]] {
//		return func(yield func(textio.Item[*Puzzle]) bool) {
//			var b textio.Batch[*Puzzle]
//			for l, err := range textio.Lines(in, textio.Options{Comment: "#%"}) {
//				if err == nil && l.Blank() {
//					continue
//				}
//				var p *Puzzle
//				if err == nil {
//					p, err = parseLine(l.Text, l.No) // a *ParseError when malformed
//				}
//				if !yield(b.Item(l.No, p, err)) {
//					return
//				}
//			}
//		}
//	}
//
// Breaking out of a range over Lines or Blocks stops reading at once; no
// goroutine is left behind and nothing needs closing.
package textio
