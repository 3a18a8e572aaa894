package textio_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/cspgo/csp/internal/textio"
)

// Lines with comments skipped, Windows line ends and an over-long line
// that is reported and passed over.
func ExampleLines() {
	in := "\ufeff# two puzzles\r\n12..\r\n" + strings.Repeat("9", 40) + "\r\n..34 % last\r\n"
	for l, err := range textio.Lines(strings.NewReader(in), textio.Options{MaxLine: 32, Comment: "#", Trailing: "%"}) {
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%d: %s\n", l.No, l.Text)
	}
	// Output:
	// 2: 12..
	// line 3: textio: line too long: more than 32 bytes
	// 4: ..34
}

// Blocks with the line each one starts at.
func ExampleBlocks() {
	in := "a b\nc d\n\n\ne f\n"
	for b, err := range textio.Blocks(strings.NewReader(in), textio.Options{}) {
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("block at line %d: %d lines\n", b.Start, len(b.Lines))
	}
	// Output:
	// block at line 1: 2 lines
	// block at line 5: 1 lines
}

// A count-prefixed form, "N then N rows", pulled with Next and Peek: a
// short instance ends where a lone number stands.
func ExampleReader_Peek() {
	r := textio.NewReader(strings.NewReader("2\n1 2\n3\n1 2 3\n3 1 2\n2 3 1\n"), textio.Options{})
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		var n int
		fmt.Sscan(string(l.Text), &n)
		rows := 0
		for ; rows < n; rows++ {
			p, err := r.Peek()
			if err != nil || !strings.Contains(string(p.Text), " ") {
				break
			}
			_, _ = r.Next()
		}
		fmt.Printf("line %d: order %d, %d rows\n", l.No, n, rows)
	}
	// Output:
	// line 1: order 2, 1 rows
	// line 3: order 3, 3 rows
}
