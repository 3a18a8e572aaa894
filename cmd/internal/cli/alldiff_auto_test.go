package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAllDiffAutoEveryProblem: --alldiff auto, which every problem with
// the flag accepts, is documented as GAC (Hidden while the search learns):
// a search without learning posts the all-different at GAC, which the
// statistics name alldiff/auto, as --alldiff gac posts alldiff/gac.
func TestAllDiffAutoEveryProblem(t *testing.T) {
	const sudoku = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
	for _, tc := range []struct {
		name, stdin string
		args        []string
	}{
		{"sudoku", sudoku, []string{"solve", "sudoku", "-"}},
		{"kenken", "", []string{"solve", "kenken", "../../../problems/kenken/testdata/tatham-keen.txt"}},
		{"latin", "", []string{"solve", "latin", "../../../problems/latin/testdata/gomes/qwh.order10.holes10.txt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gac := runCSP(t, tc.stdin, append(tc.args, "--alldiff", "gac", "--stats", "--learn", "none")...)
			require.Equal(t, 0, gac.code, gac.stderr)
			require.True(t, strings.Contains(gac.stdout, "propagator alldiff/gac:"))
			auto := runCSP(t, tc.stdin, append(tc.args, "--alldiff", "auto", "--stats", "--learn", "none")...)
			require.Equal(t, 0, auto.code, auto.stderr)
			assert.True(t, strings.Contains(auto.stdout, "propagator alldiff/auto:"), "--alldiff auto posted no GAC all-different")
		})
	}
}
