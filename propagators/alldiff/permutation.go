package alldiff

import (
	"fmt"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/domains"
)

// PostPermutationMatrix constrains an n×n grid of variables so that value v
// sits exactly once in every row and every column: the cells holding v form
// a permutation matrix. It is the all-different constraint of the dual view
// (for each row, the column where v sits), filtered at GAC by the same
// matching core as GAC: v leaves every cell through which no placement of v
// in all rows and columns passes. Latin squares and sudoku imply it for
// every symbol; posting it gives propagation that row and column
// all-different alone do not reach.
//
// PostPermutationMatrix returns an error wrapping ErrVars, and posts
// nothing, when the grid is not square, v is outside 0..domains.MaxValue
// (no domain can hold it) or a cell is not a variable of m.
func PostPermutationMatrix(m *csp.Model, cells [][]csp.Var, v int) error {
	n := len(cells)
	if v < 0 || v > domains.MaxValue {
		return fmt.Errorf("%w: value %d outside 0..%d", ErrVars, v, domains.MaxValue)
	}
	var all []csp.Var
	for r, row := range cells {
		if len(row) != n {
			return fmt.Errorf("%w: row %d has %d cells in a grid of %d rows (want a square grid)", ErrVars, r+1, len(row), n)
		}
		all = append(all, row...)
	}
	if err := m.CheckWords(all...); err != nil {
		return fmt.Errorf("%w: %w", ErrVars, err)
	}
	p := &permProp{cells: cells, v: v, m: newMatcher(n, domains.WordsFor(n-1), n)}
	p.why = newGridWhy(m, cells, v)
	m.Post(p, domains.EventDomain, all...)
	return nil
}

type permProp struct {
	cells [][]csp.Var
	v     int
	m     *matcher
	why   *why      // what explanations read, shared by clones (justify.go)
	ex    justifier // the explanations' scratch, this clone's
}

func (p *permProp) Propagate(s *csp.Space) csp.Status {
	for r, row := range p.cells {
		adj := p.m.row(r)
		clear(adj)
		for c, x := range row {
			if s.Contains(x, p.v) {
				adj[c/64] |= 1 << (c % 64)
			}
		}
	}
	p.m.all()
	if !p.m.maximize() {
		return csp.Failed
	}
	p.m.filter()
	for r, row := range p.cells {
		adj := p.m.row(r)
		for c, x := range row {
			if adj[c/64]&(1<<(c%64)) == 0 && !s.Remove(x, p.v) {
				return csp.Failed
			}
		}
	}
	return csp.Fixpoint
}

func (p *permProp) Name() string           { return "alldiff/permutation-matrix" }
func (p *permProp) Priority() csp.Priority { return csp.Expensive }
func (p *permProp) Clone() csp.Propagator {
	return &permProp{cells: p.cells, v: p.v, m: p.m.clone(), why: p.why}
}
