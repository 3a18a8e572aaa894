package csp_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// TestInitialDomainIsACopy: narrowing what InitialDomain returns leaves
// the model as it was.
func TestInitialDomainIsACopy(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(1, 9, "x")
	d := m.InitialDomain(x)
	d.Assign(3)
	d.Words()[0] = 0
	again := m.InitialDomain(x)
	assert.Equal(t, "{1..9}", again.String())
	assert.Equal(t, 9, csp.NewSpace(m, csp.Copying).Size(x))
}

func TestRestrict(t *testing.T) {
	cases := []struct {
		name  string
		lo    int
		hi    int
		keep  []uint64
		want  string // the initial domain after
		empty bool   // Restrict reports no value left
	}{
		{"a given", 1, 9, []uint64{1 << 4}, "{4}", false},
		{"pencil marks", 1, 9, []uint64{1<<2 | 1<<5 | 1<<9 | 1<<12}, "{2,5,9}", false},
		{"nothing removed", 1, 3, []uint64{^uint64(0)}, "{1..3}", false},
		{"words past keep count as zero", 60, 70, []uint64{1<<61 | 1<<63}, "{61,63}", false},
		{"a second word", 60, 70, []uint64{0, 1<<2 | 1<<6}, "{66,70}", false},
		{"no value left", 1, 9, []uint64{1 << 10}, "{}", true},
		{"empty keep", 1, 9, nil, "{}", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := csp.NewModel()
			x := m.NewVar(domains.Range(c.lo, c.hi), "x")
			err := m.Restrict(x, c.keep)
			if c.empty {
				require.ErrorIs(t, err, csp.ErrEmptyDomain)
				assert.ErrorContains(t, err, "x")
				res := csp.Count(context.Background(), m, csp.Options{}, 0)
				assert.True(t, res.Complete)
				assert.Zero(t, res.Solutions, "an emptied domain makes the model unsatisfiable")
			} else {
				require.NoError(t, err)
			}
			d := m.InitialDomain(x)
			assert.Equal(t, c.want, d.String())
		})
	}
}

func TestRestrictVariableNotInModel(t *testing.T) {
	m := csp.NewModel()
	x := m.NewIntVar(1, 3, "x")
	for _, bad := range []csp.Var{-1, x + 1} {
		err := m.Restrict(bad, []uint64{2})
		require.Error(t, err)
		assert.NotErrorIs(t, err, csp.ErrEmptyDomain)
	}
	d := m.InitialDomain(x)
	assert.Equal(t, "{1..3}", d.String(), "x untouched")
}

func TestHasAndWidth(t *testing.T) {
	m := csp.NewModel()
	x, y := m.NewIntVar(0, 63, "x"), m.NewIntVar(0, 64, "y")
	assert.True(t, m.Has(x))
	assert.True(t, m.Has(y))
	assert.False(t, m.Has(-1))
	assert.False(t, m.Has(2))
	assert.Equal(t, 1, m.Width(x))
	assert.Equal(t, 2, m.Width(y))
	assert.NoError(t, m.CheckVars(x, y, x))
	assert.NoError(t, m.CheckVars())
	assert.EqualError(t, m.CheckVars(x, y, 2), "variable 2 at position 2 not in the model")
	assert.EqualError(t, m.CheckVars(-1, x), "variable -1 at position 0 not in the model")
}

// TestGrow: a model grown for n variables adds them without copying its
// lists: one allocation each, the domain's words.
func TestGrow(t *testing.T) {
	m := csp.NewModel()
	m.NewIntVar(1, 9, "before")
	m.Grow(0)
	m.Grow(-1)
	const n = 1000
	allocs := testing.AllocsPerRun(1, func() {
		m.Grow(n)
		for range n {
			m.NewIntVar(1, 9, "x")
		}
	})
	assert.LessOrEqual(t, allocs, float64(n+2), "Grow's two slices and a word each")
	assert.GreaterOrEqual(t, m.NumVars(), n+1)
	assert.Equal(t, "before", m.Name(0))
}
