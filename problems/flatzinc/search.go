package flatzinc

import (
	"fmt"
	"strconv"

	"github.com/cspgo/csp/csp"
)

// FreeSearch is the engine's own search, used for -f and when the solve
// item has no search annotation: dom/wdeg, smallest value first, random
// tie-breaking from a seed, Luby restarts (only when one solution is
// asked: the engine restarts only then).
var FreeSearch = csp.Options{Var: csp.DomWDeg, Val: csp.ValMin, Restarts: csp.Luby, RandomTies: true, Seed: 1}

// varSelects maps FlatZinc's variable choices onto the engine's; those
// missing fall back as note says.
var varSelects = map[string]struct {
	sel  csp.VarSelect
	note string
}{
	"input_order":      {csp.InputOrder, ""},
	"first_fail":       {csp.MinDomain, ""},
	"dom_w_deg":        {csp.DomWDeg, ""},
	"anti_first_fail":  {csp.InputOrder, "anti_first_fail: the engine has no largest-domain choice; input_order instead"},
	"smallest":         {csp.InputOrder, "smallest: the engine has no smallest-value choice; input_order instead"},
	"largest":          {csp.InputOrder, "largest: the engine has no largest-value choice; input_order instead"},
	"occurrence":       {csp.DomWDeg, "occurrence: the engine has no degree choice; dom_w_deg (whose weights start at the degree) instead"},
	"most_constrained": {csp.MinDomain, "most_constrained: first_fail without the degree tie-break"},
	"max_regret":       {csp.MinDomain, "max_regret: the engine has no regret choice; first_fail instead"},
}

// valSelects maps FlatZinc's value choices onto the engine's.
var valSelects = map[string]struct {
	sel  csp.ValSelect
	note string
}{
	"indomain_min":           {csp.ValMin, ""},
	"indomain":               {csp.ValMin, ""},
	"indomain_max":           {csp.ValMax, ""},
	"indomain_split":         {csp.ValSplit, ""},
	"indomain_random":        {csp.ValRandom, ""},
	"indomain_median":        {csp.ValMedian, ""},
	"indomain_middle":        {csp.ValSplit, "indomain_middle: indomain_split instead"},
	"indomain_reverse_split": {csp.ValReverseSplit, ""},
	"indomain_interval":      {csp.ValSplit, "indomain_interval: indomain_split instead"},
}

// search maps the solve item's annotations onto Problem.Search: each
// int_search or bool_search (alone or in a seq_search) is one phase of
// the engine's phased search (Options.Phases), in order, and a last phase
// takes every other variable (first_fail, smallest value), so that every
// output is assigned; restart annotations set the restart policy.
func (b *builder) search() error {
	p := b.p
	var phases []csp.Phase
	var walk func(a Expr) error
	walk = func(a Expr) error {
		switch {
		case a.Kind == Call && a.Str == "seq_search" && len(a.Elems) == 1 && a.Elems[0].Kind == ArrayLit:
			for _, x := range a.Elems[0].Elems {
				if err := walk(x); err != nil {
					return err
				}
			}
			return nil
		case a.Kind == Call && (a.Str == "int_search" || a.Str == "bool_search") && len(a.Elems) >= 3:
			xs, err := b.searchVars(a.Elems[0])
			if err != nil {
				return err
			}
			v, val := ident(a.Elems[1]), ident(a.Elems[2])
			vs, okv := varSelects[v]
			ws, okw := valSelects[val]
			if !okv {
				p.Notes = append(p.Notes, fmt.Sprintf("%s: unknown variable choice %q; first_fail instead", a.Pos, v))
				vs.sel = csp.MinDomain
			}
			if !okw {
				p.Notes = append(p.Notes, fmt.Sprintf("%s: unknown value choice %q; indomain_min instead", a.Pos, val))
				ws.sel = csp.ValMin
			}
			for _, n := range []string{vs.note, ws.note} {
				if n != "" {
					p.Notes = append(p.Notes, a.Pos.String()+": "+n)
				}
			}
			phases = append(phases, csp.Phase{Vars: xs, Var: vs.sel, Val: ws.sel})
			return nil
		case a.Kind == Call && a.Str == "restart_luby" && len(a.Elems) == 1:
			scale, err := b.constInt(a.Elems[0])
			if err != nil {
				return err
			}
			p.restart(csp.Luby, scale, 0)
			return nil
		case a.Kind == Call && a.Str == "restart_geometric" && len(a.Elems) == 2:
			scale, err := b.constInt(a.Elems[1])
			if err != nil {
				return err
			}
			growth, err := strconv.ParseFloat(a.Elems[0].String(), 64)
			if err != nil || growth <= 1 {
				p.Notes = append(p.Notes, fmt.Sprintf("%s: restart_geometric base %s: want a number above 1; 1.5 instead", a.Pos, a.Elems[0]))
				growth = 1.5
			}
			p.restart(csp.Geometric, scale, growth)
			return nil
		case a.Kind == Ident && a.Str == "restart_none":
			p.restartNone = true
			return nil
		}
		p.Notes = append(p.Notes, fmt.Sprintf("%s: annotation %s ignored (the engine has no counterpart)", a.Pos, clip(a.String())))
		return nil
	}
	for _, a := range b.fz.Solve.Anns {
		if err := walk(a); err != nil {
			return err
		}
	}
	if len(phases) == 0 {
		p.Search = FreeSearch
	} else {
		var order []csp.Var
		for _, ph := range phases {
			order = append(order, ph.Vars...)
		}
		if rest := missing(order, b.m); len(rest) > 0 {
			phases = append(phases, csp.Phase{Vars: rest, Var: csp.MinDomain, Val: csp.ValMin})
		}
		p.Search = csp.Options{Var: phases[0].Var, Val: phases[0].Val, Phases: phases}
	}
	p.Search.Restarts, p.Search.RestartBase, p.Search.RestartGrowth = p.restarts()
	return nil
}

// ident returns an annotation argument's name ("" if it has none).
func ident(e Expr) string {
	if e.Kind == Ident {
		return e.Str
	}
	return ""
}

// clip shortens a long annotation for a note.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// searchVars resolves the variables of a search annotation (constants
// are skipped: there is nothing to decide).
func (b *builder) searchVars(e Expr) ([]csp.Var, error) {
	ops, err := b.operands(e)
	if err != nil {
		return nil, err
	}
	var out []csp.Var
	for _, o := range ops {
		if o.IsVar {
			out = append(out, o.Var)
		}
	}
	return out, nil
}

// restart records a restart annotation.
func (p *Problem) restart(r csp.Restart, scale int64, growth float64) {
	p.restartSet = &restartAnn{r, max(scale, 1), growth}
}

// restartAnn is the solve item's restart annotation.
type restartAnn struct {
	policy csp.Restart
	scale  int64
	growth float64
}

// restarts is the restart policy to search with: the annotation's, none
// for restart_none, else the default of the chosen search (FreeSearch's
// when there is no search annotation, none with one).
func (p *Problem) restarts() (csp.Restart, int64, float64) {
	switch {
	case p.restartNone:
		return csp.NoRestarts, 0, 0
	case p.restartSet != nil:
		return p.restartSet.policy, p.restartSet.scale, p.restartSet.growth
	}
	return p.Search.Restarts, p.Search.RestartBase, p.Search.RestartGrowth
}
