//go:build experiment

package ai

import (
	"os"
	"strings"

	"chimera/game"
)

// experiment applies the environment's CHIMERA_SEARCH (comma-separated
// name=1 or name=0) to t, over the rule set's own switches: built with
// -tags experiment, one binary plays with and without a switch in the A/B
// matches of README.md ("Issue 26"). Without the tag the switches are
// tunings' only. pst=0 drops the rule set's fitted boards; pst=1 keeps
// them, or gives a rule set without boards candidates' (candidateSquares).
func experiment(id string, t *tuning) {
	pst := t.squares != nil
	switches := map[string]*bool{"see": &t.see, "hist": &t.hist, "lmr": &t.lmr, "seeo": &t.seeo,
		"pst": &pst, "struct": &t.structure}
	for _, f := range strings.Split(os.Getenv("CHIMERA_SEARCH"), ",") {
		k, v, _ := strings.Cut(f, "=")
		if sw := switches[k]; sw != nil {
			*sw = v != "0"
		}
	}
	switch {
	case !pst:
		t.squares = nil
	case t.squares == nil:
		t.squares = candidateSquares(id)
	}
}

// candidateSquares are the boards pst=1 tries in rule set id: chess's in
// the full-size games, bifoldPawnsSquares in bifold-halfgi-pawns,
// bifoldSquares in the rest of the Bifold Halfgi family. It panics
// when they cover none of the rule set's kinds: the switch would do
// nothing, and an A/B match of it would be two identical engines.
func candidateSquares(id string) *pieceSquares {
	v, err := game.VariantByID(id)
	if err != nil {
		panic(err)
	}
	t := &chessSquares
	switch {
	case id == "bifold-halfgi-pawns":
		t = &bifoldPawnsSquares
	case v.Bifold:
		t = &bifoldSquares
	}
	for _, k := range v.Pieces {
		if len(t[k]) > 0 {
			return t
		}
	}
	panic("CHIMERA_SEARCH: pst=1 in " + id + ", whose kinds the candidate boards (pst.go) do not cover")
}
