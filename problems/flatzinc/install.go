package flatzinc

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// SolverID is csp's id among MiniZinc's solvers (minizinc --solver csp
// finds it by its name, csp, or this id).
const SolverID = "org.cspgo.csp"

// Install writes into dir what MiniZinc needs to run csp: the solver
// configuration dir/csp.msc, the solver library dir/csp/mznlib/ (Library)
// and a launcher dir/csp/fzn-csp that runs "self fzn ARGS" (self: the
// path of the csp binary). With dir = ~/.minizinc/solvers, MiniZinc
// finds the solver by itself.
func Install(dir, self string) error {
	lib := filepath.Join(dir, "csp", "mznlib")
	if err := os.MkdirAll(lib, 0o755); err != nil {
		return err
	}
	files, err := fs.Glob(Library, "mznlib/*.mzn")
	if err != nil {
		return err
	}
	for _, name := range files {
		b, err := Library.ReadFile(name)
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
		"id":                 SolverID,
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
