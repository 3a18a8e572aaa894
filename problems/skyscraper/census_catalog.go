package skyscraper

import (
	"context"
	"errors"
	"fmt"

	"github.com/cspgo/csp/problems/catalog"
)

// Census serves `csp census skyscraper`: RunCensus on req, each unique
// puzzle listed as a Towers ID (only the canonical one of each class with
// req.Canonical). The report's Record is the Census (the JSON record's
// fields); its Summary says it in words, the line about the Latin squares
// last, for the command line to end with the time and the jobs. A request
// out of range wraps both catalog.ErrBadRequest and ErrCensus.
func (problem) Census(ctx context.Context, req catalog.CensusRequest, list func(line string), progress func(done, total int64)) (catalog.CensusReport, error) {
	opt := CensusOptions{Size: req.Size, Clues: req.Clues, OneSide: req.OneSide, Jobs: req.Jobs, Interior: req.Interior}
	if list != nil {
		opt.List = func(q *Puzzle) {
			if !req.Canonical || Canonical(q) {
				list(FormatTowers(q))
			}
		}
	}
	c, err := RunCensus(ctx, opt, progress)
	if errors.Is(err, ErrCensus) {
		err = fmt.Errorf("%w: %w", catalog.ErrBadRequest, err)
	}
	if err != nil {
		return catalog.CensusReport{}, err
	}
	return catalog.CensusReport{Record: c, Summary: c.summary()}, nil
}

// summary says the census in words, one line each: the request, the
// position sets, the clue sets, the unique puzzles, and last the Latin
// squares behind it.
func (c Census) summary() []string {
	where := fmt.Sprintf("anywhere on the %d edge positions", 4*c.Size)
	if c.OneSide {
		where = "all on one side"
	}
	share := 0.0
	if c.Puzzles > 0 {
		share = 100 * float64(c.Unique) / float64(c.Puzzles)
	}
	clues := "clues"
	if c.Clues == 1 {
		clues = "clue"
	}
	out := []string{
		fmt.Sprintf("skyscraper census: size %d, %d %s %s", c.Size, c.Clues, clues, where),
		fmt.Sprintf("position sets  %14d  (%d up to symmetry)", c.Sets, c.SetsUpToSymmetry),
		fmt.Sprintf("clue sets      %14d  (every value 1..%d on every position)", c.Puzzles, c.Size),
		fmt.Sprintf("unique         %14d  (%d up to symmetry; %.3g%% of the clue sets)", c.Unique, c.UniqueUpToSymmetry, share),
	}
	if in := c.Interior; in != nil {
		fixed := 0.0
		if in.Several > 0 {
			fixed = 100 * float64(in.Fixed) / float64(in.Several)
		}
		out = append(out,
			fmt.Sprintf("solvable       %14d  (clue sets with a solution)", in.Solvable),
			fmt.Sprintf("several        %14d  (with two solutions or more)", in.Several),
			fmt.Sprintf("interior fixed %14d  (%.3g%% of those with several: every interior clue the same in all their solutions)", in.Fixed, fixed))
	}
	return append(out, fmt.Sprintf("%d Latin squares of order %d", c.Squares, c.Size))
}
