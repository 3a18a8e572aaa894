package csp

import (
	"unsafe"

	"github.com/cspgo/csp/domains"
)

// Aliaser is implemented by a propagator whose constraint makes literals
// of different variables one: [x = v] holds exactly when [y = w] does (a
// channel between two views of one problem: a Latin square's cell (r, c)
// holds v exactly when row r's position of v is c). A search that chooses
// literals by activity (LiteralActivity) counts such literals as one, as
// a SAT solver over the direct encoding has one Boolean for them: a
// conflict met under either name bumps both. Aliases says nothing the
// constraint does not propagate; it only names the pairs.
type Aliaser interface {
	// Aliases calls yield for each pair of literals the constraint makes
	// one.
	Aliases(yield func(x Var, v int, y Var, w int))
}

// litOrder is the order of LiteralActivity: an activity per class of
// literals (a value of a variable's root domain, with the values aliased
// to it, see Aliaser) and a binary heap of the classes, most active
// first. A class leaves the heap when the search finds it decided (its
// variable fixed or its value gone) and comes back when the search
// undoes that (backjump): MiniSat's order heap, over values. Each class
// has a phase, as a SAT solver's Boolean has: the truth its literal had
// when last undone (phase saving), or had on the longest branch free of
// conflict since the last rephasing (its target); the search decides
// the literal in its phase, so a decision may be x != v.
type litOrder struct {
	class  []int32   // per value number, its class (a decision variable's number), or -1
	act    []float64 // per class (indexed by its number)
	inc    float64
	heap   []int32 // classes, most active first
	pos    []int32 // per class, its index in heap, or -1
	phase  []int8  // per class, its saved phase: 1 true, 0 false, -1 none yet (true)
	target []int8  // per class, its target phase, or -1: none (the saved one)
}

// newLitOrder makes the order over the values of the decision variables
// of e, their aliases joined into classes, each in the heap.
func newLitOrder(e *Search) *litOrder {
	db := e.cl.db
	n := len(db.varOf)
	o := &litOrder{class: make([]int32, n), act: make([]float64, n), pos: make([]int32, n), inc: 1,
		phase: make([]int8, n), target: make([]int8, n)}
	// Union-find over the numbers, joined by the aliases of every
	// propagator that names them.
	root := make([]int32, n)
	for i := range root {
		root[i] = int32(i)
	}
	find := func(a int32) int32 {
		for root[a] != a {
			root[a] = root[root[a]]
			a = root[a]
		}
		return a
	}
	for _, p := range e.space.props {
		a, ok := p.(Aliaser)
		if !ok {
			continue
		}
		a.Aliases(func(x Var, v int, y Var, w int) {
			cx, okx := db.code(Fact{x, int32(v), true})
			cy, oky := db.code(Fact{y, int32(w), true})
			if okx && oky {
				if rx, ry := find(cx>>1), find(cy>>1); rx != ry {
					root[max(rx, ry)] = min(rx, ry)
				}
			}
		})
	}
	// A class is named by its first value of a decision variable's root
	// domain: the search branches on decision variables only, and the
	// numbers run over whole words of values. A class with none is -1,
	// never chosen.
	decision := make([]bool, len(db.numOf))
	for _, x := range e.decisions {
		decision[x] = true
	}
	name := make([]int32, n)
	for i := range name {
		name[i] = -1
	}
	doms := e.space.model.doms // the root's: the order outlives an instance (Reset)
	for i := range n {
		x := db.varOf[i]
		if r := find(int32(i)); name[r] < 0 && decision[x] && doms[x].Contains(i-int(db.numOf[x].shift)) {
			name[r] = int32(i)
		}
	}
	for i := range n {
		o.class[i] = name[find(int32(i))]
	}
	o.reset()
	return o
}

// reset forgets the activities and phases and puts every class in the
// heap.
func (o *litOrder) reset() {
	clear(o.act)
	fillNone(o.phase)
	fillNone(o.target)
	o.inc = 1
	o.heap = o.heap[:0]
	for i := range o.pos {
		o.pos[i] = -1
	}
	for _, c := range o.class {
		if c >= 0 {
			o.insert(c)
		}
	}
}

// bytes is the memory the order holds.
func (o *litOrder) bytes() int64 {
	return 4*int64(cap(o.class)+cap(o.heap)+cap(o.pos)) + int64(unsafe.Sizeof(float64(0)))*int64(cap(o.act)) +
		int64(cap(o.phase)+cap(o.target))
}

// bump raises the activity of value number n's class.
func (o *litOrder) bump(n int32) {
	c := o.class[n]
	if c < 0 {
		return
	}
	o.act[c] += o.inc
	if o.act[c] > 1e100 {
		for i := range o.act {
			o.act[i] *= 1e-100
		}
		o.inc *= 1e-100
		// Activities long unbumped may have gone to 0, tied now with
		// others they were below or above: the heap is made again.
		for i := len(o.heap)/2 - 1; i >= 0; i-- {
			o.down(i)
		}
		return
	}
	if p := o.pos[c]; p >= 0 {
		o.up(int(p))
	}
}

// undone puts value number n's class back in the heap and saves its
// phase: a fact about it, [x = v] when eq, else [x != v], was undone.
func (o *litOrder) undone(n int32, eq bool) {
	if c := o.class[n]; c >= 0 {
		o.phase[c] = truth(eq)
		o.insert(c)
	}
}

// retarget takes facts, a branch free of conflict, as the target: each
// class's truth there, or its saved phase for one the branch leaves open.
func (o *litOrder) retarget(facts []Fact, db *clauseDB) {
	copy(o.target, o.phase)
	for _, f := range facts {
		if n, ok := db.code(f); ok {
			if c := o.class[n>>1]; c >= 0 {
				o.target[c] = truth(f.Eq)
			}
		}
	}
}

// rephase makes the target the saved phases and forgets it (see
// Search.rephase).
func (o *litOrder) rephase() {
	for c, t := range o.target {
		if t >= 0 {
			o.phase[c] = t
		}
	}
	fillNone(o.target)
}

// pick returns the variable and value of the most active class still
// open in sp (its variable not fixed, its value in the domain), and
// whether its phase is false (decide x != v), dropping the decided ones
// it meets from the heap; ok is false when none is left.
func (o *litOrder) pick(sp *Space, db *clauseDB) (x Var, v int, neg, ok bool) {
	for len(o.heap) > 0 {
		c := o.heap[0]
		x := db.varOf[c]
		v := int(c - db.numOf[x].shift)
		if d := &sp.doms[x]; d.Size() > 1 && d.Contains(v) {
			p := o.target[c]
			if p < 0 {
				p = o.phase[c]
			}
			return x, v, p == 0, true
		}
		o.pop()
	}
	return -1, 0, false, false
}

// truth is a phase: 1 for true, 0 for false.
func truth(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

// best returns the value of x's domain whose class is the most active,
// the smallest among equals.
func (o *litOrder) best(d *domains.Domain, x Var, db *clauseDB) int {
	best, bestAct := -1, -1.0
	shift := db.numOf[x].shift
	for v := range d.Values() {
		a := 0.0
		if c := o.class[int32(v)+shift]; c >= 0 {
			a = o.act[c]
		}
		if a > bestAct {
			best, bestAct = v, a
		}
	}
	return best
}

func (o *litOrder) insert(c int32) {
	if o.pos[c] >= 0 {
		return
	}
	o.heap = append(o.heap, c)
	o.up(len(o.heap) - 1)
}

func (o *litOrder) pop() {
	last := o.heap[len(o.heap)-1]
	o.pos[o.heap[0]] = -1
	o.heap = o.heap[:len(o.heap)-1]
	if len(o.heap) > 0 {
		o.heap[0] = last
		o.pos[last] = 0
		o.down(0)
	}
}

// up and down restore the heap's order from index i: a class moves up
// past a parent it is more active than, down past its more active child.
// Equal activities keep the smaller number first, so that ties, and the
// order before any conflict, go to the first variables and values.
func (o *litOrder) before(a, b int32) bool {
	return o.act[a] > o.act[b] || o.act[a] == o.act[b] && a < b
}

func (o *litOrder) up(i int) {
	c := o.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if !o.before(c, o.heap[p]) {
			break
		}
		o.heap[i] = o.heap[p]
		o.pos[o.heap[i]] = int32(i)
		i = p
	}
	o.heap[i] = c
	o.pos[c] = int32(i)
}

func (o *litOrder) down(i int) {
	c := o.heap[i]
	for {
		k := 2*i + 1
		if k >= len(o.heap) {
			break
		}
		if k+1 < len(o.heap) && o.before(o.heap[k+1], o.heap[k]) {
			k++
		}
		if !o.before(o.heap[k], c) {
			break
		}
		o.heap[i] = o.heap[k]
		o.pos[o.heap[i]] = int32(i)
		i = k
	}
	o.heap[i] = c
	o.pos[c] = int32(i)
}
