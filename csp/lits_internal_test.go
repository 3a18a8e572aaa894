package csp

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/domains"
)

// litStatesAgree fails t unless the trail's state of every value the
// clause database numbers says what the domains say: set when the
// variable is fixed to it, gone when it is not in the domain, open else.
func litStatesAgree(t *testing.T, s *Space, d *clauseDB) {
	t.Helper()
	for x, nb := range d.numOf {
		v, fixed := s.doms[x].Value()
		for i := range nb.n {
			val := nb.base + i
			want := uint8(0)
			switch {
			case !s.doms[x].Contains(int(val)):
				want = litGone
			case fixed && int(val) == v:
				want = litSet
			}
			if got := s.lt.lit[val+nb.shift]; got != want {
				t.Fatalf("x%d value %d: state %d, want %d", x, val, got, want)
			}
		}
	}
}

// TestLitCodes: every value of every root domain has the two codes of its
// literals, the negation flips the last bit, and a code gives its fact
// back; a value outside the root domain has none.
func TestLitCodes(t *testing.T) {
	m := NewModel()
	m.NewIntVar(-70, 70, "a")
	m.NewIntVar(70000, 70100, "b")
	m.NewIntVar(0, 0, "c")
	d := &clauseDB{conflict: -1}
	d.number(m.doms)
	seen := map[int32]bool{}
	for x := range m.doms {
		for v := m.doms[x].Min(); v <= m.doms[x].Max(); v++ {
			for _, eq := range []bool{false, true} {
				f := Fact{Var(x), int32(v), eq}
				c, ok := d.code(f)
				require.True(t, ok, "%v", f)
				require.False(t, seen[c], "%v: code %d twice", f, c)
				seen[c] = true
				require.Equal(t, f, d.fact(c))
				require.Equal(t, f.Not(), d.fact(c^1))
			}
		}
		for _, v := range []int{m.doms[x].Min() - 1, m.doms[x].Max() + 1} {
			_, ok := d.code(Fact{Var(x), int32(v), false})
			require.False(t, ok, "x%d value %d", x, v)
		}
	}
	require.Len(t, seen, len(d.watch))
}

// probe runs f at every propagation of its variables.
type probe struct{ f func(s *Space) }

func (p probe) Propagate(s *Space) Status {
	p.f(s)
	return Fixpoint
}

// TestLitStatesFollowDomains: the states the clause database reads its
// watches from agree with the domains at every conflict (domains wiped
// out included) and every solution, through backjumps, restarts, blocked
// and flipped solutions, and a Reset, and at every propagation of the
// model's variables; on domains from 0 and across two
// words, for a proof of unsatisfiability and a count.
func TestLitStatesFollowDomains(t *testing.T) {
	for _, tc := range []struct {
		name      string
		lo, n     int // n variables on n-1 values from lo (pigeonhole) or n (count)
		pigeon    bool
		wantCount int
	}{
		{"pigeonhole from 0", 0, 6, true, 0},
		{"pigeonhole across words", 61, 6, true, 0},
		{"count from 0", 0, 5, false, 120},
		{"count across words", 62, 4, false, 24},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewModel()
			vals := tc.n
			if tc.pigeon {
				vals--
			}
			keep := make([]uint64, 2)
			for v := tc.lo; v < tc.lo+vals; v++ {
				keep[v/64] |= 1 << (v % 64)
			}
			xs := make([]Var, tc.n)
			for i := range xs {
				xs[i] = m.NewIntVar(0, tc.lo+vals-1, "p")
				require.NoError(t, m.Restrict(xs[i], keep))
			}
			for i := range xs {
				for j := i + 1; j < tc.n; j++ {
					m.Post(pairNeq{xs[i], xs[j]}, domains.EventAssigned, xs[i], xs[j])
				}
			}
			var e *Search
			probes := 0
			m.Post(probe{func(s *Space) {
				probes++
				litStatesAgree(t, s, e.cl.db)
			}}, domains.EventDomain, xs...)
			e = NewSearch(m, Options{Learn: LearnClauses, Var: Activity, RestartBase: 2})
			SetMaxBlocked(e, 3)
			conflicts := 0
			e.cl.check = func([]Fact) {
				conflicts++
				litStatesAgree(t, e.space, e.cl.db)
			}
			for round := range 2 {
				count := 0
				r := e.Run(context.Background(), 0, func(s *Space) bool {
					litStatesAgree(t, s, e.cl.db)
					count++
					return true
				})
				require.Equal(t, tc.wantCount, count, "round %d", round)
				require.Equal(t, tc.pigeon, r.Status() == "unsatisfiable", r.Status())
				e.Reset()
				litStatesAgree(t, e.space, e.cl.db)
			}
			require.Positive(t, probes)
			if tc.pigeon {
				require.Positive(t, conflicts)
			}
		})
	}
}

// lateWipe removes 1 from x once y = 1, and reads only y: a weak
// propagator, so that a search that fixed x to 1 before deciding y = 1
// empties x at a later level than x's fixing.
type lateWipe struct{ x, y Var }

func (p lateWipe) Propagate(s *Space) Status {
	if v, ok := s.Value(p.y); ok && v == 1 && !s.Remove(p.x, 1) {
		return Failed
	}
	return Fixpoint
}

// TestLitStateOfAValueWipedAfterItsFixing: x fixed to 1 on level 1, its 1
// removed on level 2 (the wipe-out is the conflict); the jump back to
// level 1 undoes the removal, and x's value is set again there, as its
// domain says.
func TestLitStateOfAValueWipedAfterItsFixing(t *testing.T) {
	m := NewModel()
	x, y := m.NewIntVar(0, 1, "x"), m.NewIntVar(0, 1, "y")
	m.Post(lateWipe{x, y}, domains.EventAssigned, y)
	var e *Search
	probes := 0
	m.Post(probe{func(s *Space) {
		probes++
		litStatesAgree(t, s, e.cl.db)
	}}, domains.EventDomain, x, y)
	e = NewSearch(m, Options{Learn: LearnClauses, Var: InputOrder, Val: ValMax, Restarts: NoRestarts})
	conflicts := 0
	e.cl.check = func([]Fact) { conflicts++ }
	var got [][]int
	e.Run(context.Background(), 0, func(s *Space) bool {
		a, _ := s.Value(x)
		b, _ := s.Value(y)
		got = append(got, []int{a, b})
		return true
	})
	require.Equal(t, 1, conflicts)
	require.Equal(t, [][]int{{1, 0}, {0, 1}, {0, 0}}, got)
	require.Positive(t, probes)
}

// randomProp is a propagator of the random models below that can also
// judge a full assignment.
type randomProp interface {
	Propagator
	holds(val map[Var]int) bool
}

// neqShift is x != y + c.
type neqShift struct {
	x, y Var
	c    int
}

func (p neqShift) Propagate(s *Space) Status {
	if v, ok := s.Value(p.y); ok && !s.Remove(p.x, v+p.c) {
		return Failed
	}
	if v, ok := s.Value(p.x); ok && !s.Remove(p.y, v-p.c) {
		return Failed
	}
	return Fixpoint
}

func (p neqShift) holds(val map[Var]int) bool { return val[p.x] != val[p.y]+p.c }

// leShift is x <= y + c, on bounds.
type leShift struct {
	x, y Var
	c    int
}

func (p leShift) Propagate(s *Space) Status {
	if !s.RemoveAbove(p.x, s.Max(p.y)+p.c) || !s.RemoveBelow(p.y, s.Min(p.x)-p.c) {
		return Failed
	}
	return Fixpoint
}

func (p leShift) holds(val map[Var]int) bool { return val[p.x] <= val[p.y]+p.c }

// implies is x = a -> y = b, by Assign (b may be no value of y: a
// wipe-out).
type implies struct {
	x Var
	a int
	y Var
	b int
}

func (p implies) Propagate(s *Space) Status {
	if v, ok := s.Value(p.x); ok && v == p.a && !s.Assign(p.y, p.b) {
		return Failed
	}
	if !s.Contains(p.y, p.b) && !s.Remove(p.x, p.a) {
		return Failed
	}
	return Fixpoint
}

func (p implies) holds(val map[Var]int) bool { return val[p.x] != p.a || val[p.y] == p.b }

// residue: once y = v, x loses every value w with w - base = v mod m (m =
// 2 + |v| mod 3), by RemoveMask on a one-word domain, RemoveWords on a
// wider one.
type residue struct {
	x, y Var
	base int
}

func (p residue) rest(v int) (m, r int) {
	m = 2 + (v%3+3)%3
	return m, (v%m + m) % m
}

func (p residue) Propagate(s *Space) Status {
	v, ok := s.Value(p.y)
	if !ok {
		return Fixpoint
	}
	m, r := p.rest(v)
	mask := make([]uint64, len(s.Words(p.x)))
	for i := range 64 * len(mask) {
		if i%m == r {
			mask[i/64] |= 1 << (i % 64)
		}
	}
	if len(mask) == 1 {
		if !s.RemoveMask(p.x, mask[0]) {
			return Failed
		}
	} else if !s.RemoveWords(p.x, mask) {
		return Failed
	}
	return Fixpoint
}

func (p residue) holds(val map[Var]int) bool {
	m, r := p.rest(val[p.y])
	return (val[p.x]-p.base)%m != r
}

// notValue is x != v, judged only: the root narrowed between two runs.
type notValue struct {
	x Var
	v int
}

func (p notValue) Propagate(*Space) Status    { return Fixpoint }
func (p notValue) holds(val map[Var]int) bool { return val[p.x] != p.v }

// randomModel makes 3 to 5 variables, each a few values of a range from
// 0, below 0, across words or far from 0, under 0 to 6 random
// propagators of the kinds above; it returns the values of each variable
// for a brute-force count.
func randomModel(rng *rand.Rand) (*Model, []Var, []randomProp, [][]int) {
	m := NewModel()
	ranges := [][2]int{{0, 5}, {-7, 3}, {-70, 70}, {0, 130}, {70000, 70100}, {-200, -60}, {60, 70}}
	n := 3 + rng.IntN(3)
	var xs []Var
	var values [][]int
	for range n {
		r := ranges[rng.IntN(len(ranges))]
		x := m.NewIntVar(r[0], r[1], "x")
		base := m.doms[x].Base()
		keep := make([]uint64, len(m.doms[x].Words()))
		var vals []int
		for len(vals) < 2+rng.IntN(4) {
			v := r[0] + rng.IntN(r[1]-r[0]+1)
			if b := v - base; keep[b/64]&(1<<(b%64)) == 0 {
				keep[b/64] |= 1 << (b % 64)
				vals = append(vals, v)
			}
		}
		if err := m.Restrict(x, keep); err != nil {
			panic(err)
		}
		xs, values = append(xs, x), append(values, vals)
	}
	var ps []randomProp
	for range 2 + rng.IntN(5) {
		i, j := rng.IntN(n), rng.IntN(n)
		if i == j {
			continue
		}
		x, y, vi, vj := xs[i], xs[j], values[i], values[j]
		var p randomProp
		switch rng.IntN(4) {
		case 0:
			p = neqShift{x, y, vi[rng.IntN(len(vi))] - vj[rng.IntN(len(vj))]}
			m.Post(p, domains.EventAssigned, x, y)
		case 1:
			p = leShift{x, y, vi[rng.IntN(len(vi))] - vj[rng.IntN(len(vj))]}
			m.Post(p, domains.EventBounds, x, y)
		case 2:
			b := vj[rng.IntN(len(vj))]
			if rng.IntN(4) == 0 {
				b = vj[0] + 1 // perhaps no value of y
			}
			p = implies{x, vi[rng.IntN(len(vi))], y, b}
			m.Post(p, domains.EventDomain, x, y)
		case 3:
			p = residue{x, y, m.doms[x].Base()}
			m.Post(p, domains.EventAssigned, y)
		}
		ps = append(ps, p)
	}
	return m, xs, ps, values
}

// bruteCount counts the assignments of values that every p holds.
func bruteCount(xs []Var, ps []randomProp, values [][]int) int {
	val := map[Var]int{}
	var count func(i int) int
	count = func(i int) int {
		if i == len(xs) {
			for _, p := range ps {
				if !p.holds(val) {
					return 0
				}
			}
			return 1
		}
		n := 0
		for _, v := range values[i] {
			val[xs[i]] = v
			n += count(i + 1)
		}
		return n
	}
	return count(0)
}

// TestLitStatesRandomModels: on random models whose domains start below
// 0, at 0, far above it or span words, changed by Remove, RemoveAbove and
// RemoveBelow, RemoveMask, RemoveWords and Assign (wipe-outs included),
// under every save mode, the literal states agree with the domains at
// every propagation, conflict, solution and Reset, and counts with
// learning equal the brute-force counts, before and after the root is
// narrowed between two runs.
func TestLitStatesRandomModels(t *testing.T) {
	models := 3000
	if testing.Short() {
		models = 300
	}
	for seed := range models {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		m, xs, ps, values := randomModel(rng)
		want := bruteCount(xs, ps, values)
		var e *Search
		m.Post(probe{func(s *Space) { litStatesAgree(t, s, e.cl.db) }}, domains.EventDomain, xs...)
		opts := Options{Learn: LearnClauses, Var: Activity, RestartBase: 2}
		switch seed % 3 {
		case 1:
			opts.SaveMode = Trailing
		case 2:
			opts.CopyBudget = 1
		}
		e = NewSearch(m, opts)
		SetMaxBlocked(e, seed%4)
		e.cl.check = func([]Fact) { litStatesAgree(t, e.space, e.cl.db) }
		for round := range 2 {
			count := 0
			e.Run(context.Background(), 0, func(s *Space) bool {
				litStatesAgree(t, s, e.cl.db)
				count++
				return true
			})
			require.Equal(t, want, count, "seed %d round %d", seed, round)
			e.Reset()
			litStatesAgree(t, e.space, e.cl.db)
			if round == 0 && rng.IntN(2) == 0 {
				e.space.Remove(xs[0], values[0][0])
				litStatesAgree(t, e.space, e.cl.db)
				want = bruteCount(xs, append(ps, notValue{xs[0], values[0][0]}), values)
			}
		}
	}
}
