package ai

import (
	"testing"
	"time"

	"chimera/game"
)

// TestFittedSquaresCoverKinds checks that every rule set whose tuning names
// fitted boards plays with the kinds they cover (the six chess kinds of the
// full-size games): in the Bifold Halfgi family they would silently keep
// the hand-set terms.
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
		covered := 0
		for sq := 0; sq < 64; sq++ {
			for _, x := range p.At(sq) {
				if _, ok := tn.squares.term(x.Kind(), x.Color(), sq, 0); x != 0 && ok {
					covered++
				}
			}
		}
		if covered != 32 {
			t.Errorf("%s: the boards cover %d of the start position's 32 pieces", id, covered)
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
