package kenken

import (
	"encoding/json"
	"fmt"

	"github.com/cspgo/csp/internal/textio"
	"github.com/cspgo/csp/propagators/table"
)

// jsonCage is a cage in the JSON form.
type jsonCage struct {
	Cells  [][]int `json:"cells"`
	Op     string  `json:"op,omitempty"`
	Target int     `json:"target"`
}

// jsonPuzzle is the JSON form of a puzzle.
type jsonPuzzle struct {
	Size     int        `json:"size"`
	Cages    []jsonCage `json:"cages"`
	Solution [][]int    `json:"solution,omitempty"`
}

func parseJSON(t string, line int) (*Puzzle, error) {
	fail := func(err error, format string, args ...any) error {
		return &ParseError{Line: line, Err: err, Detail: fmt.Sprintf(format, args...)}
	}
	var j jsonPuzzle
	if detail := textio.DecodeObject(t, &j); detail != "" {
		return nil, fail(ErrSyntax, "%s", detail)
	}
	n := j.Size
	if n < 1 || n > MaxSize {
		return nil, fail(ErrSize, "size %d, want 1..%d", n, MaxSize)
	}
	if len(j.Cages) > n*n {
		return nil, fail(ErrCage, "%d cages for %d cells", len(j.Cages), n*n)
	}
	p := &Puzzle{N: n, Cages: make([]Cage, len(j.Cages))}
	for k, jc := range j.Cages {
		c := &p.Cages[k]
		if len(jc.Cells) > n*n {
			return nil, fail(ErrCage, "cage %d: %d cells, the board has %d", k+1, len(jc.Cells), n*n)
		}
		for i, rc := range jc.Cells {
			if len(rc) != 2 {
				return nil, fail(ErrCage, "cage %d: cell %d is %v, want [row, column] (0-based)", k+1, i+1, rc)
			}
			c.Cells = append(c.Cells, [2]int{rc[0], rc[1]})
		}
		c.Target = jc.Target
		switch {
		case jc.Op == "" && len(jc.Cells) == 1:
		case jc.Op == "":
			return nil, fail(ErrClue, "cage %d: no op, want +, -, *, / (or x) for a cage of %d cells", k+1, len(jc.Cells))
		default:
			op, err := table.ParseOp(jc.Op)
			if err != nil {
				return nil, fail(ErrClue, "cage %d: op %s, want +, -, *, / (or x, ×, −, ÷)", k+1, textio.Quote(jc.Op))
			}
			c.Op = op
		}
	}
	p, err := finishPuzzle(p, line, 0)
	if err != nil {
		return nil, err
	}
	if j.Solution != nil {
		if err := checkValues(j.Solution, n); err != nil {
			return nil, fail(ErrValue, "solution: %v", err)
		}
		p.Solution = j.Solution
	}
	return p, nil
}

// checkValues checks a grid's shape and that its values are in 1..n.
func checkValues(g [][]int, n int) error {
	if len(g) != n {
		return fmt.Errorf("%d rows, want %d", len(g), n)
	}
	for r, row := range g {
		if len(row) != n {
			return fmt.Errorf("row %d has %d values, want %d", r+1, len(row), n)
		}
		for c, v := range row {
			if v < 1 || v > n {
				return fmt.Errorf("r%dc%d is %d, want 1..%d", r+1, c+1, v, n)
			}
		}
	}
	return nil
}

// FormatJSON writes the JSON form of p on one line, with grid as its
// "solution" when grid is not nil:
//
//	{"size":2,"cages":[{"cells":[[0,0],[0,1]],"op":"+","target":3},
//	 {"cells":[[1,0]],"target":2},{"cells":[[1,1]],"target":1}]}
//
// Cells are [row, column], 0-based; op is +, -, * or / (Read also takes
// x, ×, − and ÷) and is left out for a one-cell cage, which holds its
// target. The cages must cover the board, each cell once, each cage
// connected; - and / take two cells.
func FormatJSON(p *Puzzle, grid [][]int) string {
	j := jsonPuzzle{Size: p.N, Cages: make([]jsonCage, len(p.Cages)), Solution: grid}
	for k, c := range cages(p) {
		jc := jsonCage{Target: c.Target, Cells: make([][]int, len(c.Cells))}
		for i, rc := range c.Cells {
			jc.Cells[i] = []int{rc[0], rc[1]}
		}
		if len(c.Cells) > 1 {
			jc.Op = c.Op.String()
		}
		j.Cages[k] = jc
	}
	b, _ := json.Marshal(j) // ints and strings: cannot fail
	return string(b)
}
