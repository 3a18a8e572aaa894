package alldiff

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// recorder hears every change of its variables and writes it down: the
// order in which a propagator changes domains decides the order in which
// the queue runs the others, so two paths that filter alike must also
// change alike.
type recorder struct {
	log []int
}

func (r *recorder) Propagate(*csp.Space) csp.Status { return csp.Fixpoint }

func (r *recorder) Advise(i int, ev domains.Event) bool {
	r.log = append(r.log, i<<8|int(ev))
	return false
}

// twin is one of the two spaces TestOneWordPathAsGeneral runs in step.
type twin struct {
	s   *csp.Space
	rec *recorder
}

func (t *twin) snapshot(vars []csp.Var) [][]uint64 {
	out := make([][]uint64, len(vars))
	for i, x := range vars {
		out[i] = slices.Clone(t.s.Words(x))[:1]
	}
	return out
}

// TestOneWordPathAsGeneral runs the same random searches on two spaces of
// one model of several groups, GAC or Hidden: one whose domains are all
// one word (the one-word path) and one with an extra two-word variable
// outside every constraint (the general path). After every propagation
// both must agree on failure, on every domain, and on the sequence of
// changes, with a third, one-word too, whose GAC propagators read every
// row each run instead of the rows advised since the last (as for a group
// with a repeated variable; for Hidden, the one-word path again), after
// narrowings, assignments, failures and backtracks alike (narrowing below
// a Push, or right after a Pop as a search's right branch does, and Reset
// now and then), in both save modes.
func TestOneWordPathAsGeneral(t *testing.T) {
	for _, st := range []Strength{GAC, Hidden} {
		t.Run(st.String(), func(t *testing.T) { oneWordAsGeneral(t, st) })
	}
}

func oneWordAsGeneral(t *testing.T, strength Strength) {
	rng := rand.New(rand.NewPCG(3, 5))
	trials := 400
	if testing.Short() {
		trials = 100
	}
	for trial := range trials {
		// Either a partial Latin square of order k (rows and columns), or
		// groups over random subsets of random domains.
		var doms []domains.Domain
		var groups [][]int
		switch {
		case trial%5 == 4:
			// Wide: up to 64 variables over values up to 63, the edges of
			// the one-word path's words of positions and values.
			nv := 40 + rng.IntN(25)
			lo := rng.IntN(64 - nv + 1)
			for range nv {
				var vals []int
				for v := lo; v < 64; v++ {
					if rng.IntN(10) < 7 {
						vals = append(vals, v)
					}
				}
				if vals == nil {
					vals = []int{63}
				}
				doms = append(doms, domains.Of(vals...))
			}
			groups = append(groups, rng.Perm(nv), rng.Perm(nv)[:nv/2])
		case trial%2 == 0:
			k := 3 + rng.IntN(8)
			base := rng.IntN(64 - k)
			for range k * k {
				var vals []int
				for v := base; v < base+k; v++ {
					if rng.IntN(10) < 8 {
						vals = append(vals, v)
					}
				}
				if vals == nil {
					vals = []int{base + rng.IntN(k)}
				}
				doms = append(doms, domains.Of(vals...))
			}
			for r := range k {
				var row, col []int
				for c := range k {
					row = append(row, r*k+c)
					col = append(col, c*k+r)
				}
				groups = append(groups, row, col)
			}
		default:
			nv := 3 + rng.IntN(20)
			lo := rng.IntN(50)
			hi := min(63, lo+2+rng.IntN(20))
			for range nv {
				var vals []int
				density := 0.3 + 0.7*rng.Float64()
				for v := lo; v <= hi; v++ {
					if rng.Float64() < density {
						vals = append(vals, v)
					}
				}
				if vals == nil {
					vals = []int{lo}
				}
				doms = append(doms, domains.Of(vals...))
			}
			for range 1 + rng.IntN(4) {
				g := rng.Perm(nv)[:3+rng.IntN(nv-2)]
				groups = append(groups, g)
			}
		}
		mode := csp.SaveMode(trial / 3 % 2)
		build := func(extra, full bool) (*twin, []csp.Var) {
			m := csp.NewModel()
			vars := make([]csp.Var, len(doms))
			for i, d := range doms {
				vars[i] = m.NewVar(d.Clone(), fmt.Sprintf("x%d", i))
			}
			for _, g := range groups {
				var vs []csp.Var
				for _, i := range g {
					vs = append(vs, vars[i])
				}
				if full && strength == GAC {
					// As Post does, but reading every row each run.
					p := newGAC(newGroup(vs, 1), 64)
					p.dup = true
					m.Post(p, domains.EventDomain, vs...)
					continue
				}
				require.NoError(t, Post(m, vs, strength))
			}
			rec := &recorder{}
			m.Post(rec, domains.EventDomain, vars...)
			if extra {
				m.NewVar(domains.Of(100), "wide")
			}
			return &twin{s: csp.NewSpace(m, mode), rec: rec}, vars
		}
		one, vars := build(false, false)
		gen, _ := build(true, false)
		full, _ := build(false, true)
		require.NotNil(t, one.s.OneWord())
		require.Nil(t, gen.s.OneWord())
		for step := range 60 {
			where := fmt.Sprintf("trial %d step %d, domains before %v", trial, step, one.snapshot(vars))
			ok1, ok2, ok3 := one.s.Propagate(), gen.s.Propagate(), full.s.Propagate()
			require.Equal(t, ok2, ok1, "%s: failure", where)
			require.Equal(t, ok3, ok1, "%s: failure, rows read again", where)
			require.Equal(t, gen.rec.log, one.rec.log, "%s: changes", where)
			require.Equal(t, full.rec.log, one.rec.log, "%s: changes, rows read again", where)
			if ok1 {
				require.Equal(t, gen.snapshot(vars), one.snapshot(vars), "%s: domains", where)
			}
			if rng.IntN(30) == 0 {
				one.s.Reset()
				gen.s.Reset()
				full.s.Reset()
				continue
			}
			push := true
			if !ok1 || (one.s.Level() > 0 && rng.IntN(4) == 0) {
				if one.s.Level() == 0 {
					break
				}
				one.s.Pop()
				gen.s.Pop()
				full.s.Pop()
				if rng.IntN(2) == 0 {
					continue
				}
				push = false // narrow the node popped to, as a right branch
			}
			x := vars[rng.IntN(len(vars))]
			if one.s.Assigned(x) {
				continue
			}
			vals := one.s.Dom(x).AppendValues(nil)
			v := vals[rng.IntN(len(vals))]
			assign := rng.IntN(3) == 0
			for _, tw := range []*twin{one, gen, full} {
				if push {
					tw.s.Push()
				}
				if assign {
					tw.s.Assign(x, v)
				} else {
					tw.s.Remove(x, v)
				}
			}
		}
	}
}
