//go:build experiment

package ai

import (
	"os"
	"strings"
)

// experiment applies the environment's CHIMERA_SEARCH (comma-separated
// name=1 or name=0) to t, over the rule set's own switches: built with
// -tags experiment, one binary plays with and without a switch in the A/B
// matches of README.md ("Issue 26"). Without the tag the switches are
// tunings' only. pst=0 drops the rule set's fitted boards and pst=1 keeps
// them; to try new boards, name them in tunings and play pst=1 against
// pst=0. pst=1 in a rule set without boards panics: the switch would do
// nothing, and an A/B match of it would be two identical engines. prune=0
// searches with baseFrontier; prune=1 keeps the rule set's frontier, or
// gives one without it pruneFrontier. terms=0 drops the rule set's fitted
// structural weights (structure.go's chessTerms instead) and terms=1 keeps
// them; like pst=1, terms=1 panics where there are none. steady=1 searches
// with steadyFrontier (over prune). sing=1 and seep=1 turn on singular
// extensions and the pruning of captures that lose by static exchange;
// caph=1 capture history.
func experiment(id string, t *tuning) {
	pst, prune, terms, steady := t.squares != nil, t.frontier != nil, t.terms != nil, false
	switches := map[string]*bool{"see": &t.see, "hist": &t.hist, "lmr": &t.lmr, "seeo": &t.seeo,
		"pst": &pst, "struct": &t.structure, "prune": &prune, "terms": &terms, "sing": &t.sing, "seep": &t.seep, "caph": &t.caph, "steady": &steady}
	for _, f := range strings.Split(os.Getenv("CHIMERA_SEARCH"), ",") {
		k, v, _ := strings.Cut(f, "=")
		if sw := switches[k]; sw != nil {
			*sw = v != "0"
		}
	}
	switch {
	case steady:
		t.frontier = &steadyFrontier
	case !prune:
		t.frontier = nil
	case t.frontier == nil:
		t.frontier = &pruneFrontier
	}
	switch {
	case !terms:
		t.terms = nil
	case t.terms == nil:
		panic("CHIMERA_SEARCH: terms=1 in " + id + ", which has no fitted terms in tunings (tuning.go)")
	}
	switch {
	case !pst:
		t.squares = nil
	case t.squares == nil:
		panic("CHIMERA_SEARCH: pst=1 in " + id + ", which has no boards in tunings (tuning.go)")
	}
}
