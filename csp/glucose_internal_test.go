package csp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEMA: the bias-corrected average starts at the first value (not
// pulled towards 0), stays at a constant input, and moves towards a new
// level faster with a larger weight.
func TestEMA(t *testing.T) {
	fast, slow := newEMA(glucoseFast), newEMA(glucoseSlow)
	assert.Zero(t, fast.value(), "no value yet")
	fast.add(8)
	slow.add(8)
	assert.InDelta(t, 8, fast.value(), 1e-9)
	assert.InDelta(t, 8, slow.value(), 1e-9)
	for range 1000 {
		fast.add(8)
		slow.add(8)
	}
	assert.InDelta(t, 8, fast.value(), 1e-9)
	assert.InDelta(t, 8, slow.value(), 1e-9)
	for range 100 {
		fast.add(20)
		slow.add(20)
	}
	assert.Greater(t, fast.value(), 19.0, "the fast average has nearly reached the new level")
	assert.Less(t, slow.value(), 10.0, "the slow one has barely moved")
}

// TestGlucoseRestarts: with steady LBDs the policy never restarts; when
// the LBDs rise it restarts, not before the minimum number of conflicts
// since the last restart, and then counts again from zero.
func TestGlucoseRestarts(t *testing.T) {
	var l learner
	l.lbdFast, l.lbdSlow = newEMA(glucoseFast), newEMA(glucoseSlow)
	for i := range 2000 {
		assert.False(t, l.glucose(6, 2), "steady LBD, conflict %d", i)
	}
	assert.True(t, l.glucose(30, 50), "the LBDs rose, 2000 conflicts after the last restart: a restart at once")
	next := 0
	for !l.glucose(30, 50) {
		next++
		require.Less(t, next, 1000, "no second restart")
	}
	assert.Equal(t, 49, next, "the next one only once 50 conflicts have passed since")
	assert.Zero(t, l.sinceRestart, "and the count starts again")
}
