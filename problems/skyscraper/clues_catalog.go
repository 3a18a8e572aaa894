package skyscraper

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cspgo/csp/problems/catalog"
)

// The catalog's side of the clue finders (csp clues) and of what a
// solution shows (csp backbone).

// Derived returns what grid shows beyond its cells (Shown).
func (problem) Derived(_ *Puzzle, grid [][]int) []int { return Shown(grid) }

// DerivedNames names the values of Derived (ShownNames).
func (problem) DerivedNames(p *Puzzle) []string { return ShownNames(p.N) }

// FormatDerived words the known values of Derived (FormatShown).
func (problem) FormatDerived(p *Puzzle, values []int, known []bool, what string) []string {
	return FormatShown(p.N, values, known, what)
}

// cluesRecord is the JSON record of FindClues: what the board is, what
// was asked, and what was found.
type cluesRecord struct {
	Size  int    `json:"size"`
	Fixed int    `json:"fixed_cells"` // the board's givens (N² for a full grid)
	Mode  string `json:"mode"`        // clues, minimal, smallest, or sets (of K clues, or the fewest)
	// The clue set printed (clues, minimal, smallest): its clues and
	// givens, whether it singles the grid out, proved the fewest.
	Clues     int        `json:"clues,omitempty"`
	Givens    int        `json:"givens,omitempty"`
	Unique    *bool      `json:"unique,omitempty"`
	Proved    *bool      `json:"proved,omitempty"`
	AtLeast   int        `json:"at_least,omitempty"`
	Clockwise []int      `json:"clockwise,omitempty"`
	Interior  []Interior `json:"interior,omitempty"`
	// The census of clue sets (sets).
	Census *BoardCensus `json:"census,omitempty"`
}

// FindClues serves csp clues. A board whose givens fill the grid is a
// full grid: with no mode its edge clues (and with req.Interior its
// interior ones), else MinimalClues, the fewest (FewestClueSets up to
// MaxCensusSize, else SmallestClues, or with interior clues or givens),
// or ClueSets of req.Clues. A board with cells left open gets ClueSets
// of req.Clues, or FewestClueSets. Every puzzle found goes to found.
func (problem) FindClues(ctx context.Context, board *Puzzle, req catalog.ClueRequest, found func(catalog.ClueSet) error) (catalog.ClueReport, error) {
	opt := ClueOptions{Interior: req.Interior, OneSide: req.OneSide, NoGivens: req.NoGivens, Seed: req.Seed, Jobs: req.Jobs}
	n := board.N
	rec := cluesRecord{Size: n, Fixed: givenCount(board)}
	grid := board.FullGrid()
	if grid != nil {
		if err := Check(board, grid); err != nil {
			return catalog.ClueReport{}, fmt.Errorf("the full grid is not a solution: %w", err)
		}
	}
	var sum []string
	var err error
	mode := req.Minimal || req.Smallest || req.Clues >= 0
	census := req.Clues >= 0 || req.Smallest && n <= MaxCensusSize && !req.Interior
	switch {
	case grid == nil && (req.Minimal || req.Interior):
		return catalog.ClueReport{}, fmt.Errorf("%w: --minimal and --interior need a full grid; this board leaves %d of its %d cells open",
			catalog.ErrBadRequest, n*n-rec.Fixed, n*n)
	case grid != nil && !mode && (req.List || req.OneSide):
		return catalog.ClueReport{}, fmt.Errorf("%w: a full grid's clues are all of them: --list and --one-side go with --minimal, --smallest or --clues K", catalog.ErrBadRequest)
	case grid != nil && req.List && !census:
		return catalog.ClueReport{}, fmt.Errorf("%w: --list prints the census's clue sets: edge clues, sizes 1..%d, with --smallest or --clues K", catalog.ErrBadRequest, MaxCensusSize)
	case grid == nil || req.Clues >= 0:
		rec.Mode = "sets"
		sum, err = clueSets(ctx, board, grid, req, opt, &rec, found)
	case req.Minimal:
		rec.Mode = "minimal"
		var p *Puzzle
		if p, err = MinimalClues(ctx, grid, opt); err == nil {
			sum, err = one(p, grid, true, &rec, found)
		}
		if err == nil {
			what := "no clue can go"
			if rec.Givens > 0 {
				what = "no clue or given can go; " + fallsShort(opt)
			}
			sum[0] = fmt.Sprintf("a minimal set of %s singles it out (seed %d): %s", words(rec), req.Seed, what)
		}
	case req.Smallest && n <= MaxCensusSize && !req.Interior:
		rec.Mode = "smallest"
		sum, err = clueSets(ctx, board, grid, req, opt, &rec, found)
		if err == nil && rec.Census.Clues < 0 && !req.NoGivens {
			sum, err = smallest(ctx, grid, opt, &rec, found) // clues alone fall short
		}
	case req.Smallest:
		rec.Mode = "smallest"
		sum, err = smallest(ctx, grid, opt, &rec, found)
	default:
		rec.Mode = "clues"
		p := FromGrid(grid)
		var u bool
		if u, err = unique(ctx, p); err == nil {
			sum, err = one(p, grid, u, &rec, found)
		}
		if err == nil {
			sum[0] = fmt.Sprintf("a full %dx%d grid: its %d edge clues single it out", n, n, 4*n)
			if !u {
				sum[0] = fmt.Sprintf("a full %dx%d grid: its %d edge clues leave another solution: no set of edge clues alone makes it a puzzle", n, n, 4*n)
			}
			if req.Interior {
				values := Shown(grid)
				known := slices.Repeat([]bool{true}, len(values))
				sum = append(sum, interiorLines(n, values[4*n:], known[4*n:], "shown")...)
				rec.Interior = puzzleOf(n, values, clueItems(n, -1, true)[4*n:]).Interior
			}
		}
	}
	if err != nil {
		if errors.Is(err, ErrClueRequest) {
			err = fmt.Errorf("%w: %w", catalog.ErrBadRequest, err)
		}
		return catalog.ClueReport{}, err
	}
	return catalog.ClueReport{Record: rec, Summary: sum}, nil
}

// one hands the clue set p (whose one solution, when u, is grid; else
// grid is one of its solutions) to found, books it in rec, and returns
// the summary: a line for the caller to word, then the clockwise list
// when p has edge clues only.
func one(p *Puzzle, grid [][]int, u bool, rec *cluesRecord, found func(catalog.ClueSet) error) ([]string, error) {
	line := FormatTowers(p)
	if len(p.Interior) > 0 {
		line = FormatJSON(p)
	}
	if err := found(catalog.ClueSet{Line: line, Unique: u, Solution: grid}); err != nil {
		return nil, err
	}
	rec.Clues, rec.Givens, rec.Unique, rec.Interior = clueCount(p)+len(p.Interior), givenCount(p), &u, p.Interior
	sum := []string{""}
	if len(p.Interior) == 0 && rec.Givens == 0 {
		rec.Clockwise = p.Clockwise()
		cw := make([]string, len(rec.Clockwise))
		for i, v := range rec.Clockwise {
			cw[i] = fmt.Sprint(v)
		}
		sum = append(sum, "clockwise: "+strings.Join(cw, ","))
	}
	return sum, nil
}

// words says what a clue set holds: "9 clues", "7 clues and 3 givens".
func words(rec cluesRecord) string {
	s := plural(rec.Clues, "clue")
	if k := len(rec.Interior); k > 0 {
		s += fmt.Sprintf(" (%d of them interior)", k)
	}
	if rec.Givens > 0 {
		s += " and " + plural(rec.Givens, "given")
	}
	return s
}

func plural(k int, what string) string {
	switch {
	case k == 1:
		return "1 " + what
	case strings.HasSuffix(what, "y"):
		return fmt.Sprintf("%d %sies", k, what[:len(what)-1])
	}
	return fmt.Sprintf("%d %ss", k, what)
}

// verb is one when k is 1, else many.
func verb(k int64, one, many string) string {
	if k == 1 {
		return one
	}
	return many
}

// smallest serves --smallest with SmallestClues.
func smallest(ctx context.Context, grid [][]int, opt ClueOptions, rec *cluesRecord, found func(catalog.ClueSet) error) ([]string, error) {
	s, err := SmallestClues(ctx, grid, opt)
	if err != nil {
		return nil, err
	}
	sum, err := one(s.Puzzle, grid, true, rec, found)
	if err != nil {
		return nil, err
	}
	rec.Proved, rec.AtLeast = &s.Proved, s.AtLeast
	what, why := "clues", ""
	if rec.Givens > 0 {
		what, why = "clues and givens", "; "+fallsShort(opt)
	}
	switch {
	case s.Proved && s.Clues == 0:
		sum[0] = "no clue is needed: it is the only grid of its size"
	case s.Proved:
		sum[0] = fmt.Sprintf("the fewest %s that single it out: %s, proved (no set of %d meets every other solution's differences)%s", what, words(*rec), s.Clues-1, why)
	default:
		sum[0] = fmt.Sprintf("%s, the fewest %s found before the search was stopped; not proved: at least %d are needed%s", words(*rec), what, s.AtLeast, why)
	}
	return sum, nil
}

// clueSets serves a board's clue sets, and a full grid's by the census:
// of req.Clues clues, else the fewest; one of them (the first by Towers
// ID) or with req.List every one, up to the board's symmetries.
func clueSets(ctx context.Context, board *Puzzle, grid [][]int, req catalog.ClueRequest, opt ClueOptions, rec *cluesRecord, found func(catalog.ClueSet) error) ([]string, error) {
	n := board.N
	var listed []*Puzzle
	list := func(p *Puzzle) { listed = append(listed, p) }
	var c BoardCensus
	var err error
	if req.Clues >= 0 {
		c, err = ClueSets(ctx, board, req.Clues, opt, list)
	} else {
		c, err = FewestClueSets(ctx, board, opt, list)
	}
	if err != nil {
		return nil, err
	}
	rec.Census = &c
	slices.SortFunc(listed, func(a, b *Puzzle) int { return strings.Compare(FormatTowers(a), FormatTowers(b)) })
	if !req.List && len(listed) > 1 {
		listed = listed[:1]
	}
	for _, p := range listed {
		sol := grid
		if sol == nil {
			// The one square showing these clues, among those counted.
			sols, _, err := solutionsUpTo(ctx, p, 2)
			if err != nil {
				return nil, err
			}
			if len(sols) != 1 {
				return nil, fmt.Errorf("internal error: the census's clue set %s has %d solutions", FormatTowers(p), len(sols))
			}
			sol = sols[0]
		}
		if err := found(catalog.ClueSet{Line: FormatTowers(p), Unique: true, Solution: sol}); err != nil {
			return nil, err
		}
	}
	where := ""
	if opt.OneSide {
		where = " (all on one side)"
	}
	var sum []string
	whose := "single it out"
	if grid == nil {
		whose = "make a puzzle whose one solution respects it"
		sum = append(sum, fmt.Sprintf("a %dx%d board with %d of its %s fixed: %s %s it, %d of them shown by no other square's %d edge clues",
			n, n, rec.Fixed, plural(n*n, "cell"), plural(int(c.Respecting), "Latin square"), verb(c.Respecting, "respects", "respect"), c.Singled, 4*n))
	} else {
		sum = append(sum, fmt.Sprintf("a full %dx%d grid", n, n))
	}
	of := "board"
	if grid != nil {
		of = "grid"
	}
	sets := fmt.Sprintf("%s (%d up to the %s's %s)", plural(int(c.Sets), "clue set"), c.SetsUpToSymmetry, of, plural(c.Symmetries, "symmetry"))
	switch {
	case c.Clues < 0:
		sum = append(sum, fmt.Sprintf("no set of edge clues%s can %s", where, strings.TrimSuffix(whose, "s")))
	case req.Clues >= 0:
		sum = append(sum, fmt.Sprintf("%s of %s%s %s", sets, plural(c.Clues, "edge clue"), where, whose))
	default:
		sum = append(sum, fmt.Sprintf("the fewest edge clues%s that %s: %d, proved by the census (no set of %d does); %s", where, whose, c.Clues, c.Clues-1, sets))
		if c.Clues == 0 {
			sum[len(sum)-1] = fmt.Sprintf("no clue is needed%s: %s", where, sets)
		}
	}
	if c.Sets > 0 && !req.List {
		sum = append(sum, "the first by Towers ID is shown (--list shows one of each symmetry class)")
	}
	if grid != nil {
		// A full grid's summary is one line: what it is, and what was found.
		sum = []string{sum[0] + ": " + strings.Join(sum[1:], "; ")}
	}
	return sum, nil
}
