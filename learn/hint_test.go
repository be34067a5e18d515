package learn

import (
	"testing"

	"chimera/game"
)

// The hints mark the player's pieces the other side could capture: in
// Bedlam and Assimilation the attacked ones, in the Bifold games the ones a
// move of the other side would capture (a threatened piece may not be).
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
		// Bifold: threatened is not capturable. A lone rook that a lone
		// enemy rook reaches would only share its square with it.
		{"a lone piece threatened by a lone piece", "bifold-halfgi", "(wf)2r4/8/8/8/3R4/8/8/7(WF)[] w - - 0 1", game.White, ""},
		{"a unit threatened by a lone piece", "bifold-halfgi", "(wf)2r4/8/8/8/3(RB)4/8/8/7(WF)[] w - - 0 1", game.White, "d4"},
		{"a lone piece threatened by a unit", "bifold-halfgi", "(wf)2(rr)4/8/8/8/3R4/8/8/7(WF)[] w - - 0 1", game.White, "d4"},
		{"a pawn taken by a lone piece", "bifold-halfgi", "(wf)2r4/8/8/8/3P4/8/8/7(WF)[] w - - 0 1", game.White, "d4"},
		{"en passant, the other side to move", "bifold-halfgi", "(wf)7/8/8/8/3Pp3/8/8/7(WF)[] b - d3 0 1", game.White, "d4"},
		{"a weak pawn's partner does not make it a threat", "bifold-halfgi-weak", "(wf)7/8/8/8/4(rb)3/3(VR)4/8/7(WF)[] b - - 0 1", game.Black, ""},
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
