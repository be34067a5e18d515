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
// tunings' only.
func experiment(t *tuning) {
	for _, f := range strings.Split(os.Getenv("CHIMERA_SEARCH"), ",") {
		k, v, _ := strings.Cut(f, "=")
		on := v != "0"
		switch k {
		case "see":
			t.see = on
		case "hist":
			t.hist = on
		case "lmr":
			t.lmr = on
		case "prune":
			t.prune = on
		case "qtt":
			t.qtt = on
		case "nmp":
			t.nmp = on
		case "badr":
			t.badr = on
		case "seeo":
			t.seeo = on
		}
	}
}
