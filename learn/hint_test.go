package learn

import (
	"testing"

	"chimera/game"
)

// The hints mark the player's pieces the other side could capture.
func TestDangerSquares(t *testing.T) {
	cases := []struct {
		name, variant, fen string
		side               game.Color
		want               string
	}{
		{"an attacked knight", "assimilation", "4k3/8/8/8/3r4/8/3N4/4K3 w - - 0 1", game.White, "d2"},
		{"attacked by the other side's king, defended", "bedlam", "8/8/8/8/3k4/3N4/4K3/8[] w - - 0 1", game.White, "d3"},
		{"nothing attacked", "bedlam", "startpos", game.White, ""},
		{"Black's pieces", "assimilation", "4k3/8/8/8/3r4/8/2N5/4K3 w - - 0 1", game.Black, "d4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := game.Parse(mustVariant(t, c.variant), c.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := names(DangerSquares(p, c.side)); got != c.want {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
}
