// Package clitest holds what the tests of csp's commands (cmd/csp's
// cmd/internal/cli and cmd/csp-serve) share: small instances whose
// verdicts are known, and the companion commands built for a test.
package clitest

import (
	"os"
	"os/exec"
	"sync"
	"testing"
)

// Inline instances, for verdicts the repository's files do not hold in
// one small place.
const (
	// A 4x4 Towers puzzle with a unique solution (cmd/internal/cli/testdata/bench/towers.txt
	// has seven more).
	TowersUnique = "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1\n"
	// One clue only: 264 solutions.
	TowersMultiple = "4:2///////////////\n"
	// A clockwise clue list with no solution: the clue 1 below column 4
	// puts a 4 in r4c4, the clue 1 left of row 4 another in r4c1.
	TowersNone = "1,2,3,4,1,2,3,4,1,2,3,4,1,2,3,4\n"
	// A clue out of range: a malformed instance.
	TowersBad = "4:5/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1\n"
	// Project Euler 96, grid 1: unique, solved by singles alone.
	SudokuEuler = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
	// Two sudokus with 83 and 148 solutions (cmd/internal/cli/testdata/sudoku_multiple.txt,
	// 2 and 3; its first takes diagnose seconds).
	SudokuSeveral = "8.........95.......76.........428967...573412...691583.....4196....3.748...8..235\n" +
		"8.........95.......76.........426798...571432...893165....5.916...9.8247......583\n"
	// A 5x5 Latin square with a unique completion (cmd/internal/cli/testdata/batch.txt, 1).
	Latin5 = "5\n1 0 0 4 5\n0 3 0 0 0\n0 0 5 0 2\n0 0 0 2 1\n5 0 2 0 0\n"
)

// built holds the commands built for this test process, in one temporary
// folder, each built once.
var built struct {
	mu   sync.Mutex
	dir  string
	errs map[string]error
}

// OnPath builds the commands named (cmd/NAME of this module) once per test
// process and puts their folder first on PATH for the rest of the test, as
// go install puts them beside csp. Remove deletes the folder.
func OnPath(t *testing.T, names ...string) {
	t.Helper()
	built.mu.Lock()
	defer built.mu.Unlock()
	if built.dir == "" {
		dir, err := os.MkdirTemp("", "csp-commands-")
		if err != nil {
			t.Fatalf("a folder for the commands: %v", err)
		}
		built.dir, built.errs = dir, map[string]error{}
	}
	for _, name := range names {
		err, done := built.errs[name]
		if !done {
			out, berr := exec.Command("go", "build", "-o", built.dir, "github.com/cspgo/csp/cmd/"+name).CombinedOutput()
			if berr != nil {
				err = &exec.Error{Name: "go build cmd/" + name + ": " + string(out), Err: berr}
			}
			built.errs[name] = err
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", built.dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// Remove deletes what OnPath built (from TestMain, after the tests).
func Remove() {
	built.mu.Lock()
	defer built.mu.Unlock()
	if built.dir != "" {
		_ = os.RemoveAll(built.dir) // a temporary folder: nothing to lose
		built.dir = ""
	}
}
