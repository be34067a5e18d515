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
// tunings' only. It panics when pst is on for rule set id and pst.go has no
// boards for it: the switch would do nothing, and an A/B match of it would
// be two identical engines.
func experiment(id string, t *tuning) {
	switches := map[string]*bool{"see": &t.see, "hist": &t.hist, "lmr": &t.lmr, "seeo": &t.seeo, "pst": &t.pst}
	for _, f := range strings.Split(os.Getenv("CHIMERA_SEARCH"), ",") {
		k, v, _ := strings.Cut(f, "=")
		if sw := switches[k]; sw != nil {
			*sw = v != "0"
		}
	}
	if t.pst && fittedSquares[id] == nil {
		panic("CHIMERA_SEARCH: pst=1 in " + id + ", which has no fitted boards (fittedSquares, pst.go)")
	}
}
