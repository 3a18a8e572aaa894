package skyscraper

import (
	"fmt"
	"slices"
)

// Clues names p's edge clues (clockwise), interior clues and givens, in
// that order: the items Keep keeps.
func Clues(p *Puzzle) []string {
	n := p.N
	var out []string
	sides := []struct {
		clues []int
		where string
		line  string
	}{{p.Top, "above", "column"}, {p.Right, "right of", "row"}, {p.Bottom, "below", "column"}, {p.Left, "left of", "row"}}
	for _, sd := range sides {
		for i, c := range sd.clues {
			if c != 0 {
				out = append(out, fmt.Sprintf("clue %d %s %s %d", c, sd.where, sd.line, i+1))
			}
		}
	}
	for _, in := range p.Interior {
		out = append(out, fmt.Sprintf("clue %d at r%dc%d looking %s", in.Count, in.Row+1, in.Col+1, in.Look))
	}
	for r := range p.Givens {
		for c := range n {
			if v := p.Givens[r][c]; v != 0 {
				out = append(out, fmt.Sprintf("given r%dc%d = %d", r+1, c+1, v))
			}
		}
	}
	return out
}

// Keep returns a copy of p with only the clues and givens (in the order
// Clues names them) marked kept.
func Keep(p *Puzzle, kept []bool) *Puzzle {
	q := clone(p)
	k := 0
	for _, side := range [][]int{q.Top, q.Right, q.Bottom, q.Left} {
		for i, c := range side {
			if c != 0 {
				if !kept[k] {
					side[i] = 0
				}
				k++
			}
		}
	}
	var interior []Interior
	for _, in := range q.Interior {
		if kept[k] {
			interior = append(interior, in)
		}
		k++
	}
	q.Interior = interior
	for r := range q.Givens {
		for c, v := range q.Givens[r] {
			if v != 0 {
				if !kept[k] {
					q.Givens[r][c] = 0
				}
				k++
			}
		}
	}
	return q
}

// Give returns a copy of p with more givens (cell -> height).
func Give(p *Puzzle, givens map[[2]int]int) *Puzzle {
	q := clone(p)
	if q.Givens == nil && len(givens) > 0 {
		q.Givens = make([][]int, q.N)
		for r := range q.Givens {
			q.Givens[r] = make([]int, q.N)
		}
	}
	for at, v := range givens {
		q.Givens[at[0]][at[1]] = v
	}
	return q
}

// clone copies p deeply enough to change its clues and givens.
func clone(p *Puzzle) *Puzzle {
	q := *p
	q.Top, q.Bottom, q.Left, q.Right = slices.Clone(p.Top), slices.Clone(p.Bottom), slices.Clone(p.Left), slices.Clone(p.Right)
	q.Interior = slices.Clone(p.Interior)
	if p.Givens != nil {
		q.Givens = make([][]int, len(p.Givens))
		for r, row := range p.Givens {
			q.Givens[r] = slices.Clone(row)
		}
	}
	q.Marks = slices.Clone(p.Marks)
	return &q
}
