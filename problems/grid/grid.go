// Package grid is the modelling helper of grid puzzles: a board of
// variables in a model, and its rows, columns, boxes, diagonals, regions
// and cages as slices of variables, ready for alldiff.Post, linear.Post,
// table.Post and the other propagators.
package grid

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/cspgo/csp/csp"
)

// Grid is a board of Rows x Cols variables of a model, row by row.
type Grid struct {
	Model      *csp.Model
	Rows, Cols int
	Vars       []csp.Var // Vars[r*Cols+c] is the cell at row r, column c
}

// New adds a rows x cols board of variables ranging over lo..hi to m,
// named r1c1, r1c2, ... (1-based, as puzzle books name cells).
func New(m *csp.Model, rows, cols, lo, hi int) *Grid {
	g, _ := NewContext(context.Background(), m, rows, cols, lo, hi)
	return g
}

// NewContext is New under ctx, for boards large enough that adding their
// variables takes a while (an order-200 Latin square's; docs/BENCHMARKS.md,
// "Issue 20: deadlines"): it looks at ctx before
// each row and returns context.Cause(ctx), and no board, once ctx is
// done. What it added to m before then stays there (a model being built
// under ctx is dropped when ctx ends).
func NewContext(ctx context.Context, m *csp.Model, rows, cols, lo, hi int) (*Grid, error) {
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	g := &Grid{Model: m, Rows: rows, Cols: cols, Vars: make([]csp.Var, rows*cols)}
	names := CellNames(rows, cols)
	m.Grow(len(g.Vars))
	for i := range g.Vars {
		if i%cols == 0 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		g.Vars[i] = m.NewIntVar(lo, hi, names[i])
	}
	return g, nil
}

// The names of the shapes met so far, by [2]int{rows, cols}: a map that
// is never changed once published (a new shape publishes a copy), so that
// the look-up every model's build makes is one atomic load, whatever the
// number of goroutines. It keeps at most maxCachedShapes shapes and
// maxCachedCells names, so that a batch of ever larger boards cannot make
// it grow without bound: past that, a shape's names are made for its
// caller and not kept.
var (
	cellNames   atomic.Pointer[map[[2]int][]string]
	cellNamesMu sync.Mutex // serializes publishing
)

const (
	maxCachedShapes = 256
	maxCachedCells  = 1 << 18 // a 512x512 board's, or many small ones'
)

// CellNames returns the names of a rows x cols board's cells, row by row:
// r1c1, r1c2, ... (1-based, as puzzle books name cells). The slice is
// made once per shape in a process (within the bounds above) and shared:
// callers must not modify it.
func CellNames(rows, cols int) []string {
	key := [2]int{rows, cols}
	if p := cellNames.Load(); p != nil {
		if names, ok := (*p)[key]; ok {
			return names
		}
	}
	names := makeCellNames(rows, cols)
	cellNamesMu.Lock()
	defer cellNamesMu.Unlock()
	var old map[[2]int][]string
	if p := cellNames.Load(); p != nil {
		old = *p
	}
	if kept, ok := old[key]; ok {
		return kept // made meanwhile by another goroutine
	}
	cells := len(names)
	for _, n := range old {
		cells += len(n)
	}
	if len(old) >= maxCachedShapes || cells > maxCachedCells {
		return names
	}
	next := make(map[[2]int][]string, len(old)+1)
	maps.Copy(next, old)
	next[key] = names
	cellNames.Store(&next)
	return names
}

// makeCellNames makes CellNames's slice: the names share one backing
// string per board, each a slice of it, sized before it is written (an
// order-200 square's 40,000 names are one allocation of 290 kB and the
// slice of their headers).
func makeCellNames(rows, cols int) []string {
	names := make([]string, rows*cols)
	size := 0
	for r := 1; r <= rows; r++ {
		size += cols * (2 + digits(r))
	}
	for c := 1; c <= cols; c++ {
		size += rows * digits(c)
	}
	var b strings.Builder
	b.Grow(size)
	var buf [2 + 2*20]byte
	for r := 1; r <= rows; r++ {
		for c := 1; c <= cols; c++ {
			name := strconv.AppendInt(append(buf[:0], 'r'), int64(r), 10)
			b.Write(strconv.AppendInt(append(name, 'c'), int64(c), 10))
		}
	}
	all, start := b.String(), 0
	for i := range names {
		end := start + 2 + digits(i/cols+1) + digits(i%cols+1)
		names[i], start = all[start:end], end
	}
	return names
}

// digits is the number of decimal digits of n > 0.
func digits(n int) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

// At returns the cell at row r, column c (0-based).
func (g *Grid) At(r, c int) csp.Var { return g.Vars[r*g.Cols+c] }

// Row returns row r, left to right.
func (g *Grid) Row(r int) []csp.Var {
	return append([]csp.Var(nil), g.Vars[r*g.Cols:(r+1)*g.Cols]...)
}

// Col returns column c, top to bottom.
func (g *Grid) Col(c int) []csp.Var {
	out := make([]csp.Var, g.Rows)
	for r := range out {
		out[r] = g.At(r, c)
	}
	return out
}

// AllRows returns every row, top to bottom.
func (g *Grid) AllRows() [][]csp.Var {
	out := make([][]csp.Var, g.Rows)
	for r := range out {
		out[r] = g.Row(r)
	}
	return out
}

// AllCols returns every column, left to right.
func (g *Grid) AllCols() [][]csp.Var {
	out := make([][]csp.Var, g.Cols)
	for c := range out {
		out[c] = g.Col(c)
	}
	return out
}

// Lines returns every row, then every column: the units of a Latin square.
func (g *Grid) Lines() [][]csp.Var { return append(g.AllRows(), g.AllCols()...) }

// Boxes returns the boxes of boxRows x boxCols cells in reading order (box
// k's cells in reading order too). It panics unless the boxes tile the
// board.
func (g *Grid) Boxes(boxRows, boxCols int) [][]csp.Var {
	if boxRows <= 0 || boxCols <= 0 || g.Rows%boxRows != 0 || g.Cols%boxCols != 0 {
		panic(fmt.Sprintf("grid: boxes of %dx%d do not tile a %dx%d board", boxRows, boxCols, g.Rows, g.Cols))
	}
	var out [][]csp.Var
	for top := 0; top < g.Rows; top += boxRows {
		for left := 0; left < g.Cols; left += boxCols {
			var box []csp.Var
			for r := top; r < top+boxRows; r++ {
				for c := left; c < left+boxCols; c++ {
					box = append(box, g.At(r, c))
				}
			}
			out = append(out, box)
		}
	}
	return out
}

// Diagonals returns the main diagonal (top left to bottom right) and the
// anti-diagonal (top right to bottom left) of a square board; it panics on
// another shape.
func (g *Grid) Diagonals() (main, anti []csp.Var) {
	if g.Rows != g.Cols {
		panic(fmt.Sprintf("grid: a %dx%d board has no diagonals", g.Rows, g.Cols))
	}
	for i := range g.Rows {
		main = append(main, g.At(i, i))
		anti = append(anti, g.At(i, g.Cols-1-i))
	}
	return main, anti
}

// Regions groups the cells by label (one label per cell, row by row, as
// jigsaw sudoku regions are given): region k holds the cells labelled with
// the k-th distinct label in reading order, in reading order. It panics
// unless there is one label per cell.
func (g *Grid) Regions(labels []int) [][]csp.Var {
	if len(labels) != len(g.Vars) {
		panic(fmt.Sprintf("grid: %d labels for %d cells", len(labels), len(g.Vars)))
	}
	index := map[int]int{}
	var out [][]csp.Var
	for i, l := range labels {
		k, ok := index[l]
		if !ok {
			k = len(out)
			index[l] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], g.Vars[i])
	}
	return out
}

// Cells returns the variables at the given (row, column) positions, in
// that order: a cage.
func (g *Grid) Cells(at [][2]int) []csp.Var {
	out := make([]csp.Var, len(at))
	for i, rc := range at {
		out[i] = g.At(rc[0], rc[1])
	}
	return out
}

// Values returns the board's values in a solution indexed by Var (as
// csp.Result.Solution), row by row. The rows share one backing array
// (two allocations, not one per row: a small puzzle's solution costs
// little beside them), each row's capacity its length, so that appending
// to one never writes into the next.
func (g *Grid) Values(solution []int) [][]int { return g.ValuesInto(nil, solution) }

// ValuesInto is Values written over dst when dst has the board's shape
// (Rows rows of Cols values, as an earlier Values or ValuesInto returned):
// a solution read again into the same rows costs no allocation.
// Otherwise it allocates as Values does.
func (g *Grid) ValuesInto(dst [][]int, solution []int) [][]int {
	out := dst
	if !g.fits(out) {
		out = make([][]int, g.Rows)
		cells := make([]int, g.Rows*g.Cols)
		for r := range out {
			out[r] = cells[r*g.Cols : (r+1)*g.Cols : (r+1)*g.Cols]
		}
	}
	for r := range out {
		for c := range out[r] {
			out[r][c] = solution[g.At(r, c)]
		}
	}
	return out
}

// fits reports whether rows has the board's shape.
func (g *Grid) fits(rows [][]int) bool {
	if len(rows) != g.Rows {
		return false
	}
	for _, row := range rows {
		if len(row) != g.Cols {
			return false
		}
	}
	return true
}

// EmptyCell is Narrow's error when the givens and marks leave a cell with
// no value: the puzzle has no solution. It unwraps to csp.ErrEmptyDomain,
// so callers tell it from a programming error with errors.Is.
type EmptyCell struct {
	Row, Col   int    // from 0
	Given      int    // the cell's given, 0 for none
	Candidates string // its pencil marks, as written
}

func (e *EmptyCell) Error() string {
	return fmt.Sprintf("r%dc%d: no value left (given %v, candidates %s)", e.Row+1, e.Col+1, e.Given, e.Candidates)
}

// Unwrap returns csp.ErrEmptyDomain.
func (e *EmptyCell) Unwrap() error { return csp.ErrEmptyDomain }

// Narrow restricts the cells before search: a given (givens[i] > 0, row
// by row; givens may be nil) fixes cell i, and marks, when not nil, keeps
// in cell i only the values whose bit is set in marks[i] (a person's
// pencil marks). It returns an *EmptyCell naming the first cell left with
// no value.
func (g *Grid) Narrow(givens []int, marks []uint64) error {
	for i, x := range g.Vars {
		var err error
		if givens != nil && givens[i] > 0 {
			err = g.Model.Restrict(x, oneValue(givens[i], g.Model.Width(x)))
		}
		if marks != nil && err == nil {
			err = g.Model.Restrict(x, marks[i:i+1])
		}
		if errors.Is(err, csp.ErrEmptyDomain) {
			return g.emptyCell(i, givens, marks)
		} else if err != nil {
			return err
		}
	}
	return nil
}

// NarrowSpace is Narrow on sp, a space of the board's model at its root,
// rather than on the model: how an instance puts its givens and pencil
// marks into a model built once for its shape and reused (see
// problems/catalog.Reuse). It allocates nothing unless a cell is left
// with no value, and returns the same *EmptyCell as Narrow then (sp is
// failed: a search of it finds nothing).
func (g *Grid) NarrowSpace(sp *csp.Space, givens []int, marks []uint64) error {
	for i, x := range g.Vars {
		ok := true
		if givens != nil && givens[i] > 0 {
			ok = sp.Assign(x, givens[i])
		}
		if marks != nil && ok {
			ok = sp.KeepMask(x, marks[i])
		}
		if !ok {
			return g.emptyCell(i, givens, marks)
		}
	}
	return nil
}

// Flat returns rows one after another, as Narrow and NarrowSpace take
// givens, in the memory of *buf, which it keeps for the next call (nil
// for nil rows; buf may be nil): an instance's givens posed without an
// allocation into a model reused from instance to instance.
func Flat(buf *[]int, rows [][]int) []int {
	if rows == nil {
		return nil
	}
	var b []int
	if buf != nil {
		b = (*buf)[:0]
	}
	for _, r := range rows {
		b = append(b, r...)
	}
	if buf != nil {
		*buf = b
	}
	return b
}

// emptyCell is the error of cell i left with no value.
func (g *Grid) emptyCell(i int, givens []int, marks []uint64) *EmptyCell {
	return &EmptyCell{Row: i / g.Cols, Col: i % g.Cols, Given: at(givens, i), Candidates: maskValues(marks, i)}
}

func oneValue(v, words int) []uint64 {
	w := make([]uint64, max(words, v/64+1))
	w[v/64] = 1 << (v % 64)
	return w[:words]
}

func at(xs []int, i int) int {
	if xs == nil {
		return 0
	}
	return xs[i]
}

func maskValues(marks []uint64, i int) string {
	if marks == nil {
		return "all"
	}
	var vs []int
	for v := range 64 {
		if marks[i]>>v&1 == 1 {
			vs = append(vs, v)
		}
	}
	return fmt.Sprint(vs)
}
