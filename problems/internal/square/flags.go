package square

import (
	"github.com/cspgo/csp/problems/catalog"
	"github.com/cspgo/csp/propagators/alldiff"
)

// allDiffNames are the all-different strengths, weakest first, then
// Auto (GAC, or Hidden while the search learns).
var allDiffNames = []string{alldiff.Value.String(), alldiff.Hidden.String(), alldiff.GAC.String(), alldiff.Auto.String()}

// AllDiffFlag is the --alldiff flag of a problem whose units are
// all-different, with its default strength.
func AllDiffFlag(def alldiff.Strength) catalog.Flag {
	return catalog.Flag{Name: "alldiff", Default: def.String(), Choices: allDiffNames,
		Usage: "all-different strength: " + catalog.List(allDiffNames)}
}

// ParseAllDiff reads the --alldiff flag of AllDiffFlag.
func ParseAllDiff(s *catalog.Settings) (alldiff.Strength, error) {
	i, err := catalog.ParseFlag(s, "alldiff", catalog.ParseChoice(allDiffNames))
	return alldiff.Strength(i), err
}
