package catalog_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/problems/catalog"
)

// twoShape is a shape of toy instances: two variables over 0..n-1 that must
// differ; an instance fixes the first.
type twoShape struct{ n int }

// notEqual is x != y, checked once both are assigned.
type notEqual struct{ x, y csp.Var }

func (p notEqual) Propagate(s *csp.Space) csp.Status {
	vx, okx := s.Value(p.x)
	vy, oky := s.Value(p.y)
	switch {
	case okx && oky && vx == vy:
		return csp.Failed
	case okx && !s.Remove(p.y, vx), oky && !s.Remove(p.x, vy):
		return csp.Failed
	}
	return csp.Fixpoint
}

// TestReuse: one model and search per key, built once; every Reuse hands
// the search back at the model's root, whatever the last instance posted,
// so each instance is solved and counted as on a model of its own.
func TestReuse(t *testing.T) {
	var c catalog.Cache
	run := catalog.Run{Cache: &c}
	builds := map[int]int{}
	build := func(n int) func() ([2]csp.Var, *csp.Model, error) {
		return func() ([2]csp.Var, *csp.Model, error) {
			builds[n]++
			m := csp.NewModel()
			xs := [2]csp.Var{m.NewVar(domains.Range(0, n-1), "x"), m.NewVar(domains.Range(0, n-1), "y")}
			m.Post(notEqual{xs[0], xs[1]}, domains.EventAssigned, xs[0], xs[1])
			return xs, m, nil
		}
	}
	for _, c := range []struct {
		n, given  int
		solutions int64
	}{
		{3, 0, 2}, {3, 2, 2}, {4, 1, 3}, {3, 1, 2}, {4, 3, 3}, {3, 5, 0},
	} {
		r, err := catalog.Reuse(context.Background(), run, twoShape{c.n}, build(c.n))
		require.NoError(t, err)
		sp := r.Search.Space()
		x, y := r.Model[0], r.Model[1]
		require.Equal(t, c.n, sp.Size(x), "n=%d: the root again", c.n)
		ok := sp.Assign(x, c.given)
		res := r.Solve(context.Background())
		if c.solutions == 0 {
			assert.False(t, ok)
			assert.Nil(t, res.Solution)
			continue
		}
		require.NotNil(t, res.Solution)
		assert.Equal(t, c.given, res.Solution[x])
		assert.NotEqual(t, res.Solution[x], res.Solution[y])

		r, err = catalog.Reuse(context.Background(), run, twoShape{c.n}, build(c.n))
		require.NoError(t, err)
		require.True(t, r.Search.Space().Assign(x, c.given))
		var seen [][][]int
		each := run
		each.Each = func(g [][]int) bool { seen = append(seen, g); return true }
		res = r.Count(context.Background(), each, func(v []int) [][]int { return [][]int{{v[x], v[y]}} })
		assert.Equal(t, c.solutions, res.Solutions)
		assert.True(t, res.Complete)
		assert.Len(t, seen, int(c.solutions))
	}
	assert.Equal(t, map[int]int{3: 1, 4: 1}, builds, "one build per shape")

	_, err := catalog.Reuse(context.Background(), run, twoShape{9}, func() ([2]csp.Var, *csp.Model, error) {
		return [2]csp.Var{}, nil, errors.New("no model")
	})
	assert.EqualError(t, err, "no model", "a failed build is returned, and not kept")
	_, err = catalog.Reuse(context.Background(), run, twoShape{9}, build(9))
	assert.NoError(t, err)

	// A model above MaxReusedVars is built for each instance.
	large := 0
	for range 2 {
		_, err := catalog.Reuse(context.Background(), run, twoShape{-1}, func() ([2]csp.Var, *csp.Model, error) {
			large++
			m := csp.NewModel()
			for range catalog.MaxReusedVars + 1 {
				m.NewIntVar(0, 1, "x")
			}
			return [2]csp.Var{}, m, nil
		})
		require.NoError(t, err)
	}
	assert.Equal(t, 2, large, "a large model is not kept")
}

// TestReusable: only one sequential depth-first search can be reused.
func TestReusable(t *testing.T) {
	for _, c := range []struct {
		name   string
		search csp.Options
		want   bool
	}{
		{"depth first", csp.Options{Var: csp.DomWDeg, Restarts: csp.Luby}, true},
		{"workers", csp.Options{Workers: 2}, false},
		{"portfolio", csp.Options{Portfolio: []csp.Options{{}}}, false},
		{"breadth first", csp.Options{Order: csp.BreadthFirst}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, catalog.Run{Search: c.search}.Reusable())
		})
	}
}

// TestReuseIf: one model under a key, rebuilt in place when the instance
// does not fit the kept one, kept while consecutive instances fit it.
func TestReuseIf(t *testing.T) {
	var c catalog.Cache
	run := catalog.Run{Cache: &c}
	builds := 0
	get := func(layout int) *catalog.Reused[int] {
		r, err := catalog.ReuseIf(context.Background(), run, twoShape{0}, func(kept int) bool { return kept == layout }, func() (int, *csp.Model, error) {
			builds++
			m := csp.NewModel()
			m.NewIntVar(0, layout, "x")
			return layout, m, nil
		})
		require.NoError(t, err)
		require.Equal(t, layout, r.Model, "the model of the instance's layout")
		require.Equal(t, layout+1, r.Search.Space().Size(0), "at the root")
		return r
	}
	for _, c := range []struct{ layout, builds int }{{1, 1}, {1, 1}, {2, 2}, {2, 2}, {2, 2}, {1, 3}, {3, 4}} {
		r := get(c.layout)
		require.True(t, r.Search.Space().Assign(0, 0), "an instance narrows the root")
		assert.Equal(t, c.builds, builds, "layout %d", c.layout)
	}
	r1, r2 := get(3), get(3)
	assert.Same(t, r1, r2)
}
