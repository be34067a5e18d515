package puzzle

import (
	"strings"
	"testing"

	"chimera/game"
)

// MoveThemes on small hand-made lines, one theme each (the opponent's move
// first, as in the data).
func TestMoveThemes(t *testing.T) {
	for _, c := range []struct {
		name, variant, position, moves, want string
	}{
		{"fusion", "bedlam", "4k3/8/8/8/8/1N6/8/R3K3[] b - - 0 1", "e8d8 b3a1", "oneMove fusion"},
		{"split", "bedlam", "4k3/8/8/8/8/8/8/M3K3[] b - - 0 1", "e8d8 a1a5/r", "oneMove split"},
		{"drop", "bedlam", "4k3/8/8/8/8/8/8/4K3[N] b - - 0 1", "e8d8 N@e5", "oneMove drop"},
		{"promotion", "bedlam", "4k3/P7/8/8/8/8/8/4K3[] b - - 0 1", "e8d7 a7a8r", "oneMove promotion"},
		{"assimilation", "assimilation", "4k3/8/8/3b4/8/4N3/8/4K3 b - - 0 1", "e8d8 e3d5", "oneMove assimilation"},
		{"fork", "assimilation", "r3k3/7p/8/1N6/8/8/8/4K3 b - - 0 1", "h7h6 b5c7", "oneMove fork"},
		{"no fork of defended cheaper pieces", "assimilation", "4k3/1p1p3p/2p5/8/1N6/8/8/4K3 b - - 0 1", "h7h6 b4a6", "oneMove"},
		{"two solver moves", "bedlam", "4k3/8/8/8/8/8/8/4K3[NN] b - - 0 1", "e8d8 N@e5 d8c8 N@e4", "short drop"},
		{"demotion", "bedlam", "3k4/8/8/n7/8/8/8/M3K3[] b - - 0 1", "d8e8 a1a5", "oneMove demotion"},
		{"metamorphosis", "bedlam", "3r2k1/8/8/8/3N4/8/8/4K3[] b - - 0 1", "g8f8 d4e6q", "oneMove metamorphosis"},
		{"capturing the defender", "assimilation", "4k3/7p/1b6/8/3n4/5N2/8/1R2K3 b - - 0 1", "h7h5 b1b6 e8e7 f3d4", "short assimilation capturingDefender"},
		{"sacrifice", "assimilation", "r3k3/7p/8/8/8/8/8/R3K3 b - - 0 1", "h7h5 a1a7 a8a7 e1e2", "short sacrifice"},
		{"unit formed", "bifold-halfgi", "4(wf)3/8/8/8/8/8/R7/R3(WF)3[] b - - 0 1", "e8d8/w a2a1", "oneMove unitFormed"},
		{"unit parted", "bifold-halfgi", "4(wf)3/8/8/8/8/8/8/(RR)3(WF)3[] b - - 0 1", "e8d8/w a1a3/r", "oneMove unitParted"},
		{"royal path", "bifold-halfgi", "4(wf)3/8/8/8/8/8/8/4(WR)3[] b - - 0 1", "e8d8/w e1e2", "oneMove royalPath"},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, err := game.VariantByID(c.variant)
			if err != nil {
				t.Fatal(err)
			}
			z := Puzzle{ID: "t", Position: c.position, Moves: strings.Fields(c.moves)}
			l, err := Replay(v, &z)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(MoveThemes(l), " "); got != c.want {
				t.Errorf("themes %q, want %q", got, c.want)
			}
		})
	}
}
