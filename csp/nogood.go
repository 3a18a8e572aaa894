package csp

import "github.com/cspgo/csp/domains"

// lit is the decision x = v.
type lit struct {
	x Var
	v int32
}

// nogoodStore keeps nogoods learnt at restarts: sets of decisions
// x1 = v1, ..., xk = vk that cannot all hold (Lecoutre, Sais, Tabary,
// Vidal, "Nogood recording from restarts", IJCAI 2007). It propagates them
// with two watched literals, as a SAT solver does its clauses: a nogood
// watches two of its decisions that are not yet true (variable assigned
// that value); when one becomes true, the watch moves to another, and when
// none is left, the other watched decision is refuted (its value removed).
// Watches need no undoing on backtracking. The store is a propagator the
// search posts on its decision variables; it learns only between runs of a
// restarting search, at the root.
type nogoodStore struct {
	vars    []Var           // subscription positions
	lits    []lit           // every nogood's decisions, one after another
	start   []int32         // nogood k is lits[start[k]:start[k+1]]
	watched [][2]int32      // per nogood, the indices in lits of its watches
	watch   map[lit][]int32 // decision -> nogoods watching it
	fresh   []Var           // variables assigned since the last run
	pending int             // nogoods from here on still need watches
}

func newNogoodStore(vars []Var) *nogoodStore {
	return &nogoodStore{vars: vars, start: []int32{0}, watch: map[lit][]int32{}}
}

// reset forgets every nogood.
func (g *nogoodStore) reset() {
	g.lits, g.start, g.watched = g.lits[:0], g.start[:1], g.watched[:0]
	clear(g.watch)
	g.fresh, g.pending = g.fresh[:0], 0
}

// add records a nogood (the decisions are copied).
func (g *nogoodStore) add(ds []lit) {
	g.lits = append(g.lits, ds...)
	g.start = append(g.start, int32(len(g.lits)))
	g.watched = append(g.watched, [2]int32{-1, -1})
}

func (g *nogoodStore) size() int { return len(g.start) - 1 }

// bytes estimates the memory the store holds: its slices, and per nogood
// its two watches with room for the lists' growth, and per watched
// decision a map entry (a key and a slice header, with the map's slack).
func (g *nogoodStore) bytes() int64 {
	n := 8*cap(g.lits) + 4*cap(g.start) + 8*cap(g.watched) + 4*cap(g.fresh) + 16*g.size() + 64*len(g.watch)
	return int64(n)
}

// Advise notes assigned variables, and schedules the store only when it
// holds nogoods: until the first restart records some (and the root's run
// watches them), an assignment has nothing to move, and an empty store run
// after every assignment costs easy instances, which never restart, a
// fifth of their propagations.
func (g *nogoodStore) Advise(i int, ev domains.Event) bool {
	if g.size() == 0 {
		return false
	}
	if ev == domains.EventAssigned {
		g.fresh = append(g.fresh, g.vars[i])
	}
	return true
}

func isTrue(s *Space, d lit) bool {
	v, ok := s.Value(d.x)
	return ok && v == int(d.v)
}

// refute removes the decision's value; a variable it assigns is noted.
func (g *nogoodStore) refute(s *Space, d lit) bool {
	if !s.Contains(d.x, int(d.v)) {
		return true // already false: nothing new
	}
	if !s.Remove(d.x, int(d.v)) {
		return false
	}
	if s.Assigned(d.x) {
		g.fresh = append(g.fresh, d.x)
	}
	return true
}

func (g *nogoodStore) Propagate(s *Space) Status {
	// Watch the new nogoods.
	for ; g.pending < g.size(); g.pending++ {
		k := g.pending
		lo, hi := g.start[k], g.start[k+1]
		w := [2]int32{-1, -1}
		for i := lo; i < hi && w[1] < 0; i++ {
			if !isTrue(s, g.lits[i]) {
				if w[0] < 0 {
					w[0] = i
				} else {
					w[1] = i
				}
			}
		}
		switch {
		case w[0] < 0:
			return Failed // every decision holds already
		case w[1] < 0:
			if !g.refute(s, g.lits[w[0]]) {
				return Failed
			}
			continue // a unit at the root: refuted for good
		}
		g.watched[k] = w
		for _, i := range w {
			g.watch[g.lits[i]] = append(g.watch[g.lits[i]], int32(k))
		}
	}
	// Move the watches off decisions that became true.
	for len(g.fresh) > 0 {
		x := g.fresh[len(g.fresh)-1]
		g.fresh = g.fresh[:len(g.fresh)-1]
		v, ok := s.Value(x)
		if !ok {
			continue // stale: undone by a backtrack
		}
		d := lit{x, int32(v)}
		list := g.watch[d]
		if len(list) == 0 {
			continue // watched by no nogood (and no map entry to write)
		}
		kept := list[:0]
		for j, k := range list {
			w := &g.watched[k]
			me := 0
			if g.lits[w[1]] == d {
				me = 1
			}
			other := g.lits[w[1-me]]
			moved := false
			for i := g.start[k]; i < g.start[k+1]; i++ {
				if i != w[0] && i != w[1] && !isTrue(s, g.lits[i]) {
					w[me] = i
					g.watch[g.lits[i]] = append(g.watch[g.lits[i]], k)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			kept = append(kept, k)
			if isTrue(s, other) || !g.refute(s, other) {
				kept = append(kept, list[j+1:]...)
				g.watch[d] = kept
				g.fresh = g.fresh[:0]
				return Failed
			}
		}
		g.watch[d] = kept
	}
	return Fixpoint
}

func (g *nogoodStore) Name() string       { return "nogoods" }
func (g *nogoodStore) Priority() Priority { return Linear }
