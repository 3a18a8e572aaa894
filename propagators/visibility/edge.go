package visibility

import "github.com/cspgo/csp/csp"

// edgeMasks returns, per position, the heights the edge-clue rules leave
// for a clue c over a line of length L with heights 1..n:
//
//   - every cell: 1..n;
//   - c >= 2: the cell at distance d (from 0) cannot hold n-c+2+d .. n.
//     If it held h, at most d+1 buildings up to it and at most n-h after
//     it (strictly increasing, all above h) could be seen: c <= d+1+n-h;
//   - c == L: every building is seen, so the line increases strictly and
//     cell d holds at least d+1 (with L == n this and the rule above fix
//     the line to 1..n);
//   - c == 1 on a full line (L == n), taken to be a permutation: n is
//     seen wherever it stands, so it stands first.
func edgeMasks(L, n, c int) []uint64 {
	out := make([]uint64, L)
	for d := range out {
		m := heights(n)
		if c >= 2 {
			if lo := n - c + 2 + d; lo <= n {
				m &^= heights(n) &^ heights(lo-1)
			}
		}
		if c == L {
			m &^= heights(d) // values 1..d
		}
		out[d] = m
	}
	if c == 1 && L == n {
		out[0] = 1 << n
	}
	return out
}

// EdgeMasks returns, per cell of a full line of n cells (a permutation of
// 1..n) from the clue's end, nearest first, the heights the edge rules
// leave under clue c (0: no clue, every height): bit h for height h, as
// csp.Space.KeepMask takes them. A model that reads its clues from slots
// (PostClues) applies them to the root's domains when it poses a puzzle,
// so that the cheapest reasoning is done before any line program runs;
// the Line propagator removes those heights too, so its fixpoint is the
// same either way. A clue outside 0..n leaves every height.
func EdgeMasks(n, c int) []uint64 {
	if c < 1 || c > n {
		c = 0
	}
	return edgeMasks(n, n, c)
}

// edge is the Edge strength: the rules of edgeMasks whenever it runs at the
// root (level 0), and below it only a check of the count once every
// variable is assigned. It watches one unassigned position (a hint that
// backtracking cannot spoil: a position unassigned deeper is unassigned
// higher up too), so most wake-ups cost one look.
type edge struct {
	line  []csp.Var
	n, c  int
	perm  bool     // a full line: also check that the heights differ
	allow []uint64 // edgeMasks, one word per position
	watch int      // a position last seen unassigned
}

func newEdge(line []csp.Var, n, c int) *edge {
	return &edge{line: line, n: n, c: c, perm: len(line) == n, allow: edgeMasks(len(line), n, c)}
}

// Propagate applies the rules at the root, then waits for a full
// assignment and checks it: O(L) at the root and at the check, O(1) for
// most other runs.
func (p *edge) Propagate(s *csp.Space) csp.Status {
	if s.Level() == 0 {
		for i, x := range p.line {
			if !s.IntersectWords(x, p.allow[i:i+1]) {
				return csp.Failed
			}
		}
	}
	if !s.Assigned(p.line[p.watch]) {
		return csp.Fixpoint
	}
	for i, x := range p.line {
		if !s.Assigned(x) {
			p.watch = i
			return csp.Fixpoint
		}
	}
	if !p.holds(s) {
		return csp.Failed
	}
	return csp.Entailed
}

// holds checks a full assignment: heights in 1..n, distinct on a full line,
// exactly c visible.
func (p *edge) holds(s *csp.Space) bool {
	tallest, seen, used := 0, 0, uint64(0)
	for _, x := range p.line {
		v, _ := s.Value(x)
		if v < 1 || v > p.n {
			return false
		}
		if p.perm {
			if used&(1<<v) != 0 {
				return false
			}
			used |= 1 << v
		}
		if v > tallest {
			tallest = v
			seen++
		}
	}
	return seen == p.c
}

func (p *edge) Name() string           { return "visibility/edge" }
func (p *edge) Priority() csp.Priority { return csp.Unary }
func (p *edge) Clone() csp.Propagator {
	c := *p
	c.watch = 0
	return &c
}
