package ai

import (
	"testing"
	"time"

	"chimera/game"
)

// handSetPawns are the rule sets whose tuning names boards fitted in
// another rule set with other pawns: their pawns keep the hand-set terms
// (bifold-halfgi-weak plays with bifold-halfgi's boards, which were fitted
// with the full-size Pawn, not its weak pawns).
var handSetPawns = map[string]bool{"bifold-halfgi-weak": true}

// TestFittedSquaresCoverKinds checks that every rule set whose tuning names
// fitted boards has boards for every piece of its start position (but the
// pawns of handSetPawns, which must have none): chess's boards in the
// Bifold Halfgi family would silently leave its kinds with the hand-set
// terms.
func TestFittedSquaresCoverKinds(t *testing.T) {
	for id, tn := range tunings {
		if tn.squares == nil {
			continue
		}
		v, err := game.VariantByID(id)
		if err != nil {
			t.Fatal(err)
		}
		p := game.NewPosition(v)
		covered, pieces := 0, 0
		for sq := 0; sq < 64; sq++ {
			for _, x := range p.At(sq) {
				if x == game.NoPiece {
					continue
				}
				_, ok := tn.squares.term(x.Kind(), x.Color(), sq, 0)
				if x.Kind().IsPawn() && handSetPawns[id] {
					if ok {
						t.Errorf("%s: the boards cover its pawns (%v), listed in handSetPawns", id, x.Kind())
					}
					continue
				}
				pieces++
				if ok {
					covered++
				}
			}
		}
		if covered != pieces || pieces < 32 {
			t.Errorf("%s: the boards cover %d of the start position's %d pieces", id, covered, pieces)
		}
	}
}

// TestPlainLevelsKeepHandSetTerms checks that levels 1-3 evaluate as they
// did before issue 26's tuning, in every rule set: no fitted boards, and the
// structural terms only where the rule set's declaration has them at every
// level; levels 4-8 evaluate with their rule set's tuning.
func TestPlainLevelsKeepHandSetTerms(t *testing.T) {
	for _, id := range allVariants {
		v, _ := game.VariantByID(id)
		tn := tunings[id]
		e := NewEngine(1)
		for lvl := 1; lvl <= 8; lvl++ {
			cfg := LevelConfig(lvl, time.Second, 1)
			cfg.Limits = Limits{Depth: 1}
			e.Search(game.NewPosition(v), cfg)
			ev := e.s.ev
			wantSquares, wantTerms := tn.squares, v.Structure || tn.structure
			if lvl <= 3 {
				wantSquares, wantTerms = nil, v.Structure
			}
			if ev.squares != wantSquares || (ev.terms != nil) != wantTerms {
				t.Errorf("%s level %d: fitted boards %v, structural terms %v; want %v, %v",
					id, lvl, ev.squares != nil, ev.terms != nil, wantSquares != nil, wantTerms)
			}
		}
	}
}
