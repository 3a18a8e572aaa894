package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/cmd/internal/clitest"
	"github.com/cspgo/csp/problems/catalog"
)

// The golden tests run every subcommand in-process, on small instances,
// and compare what it printed (stdout, stderr) and its exit status with
// testdata/golden/NAME.golden; go test ./cmd/internal/cli -run TestGolden -update
// rewrites them. They are a safety net for refactoring: any change to an
// answer, a message or a format shows as a diff. Searches are pinned
// (--seed, --jobs 1) so the outputs are deterministic; the only things
// rewritten before the comparison are measured times and the rates made
// from them (goldenTimings), so node counts, verdicts and every other
// number still count.

// Inline instances, for verdicts the repository's files do not hold in
// one small place.
const (
	// Shared with csp-serve's tests (see clitest).
	towersUnique   = clitest.TowersUnique
	towersMultiple = clitest.TowersMultiple
	towersNone     = clitest.TowersNone
	towersBad      = clitest.TowersBad
	sudokuEuler    = clitest.SudokuEuler
	sudokuSeveral  = clitest.SudokuSeveral
	latin5         = clitest.Latin5
	// FlatZinc: Booleans, a 2-d output array, a constant in an output.
	fznOutputs = "var bool: b1;\nvar bool: b2;\nvar bool: b3;\nvar bool: b4;\n" +
		"array [1..4] of var bool: b :: output_array([1..2, 1..2]) = [b1, b2, b3, b4];\n" +
		"var 0..3: x :: output_var;\narray [1..2] of var int: c :: output_array([0..1]) = [x, 7];\n" +
		"constraint bool_clause([b[1], b[2]], [b[3]]);\nconstraint bool2int(b[4], x);\n" +
		"constraint array_bool_xor(b);\nsolve satisfy;\n"
	// FlatZinc optimisation: a knapsack of capacity 10, the best value 13.
	fznKnapsack = "array [1..4] of int: w = [5, 4, 6, 3];\narray [1..4] of int: v = [7, 5, 8, 4];\n" +
		"var bool: t1;\nvar bool: t2;\nvar bool: t3;\nvar bool: t4;\n" +
		"array [1..4] of var bool: take :: output_array([1..4]) = [t1, t2, t3, t4];\n" +
		"var 0..24: value :: output_var;\nconstraint bool_lin_le(w, take, 10);\n" +
		"constraint bool_lin_eq(v, take, value);\n" +
		"solve :: bool_search(take, input_order, indomain_min) maximize value;\n"
	// FlatZinc with no solution: two queens on a 2x2 board's diagonal.
	fznUnsat = "var 1..2: a :: output_var;\nvar 1..2: b :: output_var;\n" +
		"constraint int_ne(a, b);\nconstraint int_lin_ne([1, -1], [a, b], 1);\nconstraint int_lin_ne([1, -1], [a, b], -1);\nsolve satisfy;\n"
)

// goldenCase is one run of the command.
type goldenCase struct {
	Name  string   // the golden file's name, testdata/golden/NAME.golden
	args  []string // the command line after "csp"
	stdin string   // standard input, for FILE "-"
}

var goldenCases = []goldenCase{
	// help and usage
	{Name: "help", args: []string{"help"}},
	{Name: "help-flag", args: []string{"solve", "--help"}},
	{Name: "help-serve", args: []string{"help", "serve"}},
	{Name: "serve-help", args: []string{"serve", "--help"}},
	{Name: "serve-bad-timeout", args: []string{"serve", "--timeout", "0s"}},
	{Name: "serve-argument", args: []string{"serve", "sudoku"}},
	{Name: "no-arguments", args: nil},
	{Name: "unknown-subcommand", args: []string{"slove", "sudoku", "-"}},
	{Name: "flag-before-subcommand", args: []string{"--jobs", "1", "solve", "sudoku", "-"}},
	{Name: "unknown-problem", args: []string{"solve", "nonogram", "-"}},
	{Name: "missing-problem", args: []string{"count"}},
	{Name: "missing-file", args: []string{"solve", "sudoku", "testdata/golden/no-such-file.txt", "--jobs", "1"}},
	{Name: "directory-as-file", args: []string{"solve", "sudoku", "testdata/golden", "--jobs", "1"}},
	{Name: "check-directory", args: []string{"check", "skyscraper", "testdata/golden"}},
	{Name: "unknown-flag", args: []string{"solve", "sudoku", "--colour", "-"}},
	{Name: "bad-var", args: []string{"solve", "sudoku", "--var", "domwdg", "-"}, stdin: sudokuEuler},
	{Name: "bad-val", args: []string{"solve", "latin", "--val", "biggest", "-"}, stdin: latin5},
	{Name: "bad-visibility", args: []string{"solve", "skyscraper", "--visibility", "lne", "-"}, stdin: towersUnique},
	{Name: "bad-model", args: []string{"solve", "latin", "--model", "units", "-"}, stdin: latin5},
	{Name: "flag-of-another-problem", args: []string{"solve", "latin", "--visibility", "edge", "-"}, stdin: latin5},
	{Name: "bad-jobs", args: []string{"solve", "sudoku", "-", "--jobs", "10000000"}, stdin: sudokuEuler},
	{Name: "bad-max-memory", args: []string{"count", "latin", "-", "--max-memory", "2XB"}, stdin: latin5},

	// solve
	{Name: "solve-skyscraper-batch", args: []string{"solve", "skyscraper", "testdata/skyscraper_batch.txt", "--seed", "1", "--jobs", "1"}},
	{Name: "solve-towers", args: []string{"solve", "skyscraper", "testdata/bench/towers.txt", "--seed", "1", "--jobs", "1"}},
	{Name: "solve-towers-edge", args: []string{"solve", "skyscraper", "testdata/bench/towers.txt", "--visibility", "edge", "--seed", "1", "--jobs", "1"}},
	{Name: "solve-sudoku-stdin", args: []string{"solve", "sudoku", "-", "--seed", "1", "--jobs", "1"}, stdin: sudokuEuler},
	{Name: "solve-sudoku-json", args: []string{"solve", "sudoku", "testdata/sudoku_batch.txt", "--json", "--seed", "1", "--jobs", "1"}},
	{Name: "solve-latin-stats", args: []string{"solve", "latin", "-", "--stats", "--seed", "1", "--jobs", "1"}, stdin: latin5},
	// A square the local search completes first, and one it leaves some
	// clashes short when the node limit stops the search.
	{Name: "solve-latin-local", args: []string{"solve", "latin", "testdata/latin_local.txt", "--seed", "1", "--jobs", "1"}},
	{Name: "solve-latin-local-near", args: []string{"solve", "latin", "testdata/latin_near.txt", "--nodes", "600", "--stats", "--seed", "1", "--jobs", "1"}},
	{Name: "solve-futoshiki-batch", args: []string{"solve", "futoshiki", "../../../problems/futoshiki/testdata/batch.txt", "--seed", "1", "--jobs", "1"}},
	{Name: "solve-kenken", args: []string{"solve", "kenken", "-", "--seed", "1", "--jobs", "1"},
		stdin: "4:a_a_3a_a_a_b_a__,d2a7a6s2m12d2m2s2\n4:_aa_6ba_a4,a6d2s1m6a5s1m4\n"},
	{Name: "solve-unsatisfiable", args: []string{"solve", "skyscraper", "-", "--seed", "1", "--jobs", "1"}, stdin: towersNone},
	{Name: "solve-node-limit", args: []string{"solve", "sudoku", "testdata/sudoku_multiple.txt", "--nodes", "1", "--restarts", "none", "--seed", "1", "--jobs", "1"}},
	{Name: "solve-empty-input", args: []string{"solve", "sudoku", "-", "--jobs", "1"}, stdin: "# nothing but a comment\n"},

	// count
	{Name: "count-latin", args: []string{"count", "latin", "testdata/count.txt", "--seed", "1", "--jobs", "1"}},
	// --limit 1 on a square with 161,280 completions: one found, no verdict.
	{Name: "count-limit-one", args: []string{"count", "latin", "-", "--limit", "1", "--seed", "1", "--jobs", "1"},
		stdin: "5\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n"},
	{Name: "count-sudoku-limit", args: []string{"count", "sudoku", "testdata/sudoku_multiple.txt", "--limit", "2", "--seed", "1", "--jobs", "1"}},
	{Name: "count-towers-json", args: []string{"count", "skyscraper", "-", "--json", "--seed", "1", "--jobs", "1"}, stdin: towersUnique + towersMultiple},
	{Name: "count-bad-limit", args: []string{"count", "sudoku", "--limit", "-3", "-"}, stdin: sudokuEuler},

	// --order bfs: the same counts level by level, the frontier in the
	// statistics, its cap, and the flags it does not combine with.
	{Name: "count-bfs-stats", args: []string{"count", "skyscraper", "-", "--order", "bfs", "--stats", "--seed", "1", "--jobs", "1"},
		stdin: `{"size":4,"clues":[0,3,0,0,0,0,0,0,0,0,0,1,1,0,0,0]}` + "\n"},
	{Name: "solve-bfs-sudoku", args: []string{"solve", "sudoku", "-", "--order", "bfs", "--stats", "--seed", "1", "--jobs", "1"}, stdin: sudokuSeveral},
	{Name: "count-bfs-frontier", args: []string{"count", "latin", "-", "--order", "bfs", "--frontier", "4", "--seed", "1", "--jobs", "1"},
		stdin: "4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"},
	{Name: "count-bfs-restarts", args: []string{"count", "sudoku", "-", "--order", "bfs", "--restarts", "luby"}, stdin: sudokuEuler},
	{Name: "count-bfs-workers", args: []string{"count", "sudoku", "-", "--order", "bfs", "--workers", "2"}, stdin: sudokuEuler},
	{Name: "count-frontier-without-bfs", args: []string{"count", "sudoku", "-", "--frontier", "100"}, stdin: sudokuEuler},
	{Name: "count-bad-order", args: []string{"count", "sudoku", "-", "--order", "breadth"}, stdin: sudokuEuler},
	{Name: "check-order", args: []string{"check", "sudoku", "-", "--order", "bfs"}, stdin: sudokuEuler},

	// check: unique, multiple, none, malformed
	{Name: "check-unique", args: []string{"check", "skyscraper", "testdata/bench/towers.txt", "--seed", "1", "--jobs", "1"}},
	{Name: "check-multiple", args: []string{"check", "sudoku", "testdata/sudoku_multiple.txt", "--seed", "1", "--jobs", "1"}},
	{Name: "check-none", args: []string{"check", "skyscraper", "-", "--seed", "1", "--jobs", "1"}, stdin: towersNone},
	{Name: "check-none-json", args: []string{"check", "skyscraper", "-", "--json", "--seed", "1", "--jobs", "1"}, stdin: towersNone},
	{Name: "check-mixed-json", args: []string{"check", "skyscraper", "-", "--json", "--seed", "1", "--jobs", "1"},
		stdin: towersUnique + towersMultiple + towersBad + towersNone},
	{Name: "check-extra-argument", args: []string{"check", "sudoku", "-", "more"}},

	// grade
	{Name: "grade-towers", args: []string{"grade", "skyscraper", "testdata/bench/towers.txt", "--seed", "1", "--jobs", "1"}},
	{Name: "grade-sudoku-batch", args: []string{"grade", "sudoku", "testdata/sudoku_batch.txt", "--seed", "1", "--jobs", "1"}},
	// --up-to: graded with the levels up to it only; a puzzle they do not
	// finish is beyond it (exit 1), one they do keeps its grade.
	{Name: "grade-up-to", args: []string{"grade", "skyscraper", "-", "--up-to", "1", "--seed", "1", "--jobs", "1"}, stdin: towersUnique},
	{Name: "grade-up-to-above", args: []string{"grade", "skyscraper", "-", "--up-to", "clue filtering", "--seed", "1", "--jobs", "1"}, stdin: towersUnique},
	{Name: "grade-up-to-none", args: []string{"grade", "skyscraper", "-", "--up-to", "none", "--seed", "1", "--jobs", "1"}, stdin: towersUnique},
	{Name: "grade-up-to-json", args: []string{"grade", "skyscraper", "-", "--up-to", "2", "--json", "--seed", "1", "--jobs", "1"}, stdin: towersUnique + towersMultiple},
	{Name: "grade-json", args: []string{"grade", "latin", "-", "--json", "--seed", "1", "--jobs", "1"}, stdin: latin5},
	{Name: "grade-no-ladder", args: []string{"grade", "futoshiki", "../../../problems/futoshiki/testdata/batch.txt"}},
	{Name: "grade-bad-up-to", args: []string{"grade", "sudoku", "--up-to", "7", "-"}, stdin: sudokuEuler},

	// explain
	{Name: "explain-towers", args: []string{"explain", "skyscraper", "-", "--seed", "1", "--jobs", "1"}, stdin: towersUnique},
	{Name: "explain-sudoku-up-to-singles", args: []string{"explain", "sudoku", "-", "--up-to", "singles", "--seed", "1", "--jobs", "1"}, stdin: sudokuEuler},
	{Name: "explain-latin-json", args: []string{"explain", "latin", "-", "--json", "--seed", "1", "--jobs", "1"}, stdin: latin5},
	// Several solutions: the steps stop, search finishes one, and the
	// ending says it is one of several (exit 1).
	{Name: "explain-towers-several", args: []string{"explain", "skyscraper", "-", "--up-to", "clue bounds", "--seed", "1", "--jobs", "1"},
		stdin: `{"size":4,"clues":[0,3,0,0,0,0,0,0,0,0,0,1,1,0,0,0]}` + "\n"},
	{Name: "explain-none", args: []string{"explain", "skyscraper", "-", "--seed", "1", "--jobs", "1"}, stdin: towersNone},
	{Name: "explain-no-ladder", args: []string{"explain", "kenken", "-"}, stdin: "4:_aa_6ba_a4,a6d2s1m6a5s1m4\n"},

	// hint
	{Name: "hint-towers", args: []string{"hint", "skyscraper", "-", "--jobs", "1"}, stdin: towersUnique},
	{Name: "hint-sudoku-marks", args: []string{"hint", "sudoku", "--marks", "../../../problems/sudoku/testdata/marks.txt", "--jobs", "1"}},
	{Name: "hint-up-to-none", args: []string{"hint", "latin", "-", "--up-to", "none", "--jobs", "1"}, stdin: latin5},
	{Name: "hint-bad-up-to", args: []string{"hint", "skyscraper", "-", "--up-to", "everything"}, stdin: towersUnique},

	// marks
	{Name: "marks-towers", args: []string{"marks", "skyscraper", "-", "--jobs", "1"}, stdin: towersUnique},
	{Name: "marks-towers-up-to", args: []string{"marks", "skyscraper", "-", "--up-to", "clue bounds", "--jobs", "1"}, stdin: towersMultiple},
	{Name: "marks-sudoku-up-to-1", args: []string{"marks", "sudoku", "-", "--up-to", "1", "--jobs", "1"}, stdin: sudokuEuler},
	{Name: "marks-latin-json", args: []string{"marks", "latin", "-", "--json", "--jobs", "1"}, stdin: latin5},
	// Interior clues: marks carries them (a line after the bottom clues),
	// and hint --marks reads them back and reasons with them.
	{Name: "marks-towers-interior", args: []string{"marks", "skyscraper", "-", "--up-to", "1", "--jobs", "1"},
		stdin: `{"size":4,"clues":[0,3,0,0,0,0,0,0,0,0,0,1,1,0,0,0],"interior":[{"row":2,"col":2,"look":"down","count":1}]}` + "\n"},
	{Name: "hint-towers-interior-marks", args: []string{"hint", "skyscraper", "--marks", "-", "--jobs", "1"},
		stdin: "  . . . .\n. 1234 1234 1234 1234 .\n. 1234 1234 1234 1234 .\n. 1234 1234 1234 1234 .\n. 1234 1234 1234 1234 .\n  . . . .\ninterior r1c1 right 4\n"},
	{Name: "marks-no-ladder", args: []string{"marks", "futoshiki", "-"}, stdin: "4:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,\n"},

	// diagnose: no solution, several, unique
	{Name: "diagnose-none", args: []string{"diagnose", "skyscraper", "-", "--seed", "1", "--jobs", "1"}, stdin: towersNone},
	{Name: "diagnose-several", args: []string{"diagnose", "sudoku", "-", "--seed", "1", "--jobs", "1"}, stdin: sudokuSeveral},
	{Name: "diagnose-unique", args: []string{"diagnose", "skyscraper", "testdata/bench/towers.txt", "--seed", "1", "--jobs", "1"}},
	{Name: "diagnose-mixed", args: []string{"diagnose", "skyscraper", "-", "--seed", "1", "--jobs", "1"},
		stdin: towersUnique + towersMultiple + towersBad},
	{Name: "diagnose-missing-file", args: []string{"diagnose", "sudoku"}},

	// generate: each problem with a generator, and by difficulty
	{Name: "generate-futoshiki", args: []string{"generate", "futoshiki", "--size", "4", "--seed", "3", "-n", "2"}},
	{Name: "generate-latin", args: []string{"generate", "latin", "--size", "4", "--holes", "8", "--seed", "3", "-n", "2"}},
	{Name: "generate-skyscraper", args: []string{"generate", "skyscraper", "--size", "4", "--clues", "50", "--seed", "3", "-n", "2"}},
	{Name: "generate-sudoku", args: []string{"generate", "sudoku", "--size", "4", "--holes", "8", "--seed", "3", "-n", "2"}},
	{Name: "generate-skyscraper-difficulty", args: []string{"generate", "skyscraper", "--size", "4", "--difficulty", "clue bounds", "--seed", "1", "-n", "2"}},
	// Tatham's word for a level, and clues only.
	{Name: "generate-skyscraper-tatham", args: []string{"generate", "skyscraper", "--size", "4", "--difficulty", "hard", "--no-givens", "--seed", "1", "-n", "2"}},
	{Name: "generate-latin-difficulty", args: []string{"generate", "latin", "--size", "4", "--difficulty", "1", "--seed", "1", "--verbose"}},
	{Name: "generate-bad-difficulty", args: []string{"generate", "sudoku", "--size", "4", "--difficulty", "9"}},
	{Name: "generate-no-generator", args: []string{"generate", "kenken", "--size", "4"}},
	{Name: "generate-no-holes", args: []string{"generate", "latin", "--size", "4"}},
	{Name: "generate-no-size", args: []string{"generate", "sudoku", "--holes", "4"}},
	// Flags the generator would ignore, and seeds past 2^64-1.
	{Name: "generate-holes-skyscraper", args: []string{"generate", "skyscraper", "--size", "4", "--holes", "3"}},
	{Name: "generate-holes-difficulty", args: []string{"generate", "sudoku", "--size", "4", "--holes", "3", "--difficulty", "1"}},
	{Name: "generate-no-minimize-alone", args: []string{"generate", "latin", "--size", "4", "--holes", "3", "--no-minimize"}},
	{Name: "generate-seed-wraps", args: []string{"generate", "latin", "--size", "4", "--holes", "3", "--seed", "18446744073709551615", "-n", "2"}},

	// census
	{Name: "census", args: []string{"census", "skyscraper", "--size", "4", "--clues", "2", "--jobs", "1"}},
	{Name: "census-list", args: []string{"census", "skyscraper", "--size", "4", "--clues", "3", "--one-side", "--list", "--canonical", "--jobs", "1"}},
	{Name: "census-json", args: []string{"census", "skyscraper", "--size", "4", "--clues", "3", "--one-side", "--json", "--jobs", "1"}},
	{Name: "census-other-problem", args: []string{"census", "sudoku", "--size", "4", "--clues", "2"}},
	{Name: "census-no-size", args: []string{"census", "skyscraper", "--clues", "2"}},

	// clues: a full grid's clues, minimal and smallest sets, a board's
	// fewest clue sets; backbone; census --interior
	{Name: "clues-grid-interior", args: []string{"clues", "skyscraper", "-", "--interior"}, stdin: towersSolved},
	{Name: "clues-minimal", args: []string{"clues", "skyscraper", "-", "--minimal", "--seed", "2"}, stdin: towersSolved + "\n" + grid6},
	{Name: "clues-minimal-interior", args: []string{"clues", "skyscraper", "-", "--minimal", "--interior"}, stdin: grid4Open},
	{Name: "clues-smallest-list", args: []string{"clues", "skyscraper", "-", "--smallest", "--list", "--jobs", "1"}, stdin: towersSolved},
	{Name: "clues-smallest-6", args: []string{"clues", "skyscraper", "-", "--smallest", "--json"}, stdin: grid6},
	{Name: "clues-smallest-givens", args: []string{"clues", "skyscraper", "-", "--smallest"}, stdin: grid4Open},
	{Name: "clues-no-givens", args: []string{"clues", "skyscraper", "-", "--minimal", "--no-givens"}, stdin: grid4Open},
	{Name: "clues-diagonal", args: []string{"clues", "skyscraper", "-", "--list", "--jobs", "1"}, stdin: diagonal4},
	{Name: "clues-diagonal-one-side", args: []string{"clues", "skyscraper", "-", "--one-side", "--list", "--jobs", "1"}, stdin: diagonal4},
	{Name: "clues-board-json", args: []string{"clues", "skyscraper", "-", "--clues", "4", "--json", "--jobs", "1"}, stdin: diagonal4},
	{Name: "clues-board-too-big", args: []string{"clues", "skyscraper", "-"}, stdin: "6:///////////////////////,6zi\n"},
	{Name: "clues-bad-flags", args: []string{"clues", "skyscraper", "-", "--minimal", "--clues", "3"}, stdin: towersSolved},
	{Name: "clues-grid-list", args: []string{"clues", "skyscraper", "-", "--list"}, stdin: towersSolved},
	{Name: "backbone-towers", args: []string{"backbone", "skyscraper", "-"}, stdin: towers24},
	{Name: "backbone-json", args: []string{"backbone", "skyscraper", "-", "--json"}, stdin: towers24 + towersUnique},
	{Name: "backbone-limit", args: []string{"backbone", "skyscraper", "-", "--limit", "100"}, stdin: towersMultiple},
	{Name: "backbone-sudoku", args: []string{"backbone", "sudoku", "-"}, stdin: sudokuSeveral},
	{Name: "backbone-none", args: []string{"backbone", "skyscraper", "-"}, stdin: towersNone},
	{Name: "census-interior", args: []string{"census", "skyscraper", "--size", "4", "--clues", "4", "--interior", "--jobs", "1"}},

	// bench: the table, the CSV and the JSON records
	{Name: "bench-csv", args: []string{"bench", "--jobs", "1", "--csv", "-", "testdata/bench/towers.txt", "testdata/bench/bad-sudoku.txt"}},
	{Name: "bench-json", args: []string{"bench", "--jobs", "1", "--var", "mindom,domwdeg", "--json", "-", "testdata/bench/towers.txt"}},
	{Name: "bench-bad-var", args: []string{"bench", "--var", "domwdg", "testdata/bench/towers.txt"}},
	{Name: "bench-bad-var-in-list", args: []string{"bench", "--var", "mindom,domwdg", "testdata/bench/towers.txt"}},
	{Name: "bench-missing-file", args: []string{"bench", "--jobs", "1", "testdata/golden/no-such-file.txt"}},
	{Name: "bench-directory", args: []string{"bench", "--jobs", "1", "sudoku:testdata/golden"}},
	// bench on FlatZinc: a directory of *.fzn, one model that does not build
	{Name: "bench-fzn", args: []string{"bench", "--jobs", "1", "--var", "annotated,mindom", "--csv", "-", "fzn:testdata/fzn-bench"}},
	{Name: "bench-some-files-missing", args: []string{"bench", "--jobs", "1", "testdata/golden/no-such-file.txt", "testdata/bench/towers.txt"}},
	// bench: output files checked before the run, input read within bounds
	{Name: "bench-output-is-input", args: []string{"bench", "--json", "testdata/bench/towers.txt", "--force", "testdata/bench/towers.txt"}},
	{Name: "bench-output-exists", args: []string{"bench", "--csv", "testdata/bench/sudoku.txt", "testdata/bench/towers.txt"}},
	{Name: "bench-output-missing-folder", args: []string{"bench", "--plot", "testdata/no-such-folder/runs.svg", "testdata/bench/towers.txt"}},
	{Name: "bench-output-twice", args: []string{"bench", "--csv", "testdata/golden/runs.out", "--json", "testdata/bench/../golden/runs.out", "testdata/bench/towers.txt"}},
	{Name: "bench-max-instances", args: []string{"bench", "--jobs", "1", "--max-instances", "6", "testdata/bench/towers.txt", "testdata/bench/sudoku.txt"}},
	{Name: "bench-max-bytes", args: []string{"bench", "--jobs", "1", "--max-bytes", "1K", "sudoku:-"}, stdin: strings.Repeat(sudokuEuler, 13)},

	// fzn: MiniZinc's solver interface; first, all, -n, statistics
	{Name: "fzn-first", args: []string{"fzn", "testdata/fzn/queens6.fzn"}},
	{Name: "fzn-all-stats", args: []string{"fzn", "-a", "-s", "testdata/fzn/queens6.fzn"}},
	{Name: "fzn-n", args: []string{"fzn", "-n", "3", "testdata/fzn/queens6.fzn"}},
	{Name: "fzn-free", args: []string{"fzn", "-f", "-a", "testdata/fzn/queens6.fzn"}},
	{Name: "fzn-outputs", args: []string{"fzn", "-a", "-"}, stdin: fznOutputs},
	{Name: "fzn-unsat", args: []string{"fzn", "-"}, stdin: fznUnsat},
	// Optimisation: the best only, or every improving solution; -s gives the objective.
	{Name: "fzn-maximize", args: []string{"fzn", "-"}, stdin: fznKnapsack},
	{Name: "fzn-maximize-all-stats", args: []string{"fzn", "-a", "-s", "-"}, stdin: fznKnapsack},
	{Name: "fzn-usage", args: []string{"fzn"}},
	{Name: "fzn-help", args: []string{"fzn", "--help"}},
	// Bad FlatZinc: a clear error with the line and column, exit 1.
	{Name: "fzn-truncated", args: []string{"fzn", "-"}, stdin: "var 1..3: x;\nconstraint int_le(x, "},
	{Name: "fzn-unknown-constraint", args: []string{"fzn", "-"}, stdin: "var 1..3: x;\nconstraint int_frobnicate(x, 2);\nsolve satisfy;\n"},
	{Name: "fzn-set-variable", args: []string{"fzn", "-"}, stdin: "var set of 1..3: s;\nsolve satisfy;\n"},
	{Name: "fzn-float-variable", args: []string{"fzn", "-"}, stdin: "var 0.0..1.0: f;\nsolve satisfy;\n"},
	{Name: "fzn-out-of-range", args: []string{"fzn", "-"}, stdin: "var 1..3: x;\nconstraint int_le(x, 123456789012345678901);\nsolve satisfy;\n"},
	{Name: "fzn-wrong-arity", args: []string{"fzn", "-"}, stdin: "var 1..3: x;\nconstraint int_le(x);\nsolve satisfy;\n"},
	{Name: "fzn-unknown-name", args: []string{"fzn", "-"}, stdin: "var 1..3: x;\nconstraint int_le(x, y);\nsolve satisfy;\n"},
}

// dur is a duration as time.Duration.String prints it (rounded or not):
// 397µs, 1.09ms, 2.5s, 1m2.3s.
const dur = `(?:[0-9]+h)?(?:[0-9]+m)?[0-9]+(?:\.[0-9]+)?(?:ns|µs|ms|s)`

// goldenTimings rewrites what depends on the machine's speed, each rule
// matching only where the command prints a measurement. Nothing else is
// rewritten: counts of nodes, failures, propagations, attempts and steps
// stay, as they do not depend on the clock with --seed and --jobs 1.
var goldenTimings = []struct {
	re   *regexp.Regexp
	repl string
}{
	// Solve's status lines ("solved in 397µs"), generate --verbose
	// ("made in 11ms").
	{regexp.MustCompile(`\b(in|after) ` + dur + `\b`), "$1 TIME"},
	// The batch summary: four times and a rate; the guesses stay.
	{regexp.MustCompile(`(?m)^% time per instance: median ` + dur + `, p90 ` + dur + `, max ` + dur + `, mean ` + dur + `; [0-9]+ instances/s`),
		"% time per instance: median TIME, p90 TIME, max TIME, mean TIME; RATE instances/s"},
	// The census summary's wall time.
	{regexp.MustCompile(`(?m)^(% [0-9]+ Latin squares of order [0-9]+; )` + dur + `( with [0-9]+ jobs?)$`), "${1}TIME$2"},
	// Seconds in JSON records (solve --json, census --json, bench --json)
	// and in their statistics (solveTime, also a --stats line).
	{regexp.MustCompile(`"(time|solveTime)":[0-9.e+-]+`), `"$1":TIME`},
	{regexp.MustCompile(`(?m)^%%%mzn-stat: (initTime|solveTime|checkTime)=[0-9.e+-]+$`), "%%%mzn-stat: $1=TIME"},
	// A row of bench's table: median, mean, max and µs per instance; the
	// counts before them and guesses and no-search after them stay.
	{regexp.MustCompile(`(?m)^(.* [0-9]+/[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+) +` + dur + ` +` + dur + ` +` + dur + ` +[0-9.]+( +[0-9.]+ +[0-9]+%)$`),
		"$1  MEDIAN  MEAN  MAX  US/INST$2"},
	// Bench's paired time ratios (median, p10-p90); the count stays.
	{regexp.MustCompile(`(?m)^(  .+ )[0-9.]+x  \([0-9.]+x-[0-9.]+x, ([0-9]+ instances?)\)$`), "${1}Rx  (Rx-Rx, $2)"},
	// The time field of a bench CSV row (config, problem, file,
	// instance, line, status, time, ...).
	{regexp.MustCompile(`(?m)^([^,\n]*,[a-z]+,[^,\n]*,[0-9]+,[0-9]+,[a-z]+,)[0-9.e+-]+,`), "${1}TIME,"},
}

// normaliseTimings applies goldenTimings to s.
func normaliseTimings(s string) string {
	for _, r := range goldenTimings {
		s = r.re.ReplaceAllString(s, r.repl)
	}
	return s
}

// problemsSection is the usage text's list of the problems and their own
// flags, which TestHelpListsEveryProblem checks instead.
var problemsSection = regexp.MustCompile(`(?ms)^Problems:\n.*?\n\n`)

// normaliseCatalog keeps the golden files independent of which problems
// are registered, so that adding a puzzle touches nothing in cmd/: a list
// of two or more registered names ("futoshiki, latin, sudoku", as the
// messages and the usage text name the problems with a capability)
// becomes PROBLEM-LIST, and the usage text's Problems section one line.
func normaliseCatalog(s string) string {
	names := catalog.Names()
	for i, n := range names {
		names[i] = regexp.QuoteMeta(n)
	}
	one := `(?:` + strings.Join(names, "|") + `)`
	list := regexp.MustCompile(`\b` + one + `(?:, ` + one + `)+\b`)
	s = problemsSection.ReplaceAllString(s, "Problems:\n  (one block per registered problem)\n\n")
	return list.ReplaceAllString(s, "PROBLEM-LIST")
}

// goldenText is the golden file of one run: the command line, the input,
// then stdout, stderr and the exit status, each under its own header.
func goldenText(c goldenCase, stdout, stderr string, code int) string {
	var b strings.Builder
	b.WriteString(strings.TrimSpace("$ csp "+shellQuote(c.args)) + "\n")
	if c.stdin != "" {
		section(&b, "stdin", c.stdin)
	}
	section(&b, "stdout", normaliseCatalog(normaliseTimings(stdout)))
	section(&b, "stderr", normaliseCatalog(normaliseTimings(stderr)))
	fmt.Fprintf(&b, "-- exit --\n%d\n", code)
	return b.String()
}

// section writes a header and s; a missing final newline is marked, so
// the file stays readable and the difference still shows.
func section(b *strings.Builder, name, s string) {
	fmt.Fprintf(b, "-- %s --\n%s", name, s)
	if s != "" && !strings.HasSuffix(s, "\n") {
		b.WriteString("\n-- (no newline at the end of " + name + ") --\n")
	}
}

// shellQuote writes args as a shell would need them.
func shellQuote(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = a
		if a == "" || strings.ContainsAny(a, " \t'\"\\$*?;|&<>()#") {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

func TestGolden(t *testing.T) {
	clitest.OnPath(t, "csp-serve") // csp serve runs it
	seen := map[string]bool{}
	for _, c := range goldenCases {
		t.Run(c.Name, func(t *testing.T) {
			require.False(t, seen[c.Name], "two cases named %s", c.Name)
			seen[c.Name] = true
			var stdout, stderr bytes.Buffer
			code := Run(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
			got := goldenText(c, stdout.String(), stderr.String(), code)

			path := filepath.Join("testdata", "golden", c.Name+".golden")
			if *update {
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test ./cmd/internal/cli -run TestGolden -update to create it")
			assert.Equal(t, string(want), got, "%s (go test ./cmd/internal/cli -run TestGolden -update rewrites it)", path)
		})
	}
}

// Every subcommand has a golden case that succeeds and one that fails,
// so a refactor cannot drop one unseen. The exit status is read from the
// golden files, which TestGolden holds to the command's.
// TestHelpListsEveryProblem checks the part of the usage text the golden
// files leave out: every registered problem, its one-line doc, its models
// and each of its own flags.
func TestHelpListsEveryProblem(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 0, Run([]string{"help"}, strings.NewReader(""), &out, &errOut))
	help := problemsSection.FindString(out.String())
	require.NotEmpty(t, help)
	for _, name := range catalog.Names() {
		p, _ := catalog.Lookup(name)
		assert.Contains(t, help, fmt.Sprintf("  %-10s %s\n", name, p.Doc))
		if len(p.Models) > 0 {
			assert.Contains(t, help, "--model "+strings.Join(p.Models, "|"), name)
		}
		for _, f := range p.Flags {
			assert.Contains(t, help, "--"+f.Name+": "+f.Usage, name)
		}
	}
}

func TestGoldenCoversEverySubcommand(t *testing.T) {
	exitRE := regexp.MustCompile(`(?m)^-- exit --\n([0-9]+)\n\z`)
	ok, failed := map[string]bool{}, map[string]bool{}
	for _, c := range goldenCases {
		if len(c.args) == 0 {
			continue
		}
		b, err := os.ReadFile(filepath.Join("testdata", "golden", c.Name+".golden"))
		require.NoError(t, err)
		m := exitRE.FindSubmatch(b)
		require.NotNil(t, m, "%s: no exit status at the end", c.Name)
		if string(m[1]) == "0" {
			ok[c.args[0]] = true
		} else {
			failed[c.args[0]] = true
		}
	}
	for _, sub := range append(strings.Split(subcommands(), ", "), "help") {
		assert.True(t, ok[sub], "no golden case where %s succeeds", sub)
		if sub != "help" {
			assert.True(t, failed[sub], "no golden case where %s fails", sub)
		}
	}
}

// The timing rules rewrite measurements and nothing else.
func TestNormaliseTimings(t *testing.T) {
	cases := []struct{ in, want string }{
		{"% instance 1 (line 2): solved in 397µs (12 nodes, 3 failures)\n", "% instance 1 (line 2): solved in TIME (12 nodes, 3 failures)\n"},
		{"csp: generate: puzzle 1 of 2 made in 1m2.5s\n", "csp: generate: puzzle 1 of 2 made in TIME\n"},
		{"% instance 3 (line 3): solved in 27 steps without a guess\n", "% instance 3 (line 3): solved in 27 steps without a guess\n"},
		{"% time per instance: median 41.9µs, p90 159µs, max 1.2s, mean 100µs; 519 instances/s with 1 job; 3.50 guesses per instance\n",
			"% time per instance: median TIME, p90 TIME, max TIME, mean TIME; RATE instances/s with 1 job; 3.50 guesses per instance\n"},
		{"% 576 Latin squares of order 4; 3.97ms with 1 job\n", "% 576 Latin squares of order 4; TIME with 1 job\n"},
		{`{"instance":1,"stats":{"nodes":7,"solveTime":0.000893385},"time":1.5e-05}`, `{"instance":1,"stats":{"nodes":7,"solveTime":TIME},"time":TIME}`},
		{"%%%mzn-stat: solveTime=0.000053\n%%%mzn-stat: nodes=3\n", "%%%mzn-stat: solveTime=TIME\n%%%mzn-stat: nodes=3\n"},
		{"var=mindom      9/10       0       0      1    75.8µs    94.6µs     202µs       94.6       0.0     100%\n",
			"var=mindom      9/10       0       0      1  MEDIAN  MEAN  MAX  US/INST       0.0     100%\n"},
		{"  var=domwdeg   1.33x  (0.54x-220.07x, 9 instances)\n", "  var=domwdeg   Rx  (Rx-Rx, 9 instances)\n"},
		{"default,skyscraper,testdata/bench/towers.txt,1,1,solved,3.245e-05,0,0,70,0,0,1,\n",
			"default,skyscraper,testdata/bench/towers.txt,1,1,solved,TIME,0,0,70,0,0,1,\n"},
		{"config,problem,file,instance,line,status,time,nodes\n", "config,problem,file,instance,line,status,time,nodes\n"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			assert.Equal(t, c.want, normaliseTimings(c.in))
		})
	}
}
