package ai

import "chimera/game"

// tuning holds the search and evaluation choices that were measured per
// rule set (ai/README.md, "Strength"): a choice is on only where a match
// showed that it helps.
type tuning struct {
	terms *fullTerms // structural evaluation terms (full-size games)
	// values are the piece values (centipawns) that differ from the rule
	// set's defaults (eval.go), as fitted by the tuner (tune_test.go)
	values map[game.Kind]int
	// hand, when set, replaces handBonus: the extra value of a piece in
	// hand, percent
	hand *int
}

// tunings are keyed by the rule set's id; a rule set not listed gets the
// zero tuning (every choice off).
var tunings = map[string]tuning{
	// fitted by the tuner; 400 games at 20,000 nodes a move against the
	// defaults: 61.4% (README.md, "Strength")
	"bifold-halfgi": {values: map[game.Kind]int{game.HRook: 192, game.HBishop: 202, game.HQueen: 382, game.Horse: 96,
		game.Wazir: 1350, game.Ferz: 1276}, hand: ptr(0)},
	// bifold-halfgi's fitted values (its own fit lost: 43.8%); 200 games at
	// 20,000 nodes a move against the defaults: 60.0%
	"bifold-halfgi-weak": {values: map[game.Kind]int{game.HRook: 192, game.HBishop: 202, game.HQueen: 382, game.Horse: 96,
		game.Wazir: 1350, game.Ferz: 1276}, hand: ptr(0)},
	// chess's structural terms: 200 games at 25 ms a move, 62.0%
	"assimilation": {terms: &chessTerms},
	"chess":        {terms: &chessTerms},
}

func tuningOf(v *game.Variant) tuning { return tunings[v.ID] }

func ptr(n int) *int { return &n }
