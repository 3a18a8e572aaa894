package catalog_test

import (
	"context"
	"io"
	"iter"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

func minimal(name string) catalog.Problem {
	return catalog.Problem{
		Name: name,
		Read: func(io.Reader) iter.Seq[catalog.Item] { return func(func(catalog.Item) bool) {} },
		Solve: func(context.Context, any, *catalog.Settings, *catalog.Cache) ([][]int, csp.Result, error) {
			return nil, csp.Result{}, nil
		},
		Count: func(context.Context, any, *catalog.Settings, *catalog.Cache) (csp.Result, error) {
			return csp.Result{}, nil
		},
		Write: func(io.Writer, any, [][]int) error { return nil },
		Flags: []catalog.Flag{{Name: "colour", Default: "red"}},
	}
}

func TestRegisterAndLookup(t *testing.T) {
	catalog.Register(minimal("test-puzzle"))
	p, ok := catalog.Lookup("test-puzzle")
	require.True(t, ok)
	assert.Equal(t, "test-puzzle", p.Name)
	assert.Contains(t, catalog.Names(), "test-puzzle")
	_, ok = catalog.Lookup("no-such-puzzle")
	assert.False(t, ok)

	assert.PanicsWithValue(t, "catalog: problem test-puzzle registered twice", func() { catalog.Register(minimal("test-puzzle")) })
	assert.Panics(t, func() { catalog.Register(catalog.Problem{Name: "half"}) }, "missing functions")
	assert.Panics(t, func() { catalog.Register(minimal("")) }, "missing name")

	s := catalog.NewSettings(p)
	assert.Equal(t, "red", s.Flag("colour"), "a flag's default")
	s.SetFlag("colour", "blue")
	assert.Equal(t, "blue", s.Flag("colour"))
	assert.EqualValues(t, -1, s.Holes, "holes not given")
}

func TestCacheMakesOnce(t *testing.T) {
	var c catalog.Cache
	made := 0
	mk := func() any { made++; return made }
	assert.Equal(t, 1, c.Get("k", mk))
	assert.Equal(t, 1, c.Get("k", mk))
	assert.Equal(t, 2, c.Get("other", mk))
}

func TestRows(t *testing.T) {
	assert.Nil(t, catalog.Rows(nil, 3))
	assert.Equal(t, [][]int{{1, 2}, {3, 4}}, catalog.Rows([]int{1, 2, 3, 4}, 2))
}

func TestUnsatisfiableUnwraps(t *testing.T) {
	err := catalog.Unsatisfiable{Reason: io.EOF}
	assert.ErrorIs(t, err, io.EOF)
	assert.Equal(t, "EOF", err.Error())
}
