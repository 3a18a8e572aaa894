package futoshiki

import (
	"context"
	"fmt"
	"io"
	"iter"
	"strconv"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
	"github.com/cspgo/csp/propagators/units"
)

func init() {
	catalog.Register(catalog.Problem{
		Name:   "futoshiki",
		Doc:    "Futoshiki and its adjacent variant: an Unequal game ID (N:... or Na:...), a JSON object, or a grid with < > ^ v (| - bars)",
		Models: []string{Auto.String(), AllDiff.String(), Units.String(), Line.String()},
		Flags: []catalog.Flag{
			{Name: "adjacent", Bool: true, Default: "false", Generate: true, Usage: "the adjacent variant (every bar shown)",
				Check: func(v string) error {
					if _, err := strconv.ParseBool(v); err != nil {
						return fmt.Errorf("want true or false")
					}
					return nil
				}},
			{Name: "signs", Default: "30", Generate: true, Usage: "percentage of the 2N(N-1) inequality signs kept",
				Check: func(v string) error {
					if n, err := strconv.Atoi(v); err != nil || n < 0 || n > 100 {
						return fmt.Errorf("want a percentage 0..100")
					}
					return nil
				}},
		},
		Read: func(r io.Reader) iter.Seq[catalog.Item] {
			return catalog.Items(Read(r), func(it Item) catalog.Item {
				return catalog.Item{Index: it.Index, Line: it.Line, Inst: it.Puzzle, Err: it.Err}
			})
		},
		Solve: func(ctx context.Context, inst any, s *catalog.Settings, _ *catalog.Cache) ([][]int, csp.Result, error) {
			p := inst.(*Puzzle)
			return Solve(ctx, p, settingsOptions(s), searchFor(p, s))
		},
		Count: func(ctx context.Context, inst any, s *catalog.Settings, _ *catalog.Cache) (csp.Result, error) {
			p := inst.(*Puzzle)
			return Count(ctx, p, settingsOptions(s), searchFor(p, s), s.Limit)
		},
		Model: func(inst any, s *catalog.Settings) (*csp.Model, func([]int) [][]int, error) {
			m, err := Build(inst.(*Puzzle), settingsOptions(s))
			if err != nil {
				return nil, nil, err
			}
			return m.Model, m.Grid.Values, nil
		},
		Check: func(inst any, grid [][]int) error { return Check(inst.(*Puzzle), grid) },
		Write: func(w io.Writer, inst any, grid [][]int) error {
			_, err := io.WriteString(w, Format(inst.(*Puzzle), grid))
			return err
		},
		// Benchmark boards from a random Latin square: solvable, not
		// necessarily unique.
		Generate: func(w io.Writer, s *catalog.Settings, i int) error {
			adjacent, _ := strconv.ParseBool(s.Flag("adjacent"))
			signs, _ := strconv.Atoi(s.Flag("signs"))
			holes := int(s.Holes)
			if holes < 0 {
				holes = int(s.Size * s.Size)
			}
			seed := s.Search.Seed + uint64(i)
			p, _, err := Random(int(s.Size), adjacent, float64(signs)/100, holes, seed)
			if err != nil {
				return err
			}
			what := fmt.Sprintf("%d%% of the signs", signs)
			if adjacent {
				what = "adjacent, every bar"
			}
			_, err = fmt.Fprintf(w, "# futoshiki size %d, %s, %d holes, from a random Latin square, seed %d\n%s\n",
				s.Size, what, holes, seed, FormatUnequal(p))
			return err
		},
	})
}

// searchFor returns the search for p under s: s.Search with the
// heuristic of SearchFor(p) when the command line named none, and with
// counting-based search, by default or asked for, last conflict and
// nogoods unless the command line set them (--last-conflict=false and
// --nogoods=false turn them off). The choice depends on the puzzle, so it
// is made here rather than in the catalog's Defaults.
func searchFor(p *Puzzle, s *catalog.Settings) csp.Options {
	o := s.Search
	if !s.Gave("var") {
		o.Var = SearchFor(p).Var
	}
	if o.Var == csp.MaxDensity {
		if !s.Gave("last-conflict") {
			o.LastConflict = CountingSearch.LastConflict
		}
		if !s.Gave("nogoods") {
			o.Nogoods = CountingSearch.Nogoods
		}
	}
	return o
}

// settingsOptions reads the model settings the command line gave: --model
// auto (the default) posts chains where they pay and the other lines at
// --alldiff (see Auto); --model alldiff posts the lines at --alldiff;
// --model units at the hidden level (singles with --alldiff value);
// --model line as chains (see Line).
func settingsOptions(s *catalog.Settings) Options {
	o := Options{Lines: Auto, AllDiff: s.AllDiff, Level: units.Hidden}
	if l, err := ParseLines(s.Model); err == nil {
		o.Lines = l
	}
	if s.AllDiff == alldiff.Value {
		o.Level = units.Singles
	}
	return o
}
