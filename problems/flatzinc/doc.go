// Package flatzinc reads FlatZinc, the low-level language MiniZinc
// compiles models to, builds a csp.Model from it, checks solutions and
// writes them in the form MiniZinc expects: the back end of `csp fzn`,
// which makes csp a MiniZinc solver.
//
//	m, err := flatzinc.Read(in)          // *Error with line and column when malformed
//	p, err := flatzinc.Build(ctx, m)     // the csp model, its outputs and objective
//
// Read takes FlatZinc 2 as MiniZinc 2.6 writes it (the reference
// manual's FlatZinc specification): predicate declarations, parameters
// and arrays of int, bool and set of int literals, var int (unbounded,
// a range or a set), var bool, arrays of variables, variables defined
// by an expression, annotations, and the solve item. Floats and set
// variables are refused with ErrUnsupported at their place. The input is
// read line by line under Limits, so a hostile file costs an error, not
// the machine's memory.
//
// The package registers FlatZinc with the catalog as a language
// (catalog.Language, named fzn): csp fzn and csp bench drive it from
// there, through problems/all, and import nothing of it. Stream, WriteStatus
// and Problem.WriteStats write a run's output as MiniZinc reads it.
package flatzinc
