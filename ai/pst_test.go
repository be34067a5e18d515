package ai

import (
	"testing"

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
