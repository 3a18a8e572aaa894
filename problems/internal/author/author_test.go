package author

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWhy: the reasons in words, the commonest first (ties by name), a
// reason with no wording as it is, one attempt in the singular.
func TestWhy(t *testing.T) {
	st := Stats{Attempts: 9, Rejected: map[string]int{"easier": 2, "harder": 5, "not minimal": 2, "odd": 0}}
	assert.Equal(t, "9 attempts: 5 came out harder than asked, 2 came out easier than asked, 2 kept a removable clue, 0 odd", st.why())
	st = Stats{Attempts: 1, Rejected: map[string]int{"stopped": 1}}
	assert.Equal(t, "1 attempt: 1 was cut short by the limit", st.why())
	assert.Equal(t, "0 attempts", Stats{Rejected: map[string]int{}}.why())
}

// never is a puzzle whose grade is always 0, asked at level 1: every
// attempt comes out easier.
type never struct{}

func (never) Items() int             { return 0 }
func (never) Set(int, bool)          {}
func (never) Solves(int) bool        { return true }
func (never) Unique() bool           { return true }
func (never) Grade() int             { return 0 }
func next(*rand.Rand) (never, error) { return never{}, nil }

// TestMakeGivesUp: both limits end with an error that wraps ErrNotMade and
// its own sentinel, and says why.
func TestMakeGivesUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	_, st, err := Make(context.Background(), rng, Request{Level: 1, Levels: 3, Attempts: 4}, next)
	require.ErrorIs(t, err, ErrAttempts)
	require.ErrorIs(t, err, ErrNotMade)
	assert.False(t, errors.Is(err, ErrTimeLimit))
	assert.Equal(t, "no puzzle made within the cap on attempts: 4 attempts: 4 came out easier than asked", err.Error())
	assert.Equal(t, 4, st.Attempts)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err = Make(ctx, rng, Request{Level: 1, Levels: 3}, next)
	require.ErrorIs(t, err, ErrTimeLimit)
	require.ErrorIs(t, err, ErrNotMade)
}

// several is a full puzzle with two solutions: the rules solve it at no
// level, and it is not unique.
type several struct{ never }

func (several) Solves(int) bool { return false }
func (several) Unique() bool    { return false }

// TestMakeNotUnique: a full puzzle that is not unique (a generator that
// adds no givens may start from one) is rejected as such, not as harder,
// at a level and for search alike.
func TestMakeNotUnique(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	next := func(*rand.Rand) (several, error) { return several{}, nil }
	for _, level := range []int{1, 3} {
		_, st, err := Make(context.Background(), rng, Request{Level: level, Levels: 3, Attempts: 2}, next)
		require.ErrorIs(t, err, ErrAttempts)
		assert.Equal(t, map[string]int{"not unique": 2}, st.Rejected, "level %d", level)
		assert.Contains(t, err.Error(), "2 had several solutions")
	}
}
