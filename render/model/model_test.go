package model

import "testing"

func TestParseBoard(t *testing.T) {
	b, ok := ParseBoard("(rr)(hh)(bb)(qq)(wf)(bb)(hh)(rr)/pppppppp/8/8/4(Rq)3/8/PPPPPPPP/(RR)(HH)(BB)(QQ)(WF)(BB)(HH)(RR)[QNnp] b KQkq - 0 1", true)
	if !ok {
		t.Fatal("parse failed")
	}
	if b.Cells[ParseSquare("e4")] != [2]Piece{'R', 'q'} || b.Cells[ParseSquare("e1")] != [2]Piece{'W', 'F'} {
		t.Errorf("cells e4 %v e1 %v", b.Cells[ParseSquare("e4")], b.Cells[ParseSquare("e1")])
	}
	if b.Turn != 1 || !b.HasHands || b.HandCount(0, 'Q') != 1 || b.HandCount(1, 'n') != 1 || b.HandIndex(1, 'P') != 1 {
		t.Errorf("turn %d hands %v", b.Turn, b.Hands)
	}
	if !b.Lone(ParseSquare("a2")) || b.Lone(ParseSquare("a1")) || b.Count(ParseSquare("e5")) != 0 {
		t.Error("Lone/Count wrong")
	}
	if _, ok := ParseBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w", false); ok {
		t.Error("seven ranks accepted")
	}
}

func TestPieceAndSquare(t *testing.T) {
	cases := []struct {
		p, up, low, flip Piece
		color            int
	}{{'K', 'K', 'k', 'k', 0}, {'q', 'Q', 'q', 'Q', 1}, {None, None, None, None, -1}}
	for _, c := range cases {
		if c.p.Upper() != c.up || c.p.Lower() != c.low || c.p.Flipped() != c.flip || c.p.Color() != c.color {
			t.Errorf("%q: %q %q %q %d", c.p, c.p.Upper(), c.p.Lower(), c.p.Flipped(), c.p.Color())
		}
	}
	for _, s := range []string{"a1", "h1", "a8", "h8", "e4"} {
		if ParseSquare(s).String() != s {
			t.Errorf("%s round trip", s)
		}
	}
	if ParseSquare("a1") != 0 || ParseSquare("h8") != 63 || ParseSquare("i1") != NoSquare {
		t.Error("square numbering")
	}
}
