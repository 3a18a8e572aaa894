package square

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// MarkToken writes one cell's pencil marks, values 1..n: run together
// up to n = 9 (1379), separated by commas above (1,12,15); "-" for no
// candidate, "?" when ok is false or a value is out of range (neither
// reads back).
func MarkToken(vals []int, ok bool, n int) string {
	if !ok {
		return "?"
	}
	vals = slices.Compact(slices.Sorted(slices.Values(vals)))
	if len(vals) == 0 {
		return "-"
	}
	var b strings.Builder
	for i, v := range vals {
		if v < 1 || v > n {
			return "?"
		}
		if i > 0 && n > 9 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	return b.String()
}

// Candidates returns the candidates of cell (r, c) of a grid of side n,
// from the first source that has them: cands, the candidates a reasoning
// found, when not nil (ok is false when it has no such cell); marks, a
// bit per value for cell r*n+c, when not nil (ok is false past its end);
// given, the cell's given, a lone candidate when not 0; else every value
// 1..n. FormatMarks of every problem with a square grid writes these.
func Candidates(cands [][][]int, marks []uint64, n, r, c, given int) (vals []int, ok bool) {
	switch i := r*n + c; {
	case cands != nil:
		if r >= len(cands) || c >= len(cands[r]) {
			return nil, false
		}
		return cands[r][c], true
	case marks != nil:
		if i >= len(marks) {
			return nil, false
		}
		for v := 1; v <= min(n, 63); v++ {
			if marks[i]>>v&1 == 1 {
				vals = append(vals, v)
			}
		}
		return vals, true
	case given != 0:
		return []int{given}, true
	}
	for v := 1; v <= n; v++ {
		vals = append(vals, v)
	}
	return vals, true
}

// MarkErrors are the sentinels ParseMark reports, a problem's own.
type MarkErrors struct {
	Empty  error // "-", or an empty number between commas
	Number error // a token not made of numbers
	Range  error // a candidate out of 1..n
	Repeat error // a candidate twice
}

// ParseMark reads the pencil-mark token of one cell, values 1..n, as
// MarkToken writes it (commas are read at any n): its candidates as bits
// (bit v for value v), or what is wrong, as a detail and one of errs.
func ParseMark(tok string, n int, errs MarkErrors) (mask uint64, detail string, err error) {
	if tok == "-" {
		return 0, "'-' marks a cell with no candidate", errs.Empty
	}
	var pieces []string
	switch {
	case strings.Contains(tok, ","):
		pieces = strings.Split(tok, ",")
	case n <= 9:
		for i := range len(tok) {
			pieces = append(pieces, tok[i:i+1])
		}
	default:
		pieces = []string{tok}
	}
	for _, s := range pieces {
		if s == "" {
			return 0, fmt.Sprintf("an empty candidate in %q", tok), errs.Empty
		}
		if strings.Trim(s, "0123456789") != "" {
			return 0, fmt.Sprintf("found %q, want candidates 1..%d", tok, n), errs.Number
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 || v > n {
			return 0, fmt.Sprintf("candidate %s in %q, want 1..%d", s, tok, n), errs.Range
		}
		if mask>>v&1 == 1 {
			return 0, fmt.Sprintf("%d twice in %q", v, tok), errs.Repeat
		}
		mask |= 1 << v
	}
	return mask, "", nil
}
