package proptest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
	"github.com/cspgo/csp/internal/proptest"
)

// recorder is a testing.TB that keeps the errors reported to it.
type recorder struct {
	*testing.T
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Logf(string, ...any) {}

// unequal is x != y whose explanations are chosen by the test: why gives
// the reason of [y != v] made true because [x = v] (and the reverse),
// fail whether it also fails, without emptying a domain, once both
// sides are assigned, and failWhy that failure's reason.
type unequal struct {
	x, y    csp.Var
	why     func(other csp.Var, f csp.Fact) []csp.Fact
	fail    bool
	failWhy func(x, y csp.Var, vx, vy int) []csp.Fact
}

func (p *unequal) Propagate(s *csp.Space) csp.Status {
	vx, okx := s.Value(p.x)
	vy, oky := s.Value(p.y)
	if okx && oky && (vx == vy || p.fail && vx+1 == vy) {
		return csp.Failed // x + 1 = y fails too when fail is set: a failure of the constraint x != y, x + 1 != y
	}
	if okx && !s.Remove(p.y, vx) || oky && !s.Remove(p.x, vy) {
		return csp.Failed
	}
	return csp.Fixpoint
}

func (p *unequal) Justify(at csp.Past, f csp.Fact, out []csp.Fact) []csp.Fact {
	other := p.x
	if f.X == p.x {
		other = p.y
	}
	return append(out, p.why(other, f)...)
}

func (p *unequal) JustifyFailure(at csp.Past, out []csp.Fact) []csp.Fact {
	// The values now: the failure is checked at once.
	var vx, vy int = -1, -1
	for v := range 6 {
		if at.Held(csp.Fact{X: p.x, V: int32(v), Eq: true}) {
			vx = v
		}
		if at.Held(csp.Fact{X: p.y, V: int32(v), Eq: true}) {
			vy = v
		}
	}
	return append(out, p.failWhy(p.x, p.y, vx, vy)...)
}

// TestCheckJustifyCatches: the harness accepts right explanations and
// reports each kind of wrong one.
func TestCheckJustifyCatches(t *testing.T) {
	right := func(other csp.Var, f csp.Fact) []csp.Fact { return []csp.Fact{{X: other, V: f.V, Eq: true}} }
	rightFail := func(x, y csp.Var, vx, vy int) []csp.Fact {
		return []csp.Fact{{X: x, V: int32(vx), Eq: true}, {X: y, V: int32(vy), Eq: true}}
	}
	cases := []struct {
		name    string
		why     func(other csp.Var, f csp.Fact) []csp.Fact
		fail    bool
		failWhy func(x, y csp.Var, vx, vy int) []csp.Fact
		want    string // in the first error; "" for none
	}{
		{"right", right, false, nil, ""},
		{"right, with failures", right, true, rightFail, ""},
		{"no reason", func(csp.Var, csp.Fact) []csp.Fact { return nil }, false, nil, "not implied"},
		{"a fact that did not hold", func(other csp.Var, f csp.Fact) []csp.Fact {
			return []csp.Fact{{X: other, V: f.V + 1, Eq: true}}
		}, false, nil, "did not hold"},
		{"a failure explained by half", right, true, func(x, y csp.Var, vx, vy int) []csp.Fact {
			return []csp.Fact{{X: x, V: int32(vx), Eq: true}}
		}, "no failure"},
		{"a failure explained by a fact that does not hold", right, true, func(x, y csp.Var, vx, vy int) []csp.Fact {
			return []csp.Fact{{X: x, V: int32(vx + 1), Eq: true}, {X: y, V: int32(vy), Eq: true}}
		}, "does not hold"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &recorder{T: t}
			holds := func(v []int) bool { return v[0] != v[1] && (!c.fail || v[0]+1 != v[1]) }
			st := proptest.CheckJustify(r, proptest.Explaining{
				Sizes: []int{2},
				Post: func(m *csp.Model, v []csp.Var) error {
					m.Post(&unequal{x: v[0], y: v[1], why: c.why, fail: c.fail, failWhy: c.failWhy}, domains.EventAssigned, v...)
					return nil
				},
				Holds: holds,
			})
			if c.want == "" {
				assert.Empty(t, r.errs)
				assert.NotZero(t, st.Facts)
				if c.fail {
					assert.NotZero(t, st.Failures)
				}
				return
			}
			if assert.NotEmpty(t, r.errs) {
				assert.True(t, strings.Contains(r.errs[0], c.want), "first error: %s", r.errs[0])
			}
		})
	}
}
