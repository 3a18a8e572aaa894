package units

import (
	"math/bits"
	"slices"
)

// maxChute is the most units on one side of a chute that Post looks for:
// the matching tables have 2^k entries per chute.
const maxChute = 8

// chute is k pairwise disjoint permutation units (side A) whose cells are
// exactly those of k other pairwise disjoint permutation units (side B),
// all over the same values: a sudoku's band (three rows, three boxes) or
// stack (three columns, three boxes). Each value then lies once in every
// unit of both sides, so the meets (cells of A_i and B_j) where it lies
// form a perfect matching of the sides, and a meet holds as many
// distinct values as it has cells.
type chute struct {
	k         int
	units     []int32 // A_0..A_{k-1}, then B_0..B_{k-1}
	meetStart []int32 // meet i*k+j (A_i and B_j) is meetCells[meetStart[m]:meetStart[m+1]]
	meetCells []int32
	size      int    // the cells of every meet when they all have as many, else 0
	full      uint64 // the values of every unit
}

// findChutes lists the chutes of the net: for each permutation unit a, a
// family of its partners (units meeting it in two cells or more, taken
// greedily while pairwise disjoint) that covers it gives the cells of a
// candidate chute, whose other side is the units inside those cells that
// are not in the family, taken greedily while disjoint; a candidate whose
// two sides have the same number (2 to maxChute) of permutation units
// over the same values, each side covering its cells exactly, is kept,
// once.
func (n *net) findChutes() {
	units := int32(len(n.full))
	owner := make([]int32, len(n.vars)) // mark per cell, by stamp
	stamp := int32(0)
	seen := map[string]bool{}
	overlap := func(a, b int32) int {
		stamp++
		for _, c := range n.cells(a) {
			owner[c] = stamp
		}
		k := 0
		for _, c := range n.cells(b) {
			if owner[c] == stamp {
				k++
			}
		}
		return k
	}
	for a := range units {
		if !n.perm[a] {
			continue
		}
		var partners []int32
		for b := range units {
			if b != a && n.perm[b] && n.full[b] == n.full[a] && overlap(a, b) >= 2 {
				partners = append(partners, b)
			}
		}
		for _, first := range partners {
			side := n.disjointFrom(first, partners)
			inSide := make([]bool, len(n.vars))
			size := 0
			for _, u := range side {
				for _, c := range n.cells(u) {
					inSide[c] = true
					size++
				}
			}
			covers := true
			for _, c := range n.cells(a) {
				covers = covers && inSide[c]
			}
			if !covers || len(side) < 2 || len(side) > maxChute {
				continue
			}
			// The other side: units inside the cells, off the first side.
			var inner []int32
			for u := range units {
				if slices.Contains(side, u) || !n.perm[u] || n.full[u] != n.full[a] {
					continue
				}
				if !slices.ContainsFunc(n.cells(u), func(c int32) bool { return !inSide[c] }) {
					inner = append(inner, u)
				}
			}
			if len(inner) == 0 {
				continue
			}
			other := n.disjointFrom(inner[0], inner)
			otherSize := 0
			for _, u := range other {
				otherSize += len(n.cells(u))
			}
			if len(other) != len(side) || otherSize != size {
				continue
			}
			n.addChute(side, other, seen)
		}
	}
}

// disjointFrom returns first and, in order, each unit of from that
// shares no cell with those taken so far.
func (n *net) disjointFrom(first int32, from []int32) []int32 {
	taken := map[int32]bool{}
	for _, c := range n.cells(first) {
		taken[c] = true
	}
	out := []int32{first}
	for _, u := range from {
		if u == first || slices.ContainsFunc(n.cells(u), func(c int32) bool { return taken[c] }) {
			continue
		}
		for _, c := range n.cells(u) {
			taken[c] = true
		}
		out = append(out, u)
	}
	return out
}

// addChute records the chute of sides a and b unless seen has it (in
// either order).
func (n *net) addChute(a, b []int32, seen map[string]bool) {
	a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	if slices.Compare(a, b) > 0 {
		a, b = b, a
	}
	key := ""
	for _, u := range append(append(slices.Clone(a), -1), b...) {
		key += string(rune(u + 2))
	}
	if seen[key] {
		return
	}
	seen[key] = true
	k := len(a)
	ch := chute{k: k, units: append(slices.Clone(a), b...), full: n.full[a[0]], meetStart: []int32{0}}
	for i := range k {
		for j := range k {
			for _, c := range n.cells(a[i]) {
				if slices.Contains(n.cells(b[j]), c) {
					ch.meetCells = append(ch.meetCells, c)
				}
			}
			ch.meetStart = append(ch.meetStart, int32(len(ch.meetCells)))
		}
	}
	ch.size = len(ch.meetCells) / (k * k)
	for m := range k * k {
		if int(ch.meetStart[m+1]-ch.meetStart[m]) != ch.size {
			ch.size = 0
		}
	}
	n.chutes = append(n.chutes, ch)
}

// inChute reports whether units a and b are on opposite sides of one
// chute, whose rule covers what box-line reduction finds between them.
func (n *net) inChute(a, b int32) bool {
	for i := range n.chutes {
		ch := &n.chutes[i]
		ia, ib := slices.Index(ch.units, a), slices.Index(ch.units, b)
		if ia >= 0 && ib >= 0 && (ia < ch.k) != (ib < ch.k) {
			return true
		}
	}
	return false
}

// chute filters one chute on p.d: a value stays in a meet only if some
// perfect matching of the sides puts it there (every value at once, one
// bit each), and a meet left with as many values as cells holds exactly
// those, which leave the rest of both its units; likewise a meet with as
// many values that only it can hold in its unit of A as cells holds those
// and no other. False on failure.
func (p *prop) chute(id int32) bool {
	ch := &p.chutes[id]
	k := ch.k
	e := p.meetWords[:k*k]
	at := p.chuteAt[id]
	d := p.d
	switch cells := ch.meetCells; ch.size {
	case 3: // the boxes of a 9x9 sudoku meet its lines in three cells
		for m := range e {
			t := cells[3*m : 3*m+3 : 3*m+3]
			e[m] = d[t[0]] | d[t[1]] | d[t[2]]
		}
	default:
		for m := range e {
			var w uint64
			for _, c := range cells[ch.meetStart[m]:ch.meetStart[m+1]] {
				w |= d[c]
			}
			e[m] = w
		}
	}
	if slices.Equal(e, p.chuteFix[at:int(at)+k*k]) {
		return true // the meets of a run that found nothing
	}
	keep := p.keepWords[:k*k]
	switch k {
	case 2:
		keep[0], keep[3] = e[0]&e[3], e[0]&e[3]
		keep[1], keep[2] = e[1]&e[2], e[1]&e[2]
	case 3:
		match3(e, keep)
	default:
		p.match(k, e, keep)
	}
	var placed uint64 // the values with a perfect matching
	for _, w := range keep[:k] {
		placed |= w
	}
	if placed&ch.full != ch.full {
		return false
	}
	// A value kept in one meet of A_i only must lie there: a meet with as
	// many such values as cells holds those and nothing else.
	for i := range k {
		row := keep[i*k : i*k+k]
		var once, twice uint64
		for _, w := range row {
			twice |= once & w
			once |= w
		}
		once &^= twice
		for j, w := range row {
			m := i*k + j
			size := int(ch.meetStart[m+1] - ch.meetStart[m])
			switch n := bits.OnesCount64(w & once); {
			case n > size:
				return false
			case n == size:
				row[j] = w & once
			}
		}
	}
	// A meet with as many values as cells: those values are its own.
	for m, w := range keep {
		size := int(ch.meetStart[m+1] - ch.meetStart[m])
		switch n := bits.OnesCount64(w); {
		case n < size:
			return false
		case n == size:
			i, j := m/k, m%k
			for t := range k {
				if t != j {
					keep[i*k+t] &^= w
				}
				if t != i {
					keep[t*k+j] &^= w
				}
			}
		}
	}
	if slices.Equal(keep, e) {
		copy(p.chuteFix[at:], e) // the rule is a function of the meets
		return true
	}
	for m, w := range keep {
		for _, c := range ch.meetCells[ch.meetStart[m]:ch.meetStart[m+1]] {
			if x := p.d[c]; x&^w != 0 {
				if x&w == 0 {
					return false
				}
				p.touch(c, x&w)
			}
		}
	}
	return true
}

// match3 is match for k = 3: a value keeps meet (i, j) when it lies in
// that meet and in the two meets of some matching of the other rows and
// columns (the permanent of the 2x2 minor, bit by bit).
func match3(e, keep []uint64) {
	a0, a1, a2 := e[0], e[1], e[2]
	b0, b1, b2 := e[3], e[4], e[5]
	c0, c1, c2 := e[6], e[7], e[8]
	keep[0] = a0 & (b1&c2 | b2&c1)
	keep[1] = a1 & (b0&c2 | b2&c0)
	keep[2] = a2 & (b0&c1 | b1&c0)
	keep[3] = b0 & (a1&c2 | a2&c1)
	keep[4] = b1 & (a0&c2 | a2&c0)
	keep[5] = b2 & (a0&c1 | a1&c0)
	keep[6] = c0 & (a1&b2 | a2&b1)
	keep[7] = c1 & (a0&b2 | a2&b0)
	keep[8] = c2 & (a0&b1 | a1&b0)
}

// match sets keep[i*k+j] to the values of e[i*k+j] (the values meet (i, j)
// can hold) for which some perfect matching of the k x k meets uses meet
// (i, j): a forward table over subsets s of B (the values that A_0 ..
// A_{|s|-1} can place once each in the meets with the units of s) and a
// backward one (the values that the other units of A can place in the
// meets with the units of B not in s), every value at once.
func (p *prop) match(k int, e, keep []uint64) {
	all := uint64(1)<<k - 1
	fwd, bwd := p.fwd[:1<<k], p.bwd[:1<<k]
	fwd[0] = ^uint64(0)
	for s := uint64(1); s <= all; s++ {
		row := (bits.OnesCount64(s) - 1) * k
		var w uint64
		for r := s; r != 0; r &= r - 1 {
			j := bits.TrailingZeros64(r)
			w |= fwd[s&^(1<<j)] & e[row+j]
		}
		fwd[s] = w
	}
	bwd[all] = ^uint64(0)
	for s := all - 1; s != ^uint64(0); s-- {
		row := bits.OnesCount64(s) * k
		var w uint64
		for r := all &^ s; r != 0; r &= r - 1 {
			j := bits.TrailingZeros64(r)
			w |= e[row+j] & bwd[s|1<<j]
		}
		bwd[s] = w
	}
	clear(keep)
	for s := uint64(0); s < all; s++ {
		row := bits.OnesCount64(s) * k
		for r := all &^ s; r != 0; r &= r - 1 {
			j := bits.TrailingZeros64(r)
			keep[row+j] |= fwd[s] & e[row+j] & bwd[s|1<<j]
		}
	}
}
