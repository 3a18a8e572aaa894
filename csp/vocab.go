package csp

import (
	"errors"
	"fmt"
	"slices"

	"github.com/cspgo/csp/internal/enum"
)

// The names of the search vocabulary, indexed by value. They are the
// public interface of the command line (--var, --val, --restarts, --save,
// --order),
// of bench's configuration names and of the documentation, so each list is
// spelled here once and everything else is made from it.
var (
	varSelectNames = enum.Names{"input", "mindom", "domwdeg", "maxsd", "activity", "literal"}
	valSelectNames = enum.Names{"min", "max", "split", "random", "density", "median", "reverse-split"}
	restartNames   = enum.Names{"none", "luby", "geometric", "glucose"}
	saveModeNames  = enum.Names{"copying", "trailing"}
	orderNames     = enum.Names{"dfs", "bfs"}
	learnNames     = enum.Names{"none", "nogoods", "clauses"}
)

// ErrUnknownName is matched (errors.Is) by every error of ParseVarSelect,
// ParseValSelect, ParseRestart, ParseSaveMode, ParseOrder and ParseLearn, so a caller can tell a
// bad name from other failures without reading the message.
var ErrUnknownName = errors.New("csp: unknown name")

// nameError is a name that is not in its enumeration. Its message names
// the value and every choice, so it can be shown to a user as it is.
type nameError struct {
	kind  string // what was being named, e.g. "variable order"
	value string
	names enum.Names
}

func (e *nameError) Error() string {
	return fmt.Sprintf("csp: unknown %s %q: want %s", e.kind, e.value, e.names.List())
}

func (e *nameError) Is(target error) bool { return target == ErrUnknownName }

// parseName returns the value named s in names, or a *nameError.
func parseName[T ~uint8](names enum.Names, kind, s string) (T, error) {
	if i, ok := names.Parse(s); ok {
		return T(i), nil
	}
	return 0, &nameError{kind, s, names}
}

// String returns the variable order's name: input, mindom, domwdeg,
// maxsd, activity or literal (VarSelect(n) for a value outside the list).
func (v VarSelect) String() string { return varSelectNames.Name("VarSelect", int(v)) }

// ParseVarSelect returns the variable order named s, one of
// VarSelectNames. Names are exact and case-sensitive; any other s gives an
// error matching ErrUnknownName that lists the choices.
func ParseVarSelect(s string) (VarSelect, error) {
	return parseName[VarSelect](varSelectNames, "variable order", s)
}

// VarSelectNames returns the names of the variable orders in value order
// (InputOrder first), for flags, usage text and documentation. The slice
// is the caller's own.
func VarSelectNames() []string { return slices.Clone(varSelectNames) }

// String returns the value order's name: min, max, split, random,
// density, median or reverse-split (ValSelect(n) for a value outside the
// list).
func (v ValSelect) String() string { return valSelectNames.Name("ValSelect", int(v)) }

// ParseValSelect returns the value order named s, one of ValSelectNames.
// Names are exact and case-sensitive; any other s gives an error matching
// ErrUnknownName that lists the choices.
func ParseValSelect(s string) (ValSelect, error) {
	return parseName[ValSelect](valSelectNames, "value order", s)
}

// ValSelectNames returns the names of the value orders in value order
// (ValMin first), for flags, usage text and documentation. The slice is the
// caller's own.
func ValSelectNames() []string { return slices.Clone(valSelectNames) }

// String returns the restart policy's name: none, luby or geometric
// (Restart(n) for a value outside the list).
func (r Restart) String() string { return restartNames.Name("Restart", int(r)) }

// ParseRestart returns the restart policy named s, one of RestartNames.
// Names are exact and case-sensitive; any other s gives an error matching
// ErrUnknownName that lists the choices.
func ParseRestart(s string) (Restart, error) {
	return parseName[Restart](restartNames, "restart policy", s)
}

// RestartNames returns the names of the restart policies in value order
// (NoRestarts first), for flags, usage text and documentation. The slice is
// the caller's own.
func RestartNames() []string { return slices.Clone(restartNames) }

// String returns the save mode's name: copying or trailing (SaveMode(n)
// for a value outside the list).
func (m SaveMode) String() string { return saveModeNames.Name("SaveMode", int(m)) }

// ParseSaveMode returns the save mode named s, one of SaveModeNames. Names
// are exact and case-sensitive; any other s gives an error matching
// ErrUnknownName that lists the choices.
func ParseSaveMode(s string) (SaveMode, error) {
	return parseName[SaveMode](saveModeNames, "save mode", s)
}

// SaveModeNames returns the names of the save modes in value order
// (Copying first), for flags, usage text and documentation. The slice is
// the caller's own.
func SaveModeNames() []string { return slices.Clone(saveModeNames) }

// String returns the search order's name: dfs or bfs (Order(n) for a
// value outside the list).
func (o Order) String() string { return orderNames.Name("Order", int(o)) }

// ParseOrder returns the search order named s, one of OrderNames. Names
// are exact and case-sensitive; any other s gives an error matching
// ErrUnknownName that lists the choices.
func ParseOrder(s string) (Order, error) {
	return parseName[Order](orderNames, "search order", s)
}

// OrderNames returns the names of the search orders in value order
// (DepthFirst first), for flags, usage text and documentation. The slice
// is the caller's own.
func OrderNames() []string { return slices.Clone(orderNames) }

// String returns the learning's name: none, nogoods or clauses (Learn(n)
// for a value outside the list).
func (l Learn) String() string { return learnNames.Name("Learn", int(l)) }

// ParseLearn returns the learning named s, one of LearnNames. Names are
// exact and case-sensitive; any other s gives an error matching
// ErrUnknownName that lists the choices.
func ParseLearn(s string) (Learn, error) {
	return parseName[Learn](learnNames, "learning", s)
}

// LearnNames returns the names of the learning modes in value order
// (LearnNone first), for flags, usage text and documentation. The slice
// is the caller's own.
func LearnNames() []string { return slices.Clone(learnNames) }
