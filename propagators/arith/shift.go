package arith

// Word-level translation of bitsets: bit v of a set is value v, and the set
// shifted by k holds v+k for each v it held (values pushed below 0 or past
// the end of the destination are dropped).

// shiftedWord returns word i of src shifted by k (k > 0 towards larger
// values).
func shiftedWord(src []uint64, k, i int) uint64 {
	q, r := k>>6, uint(k&63) // floor division: for k < 0, q < 0 and 0 <= r < 64
	j := i - q               // src word that lands on word i (its low part)
	var w uint64
	if j >= 0 && j < len(src) {
		w = src[j] << r
	}
	if r != 0 && j-1 >= 0 && j-1 < len(src) {
		w |= src[j-1] >> (64 - r)
	}
	return w
}

// orShift sets dst |= src shifted by k.
func orShift(dst, src []uint64, k int) {
	if len(dst) == 1 && len(src) == 1 {
		dst[0] |= shift1(src[0], k)
		return
	}
	lo, hi := span(len(dst), len(src), k)
	for i := lo; i < hi; i++ {
		dst[i] |= shiftedWord(src, k, i)
	}
}

// andShift sets dst &= src shifted by k.
func andShift(dst, src []uint64, k int) {
	if len(dst) == 1 && len(src) == 1 {
		dst[0] &= shift1(src[0], k)
		return
	}
	lo, hi := span(len(dst), len(src), k)
	clear(dst[:lo])
	for i := lo; i < hi; i++ {
		dst[i] &= shiftedWord(src, k, i)
	}
	clear(dst[hi:])
}

// span returns the words of a destination of n words that a source of m
// words shifted by k can reach.
func span(n, m, k int) (lo, hi int) {
	q := k >> 6
	lo = min(max(0, q), n)
	hi = min(n, q+m+1)
	return lo, max(lo, hi)
}

// shift1 shifts one word by k.
func shift1(w uint64, k int) uint64 {
	switch {
	case k >= 64 || k <= -64:
		return 0
	case k >= 0:
		return w << uint(k)
	}
	return w >> uint(-k)
}
