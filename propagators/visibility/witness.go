package visibility

import "math/bits"

// A witness is a permutation of 1..n meeting both clues of a line: cell
// i's height minus 1 in bits 4i..4i+3 of a word (n <= 16 fits). It
// supports every height it uses as long as it lies inside the domains.
// The witnesses of a line are only ever trusted after a check against the
// current domains, so that what they are kept for (a run that needs no
// program) stays sound on every branch, and after backtracking.

// covered reports whether the witnesses inside the domains use every
// height of every domain, after repairing those that lost a cell or two
// and lending the heights still missing; it leaves in p.cover what the
// witnesses inside use. When they cover the domains it keeps the others
// (the domains may grow back); otherwise it drops those it could not
// repair. O(n) per witness, more when it repairs or lends.
func (p *lineProp) covered() bool {
	clear(p.cover)
	for _, w := range p.wit {
		if p.lost(w) == 0 {
			p.use(w)
		}
	}
	if p.coversAll() {
		return true
	}
	k := 0
	for _, w := range p.wit {
		lost := p.lost(w)
		if lost == 0 || lost <= 2 && p.repair(&w) {
			if lost != 0 {
				p.use(w)
			}
			p.wit[k] = w
			k++
		}
	}
	p.wit = p.wit[:k]
	for i, d := range p.dom {
		for miss := d &^ p.cover[i]; miss != 0; miss &= miss - 1 {
			if !p.lend(i, bits.TrailingZeros16(miss)) {
				return false
			}
		}
	}
	return true
}

// lost counts the cells where witness w left the domains.
func (p *lineProp) lost(w uint64) int {
	k := 0
	for _, d := range p.dom {
		k += int(d>>(w&15)&1 ^ 1)
		w >>= 4
	}
	return k
}

// coversAll reports whether cover holds every domain.
func (p *lineProp) coversAll() bool {
	for i, d := range p.dom {
		if d&^p.cover[i] != 0 {
			return false
		}
	}
	return true
}

// use adds witness w's heights to cover.
func (p *lineProp) use(w uint64) {
	for i := range p.cover {
		p.cover[i] |= 1 << (w & 15)
		w >>= 4
	}
}

// add keeps witness w (while there is room: n² witnesses, enough for one
// per height of every cell) and adds its heights to cover.
func (p *lineProp) add(w uint64) {
	if len(p.wit) < cap(p.wit) {
		p.wit = append(p.wit, w)
	}
	p.use(w)
}

// repair tries to bring witness w back inside the domains by swapping the
// height of each cell that lost it with another cell's, keeping both
// clues; it reports whether w is a witness again.
func (p *lineProp) repair(w *uint64) bool {
	v := *w
	for j := range p.n {
		hj := v >> (4 * j) & 15
		if p.dom[j]>>hj&1 != 0 {
			continue
		}
		fixed := false
		for k := range p.n {
			hk := v >> (4 * k) & 15
			if k != j && p.dom[j]>>hk&1 != 0 && p.dom[k]>>hj&1 != 0 {
				v = v&^(15<<(4*j)|15<<(4*k)) | hk<<(4*j) | hj<<(4*k)
				fixed = true
				break
			}
		}
		if !fixed {
			return false
		}
	}
	if !p.meets(v) {
		return false
	}
	*w = v
	return true
}

// lend looks for a witness with height b+1 at cell i, made from one inside
// the domains (all of p.wit, as covered leaves it) that has b+1 elsewhere,
// by a swap or else a three-cycle that stays inside and meets both clues;
// it adds the first one found and reports whether there was one.
func (p *lineProp) lend(i, b int) bool {
	for _, w := range p.wit {
		k := p.where(w, b)
		a := w >> (4 * i) & 15
		if p.dom[k]>>a&1 == 0 {
			continue
		}
		w2 := w&^(15<<(4*i)|15<<(4*k)) | uint64(b)<<(4*i) | a<<(4*k)
		if p.meets(w2) {
			p.add(w2)
			return true
		}
	}
	// Three-cycles: b from k to i, i's height to m, m's height to k.
	for _, w := range p.wit {
		k := p.where(w, b)
		a := w >> (4 * i) & 15
		for m := range p.n {
			c := w >> (4 * m) & 15
			if m == i || m == k || p.dom[m]>>a&1 == 0 || p.dom[k]>>c&1 == 0 {
				continue
			}
			w2 := w&^(15<<(4*i)|15<<(4*k)|15<<(4*m)) | uint64(b)<<(4*i) | c<<(4*k) | a<<(4*m)
			if p.meets(w2) {
				p.add(w2)
				return true
			}
		}
	}
	return false
}

// where returns the cell where witness w has height b+1.
func (p *lineProp) where(w uint64, b int) int {
	k := 0
	for ; k < p.n-1 && int(w&15) != b; k++ {
		w >>= 4
	}
	return k
}

// meets reports whether permutation w meets both clues.
func (p *lineProp) meets(w uint64) bool {
	n := p.n
	top, c := uint64(0), 0
	for i := range n {
		if h := w>>(4*i)&15 + 1; h > top {
			top, c = h, c+1
		}
	}
	if p.front>>(c-1)&1 == 0 {
		return false
	}
	top, c = 0, 0
	for i := n - 1; i >= 0; i-- {
		if h := w>>(4*i)&15 + 1; h > top {
			top, c = h, c+1
		}
	}
	return p.back>>(c-1)&1 != 0
}

// witness adds, for each height of miss (bit h-1) that cell takes in a
// transition from state S of one side (S filling the cells before cell
// from its side), a witness through it, unless an earlier one of this
// run covers it already. It runs inside coreach, which has just set p.x
// for the supersets of S.
func (p *lineProp) witness(counts, other []uint16, want, otherWant uint16, fromBack bool, S uint16, cell int, miss uint16) {
	n, here, top := p.n, counts[S], bits.Len16(S)
	for ; miss != 0; miss &= miss - 1 {
		b := bits.TrailingZeros16(miss)
		if p.cover[cell]>>b&1 != 0 {
			continue
		}
		var w uint64
		if b == n-1 { // the tallest, splitting the line here
			k := bits.TrailingZeros16(here & want)
			w = p.unwind(counts, S, k, fromBack, uint64(n-1)<<(4*cell))
			rest := p.full &^ S
			w = p.unwind(other, rest, bits.TrailingZeros16(other[rest]&otherWant), !fromBack, w)
		} else {
			nx, up := p.x[S|1<<b], 0
			if b+1 > top {
				nx, up = nx>>1, 1
			}
			k := bits.TrailingZeros16(here & nx)
			w = p.unwind(counts, S, k, fromBack, uint64(b)<<(4*cell))
			w = p.complete(counts, other, want, otherWant, fromBack, S|1<<b, k+up, w)
		}
		p.add(w)
	}
}

// unwind writes into w the heights of one path of counts (f, or g with
// fromBack) from the empty set to S with k maxima, one height per cell of
// S's side, preferring heights cover lacks (so that each witness adds
// more); (S, k) must have been reached this run.
func (p *lineProp) unwind(counts []uint16, S uint16, k int, fromBack bool, w uint64) uint64 {
	for S != 0 {
		cell := p.cellOf(bits.OnesCount16(S)-1, fromBack)
		top := bits.Len16(S)
		c := p.dom[cell] & S
		found := false
		for _, c := range [2]uint16{c &^ p.cover[cell], c & p.cover[cell]} {
			for ; c != 0 && !found; c &= c - 1 {
				b := bits.TrailingZeros16(c)
				prev, kk := S&^(1<<b), k
				if b+1 == top { // the tallest of S was seen when placed
					kk--
				}
				if kk >= 0 && counts[prev]>>kk&1 != 0 {
					w |= uint64(b) << (4 * cell)
					S, k, found = prev, kk, true
				}
			}
		}
		if !found {
			panic("visibility: line witness lost its path")
		}
	}
	return w
}

// complete finishes witness w from state (T, k) of one side, k among the
// counts x gives T (the co-reachable ones, as coreach left them): it
// places heights from T's next cell on, preferring heights cover lacks,
// until a valid split, puts n there and fills the other side by unwinding
// other.
func (p *lineProp) complete(counts, other []uint16, want, otherWant uint16, fromBack bool, T uint16, k int, w uint64) uint64 {
	n, tall := p.n, uint16(1)<<(p.n-1)
	for {
		cell := p.cellOf(bits.OnesCount16(T), fromBack)
		rest := other[p.full&^T] & otherWant
		split := p.dom[cell]&tall != 0 && rest != 0 && want>>k&1 != 0
		if split && p.cover[cell]&tall == 0 {
			w |= uint64(n-1) << (4 * cell)
			return p.unwind(other, p.full&^T, bits.TrailingZeros16(rest), !fromBack, w)
		}
		top := bits.Len16(T)
		c := p.dom[cell] & p.full &^ T
		found := false
		for pass, c := range [2]uint16{c &^ p.cover[cell], c & p.cover[cell]} {
			if pass == 1 && split {
				w |= uint64(n-1) << (4 * cell)
				return p.unwind(other, p.full&^T, bits.TrailingZeros16(rest), !fromBack, w)
			}
			for ; c != 0 && !found; c &= c - 1 {
				b := bits.TrailingZeros16(c)
				kk := k
				if b+1 > top {
					kk++
				}
				if counts[T|1<<b] != 0 && p.x[T|1<<b]>>kk&1 != 0 {
					w |= uint64(b) << (4 * cell)
					T, k, found = T|1<<b, kk, true
				}
			}
		}
		if !found {
			panic("visibility: line witness lost its path")
		}
	}
}
