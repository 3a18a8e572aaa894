package main

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/cspgo/csp/problems/catalog"
)

// withCandidates returns the instance of it with its cells starting from
// cands (cands[r][c]: the values a person left in cell r, c; one value is
// a value set), for a request that continues from a person's board (the
// page's pencil marks): the problem's own pencil-mark form, written by its
// WriteMarks with the puzzle's clues and read back, so that the reading
// is the one "marks": true does. A shape or a value that does not fit the
// board, or candidates that leave out a cell's given, is a 400 naming the
// cell.
func withCandidates(p *catalog.Entry, it catalog.Item[any], cands [][][]int) (catalog.Item[any], error) {
	if !p.CanMark {
		return it, badRequest("candidates: %s has no pencil-mark form", p.Name)
	}
	b, err := p.Board(it.Value)
	if err != nil {
		return it, badRequest("candidates: %v", err)
	}
	if len(cands) != b.Rows {
		return it, badRequest("candidates: %d rows, want %d", len(cands), b.Rows)
	}
	for r, row := range cands {
		if len(row) != b.Cols {
			return it, badRequest("candidates: row %d has %d cells, want %d", r+1, len(row), b.Cols)
		}
		for c, vs := range row {
			if len(vs) == 0 {
				return it, badRequest("candidates: r%dc%d has no value left, want at least one", r+1, c+1)
			}
			for i, v := range vs {
				if v < 1 || v > b.Values || (i > 0 && v <= vs[i-1]) {
					return it, badRequest("candidates: r%dc%d: %v, want values of 1..%d in increasing order", r+1, c+1, vs, b.Values)
				}
			}
		}
	}
	// A given stays given: the pencil-mark form writes a cell's
	// candidates in place of its given, so a cell whose candidates leave
	// out its given is refused, and a given cell keeps its one value.
	if givens := p.Givens(it.Value); givens != nil {
		own := make([][][]int, len(cands))
		for r, row := range cands {
			own[r] = slices.Clone(row)
			for c, vs := range row {
				if r >= len(givens) || c >= len(givens[r]) || givens[r][c] <= 0 {
					continue
				}
				g := givens[r][c]
				if !slices.Contains(vs, g) {
					return it, badRequest("candidates: r%dc%d: %v leaves out the puzzle's given %d", r+1, c+1, vs, g)
				}
				own[r][c] = []int{g}
			}
		}
		cands = own
	}
	var text bytes.Buffer
	if err := p.WriteMarks(&text, it.Value, cands); err != nil {
		return it, fmt.Errorf("internal error: writing the candidates as pencil marks: %w", err)
	}
	marked, err := one(p, text.String(), true)
	if err != nil {
		return it, fmt.Errorf("internal error: the pencil marks written do not read back: %w", err)
	}
	marked.Index, marked.Line = it.Index, it.Line
	return marked, nil
}
