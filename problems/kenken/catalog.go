package kenken

import (
	"context"
	"errors"
	"io"
	"iter"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

func init() {
	catalog.Register(catalog.Problem{
		Name:   "kenken",
		Doc:    "KenKen (Tatham's Keen): one per line, a Keen game ID (N:layout,clues) or a JSON object; or a drawn board",
		Models: []string{Table.String(), Linear.String()},
		Read: func(r io.Reader) iter.Seq[catalog.Item] {
			return catalog.Items(Read(r), func(it Item) catalog.Item {
				return catalog.Item{Index: it.Index, Line: it.Line, Inst: it.Puzzle, Err: it.Err}
			})
		},
		Solve: func(ctx context.Context, inst any, s *catalog.Settings, _ *catalog.Cache) ([][]int, csp.Result, error) {
			g, res, err := Solve(ctx, inst.(*Puzzle), settingsOptions(s), s.Search)
			return g, res, unsatisfiable(err)
		},
		Count: func(ctx context.Context, inst any, s *catalog.Settings, _ *catalog.Cache) (csp.Result, error) {
			res, err := Count(ctx, inst.(*Puzzle), settingsOptions(s), s.Search, s.Limit)
			return res, unsatisfiable(err)
		},
		Model: func(inst any, s *catalog.Settings) (*csp.Model, func([]int) [][]int, error) {
			m, err := Build(inst.(*Puzzle), settingsOptions(s))
			if err != nil {
				return nil, nil, unsatisfiable(err)
			}
			return m.Model, m.Board.Values, nil
		},
		Check: func(inst any, grid [][]int) error { return Check(inst.(*Puzzle), grid) },
		Write: func(w io.Writer, inst any, grid [][]int) error {
			_, err := io.WriteString(w, Format(inst.(*Puzzle), grid))
			return err
		},
	})
}

// unsatisfiable tells the command line that a cage out of reach makes the
// puzzle unsatisfiable.
func unsatisfiable(err error) error {
	if errors.Is(err, ErrUnreachable) {
		return catalog.Unsatisfiable{Reason: err}
	}
	return err
}

// settingsOptions reads the model settings the command line gave.
func settingsOptions(s *catalog.Settings) Options {
	o := Options{AllDiff: s.AllDiff}
	if c, err := ParseCages(s.Model); err == nil {
		o.Cages = c
	}
	return o
}
