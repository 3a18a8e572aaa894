package catalog

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cspgo/csp/csp"
	"github.com/cspgo/csp/internal/enum"
)

// Flag is one of a problem's own flags. Its text reaches the problem's
// Options through Settings.Flag, which parses it once (see ParseFlag).
type Flag struct {
	Name     string
	Usage    string   // one line, after the flag's name in the usage text
	Default  string   // the value when not given
	Bool     bool     // a switch: --name means --name=true
	Generate bool     // a flag of generate, else of solve, count and the authors' tools
	Choices  []string // the values it takes, when they are a list (for the usage text)
}

// Settings are what the command line hands a problem: the shared flags,
// typed, and the text of the problem's own flags.
type Settings struct {
	Model  string // one of Info.Models, or "" for the default
	Search csp.Options
	Limit  int64 // count: stop at this many solutions (0: no cap)
	// Generate: the side of the grid and the cells left empty (-1: not
	// given).
	Size, Holes int64
	// Given reports whether a flag was on the command line (nil: none
	// was; see Gave).
	Given func(flag string) bool
	flags map[string]string
	opts  any // the problem's options, made by Entry.Configure
}

// Gave reports whether the command line gave flag.
func (s *Settings) Gave(flag string) bool { return s.Given != nil && s.Given(flag) }

// Flag returns the text of one of the problem's own flags: what the
// command line gave, else the flag's default. Unknown names give "".
func (s *Settings) Flag(name string) string { return s.flags[name] }

// SetFlag sets the text of a problem flag, as the command line does.
func (s *Settings) SetFlag(name, value string) {
	if s.flags == nil {
		s.flags = map[string]string{}
	}
	s.flags[name] = value
	s.opts = nil
}

// Run returns the search side of s for a worker with cache c.
func (s *Settings) Run(c *Cache) Run {
	if c == nil {
		c = &Cache{}
	}
	return Run{Search: s.Search, Limit: s.Limit, Cache: c}
}

// FlagError says a flag's value is not one it takes: the command line
// reports it as a usage error before anything runs.
type FlagError struct {
	Flag  string // the flag's name, without dashes
	Value string // the value given
	Want  string // what it takes: "edge, bounds, gac or line"
}

func (e *FlagError) Error() string {
	return fmt.Sprintf("invalid value %q for flag -%s: want %s", e.Value, e.Flag, e.Want)
}

// ParseFlag parses the text of flag name in s with parse. A parse error
// becomes a *FlagError whose Want is the error's text, so parse functions
// say what they take ("want edge, bounds, gac or line").
func ParseFlag[T any](s *Settings, name string, parse func(string) (T, error)) (T, error) {
	v := s.Flag(name)
	t, err := parse(v)
	if err != nil {
		var fe *FlagError
		if errors.As(err, &fe) {
			return t, err
		}
		return t, &FlagError{Flag: name, Value: v, Want: strings.TrimPrefix(err.Error(), "want ")}
	}
	return t, nil
}

// ParseBool parses "true" or "false" (and the other spellings of
// strconv.ParseBool).
func ParseBool(v string) (bool, error) {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, errors.New("true or false")
	}
	return b, nil
}

// ParseRange returns a parser of whole numbers from lo to hi.
func ParseRange(lo, hi int) func(string) (int, error) {
	return func(v string) (int, error) {
		k, err := strconv.Atoi(v)
		if err != nil || k < lo || k > hi {
			return 0, fmt.Errorf("a whole number from %d to %d", lo, hi)
		}
		return k, nil
	}
}

// ParseDuration parses a duration of at least zero, such as 30s.
func ParseDuration(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, errors.New("a duration such as 30s")
	}
	return d, nil
}

// ParseChoice returns a parser of one of choices, as the index of the
// choice made.
func ParseChoice(choices []string) func(string) (int, error) {
	return func(v string) (int, error) {
		if i, ok := enum.Names(choices).Parse(v); ok {
			return i, nil
		}
		return 0, errors.New(List(choices))
	}
}

// List returns names as "a, b or c", for the messages of every problem
// and of the command line.
func List(names []string) string { return enum.Names(names).List() }

// Alias is another name --difficulty takes for a level of the ladder, such
// as the word of a well-known game's own levels ("hard" for Tatham's).
type Alias struct {
	Name  string
	Level int // an index of the ladder's levels, or len(levels) for search
}

// MakeFlags are the generate flags of a problem whose generator makes
// puzzles for people (one solution, a grade, minimal): --difficulty names
// a level of the ladder (or gives its number from 1, or "search", or one
// of aliases), --no-minimize keeps removable clues, --time-limit bounds
// the work per puzzle, --attempts the full grids tried.
func MakeFlags(levels []string, aliases ...Alias) []Flag {
	choices := append(append([]string(nil), levels...), "search")
	usage := "make unique, minimal puzzles graded at this level: " + strings.Join(choices, ", ") + " (or its number from 1)"
	if len(aliases) > 0 {
		words := make([]string, len(aliases))
		for i, a := range aliases {
			words[i] = a.Name + " = " + LevelName(levels, a.Level)
			choices = append(choices, a.Name)
		}
		usage += "; or " + strings.Join(words, ", ")
	}
	return []Flag{
		{Name: "difficulty", Generate: true, Choices: choices, Usage: usage},
		{Name: "no-minimize", Generate: true, Bool: true, Default: "false", Usage: "with --difficulty: keep clues that could go"},
		{Name: "attempts", Generate: true, Default: "0", Usage: "with --difficulty: the most full grids tried per puzzle (0: no cap)"},
		{Name: "time-limit", Generate: true, Default: "60s", Usage: "with --difficulty: the time allowed per puzzle (0s: none)"},
	}
}

// MakeRequest is what the flags of MakeFlags ask for; On is false when
// --difficulty was not given (the problem's benchmark generator then
// runs).
type MakeRequest struct {
	On       bool
	Level    int
	Minimize bool
	Limit    time.Duration
	Attempts int
}

// ParseMake reads the flags of MakeFlags, with the same aliases.
// --no-minimize and --attempts without --difficulty are errors: the
// benchmark generator would ignore them. (--time-limit is not: a caller
// may bound every generator alike.)
func ParseMake(s *Settings, levels []string, aliases ...Alias) (MakeRequest, error) {
	var req MakeRequest
	noMin, err1 := ParseFlag(s, "no-minimize", ParseBool)
	attempts, err2 := ParseFlag(s, "attempts", ParseRange(0, 1<<30))
	if err := errors.Join(err1, err2); err != nil {
		return req, err
	}
	if s.Flag("difficulty") == "" {
		for _, f := range []struct {
			name string
			on   bool
		}{{"no-minimize", noMin}, {"attempts", attempts != 0}} {
			if f.on {
				return req, &FlagError{Flag: f.name, Value: s.Flag(f.name), Want: "it only with --difficulty (the benchmark generator neither minimises nor retries)"}
			}
		}
		return req, nil
	}
	var errs [2]error
	req.On, req.Minimize, req.Attempts = true, !noMin, attempts
	req.Level, errs[0] = ParseFlag(s, "difficulty", func(v string) (int, error) {
		for _, a := range aliases {
			if a.Name == v {
				return a.Level, nil
			}
		}
		k, err := ParseLevel(levels, v)
		if err != nil {
			if len(aliases) == 0 {
				return 0, fmt.Errorf("%s, search, or 1..%d", strings.Join(levels, ", "), len(levels)+1)
			}
			names := make([]string, len(aliases))
			for i, a := range aliases {
				names[i] = a.Name
			}
			return 0, fmt.Errorf("%s, search, 1..%d, or one of %s", strings.Join(levels, ", "), len(levels)+1, strings.Join(names, ", "))
		}
		return k, nil
	})
	req.Limit, errs[1] = ParseFlag(s, "time-limit", ParseDuration)
	return req, errors.Join(errs[:]...)
}

// ParseModel returns the index in models of the model s names: "" is the
// first, the default. A name not in models is a *FlagError.
func ParseModel(s *Settings, models []string) (int, error) {
	if s.Model == "" {
		return 0, nil
	}
	if i, ok := enum.Names(models).Parse(s.Model); ok {
		return i, nil
	}
	return 0, &FlagError{Flag: "model", Value: s.Model, Want: List(models)}
}
