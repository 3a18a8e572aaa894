package csp_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/propagators/alldiff"
)

// saveConfig is a way to undo branches: a mode, and for Copying the copy
// budget in snapshots (-1: no bound).
type saveConfig struct {
	mode      csp.SaveMode
	snapshots int
}

func (c saveConfig) String() string {
	if c.mode == csp.Trailing {
		return "trailing"
	}
	if c.snapshots < 0 {
		return "copying"
	}
	return fmt.Sprintf("copying %d levels", c.snapshots)
}

// budget is the copy budget in bytes for a store of words domain words.
func (c saveConfig) budget(words int) int64 {
	if c.snapshots < 0 {
		return -1
	}
	return int64(c.snapshots * words * 8)
}

// saveConfigs are pure copying, pure trailing, and hybrids that copy the
// first 0 to 3 levels and trail below.
var saveConfigs = []saveConfig{
	{csp.Copying, -1}, {csp.Trailing, 0},
	{csp.Copying, 0}, {csp.Copying, 1}, {csp.Copying, 2}, {csp.Copying, 3},
}

// domainWords copies every domain's words, the whole state Pop restores.
func domainWords(s *csp.Space) [][]uint64 {
	out := make([][]uint64, s.NumVars())
	for x := range out {
		out[x] = slices.Clone(s.Words(csp.Var(x)))
	}
	return out
}

// TestHybridSaveRestoresExactly walks random paths of pushes, narrowings
// (by every filtering method, and by propagation of all-different
// constraints that entail and fail) and pops, on domains of one to three
// words, under every save configuration: each Pop must give back the very
// words that stood at its Push, as recorded independently here.
func TestHybridSaveRestoresExactly(t *testing.T) {
	for _, cfg := range saveConfigs {
		t.Run(cfg.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 11))
			for trial := range 40 {
				m := csp.NewModel()
				var xs []csp.Var
				words := 0
				for i := range 12 {
					hi := []int{9, 70, 150}[i%3]
					xs = append(xs, m.NewIntVar(0, hi, "x"))
					words += hi/64 + 1
				}
				require.NoError(t, alldiff.Post(m, xs[:6], alldiff.GAC))
				require.NoError(t, alldiff.Post(m, xs[6:], alldiff.Value))
				s := csp.NewSpace(m, cfg.mode)
				s.SetCopyBudget(cfg.budget(words))
				require.True(t, s.Propagate())
				var saved [][][]uint64
				for step := range 300 {
					switch op := rng.IntN(10); {
					case op < 3 && len(saved) < 20:
						saved = append(saved, domainWords(s))
						s.Push()
					case op < 5 && len(saved) > 0:
						s.Pop()
						want := saved[len(saved)-1]
						saved = saved[:len(saved)-1]
						require.Equal(t, want, domainWords(s), "trial %d step %d: pop to level %d", trial, step, len(saved))
						require.Equal(t, len(saved), s.Level())
					case s.Failed():
						// A failed node is only popped.
					default:
						x := xs[rng.IntN(len(xs))]
						v := rng.IntN(160)
						switch rng.IntN(6) {
						case 0:
							s.Remove(x, v)
						case 1:
							s.RemoveBelow(x, v/4)
						case 2:
							s.RemoveAbove(x, v)
						case 3:
							s.Assign(x, s.Max(x))
						case 4:
							s.IntersectWords(x, []uint64{rng.Uint64(), rng.Uint64(), rng.Uint64()})
						default:
							s.RemoveWords(x, []uint64{1 << (v % 64)})
						}
						s.Propagate()
					}
				}
			}
		})
	}
}

// TestHybridSearchMatches: a search visits the same tree, node for node,
// whether its levels are copied, trailed, or copied near the root and
// trailed below; Stats.Trailed says which levels were trailed.
func TestHybridSearchMatches(t *testing.T) {
	type model struct {
		name  string
		m     *csp.Model
		words int
	}
	q, _ := queens(t, 9)
	l, _ := latin(t, 5, true, alldiff.GAC)
	p := pigeons(t, 7, 6)
	models := []model{{"9 queens", q, 9}, {"latin 5, first row given", l, 25}, {"pigeons 7 in 6", p, 7}}
	for _, md := range models {
		for _, o := range []csp.Options{
			{},
			{Var: csp.DomWDeg, Val: csp.ValSplit},
			{Var: csp.MinDomain, Val: csp.ValRandom, Seed: 5, RandomTies: true},
			{Var: csp.DomWDeg, Restarts: csp.Luby, RestartBase: 3, Nogoods: true, LastConflict: true},
		} {
			var ref csp.Result
			for i, cfg := range saveConfigs {
				o := o
				o.SaveMode, o.CopyBudget = cfg.mode, cfg.budget(md.words)
				if o.CopyBudget == 0 {
					o.CopyBudget = 1 // 0 is the default budget: 1 byte copies no level
				}
				var res csp.Result
				if o.Restarts != csp.NoRestarts {
					res = csp.Solve(context.Background(), md.m, o)
				} else {
					res = csp.Count(context.Background(), md.m, o, 0)
				}
				name := fmt.Sprintf("%s, %+v, %v", md.name, o, cfg)
				require.True(t, res.Complete || res.Solutions > 0, name)
				if i == 0 {
					ref = res
					assert.Zero(t, res.Stats.Trailed, "%s: unbounded copying trails nothing", name)
					continue
				}
				assert.Equal(t, ref.Solutions, res.Solutions, name)
				assert.Equal(t, ref.Solution, res.Solution, name)
				assert.Equal(t, ref.Stats.Nodes, res.Stats.Nodes, name)
				assert.Equal(t, ref.Stats.Failures, res.Stats.Failures, name)
				assert.Equal(t, ref.Stats.PeakDepth, res.Stats.PeakDepth, name)
				assert.Equal(t, ref.Stats.Restarts, res.Stats.Restarts, name)
				if res.Stats.PeakDepth > cfg.snapshots {
					assert.Positive(t, res.Stats.Trailed, "%s: levels past the budget are trailed", name)
				}
			}
		}
	}
}

// TestCopyBudgetDefault: a model of a few words copies every level by
// default; a budget of one snapshot trails from the second level on.
func TestCopyBudgetDefault(t *testing.T) {
	m, _ := queens(t, 8)
	res := csp.Count(context.Background(), m, csp.Options{}, 0)
	assert.Zero(t, res.Stats.Trailed)
	one := csp.Count(context.Background(), m, csp.Options{CopyBudget: 8 * 8}, 0)
	assert.Equal(t, res.Stats.Nodes, one.Stats.Nodes)
	assert.Positive(t, one.Stats.Trailed)
	assert.Less(t, one.Stats.Trailed, one.Stats.Nodes, "the first level is copied")

	s := csp.NewSpace(m, csp.Copying)
	s.Push()
	assert.Panics(t, func() { s.SetCopyBudget(0) }, "below the root")
}

// TestMaxMemory: a search past its MaxMemory stops as unknown, with the
// reason; a generous bound changes nothing; a context cancelled with
// ErrMemoryLimit as the cause says memory limit too, for the plain, the
// parallel and the portfolio searches.
func TestMaxMemory(t *testing.T) {
	m, _ := queens(t, 10)
	free := csp.Count(context.Background(), m, csp.Options{}, 0)
	require.True(t, free.Complete)

	tiny := csp.Count(context.Background(), m, csp.Options{MaxMemory: 1}, 0)
	assert.Equal(t, csp.MemoryLimit, tiny.Stopped)
	assert.Equal(t, "memory limit", tiny.Stopped.String())
	assert.False(t, tiny.Complete)
	assert.Equal(t, "unknown", tiny.Status())

	big, _ := queens(t, 40)
	mid := csp.Solve(context.Background(), big, csp.Options{MaxMemory: 2000})
	assert.Equal(t, csp.MemoryLimit, mid.Stopped, "a deep search outgrows 2000 bytes")
	assert.Positive(t, mid.Stats.Nodes, "and stops on the way down, not at the root")

	ample := csp.Count(context.Background(), m, csp.Options{MaxMemory: 1 << 30}, 0)
	assert.Equal(t, free.Solutions, ample.Solutions)
	assert.Equal(t, free.Stats.Nodes, ample.Stats.Nodes)
	assert.True(t, ample.Complete)

	for name, o := range map[string]csp.Options{
		"plain":     {},
		"parallel":  {Workers: 2},
		"portfolio": {Portfolio: []csp.Options{{Var: csp.DomWDeg}}},
	} {
		bounded := o
		bounded.MaxMemory = 1
		if o.Portfolio != nil {
			bounded.Portfolio = []csp.Options{{Var: csp.DomWDeg, MaxMemory: 1}} // each member has its own bound
		}
		res := csp.Count(context.Background(), m, bounded, 0)
		assert.Equal(t, csp.MemoryLimit, res.Stopped, "%s: MaxMemory", name)
		assert.False(t, res.Complete, name)

		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(csp.ErrMemoryLimit)
		res = csp.Count(ctx, m, o, 0)
		assert.Equal(t, csp.MemoryLimit, res.Stopped, "%s: cancelled for memory", name)
		assert.Equal(t, "unknown", res.Status(), name)
	}
}

// TestBFSUnderMaxMemory: a breadth-first search keeps its default
// frontier within half of MaxMemory, and a context cancelled for memory
// stops it with MemoryLimit.
func TestBFSUnderMaxMemory(t *testing.T) {
	m, _ := queens(t, 8)
	// 8 one-word domains: 64 bytes a node, so 1,280 bytes allow 10 nodes.
	res := csp.Count(context.Background(), m, csp.Options{Order: csp.BreadthFirst, MaxMemory: 1280}, 0)
	assert.Equal(t, csp.FrontierLimit, res.Stopped)
	assert.Equal(t, int64(10), res.Stats.PeakFrontier)
	free := csp.Count(context.Background(), m, csp.Options{Order: csp.BreadthFirst}, 0)
	assert.True(t, free.Complete, "the default frontier holds this tree")

	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(csp.ErrMemoryLimit)
	res = csp.Count(ctx, m, csp.Options{Order: csp.BreadthFirst}, 0)
	assert.Equal(t, csp.MemoryLimit, res.Stopped)
}
