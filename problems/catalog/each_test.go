package catalog_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/neq"
)

// pair is a toy problem whose Count goes through Run.CountModel: an
// instance n asks for two different values x, y in 1..n, n(n-1)
// solutions, one row [x y] each. Its checker refuses x = refuse, so the
// tests can see a refused solution stop the listing.
type pair struct {
	name   string
	refuse int
}

func (p pair) Info() catalog.Info                        { return catalog.Info{Name: p.name} }
func (pair) Options(*catalog.Settings) (struct{}, error) { return struct{}{}, nil }
func (pair) Read(io.Reader) iter.Seq[catalog.Item[int]]  { return nil }
func (pair) Write(w io.Writer, _ int, g [][]int) error   { _, err := fmt.Fprintln(w, g); return err }
func (pair) Solve(context.Context, int, struct{}, catalog.Run) ([][]int, csp.Result, error) {
	return nil, csp.Result{}, errors.New("not used")
}

func (pair) Count(ctx context.Context, n int, _ struct{}, run catalog.Run) (csp.Result, error) {
	m := csp.NewModel()
	x, y := m.NewIntVar(1, n, "x"), m.NewIntVar(1, n, "y")
	if err := neq.Post(m, x, y); err != nil {
		return csp.Result{}, err
	}
	return run.CountModel(ctx, m, run.Search, func(v []int) [][]int { return [][]int{{v[x], v[y]}} }), nil
}

func (p pair) Check(n int, g [][]int) error {
	switch {
	case len(g) != 1 || len(g[0]) != 2 || g[0][0] == g[0][1] || min(g[0][0], g[0][1]) < 1 || max(g[0][0], g[0][1]) > n:
		return fmt.Errorf("not a pair: %v", g)
	case g[0][0] == p.refuse:
		return fmt.Errorf("x = %d refused", p.refuse)
	}
	return nil
}

func init() {
	catalog.Register[int, struct{}](pair{name: "test-pair"})
	catalog.Register[int, struct{}](pair{name: "test-pair-refusing", refuse: 2})
}

// Each hands over every solution Count counts, depth first and breadth
// first, each one once; with a cap it stops there and says so.
func TestEachListsWhatCountCounts(t *testing.T) {
	p, _ := catalog.Lookup("test-pair")
	for _, order := range []csp.Order{csp.DepthFirst, csp.BreadthFirst} {
		for _, tc := range []struct {
			n, limit   int
			want       int
			complete   bool
			stoppedBy  csp.Stop
			yieldFalse int // yield returns false at this solution (0: never)
		}{
			{n: 4, want: 12, complete: true},
			{n: 1, want: 0, complete: true},
			{n: 5, limit: 7, want: 7, stoppedBy: csp.SolutionLimit},
			{n: 5, want: 3, yieldFalse: 3},
		} {
			t.Run(fmt.Sprintf("%v/n=%d/limit=%d/stop=%d", order, tc.n, tc.limit, tc.yieldFalse), func(t *testing.T) {
				s := catalog.NewSettings(p)
				s.Search.Order, s.Limit = order, int64(tc.limit)
				count, err := p.Count(context.Background(), tc.n, s, nil)
				require.NoError(t, err)
				seen := map[string]bool{}
				res, err := p.Each(context.Background(), tc.n, s, nil, func(g [][]int) bool {
					require.NoError(t, p.Check(tc.n, g))
					key := fmt.Sprint(g)
					assert.False(t, seen[key], "%s twice", key)
					seen[key] = true
					return len(seen) != tc.yieldFalse
				})
				require.NoError(t, err)
				assert.Len(t, seen, tc.want)
				assert.EqualValues(t, tc.want, res.Solutions)
				assert.Equal(t, tc.complete, res.Complete)
				assert.Equal(t, tc.stoppedBy, res.Stopped)
				if tc.yieldFalse == 0 {
					assert.Equal(t, count.Solutions, res.Solutions, "as Count counts")
				}
			})
		}
	}
}

// Each checks every solution before handing it over, refuses a parallel
// search, and catches a problem whose Count ignores Run.Each.
func TestEachErrors(t *testing.T) {
	ctx := context.Background()
	refusing, _ := catalog.Lookup("test-pair-refusing")
	s := catalog.NewSettings(refusing)
	handed := 0
	_, err := refusing.Each(ctx, 3, s, nil, func(g [][]int) bool {
		assert.NotEqual(t, 2, g[0][0], "a refused solution is not handed over")
		handed++
		return true
	})
	assert.ErrorContains(t, err, "internal error: solution 3 fails the checker: x = 2 refused")
	assert.Equal(t, 2, handed, "(1,2) and (1,3) come first; the search stops at (2,1)")

	p, _ := catalog.Lookup("test-pair")
	for _, o := range []csp.Options{{Workers: 2}, {Portfolio: []csp.Options{{}}}} {
		s := catalog.NewSettings(p)
		s.Search = o
		_, err := p.Each(ctx, 3, s, nil, func([][]int) bool { return true })
		assert.ErrorIs(t, err, catalog.ErrEachParallel)
	}

	// word's Count says it found solutions and hands none over.
	catalog.Register[string, colour](word{"test-each-ignored"})
	w, _ := catalog.Lookup("test-each-ignored")
	s = catalog.NewSettings(w)
	s.Limit = 3
	_, err = w.Each(ctx, "x", s, nil, func([][]int) bool { return true })
	assert.ErrorContains(t, err, "internal error: test-each-ignored counted 3 solutions but handed over 0")
}
