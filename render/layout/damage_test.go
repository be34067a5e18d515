package layout

import (
	"testing"

	"chimera/render/model"
)

func TestChanged(t *testing.T) {
	l := Compute(Params{W: 800, H: 800 / Aspect(true, false), HasHands: true})
	a, _ := model.ParseBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w", false)
	a.HasHands = true
	// e2e4: two squares and their last-move tint; the turn moves to Black's hand.
	b, _ := model.ParseBoard("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b", false)
	b.HasHands = true
	b.LastFrom, b.LastTo = model.ParseSquare("e2"), model.ParseSquare("e4")
	got := l.Changed(&a, &b)
	want := []Rect{l.SquareArea(b.LastFrom, 0.02), l.SquareArea(b.LastTo, 0.02), l.Hands[0].Grow(2), l.Hands[1].Grow(2)}
	if len(got) != len(want) {
		t.Fatalf("changed %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("rect %d: %v, want %v", i, got[i], want[i])
		}
	}
	// The same board: nothing.
	if c := l.Changed(&b, &b); len(c) != 0 {
		t.Errorf("no change gave %v", c)
	}
	// A check glow reaches beyond its square; a capture into a hand marks that hand.
	c := b
	c.Check = model.ParseSquare("e8")
	c.Hands[1] = []model.HandItem{{Piece: 'p', Count: 1}}
	got = l.Changed(&b, &c)
	if len(got) != 2 || got[0] != l.SquareArea(c.Check, Glow) || got[1] != l.Hands[1].Grow(2) {
		t.Errorf("check and hand: %v", got)
	}
	var d Damage
	d.Add(got...)
	d.Add(Rect{})
	if full, rs := d.Take(); full || len(rs) != 2 {
		t.Errorf("take: %v %v", full, rs)
	}
	d.All()
	if full, rs := d.Take(); !full || rs != nil {
		t.Errorf("take all: %v %v", full, rs)
	}
	if full, rs := d.Take(); full || rs != nil {
		t.Error("take does not forget")
	}
}
