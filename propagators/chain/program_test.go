package chain

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// fullScan is the program as it was before it kept lists of the
// subsets reached: a forward pass over every subset of the union in
// numeric order and a backward pass in reverse, with a second table for
// the completable states. It returns the supported values per cell and
// whether any arrangement exists; it is the oracle for lines too long
// for brute force.
func fullScan(dom0 []uint32, rels []Rel, full uint32, k int) ([]uint32, bool) {
	n := len(dom0)
	dom := append([]uint32(nil), dom0...)
	keepA := make([]uint32, n)
	fixed := uint32(0)
	for i, d := range dom {
		if single(d) {
			if fixed&d != 0 {
				return nil, false
			}
			fixed |= d
			if i > 0 && single(dom[i-1]) && after(rels[i-1], dom[i-1], full)&d == 0 {
				return nil, false
			}
		}
	}
	var cells []int
	union := uint32(0)
	for i, d := range dom {
		keepA[i] = d
		if single(d) {
			continue
		}
		d &^= fixed
		if i > 0 && single(dom[i-1]) {
			d &= after(rels[i-1], dom[i-1], full)
		}
		if i+1 < n && single(dom[i+1]) {
			d &= before(rels[i], dom[i+1], full)
		}
		if d == 0 {
			return nil, false
		}
		dom[i] = d
		keepA[i] = 0
		cells = append(cells, i)
		union |= d
	}
	m := len(cells)
	if m == 0 {
		return keepA, true
	}
	if bits.OnesCount32(union) < m {
		return nil, false
	}
	link := make([]Rel, n)
	for t := 1; t < m; t++ {
		link[t] = Any
		if c := cells[t]; cells[t-1] == c-1 {
			link[t] = rels[c-1]
		}
	}
	f, x := make([]uint32, 1<<k), make([]uint32, 1<<k)
	for c := dom[cells[0]]; c != 0; c &= c - 1 {
		b := c & -c
		f[b] = b
	}
	for S := -union & union; S != 0; S = (S - union) & union {
		last := f[S]
		if last == 0 {
			continue
		}
		t := bits.OnesCount32(S)
		if t == m {
			continue
		}
		cand := dom[cells[t]] &^ S
		if r := link[t]; r != Any {
			cand &= after(r, last, full)
		}
		for c := cand; c != 0; c &= c - 1 {
			b := c & -c
			f[S|b] |= b
		}
	}
	found := false
	for S := union; S != 0; S = (S - 1) & union {
		last := f[S]
		if last == 0 {
			continue
		}
		t := bits.OnesCount32(S)
		if t == m {
			x[S] = last
			found = true
			continue
		}
		r := link[t]
		done, keep := uint32(0), uint32(0)
		for c := dom[cells[t]] &^ S; c != 0; c &= c - 1 {
			b := c & -c
			from := last
			if r != Any {
				from &= before(r, b, full)
			}
			if from != 0 && x[S|b]&b != 0 {
				done |= from
				keep |= b
			}
		}
		x[S] = done
		keepA[cells[t]] |= keep
	}
	if !found {
		return nil, false
	}
	first := cells[0]
	for c := dom[first]; c != 0; c &= c - 1 {
		b := c & -c
		if x[b]&b != 0 {
			keepA[first] |= b
		}
	}
	return keepA, keepA[first] != 0
}

// The program against fullScan on lines of 7 to 12 cells, as a Latin
// line (as many values as cells) and with two spare values, over random
// domains with some cells assigned: the same supported values, the same
// failures. The tables are reused from one line to the next, as in a
// search.
func TestProgramAgainstFullScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 7; n <= 12; n++ {
		for _, spare := range []int{0, 2} {
			k := n + spare
			p := newProp(nil, nil, 0, k)
			p.alloc(n)
			trials := 300
			if testing.Short() {
				trials = 30
			}
			for trial := range trials {
				rels := make([]Rel, n-1)
				for i := range rels {
					if rng.IntN(3) == 0 {
						rels[i] = Rel(1 + rng.IntN(int(numRels)-1))
					}
				}
				dom := make([]uint32, n)
				density := 0.3 + 0.6*rng.Float64()
				for i := range dom {
					for v := range k {
						if rng.Float64() < density {
							dom[i] |= 1 << v
						}
					}
					if rng.IntN(5) == 0 {
						dom[i] = 1 << rng.IntN(k) // assigned
					}
					if dom[i] == 0 {
						dom[i] = 1 << rng.IntN(k)
					}
				}
				want, wantOK := fullScan(dom, rels, p.full, k)
				p.rels = rels
				copy(p.dom, dom)
				ok := p.filter()
				where := fmt.Sprintf("n=%d k=%d trial %d: rels %v domains %v", n, k, trial, rels, dom)
				require.Equal(t, wantOK, ok, where)
				if ok {
					require.Equal(t, want, p.keep, where)
				}
			}
		}
	}
}
