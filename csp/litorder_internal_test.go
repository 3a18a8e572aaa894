package csp

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/domains"
)

// aliasing names pairs of literals as one (Aliaser) and propagates
// nothing: the order must join what it names, whatever the propagation.
type aliasing struct{ pairs [][4]int }

func (p aliasing) Propagate(*Space) Status { return Fixpoint }

func (p aliasing) Aliases(yield func(x Var, v int, y Var, w int)) {
	for _, q := range p.pairs {
		yield(Var(q[0]), q[1], Var(q[2]), q[3])
	}
}

// litOrderModel is a, b over 0..3, c over 2..5 and d over 0..3 (not a
// decision variable), with [a = v] one with [b = 3-v], [b = 1] with
// [c = 4], [d = 0] with [a = 0], and [d = 1] with [c = 0], a value
// outside c's root domain (which has a number all the same: numbers run
// over whole words of values) and names no class.
func litOrderModel(t *testing.T) (*Search, [4]Var) {
	m := NewModel()
	a, b := m.NewIntVar(0, 3, "a"), m.NewIntVar(0, 3, "b")
	c, d := m.NewIntVar(2, 5, "c"), m.NewIntVar(0, 3, "d")
	p := aliasing{pairs: [][4]int{{0, 0, 1, 3}, {0, 1, 1, 2}, {0, 2, 1, 1}, {0, 3, 1, 0}, {1, 1, 2, 4}, {3, 0, 0, 0}, {2, 0, 3, 1}}}
	m.Post(p, domains.EventDomain, a, b, c, d)
	e := NewSearch(m, Options{Learn: LearnClauses, Var: LiteralActivity, Decisions: []Var{a, b, c}})
	require.NotNil(t, e.cl.order)
	return e, [4]Var{a, b, c, d}
}

// TestLitOrderClasses: aliased values share a class named by a value of
// a decision variable; values with no decision variable in their class
// have none; each class is in the heap once.
func TestLitOrderClasses(t *testing.T) {
	e, v := litOrderModel(t)
	a, b, c, d := v[0], v[1], v[2], v[3]
	o, db := e.cl.order, e.cl.db
	class := func(x Var, val int) int32 {
		code, ok := db.code(Fact{x, int32(val), true})
		require.True(t, ok)
		return o.class[code>>1]
	}
	name := func(x Var, val int) int32 { code, _ := db.code(Fact{x, int32(val), true}); return code >> 1 }
	for val := range 4 {
		assert.Equal(t, name(a, val), class(a, val), "a=%d names its class", val)
		assert.Equal(t, class(a, val), class(b, 3-val), "a=%d, b=%d", val, 3-val)
	}
	assert.Equal(t, class(a, 2), class(c, 4), "through b=1")
	assert.Equal(t, class(a, 0), class(d, 0))
	for val := 1; val < 4; val++ {
		assert.Equal(t, int32(-1), class(d, val), "d=%d: no decision variable", val)
	}
	for _, val := range []int{2, 3, 5} {
		assert.Equal(t, name(c, val), class(c, val))
	}
	assert.Equal(t, int32(-1), class(c, 0), "outside c's root domain")
	// a's 4 classes (b's values among them, c=4 too) and c's other 3.
	assert.Len(t, o.heap, 7)
	seen := map[int32]bool{}
	for i, k := range o.heap {
		assert.False(t, seen[k], "class %d twice", k)
		seen[k] = true
		assert.Equal(t, int32(i), o.pos[k])
	}
}

// TestLitOrderPick: the most active open class is chosen, under any of its
// names, in its phase (true until a fact about it is undone, then the
// truth it had, or its target's); a decided one leaves the heap and comes
// back when undone; a Reset forgets the activities and phases.
func TestLitOrderPick(t *testing.T) {
	e, v := litOrderModel(t)
	a, b, c := v[0], v[1], v[2]
	o, db, sp := e.cl.order, e.cl.db, e.space
	num := func(x Var, val int) int32 { code, _ := db.code(Fact{x, int32(val), true}); return code >> 1 }
	neg := false
	pick := func() (Var, int) {
		x, val, n, ok := o.pick(sp, db)
		require.True(t, ok)
		neg = n
		return x, val
	}
	x, val := pick()
	assert.Equal(t, [2]int{int(a), 0}, [2]int{int(x), val}, "before any bump: the first variable and value")
	o.bump(num(b, 2)) // [a = 1]'s class
	o.bump(num(b, 2))
	o.bump(num(c, 5))
	x, val = pick()
	assert.Equal(t, [2]int{int(a), 1}, [2]int{int(x), val})
	sp.Push()
	require.True(t, sp.Remove(a, 1))
	x, val = pick()
	assert.Equal(t, [2]int{int(c), 5}, [2]int{int(x), val}, "a=1 decided: the next most active")
	assert.Negative(t, o.pos[num(a, 1)], "a=1 left the heap")
	sp.Pop()
	assert.False(t, neg, "no phase yet: true")
	o.undone(num(b, 2), false)
	x, val = pick()
	assert.Equal(t, [2]int{int(a), 1}, [2]int{int(x), val}, "undone, back first")
	assert.True(t, neg, "undone false: its phase is false")
	assert.Equal(t, 1, o.best(&sp.doms[a], a, db))
	o.retarget([]Fact{{a, 1, true}}, db)
	pick()
	assert.False(t, neg, "the target's truth before the saved phase")
	o.retarget(nil, db)
	pick()
	assert.True(t, neg, "a class the target leaves open: its saved phase")
	o.retarget([]Fact{{b, 2, true}}, db) // a's class under b's name
	o.undone(num(a, 1), false)
	pick()
	assert.False(t, neg, "the target stands until rephasing")
	o.rephase()
	assert.Equal(t, int8(-1), o.target[o.class[num(a, 1)]], "rephasing forgets the target")
	pick()
	assert.False(t, neg, "rephased: the target's truth saved")
	e.Reset()
	x, val = pick()
	assert.Equal(t, [2]int{int(a), 0}, [2]int{int(x), val}, "after Reset: as new")
	assert.False(t, neg, "after Reset: no phase")
}

// TestLitOrderOutsideRun: a choice made outside Run (a parallel cut, a
// breadth-first level: they pop the space without putting values back)
// leaves the heap as it is and chooses as Activity does.
func TestLitOrderOutsideRun(t *testing.T) {
	e, v := litOrderModel(t)
	sp, o := e.space, e.cl.order
	n := len(o.heap)
	sp.Push()
	require.True(t, sp.Remove(v[0], 0)) // the heap's first class decided
	x := e.selectVar()
	assert.Equal(t, n, len(o.heap), "nothing popped")
	assert.Equal(t, e.pick(e.decisions, Activity), x)
	sp.Pop()
}

// TestLitOrderHeap: random bumps, decays, decisions and undoings keep the
// heap a heap of distinct classes, most active (then lowest) first, with
// its positions right.
func TestLitOrderHeap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 200
	o := &litOrder{class: make([]int32, n), act: make([]float64, n), pos: make([]int32, n), phase: make([]int8, n), target: make([]int8, n)}
	for i := range o.class {
		o.class[i] = int32(i)
		if i%7 == 3 {
			o.class[i] = int32(i - 1) // a few aliased
		}
		if i%11 == 5 {
			o.class[i] = -1 // a few with no decision variable
		}
	}
	o.reset()
	for step := range 20000 {
		k := int32(rng.IntN(n))
		switch rng.IntN(4) {
		case 0, 1:
			o.bump(k)
			o.inc *= activityGrow
		case 2:
			if len(o.heap) > 0 {
				o.pop()
			}
		case 3:
			o.undone(k, step%2 == 0)
		}
		if step%97 == 0 || o.inc > 1e90 {
			checkHeap(t, o)
		}
	}
	checkHeap(t, o)
}

// TestLitOrderRescaled: activities scaled down past underflow tie at 0,
// and the heap still puts the lowest class first among them.
func TestLitOrderRescaled(t *testing.T) {
	o := &litOrder{class: []int32{0, 1, 2, 3}, act: make([]float64, 4), pos: make([]int32, 4), phase: make([]int8, 4), target: make([]int8, 4)}
	o.reset()
	o.inc = 2
	o.bump(3)
	o.inc = 1
	o.bump(2)
	for range 30000 {
		o.bump(0)
		o.inc *= activityGrow
	}
	require.Zero(t, o.act[1])
	require.Zero(t, o.act[3], "scaled down to 0")
	checkHeap(t, o)
	o.pop()
	assert.Equal(t, int32(1), o.heap[0], "the first of the classes at 0")
}

func checkHeap(t *testing.T, o *litOrder) {
	t.Helper()
	in := 0
	for c, p := range o.pos {
		if p >= 0 {
			in++
			require.Equal(t, int32(c), o.heap[p])
		}
	}
	require.Len(t, o.heap, in)
	for i := 1; i < len(o.heap); i++ {
		require.False(t, o.before(o.heap[i], o.heap[(i-1)/2]), "index %d before its parent", i)
	}
}
