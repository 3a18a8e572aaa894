package sudoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cspgo/csp/internal/textio"
)

// member is one key of a JSON object with where it and its value start.
type member struct {
	key          string
	keyAt, valAt int // offsets in the input
	raw          json.RawMessage
}

// jsonReader reads the JSON form, turning offsets into errors.
type jsonReader struct {
	data string
	base int // data[0] is at column base+1 of line
	line int
}

// fail makes a ParseError pointing at offset at of r.data.
func (r *jsonReader) fail(at int, err error, detail string, args ...any) error {
	at = min(max(at, 0), len(r.data))
	line, col := r.line, r.base
	head := r.data[:at]
	if nl := strings.LastIndexByte(head, '\n'); nl >= 0 {
		line += strings.Count(head, "\n")
		head, col = head[nl+1:], 0
	}
	col += utf8.RuneCountInString(head) + 1
	return &ParseError{Line: line, Field: col, Err: err, Detail: fmt.Sprintf(detail, args...)}
}

// syntax turns an encoding/json error met decoding the value at offset at
// into a ParseError.
func (r *jsonReader) syntax(at int, err error, what string) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return r.fail(at+int(se.Offset)-1, ErrJSON, "%s: %v", what, se)
	case errors.As(err, &te):
		return r.fail(at, ErrJSON, "%s: found a JSON %s, want %s", what, te.Value, want(what))
	}
	return r.fail(at, ErrJSON, "%s: %s", what, textio.JSONDetail(err))
}

// want names what a key's value should be, for type errors.
func want(what string) string {
	switch {
	case what == "size" || what == "sum":
		return "a whole number"
	case what == "boxes":
		return "[rows, columns]"
	case what == "givens" || what == "regions":
		return "an array of strings, one per row"
	case what == "diagonals":
		return "true or false"
	case what == "cells":
		return "an array of [row, column] pairs"
	case strings.HasPrefix(what, "cages"):
		return `an array of {"sum": S, "cells": [[row, column], ...]}`
	}
	return "another type"
}

// skip returns the offset of the next value or key at or after at.
func (r *jsonReader) skip(at int) int {
	for at < len(r.data) && strings.IndexByte(" \t\r\n,:", r.data[at]) >= 0 {
		at++
	}
	return at
}

// object reads the JSON object at offset at (its raw text raw), keys in
// order; a repeated key is an error.
func (r *jsonReader) object(at int, raw []byte, what string) ([]member, error) {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, r.fail(at, ErrJSON, "%s: want an object {...}", what)
	}
	var out []member
	for dec.More() {
		keyAt := r.skip(at + int(dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return nil, r.syntax(at, err, what)
		}
		key := fmt.Sprint(tok) // inside an object, More promises a key: a string token
		valAt := r.skip(at + int(dec.InputOffset()))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, r.syntax(at, err, what)
		}
		if slices.ContainsFunc(out, func(m member) bool { return m.key == key }) {
			return nil, r.fail(keyAt, ErrJSON, "%s: key %q twice", what, key)
		}
		out = append(out, member{key: key, keyAt: keyAt, valAt: valAt, raw: v})
	}
	return out, nil
}

// array reads the JSON array at offset at: its elements and their
// offsets.
func (r *jsonReader) array(at int, raw []byte, what string) (elems []json.RawMessage, offs []int, err error) {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return nil, nil, r.fail(at, ErrJSON, "%s: want %s", what, want(what))
	}
	for dec.More() {
		off := r.skip(at + int(dec.InputOffset()))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, r.syntax(at, err, what)
		}
		elems, offs = append(elems, v), append(offs, off)
	}
	return elems, offs, nil
}

// value decodes raw (at offset at) into v.
func (r *jsonReader) value(at int, raw []byte, v any, what string) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return r.syntax(at, err, what)
	}
	return nil
}

// ParseJSON reads one puzzle in the JSON form: one object, over any
// number of lines here (Read takes it on one line, as JSON Lines). The
// puzzle's Form is FormJSON. Errors are *ParseError values whose Line and
// Field (1-based column) point at the offending key or value. The keys,
// all but "size" optional:
//
//	size       the side N, 2..MaxN
//	boxes      [rows, cols]: the box shape (default Shape(size)); not with regions
//	givens     N strings of N cells, '.' or '0' empty, 1-9 then A-Z (default: none)
//	regions    N strings of N characters: cells with the same character form
//	           a region (jigsaw), N regions of N cells, replacing the boxes
//	diagonals  true: both main diagonals hold each value once (sudoku X)
//	cages      killer cages: [{"sum": 10, "cells": [[1, 1], [1, 2]]}, ...],
//	           cells as [row, column] from 1; no cell in two cages
//
// For example a 4x4 X sudoku with a killer cage:
//
//	{"size":4,"givens":["1...","....","....","...."],"diagonals":true,"cages":[{"sum":7,"cells":[[1,2],[1,3]]}]}
//
// Unknown keys are errors, so that a misspelt rule is not silently
// dropped.
func ParseJSON(s string) (*Puzzle, error) {
	start := len(s) - len(strings.TrimLeft(s, " \t\r\n"))
	r := &jsonReader{data: s, line: 1}
	p, end, err := r.puzzle(start)
	if err != nil {
		return nil, err
	}
	if tail := strings.TrimLeft(s[end:], " \t\r\n"); tail != "" {
		rest := len(s) - len(tail)
		return nil, r.fail(rest, ErrJSON, "found %s after the object, want its end", badChar(s, rest))
	}
	return p, nil
}

// parseJSONLine reads a JSON puzzle from the line s, from s[start]; after
// the object the line may hold whitespace and a comment.
func parseJSONLine(s string, start, line int) (*Puzzle, error) {
	r := &jsonReader{data: s, line: line}
	p, end, err := r.puzzle(start)
	if err != nil {
		return nil, err
	}
	if end < len(s) && s[end] != ' ' && s[end] != '\t' {
		return nil, r.fail(end, ErrJSON, "found %s after the object, want a space before a comment", badChar(s, end))
	}
	return p, nil
}

// puzzle reads the object that starts at r.data[at]; end is the offset
// after it.
func (r *jsonReader) puzzle(at int) (p *Puzzle, end int, err error) {
	dec := json.NewDecoder(strings.NewReader(r.data[at:]))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return nil, 0, r.syntax(at, err, "puzzle")
	}
	end = at + int(dec.InputOffset())
	members, err := r.object(at, raw, "puzzle")
	if err != nil {
		return nil, 0, err
	}
	keys := map[string]member{}
	for _, m := range members {
		switch m.key {
		case "size", "boxes", "givens", "regions", "diagonals", "cages":
			keys[m.key] = m
		default:
			return nil, 0, r.fail(m.keyAt, ErrJSON, "unknown key %q, want size, boxes, givens, regions, diagonals or cages", m.key)
		}
	}
	size, ok := keys["size"]
	if !ok {
		return nil, 0, r.fail(at, ErrJSON, `no "size", want the side of the grid`)
	}
	n := 0
	if err := r.value(size.valAt, size.raw, &n, "size"); err != nil {
		return nil, 0, err
	}
	if n < 2 || n > MaxN {
		return nil, 0, r.fail(size.valAt, ErrShape, "size %d, want 2..%d", n, MaxN)
	}
	p = &Puzzle{Cells: make([]int, n*n), Form: FormJSON}
	regions, hasRegions := keys["regions"]
	boxes, hasBoxes := keys["boxes"]
	switch {
	case hasRegions && hasBoxes:
		return nil, 0, r.fail(boxes.keyAt, ErrJSON, "both boxes and regions, want one: regions replace the boxes")
	case hasRegions:
		p.BoxRows, p.BoxCols = 1, n
		if p.Regions, err = r.rows(regions, n, func(s string, i, at int) (int, error) {
			c, _ := utf8.DecodeRuneInString(s[i:])
			return int(c), nil
		}); err != nil {
			return nil, 0, err
		}
		index, why := regionIndex(n, p.Regions)
		if why != "" {
			return nil, 0, r.fail(regions.valAt, ErrRegions, "%s", why)
		}
		p.Regions = index // labels 0..N-1 by first cell, as ParseSolo gives them
	case hasBoxes:
		var shape []int
		if err := r.value(boxes.valAt, boxes.raw, &shape, "boxes"); err != nil {
			return nil, 0, err
		}
		if len(shape) != 2 || shape[0] < 2 || shape[1] < 2 || shape[0]*shape[1] != n {
			return nil, 0, r.fail(boxes.valAt, ErrShape, "boxes %v, want [rows, columns], both at least 2, making %d", shape, n)
		}
		p.BoxRows, p.BoxCols = shape[0], shape[1]
	default:
		if p.BoxRows, p.BoxCols, err = Shape(n); err != nil {
			return nil, 0, r.fail(size.valAt, ErrShape, "side %d has no box shape, want regions", n)
		}
	}
	if g, ok := keys["givens"]; ok {
		if p.Cells, err = r.rows(g, n, func(s string, i, at int) (int, error) {
			v, ok := value(s[i])
			if !ok || v > n {
				return 0, r.fail(at, ErrSymbol, "givens: found %s, want %s in a %dx%d grid", badChar(s, i), alphabet(n), n, n)
			}
			return v, nil
		}); err != nil {
			return nil, 0, err
		}
	}
	if d, ok := keys["diagonals"]; ok {
		if err := r.value(d.valAt, d.raw, &p.Diagonals, "diagonals"); err != nil {
			return nil, 0, err
		}
	}
	if c, ok := keys["cages"]; ok {
		if p.Cages, err = r.cages(c, n); err != nil {
			return nil, 0, err
		}
		if len(p.Cages) == 0 {
			p.Cages = nil // "cages": [] is no cage, as when absent
		}
	}
	if err := p.Validate(); err != nil { // every part was checked above; this is a safety net
		sentinel := errors.Unwrap(err)
		return nil, 0, r.fail(at, sentinel, "%s", strings.TrimPrefix(err.Error(), sentinel.Error()+": "))
	}
	return p, end, nil
}

// rows reads N strings of N cells (givens or regions) with cell reading
// one cell: s[i] of a row string, at its offset in the input.
func (r *jsonReader) rows(m member, n int, cell func(s string, i, at int) (int, error)) ([]int, error) {
	elems, offs, err := r.array(m.valAt, m.raw, m.key)
	if err != nil {
		return nil, err
	}
	if len(elems) != n {
		return nil, r.fail(m.valAt, ErrLength, "%s: %d rows, want %d", m.key, len(elems), n)
	}
	out := make([]int, 0, n*n)
	for k, e := range elems {
		var row string
		if err := r.value(offs[k], e, &row, m.key); err != nil {
			return nil, err
		}
		// Offsets inside the string are exact when it has no escapes;
		// else errors point at its start.
		plain := !strings.Contains(string(e), `\`)
		if got := utf8.RuneCountInString(row); got != n {
			return nil, r.fail(offs[k], ErrLength, "%s: row %d has %d cells, want %d", m.key, k+1, got, n)
		}
		for i := range row {
			at := offs[k]
			if plain {
				at += 1 + i
			}
			v, err := cell(row, i, at)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
	}
	return out, nil
}

// cages reads the killer cages.
func (r *jsonReader) cages(m member, n int) ([]Cage, error) {
	elems, offs, err := r.array(m.valAt, m.raw, "cages")
	if err != nil {
		return nil, err
	}
	owner := make([]int, n*n) // 1 + the cage holding the cell, or 0
	cages := make([]Cage, 0, len(elems))
	for k, e := range elems {
		what := fmt.Sprintf("cages[%d]", k)
		members, err := r.object(offs[k], e, what)
		if err != nil {
			return nil, err
		}
		var c Cage
		seen := 0
		for _, f := range members {
			switch f.key {
			case "sum":
				if err := r.value(f.valAt, f.raw, &c.Sum, "sum"); err != nil {
					return nil, err
				}
				if c.Sum < 1 {
					return nil, r.fail(f.valAt, ErrCage, "%s: sum %d, want at least 1", what, c.Sum)
				}
				seen |= 1
			case "cells":
				var pairs [][]int
				if err := r.value(f.valAt, f.raw, &pairs, "cells"); err != nil {
					return nil, err
				}
				if len(pairs) < 1 || len(pairs) > n {
					return nil, r.fail(f.valAt, ErrCage, "%s: %d cells, want 1..%d", what, len(pairs), n)
				}
				for _, rc := range pairs {
					if len(rc) != 2 || rc[0] < 1 || rc[0] > n || rc[1] < 1 || rc[1] > n {
						return nil, r.fail(f.valAt, ErrCage, "%s: cell %v, want [row, column] in 1..%d", what, rc, n)
					}
					i := (rc[0]-1)*n + rc[1] - 1
					if o := owner[i]; o != 0 {
						if o == k+1 {
							return nil, r.fail(f.valAt, ErrCage, "%s: %s twice", what, cellName(n, i))
						}
						return nil, r.fail(f.valAt, ErrCage, "%s: %s is in cage %d too, want each cell in at most one cage", what, cellName(n, i), o)
					}
					owner[i] = k + 1
					c.Cells = append(c.Cells, i)
				}
				seen |= 2
			default:
				return nil, r.fail(f.keyAt, ErrJSON, "%s: unknown key %q, want sum and cells", what, f.key)
			}
		}
		if seen != 3 {
			return nil, r.fail(offs[k], ErrCage, `%s: want both "sum" and "cells"`, what)
		}
		cages = append(cages, c)
	}
	return cages, nil
}

// FormatJSON writes p with cells (nil: the givens of p) as one line of
// JSON, without a line end: size, then boxes or regions (labelled 'A'-'Z'
// then 'a'-'z', region by region in reading order), givens, diagonals when
// set, and the cages when there are any. ParseJSON and Read take it back.
// Bad values print as in FormatLine.
func FormatJSON(p *Puzzle, cells []int) string {
	cells = cellsOf(p, cells)
	n := p.N()
	if n < 1 || n > MaxN {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, `{"size":%d`, n)
	rows := func(key string, sym func(i int) byte) {
		fmt.Fprintf(&b, `,%q:[`, key)
		for r := range n {
			if r > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('"')
			for c := range n {
				b.WriteByte(sym(r*n + c))
			}
			b.WriteByte('"')
		}
		b.WriteByte(']')
	}
	if index, why := regionIndex(n, p.Regions); p.Regions != nil && why == "" {
		rows("regions", func(i int) byte {
			if k := index[i]; k < 26 {
				return byte('A' + k)
			}
			return byte('a' + index[i] - 26)
		})
	} else {
		fmt.Fprintf(&b, `,"boxes":[%d,%d]`, p.BoxRows, p.BoxCols)
	}
	rows("givens", func(i int) byte {
		if v := at(cells, i); v <= n {
			return symbol(v)
		}
		return '?'
	})
	if p.Diagonals {
		b.WriteString(`,"diagonals":true`)
	}
	if len(p.Cages) > 0 {
		b.WriteString(`,"cages":[`)
		for k, c := range p.Cages {
			if k > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"sum":%d,"cells":[`, c.Sum)
			for j, i := range c.Cells {
				if j > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "[%d,%d]", i/n+1, i%n+1)
			}
			b.WriteString("]}")
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return b.String()
}
