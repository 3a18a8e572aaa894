package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/problems/catalog"
)

// csp backbone PROBLEM FILE: what every solution of a puzzle agrees on.
// The solutions are listed (up to --limit) by Entry.Each, each through
// the problem's checker, and folded one by one: the cells that hold the same value in
// all of them, and for a problem whose solutions show more than their
// cells (a Deriver: a skyscraper grid's edge and interior clues) the
// values of those that all agree. Only a complete listing is a backbone;
// past the limit, or stopped by another limit, none is claimed.

func init() {
	Commands["backbone"] = command{Flags: backboneFlags, run: backbone}
}

// backboneLimit is the default of --limit for backbone: the most
// solutions listed.
const backboneLimit = 100_000

// backboneFlags are count's flags, --limit defaulting to backboneLimit.
func backboneFlags(fs *flag.FlagSet, c *Config) {
	c.limit = backboneLimit
	batchFlags(true)(fs, c)
}

// backboneResult is what backbone finds for one puzzle.
type backboneResult struct {
	Instance int `json:"instance"`
	Line     int `json:"line"`
	// Solutions listed; Complete says they are all of them, so that the
	// backbone below holds. Stopped names the limit that cut the listing
	// short otherwise.
	Solutions int64  `json:"solutions"`
	Complete  bool   `json:"complete"`
	Stopped   string `json:"stopped,omitempty"`
	// Cells: the value every solution holds, 0 where they differ (and at
	// a cell that is none, such as a Kakuro block); FixedCells of Total.
	Cells      [][]int `json:"cells,omitempty"`
	FixedCells int     `json:"fixed_cells"`
	TotalCells int     `json:"total_cells"`
	// Derived: the values every solution shows beyond its cells, by name,
	// where they all agree (FixedDerived of TotalDerived).
	Derived      map[string]int `json:"derived,omitempty"`
	FixedDerived int            `json:"fixed_derived,omitempty"`
	TotalDerived int            `json:"total_derived,omitempty"`

	derived []int  // in the problem's order
	known   []bool // fixed, in that order
	fixed   [][]bool
}

func backbone(e env, p *catalog.Entry, args []string, c *Config) int {
	if !p.CanModel {
		return UsageError(e.stderr, "backbone: %s has no model to list solutions with", p.Name)
	}
	s := *c.Settings
	s.Search.Restarts = csp.NoRestarts            // every solution once: no restarts
	s.Search.Workers, s.Search.Portfolio = 0, nil // one sequential search (Entry.Each)
	return eachInstance(e, p, args, c, func(ctx context.Context, it catalog.Item[any]) bool {
		b, err := backboneOne(ctx, p, &s, c.limit, it)
		if err != nil {
			return reportErr(e, c, it, err)
		}
		ok := b.Complete && b.Solutions > 0
		if c.json {
			writeLine(e.stdout, b)
			return ok
		}
		switch {
		case b.Stopped == csp.SolutionLimit.String():
			e.stdout.Printf("%smore than %d solutions (--limit %d): no backbone is claimed\n", head(it), c.limit, c.limit)
		case !b.Complete:
			e.stdout.Printf("%sunknown (%s): %d %s listed before the limit: no backbone is claimed\n", head(it), b.Stopped, b.Solutions, plural(b.Solutions, "solution"))
		case b.Solutions == 0:
			e.stdout.Printf("%snone: no solution, nothing to agree on\n", head(it))
		default:
			e.stdout.Printf("%s%d %s; %d of %d cells the same in every one ('.' where they differ)\n", head(it), b.Solutions, plural(b.Solutions, "solution"), b.FixedCells, b.TotalCells)
			e.stdout.Print(fixedGrid(b.Cells, b.fixed))
			for _, line := range p.FormatDerived(it.Value, b.derived, b.known, "fixed in every solution") {
				e.stdout.Printf("%% %s\n", line)
			}
		}
		return ok
	})
}

// backboneOne lists the solutions of one puzzle, up to limit (0: no
// cap), each passed by the problem's checker (Entry.Each), and folds them
// into its backbone.
func backboneOne(ctx context.Context, p *catalog.Entry, s *catalog.Settings, limit int64, it catalog.Item[any]) (backboneResult, error) {
	b := backboneResult{Instance: it.Index, Line: it.Line}
	each := *s
	each.Limit = limit
	if limit > 0 {
		each.Limit++ // one more says there are more than limit
	}
	res, err := p.Each(ctx, it.Value, &each, &catalog.Cache{}, func(g [][]int) bool {
		b.fold(p, it.Value, g)
		return true
	})
	if st := stoppedBy(ctx, err); st != csp.NotStopped && err != nil {
		err, res = nil, csp.Result{Stopped: st} // the deadline cut the building short
	}
	var unsat catalog.Unsatisfiable
	switch {
	case errors.As(err, &unsat):
		b.Complete = true
		return b, nil
	case err != nil:
		return b, err
	}
	b.Solutions, b.Complete = res.Solutions, res.Complete
	if !res.Complete {
		b.Stopped = res.Stopped.String()
		b.Cells, b.derived, b.known, b.fixed = nil, nil, nil, nil
		return b, nil
	}
	if b.Solutions == 0 {
		return b, nil
	}
	for r, row := range b.Cells {
		for c := range row {
			switch {
			case row[c] == 0: // no cell: a Kakuro block
			case b.fixed[r][c]:
				b.FixedCells++
				b.TotalCells++
			default:
				row[c] = 0
				b.TotalCells++
			}
		}
	}
	names := p.DerivedNames(it.Value)
	b.TotalDerived = len(b.derived)
	if b.TotalDerived > 0 {
		b.Derived = map[string]int{}
	}
	for i, v := range b.derived {
		if b.known[i] {
			b.Derived[names[i]] = v
			b.FixedDerived++
		}
	}
	return b, nil
}

// fold takes solution g of inst into the backbone: a cell or a derived
// value that differs from the first solution's is no longer fixed.
func (b *backboneResult) fold(p *catalog.Entry, inst any, g [][]int) {
	d := p.Derived(inst, g)
	if b.Cells == nil {
		b.Cells = make([][]int, len(g))
		b.fixed = make([][]bool, len(g))
		for r, row := range g {
			b.Cells[r] = slices.Clone(row)
			b.fixed[r] = slices.Repeat([]bool{true}, len(row))
		}
		b.derived, b.known = d, slices.Repeat([]bool{true}, len(d))
		return
	}
	for r, row := range g {
		for c, v := range row {
			b.fixed[r][c] = b.fixed[r][c] && v == b.Cells[r][c]
		}
	}
	for i, v := range d {
		b.known[i] = b.known[i] && v == b.derived[i]
	}
}

// fixedGrid prints the cells fixed in every solution, '.' where the
// solutions differ and '#' where there is no cell (a Kakuro block).
func fixedGrid(cells [][]int, fixed [][]bool) string {
	w := 1
	for _, row := range cells {
		for _, v := range row {
			w = max(w, len(strconv.Itoa(v)))
		}
	}
	var b strings.Builder
	for r, row := range cells {
		for c, v := range row {
			if c > 0 {
				b.WriteByte(' ')
			}
			text := strconv.Itoa(v)
			switch {
			case !fixed[r][c]:
				text = "."
			case v == 0:
				text = "#"
			}
			fmt.Fprintf(&b, "%*s", w, text)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
