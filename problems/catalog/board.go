package catalog

// Board is how an instance looks on paper, for a program that draws it
// (csp serve's page): the grid, its regions, and every clue where the
// puzzle prints it. One shape serves every problem; what does not apply
// is left zero. Cells are [row, column], 0-based.
type Board struct {
	Rows   int `json:"rows"`   // the grid's rows (kakuro: the clue row included)
	Cols   int `json:"cols"`   // the grid's columns
	Values int `json:"values"` // cells take values 1..Values
	// Regions, when not nil, gives each cell its region (a sudoku box,
	// a jigsaw piece), numbered from 0 in reading order of their first
	// cell.
	Regions   [][]int `json:"regions,omitempty"`
	Diagonals bool    `json:"diagonals,omitempty"` // both diagonals hold each value once (sudoku X)
	// Givens holds the given values, 0 for an empty cell (nil: none).
	Givens [][]int `json:"givens,omitempty"`
	// Edges holds the clues round the grid (nil: none).
	Edges *Edges `json:"edges,omitempty"`
	// Interior holds the clues drawn inside the grid, each in a cell.
	Interior []InteriorClue `json:"interior,omitempty"`
	Cages    []CageClue     `json:"cages,omitempty"`
	// Signs are relations between neighbouring cells.
	Signs []Sign `json:"signs,omitempty"`
	// Blocks are kakuro's black cells with their sums.
	Blocks []Block `json:"blocks,omitempty"`
}

// Edges are clues round the grid, 0 where there is none: Top[c] above
// column c, Bottom[c] below it, Left[r] left of row r, Right[r] right of
// it.
type Edges struct {
	Top    []int `json:"top"`
	Bottom []int `json:"bottom"`
	Left   []int `json:"left"`
	Right  []int `json:"right"`
}

// InteriorClue is a clue printed in a cell, looking one way ("up",
// "down", "left", "right").
type InteriorClue struct {
	Cell  [2]int `json:"cell"`
	Look  string `json:"look"`
	Value int    `json:"value"`
}

// CageClue is a cage: its cells, the operation ("+", "-", "x", "/", or ""
// for a cage of one cell or a target alone) and the target, and the label
// a puzzle book prints ("12+").
type CageClue struct {
	Cells  [][2]int `json:"cells"`
	Op     string   `json:"op"`
	Target int      `json:"target"`
	Label  string   `json:"label"`
}

// Sign is a relation between two neighbouring cells: value(A) Rel
// value(B), Rel one of "<", ">", or "|" (the adjacent variant's bar: the
// values are consecutive).
type Sign struct {
	A   [2]int `json:"a"`
	B   [2]int `json:"b"`
	Rel string `json:"rel"`
}

// Block is a black cell of a kakuro with the sums of the runs it heads
// (0: no run that way).
type Block struct {
	Cell   [2]int `json:"cell"`
	Across int    `json:"across"`
	Down   int    `json:"down"`
}

// Drawer is a problem whose instances can be drawn: Board says how inst
// looks on paper.
type Drawer[I any] interface {
	Board(inst I) Board
}
