package learn

import (
	"slices"
	"strings"
	"testing"

	"chimera/game"
)

func names(sqs []int) string {
	var out []string
	for _, s := range sqs {
		out = append(out, game.SquareName(s))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// Describe gives exactly the piece's legal moves and the other squares it
// covers, names it and says what it is made of; for the side not to move
// it gives the moves it would have.
func TestDescribe(t *testing.T) {
	cases := []struct {
		name, variant, fen, sq string
		slot                   int
		title, moves, covers   string
		text                   string // a part of the caption
	}{
		{"a Marshall", "bedlam", "4k3/8/8/8/8/8/8/1M2K3[] w - - 0 1", "b1", 0, "White Marshall on b1",
			"a1 a3 b2 b3 b4 b5 b6 b7 b8 c1 c3 d1 d2", "e1", "Rook + Knight"},
		{"a pinned knight covers but cannot move", "bedlam", "4r2k/8/8/8/8/8/4N3/4K3[] w - - 0 1", "e2", 0, "White Knight on e2",
			"", "c1 c3 d4 f4 g1 g3", "It can move to 0 squares"},
		{"the side not to move", "bedlam", "4r2k/8/8/8/8/8/4N3/4K3[] w - - 0 1", "e8", 0, "Black Rook on e8",
			"a8 b8 c8 d8 e2 e3 e4 e5 e6 e7 f8 g8", "h8", "if its side were to move"},
		{"a halfling in a pair", "bifold-halfgi", "(wf)7/8/8/8/8/8/8/(RB)5(WF)1[] w - - 0 1", "a1", 1, "White Halfling Bishop on a1",
			"a2 a3 a4 a5 b1 b2 c1 c3 d1 d4 e1 e5", "", "forms a unit"},
		{"a click beside a lone piece", "assimilation", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1", 1, "White King on e1",
			"d1 d2 e2 f1 f2", "", "royal"},
		{"its side cannot move: the other is in check", "bedlam", "4k3/8/8/8/8/8/8/4R1K1[] b - - 0 1", "e1", 0, "White Rook on e1",
			"", "a1 b1 c1 d1 e2 e3 e4 e5 e6 e7 e8 f1 g1", "Its side cannot move in this position"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, _ := game.VariantByID(c.variant)
			p, err := game.Parse(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := game.ParseSquare(c.sq)
			d, ok := Describe(p, s, c.slot)
			if !ok || d.Title != c.title || !strings.Contains(d.Text, c.text) {
				t.Fatalf("%v %+v", ok, d)
			}
			if got := names(d.Moves); got != c.moves {
				t.Errorf("moves %q, want %q", got, c.moves)
			}
			if got := names(d.Covers); got != c.covers {
				t.Errorf("covers %q, want %q", got, c.covers)
			}
			// The moves are the engine's legal moves from that square.
			if x := p.At(s)[c.slot]; x != game.NoPiece && x.Color() == p.Turn() && !v.Bifold {
				var want []int
				for _, m := range p.LegalMoves() {
					if !m.IsDrop() && m.From() == s && !slices.Contains(want, m.To()) {
						want = append(want, m.To())
					}
				}
				if names(want) != c.moves {
					t.Errorf("the engine's moves from %s: %v", c.sq, names(want))
				}
			}
		})
	}
	p := game.NewPosition(mustVariant(t, "bedlam"))
	for _, s := range []int{-1, 64, 28} {
		if _, ok := Describe(p, s, 0); ok {
			t.Errorf("square %d described", s)
		}
	}
	if _, ok := Describe(p, 12, 2); ok {
		t.Error("slot 2 described")
	}
}

func mustVariant(t *testing.T, id string) *game.Variant {
	t.Helper()
	v, err := game.VariantByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
