package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cspgo/csp/problems/flatzinc"
)

// fznSolverID is the solver's id in MiniZinc (minizinc --solver csp finds
// it by its name or id).
const fznSolverID = "org.cspgo.csp"

// fznInstall writes, into dir (default ~/.minizinc/solvers, where
// MiniZinc looks for a user's solvers), the solver configuration csp.msc,
// the solver library (csp/mznlib/, from the binary) and a launcher
// csp/fzn-csp that runs this binary's fzn subcommand. After it,
// `minizinc --solver csp model.mzn` runs csp.
func fznInstall(e env, dir string) int {
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			e.stderr.printf("csp fzn --install: no home directory (%v); name a directory\n", err)
			return 1
		}
		dir = filepath.Join(home, ".minizinc", "solvers")
	}
	self, err := os.Executable()
	if err == nil {
		self, err = filepath.EvalSymlinks(self)
	}
	if err != nil {
		e.stderr.printf("csp fzn --install: cannot find this program's path: %v\n", err)
		return 1
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		e.stderr.printf("csp fzn --install: %v\n", err)
		return 1
	}
	if err := writeFznInstall(dir, self); err != nil {
		e.stderr.printf("csp fzn --install: %v\n", err)
		return 1
	}
	e.stdout.printf("installed %s for MiniZinc: %s (library %s)\ntry: minizinc --solver csp model.mzn\n",
		fznSolverID, filepath.Join(dir, "csp.msc"), filepath.Join(dir, "csp", "mznlib"))
	return 0
}

// writeFznInstall writes the configuration, the library and the launcher
// of the binary self into dir.
func writeFznInstall(dir, self string) error {
	lib := filepath.Join(dir, "csp", "mznlib")
	if err := os.MkdirAll(lib, 0o755); err != nil {
		return err
	}
	files, err := fs.Glob(flatzinc.Library, "mznlib/*.mzn")
	if err != nil {
		return err
	}
	for _, name := range files {
		b, err := flatzinc.Library.ReadFile(name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(lib, filepath.Base(name)), b, 0o644); err != nil {
			return err
		}
	}
	launcher := filepath.Join(dir, "csp", "fzn-csp")
	script := fmt.Sprintf("#!/bin/sh\n# MiniZinc's launcher of csp (written by csp fzn --install)\nexec %s fzn \"$@\"\n", "'"+strings.ReplaceAll(self, "'", `'\''`)+"'")
	if err := os.WriteFile(launcher, []byte(script), 0o755); err != nil {
		return err
	}
	msc := map[string]any{
		"id":                 fznSolverID,
		"name":               "csp",
		"description":        "csp: a Go constraint solver (github.com/cspgo/csp)",
		"version":            "1.0",
		"mznlib":             lib,
		"executable":         launcher,
		"tags":               []string{"cp", "int"},
		"stdFlags":           []string{"-a", "-n", "-i", "-f", "-s", "-t", "-p", "-r"},
		"supportsMzn":        false,
		"supportsFzn":        true,
		"needsSolns2Out":     true,
		"needsMznExecutable": false,
		"needsStdlibDir":     false,
		"isGUIApplication":   false,
	}
	b, err := json.MarshalIndent(msc, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "csp.msc"), append(b, '\n'), 0o644)
}
