package skyscraper

import (
	"context"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/visibility"
)

func init() {
	catalog.Register(catalog.Problem{
		Name: "skyscraper",
		Doc:  "skyscraper puzzles, one per line: a Towers game ID, a clockwise clue list, a JSON object, or a clue-framed grid block",
		Flags: append([]catalog.Flag{
			{Name: "visibility", Default: visibility.Line.String(), Usage: "clue strength: edge, bounds, gac or line",
				Check: func(v string) error { _, err := visibility.ParseStrength(v); return err }},
			{Name: "clues", Default: "100", Generate: true, Usage: "percentage of the 4N clues kept",
				Check: func(v string) error {
					if n, err := strconv.Atoi(v); err != nil || n < 0 || n > 100 {
						return fmt.Errorf("want a percentage 0..100")
					}
					return nil
				}},
		}, catalog.MakeFlags(Ladder.Levels)...),
		// At the line (the default), gac and bounds levels, DefaultSearch's
		// counting-based search unless --var says otherwise (with the edge
		// rules alone, dom/wdeg); counting-based search, by
		// default or asked for, comes with last-conflict and nogoods
		// (--last-conflict=false and --nogoods=false turn them off).
		Defaults: func(s *catalog.Settings) {
			if !s.Gave("var") && settingsOptions(s).Visibility >= visibility.Bounds {
				s.Search.Var = DefaultSearch.Var
			}
			if s.Search.Var != csp.MaxDensity {
				return
			}
			if !s.Gave("last-conflict") {
				s.Search.LastConflict = DefaultSearch.LastConflict
			}
			if !s.Gave("nogoods") {
				s.Search.Nogoods = DefaultSearch.Nogoods
			}
		},
		Read: func(r io.Reader) iter.Seq[catalog.Item] {
			return catalog.Items(slices.Values(Read(r)), func(it Item) catalog.Item {
				return catalog.Item{Index: it.Index, Line: it.Line, Inst: it.Puzzle, Err: it.Err}
			})
		},
		Solve: func(ctx context.Context, inst any, s *catalog.Settings, _ *catalog.Cache) ([][]int, csp.Result, error) {
			return Solve(ctx, inst.(*Puzzle), settingsOptions(s), s.Search)
		},
		Count: func(ctx context.Context, inst any, s *catalog.Settings, _ *catalog.Cache) (csp.Result, error) {
			return Count(ctx, inst.(*Puzzle), settingsOptions(s), s.Search, s.Limit)
		},
		Model: func(inst any, s *catalog.Settings) (*csp.Model, func([]int) [][]int, error) {
			m, err := Build(inst.(*Puzzle), settingsOptions(s))
			if err != nil {
				return nil, nil, err
			}
			return m.Model, m.Grid, nil
		},
		Check: func(inst any, grid [][]int) error { return Check(inst.(*Puzzle), grid) },
		WriteMarks: func(w io.Writer, inst any, cands [][][]int) error {
			_, err := io.WriteString(w, FormatMarks(inst.(*Puzzle), cands))
			return err
		},
		ReadMarks: func(r io.Reader) iter.Seq[catalog.Item] {
			return catalog.Items(slices.Values(ReadMarks(r)), func(it Item) catalog.Item {
				return catalog.Item{Index: it.Index, Line: it.Line, Inst: it.Puzzle, Err: it.Err}
			})
		},
		Reason: func(inst any) (*catalog.Reasoning, error) { return Reason(inst.(*Puzzle)) },
		Levels: Ladder.Levels,
		Clues:  func(inst any) []string { return Clues(inst.(*Puzzle)) },
		Keep:   func(inst any, kept []bool) any { return Keep(inst.(*Puzzle), kept) },
		Give:   func(inst any, g map[[2]int]int) any { return Give(inst.(*Puzzle), g) },
		Write: func(w io.Writer, inst any, grid [][]int) error {
			_, err := io.WriteString(w, Format(inst.(*Puzzle), grid))
			return err
		},
		// Benchmark boards: the clues of a random Latin square, a share of
		// them kept; solvable, not necessarily unique.
		Generate: func(w io.Writer, s *catalog.Settings, i int) error {
			seed := s.Search.Seed + uint64(i)
			if mr, ok := catalog.MakeSettings(s, Ladder.Levels); ok {
				p, _, st, err := Make(context.Background(), MakeRequest{Size: int(s.Size), Level: mr.Level, NoMinimize: !mr.Minimize, Seed: seed, Limit: mr.Limit, Attempts: mr.Attempts})
				if err != nil {
					return err
				}
				_, err = fmt.Fprintf(w, "# skyscraper %dx%d, %s, seed %d, %d clues, %d givens, made in %v (%s)\n%s\n",
					s.Size, s.Size, catalog.LevelName(Ladder.Levels, mr.Level), seed, clueCount(p), givenCount(p), st.Elapsed.Round(time.Millisecond), st.Tries(), FormatTowers(p))
				return err
			}
			clues, _ := strconv.Atoi(s.Flag("clues"))
			p, _, err := Random(int(s.Size), float64(clues)/100, seed)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(w, "# skyscraper size %d, %d%% of the clues of a random Latin square, seed %d\n%s\n",
				s.Size, clues, seed, FormatTowers(p))
			return err
		},
	})
}

// settingsOptions reads the model settings the command line gave.
func settingsOptions(s *catalog.Settings) Options {
	v, err := visibility.ParseStrength(s.Flag("visibility"))
	if err != nil {
		v = visibility.Line
	}
	return Options{AllDiff: s.AllDiff, Visibility: v}
}
