package skyscraper

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cspgo/csp/internal/textio"
)

// The block forms (Format's grid, FormatMarks's pencil marks) carry
// interior clues as lines after the bottom clues, one clue a line:
//
//	interior r3c3 down 1
//
// the keyword, the cell (1-based row and column), the direction it looks
// in (up, down, left or right) and the count of buildings seen from it,
// its own included.

// interiorWord starts an interior clue's line in a block.
const interiorWord = "interior"

// formatInterior writes p's interior clues as the block forms carry them,
// one line each ("" when there are none).
func formatInterior(p *Puzzle) string {
	var b strings.Builder
	for _, in := range p.Interior {
		fmt.Fprintf(&b, "%s r%dc%d %s %d\n", interiorWord, in.Row+1, in.Col+1, in.Look, in.Count)
	}
	return b.String()
}

// splitInterior splits a block's lines into the board's and the interior
// clues' that end it.
func splitInterior(lines []textio.Line) (board, interior []textio.Line) {
	j := len(lines)
	for j > 1 && isInteriorLine(lines[j-1]) {
		j--
	}
	return lines[:j], lines[j:]
}

func isInteriorLine(l textio.Line) bool {
	f := strings.Fields(string(l.Text))
	return len(f) > 0 && f[0] == interiorWord
}

// parseInterior reads the interior clues' lines of a block of size n.
func parseInterior(lines []textio.Line, n int) ([]Interior, error) {
	var out []Interior
	for _, l := range lines {
		f := strings.Fields(string(l.Text))
		if len(f) != 4 {
			return nil, &ParseError{Line: l.No, Field: min(len(f), 4) + 1, Err: ErrInClue,
				Detail: fmt.Sprintf("%d fields, want 4: %s rRcC up|down|left|right COUNT", len(f), interiorWord)}
		}
		var in Interior
		if _, err := fmt.Sscanf(f[1], "r%dc%d", &in.Row, &in.Col); err != nil || fmt.Sprintf("r%dc%d", in.Row, in.Col) != f[1] {
			return nil, &ParseError{Line: l.No, Field: 2, Err: ErrInClue, Detail: fmt.Sprintf("found %s, want a cell rRcC such as r3c2", textio.Quote(f[1]))}
		}
		in.Row--
		in.Col--
		in.Look = Look(f[2])
		count, err := strconv.Atoi(f[3])
		if err != nil {
			return nil, &ParseError{Line: l.No, Field: 4, Err: ErrNumber, Detail: fmt.Sprintf("found %s, want the count of buildings seen", textio.Quote(f[3]))}
		}
		in.Count = count
		if field, detail := checkInterior(in, n); detail != "" {
			return nil, &ParseError{Line: l.No, Field: field, Err: ErrInClue, Detail: detail}
		}
		out = append(out, in)
	}
	return out, nil
}

// checkInterior says what is wrong with an interior clue on a board of
// size n, and in which field of its line (2: the cell, 3: the look, 4:
// the count); "" when nothing is.
func checkInterior(in Interior, n int) (field int, detail string) {
	switch {
	case in.Row < 0 || in.Row >= n || in.Col < 0 || in.Col >= n:
		return 2, fmt.Sprintf("cell r%dc%d outside the grid (%dx%d)", in.Row+1, in.Col+1, n, n)
	case in.Look != Up && in.Look != Down && in.Look != Left && in.Look != Right:
		return 3, fmt.Sprintf("look %s, want up, down, left or right", textio.Quote(string(in.Look)))
	case in.Count < 1 || in.Count > in.length(n):
		return 4, fmt.Sprintf("count %d, want 1..%d", in.Count, in.length(n))
	}
	return 0, ""
}
