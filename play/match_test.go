package play

import (
	"testing"

	"chimera/game"
)

// What a typed move names: the move written in full or in short first, then
// one written without its result ("Rh1-g1" for the fusion "Rh1-g1=M").
func TestMatchNamesOneMove(t *testing.T) {
	cases := []struct {
		variant, fen, typed, want string // want "" when not exactly one move
	}{
		{"bedlam", "", "Rh1-g1", "h1g1"},
		{"bedlam", "", "Rg1", "h1g1"},
		{"bedlam", "", "Ke1-f1", "e1f1"},
		{"bedlam", "", "e4", "e2e4"},
		// The knight may stay or become a Queen on c3 (metamorphosis): "Nc3"
		// is the knight's plain move, "Nb1-c3=Q" the other.
		{"bedlam", "4k3/8/8/8/8/8/b7/1N1QK3[] w - - 0 1", "Nc3", "b1c3"},
		{"bedlam", "4k3/8/8/8/8/8/b7/1N1QK3[] w - - 0 1", "Nb1-c3=Q", "b1c3q"},
		// "Be7" is the bishop's move, not the queen's bishop splitting off.
		{"assimilation", "rnbqk2r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3", "Be7", ""},
		{"assimilation", "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3", "Be7", "f8e7"},
		{"bedlam", "", "N", ""},
	}
	for _, c := range cases {
		v, _ := game.VariantByID(c.variant)
		fen := c.fen
		if fen == "" {
			fen = "startpos"
		}
		p, err := game.Parse(v, fen)
		if err != nil {
			t.Fatalf("%s %s: %v", c.variant, fen, err)
		}
		ms, exact := Match(p, c.typed)
		got := ""
		if exact {
			got = p.MoveString(ms[0])
		}
		if got != c.want {
			t.Errorf("%s %q in %s: %q (%d candidates), want %q", c.variant, c.typed, fen, got, len(ms), c.want)
		}
	}
}
