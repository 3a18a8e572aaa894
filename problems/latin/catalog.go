package latin

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
	"github.com/cspgo/csp/problems/internal/square"
)

func init() {
	catalog.Register(catalog.Problem{
		Name:   "latin",
		Doc:    "Latin-square completion: N, then N rows of N numbers, 0 = hole",
		Models: []string{Channeled.String(), RowCol.String(), Symbols.String()},
		Flags: append([]catalog.Flag{
			{Name: "symbols", Bool: true, Usage: "the older way to choose the model: true is --model channeled, false --model rowcol",
				Check: checkBool},
			{Name: "balanced", Bool: true, Generate: true, Default: "false", Usage: "balanced holes per row and column",
				Check: checkBool},
		}, catalog.MakeFlags(Ladder.Levels)...),
		// --symbols, when given without --model, picks the model.
		Defaults: func(s *catalog.Settings) {
			if s.Gave("symbols") && !s.Gave("model") {
				s.Model = RowCol.String()
				if on, _ := strconv.ParseBool(s.Flag("symbols")); on {
					s.Model = Channeled.String()
				}
			}
		},
		Read: func(r io.Reader) iter.Seq[catalog.Item] {
			return catalog.Items(slices.Values(Read(r)), func(it Item) catalog.Item {
				return catalog.Item{Index: it.Index, Line: it.Line, Inst: it.Inst, Err: it.Err}
			})
		},
		Solve: func(ctx context.Context, inst any, s *catalog.Settings, _ *catalog.Cache) ([][]int, csp.Result, error) {
			return Solve(ctx, inst.(*Instance), settingsOptions(s), s.Search)
		},
		Count: func(ctx context.Context, inst any, s *catalog.Settings, _ *catalog.Cache) (csp.Result, error) {
			m, err := Build(inst.(*Instance), settingsOptions(s))
			if err != nil {
				return csp.Result{}, err
			}
			return csp.Count(ctx, m.Model, s.Search, s.Limit), nil
		},
		Model: func(inst any, s *catalog.Settings) (*csp.Model, func([]int) [][]int, error) {
			m, err := Build(inst.(*Instance), settingsOptions(s))
			if err != nil {
				return nil, nil, err
			}
			return m.Model, m.Grid, nil
		},
		Check: func(inst any, grid [][]int) error { return Check(inst.(*Instance), grid) },
		WriteMarks: func(w io.Writer, inst any, cands [][][]int) error {
			_, err := io.WriteString(w, FormatMarks(inst.(*Instance), cands))
			return err
		},
		ReadMarks: func(r io.Reader) iter.Seq[catalog.Item] {
			return catalog.Items(slices.Values(ReadMarks(r)), func(it Item) catalog.Item {
				return catalog.Item{Index: it.Index, Line: it.Line, Inst: it.Inst, Err: it.Err}
			})
		},
		Reason: func(inst any) (*catalog.Reasoning, error) { return Reason(inst.(*Instance)) },
		Levels: Ladder.Levels,
		Clues: func(inst any) []string {
			in := inst.(*Instance)
			return square.GivenNames(slices.Concat(in.Grid...), in.Order)
		},
		Keep: func(inst any, kept []bool) any {
			in := inst.(*Instance)
			return in.withCells(square.KeepGivens(slices.Concat(in.Grid...), kept))
		},
		Give: func(inst any, g map[[2]int]int) any {
			in := inst.(*Instance)
			return in.withCells(square.AddGivens(slices.Concat(in.Grid...), in.Order, g))
		},
		Write: func(w io.Writer, _ any, grid [][]int) error { return Write(w, grid) },
		Generate: func(w io.Writer, s *catalog.Settings, i int) error {
			if mr, ok := catalog.MakeSettings(s, Ladder.Levels); ok {
				seed := s.Search.Seed + uint64(i)
				inst, _, st, err := Make(context.Background(), MakeRequest{Order: int(s.Size), Level: mr.Level, NoMinimize: !mr.Minimize, Seed: seed, Limit: mr.Limit, Attempts: mr.Attempts})
				if err != nil {
					return err
				}
				if _, err := fmt.Fprintf(w, "%% latin order %d, %s, seed %d, %d givens, made in %v (%s)\n",
					s.Size, catalog.LevelName(Ladder.Levels, mr.Level), seed, givens(inst), st.Elapsed.Round(time.Millisecond), st.Tries()); err != nil {
					return err
				}
				return Write(w, inst.Grid)
			}
			if s.Holes < 0 {
				return fmt.Errorf("--holes is required")
			}
			kind, name := RandomHoles, "random"
			if on, _ := strconv.ParseBool(s.Flag("balanced")); on {
				kind, name = BalancedHoles, "balanced"
			}
			seed := s.Search.Seed + uint64(i)
			inst, _, err := Generate(int(s.Size), int(s.Holes), kind, seed)
			if err != nil {
				return err
			}
			if _, err := fmt.Fprintf(w, "%% latin order %d, %d holes (%s), seed %d\n", s.Size, s.Holes, name, seed); err != nil {
				return err
			}
			return Write(w, inst.Grid)
		},
	})
}

// settingsOptions reads the model settings the command line gave.
func settingsOptions(s *catalog.Settings) Options {
	opt := Options{AllDiff: s.AllDiff}
	if v, err := ParseView(s.Model); err == nil {
		opt.View = v
	}
	return opt
}

func checkBool(v string) error {
	if _, err := strconv.ParseBool(v); err != nil {
		return fmt.Errorf("want true or false")
	}
	return nil
}

// givens counts the givens of inst.
func givens(inst *Instance) int {
	k := 0
	for _, row := range inst.Grid {
		for _, v := range row {
			if v != 0 {
				k++
			}
		}
	}
	return k
}

// withCells returns a copy of in with the cells (row by row) in place of
// its grid.
func (in *Instance) withCells(cells []int) *Instance {
	out := *in
	out.Grid = catalog.Rows(cells, in.Order)
	return &out
}
